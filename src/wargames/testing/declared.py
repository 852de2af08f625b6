"""Hypothesis strategies over a game's declared options: every value its ``Options`` fields
declare (:mod:`wargames.core.options`), edge values first.

>>> from wargames.testing import option_values, options
>>> strategy = options("sabot", build_points=60)      # games loaded with drawn map, decoys, ...
>>> values = option_values("saw")                     # keyword arguments for wargames.load

Each option is drawn from its bounds: a number from ``low`` to ``high`` (``low``, ``high``,
the default and ``None`` if optional among the edges), a flag either way, each choice, each
built-in table, each example a text or custom option gives (free text when a text option
names no examples); a field declared without the helpers keeps its default.  A game named
with variants draws the variant too.  Draws shrink towards the defaults.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from hypothesis import reject
from hypothesis import strategies as st

from wargames.core.errors import UnknownGame, UnknownOption
from wargames.core.game import Game
from wargames.core.options import (
    ChoiceBounds,
    CustomBounds,
    FlagBounds,
    NumberBounds,
    TableBounds,
    TextBounds,
    bounds,
)
from wargames.core.registry import games, variants

__all__ = ["option_values", "options", "value_strategy"]

_FREE_TEXT = 40
"""The longest free text drawn for a text option that names no examples."""

GameSpec = type[Game[Any, Any]] | str
"""A game class, or a game's registered name (whose variants are drawn too)."""


def _distinct(values: Sequence[Any]) -> list[Any]:
    """``values`` without repeats (by ``==``: examples may be unhashable), in order."""
    kept: list[Any] = []
    for value in values:
        if not any(type(value) is type(k) and value == k for k in kept):
            kept.append(value)
    return kept


def value_strategy(attribute: attrs.Attribute[Any]) -> st.SearchStrategy[Any]:
    """The values option ``attribute`` declares, its default first (so failures shrink to
    it), then its edges, then (for a number) any whole number within its bounds."""
    default = attribute.default
    declared = bounds(attribute)
    none = [None] if getattr(declared, "optional", False) else []
    if isinstance(declared, NumberBounds):
        edges = _distinct([default, declared.low, declared.high, *none])
        return st.one_of(
            st.sampled_from(edges), st.integers(min_value=declared.low, max_value=declared.high)
        )
    if isinstance(declared, FlagBounds):
        return st.sampled_from(_distinct([default, not default]))
    if isinstance(declared, ChoiceBounds):
        return st.sampled_from(_distinct([default, *declared.choices, *none]))
    if isinstance(declared, TableBounds):
        return st.sampled_from(_distinct([default, *declared.builtins]))
    if isinstance(declared, CustomBounds):
        return st.sampled_from(_distinct([default, *declared.examples]))
    if isinstance(declared, TextBounds):
        known = st.sampled_from(_distinct([default, *declared.examples, *none]))
        if declared.examples:
            return known
        return st.one_of(known, st.text(max_size=min(declared.max_length, _FREE_TEXT)))
    return st.just(default)


def _resolve(game: object) -> tuple[str | None, dict[str | None, type[Game[Any, Any]]]]:
    """The registered name (None for a class given itself) and the classes to draw from, by
    variant code (None: the class alone)."""
    if isinstance(game, str):
        found = games().get(game.lower())
        if found is None:
            raise UnknownGame(f"no game named {game!r}; available: {', '.join(sorted(games()))}")
        offered: dict[str | None, type[Game[Any, Any]]] = dict(variants(found).items())
        return game.lower(), offered or {None: found}
    if isinstance(game, type) and issubclass(game, Game):
        return None, {None: game}
    raise TypeError(f"expected a wargames Game class or a registered game's name, got {game!r}")


def _fixed(
    name: str | None, classes: Mapping[str | None, type[Game[Any, Any]]], fixed: dict[str, Any]
) -> dict[str, st.SearchStrategy[Any]]:
    """``fixed`` as strategies, each checked now: a declared option (or ``variant`` of a
    named game with variants), a plain value the game's options accept."""
    declared = {a.name for cls in classes.values() for a in attrs.fields(cls.Options)}
    if name is not None and None not in classes:
        declared.add("variant")
    unknown = sorted(set(fixed) - declared)
    if unknown:
        shown = ", ".join(sorted(declared)) or "none"
        raise UnknownOption(f"no option {', '.join(unknown)}; the options are: {shown}")
    plain = {k: v for k, v in fixed.items() if not isinstance(v, st.SearchStrategy)}
    chosen = list(classes.values())
    if "variant" in plain:  # as load reads it: in any case, then the class's own code
        codes = {str(code).lower(): code for code in classes}
        code = codes.get(str(plain.pop("variant")).lower())
        if code is None:
            shown = ", ".join(map(str, classes))
            raise UnknownOption(f"no variant {fixed['variant']!r}; the variants are: {shown}")
        fixed = {**fixed, "variant": code}
        chosen = [classes[code]]
    for cls in chosen:
        cls.Options(**plain)  # raises UnknownOption for a value out of bounds
    return {k: v if isinstance(v, st.SearchStrategy) else st.just(v) for k, v in fixed.items()}


def option_values(game: GameSpec, /, **fixed: Any) -> st.SearchStrategy[dict[str, Any]]:
    """Keyword arguments for ``wargames.load(name, **values)`` (or ``cls(**values)`` for a
    class), each option drawn from its declared bounds (see the module).  ``fixed`` pins an
    option to a value or draws it from a strategy of your own.  A named game with variants
    gets a ``variant`` too.  A drawn set lies within each option's bounds; the game may still
    refuse the combination (:class:`~wargames.core.errors.UnknownOption`), which
    :func:`options` skips and a test of refusals wants.

    :raises UnknownGame: for a name nobody registered (at once, not when drawn).
    :raises UnknownOption: for a fixed option the game does not declare or a value it refuses.
    :raises TypeError: for anything else than a game class or name.
    """
    name, classes = _resolve(game)
    pinned = _fixed(name, classes, fixed)
    variant = pinned.pop("variant", None)

    def of(code: str | None) -> st.SearchStrategy[dict[str, Any]]:
        fields = {a.name: value_strategy(a) for a in attrs.fields(classes[code].Options)}
        drawn = st.fixed_dictionaries({**fields, **pinned})
        return drawn if code is None else drawn.map(lambda values: {"variant": code, **values})

    codes = variant if variant is not None else st.sampled_from(list(classes))
    return codes.flatmap(of)


def options(game: GameSpec, /, **fixed: Any) -> st.SearchStrategy[Game[Any, Any]]:
    """Games loaded with options drawn as :func:`option_values` draws them; an option set
    the game refuses (:class:`~wargames.core.errors.UnknownOption`) is skipped, so a game
    that refuses most of what it declares fails hypothesis's filter health check.

    :raises UnknownGame: for a name nobody registered (at once, not when drawn).
    :raises UnknownOption: for a fixed option the game does not declare or a value it refuses.
    :raises TypeError: for anything else than a game class or name.
    """
    values = option_values(game, **fixed)
    _, classes = _resolve(game)

    def load(drawn: dict[str, Any]) -> Game[Any, Any]:
        chosen = dict(drawn)
        cls = classes[chosen.pop("variant", None)]
        try:
            return cls(**chosen)
        except UnknownOption:
            reject()

    return values.map(load)
