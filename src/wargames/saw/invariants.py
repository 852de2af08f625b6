"""What every SAW state the rules can reach keeps: the checks behind
:meth:`Saw.violations <wargames.saw.rules.Saw.violations>`, run on every loaded document and,
by the conformance suite, on every state of every playout.

The units are the game's own, in order, each with its army's points and weapons, on a hex of
the map or off it once destroyed, its traits as many as its weapons give and never more points
than it has; a plot and a diary for each player, in seating order.

The conservation laws: each player's units are the army's, every one of them still in the
state (on the map or destroyed, never dropped); "Points are divided among the stats of the
unit", so a unit no hit has damaged holds all its points in its traits and unassigned pool,
and a damaged one fewer (the hit points still to allocate count as lost); "If all of the
traits of a unit have been reduced to zero, that unit is destroyed and removed from the map":
a unit off the map was damaged and has nothing left, one on the map has points left; and the
game goes on only while two sides have a unit on the map, a "last side standing" won by the
side that does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from wargames.core.hidden import is_hidden
from wargames.saw.state import LAST_STANDING, Diary, Plot, SawState, Unit
from wargames.saw.units import trait_names

if TYPE_CHECKING:
    from wargames.saw.rules import Saw

__all__ = ["violations"]


def violations(game: Saw, state: SawState) -> Iterator[str]:
    """Every invariant ``state`` breaks, each in a sentence."""
    if len(state.units) != len(game.ids):
        yield f"{len(state.units)} units, not the game's {len(game.ids)}"
        return
    for index, unit in enumerate(state.units):
        yield from _unit(game, index, unit)
    players = set(game.players)
    if not state.waiting <= players:
        yield f"waiting for {sorted(state.waiting)}, not all players"
    for name, kept in (("plot", state.plots), ("diary", state.diaries)):
        yield from _one_per_seat(game, name, kept)
    yield from _sides(state)


def _sides(state: SawState) -> Iterator[str]:
    """The game goes on while two sides stand; the last side standing is the winner."""
    standing = frozenset(u.owner for u in state.units if u.alive)
    result = state.result
    if result is None and len(standing) < 2:
        yield f"the game goes on with {len(standing)} side(s) on the map"
    if result is not None and result.reason == LAST_STANDING and result.winners != standing:
        yield f"{result} by the last side standing, but {sorted(standing)} stand"


def _one_per_seat(game: Saw, name: str, kept: Sequence[Plot | Diary]) -> Iterator[str]:
    """Plots and diaries: one per player, in seating order."""
    if len(kept) != len(game.players):
        plural = "diaries" if name == "diary" else f"{name}s"
        yield f"{len(kept)} {plural} for {len(game.players)} players"
        return
    for seat, (item, player) in enumerate(zip(kept, game.players, strict=True)):
        if item.player != player:
            yield f"{name} {seat} is {item.player}'s, not {player}'s"


def _unit(game: Saw, index: int, unit: Unit) -> Iterator[str]:
    spec = game.specs[index]
    expected = (game.ids[index], game.owners[index], spec.points, game.weapons[index])
    if (unit.id, unit.owner, unit.points, unit.weapons) != expected:
        yield (
            f"unit {index} is {unit.id} of {unit.owner} ({unit.points} points, "
            f"{unit.weapons} weapons), not the army's {expected}"
        )
        return
    if unit.hex is not None and unit.hex not in game.arena.board:
        yield f"{unit.id} stands on {unit.hex}, off the map"
    if not unit.alive and not unit.damaged:
        yield f"{unit.id} is off the map, but no hit has damaged it"
    sheet = unit.sheet
    if is_hidden(sheet):
        return  # a view: another player's sheet
    left = sheet.points - sheet.hits
    if not unit.damaged and left != unit.points:
        yield f"{unit.id} is undamaged with {left} of its {unit.points} points"
    if unit.damaged and left >= unit.points:
        yield f"{unit.id} is damaged with all {unit.points} of its points"
    if unit.alive != (sheet.points > 0):
        where = "on the map" if unit.alive else "off the map (destroyed)"
        yield f"{unit.id} is {where} with {sheet.points} points left"
    if len(sheet.traits) != len(trait_names(unit.weapons)):
        yield f"{unit.id} has {len(sheet.traits)} traits for {unit.weapons} weapons"
    if any(t < 0 for t in sheet.traits) or sum(sheet.traits) + sheet.pool > unit.points:
        yield f"{unit.id}'s traits {list(sheet.traits)} and pool {sheet.pool} exceed its points"
    if sheet.pool < 0 or sheet.hits < 0:
        yield f"{unit.id} has a pool of {sheet.pool} and {sheet.hits} hits to allocate"
