"""States, actions and replays to and from JSON, through one cattrs converter per game.

Every document is an envelope naming the game, its variant and options, so
``loads(text)`` can rebuild the game from the registry on its own::

    {"wargames": 2, "game": "sabotage", "variant": "SR", "options": {},
     "kind": "state" | "view" | "action" | "replay", "data": {...}}

Actions and events are tagged with their class name (``"type": "Move"``).  A view (a state
as one player may see it) is written like a state with ``{"?": "hidden"}`` wherever a secret
was (:mod:`wargames.core.redacted`); the chance stream is written as its key and counter in a
state and is always hidden in a view.  A replay records its seed, or for a game started
without one, its key (``"key": "<hex>"``).  Anything that is not valid JSON, names an unknown
game, or does not fit the game's types raises
:class:`~wargames.core.errors.SerializationError`, never a bare ``KeyError``.

Format 2 is the format of wargames 0.2, whose chance stream is keyed BLAKE2b; format 1
documents (wargames 0.1, SplitMix64 chance) are refused with an error saying so, since their
seeds no longer give the same games.
"""

from __future__ import annotations

import functools
import hashlib
import json
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.preconf.json import make_converter

from wargames.core.errors import (
    EXCERPT,
    DocumentOptionError,
    SerializationError,
    UnknownOption,
    WargamesError,
    excerpt,
    shorten,
)
from wargames.core.events import Event, EventLog
from wargames.core.game import Action, Game, State
from wargames.core.hidden import is_hidden
from wargames.core.redacted import TAG, RedactedJson
from wargames.core.replay import Replay
from wargames.core.rng import KEY_BYTES, Rng, Seed

__all__ = [
    "FORMAT_VERSION",
    "converter_for",
    "digest",
    "dumps",
    "is_view",
    "loads",
    "register_tagged",
    "to_data",
]

FORMAT_VERSION: Final = 2

T = TypeVar("T")


def register_tagged(
    converter: cattrs.Converter, base: type, classes: tuple[type, ...]
) -> dict[str, type]:
    """Register tagged-union hooks so that fields typed ``base`` hold any of ``classes``;
    return the classes by name."""
    by_name = {cls.__name__: cls for cls in classes}
    if len(by_name) != len(classes):
        raise ValueError(f"{base.__name__} classes must have distinct names: {classes}")
    unstructurers: dict[type, Callable[[Any], dict[str, Any]]] = {
        cls: make_dict_unstructure_fn(cls, converter) for cls in classes
    }
    structurers: dict[str, Callable[[Any, Any], Any]] = {
        name: make_dict_structure_fn(cls, converter) for name, cls in by_name.items()
    }

    def unstructure(value: Any) -> dict[str, Any]:
        fn = unstructurers.get(type(value))
        if fn is None:
            raise SerializationError(f"{type(value).__name__} is not a known {base.__name__}")
        return {TAG: type(value).__name__, **fn(value)}

    def structure(data: Any, _: type) -> Any:
        if not isinstance(data, dict) or data.get(TAG) not in structurers:
            known = ", ".join(by_name)
            raise SerializationError(
                f"expected a {base.__name__} tagged one of {known}: {excerpt(data)}"
            )
        fields = {k: v for k, v in data.items() if k != TAG}
        return structurers[data[TAG]](fields, by_name[data[TAG]])

    converter.register_unstructure_hook(base, unstructure)
    converter.register_structure_hook(base, structure)
    return by_name


def _rng_data(rng: Rng) -> dict[str, Any]:
    data: dict[str, Any] = {"key": rng.key.hex(), "counter": rng.counter}
    if rng.forced:
        data["forced"] = list(rng.forced)
    return data


def _rng(data: Any, _: type) -> Rng:
    if not isinstance(data, dict) or not {"key", "counter"} <= set(data) <= _RNG_KEYS:
        raise SerializationError(f"a chance stream is a key and a counter, not {excerpt(data)}")
    counter = data["counter"]
    forced = data.get("forced", [])
    numbers = [counter, *forced] if isinstance(forced, list) else [None]
    if not all(_is_count(n) for n in numbers):
        raise SerializationError(f"a chance stream's counts are whole numbers, not {excerpt(data)}")
    return Rng(_key(data["key"]), counter, tuple(forced))


_RNG_KEYS: Final = frozenset({"key", "counter", "forced"})


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _LARGEST


def _key(text: Any) -> bytes:
    """The key written as ``text`` (hexadecimal)."""
    try:
        key = bytes.fromhex(text)
    except (TypeError, ValueError):
        key = b""
    if len(key) != KEY_BYTES:
        raise SerializationError(f"a key is {KEY_BYTES} bytes in hexadecimal, not {excerpt(text)}")
    return key


_LARGEST: Final = 2**63 - 1
"""No whole number in a document is larger (or smaller than its negative)."""


def _whole(data: Any, _: Any) -> int:
    if isinstance(data, bool) or not isinstance(data, int) or abs(data) > _LARGEST:
        raise SerializationError(f"expected a whole number, got {excerpt(data)}")
    return data


def _text(data: Any, _: Any) -> str:
    if not isinstance(data, str):
        raise SerializationError(f"expected text, got {excerpt(data)}")
    return data


def _truth(data: Any, _: Any) -> bool:
    if not isinstance(data, bool):
        raise SerializationError(f"expected true or false, got {excerpt(data)}")
    return data


def _real(data: Any, _: Any) -> float:
    if isinstance(data, bool) or not isinstance(data, int | float):
        raise SerializationError(f"expected a number, got {excerpt(data)}")
    return float(data)


def _is_collection(type_: Any) -> bool:
    return typing.get_origin(type_) in (tuple, frozenset, list, set)


def _strict_collection(converter: cattrs.Converter, type_: Any) -> Callable[[Any, Any], Any]:
    """Structure a tuple, list or set only from a JSON list (cattrs takes any iterable: the
    text ``"abc"`` would become three letters), element by element."""
    origin = typing.get_origin(type_)
    args = typing.get_args(type_)
    fixed = origin is tuple and not (len(args) == 2 and args[1] is Ellipsis)
    element = args[0] if args else Any

    def structure(data: Any, _: Any) -> Any:
        if not isinstance(data, list):
            raise SerializationError(f"expected a list, got {excerpt(data)}")
        if fixed:
            if len(data) != len(args):
                raise SerializationError(f"expected a list of {len(args)}, got {excerpt(data)}")
            return tuple(converter.structure(d, t) for d, t in zip(data, args, strict=True))
        items = [converter.structure(d, element) for d in data]
        return origin(items)

    return structure


@functools.cache
def _codec(game_cls: type[Game[Any, Any]]) -> RedactedJson:
    """The converter for a game class's states, actions and events, wrapped to write views
    too (built once per class).  It is strict: a whole number is a JSON integer (``1.5`` or
    ``true`` is refused, not rounded), text is a string, a tuple a list."""
    converter = make_converter()
    for type_, hook in ((int, _whole), (str, _text), (bool, _truth), (float, _real)):
        converter.register_structure_hook(type_, hook)
    converter.register_structure_hook_factory(
        _is_collection, lambda type_: _strict_collection(converter, type_)
    )
    # Sets become sorted lists, so a state's JSON (and digest) is the same in every process.
    converter.register_unstructure_hook_factory(
        _is_set, lambda type_: _sorted_list(converter, type_)
    )
    tagged = {
        Action: register_tagged(converter, Action, game_cls.action_types),
        Event: register_tagged(converter, Event, game_cls.event_types),
    }
    converter.register_unstructure_hook(
        EventLog, lambda log: [converter.unstructure(event, Event) for event in log]
    )
    converter.register_structure_hook(
        EventLog, lambda data, _: EventLog(converter.structure(e, Event) for e in data)
    )
    converter.register_unstructure_hook(Rng, _rng_data)
    converter.register_structure_hook(Rng, _rng)
    return RedactedJson(converter, tagged)


def converter_for(game_cls: type[Game[Any, Any]]) -> cattrs.Converter:
    """The cattrs converter for a game class's states, actions and events (built once per
    class); views go through :mod:`wargames.core.redacted` around it."""
    return _codec(game_cls).converter


def _is_set(type_: Any) -> bool:
    return getattr(type_, "__origin__", type_) in (frozenset, set)


def _sorted_list(converter: cattrs.Converter, type_: Any) -> Callable[[Any], list[Any]]:
    args = getattr(type_, "__args__", None)
    element = args[0] if args else Any

    def unstructure(values: Any) -> list[Any]:
        items = [converter.unstructure(v, element) for v in values]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))

    return unstructure


def _seed_data(seed: Seed) -> dict[str, Any]:
    return {"key": seed.hex()} if isinstance(seed, bytes) else {"seed": seed}


def _seed(data: dict[str, Any]) -> Seed:
    if "key" in data:
        return _key(data["key"])
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise SerializationError(f"a replay's seed is a whole number or text, not {excerpt(seed)}")
    return seed


def is_view(value: object) -> bool:
    """Whether ``value`` is a view (a state as a player sees it): its chance is hidden."""
    return isinstance(value, State) and is_hidden(value.rng)


def to_data(game: Game[Any, Any], value: State | Action | Replay) -> dict[str, Any]:
    """The JSON-ready envelope of a state, view, action or replay of ``game``."""
    codec = _codec(type(game))
    converter = codec.converter
    if is_view(value):
        kind, data = "view", codec.unstructure(value, type(value))
    elif isinstance(value, State):
        kind, data = "state", converter.unstructure(value, type(value))
    elif isinstance(value, Action):
        kind, data = "action", converter.unstructure(value, Action)
    elif isinstance(value, Replay):
        kind = "replay"
        data = {
            **_seed_data(value.seed),
            "setup": value.setup,
            "actions": [converter.unstructure(a, Action) for a in value.actions],
        }
    else:
        raise SerializationError(f"cannot serialise {type(value).__name__}")
    return {
        "wargames": FORMAT_VERSION,
        "game": game.name,
        "variant": game.variant,
        "options": game.option_values(),
        "kind": kind,
        "data": data,
    }


def dumps(
    game: Game[Any, Any], value: State | Action | Replay, *, indent: int | None = None
) -> str:
    """``value`` as a JSON document (see the module docs for the envelope).

    :raises SerializationError: if ``value`` holds something JSON cannot express.
    """
    try:
        return json.dumps(to_data(game, value), indent=indent, sort_keys=True)
    except (TypeError, ValueError) as error:
        if isinstance(error, WargamesError):
            raise
        raise SerializationError(f"cannot serialise {type(value).__name__}: {error}") from error


def loads(text: str | bytes, game: Game[Any, Any] | None = None) -> Any:
    """The state, action or replay in a JSON document made by :func:`dumps`.

    Without ``game``, the game is rebuilt from the envelope through the registry.

    :raises SerializationError: for malformed JSON, an unknown game or data of the wrong shape.
    """
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:  # bad JSON, bad encoding, too deeply nested
        raise SerializationError(f"not JSON: {error}") from error
    return _guarded(lambda: _from_document(document, game))


def _guarded(build: Callable[[], T]) -> T:
    try:
        return build()
    except SerializationError:
        raise
    except UnknownOption as error:
        raise DocumentOptionError(f"invalid wargames document: {error}") from error
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError, WargamesError) as error:
        message = (
            "; ".join(cattrs.transform_error(error))
            if isinstance(error, cattrs.BaseValidationError)
            else str(error)
        )
        raise SerializationError(f"invalid wargames document: {message}") from error


def _from_document(document: Any, game: Game[Any, Any] | None) -> Any:
    if not isinstance(document, dict) or "wargames" not in document:
        raise SerializationError("not a wargames document")
    version = document["wargames"]
    if version == 1:
        raise SerializationError(
            "this is a format 1 document, written by wargames 0.1, whose chance stream this "
            f"version no longer has; this version reads format {FORMAT_VERSION} "
            "(replay the file with wargames 0.1)"
        )
    if version != FORMAT_VERSION:
        raise SerializationError(
            f"unknown document format {excerpt(version)}; "
            f"this version reads format {FORMAT_VERSION}"
        )
    from wargames.core.registry import load  # the registry imports the game module

    name, variant, options = document["game"], document["variant"], document["options"]
    if not (isinstance(name, str) and isinstance(variant, str) and isinstance(options, dict)):
        raise SerializationError("the envelope needs a game and variant (text) and options")
    if game is None:
        game = load(name, variant or None, **options)
    elif name != game.name or variant != game.variant or game.Options(**options) != game.options:
        raise SerializationError(f"document is for {name} {variant} {options}, not {game!r}")
    codec = _codec(type(game))
    converter = codec.converter
    data = document["data"]
    kind = document["kind"]
    if kind in ("state", "view"):
        state = (converter if kind == "state" else codec).structure(data, game.state_type)
        broken = list(game.violations(state))
        if broken:
            said = "; ".join(shorten(sentence, 2 * EXCERPT) for sentence in broken)
            raise SerializationError(f"not a {kind} of {game.name}: {said}")
        return state
    if kind == "action":
        return converter.structure(data, Action)
    if kind == "replay":
        return Replay(
            game=document["game"],
            variant=document["variant"],
            options=document["options"],
            seed=_seed(data),
            setup=data["setup"],
            actions=[converter.structure(a, Action) for a in data["actions"]],
        )
    raise SerializationError(f"unknown document kind {excerpt(kind)}")


def digest(game: Game[Any, Any], state: State) -> str:
    """A short, stable fingerprint of a state (SHA-256 of its canonical JSON), for golden tests."""
    return hashlib.sha256(dumps(game, state).encode()).hexdigest()[:16]
