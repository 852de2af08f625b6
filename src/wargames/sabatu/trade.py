"""Trade and hire: negotiations between players (rule text: "Trade"; "Variations", Variant
#2).

"At any time during their turn a player may trade with other players ... one-for-one
trades.  They can consist of one Spoils coin for one Spoils coin, one Armory tile for one
Armory tile or one Spoils coin for one Armory tile, the value of each to be determined by
the players involved in the trade."  A trade is three small actions: the player whose turn
it is offers one of their coins or tiles to another player (:class:`Offer`); that player
answers with one of their own (:class:`Counter`) or declines; the first accepts or
declines.  A tile named in a trade is seen by the two traders only.

Variant #2, "hire another player's army for one turn to fight for them, price to be
negotiated": :class:`Hire` names the army, its owner names a price (:class:`Ask`, one coin
of that value) or declines, and the hirer accepts (paying the coin) or declines.

Library defaults, not given in the rules: offers are made in the move step of the turn, at
most ``offers_per_turn`` (2) a turn; a hired army may move and fight with its hirer's dice
and tiles but neither enters capitals nor goes Home, and fights neither its owner nor its
hirer; its hirer wins or pays the Spoils of its battles, its owner loses it if it is beaten.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from wargames.core.events import Event
from wargames.core.rng import Rng
from wargames.sabatu.armies import owner_at
from wargames.sabatu.bags import hand_over, pick_slot
from wargames.sabatu.state import (
    Accept,
    Ask,
    Counter,
    Deal,
    Decline,
    Declined,
    Hire,
    Hired,
    HireOffered,
    Offer,
    Offered,
    Priced,
    Realm,
    SabatuAction,
    SabatuState,
    Traded,
)

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["apply_deal", "answers", "offers"]


def _items(realm: Realm) -> tuple[list[int], list[str]]:
    """A realm's distinct coin values and tile names (for its holder, who sees them all)."""
    coins = sorted(set(realm.coins))
    tiles = sorted({str(tile.value) for tile in realm.tiles})
    return coins, tiles


def _hand_offers(game: Sabatu, seat: int, realm: Realm) -> tuple[SabatuAction, ...]:
    """The trade offers of ``seat`` holding ``realm``: each other player, each coin value,
    each tile name.  Remembered for each seat until its hand changes (the coins and tiles
    are immutable tuples, kept as they are while the armies move)."""
    memo = game.remembered.hands
    known = memo.get(seat)
    if known is None or known[0] is not realm.coins or known[1] is not realm.tiles:
        player = game.players[seat]
        coins, tiles = _items(realm)
        found: list[SabatuAction] = []
        for partner in game.players:
            if partner == player:
                continue
            found.extend(Offer(player, partner, coin=coin) for coin in coins)
            found.extend(Offer(player, partner, tile=tile) for tile in tiles)
        known = memo[seat] = (realm.coins, realm.tiles, tuple(found))
    return known[2]


def offers(game: Sabatu, state: SabatuState) -> list[SabatuAction]:
    """The trade offers (and under Variant #2 the hires) the player to move may make."""
    if state.offers >= game.tables.numbers.offers_per_turn:
        return []
    seat = state.seat
    player = game.players[seat]
    found: list[SabatuAction] = list(_hand_offers(game, seat, state.realms[seat]))
    if game.hiring and state.realms[seat].coins:
        for other, realm in enumerate(state.realms):
            if other == seat:
                continue
            found.extend(
                Hire(player, game.board.node(army))
                for army in sorted(set(realm.armies))
                if game.board.is_space(army) and army not in state.hired
            )
    return found


def answers(game: Sabatu, state: SabatuState, player: str) -> list[SabatuAction]:
    """What ``player`` may do with the deal on the table."""
    deal = state.deal
    assert deal is not None
    if deal.answered:
        if deal.kind == "hire" and deal.get_coin not in state.realms[game.seat(deal.by)].coins:
            return [Decline(player)]
        return [Accept(player), Decline(player)]
    if deal.kind == "hire":
        prices = sorted(set(game.tables.numbers.coins))
        return [*(Ask(player, price) for price in prices), Decline(player)]
    coins, tiles = _items(state.realms[game.seat(player)])
    return [
        *(Counter(player, deal.by, coin=coin) for coin in coins),
        *(Counter(player, deal.by, tile=tile) for tile in tiles),
        Decline(player),
    ]


def apply_deal(game: Sabatu, state: SabatuState, action: SabatuAction) -> SabatuState:
    """The state after a negotiation action."""
    if isinstance(action, Offer):
        offer = Deal("trade", action.player, action.partner, action.coin, action.tile)
        event: Event = Offered(action.player, action.partner, action.coin, action.tile)
        return state.with_changes(
            deal=offer, step="deal", offers=state.offers + 1, log=state.log.with_event(event)
        )
    if isinstance(action, Hire):
        army = game.board.index(action.army)
        owner = game.players[owner_at(game, state, army)]
        hire = Deal("hire", action.player, owner, army=army)
        event = HireOffered(action.player, action.army)
        return state.with_changes(
            deal=hire, step="deal", offers=state.offers + 1, log=state.log.with_event(event)
        )
    deal = state.deal
    assert deal is not None
    if isinstance(action, Counter):
        answer = attrs.evolve(deal, get_coin=action.coin, get_tile=action.tile, answered=True)
        event = Offered(action.player, action.partner, action.coin, action.tile, counter=True)
        return state.with_changes(deal=answer, log=state.log.with_event(event))
    if isinstance(action, Ask):
        answer = attrs.evolve(deal, get_coin=action.price, answered=True)
        event = Priced(action.player, action.price)
        return state.with_changes(deal=answer, log=state.log.with_event(event))
    if isinstance(action, Decline):
        event = Declined(action.player)
        return state.with_changes(deal=None, step="move", log=state.log.with_event(event))
    assert isinstance(action, Accept)
    by, to = game.seat(deal.by), game.seat(deal.to)
    if deal.kind == "hire":
        event = Hired(deal.by, deal.to, game.board.node(deal.army), deal.get_coin)
        return state.with_changes(
            deal=None,
            step="move",
            realms=hand_over(game, state.realms, by, to, coin=deal.get_coin),
            hired=(*state.hired, deal.army),
            log=state.log.with_event(event),
        )
    realms = state.realms
    gave, rng = _slot(state.rng, realms[by], deal.give_coin, deal.give_tile)
    got, rng = _slot(rng, realms[to], deal.get_coin, deal.get_tile)
    realms = hand_over(game, realms, by, to, coin=deal.give_coin, slot=gave)
    # The taker's tile is found before the giver's arrives at the end of their hand.
    realms = hand_over(game, realms, to, by, coin=deal.get_coin, slot=got)
    event = Traded(deal.by, deal.to, deal.give_coin, deal.get_coin, gave, got)
    return state.with_changes(
        deal=None, step="move", rng=rng, realms=realms, log=state.log.with_event(event)
    )


def _slot(rng: Rng, giver: Realm, coin: int, tile: str) -> tuple[int, Rng]:
    """Where in ``giver``'s hand the traded ``tile`` is picked up (-1 for a coin)."""
    if coin:
        return -1, rng
    return pick_slot(rng, giver.tiles, tile)
