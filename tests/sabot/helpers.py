"""Small helpers for the SABOT tests."""

from typing import Any, TypeVar

from attrs import evolve

import wargames.testing
from wargames.core.dice import d10
from wargames.sabot import Sabot, SabotMap, SabotState

E = TypeVar("E")


def field(columns: int = 12, rows: int = 12) -> Sabot:
    """A game on an open grassland map."""
    return Sabot(map=f"open:{columns}x{rows}")


def at(game: Sabot, state: SabotState, unit: int) -> str:
    """The map label of a unit's hex."""
    return game.map.label(state.units[unit].hex)


def play(game: Sabot, state: SabotState, *texts: str) -> SabotState:
    """Apply actions written in notation, each checked.  An overwatch window the next text
    does not answer (``hold`` or ``fire``) is closed with ``hold`` first."""
    for text in texts:
        watching = state.moving is not None and state.moving.watch
        if watching and text.split()[0] not in ("hold", "fire"):
            state = game.apply(state, game.parse_action(state, "hold"))
        state = game.apply(state, game.parse_action(state, text))
    return state


def drawn(terrain: str, overlay: str | None = None) -> Sabot:
    """A game whose map is the drawing ``terrain`` (see data/maps.toml), for rule tests."""
    game = field()
    game.map = SabotMap.from_text(terrain, overlay, name="test")
    return game


def seed_for(*faces: int) -> int:
    """A seed whose stream rolls the d10 ``faces`` first: fixed dice for exact tests."""
    return wargames.testing.seed_rolling(d10, *faces)


def change(state: SabotState, unit: int, **changes: Any) -> SabotState:
    """``state`` with counter ``unit`` changed (a squad aboard, a Disabled tank...)."""
    units = list(state.units)
    units[unit] = evolve(units[unit], **changes)
    return evolve(state, units=tuple(units))


def newest(state: SabotState, kind: type[E]) -> E:
    """The newest event of type ``kind`` in the log."""
    for event in reversed(list(state.log)):
        if isinstance(event, kind):
            return event
    raise AssertionError(f"no {kind.__name__} event")
