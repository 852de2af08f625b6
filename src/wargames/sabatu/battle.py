"""Fighting Battles: the dice, written once for play and for exact odds (rule text:
"Fighting Battles", "Armory Tiles", "Capital Walls").

"Each player, then, rolls one die and the numbers on the Armory tiles are added to the roll
of the die.  The army with the highest total amount is victorious.  In the event of a tie,
the attacker has the option of continuing the attack or retreat."  "As long as a Capital has
one or more walls any army within the walls has a 1 point advantage."

:func:`battle_dice` is the one definition: play rolls it, :func:`battle` gives its exact
distribution for any tiles and walls, and :func:`assault` the chance that one army takes a
capital held by several, fighting on after every tie and every win.

>>> battle(attack=2, defence=0)["attacker"]
Fraction(13, 18)
>>> battle(walls=1)["defender"]
Fraction(7, 12)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from wargames.core.dice import DiceExpr, d6, opposed
from wargames.core.distribution import Distribution

__all__ = ["OUTCOMES", "assault", "battle", "battle_dice", "winner"]

OUTCOMES: Final = ("attacker", "defender", "tie")
WALL_BONUS: Final = 1
"""The walled capital's point ("a 1 point advantage"); the tables may change it."""


def winner(totals: tuple[int, int]) -> str:
    """Who wins with these totals (attacker's first): the higher, else ``tie``."""
    if totals[0] > totals[1]:
        return "attacker"
    if totals[1] > totals[0]:
        return "defender"
    return "tie"


def battle_dice(attack: int, defence: int) -> DiceExpr[tuple[int, int]]:
    """One die each plus the tiles' values (and the walls' point in ``defence``)."""
    return opposed(d6 + attack, d6 + defence)


def battle(
    attack: int = 0, defence: int = 0, walls: int = 0, wall_bonus: int = WALL_BONUS
) -> Distribution[str]:
    """Exact odds of one battle: ``attack`` and ``defence`` are the sums of the tiles each
    side lays down; ``walls`` the defended capital's walls (any wall gives ``wall_bonus``).

    :raises ValueError: for negative inputs.
    """
    if min(attack, defence, walls, wall_bonus) < 0:
        raise ValueError("tile values, walls and the wall bonus are never negative")
    bonus = wall_bonus if walls > 0 else 0
    return battle_dice(attack, defence + bonus).distribution().map(winner)


def assault(defenders: int = 1, attack: int = 0, defence: int = 0, walls: int = 0) -> Fraction:
    """The chance that one army takes a capital held by ``defenders`` armies, continuing the
    attack after every tie and every victory ("the aggressor may continue the attack,
    defeating as many occupying armies as possible"), with the same tiles in every battle.

    :raises ValueError: for fewer than one defender or negative inputs.
    """
    if defenders < 1:
        raise ValueError("a held capital has at least one defender")
    odds = battle(attack, defence, walls)
    decided = odds["attacker"] + odds["defender"]
    return (odds["attacker"] / decided) ** defenders
