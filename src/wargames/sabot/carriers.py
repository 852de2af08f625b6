"""VI-e. Loading and unloading soldiers.

A squad on the ground with one move unit left boards an adjacent friendly carrier with
room, standing in a hex the squad could enter; the carrier's move ends.  The carrier can't
come to the soldiers: one that has moved this turn takes in only a squad that came to it.
A squad gets out once its carrier is done moving (a carrier that has not moved is done once
a squad gets out), into an adjacent empty hex it can enter, which ends its move.  Squads
getting out unseen may hide again (VI-g).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from wargames.core.changes import replace
from wargames.sabot.movement import HALF, Mover
from wargames.sabot.scouting import seen
from wargames.sabot.state import ABOARD, OK, Moved, SabotState, Unit
from wargames.sabot.state import with_unit as set_unit

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["board", "carriers", "exits", "get_out", "load"]


def load(state: SabotState, carrier: Unit) -> int:
    """How many squads ride in ``carrier``."""
    return sum(1 for u in state.units if u.carrier == carrier.id and u.hex == ABOARD)


def carriers(game: Sabot, state: SabotState, unit: Unit, mover: Mover) -> Iterator[int]:
    """The carriers the moving squad ``unit`` may enter: adjacent friendly carriers with
    room, in a hex the squad could enter, while it walks and has one move unit left.  "The
    carrier can't come to the soldiers": a carrier that has moved this turn takes in only a
    squad that has come to it (moved this turn)."""
    moving = state.moving
    assert moving is not None
    if moving.flying or mover.allowance(moving.road, moving.straight) - moving.spent < HALF:
        return
    near = set(game.map.steps[unit.hex])
    for c in state.units:
        if c.owner != unit.owner:
            continue  # the enemy's counters: never read (their kinds may be hidden here)
        kind = game.kind(c)
        if kind is None or not kind.capacity or c.hex not in near:
            continue
        if c.status != OK or (c.moved and not moving.spent):
            continue
        if load(state, c) < kind.capacity and mover.enters(c.hex):
            yield c.id


def exits(game: Sabot, state: SabotState, unit: Unit) -> list[int]:
    """Adjacent empty hexes the squad aboard can enter, to leave its carrier."""
    carrier = state.units[unit.carrier]
    mover = game.mover(state, replace(unit, hex=carrier.hex))
    return [
        h for h in game.map.steps[carrier.hex]
        if h >= 0 and mover.can_end(h) and mover.enters(h)
    ]  # fmt: skip


def board(state: SabotState, unit: Unit, carrier: Unit) -> SabotState:
    """The squad enters the carrier: both moves end."""
    state = set_unit(state, unit, hex=ABOARD, carrier=carrier.id, done=True, moved=True)
    return set_unit(state, carrier, done=True).with_changes(moving=None)


def get_out(game: Sabot, state: SabotState, unit: Unit, hex_: int) -> SabotState:
    """The squad leaves its carrier into ``hex_`` (the carrier's move is over too); it is
    right side up if it gets out in sight of the enemy, else hidden again (VI-g)."""
    state = set_unit(state, state.units[unit.carrier], done=True)
    state = set_unit(state, unit, hex=hex_, carrier=-1, done=True, moved=True)
    unit = state.units[unit.id]
    state = set_unit(state, unit, revealed=seen(game, state, unit))
    return state.with_changes(
        log=state.log.with_event(Moved(unit.id, game.map.label(hex_), unit.facing))
    )
