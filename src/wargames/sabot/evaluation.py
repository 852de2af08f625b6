"""How a SABOT position looks to a bot (a heuristic, not a rule), read from the victory
condition, VIII: "When one player has lost all his/her units, the other player is the
winner."

A game is won by destroying units, so most of the score is material: the build points each
side still has on the board (a Disabled unit at half its worth, decoys at nothing), as a
:func:`~wargames.core.game.balance`.  Material alone is flat until the armies meet, and bots
that read only it never closed in: every game of a 20-turn limit was drawn.  So a side also
scores for *closing*: each of its armed units counts how near the nearest enemy unit stands
to its weapons' reach (:func:`~wargames.core.game.closeness`), weighted by its worth.  Only
a side's own closing counts for it, so both sides' bots seek the fight; whether standing in
range pays is then the material's business, once the shooting starts.

A scenario with other victory conditions (VIII: "the first person to meet their victory
conditions wins") overrides :meth:`~wargames.sabot.Sabot.evaluate` with its own reading.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from attrs import frozen

from wargames.core.game import balance, closeness
from wargames.sabot.state import DISABLED, OK
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot
    from wargames.sabot.state import SabotState, Unit

__all__ = ["WEIGHTS", "Weights", "closing", "evaluate", "material", "standing"]


@frozen
class Weights:
    """The share of the score each part takes (they sum to at most 1, so a game still on
    scores strictly inside (-1, 1))."""

    material: float = 0.9
    closing: float = 0.1


WEIGHTS = Weights()


def evaluate(game: Sabot, state: SabotState, player: str, weights: Weights = WEIGHTS) -> float:
    """``player``'s score of a game still on: material balance plus its own closing."""
    units = standing(state)
    worth = material(game, units)
    return weights.material * balance(worth[player], worth[game.opponent(player)]) / 0.9 + (
        weights.closing * closing(game, units, player)
    )


def standing(state: SabotState) -> list[Unit]:
    """The units still in the game (OK or Disabled; decoys are not units, VIII)."""
    return [u for u in state.units if u.status in (OK, DISABLED) and u.kind != DECOY]


def material(game: Sabot, units: Iterable[Unit]) -> dict[str, float]:
    """The build points each player has in ``units`` (:func:`standing`), a Disabled unit at
    half."""
    worth = dict.fromkeys(game.players, 0.0)
    for unit in units:
        value = game._worth.get(unit.kind, 0.0)
        worth[unit.owner] += value / 2 if unit.status == DISABLED else value
    return worth


def closing(game: Sabot, units: Sequence[Unit], player: str) -> float:
    """In [0, 1]: the worth-weighted mean, over ``player``'s armed units on the map (of
    ``units``, :func:`standing`), of how near the nearest enemy unit on the map stands to the
    unit's reach (1 within it).  The distance is the mean of the distances from the unit's
    own hex and from the hex it faces, so that turning towards the enemy (VI-a: a unit
    advances the way it faces) counts before the advance it allows."""
    enemies = [u.hex for u in units if u.owner != player and u.on_map]
    near = total = 0.0
    for unit in units:
        reach = game.reaches.get(unit.kind) if unit.owner == player else None
        if reach is None or not enemies or not unit.on_map:
            continue
        value = game._worth.get(unit.kind, 1.0)
        here = game.map.distance_from(unit.hex)
        nearest = min(enemies, key=here)
        ahead = game.map.steps[unit.hex][unit.facing]
        facing = game.map.distance(ahead, nearest) if ahead >= 0 else here(nearest)
        near += value * closeness((here(nearest) + facing) / 2, reach)
        total += value
    return near / total if total else 0.0
