"""How a Sabatu position looks to a bot (a heuristic, not a rule), read from the "Object of
the Game": seize and occupy three capitals at once, or build four walls around one capital,
and hold it until the start of your next turn.

A player's :func:`material` counts what wins and what wins battles, at :data:`WEIGHTS`:
each capital held and each wall around one, and again each wall around the capital with the
most (four walls there win: a wall added to a capital that already has the most brings the
builder's victory nearer than one spread to a second capital), then armies, Armory tiles and
Spoils points.  Spreading walls was a blind spot of the flat count: watched greedy games
were lost to a fourth wall while the loser's four walls stood two and two.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from wargames.sabatu.armies import army_count
from wargames.sabatu.state import SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["WEIGHTS", "Weights", "material"]


@frozen
class Weights:
    """What each thing a player has is worth (library defaults, for bots)."""

    capital: float = 6.0
    wall: float = 2.0
    most_walls: float = 2.0
    """Each wall around the player's most walled capital, on top of ``wall``."""
    army: float = 1.0
    tile: float = 0.5
    spoils: float = 0.25
    """A Spoils point (a coin's value)."""


WEIGHTS = Weights()


def material(game: Sabatu, state: SabatuState, seat: int, weights: Weights = WEIGHTS) -> float:
    """A player's strength for bots: capitals and walls (the most walled capital's twice),
    then armies, tiles and Spoils points."""
    realm = state.realms[seat]
    walls = [c.walls for c in state.capitals if c.owner == seat]
    return (
        weights.capital * len(walls)
        + weights.wall * sum(walls)
        + weights.most_walls * max(walls, default=0)
        + weights.army * army_count(state, seat)
        + weights.tile * len(realm.tiles)
        + weights.spoils * sum(realm.coins)
    )
