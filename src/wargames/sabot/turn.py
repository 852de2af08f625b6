"""V. Playing the game: the phases of a turn, player-1 determination, and VIII winning.

Each turn: player-1 determination (a d10, odd: blue), the optional reinforcement phase,
movement (player 1, then player 2), attack (player 1, then player 2), special actions and
the victory check.  Destroyed units leave the map at the end of combat (VII-a).
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Final

from wargames.core.changes import replace
from wargames.core.dice import d10
from wargames.core.game import Outcome
from wargames.core.phases import Phase, TurnStructure
from wargames.sabot.state import (
    ANNIHILATION,
    DESTROYED,
    DISABLED,
    GONE,
    OK,
    Initiative,
    Purse,
    Removed,
    SabotState,
    Unit,
)
from wargames.sabot.state import with_unit as set_unit
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = [
    "PLAYERS",
    "REINFORCED",
    "TURNS",
    "annihilation",
    "close_phase",
    "new_turn",
    "next_phase",
]

PLAYERS: Final = ("blue", "yellow")
_SETUP: Final = (Phase("set-up"),)
"""IV: blue sets up first, then yellow (the order is this library's default)."""
_COMBAT: Final = (Phase("movement"), Phase("attack"), Phase("special"))
TURNS: Final = TurnStructure(setup=_SETUP, cycle=_COMBAT)
"""V, without the optional reinforcement phase."""
REINFORCED: Final = TurnStructure(setup=_SETUP, cycle=(Phase("reinforcement"), *_COMBAT))
"""V, playing with reinforcements."""


def annihilation(game: Sabot, state: SabotState) -> Outcome | None:
    """VIII: a player who has lost all his/her units loses (decoys are not units)."""
    alive = {
        p: any(u.owner == p and u.status in (OK, DISABLED) and u.kind != DECOY for u in state.units)
        for p in PLAYERS
    }
    if all(alive.values()):
        return None
    winners = frozenset(p for p, a in alive.items() if a)
    return Outcome(winners, ANNIHILATION if winners else "mutual annihilation")


def new_turn(game: Sabot, state: SabotState) -> SabotState:
    """V: clear the turn's flags, refill the reinforcement points and roll for player 1
    (odd: blue)."""
    roll, rng = d10.roll(state.rng)
    order = (0, 1) if roll % 2 else (1, 0)
    clock = state.clock.with_order(order)
    units = tuple(_cleared(u) for u in state.units)
    log = state.log.with_event(Initiative(roll, PLAYERS[order[0]]))
    points = game.options.reinforcements
    purses = tuple(Purse(p, points) for p in PLAYERS) if points else ()
    return state.with_changes(
        rng=rng, clock=clock, units=units, painted=frozenset(), log=log, purses=purses, placed=-1
    )


_TURN_FLAGS: Final = {
    "moved": False, "done": False, "fired": False, "target": -1, "used": frozenset(),
    "shot_at": False, "crossed": False, "left": 0,
}  # fmt: skip
"""V: each counter's flags for one turn, as a new turn clears them."""
_flags: Final = attrgetter(*_TURN_FLAGS)
_CLEARED: Final = tuple(_TURN_FLAGS.values())


def _cleared(unit: Unit) -> Unit:
    """``unit`` with the turn's flags cleared (the counter itself if none is set)."""
    return unit if _flags(unit) == _CLEARED else replace(unit, **_TURN_FLAGS)


def next_phase(game: Sabot, state: SabotState) -> SabotState:
    """The next player's part or phase; after combat remove the Destroyed (VII-a); after the
    special actions check victory (VIII) and begin a new turn."""
    state, begins = close_phase(game, state)
    return new_turn(game, state) if begins else state


def close_phase(game: Sabot, state: SabotState) -> tuple[SabotState, bool]:
    """:func:`next_phase` up to the new turn: the state, and whether a new turn begins (its
    initiative still to roll)."""
    turns = game.turns
    clock = turns.advance(state.clock)
    ending_combat = game.phase(state) == "attack" and turns.phase(clock).name == "special"
    state = state.with_changes(clock=clock)
    if ending_combat:
        for unit in state.units:
            if unit.status == DESTROYED:
                state = set_unit(state, unit, status=GONE)
                state = state.with_changes(log=state.log.with_event(Removed(unit.id, "destroyed")))
    if clock.phase == len(turns.setup) and clock.seat == 0:
        result = type(game).victory(game, state)
        limit = game.options.max_turns
        if result is None and limit is not None and clock.turn > limit:
            result = Outcome(frozenset(), f"turn limit {limit}")
        if result is not None:
            return state.with_changes(result=result), False
        return state, True
    return state, False
