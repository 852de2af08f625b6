"""Purchases with Spoils coins (rule text: "Spoils Coins", "Capital Walls", "Armory Tiles",
"Ports and Ships").

"A player may use Spoils coin(s) to make the following purchases at any time during their
turn.  (Change may be obtained from the Spoils bag.)  1 Spoils point - draw random Armory
from bag; 2 Spoils points - new army to place at home; 3 Spoils points - hire a ship;
5 Spoils points - capital wall."  "Walls for your occupied capital"; four walls win, so
a capital takes at most four; "Capital Walls - 4 per player": a player builds no more
while four they built stand (:func:`walls_built`).  Which coins pay:
:func:`wargames.sabatu.spoils.pay`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.sabatu.armies import add_armies, army_count, with_capital, with_realm
from wargames.sabatu.bags import armory_size, draw_tiles
from wargames.sabatu.spoils import pay
from wargames.sabatu.state import Bought, Buy, Capital, Realm, SabatuAction, SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["buy", "pay_for", "purchases", "walls_built"]


def purchases(game: Sabatu, state: SabatuState, player: str) -> list[SabatuAction]:
    """What the player to move can afford: a tile (while the bag holds one), an army (below
    8), a wall for each capital they hold with fewer than four, while fewer than their four
    walls stand."""
    seat = state.seat
    purse = sum(state.realms[seat].coins)
    prices = game.prices
    numbers = game.tables.numbers
    found: list[SabatuAction] = []
    if purse >= prices["tile"] and armory_size(game, state):
        found.append(Buy(player, "tile"))
    if purse >= prices["army"] and army_count(state, seat) < numbers.max_armies:
        found.append(Buy(player, "army"))
    if purse >= prices["wall"] and walls_built(state, seat) < numbers.walls_per_player:
        found.extend(
            Buy(player, "wall", game.board.node(node))
            for node, capital in zip(game.board.capitals, state.capitals, strict=True)
            if capital.owner == seat and capital.walls < numbers.win_walls
        )
    return found


def walls_built(state: SabatuState, seat: int) -> int:
    """How many walls seat ``seat`` built stand round any capital (theirs or a captor's)."""
    return sum(capital.builders.count(seat) for capital in state.capitals)


def pay_for(game: Sabatu, state: SabatuState, item: str, price: int) -> SabatuState:
    """The player to move pays ``price`` for ``item`` into the Spoils bag and takes the
    change from it."""
    seat = state.seat
    realm = state.realms[seat]
    paid, change = pay(realm.coins, price, state.spoils.items)
    coins = list(realm.coins)
    for coin in paid:
        coins.remove(coin)
    coins.extend(change)
    event = Bought(game.players[seat], item, paid, change)
    spoils = state.spoils.put(*paid)
    return with_realm(
        state,
        seat,
        Realm(realm.armies, tuple(sorted(coins)), realm.tiles),
        spoils=spoils.take(*change) if change else spoils,
        log=state.log.with_event(event),
    )


def buy(game: Sabatu, state: SabatuState, action: Buy) -> SabatuState:
    """A tile "randomly drawn from the bag", an army at Home, or a wall "for your occupied
    capital"."""
    seat = state.seat
    item = f"wall {action.at}" if action.item == "wall" else action.item
    state = pay_for(game, state, item, game.prices[action.item])
    if action.item == "tile":
        return draw_tiles(game, state, seat, 1)
    if action.item == "army":
        return add_armies(game, state, seat, 1)
    number = game.board.capitals.index(game.board.index(action.at))
    capital = state.capitals[number]
    return with_capital(
        state, number, Capital(capital.owner, capital.armies, (*capital.builders, seat))
    )
