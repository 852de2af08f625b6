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

from attrs import frozen

from wargames.core.board import Square
from wargames.core.game import closeness
from wargames.core.phases import Clock
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.scenario import strength_left
from wargames.gridscifi.state import Status, Unit

__all__ = [
    "WEIGHTS",
    "Weights",
    "evaluate",
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
) -> float:
    """``player``'s score of a game still on: objectives held and strength left.  ``left``:
    the turns each player still moves in (:func:`moves_left`; ``None``: no limit)."""
    if not field_.objectives:
        return (weights.objectives + weights.strength) * strength(field_, units, player)
    return weights.objectives * objectives(
        field_, units, player, left
    ) + weights.strength * strength(field_, units, player)


def moves_left(players: tuple[str, ...], clock: Clock, turns: int) -> dict[str, int]:
    """The turns in which each player still moves before the end of turn ``turns``: this
    one too for the player acting now and those after it in the turn order."""
    acted = {players[seat] for seat in clock.order[: clock.seat]}
    return {p: max(0, turns - clock.turn + (p not in acted)) for p in players}


def strength(field_: Battlefield, units: tuple[Unit, ...], player: str) -> float:
    """In [-1, 1]: the balance of each side's units, each counting the share of its models
    or hits it has left (units in reserve or aboard too: :func:`strength_left`)."""
    left = strength_left(field_, units)
    total = sum(left.values())
    return float((2 * left[player] - total) / total) if total else 0.0


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
