"""How a Sabatu position looks to a bot (a heuristic, not a rule), read from the "Object of
the Game": seize and occupy three capitals at once, or build four walls around one capital,
"and ... hold it until the beginning of their next turn".

A player's :func:`material` counts what wins and what wins battles, at :data:`WEIGHTS`:
each capital held and each wall around one, and again each wall around the capital with the
most (four walls there win: a wall added to a capital that already has the most brings the
builder's victory nearer than one spread to a second capital), then armies, Armory tiles and
Spoils points.  Spreading walls was a blind spot of the flat count: watched greedy games
were lost to a fourth wall while the loser's four walls stood two and two.

Two terms read where the armies stand against the dice (issue 38):

* ``threat``: each capital a player does not hold, at the chance they take it in one turn
  (:func:`take`): their nearest army that may move gets in with a turn's dice (no exact
  count is needed to enter a capital, and one army may use every die), then wins the
  assault against every army inside, walls and best tiles counted
  (:func:`~wargames.sabatu.battle.assault`).
* ``confirmed``: a victory held now is won only if it still stands when its holder's next
  turn begins, so :func:`evaluate` weighs it at the chance nobody takes back a capital it
  needs first (:func:`holds`): the player moving now with the dice they have left, the
  players after them with a turn's dice.  Taking the third capital where the rival's armies
  are too far to answer is then nearly a won game; taking it under their walls is not.

One more is read by the search only (:data:`SEARCH`, :meth:`Sabatu.search_evaluate
<wargames.sabatu.Sabatu.search_evaluate>`), so greedy cannot copy it: ``seize``, a victory a
player can seize in their coming turn (:func:`seizes`): the third capital, or the walls a
capital still needs bought with the coins they hold.  Without it a rival one capital short,
their army beside the third, scores as a capital in reach (``threat``), and the bots left
that capital to a garrison of one (docs/bots-record.md, seventh session).  Read by both bots
it made each stronger against its former self but not ``mcts`` against greedy.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING

from attrs import frozen

from wargames.core.dice import d6
from wargames.core.game import balance
from wargames.sabatu.armies import army_count
from wargames.sabatu.battle import assault
from wargames.sabatu.purchases import walls_built
from wargames.sabatu.state import SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = [
    "SEARCH",
    "WEIGHTS",
    "Weights",
    "evaluate",
    "holds",
    "material",
    "seizes",
    "take",
    "takes",
]


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
    threat: float = 3.0
    """Each capital the player does not hold, at the chance they take it in one turn."""
    confirmed: float = 0.95
    """A victory held now, at the chance it stands until its holder's next turn (a won
    game scores 1)."""
    seize: float = 0.0
    """A victory a player can seize in their coming turn, at that chance, as a share of one
    held now (it must then stand until their next turn); 0, uncounted, but in
    :data:`SEARCH`."""


WEIGHTS = Weights()
SEARCH = Weights(seize=0.5)
"""The weights a search scores its positions by (:meth:`Sabatu.search_evaluate
<wargames.sabatu.Sabatu.search_evaluate>`): :data:`WEIGHTS` with a victory the player can
seize in their coming turn counted at half of one held."""


@cache
def _at_least(dice: int, steps: int) -> float:
    """The chance ``dice`` d6 come to ``steps`` or more (exact)."""
    if steps <= dice:
        return 1.0
    if dice == 0 or steps > 6 * dice:
        return 0.0
    return float((dice * d6).total().at_least(steps).distribution()[True])


@cache
def _assault(defenders: int, attack: int, defence: int, walls: int) -> float:
    return float(assault(defenders, attack, defence, walls))


def _best_tile(game: Sabatu, state: SabatuState, seat: int) -> int:
    """The value of the best tile ``seat`` holds (0 without one)."""
    tiles = game.tables.tiles
    return max((tiles[t.value].value for t in state.realms[seat].tiles), default=0)


def _movers(game: Sabatu, state: SabatuState, seat: int, turn: bool) -> list[int]:
    """Where ``seat`` has an army that may move: spaces, Home, capitals beyond the garrison;
    over a ``turn`` to come, Home for a player with none ("the player starts over, at the
    beginning of their next turn, with 1 army at home")."""
    found = list(state.realms[seat].armies)
    found += [
        node
        for node, capital in zip(game.board.capitals, state.capitals, strict=True)
        if capital.owner == seat and capital.armies > 1
    ]
    if not found and turn:
        found.append(game.home(seat))
    return found


def take(
    game: Sabatu, state: SabatuState, seat: int, number: int, dice: int | None = None
) -> float:
    """The chance ``seat`` takes capital ``number`` (its place in ``board.capitals``) in one
    turn: a turn's dice (or, given ``dice``, that many spaces: what a player moving now has
    left) bring their nearest army that may move inside ("An exact roll is not needed to
    enter a capital"), then it wins the assault on every army inside (walls and each side's
    best tile counted)."""
    return takes(game, state, seat, dice)[number]


def takes(
    game: Sabatu, state: SabatuState, seat: int, dice: int | None = None
) -> tuple[float, ...]:
    """:func:`take` for every capital, in ``board.capitals``' order."""
    movers = _movers(game, state, seat, dice is None)
    if not movers:
        return (0.0,) * len(state.capitals)
    board = game.board
    attack = -1  # the best tile, looked up once a battle is in reach
    found: list[float] = []
    for node, capital in zip(board.capitals, state.capitals, strict=True):
        if capital.owner == seat:
            found.append(0.0)
            continue
        steps = board.steps_from(node)
        nearest = min(steps[place] for place in movers)
        if dice is None:
            reach = _at_least(game.dice_per_turn, nearest)
        else:
            reach = 1.0 if dice >= nearest else 0.0
        if reach and capital.owner >= 0:
            if attack < 0:
                attack = _best_tile(game, state, seat)
            defence = _best_tile(game, state, capital.owner)
            reach *= _assault(capital.armies, attack, defence, capital.walls)
        found.append(reach)
    return tuple(found)


def _dice_left(state: SabatuState, seat: int) -> int | None:
    """The spaces ``seat`` still has to move this turn if they are moving now (the sum of
    their dice), else ``None``: a turn's dice to come."""
    if seat == state.seat and state.step == "move":
        return sum(d.value for d in state.dice)
    return None


def _needed(game: Sabatu, state: SabatuState, seat: int) -> list[tuple[int, ...]]:
    """For each victory ``seat`` holds now, the capitals a rival must take to undo it:
    any one of the three held (all but two of more), or the four-walled one."""
    numbers = game.tables.numbers
    held = [i for i, c in enumerate(state.capitals) if c.owner == seat]
    found: list[tuple[int, ...]] = []
    if len(held) >= numbers.win_capitals:
        found.append(tuple(held))
    found += [(i,) for i in held if state.capitals[i].walls >= numbers.win_walls]
    return found


def holds(game: Sabatu, state: SabatuState, seat: int) -> float:
    """The chance the victory ``seat`` holds now still stands when their next turn begins
    (0 without one): every rival who moves before then (the one moving now with the dice
    they have left, the rest with a turn's) fails to take back a capital it needs."""
    victories = _needed(game, state, seat)
    if not victories:
        return 0.0
    count = len(state.realms)
    win = game.tables.numbers.win_capitals
    stands = 1.0
    rival = state.seat if state.seat != seat else (seat + 1) % count
    while rival != seat:
        odds = takes(game, state, rival, _dice_left(state, rival))
        undone = 1.0  # the chance the rival undoes every victory held
        for needed in victories:
            chances = sorted((odds[i] for i in needed), reverse=True)
            if len(needed) <= win:
                undo = 1.0 - math.prod(1.0 - p for p in chances)
            else:
                undo = math.prod(chances[: len(needed) - win + 1])
            undone *= undo
        stands *= 1.0 - undone
        rival = (rival + 1) % count
    return stands


def seizes(game: Sabatu, state: SabatuState, seat: int) -> float:
    """The chance ``seat``, holding no victory now, seizes one in their coming turn (the
    player moving now with the dice they have left, the others with a turn's): the capital
    they take most surely while they hold all but one of the capitals that win; or, 1 for
    the player moving now, the walls a capital they hold still needs to four, bought with
    the coins they hold ("Walls for your occupied capital can be purchased by Spoils
    coin(s) with a total value of five"), for another player at the chance the player
    moving now does not take that capital first."""
    if _needed(game, state, seat):
        return 0.0
    numbers = game.tables.numbers
    held = [i for i, c in enumerate(state.capitals) if c.owner == seat]
    found = 0.0
    if len(held) == numbers.win_capitals - 1:
        found = max(takes(game, state, seat, _dice_left(state, seat)))
    walls = sum(state.realms[seat].coins) // game.prices["wall"]
    walls = min(walls, numbers.walls_per_player - walls_built(state, seat))
    built = [i for i in held if state.capitals[i].walls + walls >= numbers.win_walls]
    if built:
        mover = state.seat
        if mover == seat:
            return 1.0
        odds = takes(game, state, mover, _dice_left(state, mover))
        found = max(found, max(1.0 - odds[i] for i in built))
    return found


def material(game: Sabatu, state: SabatuState, seat: int, weights: Weights = WEIGHTS) -> float:
    """A player's strength for bots: capitals and walls (the most walled capital's twice),
    then armies, tiles and Spoils points, and each capital not theirs at the chance they
    take it in a turn (``threat``)."""
    realm = state.realms[seat]
    walls = [c.walls for c in state.capitals if c.owner == seat]
    threat = sum(takes(game, state, seat))
    return (
        weights.capital * len(walls)
        + weights.wall * sum(walls)
        + weights.most_walls * max(walls, default=0)
        + weights.army * army_count(state, seat)
        + weights.tile * len(realm.tiles)
        + weights.spoils * sum(realm.coins)
        + weights.threat * threat
    )


def _victory(game: Sabatu, state: SabatuState, seat: int, weights: Weights) -> float:
    """The share of a won game ``seat``'s victories count for: one held now at the chance
    it stands (:func:`holds`), one they can seize in their coming turn at ``seize`` times
    that chance (:func:`seizes`); a player has one or the other."""
    held = holds(game, state, seat)
    if not weights.seize:
        return held
    return held + weights.seize * seizes(game, state, seat)


def evaluate(game: Sabatu, state: SabatuState, seat: int, weights: Weights = WEIGHTS) -> float:
    """A game not over, for ``seat``: a victory held now (theirs or the strongest rival's)
    at ``confirmed`` times the chance it stands (:func:`holds`), or one they can seize in
    their coming turn at ``seize`` times that chance (:func:`seizes`); the rest of the chance the
    :func:`~wargames.core.game.balance` of their :func:`material` against the strongest
    other player's."""
    others = [s for s in range(len(state.realms)) if s != seat]
    mine = _victory(game, state, seat, weights)
    theirs = max(_victory(game, state, s, weights) for s in others)
    if mine + theirs > 1.0:  # both hold one: whoever's turn comes first wins, not both
        mine, theirs = mine / (mine + theirs), theirs / (mine + theirs)
    best = max(material(game, state, s, weights) for s in others)
    rest = balance(material(game, state, seat, weights), best)
    return weights.confirmed * (mine - theirs) + (1.0 - mine - theirs) * rest
