"""Activation dice (rule text: "Sequence of Play", "Actions", "Leaders", "Heroes and
Henchmen", "Take Cover", "Overwatch", "Terrain": observation).

* :func:`dice_count` — low quality 1 (2 next to a leader), medium 2, elite 3, a unit with a
  hero, henchman or leader 3.
* :func:`roll` — the activation dice, rolled inside ``apply`` from the state's stream;
  :func:`parity` gives their exact odds.
* Odd dice move, unpin or go into overwatch; even dice attack or go into overwatch
  (:func:`spend`).  A pinned unit's first action must be unpinning (an odd die); with only
  even dice it may still go into overwatch, stays pinned and unpins at the start of its next
  turn (the author's ruling, :func:`overwatch`).
* On a hill or high building, a unit may re-roll one or more activation dice once, before
  spending any (:func:`rerolls`).
"""

from __future__ import annotations

import itertools
from functools import cache, partial
from typing import Any

from wargames.core.changes import replace
from wargames.core.dice import DiceExpr, Pool, d6, pool
from wargames.core.rng import Rng
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.state import Activation, GridState, Status, Unit

__all__ = [
    "dice_count",
    "finish",
    "overwatch_problem",
    "parity",
    "reroll",
    "reroll_parity",
    "rerolls",
    "roll",
    "spend",
    "start",
    "unpin_problem",
]


def dice_count(field_: Battlefield, units: tuple[Unit, ...], unit: Unit) -> int:
    """How many activation dice ``unit`` rolls now ("Sequence of Play", "Leaders")."""
    profile = field_.profile(unit)
    numbers = field_.tables.numbers
    count = field_.tables.quality[profile.quality]
    if profile.hero or profile.leader:
        count = max(count, numbers.commanded_dice)
    if profile.quality == "low" and _next_to_leader(field_, units, unit):
        count = max(count, numbers.led_dice)
    return count


def _next_to_leader(field_: Battlefield, units: tuple[Unit, ...], unit: Unit) -> bool:
    here = field_.position(units, unit)
    if here is None:
        return False
    return any(
        other.owner == unit.owner
        and other.id != unit.id
        and other.status is Status.TABLE
        and other.square is not None
        and field_.board.distance(other.square, here) <= 1
        and field_.profile(other).leader
        for other in units
    )


def _parities(faces: tuple[int, ...]) -> tuple[int, int]:
    odd = sum(face % 2 for face in faces)
    return odd, len(faces) - odd


def parity(count: int) -> DiceExpr[tuple[int, int]]:
    """The activation roll of ``count`` dice as (odd dice, even dice), for exact odds."""
    return pool(count, d6).map(_parities, f"odd and even dice of {count}d6")


def reroll_parity(activation: Activation, faces: tuple[int, ...]) -> DiceExpr[tuple[int, int]]:
    """The (odd, even) count of the activation dice after re-rolling ``faces``."""
    kept = _kept(activation, faces)
    return pool(len(faces), d6).map(partial(_parities_with, kept), "re-rolled dice")


def _kept(activation: Activation, faces: tuple[int, ...]) -> tuple[int, ...]:
    """The activation dice left when ``faces`` are taken away to be re-rolled."""
    kept = list(activation.dice)
    for face in faces:
        kept.remove(face)
    return tuple(kept)


def _parities_with(kept: tuple[int, ...], new: tuple[int, ...]) -> tuple[int, int]:
    return _parities(kept + new)


def roll(count: int, rng: Rng) -> tuple[tuple[int, ...], Rng]:
    """Roll ``count`` activation dice: the faces, in roll order."""
    return _dice(count).roll(rng)


@cache
def _dice(count: int) -> Pool:
    """``count`` d6 (built once per count)."""
    return pool(count, d6)


def start(field_: Battlefield, state: GridState, unit: Unit) -> tuple[Activation, Rng]:
    """The activation of ``unit`` with its dice rolled from the state's stream."""
    faces, rng = roll(dice_count(field_, state.units, unit), state.rng)
    here = unit.square if unit.status is Status.TABLE else None
    may_reroll = here is not None and field_.terrain_at(here).observation
    return Activation(unit.id, faces, may_reroll=may_reroll), rng


def spend(activation: Activation, odd: bool, count: int = 1, **changes: Any) -> Activation:
    """``activation`` with ``count`` odd (or even) dice spent and ``changes`` made; no re-roll
    after spending."""
    dice = list(activation.dice)
    for _ in range(count):
        dice.remove(next(face for face in dice if face % 2 == odd))
    return replace(activation, dice=tuple(dice), may_reroll=False, **changes)


def finish(activation: Activation) -> bool:
    """Whether nothing is left to do: no dice, no move in progress, no attack half-declared."""
    return (
        not activation.dice
        and activation.move_left == 0
        and activation.aim is None
        and activation.psychic_target is None
    )


# -- re-rolls (observation) ------------------------------------------------------------------


def rerolls(activation: Activation) -> list[tuple[int, ...]]:
    """Every choice of faces to re-roll (sorted, each choice once)."""
    if not activation.may_reroll:
        return []
    dice = sorted(activation.dice)
    choices = {
        combo for size in range(1, len(dice) + 1) for combo in itertools.combinations(dice, size)
    }
    return sorted(choices, key=lambda combo: (len(combo), combo))


def reroll(activation: Activation, faces: tuple[int, ...], rng: Rng) -> tuple[Activation, Rng]:
    """``activation`` with ``faces`` rolled again; the re-roll is used up."""
    new, rng = roll(len(faces), rng)
    return replace(activation, dice=_kept(activation, faces) + new, may_reroll=False), rng


# -- unpin and overwatch ---------------------------------------------------------------------


def unpin_problem(unit: Unit, activation: Activation) -> str | None:
    """Why the active unit may not unpin now, or ``None``.  "Units cease taking actions once
    they engage in an attack": a non-troop unit pinned by fire returned at its first attack
    may only end its activation."""
    if not unit.pinned:
        return "the unit is not pinned"
    if activation.attacks:
        return "an attack ends the unit's actions: no unpinning after attacking"
    if not activation.odd:
        return "unpinning takes an odd activation die (a move)"
    return None


def overwatch_problem(unit: Unit, activation: Activation) -> str | None:
    """Why the active unit may not go into overwatch now, or ``None``."""
    if activation.attacks:
        return "an attack ends the unit's actions: no overwatch after attacking"
    if unit.status is not Status.TABLE:
        return "a unit inside a transport cannot go into overwatch"
    if not activation.dice:
        return "overwatch takes an activation die"
    if unit.pinned and activation.odd:
        return "a pinned unit's first action must be unpinning"
    return None
