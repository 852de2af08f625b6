"""States, actions and replays to and from JSON, through one cattrs converter per game.

Every document is an envelope naming the game, its variant and options, so
``loads(text)`` can rebuild the game from the registry on its own::

    {"wargames": 1, "game": "sabotage", "variant": "SR", "options": {},
     "kind": "state" | "action" | "replay", "data": {...}}

Actions and events are tagged with their class name (``"type": "Move"``).  Anything that is
not valid JSON, names an unknown game, or does not fit the game's types raises
:class:`~wargames.core.errors.SerializationError`, never a bare ``KeyError``.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any, Final, TypeVar

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.preconf.json import make_converter

from wargames.core.errors import SerializationError, WargamesError
from wargames.core.events import Event, EventLog
from wargames.core.game import Action, Game, State
from wargames.core.replay import Replay

__all__ = ["FORMAT_VERSION", "converter_for", "digest", "dumps", "loads", "to_data"]

FORMAT_VERSION: Final = 1
TAG: Final = "type"

T = TypeVar("T")


def _tagged(converter: cattrs.Converter, base: type, classes: tuple[type, ...]) -> None:
    """Register tagged-union hooks so that fields typed ``base`` hold any of ``classes``."""
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
            raise SerializationError(f"expected a {base.__name__} tagged one of {known}: {data!r}")
        fields = {k: v for k, v in data.items() if k != TAG}
        return structurers[data[TAG]](fields, by_name[data[TAG]])

    converter.register_unstructure_hook(base, unstructure)
    converter.register_structure_hook(base, structure)


@functools.cache
def converter_for(game_cls: type[Game[Any, Any]]) -> cattrs.Converter:
    """The converter for a game class's states, actions and events (built once per class)."""
    converter = make_converter()
    # Sets become sorted lists, so a state's JSON (and digest) is the same in every process.
    converter.register_unstructure_hook_factory(
        _is_set, lambda type_: _sorted_list(converter, type_)
    )
    _tagged(converter, Action, game_cls.action_types)
    _tagged(converter, Event, game_cls.event_types)
    converter.register_unstructure_hook(
        EventLog, lambda log: [converter.unstructure(event, Event) for event in log]
    )
    converter.register_structure_hook(
        EventLog, lambda data, _: EventLog(converter.structure(e, Event) for e in data)
    )
    return converter


def _is_set(type_: Any) -> bool:
    return getattr(type_, "__origin__", type_) in (frozenset, set)


def _sorted_list(converter: cattrs.Converter, type_: Any) -> Callable[[Any], list[Any]]:
    args = getattr(type_, "__args__", None)
    element = args[0] if args else Any

    def unstructure(values: Any) -> list[Any]:
        items = [converter.unstructure(v, element) for v in values]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))

    return unstructure


def to_data(game: Game[Any, Any], value: State | Action | Replay) -> dict[str, Any]:
    """The JSON-ready envelope of a state, action or replay of ``game``."""
    converter = converter_for(type(game))
    if isinstance(value, State):
        kind, data = "state", converter.unstructure(value, type(value))
    elif isinstance(value, Action):
        kind, data = "action", converter.unstructure(value, Action)
    elif isinstance(value, Replay):
        kind = "replay"
        data = {
            "seed": value.seed,
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
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError, WargamesError) as error:
        message = (
            "; ".join(cattrs.transform_error(error))
            if isinstance(error, cattrs.BaseValidationError)
            else str(error)
        )
        raise SerializationError(f"invalid wargames document: {message}") from error


def _from_document(document: Any, game: Game[Any, Any] | None) -> Any:
    if not isinstance(document, dict) or document.get("wargames") != FORMAT_VERSION:
        raise SerializationError(f"not a wargames document of format {FORMAT_VERSION}")
    from wargames.core.registry import load  # the registry imports the game module

    name, variant, options = document["game"], document["variant"], document["options"]
    if not (isinstance(name, str) and isinstance(variant, str) and isinstance(options, dict)):
        raise SerializationError("the envelope needs a game and variant (text) and options")
    if game is None:
        game = load(name, variant or None, **options)
    elif name != game.name or variant != game.variant or game.Options(**options) != game.options:
        raise SerializationError(f"document is for {name} {variant} {options}, not {game!r}")
    converter = converter_for(type(game))
    data = document["data"]
    kind = document["kind"]
    if kind == "state":
        return converter.structure(data, game.state_type)
    if kind == "action":
        return converter.structure(data, Action)
    if kind == "replay":
        return Replay(
            game=document["game"],
            variant=document["variant"],
            options=document["options"],
            seed=data["seed"],
            setup=data["setup"],
            actions=[converter.structure(a, Action) for a in data["actions"]],
        )
    raise SerializationError(f"unknown document kind {kind!r}")


def digest(game: Game[Any, Any], state: State) -> str:
    """A short, stable fingerprint of a state (SHA-256 of its canonical JSON), for golden tests."""
    return hashlib.sha256(dumps(game, state).encode()).hexdigest()[:16]
