"""Combat (section VII): line of sight, firing arcs, modifiers and the exact resolution.

:func:`shot` is the one definition of a resolution: d10 + Damage against d10 + Toughness,
each with its modifiers, giving miss / disabled / destroyed.  Its ``distribution()`` is the
exact odds, its ``roll(rng)`` the played result.  :func:`matchup` answers hypothetical
match-ups of unit types from the table.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final

from attrs import frozen

from wargames.core import hexes
from wargames.core.dice import DiceExpr, d10, opposed
from wargames.core.distribution import Distribution
from wargames.core.hexes import Hex
from wargames.sabot.maps import SabotMap
from wargames.sabot.units import DEFAULT_TABLE, UnitTable

__all__ = [
    "DESTROYED",
    "DISABLED",
    "MISS",
    "Modifiers",
    "in_front_arc",
    "line_of_sight",
    "matchup",
    "scatter_odds",
    "judge",
    "rolls",
    "shot",
    "straight_ahead",
]

MISS: Final = "miss"
DISABLED: Final = "disabled"
DESTROYED: Final = "destroyed"


@frozen
class Modifiers:
    """Every modifier of section VII-a and III for one shot.

    ``attack`` and ``defense`` are the summed roll modifiers; ``soldier`` (ignores
    Disabled), ``fragile`` (a flyer, or a unit in water or a river: Disabled is Destroyed).
    """

    attack: int = 0
    defense: int = 0
    soldier: bool = False
    fragile: bool = False


@frozen
class _Judge:
    """Adjusted rolls to a result, for one target (VII-a)."""

    soldier: bool
    fragile: bool

    def __call__(self, rolled: tuple[int, int]) -> str:
        attack, defense = rolled
        result = DESTROYED if attack > defense else DISABLED if attack == defense else MISS
        if result == DISABLED and self.soldier:
            return MISS  # VII-a: soldiers ignore Disabled
        if result == DISABLED and self.fragile:
            return DESTROYED  # VII-a, III: flyers and units in water
        return result


def rolls(
    damage: int, toughness: int, modifiers: Modifiers = Modifiers()
) -> DiceExpr[tuple[int, int]]:
    """The adjusted attack and defense rolls: d10 + ``damage`` + attack modifiers, then
    d10 + ``toughness`` + defense modifiers."""
    return opposed(d10 + (damage + modifiers.attack), d10 + (toughness + modifiers.defense))


def judge(rolled: tuple[int, int], modifiers: Modifiers = Modifiers()) -> str:
    """The result of adjusted rolls: the function :func:`shot` applies to :func:`rolls`."""
    return _Judge(modifiers.soldier, modifiers.fragile)(rolled)


def shot(damage: int, toughness: int, modifiers: Modifiers = Modifiers()) -> DiceExpr[str]:
    """One attack: higher defense misses, equal rolls Disable, a higher attack Destroys.

    >>> shot(4, 6, Modifiers(attack=2)).distribution()["destroyed"]
    Fraction(9, 20)
    """
    judged = _Judge(modifiers.soldier, modifiers.fragile)
    return rolls(damage, toughness, modifiers).map(judged, "sabot result")


def matchup(
    attacker: str,
    defender: str,
    *,
    weapon: str = "main",
    table: UnitTable = DEFAULT_TABLE,
    painted: bool = False,
    disabled: bool = False,
    defense: int = 0,
    attack: int = 0,
) -> Distribution[str]:
    """Exact odds of a hypothetical shot: unit type ``attacker`` firing ``weapon`` (``main``
    or ``at``) at unit type ``defender``, with a laser paint, a Disabled target and any
    further terrain modifiers.

    >>> matchup("RSC", "HVT", weapon="at", painted=True)["miss"]
    Fraction(9, 20)
    """
    a, d = table[attacker], table[defender]
    damage = table.at_damage if weapon == "at" else a.damage
    missile = weapon == "at" or a.weapon == "gp_missile"
    bonus = attack + (2 if painted and missile else 0) + (1 if disabled else 0)
    if weapon == "at" and d.flying:
        bonus -= 1
    mods = Modifiers(bonus, defense, d.soldier, d.flying)
    return shot(damage, d.tough, mods).distribution()


def scatter_odds(hit: int) -> tuple[Fraction, Fraction]:
    """P(on target) and P(each of the six neighbours) of a scattering shot (VII-a)."""
    on = d10.at_least(hit).distribution()[True]
    return on, (1 - on) / 6


# -- geometry ------------------------------------------------------------------------------


def in_front_arc(origin: Hex, facing: int, target: Hex) -> bool:
    """Whether ``target`` lies in the 120-degree arc through the three hexes in front of a
    counter at ``origin`` facing ``facing`` (VII-a); ``origin`` itself is included."""
    w = (target - origin).rotate(-facing)
    return (w.q <= 0 and w.r <= 0) or (w.q >= 0 and w.q + w.r <= 0)


def straight_ahead(origin: Hex, facing: int, target: Hex) -> bool:
    """Whether ``target`` lies on the line of hexes straight ahead of ``origin``."""
    w = (target - origin).rotate(-facing)
    return w.q == 0 and w.r < 0


def line_of_sight(
    field: SabotMap,
    origin: int,
    target: int,
    blocks: Callable[[int], bool],
    *,
    flying: bool = False,
) -> bool:
    """Whether the line from hex centre to hex centre is clear (VII-a).

    A hex between them obstructs if ``blocks(hex)`` (units, as the caller rules) or its
    terrain does; where the line runs along a side it is "halfway" in both hexes, and
    either obstructs.  Two or more swamp hexes obstruct; a flying unit's line is broken
    only by buildings.
    """
    swamps = 0
    cells = field.cells
    index = field.board.index
    for step in hexes.line_pairs(cells[origin], cells[target])[1:-1]:
        swamp_here = False
        for cell in step:
            if cell not in field.board:
                continue
            i = index(cell)
            rule = field.terrain[i].blocks_los
            if rule == "building" or (not flying and (rule is True or blocks(i))):
                return False
            swamp_here = swamp_here or rule == "swamp"
        swamps += swamp_here
        if swamps >= 2 and not flying:
            return False
    return True
