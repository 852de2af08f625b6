"""Determinisation: a full Sabatu state consistent with everything one player knows.

What a player does not know (see :mod:`wargames.sabatu.state`): other players' face-down
tiles (those they have not seen change hands), the Armory bag, the order of both decks, the
tiles the other side has laid down in a battle not yet revealed, and the tile of a trade
between two others.  Nothing seen constrains them beyond the counts: every tile of the game
is in a hand or the bag, and every card not on a discard pile is in its deck.  So
:func:`determinize` deals the tiles the player cannot see at random from those not seen,
the rest to the bag, shuffles each deck's unseen cards, and takes the unseen battle tiles
and traded tiles from the sampled hands.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from wargames.core.draws import remaining
from wargames.core.hidden import Secret, is_hidden
from wargames.sabatu.state import Battle, Deal, Realm, SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["determinize"]


def determinize(game: Sabatu, view: SabatuState, player: str, rng: random.Random) -> SabatuState:
    """A full state whose view for ``player`` is ``view``."""
    seen = [str(tile.value) for realm in view.realms for tile in realm.tiles if not is_hidden(tile)]
    pool = remaining(game.tables.armory, seen)
    rng.shuffle(pool)
    realms: list[Realm] = []
    for seat, realm in enumerate(view.realms):
        owner = game.players[seat]
        tiles = []
        for tile in realm.tiles:
            tiles.append(Secret(pool.pop(), {owner}) if is_hidden(tile) else tile)
        realms.append(Realm(realm.armies, realm.coins, tuple(tiles)))
    state = view.with_changes(
        rng=game.fresh_rng(rng),
        realms=tuple(realms),
        armory=view.armory.resample(pool, ()),
        conquest=view.conquest.resample(game.tables.conquest, rng),
        destiny=view.destiny.resample(game.tables.destiny, rng),
    )
    if view.battle is not None:
        state = state.with_changes(battle=_battle(view.battle))
    if view.deal is not None:
        state = state.with_changes(deal=_deal(game, state, view.deal, rng))
    return state


def _battle(fight: Battle) -> Battle:
    """Tiles the other side laid down unseen: none (nothing of them shows until both are
    ready, and then the battle is over)."""
    attack = () if is_hidden(fight.attack) else fight.attack
    defence = () if is_hidden(fight.defence) else fight.defence
    return attrs.evolve(fight, attack=attack, defence=defence)


def _deal(game: Sabatu, state: SabatuState, deal: Deal, rng: random.Random) -> Deal:
    """A deal between two others: its tiles, if any, drawn from the sampled hands."""
    if not is_hidden(deal.give_tile):
        return deal

    def tile_of(player: str, wanted: bool) -> str:
        if not wanted:
            return ""
        held = state.realms[game.seat(player)].tiles
        return str(rng.choice(held).value)

    trading = deal.kind == "trade"
    give = tile_of(deal.by, trading and not deal.give_coin)
    get = tile_of(deal.to, trading and deal.answered and not deal.get_coin)
    return attrs.evolve(deal, give_tile=give, get_tile=get)
