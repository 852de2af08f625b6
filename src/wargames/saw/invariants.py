"""What every SAW state the rules can reach keeps: the checks behind
:meth:`Saw.violations <wargames.saw.rules.Saw.violations>`, run on every loaded document and,
by the conformance suite, on every state of every playout.

The units are the game's own, in order, each with its army's points and weapons, on a hex of
the map or off it once destroyed, its traits as many as its weapons give and never more points
than it has; a plot and a diary for each player, in seating order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from wargames.core.hidden import is_hidden
from wargames.saw.state import Diary, Plot, SawState, Unit
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
    expected = (game.ids[index], game.owners[index], spec.points, spec.weapons)
    if (unit.id, unit.owner, unit.points, unit.weapons) != expected:
        yield (
            f"unit {index} is {unit.id} of {unit.owner} ({unit.points} points, "
            f"{unit.weapons} weapons), not the army's {expected}"
        )
        return
    if unit.hex is not None and unit.hex not in game.arena.board:
        yield f"{unit.id} stands on {unit.hex}, off the map"
    sheet = unit.sheet
    if is_hidden(sheet):
        return  # a view: another player's sheet
    if len(sheet.traits) != len(trait_names(unit.weapons)):
        yield f"{unit.id} has {len(sheet.traits)} traits for {unit.weapons} weapons"
    if any(t < 0 for t in sheet.traits) or sum(sheet.traits) + sheet.pool > unit.points:
        yield f"{unit.id}'s traits {list(sheet.traits)} and pool {sheet.pool} exceed its points"
    if sheet.pool < 0 or sheet.hits < 0:
        yield f"{unit.id} has a pool of {sheet.pool} and {sheet.hits} hits to allocate"
