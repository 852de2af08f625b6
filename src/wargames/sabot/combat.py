"""Combat (section VII): line of sight, firing arcs, modifiers and the exact resolution.

:func:`shot` is the one definition of a resolution: d10 + Damage against d10 + Toughness,
each with its modifiers, giving miss / disabled / destroyed.  Its ``distribution()`` is the
exact odds, its ``roll(rng)`` the played result.  :func:`matchup` answers hypothetical
match-ups of unit types from the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Final

from attrs import frozen

from wargames.core.dice import DiceExpr, d10, opposed
from wargames.core.distribution import Distribution
from wargames.core.hexes import Hex
from wargames.sabot.maps import SabotMap
from wargames.sabot.terrain import DEFAULT_TERRAIN, TerrainTable
from wargames.sabot.units import DEFAULT_TABLE, UnitTable

__all__ = [
    "COMPASS",
    "DESTROYED",
    "DISABLED",
    "MISS",
    "Modifiers",
    "in_front_arc",
    "line_of_sight",
    "matchup",
    "scatter",
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


UNIT_TYPE: Final = "a unit type: " + ", ".join(sorted(DEFAULT_TABLE.types))
"""How ``wargames odds`` describes a unit-type input (the default table's symbols)."""


def matchup(
    attacker: Annotated[str, UNIT_TYPE],
    defender: Annotated[str, UNIT_TYPE],
    *,
    weapon: Annotated[str, "main or at"] = "main",
    painted: bool = False,
    disabled: bool = False,
    defense: int = 0,
    attack: int = 0,
    table: UnitTable | None = None,
) -> Distribution[str]:
    """Exact odds of a hypothetical shot: unit type ``attacker`` firing ``weapon`` (``main``
    or ``at``) at unit type ``defender``, with a laser paint, a Disabled target and any
    further attack and defense modifiers (terrain, prepared positions: VII-a, III), from
    ``table`` (the default unit table if None).

    >>> matchup("RSC", "HVT", weapon="at", painted=True)["miss"]
    Fraction(9, 20)

    :raises ValueError: for an unknown unit type or weapon, or a shot the rules forbid.
    """
    table = table or DEFAULT_TABLE
    if attacker not in table.types or defender not in table.types:
        raise ValueError(f"unit types are {', '.join(sorted(table.types))}")
    a, d = table[attacker], table[defender]
    if weapon not in ("main", "at") or (weapon == "at" and not a.at_missiles):
        raise ValueError(f"a {attacker} fires {'main or at' if a.at_missiles else 'main'}")
    gp = weapon == "main" and a.weapon == "gp_missile"
    if weapon == "main" and (a.weapon == "none" or not a.damage):
        raise ValueError(f"a {attacker} has no weapon that does damage")
    if d.flying and (gp or (weapon == "main" and a.damage >= 4)):
        raise ValueError("VII-a: Damage 4 or higher and GP missiles cannot attack flying units")
    if d.soldier and weapon == "at":
        raise ValueError("II: AT missiles can't be aimed at soldiers")
    damage = table.at_damage if weapon == "at" else a.damage
    bonus = attack + (2 if painted and (weapon == "at" or gp) and not d.soldier else 0)
    bonus += 1 if disabled else 0
    if weapon == "at" and d.flying:
        bonus -= 1
    mods = Modifiers(bonus, defense, d.soldier, d.flying)
    return shot(damage, d.tough, mods).distribution()


COMPASS: Final = ("north", "north-east", "south-east", "south", "south-west", "north-west")
"""Hex directions 0-5 by name."""


def scatter(facing: int = 0, terrain: TerrainTable | None = None) -> Distribution[str]:
    """Exact odds of where a scattering shot lands (VII-a): ``target``, or the neighbour of
    the target hex in a compass direction, for an attacker facing ``facing`` (0 north,
    clockwise), by the scatter table of ``terrain`` (the default one if None).

    >>> scatter(0)["target"], scatter(0)["north"]
    (Fraction(2, 5), Fraction(1, 10))

    :raises ValueError: for a facing outside 0-5.
    """
    if not 0 <= facing <= 5:
        raise ValueError(f"a facing is a hex direction 0-5, got {facing}")
    table = (terrain or DEFAULT_TERRAIN).scatter
    return d10.distribution().map(
        lambda face: "target" if face >= table.hit else COMPASS[table.landing(facing, face)]
    )


# -- geometry ------------------------------------------------------------------------------


def in_front_arc(origin: Hex, facing: int, target: Hex) -> bool:
    """Whether ``target`` lies in the 120-degree arc through the three hexes in front of a
    counter at ``origin`` facing ``facing`` (VII-a); ``origin`` itself is included."""
    q, r = _facing_north(target.q - origin.q, target.r - origin.r, facing)
    return (q <= 0 and r <= 0) or (q >= 0 and q + r <= 0)


def _facing_north(q: int, r: int, facing: int) -> tuple[int, int]:
    """The vector ``(q, r)`` turned as a counter facing ``facing`` turns to face north
    (``Hex(q, r).rotate(-facing)``, in whole numbers: no hexes made on the way)."""
    for _ in range(-facing % 6):
        q, r = -r, q + r
    return q, r


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
    terrain = field.terrain
    for step in field.sight_line(origin, target):
        swamp_here = False
        for i in step:
            rule = terrain[i].blocks_los
            if rule == "building" or (not flying and (rule is True or blocks(i))):
                return False
            swamp_here = swamp_here or rule == "swamp"
        swamps += swamp_here
        if swamps >= 2 and not flying:
            return False
    return True
