"""How a Grid SciFi position looks to a bot (a heuristic, not a rule), read from how the
scenario is won (:mod:`wargames.gridscifi.scenario`; rule text, "Sequence of Play": "a set
number of turns or when set scenario victory conditions are met").

At the end of the last turn the player controlling more objectives wins (a ground unit on
or next to one and no enemy there), and destroying every enemy unit wins at once.  So the
score has two parts, each in [-1, 1]:

- **objectives**: for each objective, how firmly each side holds it (1 for a ground unit on
  the table on or next to it, else :func:`~wargames.core.game.closeness` of its nearest
  one), mine less theirs, averaged over the objectives; a contested objective is even;
- **strength**: the balance of the share of each unit's models or hits left, which wins by
  annihilation and decides who can hold the objectives at the end.

An evaluation that counted strength alone lost to random play (it never went for the
objectives that decide the game).  A scenario without objectives scores strength alone.  A
subclass with other victory conditions (:meth:`~wargames.gridscifi.GridSciFi.victory`)
overrides :meth:`~wargames.gridscifi.GridSciFi.evaluate` with its own reading.
"""

from __future__ import annotations

from fractions import Fraction

from attrs import frozen

from wargames.core.board import Square
from wargames.core.game import closeness
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.state import Status, Unit

__all__ = ["WEIGHTS", "Weights", "evaluate", "holding", "objectives", "strength"]


@frozen
class Weights:
    """The share of the score each part takes; they sum to less than 1, so a game still on
    scores strictly inside (-1, 1)."""

    objectives: float = 0.5
    strength: float = 0.4


WEIGHTS = Weights()


def evaluate(
    field_: Battlefield, units: tuple[Unit, ...], player: str, weights: Weights = WEIGHTS
) -> float:
    """``player``'s score of a game still on: objectives held and strength left."""
    if not field_.objectives:
        return (weights.objectives + weights.strength) * strength(field_, units, player)
    return weights.objectives * objectives(field_, units, player) + weights.strength * strength(
        field_, units, player
    )


def strength(field_: Battlefield, units: tuple[Unit, ...], player: str) -> float:
    """In [-1, 1]: the balance of each side's units, each counting the share of its models
    or hits it has left (units in reserve or aboard too)."""
    left = dict.fromkeys(field_.players, Fraction(0))
    for unit in units:
        if unit.alive:
            profile = field_.profile(unit)
            left[unit.owner] += Fraction(profile.strength - unit.damage, profile.strength)
    total = sum(left.values())
    return float((2 * left[player] - total) / total) if total else 0.0


def holding(field_: Battlefield, units: tuple[Unit, ...], owner: str, objective: Square) -> float:
    """In (0, 1]: how firmly ``owner`` holds ``objective``: 1 with a ground unit on the table
    on or next to it (what control needs), else the closeness of the nearest one (0 with
    none on the table)."""
    distances = [
        field_.board.distance(u.square, objective)
        for u in units
        if u.owner == owner
        and u.status is Status.TABLE
        and u.square is not None
        and not field_.profile(u).flyer
    ]
    return closeness(min(distances), 1) if distances else 0.0


def objectives(field_: Battlefield, units: tuple[Unit, ...], player: str) -> float:
    """In [-1, 1]: the mean over the objectives of how firmly ``player`` holds each, less
    how firmly the enemy does."""
    other = next(p for p in field_.players if p != player)
    return sum(
        holding(field_, units, player, square) - holding(field_, units, other, square)
        for square in field_.objectives
    ) / len(field_.objectives)
