"""The exact chance of an action in a real position, with the draws that give each outcome
(``game.chance``, :mod:`wargames.core.chance`).  The outcomes are what the rules act on:

* ``Fire`` (not a laser; in the attack phase or on overwatch): ``(unit hit or -1, result,
  bail-outs)`` (VII-a: the scatter die, the shot, and for each squad aboard a destroyed
  carrier whether it rolled even and got out);
* ``Advance`` out of a swamp by soldiers (III): whether the d10 came up even (they leave);
* ``Scout`` (IV): whether the scouting roll succeeds;
* ``Special`` repair (II): whether it succeeds;
* ``Done`` that begins a new turn (V): whether the initiative d10 is odd (blue first);
* ``Buy`` (reinforcements): the order the platoon's counters join the army in (shuffled).

The state an outcome leads to shows the first roll of its class (the lowest face).
"""

from __future__ import annotations

from functools import cache
from math import factorial
from typing import TYPE_CHECKING, Any

from wargames.core.chance import Chance
from wargames.core.dice import d10
from wargames.sabot import firing, setup, turn
from wargames.sabot.scouting import SCOUT_ROLL
from wargames.sabot.state import Advance, Buy, Done, Fire, SabotAction, SabotState, Scout, Special

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["action_chance", "max_outcomes"]


def _even(face: int) -> bool:
    return face % 2 == 0


def _odd(face: int) -> bool:
    return face % 2 == 1


def action_chance(game: Sabot, state: SabotState, action: SabotAction) -> Chance[Any] | None:
    """The chance legal ``action`` sets off, ``None`` if it draws nothing."""
    moving = state.moving
    if isinstance(action, Fire):
        return firing.shot_chance(game, state, action)
    if isinstance(action, Advance) and moving is not None:
        unit = state.units[moving.unit]
        stuck = game.map.terrain[unit.hex].stuck
        if game.table[unit.kind].soldier and stuck and not moving.flying:
            return None if moving.swamp_checked else d10.chance().map(_even)
        return None
    if isinstance(action, Scout) and moving is not None:
        bonus = game.table[state.units[moving.unit].kind].scouting
        return (d10 + bonus).at_least(SCOUT_ROLL).chance()
    if isinstance(action, Special) and action.what == "repair":
        return d10.at_least(SCOUT_ROLL).chance()
    if isinstance(action, Buy):
        return _orders(game.table.platoons[action.platoon].units)
    if isinstance(action, Done):
        _, begins = turn.close_phase(game, setup.closing(game, state, action.player))
        return d10.chance().map(_odd) if begins else None
    return None


@cache
def _orders(units: tuple[str, ...]) -> Chance[tuple[str, ...]]:
    """The orders a platoon's counters may join in (made once per platoon)."""
    return Chance.shuffled(units)


def max_outcomes(game: Sabot) -> int:
    """The most outcomes one action's chance can have: a shot's (10 hexes it may land in,
    3 results, 2 bail-out results for each squad a carrier holds) or a platoon's orders."""
    capacity = max((kind.capacity for kind in game.table.types.values()), default=0)
    platoons = max((factorial(len(p.units)) for p in game.table.platoons.values()), default=1)
    shots: int = 10 * 3 * 2**capacity
    return max(shots, platoons)
