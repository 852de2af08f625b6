"""Hidden information and conservation, as hypothesis properties over random games: at
most 8 armies; coins and tiles conserved between players and bags; views never show another
player's tiles (unless seen changing hands), the Armory bag or the decks' order; a
determinisation keeps the view and resamples the rest."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.hidden import Secret, is_hidden
from wargames.core.rng import Rng
from wargames.sabatu import Move, Sabatu, SabatuArmories, SabatuState
from wargames.sabatu.armies import army_count
from wargames.sabatu.bags import pick_slot, slot_draws
from wargames.testing import states

from .helpers import TWO, names, position

FOUR = Sabatu(players=4)
ARMORIES = SabatuArmories(players=3)


def _all_tiles(state: SabatuState) -> Counter[str]:
    held = [str(t.value) for realm in state.realms for t in realm.tiles]
    return Counter(held) + Counter(state.armory.items)


@settings(max_examples=15, deadline=None)
@given(states(FOUR, max_steps=250))
def test_never_more_than_eight_armies(state: SabatuState) -> None:
    for seat in range(4):
        assert army_count(state, seat) <= 8


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([FOUR, ARMORIES]).flatmap(lambda g: states(g, max_steps=250)))
def test_coins_and_tiles_are_conserved(state: SabatuState) -> None:
    game = FOUR if len(state.realms) == 4 else ARMORIES
    coins = Counter(c for realm in state.realms for c in realm.coins) + Counter(state.spoils.items)
    assert coins == Counter(game.tables.numbers.coins)
    assert _all_tiles(state) == Counter(game.tables.armory)
    for deck, full in (
        (state.conquest, game.tables.conquest),
        (state.destiny, game.tables.destiny),
    ):
        assert Counter(deck.cards) + Counter(deck.discards) == Counter(full)


@settings(max_examples=15, deadline=None)
@given(states(ARMORIES, max_steps=250))
def test_views_hide_other_tiles_the_bag_and_the_decks(state: SabatuState) -> None:
    for player in ARMORIES.players:
        view = ARMORIES.view(state, player)
        assert is_hidden(view.armory.items)
        assert is_hidden(view.conquest.cards)
        assert is_hidden(view.destiny.cards)
        assert view.spoils == state.spoils, "the Spoils bag is public"
        for seat, realm in enumerate(view.realms):
            for shown, real in zip(realm.tiles, state.realms[seat].tiles, strict=True):
                visible = player in real.known_to
                assert is_hidden(shown) != visible
                if seat == ARMORIES.seat(player):
                    assert visible, "a player always sees their own tiles"
        if state.battle is not None and player != state.battle.attacker:
            assert is_hidden(view.battle.attack)  # type: ignore[union-attr]


@settings(max_examples=10, deadline=None)
@given(states(FOUR, max_steps=200), st.sampled_from(FOUR.players), st.randoms())
def test_a_determinisation_keeps_the_view(
    state: SabatuState, player: str, rng: random.Random
) -> None:
    sample = FOUR.sample_state(state, player, rng)
    assert FOUR.view(sample, player) == FOUR.view(state, player)
    assert _all_tiles(sample) == Counter(FOUR.tables.armory)
    assert FOUR.legal_actions(sample, player) == FOUR.legal_actions(state, player)


def test_a_drawn_tile_is_seen_by_its_holder_only() -> None:
    """ "A player's Armory tiles must be kept on the table, face down": red's tile drawn on an
    Armory space shows to red; blue sees that red has one tile, not which."""
    state = position(armies={"red": ["nw.7"]}, dice=[1])
    state = TWO.apply(state, Move("red", "nw.7", 1, "nw.8"))
    (tile,) = state.realms[0].tiles
    assert tile.known_to == {"red"}
    (seen,) = TWO.view(state, "blue").realms[0].tiles
    assert is_hidden(seen)
    assert not is_hidden(TWO.view(state, "red").realms[0].tiles[0])


def test_determinisations_differ_in_what_is_hidden() -> None:
    state = FOUR.start(seed=3)
    samples = {FOUR.sample_state(state, "red", random.Random(i)).conquest for i in range(5)}
    assert len(samples) > 1, "the deck's order is resampled"


def test_a_view_with_an_empty_armory_bag_offers_no_tile_to_buy() -> None:
    """How many tiles the bag holds is public (every tile not in a hand): a view whose bag
    is empty does not offer "buy tile"."""
    every = list(TWO.tables.armory)
    state = position(
        armies={"red": ["home"], "blue": ["home"]},
        coins={"red": [5]},
        tiles={"red": every[:23], "blue": every[23:]},
        dice=[3],
    )
    assert len(state.armory) == 0
    seen = TWO.legal_actions(TWO.view(state, "red"), "red")
    assert "buy tile" not in names(seen)
    assert names(seen) == names(TWO.legal_actions(state, "red"))


def test_which_of_several_tiles_of_a_name_is_picked_up_is_drawn() -> None:
    """Default (docs/sabatu.md): a tile laid down or traded is one of the player's face-down
    tiles of that name at random, so where it lay tells nothing of its neighbours; with one
    such tile nothing is drawn; ``slot_draws`` replays a given pick."""
    hand = tuple(Secret(name, frozenset({"red"})) for name in ("axe", "shield", "axe"))
    picks = {pick_slot(Rng.from_seed(seed), hand, "axe")[0] for seed in range(40)}
    assert picks == {0, 2}
    stream = Rng.from_seed(1)
    assert pick_slot(stream, hand, "shield") == (1, stream), "one choice: no draw"
    assert pick_slot(stream, hand, "axe", skip={0}) == (2, stream)
    for slot in (0, 2):
        forced = stream.with_forced(*slot_draws(hand, "axe", slot))
        assert pick_slot(forced, hand, "axe")[0] == slot
