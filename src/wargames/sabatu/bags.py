"""Drawing from the bags (rule text: "Spoils Coins", "Armory Tiles"): on landing on a
"Spoils" or "Armory" space "by exact count", from cards, and by purchase; and coins and
tiles changing hands (the Spoils of battle, trades).

"A player's Armory tiles must be kept on the table, face down": a drawn tile is a
:class:`~wargames.core.hidden.Secret` of its drawer, logged as "a tile"; coins are public.
A tile that changes hands is known to its taker too (:func:`hand_over`).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from wargames.core.hidden import Secret
from wargames.core.rng import Rng
from wargames.sabatu.armies import with_realm
from wargames.sabatu.state import Drew, Realm, SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["armory_size", "draw_coins", "draw_tiles", "hand_over", "pick_slot", "slot_draws"]


def armory_size(game: Sabatu, state: SabatuState) -> int:
    """How many tiles the Armory bag holds: every tile of the game not in a hand (public,
    though the bag's contents are not)."""
    return len(game.tables.armory) - sum(len(realm.tiles) for realm in state.realms)


def _matching(tiles: tuple[Secret[str], ...], name: str, skip: Collection[int]) -> list[int]:
    return [i for i, tile in enumerate(tiles) if tile.value == name and i not in skip]


def pick_slot(
    rng: Rng, tiles: tuple[Secret[str], ...], name: str, skip: Collection[int] = ()
) -> tuple[int, Rng]:
    """Which face-down tile named ``name`` (not in ``skip``) a player picks up from their
    hand: one of them at random (a draw only when there is a choice), so the place it came
    from tells nobody about the tiles beside it."""
    matching = _matching(tiles, name, skip)
    if len(matching) == 1:
        return matching[0], rng
    index, rng = rng.below(len(matching))
    return matching[index], rng


def slot_draws(
    tiles: tuple[Secret[str], ...], name: str, slot: int, skip: Collection[int] = ()
) -> tuple[int, ...]:
    """The draws that make :func:`pick_slot` pick ``slot`` (for replaying a past)."""
    matching = _matching(tiles, name, skip)
    return () if len(matching) == 1 else (matching.index(slot),)


def draw_coins(game: Sabatu, state: SabatuState, seat: int, count: int) -> SabatuState:
    """``seat`` draws ``count`` coins from the Spoils bag (as many as it holds)."""
    for _ in range(min(count, len(state.spoils))):
        coin, bag, rng = state.spoils.draw(state.rng)
        realm = state.realms[seat]
        coins = tuple(sorted((*realm.coins, coin)))
        event = Drew(game.players[seat], coin)
        realm = Realm(realm.armies, coins, realm.tiles)
        state = with_realm(state, seat, realm, spoils=bag, rng=rng, log=state.log.with_event(event))
    return state


def draw_tiles(game: Sabatu, state: SabatuState, seat: int, count: int) -> SabatuState:
    """``seat`` draws ``count`` tiles from the Armory bag, face down (as many as it has)."""
    player = game.players[seat]
    for _ in range(min(count, len(state.armory))):
        tile, bag, rng = state.armory.draw(state.rng)
        realm = state.realms[seat]
        realm = Realm(realm.armies, realm.coins, (*realm.tiles, Secret(tile, {player})))
        event = Drew(player, 0)
        state = with_realm(state, seat, realm, armory=bag, rng=rng, log=state.log.with_event(event))
    return state


def hand_over(
    game: Sabatu,
    realms: tuple[Realm, ...],
    giver: int,
    taker: int,
    *,
    coin: int = 0,
    slot: int = -1,
) -> tuple[Realm, ...]:
    """The ``realms`` after ``giver`` hands ``taker`` a coin of ``coin``, or else their tile
    in ``slot`` (which the taker now knows as well)."""
    source, target = realms[giver], realms[taker]
    if coin:
        coins = list(source.coins)
        coins.remove(coin)
        gone = Realm(source.armies, tuple(coins), source.tiles)
        got = Realm(target.armies, tuple(sorted((*target.coins, coin))), target.tiles)
    else:
        tile = source.tiles[slot]
        gone = Realm(source.armies, source.coins, source.tiles[:slot] + source.tiles[slot + 1 :])
        known = tile.with_known_to(game.players[taker])
        got = Realm(target.armies, target.coins, (*target.tiles, known))
    handed = list(realms)
    handed[giver], handed[taker] = gone, got
    return tuple(handed)
