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
from wargames.sabatu.past import (
    Plan,
    Skeleton,
    _earlier,
    _fitting_last,
    _fitting_past,
    draw_secrets,
    name_tiles,
    plan,
    replay,
    shuffle_draws,
    skeleton,
)
from wargames.sabatu.state import Offered
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
    for totals in (Counter({"ax": 4, "bow": 6}), Counter({"ax": 4, "bow": 300})):
        for seed in range(30):  # (300 of a name: counted in a list, not in bytes)
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


def _named_tile_by_tile(
    totals: Counter[str], plan: Plan, rng: random.Random
) -> dict[int, str] | None:
    """:func:`name_tiles` as it read before its per-plan table (issue 38, eleventh
    session): every known name given and checked, then each pin, then each draw, at every
    call."""
    out = {name: [0] * len(plan.draws) for name in totals}
    names: dict[int, str] = {}

    def fits(token: int, name: str) -> bool:
        span = plan.alive[token]
        return name in out and max(out[name][span.start : span.stop], default=0) < totals[name]

    def give(token: int, name: str) -> None:
        names[token] = name
        for k in plan.alive[token]:
            out[name][k] += 1

    for token, name in plan.known.items():
        assert fits(token, name)
        give(token, name)
    for hand, name in plan.pins:
        if any(names.get(token) == name for token in hand):
            continue
        free = [token for token in hand if token not in names and fits(token, name)]
        if not free:
            return None
        give(rng.choice(free), name)
    for k, token in enumerate(plan.draws):
        if token in names:
            continue
        options = [name for name in totals if fits(token, name)]
        if not options:
            return None
        weights = [totals[name] - out[name][k] for name in options]
        give(token, rng.choices(options, weights)[0])
    return names


def _late_views() -> list[tuple[Sabatu, SabatuState, str]]:
    """Every player's view at steps 300 and 600 of seeded random games of three variants
    (no battle under way): views with known names, pins, hidden offers and picks."""
    views = []
    for which, seed in ((4, 1), (3, 2), ("2", 3)):
        game = GAMES[which]
        states = random_game(game, seed, 600)
        for state in (states[300], states[-1]):
            views += [(game, game.view(state, p), p) for p in game.players]
    return [(game, view, player) for game, view, player in views if view.battle is None]


LATE = _late_views()


def test_the_names_drawn_are_those_drawn_tile_by_tile() -> None:
    """Issue 38: :func:`name_tiles` works out what is alike at every call for a plan once;
    it draws the very names the plain walk does, taking the same draws of ``rng``."""
    pinned = 0
    for game, view, player in LATE:
        worked = plan(game, view, player)
        pinned += len(worked.pins)
        totals = Counter(game.tables.armory)
        for seed in range(5):
            fast, plain = random.Random(seed), random.Random(seed)
            assert name_tiles(totals, worked, fast) == _named_tile_by_tile(totals, worked, plain)
            assert fast.getstate() == plain.getstate()
    assert pinned > 100


def test_the_draws_of_picks_by_name_are_counted_as_tile_by_tile() -> None:
    """Issue 38: the draws the picks by name took, with what the known names decide worked
    out once, are those counted pick by pick, for every draw of the names."""
    rng = random.Random(4)
    for game, view, player in LATE:
        made = skeleton(game, view, player, rng)
        for _ in range(5):
            secrets = draw_secrets(game, made.plan, rng)
            assert secrets is not None
            names = secrets.names
            plain = sum(
                sum(names[token] == names[picked] for token in among) > 1
                for among, picked in made.plan.picks
            )
            assert made.picks(names) == plain


def test_a_samples_log_shows_an_offers_tile_only_to_its_traders() -> None:
    """A sample's log holds its hidden offers' tiles in one block shared by nothing else;
    every player's view of it names an offer's tile only where they were a trader, and the
    sampling player's view is the view sampled."""
    checked = 0
    for game, view, player in LATE:
        made: Skeleton = skeleton(game, view, player, random.Random(0))
        if not made.hidden:
            continue
        world = game.sample_state(view, player, random.Random(1))
        assert world.log._block is not None
        assert game.view(world, player) == view
        for other in game.players:
            for event in game.view(world, other).log:
                if isinstance(event, Offered) and not event.coin:
                    checked += 1
                    seen = other in (event.player, event.partner)
                    assert is_hidden(event.tile) != seen
    assert checked > 100


def test_a_later_views_past_goes_on_from_an_earlier_views_skeleton() -> None:
    """Issue 38: the first sample of a later view of the same game (a bot's next choice)
    patches the secrets it draws into an earlier view's skeleton and replays only the
    actions since; it draws the same secrets and reaches the same last state as the replay
    from the start, with the same draws of the stream."""
    gone_on = 0
    for game, seed in ((Sabatu(players=4), 1), (Sabatu(players=2), 2), (SabatuArmories(), 3)):
        # (a game object of its own: no other test's views to go on from)
        states = random_game(game, seed, 700)
        player = game.players[0]
        for step in range(300, len(states) - 30, 97):
            earlier, later = (game.view(states[step + k], player) for k in (0, 25))
            if earlier.battle is not None or later.battle is not None:
                continue
            skeleton(game, earlier, player, random.Random(step))
            found = _earlier(game, later, player)
            if found is None or found[0] is not earlier:
                continue
            fast, plain = random.Random(seed), random.Random(seed)
            secrets, last = _fitting_last(game, later, player, fast)
            assert found[1].fits(secrets)
            gone_on += 1
            drawn, past = _fitting_past(game, later, player, plain)
            assert secrets == drawn
            assert last == past.final(game)
            assert fast.getstate() == plain.getstate()
    assert gone_on >= 6
