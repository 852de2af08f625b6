"""Sampled pasts (issue 23): what a player can deduce from the history, and every sampled
past replaying to what the player saw, view by view."""

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wargames.core.draws import Bag, Deck
from wargames.core.hidden import is_hidden
from wargames.core.history import History
from wargames.core.rng import Rng
from wargames.sabatu import (
    Decline,
    Offer,
    Roll,
    Sabatu,
    SabatuArmories,
    SabatuMercenaries,
    SabatuState,
)
from wargames.sabatu.past import Plan, draw_secrets, name_tiles, replay, shuffle_draws, skeleton
from wargames.sabatu.turn import begin_turn, set_up
from wargames.testing import check_history

from .helpers import TWO, random_game


def _opening(game: Sabatu, conquest: list[str], tiles: list[str]) -> SabatuState:
    """Red begins with the Conquest cards ``conquest`` on top of the deck, and the tiles its
    cards draw are ``tiles`` (each forced out of the bag in turn)."""
    rest = list(game.tables.conquest)
    for card in conquest:
        rest.remove(card)
    bag = list(Bag.of(game.tables.armory).items)
    draws = []
    for tile in tiles:
        draws.append(bag.index(tile))
        bag.remove(tile)
    before = set_up(
        game,
        Deck((*conquest, *rest)),
        Deck(game.tables.destiny),
        0,
        Rng.from_seed(1).with_forced(*draws),
    )
    return begin_turn(game, before)


def test_a_tile_offered_in_a_trade_that_fell_through_is_still_in_its_hand() -> None:
    """Red draws a tile (Smiths), offers blue an ax for a trade; blue declines.  Red's one
    face-down tile is that ax in every past blue samples."""
    start = _opening(TWO, ["Smiths"], ["ax"])
    states = [start]
    for action in (Roll("red"), Offer("red", "blue", tile="ax"), Decline("blue")):
        states.append(TWO.apply(states[-1], action))
    view = TWO.view(states[-1], "blue")
    for seed in range(20):
        rng = random.Random(seed)
        assert [t.value for t in TWO.sample_state(view, "blue", rng).realms[0].tiles] == ["ax"]
        check_history(TWO, states, "blue", rng)


def test_the_sampled_past_rolls_the_dice_the_player_saw() -> None:
    """The past's start is the set-up, and replaying it rolls the dice of the real game."""
    start = _opening(TWO, ["Smiths"], ["sword"])
    after = TWO.apply(start, Roll("red"))
    history = TWO.sample_history(TWO.view(after, "blue"), "blue", random.Random(3))
    first = history.start
    assert isinstance(first, SabatuState)
    assert TWO.view(first, "blue") == TWO.view(start, "blue")
    assert [str(a) for a in history.actions] == ["roll"]
    last = history.final(TWO)
    assert isinstance(last, SabatuState)
    assert last.dice == after.dice
    assert History(history.start, history.actions).final(TWO) == last, "its own last state"


def test_a_tile_drawn_while_every_ax_was_out_of_the_bag_is_no_ax() -> None:
    """Four tiles the player knows are axes (all the game has) are out of the bag when
    another player draws a tile; they go back later.  That tile is never an ax, though the
    bag holds axes now."""
    plan = Plan.__new__(Plan)
    plan.draws = [0, 1, 2, 3, 4]
    plan.known = {0: "ax", 1: "ax", 2: "ax", 3: "ax"}
    plan.pins = []
    plan.alive = {0: range(5), 1: range(1, 5), 2: range(2, 5), 3: range(3, 5), 4: range(4, 5)}
    totals = Counter({"ax": 4, "bow": 6})
    for seed in range(30):
        named = name_tiles(totals, plan, random.Random(seed))
        assert named is not None
        assert named[4] == "bow"


def test_shuffle_draws_undo_a_shuffle() -> None:
    rng = Rng.from_seed(5)
    order = ("a", "b", "c", "b", "d")
    pool = ("b", "d", "a", "c", "b")
    shuffled, _ = rng.with_forced(*shuffle_draws(pool, order)).shuffled(pool)
    assert shuffled == order


GAMES = {
    2: Sabatu(players=2),
    3: Sabatu(players=3),
    4: Sabatu(players=4),
    6: Sabatu(players=6),
    8: Sabatu(players=8),
    "1": SabatuArmories(players=3),
    "2": SabatuMercenaries(players=4),
}


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(sorted(GAMES, key=str)),
    st.integers(0, 10**6),
    st.integers(1, 220),
    st.randoms(use_true_random=False),
)
def test_every_sampled_past_shows_each_player_what_they_saw(
    which: int | str, seed: int, steps: int, rng: random.Random
) -> None:
    game = GAMES[which]
    states = random_game(game, seed, steps)
    for player in game.players:
        check_history(game, states, player, rng)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6))
def test_a_sampled_past_keeps_the_order_of_a_battles_choices(seed: int) -> None:
    """Both sides of a battle choose at once (Variant #1: one tile, then maybe another).
    Stopped while one side has laid a tile and may lay another, whether or not the other
    side is done, every player's sampled past shows them the choices in the order they saw:
    the side's own tile before or after the other's being done."""
    game = GAMES["1"]
    rng = random.Random(seed)
    states = random_game(game, seed, 400)
    found = 0
    for end, state in enumerate(states):
        fight = state.battle
        if state.step != "battle" or fight is None:
            continue
        partly = [
            side
            for side, laid, ready in (
                (fight.attacker, fight.attack, fight.attacker_ready),
                (fight.defender, fight.defence, fight.defender_ready),
            )
            if laid and not ready
        ]
        if partly and found < 3:
            found += 1
            for player in game.players:
                check_history(game, states[: end + 1], player, rng)
    assume(found > 0)


@settings(max_examples=6, deadline=None)
@given(
    st.sampled_from(sorted(GAMES, key=str)),
    st.integers(0, 10**6),
    st.integers(20, 120),
    st.randoms(use_true_random=False),
)
def test_a_determinisation_is_the_last_state_of_the_past_with_the_same_secrets(
    which: int | str, seed: int, steps: int, rng: random.Random
) -> None:
    """Issue 38: a sample patches freshly drawn secrets into the view's one replay; for the
    same secrets and stream it is the state the replay of the whole past reaches, and it
    shows the player their view."""
    game = GAMES[which]
    state = random_game(game, seed, steps)[-1]
    for player in game.players[:2]:
        view = game.view(state, player)
        assume(view.battle is None)  # hidden choices in a battle under way: replayed
        made = skeleton(game, view, player, rng)
        secrets = draw_secrets(game, made.plan, rng)
        assume(secrets is not None)
        assert secrets is not None
        key = bytes(32)
        full = replay(game, view, player, secrets, key, rng).final(game)
        assert made.fill(secrets, key) == full
        assert game.view(made.fill(secrets, key), player) == view


def test_determinisations_name_the_hidden_tiles_as_sampled_pasts_do() -> None:
    """The patched samples draw the other side's hidden tiles with the frequencies the
    replayed pasts do (80 of each, 480 tiles, fixed seeds; a wide margin: the two estimates
    of each name's share differ by less than 0.1, about four standard deviations)."""
    game = GAMES[2]
    state = random_game(game, 3, 40)[-1]
    view = game.view(state, "red")
    assert view.battle is None
    assert any(is_hidden(t) for t in view.realms[1].tiles)

    def shares(sample: Callable[[random.Random], Any], seed: int) -> Counter[str]:
        rng = random.Random(seed)
        seen = Counter(str(tile.value) for _ in range(80) for tile in sample(rng).realms[1].tiles)
        total = sum(seen.values())
        return Counter({name: count / total for name, count in seen.items()})

    fast = shares(lambda rng: game.sample_state(view, "red", rng), 7)
    replayed = shares(lambda rng: game.sample_history(view, "red", rng).final(game), 8)
    assert len(fast) > 1
    assert all(abs(fast[name] - replayed[name]) < 0.1 for name in fast | replayed)
