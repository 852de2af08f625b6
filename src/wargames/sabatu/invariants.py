"""What every Sabatu state the rules can reach keeps: the checks behind
:meth:`Sabatu.violations <wargames.sabatu.rules.Sabatu.violations>`, run on every loaded
document and, by the conformance suite, on every state of every playout.

A realm per seat, armies on the board's places, capitals owned by a seat or nobody with no
fewer than zero armies and walls, the turn at a known step of a seat, and no more dice than
a turn's roll and every "roll one more die" card of the deck can give.

The conservation laws of the "Items Included in the Game": every Spoils coin is in a
player's hand or in the Spoils bag, every Armory tile in a hand or in the Armory bag, every
Conquest and Destiny card in its deck or its discards, each as many of each kind as the
tables list (a view, which sees neither bag of tiles nor the decks' faces, checks what it
shows: no kind over its count); "Pawns - 8 per player": no player has more armies on the
board, at Home and in capitals; a capital is held exactly while an army is inside ("The first
army to occupy a capital becomes a garrison"), with at most the four walls that win;
"Capital Walls - 4 per player": no player has more than four walls they built standing,
round their own capitals or a captor's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from wargames.core.conservation import tally
from wargames.core.draws import Bag, Deck
from wargames.core.hidden import is_hidden
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
        if capital.armies < 0:
            yield f"capital {index} has {capital.armies} armies"
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
    yield from _components(game, state)
    yield from _armies(game, state)
    yield from _walls(game, state)


def _components(game: Sabatu, state: SabatuState) -> Iterator[str]:
    """Every coin, tile and card in one of its places, as many of each as the tables list."""
    tables = game.tables
    coins = [coin for realm in state.realms for coin in realm.coins]
    yield from _count("Spoils coins", coins, state.spoils, tables.numbers.coins, name=_coin)
    held = [tile.value for realm in state.realms for tile in realm.tiles if not is_hidden(tile)]
    unseen = sum(is_hidden(tile) for realm in state.realms for tile in realm.tiles)
    yield from _count("Armory tiles", held, state.armory, tables.armory, unseen)
    for name, deck, cards in (
        ("Conquest cards", state.conquest, tables.conquest),
        ("Destiny cards", state.destiny, tables.destiny),
    ):
        yield from _count(name, deck.discards, deck, cards)


def _count(
    what: str,
    out: Iterable[Hashable],
    source: Bag[Any] | Deck[Any],
    listed: Iterable[Hashable],
    unseen: int = 0,
    name: Callable[[Any], str] = str,
) -> Iterator[str]:
    """``what`` out of ``source`` (a bag or a deck, whose contents a view may hide) and in it
    are the ``listed`` ones."""
    inside = source.items if isinstance(source, Bag) else source.cards
    found = Counter(out)
    whole = not is_hidden(inside)
    if whole:
        found.update(inside)
    yield from tally(what, found, Counter(listed), unknown=unseen, whole=whole, name=name)


def _coin(value: int) -> str:
    return f"of value {value}"


def _armies(game: Sabatu, state: SabatuState) -> Iterator[str]:
    """At most eight armies a player; a capital held while an army is inside."""
    most = game.tables.numbers.max_armies
    for seat, realm in enumerate(state.realms):
        inside = sum(c.armies for c in state.capitals if c.owner == seat)
        if len(realm.armies) + inside > most:
            yield f"seat {seat} has {len(realm.armies) + inside} armies, of {most} pawns"
    walls = game.tables.numbers.win_walls
    for index, capital in enumerate(state.capitals):
        if (capital.owner == -1) != (capital.armies == 0):
            yield f"capital {index} is held by seat {capital.owner} with {capital.armies} armies"
        if capital.walls > walls:
            yield f"capital {index} has {capital.walls} walls, at most {walls}"


def _walls(game: Sabatu, state: SabatuState) -> Iterator[str]:
    """ "Capital Walls - 4 per player": the walls standing, by builder, are no more than each
    player's four (the rest are in their supply)."""
    built = Counter(seat for capital in state.capitals for seat in capital.builders)
    supply = Counter(dict.fromkeys(range(len(game.players)), game.tables.numbers.walls_per_player))
    yield from tally(
        "Capital walls", built, supply, whole=False, name=lambda seat: _builder(game, seat)
    )


def _builder(game: Sabatu, seat: int) -> str:
    players = game.players
    return f"built by {players[seat]}" if 0 <= seat < len(players) else f"built by seat {seat}"
