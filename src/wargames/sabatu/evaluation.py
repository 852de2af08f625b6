"""How a Sabatu position looks to a bot (a heuristic, not a rule), read from the "Object of
the Game": seize and occupy three capitals at once, or build four walls around one capital,
and hold it until the start of your next turn.

A player's :func:`material` counts what wins and what wins battles, at :data:`WEIGHTS`:
each capital held and each wall around one, and again each wall around the capital with the
most (four walls there win: a wall added to a capital that already has the most brings the
builder's victory nearer than one spread to a second capital), then armies, Armory tiles and
Spoils points.  Spreading walls was a blind spot of the flat count: watched greedy games
were lost to a fourth wall while the loser's four walls stood two and two.

Where the armies stand (:func:`position`): each capital the player does not hold counts
``approach`` at the closeness of their nearest army that may move (steps on the board, 1
within ``reach``, a turn's two dice); and a victory must be held "until the beginning of
their next turn", so a capital held with an enemy army that may move within ``reach`` of it
is ``exposed``: that share of what it counts (the capital and its walls) is taken off, and a
victory held out of every enemy's reach counts ``hold`` more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from wargames.core.game import closeness
from wargames.sabatu.armies import army_count
from wargames.sabatu.state import SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["WEIGHTS", "Weights", "material", "position"]


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
    approach: float = 1.0
    """Each capital the player does not hold, at the closeness of their nearest army that
    may move."""
    exposed: float = 0.5
    """The share of a held capital's count (the capital, its walls) taken off while an enemy
    army that may move stands within ``reach`` of it."""
    hold: float = 6.0
    """A victory (three capitals, or four walls round one) no enemy army can reach."""
    reach: float = 7.0
    """Steps an army is reckoned to cover in a turn: the mean of two dice."""


WEIGHTS = Weights()


def material(game: Sabatu, state: SabatuState, seat: int, weights: Weights = WEIGHTS) -> float:
    """A player's strength for bots: capitals and walls (the most walled capital's twice),
    then armies, tiles and Spoils points, and where the armies stand (:func:`position`)."""
    realm = state.realms[seat]
    walls = [c.walls for c in state.capitals if c.owner == seat]
    return (
        weights.capital * len(walls)
        + weights.wall * sum(walls)
        + weights.most_walls * max(walls, default=0)
        + weights.army * army_count(state, seat)
        + weights.tile * len(realm.tiles)
        + weights.spoils * sum(realm.coins)
        + position(game, state, seat, weights)
    )


def movers(game: Sabatu, state: SabatuState, seat: int) -> list[int]:
    """Where ``seat`` has an army that may move: spaces, Home, and capitals holding more
    than their garrison."""
    found = list(state.realms[seat].armies)
    found += [
        node
        for node, capital in zip(game.board.capitals, state.capitals, strict=True)
        if capital.owner == seat and capital.armies > 1
    ]
    return found


def position(game: Sabatu, state: SabatuState, seat: int, weights: Weights = WEIGHTS) -> float:
    """What ``seat``'s armies' places are worth: ``approach`` for each capital not theirs
    at the closeness of their nearest army that may move; for each capital theirs, its count
    (``capital``, its walls at ``wall``) times ``exposed`` taken off while an enemy army
    that may move is within ``reach``; ``hold`` for a victory with no capital of it exposed."""
    board = game.board
    mine = movers(game, state, seat)
    theirs = [p for s in range(len(state.realms)) if s != seat for p in movers(game, state, s)]
    numbers = game.tables.numbers
    score = 0.0
    held: list[tuple[int, bool]] = []  # walls and whether exposed, per capital held
    for node, capital in zip(board.capitals, state.capitals, strict=True):
        steps = board.steps_from(node)
        if capital.owner != seat:
            if mine:
                score += weights.approach * closeness(min(steps[p] for p in mine), weights.reach)
            continue
        exposed = any(steps[p] <= weights.reach for p in theirs)
        held.append((capital.walls, exposed))
        if exposed:
            score -= weights.exposed * (weights.capital + weights.wall * capital.walls)
    safe = [walls for walls, exposed in held if not exposed]
    if len(safe) >= numbers.win_capitals or max(safe, default=0) >= numbers.win_walls:
        score += weights.hold
    return score
