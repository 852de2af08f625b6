"""SAW's dice, written once for play and for exact odds (rule text: "Attack", "Damage", and
the advanced rule "Coordinated attacks").

* To hit: "The attacker rolls 2d6, adds his accuracy, and subtracts the range penalty. The
  defender rolls 2d6 and adds his evasion.  If the attacker's result is greater ... the attack
  hit" — :func:`to_hit` and :func:`hits`.
* Damage: "The attacker rolls 2d6 and adds his damage.  The defender rolls 2d6 and adds his
  endurance.  Subtract the defender's roll from the attacker's to get the number of hit
  points" (none if that is not positive) — :func:`to_wound` and :func:`wounds`.
* :class:`AttackDice` chains them: damage is rolled only after a hit.  Play calls its
  :meth:`~AttackDice.rolls`; odds call :meth:`~AttackDice.distribution`.  Both use the same
  expressions and the same two functions, so they cannot disagree.

Hypothetical match-ups: :func:`hit_chance` and :func:`hit_points`; a coordinated attack passes
one accuracy, damage and distance per weapon ("their accuracy and damage traits are added
together and rolled as one attack. Range modifiers are subtracted for both weapons").
:func:`design_prior` and :func:`hit_points_against` give the odds against a unit whose traits
are secret, as :meth:`wargames.saw.Saw.odds` uses them.

>>> from fractions import Fraction
>>> hit_chance(4, 0, 1)  # the text's Balanced unit shoots the Bruiser next to it
Fraction(493, 648)
>>> hit_points(4, 0, 4, 8, 1)[0] == 1 - Fraction(493, 648) * Fraction(126, 1296)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache

from attrs import frozen

from wargames.core.chance import Chance
from wargames.core.dice import DiceExpr, Opposed, d6, opposed
from wargames.core.distribution import Distribution
from wargames.core.rng import Rng
from wargames.saw.arena import RangeTable, load_range_table
from wargames.saw.units import count_designs

__all__ = [
    "DEFAULT_RANGE",
    "AttackDice",
    "Rolls",
    "attack_dice",
    "design_prior",
    "hit_chance",
    "hit_points",
    "hit_points_against",
    "hits",
    "mean_hit_points",
    "to_hit",
    "to_wound",
    "wounds",
]

DEFAULT_RANGE = load_range_table()
"""1 penalty point per 5 hexes ("1 to 5 | 1", "6 to 10 | 2", ...)."""

TWO_D6 = 2 * d6


@cache
def to_hit(accuracy: int, evasion: int, penalty: int = 0) -> Opposed:
    """The attack roll against the defence roll: ``2d6 + accuracy - penalty`` vs
    ``2d6 + evasion``; the raw result is the pair of totals."""
    return opposed(TWO_D6 + (accuracy - penalty), TWO_D6 + evasion)


@cache
def to_wound(damage: int, endurance: int) -> Opposed:
    """The damage roll against the endurance roll: ``2d6 + damage`` vs ``2d6 + endurance``."""
    return opposed(TWO_D6 + damage, TWO_D6 + endurance)


def hits(totals: tuple[int, int]) -> bool:
    """Whether an attack with these totals hit: strictly greater ("less than or equal ...
    missed")."""
    return totals[0] > totals[1]


def wounds(totals: tuple[int, int]) -> int:
    """The hit points a damage roll with these totals inflicts (never negative)."""
    return max(0, totals[0] - totals[1])


def _taken(hit: bool, points: int) -> int:
    return points if hit else 0


@frozen
class Rolls:
    """Everything one attack rolled: the attack and defence totals, and after a hit the
    damage and endurance totals."""

    to_hit: tuple[int, int]
    to_wound: tuple[int, int] | None

    @property
    def hit(self) -> bool:
        return hits(self.to_hit)

    @property
    def hit_points(self) -> int:
        """The hit points taken: 0 after a miss."""
        return 0 if self.to_wound is None else wounds(self.to_wound)


@frozen
class AttackDice(DiceExpr[int]):
    """One attack, from the attack roll to the hit points it inflicts: ``attack`` is the
    attacker's accuracy less the range penalty (summed over a coordinated attack's weapons),
    ``damage`` its damage; ``evasion`` and ``endurance`` are the defender's.

    The damage dice are rolled only if the attack hits (:meth:`rolls`); the distribution
    combines the two independent contests with the same :func:`hits` and :func:`wounds`.
    """

    attack: int
    evasion: int
    damage: int
    endurance: int

    @property
    def hit(self) -> Opposed:
        return to_hit(self.attack, self.evasion)

    @property
    def wound(self) -> Opposed:
        return to_wound(self.damage, self.endurance)

    def rolls(self, rng: Rng) -> tuple[Rolls, Rng]:
        """Roll the attack with the stream: the full record, and the advanced stream."""
        totals, rng = self.hit.roll(rng)
        if not hits(totals):
            return Rolls(totals, None), rng
        damage, rng = self.wound.roll(rng)
        return Rolls(totals, damage), rng

    def roll(self, rng: Rng) -> tuple[int, Rng]:
        rolls, rng = self.rolls(rng)
        return rolls.hit_points, rng

    def hit_distribution(self) -> Distribution[bool]:
        """Whether it hits, exactly."""
        return _hit_table(self.attack, self.evasion)

    def distribution(self) -> Distribution[int]:
        """The hit points taken, exactly (0 for a miss or a hit without damage)."""
        return self.hit_distribution().combine(_wound_table(self.damage, self.endurance), _taken)

    def chance(self) -> Chance[int]:
        """:meth:`distribution` with the draws that roll each result (the damage dice only
        after a hit, as :meth:`rolls` rolls them)."""
        wound = self.wound.chance().map(wounds)
        missed = Chance.certain(0)
        return self.hit.chance().map(hits).then(lambda hit: wound if hit else missed, _taken)

    def __str__(self) -> str:
        return f"hit points of ({self.hit}, then {self.wound})"


@cache
def _hit_table(attack: int, evasion: int) -> Distribution[bool]:
    return to_hit(attack, evasion).map(hits).distribution()


@cache
def _wound_table(damage: int, endurance: int) -> Distribution[int]:
    return to_wound(damage, endurance).map(wounds).distribution()


@cache
def mean_hit_points(attack: int, evasion: int, damage: int, endurance: int) -> Fraction:
    """The expected hit points of :class:`AttackDice` with these terms (``attack`` is the
    accuracy less the range penalty), exactly; bots weigh plotted attacks with it."""
    return AttackDice(attack, evasion, damage, endurance).distribution().mean()


def attack_dice(
    accuracy: int, evasion: int, damage: int, endurance: int, penalty: int
) -> AttackDice:
    """The dice of one attack whose modifiers are known (sums, for a coordinated attack)."""
    return AttackDice(accuracy - penalty, evasion, damage, endurance)


def _per_weapon(value: int | Sequence[int], name: str) -> tuple[int, ...]:
    values = (value,) if isinstance(value, int) else tuple(value)
    if not values:
        raise ValueError(f"{name} needs at least one value")
    return values


def _penalty(
    accuracy: int | Sequence[int],
    distance: int | Sequence[int],
    range_table: RangeTable | None,
    cover: int,
) -> tuple[int, int]:
    """Total accuracy and total range penalty of one attack (coordinated if several)."""
    accuracies = _per_weapon(accuracy, "accuracy")
    distances = _per_weapon(distance, "distance")
    if len(distances) != len(accuracies):
        raise ValueError(f"{len(accuracies)} weapons need {len(accuracies)} distances")
    if any(d < 1 for d in distances):
        raise ValueError(f"attacks are at a distance of 1 hex or more, got {list(distances)}")
    table = range_table or DEFAULT_RANGE
    return sum(accuracies), sum(table.penalty(d) for d in distances) + cover


def hit_chance(
    accuracy: int | Sequence[int],
    evasion: int,
    distance: int | Sequence[int] = 1,
    *,
    range_table: RangeTable | None = None,
    cover: int = 0,
) -> Fraction:
    """The exact chance that an attack hits.

    ``accuracy`` and ``distance`` are one value per weapon (several for a coordinated attack);
    ``cover`` is any extra range penalty of the terrain along the line of fire.

    >>> hit_chance([2, 2], 4, [1, 6])  # two units coordinate: 4 accuracy, 1 + 2 penalty
    Fraction(103, 648)
    """
    total, penalty = _penalty(accuracy, distance, range_table, cover)
    return _hit_table(total - penalty, evasion)[True]


def hit_points(
    accuracy: int | Sequence[int],
    evasion: int,
    damage: int | Sequence[int],
    endurance: int,
    distance: int | Sequence[int] = 1,
    *,
    range_table: RangeTable | None = None,
    cover: int = 0,
) -> Distribution[int]:
    """The exact distribution of the hit points one attack inflicts (0: a miss, or a hit
    that did no damage).  Per-weapon values as in :func:`hit_chance`."""
    total, penalty = _penalty(accuracy, distance, range_table, cover)
    damages = _per_weapon(damage, "damage")
    if len(damages) != len(_per_weapon(accuracy, "accuracy")):
        raise ValueError("a coordinated attack needs one damage per accuracy")
    return AttackDice(total - penalty, evasion, sum(damages), endurance).distribution()


@cache
def design_prior(
    points: int, weapons: int = 1, cap: int | None = None, damaged: bool = False
) -> Distribution[tuple[int, int]]:
    """The distribution of a secret unit's ``(evasion, endurance)`` when every design of its
    points is equally likely; for a ``damaged`` unit, whose remaining points are secret, every
    total from 1 to ``points - 1`` is taken as equally likely first.

    :raises ValueError: for a damaged unit of 1 point (it would be destroyed).
    """
    totals = range(1, points) if damaged else range(points, points + 1)
    if not totals:
        raise ValueError(f"a damaged unit of {points} point(s) cannot still stand")
    weights: dict[tuple[int, int], Fraction] = {}
    for total in totals:
        whole = count_designs(total, weapons, cap)
        for evasion in range(total + 1):
            for endurance in range(total - evasion + 1):
                ways = count_designs(total - evasion - endurance, weapons, cap, free=1)
                if ways:
                    key = (evasion, endurance)
                    weights[key] = weights.get(key, Fraction(0)) + Fraction(ways, whole)
    return Distribution.from_weights(weights)


@cache
def hit_points_against(
    accuracy: int, damage: int, penalty: int, prior: Distribution[tuple[int, int]]
) -> Distribution[int]:
    """The hit points an attack inflicts on a defender whose ``(evasion, endurance)`` follow
    ``prior``: the mixture of :func:`hit_points` over it.  Whether it hits depends on the
    evasion alone and the damage on the endurance alone, so the mixture is summed over the
    endurance: ``P(hit, endurance)`` times the damage distribution, plus every miss."""
    hit_and: dict[int, Fraction] = {}
    for (evasion, endurance), chance in prior.items():
        hit = _hit_table(accuracy - penalty, evasion)[True]
        hit_and[endurance] = hit_and.get(endurance, Fraction(0)) + chance * hit
    parts = [(p, _wound_table(damage, endurance)) for endurance, p in hit_and.items()]
    parts.append((1 - sum(hit_and.values(), Fraction(0)), Distribution.certain(0)))
    return _mixture(parts)


def _mixture(parts: Iterable[tuple[Fraction, Distribution[int]]]) -> Distribution[int]:
    """The distribution that draws a part with its chance, then an outcome from it."""
    total: dict[int, Fraction] = {}
    for chance, part in parts:
        for outcome, p in part.items():
            total[outcome] = total.get(outcome, Fraction(0)) + chance * p
    return Distribution(total)
