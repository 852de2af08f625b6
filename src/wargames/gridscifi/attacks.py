"""Attack dice, written once for play and for exact odds (rule text: "Attacks", "Troop Units",
"Non-Troop Units", "Weapon Types", "Take Cover", "Psychic Powers").

1. Roll the dice of the weapon against the type of target, one more for intense fire
   (:func:`attack_dice`); a psychic attacker chooses 1 to 4.
2. The highest die minus the target's armour, or the cover value 4 if it takes cover, is the
   number of hits.
3. A non-troop unit (armour 5) is hit only on a 6; a 5 "equals" its armour and pins it, and
   a second pin is a hit.  A troop unit that takes cover is pinned; one that loses several
   models to one attack is pinned unless a hero or leader commands it.
4. Each 1 a psychic rolls is a hit on the psychic unit itself.

:func:`effect` is that whole resolution as a function of the faces rolled;
:meth:`Matchup.roll` is the dice expression whose ``.roll(rng)`` plays it and whose
``.distribution()`` gives its exact odds.  :func:`hits` and :func:`pins` answer hypothetical
match-ups.

>>> from wargames.gridscifi.attacks import Matchup, effect
>>> effect(Matchup(dice=2, armour=4, troop=True, cover=True), (5, 2))  # the missile launcher
Effect(hits=1, pinned=True, self_hits=0)
>>> effect(Matchup(dice=4, armour=3, troop=True, psychic=True), (1, 3, 4, 6))  # the psychic
Effect(hits=3, pinned=True, self_hits=1)
"""

from __future__ import annotations

from functools import partial

from attrs import field, frozen
from attrs.validators import ge, instance_of, le

from wargames.core.dice import DiceExpr, Pool, d6, pool
from wargames.core.distribution import Distribution
from wargames.gridscifi.tables import Tables, WeaponType

__all__ = ["MOST_DICE", "Effect", "Matchup", "attack_dice", "effect", "hits", "matchup", "pins"]

MOST_DICE = 6
"""The most dice one attack rolls (a psychic's chosen dice, intense fire included)."""


@frozen
class Effect:
    """What one attack does: ``hits`` on the target (casualties or damage, before the
    target's remaining strength caps them), whether the target ends up ``pinned``, and the
    ``self_hits`` a psychic attacker takes from its 1s."""

    hits: int
    pinned: bool
    self_hits: int = 0


@frozen
class Matchup:
    """Everything an attack's result depends on besides the dice.

    ``armour`` is the value subtracted from the highest die: the target's armour factor, or
    the cover value if it takes ``cover``.  ``steady``: a troop target that ignores morale
    (hero, henchman or leader).  ``pinned``: the target is already pinned (a non-troop
    unit's second pin is a hit).
    """

    dice: int = field(validator=[instance_of(int), ge(1), le(MOST_DICE)])
    armour: int = field(validator=[instance_of(int), ge(0)])
    troop: bool = True
    cover: bool = False
    steady: bool = False
    pinned: bool = False
    psychic: bool = False

    def faces(self) -> Pool:
        """The dice of the attack; rolled, their faces in roll order."""
        return pool(self.dice, d6)

    def roll(self) -> DiceExpr[Effect]:
        """The attack as a dice expression: ``.roll(rng)`` or ``.distribution()``.  Rolling it
        draws what rolling :meth:`faces` draws and gives :func:`effect` of the faces.

        The effect depends only on the highest die and, for a psychic, the number of 1s, so
        the dice are folded into that pair as they are rolled: the exact distribution runs
        over at most 6 x 7 pairs a die, not over every ordered roll (6**6 for six dice).
        """
        faces = self.faces()
        step = _highest_and_ones if self.psychic else _highest
        summary = faces.fold((0, 0), step, f"highest and 1s of {faces}")
        return summary.map(partial(_resolve, self), f"attack of {faces}")

    def outcomes(self) -> Distribution[Effect]:
        """The exact distribution of the attack's :class:`Effect`."""
        return self.roll().distribution()


def effect(matchup: Matchup, faces: tuple[int, ...]) -> Effect:
    """The effect of an attack that rolled ``faces`` ("Attacks" steps 3-5)."""
    return _resolve(matchup, (max(faces), faces.count(1)))


def _highest_and_ones(seen: tuple[int, int], face: int) -> tuple[int, int]:
    return max(seen[0], face), seen[1] + (face == 1)


def _highest(seen: tuple[int, int], face: int) -> tuple[int, int]:
    return max(seen[0], face), 0  # the 1s matter to a psychic only


def _resolve(matchup: Matchup, rolled: tuple[int, int]) -> Effect:
    """The effect of an attack whose highest die and number of 1s are ``rolled``."""
    highest, ones = rolled
    hits = max(0, highest - matchup.armour)
    self_hits = ones if matchup.psychic else 0
    if matchup.troop:
        morale = hits >= 2 and not matchup.steady
        return Effect(hits, matchup.cover or morale or matchup.pinned, self_hits)
    shaken = highest == matchup.armour
    if shaken and matchup.pinned:
        hits += 1  # "If a non-troop unit is pinned a second time, then it sustains a hit."
    return Effect(hits, shaken or matchup.pinned, self_hits)


def attack_dice(
    weapon: WeaponType, troop_target: bool, tables: Tables, *, intense: bool = False
) -> int:
    """How many dice ``weapon`` rolls against a troop (or non-troop) target, with one more for
    intense fire; 0 when it cannot attack such a target.  For a psychic weapon, the most the
    attacker may choose."""
    base = weapon.dice(troop_target)
    if base == 0:
        return 0
    return base + (tables.numbers.intense_dice if intense else 0)


def matchup(
    tables: Tables,
    weapon: str,
    *,
    target: str = "full",
    cover: bool = False,
    intense: bool = False,
    psychic_dice: int = 0,
    steady: bool = False,
    pinned: bool = False,
    cover_value: int = 4,
) -> Matchup:
    """A hypothetical attack: ``weapon`` (a type of ``data/rules.toml``, e.g. ``"blast"``)
    against a ``target`` given by its armour class (``"light"``, ``"full"``, ``"heavy"``)
    for troops or ``"non_troop"``; a target taking ``cover`` uses ``cover_value`` ("cover
    value of 4" for every terrain of the text).

    :raises ValueError: for an unknown weapon or target, a weapon that cannot attack that
        target, a psychic attack without 1 to 4 dice, or cover for a non-troop unit or
        against a weapon that denies it.
    """
    kind = tables.weapons.get(weapon)
    if kind is None:
        raise ValueError(f"unknown weapon type {weapon!r}; known: {sorted(tables.weapons)}")
    troop = target != "non_troop"
    if troop and target not in tables.armour:
        raise ValueError(f"unknown target {target!r}: an armour class or 'non_troop'")
    if cover and (not troop or kind.denies_cover):
        raise ValueError(f"a {target} target cannot take cover against a {weapon}")
    if kind.psychic:
        most = tables.numbers.psychic_max_dice
        if not 1 <= psychic_dice <= most or intense:
            raise ValueError(f"a psychic attack rolls 1 to {most} dice, chosen by the attacker")
        dice = psychic_dice
    else:
        dice = attack_dice(kind, troop, tables, intense=intense)
        if dice == 0:
            raise ValueError(f"a {weapon} weapon cannot attack a {target} target")
    armour = tables.armour[target] if troop else tables.numbers.non_troop_armour
    return Matchup(
        dice=dice,
        armour=cover_value if cover else armour,
        troop=troop,
        cover=cover,
        steady=steady,
        pinned=pinned,
        psychic=kind.psychic,
    )


def hits(attack: Matchup) -> Distribution[int]:
    """The exact distribution of the number of hits on the target."""
    return attack.outcomes().map(_hits)


def pins(attack: Matchup) -> Distribution[bool]:
    """The exact distribution of whether the target ends up pinned."""
    return attack.outcomes().map(_pinned)


def _hits(result: Effect) -> int:
    return result.hits


def _pinned(result: Effect) -> bool:
    return result.pinned
