"""Typed, bounded game options: every value checked where it comes in, with a clear error.

A game's ``Options`` is a frozen attrs class; its fields are declared with the helpers here,
so a bad value (from ``load``, a JSON document or a replay file) is refused at once with an
:class:`~wargames.core.errors.UnknownOption` naming the option, the value and what is allowed,
and no value can make a game hang or run out of memory (every number has bounds)::

    @frozen
    class MyOptions:
        players: int = number(2, low=2, high=8)
        turn_limit: int | None = number(100, low=1, high=10_000, optional=True)
        fog: bool = flag(False)
        map: str = choice("arena", ("arena", "ruins"))

Each helper also files the option's bounds as data (:func:`bounds`: :class:`NumberBounds`,
:class:`FlagBounds`, ...), so tools can walk every value a game declares
(:func:`wargames.testing.options` draws from them, edge values first).  An option the game
checks with its own code (:func:`custom`) gives examples of values it accepts instead.

Options hold plain JSON-like data (numbers, text, booleans, tuples), so a game's options
travel in documents and come back equal.  A file (a unit table, a scenario) is read only when
the caller's own code passes a :class:`pathlib.Path` (:func:`table`): a document can only
ever name a built-in table or carry the table itself as text, never a path to open.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any, Final

from attrs import Attribute, field, frozen

from wargames.core.errors import UnknownOption, excerpt

__all__ = [
    "ABOUT",
    "ALLOWED",
    "BOUNDS",
    "SAID",
    "Bounds",
    "ChoiceBounds",
    "CustomBounds",
    "FlagBounds",
    "NumberBounds",
    "TableBounds",
    "TextBounds",
    "about",
    "allowed",
    "bounds",
    "choice",
    "custom",
    "flag",
    "number",
    "offered",
    "said",
    "table",
    "text",
]

ALLOWED: Final = "wargames.allowed"
"""The attrs metadata key under which an option says what it allows (shown by ``wargames
games`` and in errors)."""

_MAX_TEXT: Final = 10_000
"""No text option is longer (a map drawn as text is the longest the built-in games take)."""
_MAX_TABLE_BYTES: Final = 1_000_000
"""No table file read for an option is bigger."""


ABOUT: Final = "wargames.about"
"""The attrs metadata key under which a declared keyword keeps its one-line description (the
set-up keywords of ``Game.start`` have one: ``wargames games`` and the web lobby show it)."""
SAID: Final = "wargames.said"
"""The attrs metadata key under which a declared keyword keeps each value's words for people
(``{False: "set up your own army", ...}``: the web lobby offers the values by these)."""

BOUNDS: Final = "wargames.bounds"
"""The attrs metadata key under which an option keeps its bounds as data (:func:`bounds`)."""


@frozen
class NumberBounds:
    """A whole number from ``low`` to ``high``; ``None`` too if ``optional``."""

    low: int
    high: int
    optional: bool = False


@frozen
class FlagBounds:
    """True or false."""


@frozen
class ChoiceBounds:
    """One of ``choices``; ``None`` too if ``optional``."""

    choices: tuple[str, ...]
    optional: bool = False


@frozen
class TextBounds:
    """Text of at most ``max_length`` characters (``None`` too if ``optional``); the game may
    refuse text that names nothing it knows.  ``examples`` are texts it accepts."""

    max_length: int
    optional: bool = False
    examples: tuple[str, ...] = ()


@frozen
class TableBounds:
    """A built-in table's name (one of ``builtins``) or a table as TOML text."""

    builtins: tuple[str, ...]


@frozen
class CustomBounds:
    """An option the game checks with its own code; ``examples`` are values it accepts (its
    edge values among them), for tools that try each."""

    examples: tuple[Any, ...]


Bounds = NumberBounds | FlagBounds | ChoiceBounds | TextBounds | TableBounds | CustomBounds
"""What an option declares it takes, as data."""


def allowed(attribute: Attribute[Any]) -> str:
    """What the option ``attribute`` allows, in words (``""`` if it does not say)."""
    return str(attribute.metadata.get(ALLOWED, ""))


def about(attribute: Attribute[Any]) -> str:
    """The one-line description of the keyword ``attribute`` (``""`` if it has none)."""
    return str(attribute.metadata.get(ABOUT, ""))


def said(attribute: Attribute[Any]) -> dict[Any, str]:
    """Each value of the keyword ``attribute`` with its words for people (empty if it gives
    none)."""
    return dict(attribute.metadata.get(SAID, {}))


def offered(attribute: Attribute[Any]) -> tuple[Any, ...]:
    """The values of the keyword ``attribute`` one may pick from a list (a flag's true and
    false, a choice's choices, its default first); ``()`` for one typed as free text or
    JSON."""
    declared = bounds(attribute)
    if isinstance(declared, FlagBounds):
        values: tuple[Any, ...] = (True, False)
    elif isinstance(declared, ChoiceBounds):
        values = declared.choices + ((None,) if declared.optional else ())
    else:
        return ()
    return (attribute.default, *(v for v in values if v != attribute.default))


def _described(about: str, said: Mapping[Any, str] | None) -> dict[str, Any]:
    """The metadata of a keyword's description and its values' words, where given."""
    return {ABOUT: about} | ({SAID: dict(said)} if said else {})


def bounds(attribute: Attribute[Any]) -> Bounds | None:
    """What the option ``attribute`` takes, as data (``None`` for a field declared without
    the helpers here)."""
    found = attribute.metadata.get(BOUNDS)
    return found if isinstance(found, Bounds) else None


def _refuse(attribute: Attribute[Any], value: object, what: str) -> UnknownOption:
    return UnknownOption(
        f"option {attribute.name}={excerpt(value)} is not allowed: expected {what}"
    )


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def number(default: int | None, *, low: int, high: int, optional: bool = False) -> Any:
    """A whole-number option from ``low`` to ``high`` (``None`` too if ``optional``)."""
    what = f"a whole number from {low} to {high}" + (", or null" if optional else "")

    def check(_: object, attribute: Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        if not _is_whole(value) or not low <= value <= high:  # type: ignore[operator]
            raise _refuse(attribute, value, what)

    return field(
        default=default,
        validator=check,
        metadata={ALLOWED: what, BOUNDS: NumberBounds(low, high, optional)},
    )


def flag(default: bool, *, about: str = "", said: Mapping[bool, str] | None = None) -> Any:
    """A true-or-false option (``1`` or ``"yes"`` is not a boolean); ``about`` describes it in
    a line and ``said`` words each value for people (both for set-up keywords)."""
    what = "true or false"

    def check(_: object, attribute: Attribute[Any], value: object) -> None:
        if not isinstance(value, bool):
            raise _refuse(attribute, value, what)

    metadata = {ALLOWED: what, BOUNDS: FlagBounds(), **_described(about, said)}
    return field(default=default, validator=check, metadata=metadata)


def choice(
    default: str | None,
    choices: Collection[str],
    *,
    optional: bool = False,
    about: str = "",
    said: Mapping[str, str] | None = None,
) -> Any:
    """An option that is one of ``choices`` (``None`` too if ``optional``); ``about`` and
    ``said`` as for :func:`flag`."""
    what = "one of " + ", ".join(repr(c) for c in choices) + (", or null" if optional else "")

    def check(_: object, attribute: Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        if not isinstance(value, str) or value not in choices:
            raise _refuse(attribute, value, what)

    declared = ChoiceBounds(tuple(choices), optional)
    metadata = {ALLOWED: what, BOUNDS: declared, **_described(about, said)}
    return field(default=default, validator=check, metadata=metadata)


def text(
    default: str | None,
    *,
    what: str = "text",
    max_length: int = _MAX_TEXT,
    optional: bool = False,
    examples: Collection[str] = (),
) -> Any:
    """A text option of at most ``max_length`` characters (``None`` too if ``optional``);
    ``what`` says what it names; ``examples`` are texts the game accepts (the built-in
    names a game looks the text up in), for tools that try each."""
    described = f"{what} (at most {max_length} characters)" + (", or null" if optional else "")

    def check(_: object, attribute: Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        if not isinstance(value, str) or len(value) > max_length:
            raise _refuse(attribute, value, described)

    declared = TextBounds(max_length, optional, tuple(examples))
    return field(default=default, validator=check, metadata={ALLOWED: described, BOUNDS: declared})


def table(
    default: str, *, builtins: Collection[str], parse: Callable[[str], object], what: str
) -> Any:
    """An option naming a table (a unit table, a scenario): a built-in table's name, or the
    table itself as TOML text.  The caller's own code may pass a :class:`pathlib.Path`
    instead: the file is read here, once, and its text is what the options keep (so documents
    carry the table itself).  ``parse`` turns TOML text into the game's table, raising
    ``ValueError`` (or ``KeyError``, ``TypeError``) for a bad one; ``what`` names the table.

    Text is never taken for a path, so a document cannot make the library open a file.
    """
    names = ", ".join(repr(n) for n in builtins)
    described = f"a built-in {what} ({names}), a {what} as TOML text, or a pathlib.Path"

    def convert(value: object) -> object:
        return _read_text(Path(value)) if isinstance(value, os.PathLike) else value

    def check(_: object, attribute: Attribute[Any], value: object) -> None:
        if not isinstance(value, str) or len(value) > _MAX_TABLE_BYTES:
            raise _refuse(attribute, value, described)
        if value in builtins:
            return
        try:
            parse(value)
        except (KeyError, TypeError, ValueError) as error:
            raise _refuse(attribute, value, f"{described}; as TOML: {error}") from error

    return field(
        default=default,
        converter=convert,
        validator=check,
        metadata={ALLOWED: described, BOUNDS: TableBounds(tuple(builtins))},
    )


def custom(
    default: Any,
    *,
    what: str,
    examples: Collection[Any],
    validator: Callable[[Any, Attribute[Any], Any], None] | None = None,
    converter: Callable[[Any], Any] | None = None,
    about: str = "",
) -> Any:
    """An option the game checks with its own ``validator`` or ``converter`` (raising
    :class:`~wargames.core.errors.UnknownOption` or ``ValueError`` for a bad value);
    ``what`` says what it takes, in words, and ``examples`` are values it accepts (its edge
    values among them: the smallest, the largest, each kind), for tools that try each;
    ``about`` as for :func:`flag`."""
    return field(
        default=default,
        validator=validator,
        converter=converter,
        metadata={ALLOWED: what, BOUNDS: CustomBounds(tuple(examples)), **_described(about, None)},
    )


def _read_text(path: Path) -> str:
    """The text of a file named by the caller's own code, refused if unreadable or too big."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(_MAX_TABLE_BYTES + 1)
    except OSError as error:
        raise UnknownOption(f"cannot read {path}: {error.strerror or error}") from error
    if len(raw) > _MAX_TABLE_BYTES:
        raise UnknownOption(f"{path} is bigger than {_MAX_TABLE_BYTES} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnknownOption(f"{path} is not UTF-8 text: {error}") from error
