"""How a Grid SciFi position looks to a bot (a heuristic, not a rule), read from how the
scenario is won (:mod:`wargames.gridscifi.scenario`; rule text, "Sequence of Play": "a set
number of turns or when set scenario victory conditions are met").

At the end of the last turn the player controlling more objectives wins (a ground unit on
or next to one and no enemy there), at an equal count the one with more strength left (the
default ``tiebreak``), and destroying every enemy unit wins at once.  So the score has two
parts, each in [-1, 1]:

- **objectives**: for each objective, how firmly each side holds it (1 for a ground unit on
  the table on or next to it, else :func:`~wargames.core.game.closeness` of its nearest
  one that can still get next to it before the game ends), mine less theirs, averaged over
  the objectives; a contested objective is even.  A unit counts only while the moves its
  side has left (:func:`moves_left`, one a turn at its allowance) can bring it next to the
  objective: at the end only control counts, so a unit two squares off on the last turn
  holds nothing;
- **strength**: the balance of the share of each unit's models or hits left, which wins by
  annihilation, decides who can hold the objectives at the end and breaks an equal count.

An evaluation that counted strength alone lost to random play (it never went for the
objectives that decide the game).  A scenario without objectives scores strength alone.  A
subclass with other victory conditions (:meth:`~wargames.gridscifi.GridSciFi.victory`)
overrides :meth:`~wargames.gridscifi.GridSciFi.evaluate` with its own reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from attrs import frozen

from wargames.core.board import Square
from wargames.core.game import closeness
from wargames.core.phases import Clock
from wargames.gridscifi import activation
from wargames.gridscifi.attacks import Matchup
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.scenario import strength_left
from wargames.gridscifi.state import Status, Unit
from wargames.gridscifi.targeting import cover_value, reach, sees, sight_problem

__all__ = [
    "WEIGHTS",
    "Weights",
    "evaluate",
    "exchange",
    "holding",
    "moves_left",
    "objectives",
    "strength",
]


@frozen
class Weights:
    """The share of the score each part takes; they sum to less than 1, so a game still on
    scores strictly inside (-1, 1)."""

    objectives: float = 0.5
    strength: float = 0.4


WEIGHTS = Weights()


def evaluate(
    field_: Battlefield,
    units: tuple[Unit, ...],
    player: str,
    left: Mapping[str, int] | None = None,
    weights: Weights = WEIGHTS,
    lost: Mapping[str, float] | None = None,
) -> float:
    """``player``'s score of a game still on: objectives held and strength left.  ``left``:
    the turns each player still moves in (:func:`moves_left`; ``None``: no limit);
    ``lost``: the strength each side expects to lose first (:func:`exchange`; ``None``:
    none)."""
    power = strength(field_, units, player, lost)
    if not field_.objectives:
        return (weights.objectives + weights.strength) * power
    return weights.objectives * objectives(field_, units, player, left) + weights.strength * power


def moves_left(players: tuple[str, ...], clock: Clock, turns: int) -> dict[str, int]:
    """The turns in which each player still moves before the end of turn ``turns``: this
    one too for the player acting now and those after it in the turn order."""
    acted = {players[seat] for seat in clock.order[: clock.seat]}
    return {p: max(0, turns - clock.turn + (p not in acted)) for p in players}


def strength(
    field_: Battlefield,
    units: tuple[Unit, ...],
    player: str,
    lost: Mapping[str, float] | None = None,
) -> float:
    """In [-1, 1]: the balance of each side's units, each counting the share of its models
    or hits it has left (units in reserve or aboard too: :func:`strength_left`), less what
    the side expects to lose (``lost``, in the same shares: :func:`exchange`)."""
    left = {
        p: float(share) - (lost[p] if lost else 0.0)
        for p, share in strength_left(field_, units).items()
    }
    total = sum(left.values())
    return (2 * left[player] - total) / total if total > 0 else 0.0


def holding(
    field_: Battlefield,
    units: tuple[Unit, ...],
    owner: str,
    objective: Square,
    left: int | None = None,
) -> float:
    """In [0, 1]: how firmly ``owner`` holds ``objective``: 1 with a ground unit on the table
    on or next to it (what control needs), else the closeness of the nearest one that can
    get next to it in the ``left`` turns its side still moves in (one move a turn at its
    allowance; ``None``: any), 0 with none."""
    distances = []
    for u in units:
        if u.owner != owner or u.status is not Status.TABLE or u.square is None:
            continue
        profile = field_.profile(u)
        if profile.flyer:
            continue
        distance = field_.board.distance(u.square, objective)
        if left is not None and left * profile.allowance < distance - 1:
            continue
        distances.append(distance)
    return closeness(min(distances), 1) if distances else 0.0


def objectives(
    field_: Battlefield,
    units: tuple[Unit, ...],
    player: str,
    left: Mapping[str, int] | None = None,
) -> float:
    """In [-1, 1]: the mean over the objectives of how firmly ``player`` holds each, less
    how firmly the enemy does, each with the turns its side still moves in (``left``)."""
    other = next(p for p in field_.players if p != player)
    mine, theirs = (None, None) if left is None else (left[player], left[other])
    return sum(
        holding(field_, units, player, square, mine) - holding(field_, units, other, square, theirs)
        for square in field_.objectives
    ) / len(field_.objectives)


def exchange(field_: Battlefield, units: tuple[Unit, ...], mover: str) -> dict[str, float]:
    """The share of its units' strength each side expects to lose to the next attack of
    every enemy unit that has one to come: the units of ``mover`` (whose turn it is) not yet
    activated, and all the other side's ("Sequence of Play": each activates all its units in
    its turn).  Each attacks from where it stands, with the weapon and at the target it
    expects to hurt most ("Attacks", "Weapon Types", "Line of Sight", "Flyers"), if its dice
    give it an attack (:func:`attack_chance`); a troop target takes cover where that beats
    its armour ("Take Cover").  What one target expects to lose is capped at what it has.

    A search reads it (:meth:`GridSciFi.search_evaluate
    <wargames.gridscifi.GridSciFi.search_evaluate>`): a unit left in the open in reach of the
    enemy costs what it expects to lose, and one in cover or out of sight costs less.
    Moving first, return fire and overwatch are not counted.
    """
    standing = [u for u in units if u.status is Status.TABLE and u.square is not None]
    expected: dict[int, float] = {}
    for attacker in standing:
        if attacker.owner == mover and attacker.activated:
            continue
        aim = _best_attack(field_, units, standing, attacker)
        if aim is not None:
            aimed, share = aim
            dice = activation.dice_count(field_, units, attacker)
            expected[aimed] = (
                expected.get(aimed, 0.0) + attack_chance(dice, attacker.pinned) * share
            )
    lost = dict.fromkeys(field_.players, 0.0)
    for uid, share in expected.items():
        target = units[uid]
        profile = field_.profile(target)
        lost[target.owner] += min(share, (profile.strength - target.damage) / profile.strength)
    return lost


def attack_chance(dice: int, pinned: bool) -> float:
    """The chance that ``dice`` activation dice give a unit an attack: an even die, and for a
    ``pinned`` unit an odd one too, to unpin first ("Actions", "Take Cover")."""
    if pinned:
        return max(0.0, 1 - 2 * 0.5**dice)
    return 1 - 0.5**dice


def _best_attack(
    field_: Battlefield, units: tuple[Unit, ...], standing: list[Unit], attacker: Unit
) -> tuple[int, float] | None:
    """The enemy unit ``attacker`` may attack from where it stands that expects to lose the
    largest share of its strength to it, and that share; ``None`` with no target."""
    profile = field_.profile(attacker)
    origin = attacker.square
    if origin is None or not profile.weapons:
        return None
    near = field_.within(origin, max(weapon.range for weapon in profile.weapons))
    best: tuple[int, float] | None = None
    for target in standing:
        if target.owner == attacker.owner or target.square not in near:
            continue
        distance = field_.board.distance(origin, target.square)
        aimed = field_.profile(target)
        left = aimed.strength - target.damage
        seen: bool | None = None
        for weapon in profile.weapons:
            dice = weapon.dice(aimed.troop)
            if not dice or distance > reach(field_, attacker, target, weapon):
                continue
            if seen is None:
                seen = sees(field_, units, attacker, target)
            if not seen and sight_problem(field_, units, attacker, weapon, target):
                continue
            armour = max(aimed.armour, cover_value(field_, attacker, weapon, target))
            share = _expected_hits(dice, armour, aimed.troop, left) / aimed.strength
            if best is None or share > best[1]:
                best = (target.id, share)
    return best


@cache
def _expected_hits(dice: int, armour: int, troop: bool, left: int) -> float:
    """The mean hits of an attack of ``dice`` against ``armour``, at most ``left``."""
    outcomes = Matchup(dice=dice, armour=armour, troop=troop).outcomes()
    return float(sum(chance * min(result.hits, left) for result, chance in outcomes.items()))
