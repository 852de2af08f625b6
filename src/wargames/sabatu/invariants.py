"""What every Sabatu state the rules can reach keeps: the checks behind
:meth:`Sabatu.violations <wargames.sabatu.rules.Sabatu.violations>`, run on every loaded
document and, by the conformance suite, on every state of every playout.

A realm per seat, armies on the board's places, capitals owned by a seat or nobody with no
fewer than zero armies and walls, the turn at a known step of a seat, and no more dice than
a turn's roll and every "roll one more die" card of the deck can give.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from wargames.sabatu.state import STEPS, SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["most_dice", "violations"]


def most_dice(game: Sabatu) -> int:
    """The most dice a turn can have: the roll and every extra die the Conquest deck holds."""
    cards = game.tables.cards
    extra = sum(max(cards[name].amount, 0) for name in game.tables.conquest)
    return game.dice_per_turn + extra


def violations(game: Sabatu, state: SabatuState) -> Iterator[str]:
    """Every invariant ``state`` breaks, each in a sentence."""
    seats = range(len(game.players))
    places = range(len(game.board))
    if len(state.realms) != len(seats):
        yield f"{len(state.realms)} realms for {len(seats)} players"
    for seat, realm in enumerate(state.realms):
        if any(place not in places for place in realm.armies):
            yield f"seat {seat} has an army off the board: {list(realm.armies)}"
    for index, capital in enumerate(state.capitals):
        if capital.owner != -1 and capital.owner not in seats:
            yield f"capital {index} belongs to seat {capital.owner}, not a player"
        if capital.armies < 0 or capital.walls < 0:
            yield f"capital {index} has {capital.armies} armies and {capital.walls} walls"
    if state.seat not in seats or state.first not in seats:
        yield f"seat {state.seat} (first {state.first}) is not a player's"
    if state.round < 1:
        yield f"round {state.round} is before the first"
    if state.step not in STEPS:
        yield f"the turn is at an unknown step {state.step!r}"
    most = most_dice(game)
    if not 0 <= state.dice_count <= most or len(state.dice) > most:
        yield f"{state.dice_count} dice to roll and {len(state.dice)} to use: at most {most}"
    if len(state.spent) > state.dice_count:
        yield f"{len(state.spent)} coins spent for {state.dice_count} dice"
    if state.losses < 0:
        yield f"{state.losses} armies to lose"
    battle = state.battle
    if battle is not None and (battle.origin not in places or battle.target not in places):
        yield f"a battle from {battle.origin} to {battle.target}, off the board"
