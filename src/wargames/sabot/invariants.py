"""What every SABOT state the rules can reach keeps: the checks behind
:meth:`Sabot.violations <wargames.sabot.rules.Sabot.violations>`, run on every loaded document
and, by the conformance suite, on every state of every playout.

Counters are numbered by set-up order; each has a known owner, kind and status; a counter on
the map stands on one of its hexes facing one of six ways, one counter a hex (the unit
moving may pass through a friend's hex, VI-a); a squad aboard rides in a friendly carrier with
room (VI-e); shots markers stay within what the unit type carries (IV).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from wargames.core.hidden import is_hidden
from wargames.sabot.state import (
    ABOARD,
    DISABLED,
    OK,
    STATUSES,
    UNPLACED,
    SabotState,
    Unit,
)
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["violations"]

_FACINGS: Final = range(6)


def violations(game: Sabot, state: SabotState) -> Iterator[str]:
    """Every invariant ``state`` breaks, each in a sentence."""
    yield from game.turns.clock_problems(state.clock, len(game.players))
    units = state.units
    for index, unit in enumerate(units):
        if unit.id != index:
            yield f"counter {index} has id {unit.id}"
            return  # the rest reads counters by id
        yield from _counter(game, state, unit)
    concealed = {u.owner for u in units if is_hidden(u.kind)}
    if len(concealed) > 1:
        sides = " and ".join(sorted(concealed))
        yield f"counters of {sides} hide their kinds: a view hides one side's only"
    standing = Counter(
        u.hex for u in units if u.on_map and u.status != UNPLACED and not _passing(state, u)
    )
    yield from (f"{n} counters stand on hex {h}" for h, n in standing.items() if n > 1)
    hexes = range(len(game.map.board))
    for owner, hex_ in state.prepared:
        if owner not in game.players or hex_ not in hexes:
            yield f"a prepared position ({owner!r}, {hex_}) is not a player's on the map"
    if state.moving is not None and state.moving.unit not in range(len(units)):
        yield f"the moving counter {state.moving.unit} does not exist"
    if not -1 <= state.placed < len(units):
        yield f"the counter placed last, {state.placed}, does not exist"
    for purse in state.purses:
        if purse.owner not in game.players or (not is_hidden(purse.points) and purse.points < 0):
            yield f"a purse of {purse.points} points for {purse.owner!r}"


def _passing(state: SabotState, unit: Unit) -> bool:
    """Whether ``unit`` is the counter moving now (it may share a friend's hex, VI-a)."""
    return state.moving is not None and state.moving.unit == unit.id


def _counter(game: Sabot, state: SabotState, unit: Unit) -> Iterator[str]:
    name = f"counter {unit.id}"
    if unit.owner not in game.players:
        yield f"{name} belongs to {unit.owner!r}, not a player"
    if is_hidden(unit.kind):  # a view: a concealed enemy counter, nothing of it known
        if unit.revealed:
            yield f"{name} is right side up, but its kind is hidden"
        if not is_hidden(unit.ammo):
            yield f"{name}'s kind is hidden, but not its shots marker"
        return
    if unit.kind != DECOY and unit.kind not in game.table.types:
        yield f"{name} is of unknown kind {unit.kind!r}"
        return
    if unit.status not in STATUSES:
        yield f"{name} has unknown status {unit.status!r}"
    if unit.facing not in _FACINGS:
        yield f"{name} faces {unit.facing}, not one of the six hex faces"
    if not ABOARD <= unit.hex < len(game.map.board):
        yield f"{name} is on hex {unit.hex}, off the map"
    kind = game.kind(unit)
    most = kind.limited_shots if kind is not None else 0
    if is_hidden(unit.ammo):
        pass  # a view: an enemy's shots marker
    elif not 0 <= unit.ammo <= most or unit.spent < 0:
        yield f"{name} has {unit.ammo} shots and {unit.spent} spent, of {most}"
    if unit.hex == ABOARD and unit.status in (OK, DISABLED):
        yield from _aboard(game, state, unit)
    if kind is not None and kind.capacity:
        riders = sum(
            u.carrier == unit.id and u.hex == ABOARD and u.status in (OK, DISABLED)
            for u in state.units
        )
        if riders > kind.capacity:
            yield f"{name} carries {riders} squads, room for {kind.capacity}"


def _aboard(game: Sabot, state: SabotState, unit: Unit) -> Iterator[str]:
    """A squad off the map and in play rides in a friendly carrier (VI-e)."""
    units = state.units
    if not 0 <= unit.carrier < len(units):
        yield f"counter {unit.id} is off the map in no carrier"
        return
    carrier = units[unit.carrier]
    if is_hidden(carrier.kind):
        return  # a view of the enemy's squads in the enemy's concealed carrier
    kind = game.table.types.get(carrier.kind)
    if carrier.owner != unit.owner or kind is None or not kind.capacity:
        yield f"counter {unit.id} rides in counter {carrier.id}, not a friendly carrier"
