"""GreedyBot, MctsBot and PimcBot: legal, reproducible choices that depend only on the view."""

import random
from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wargames
from wargames import Outcome, State
from wargames.bots import Bot, GreedyBot, MctsBot, RandomBot, play
from wargames.bots.base import greedy_round
from wargames.bots.mcts import _Node
from wargames.bots.pimc import PimcBot
from wargames.core.game import Game
from wargames.core.history import History
from wargames.sabatu import Sabatu
from wargames.sabotage import (
    AcceptDraw,
    DeclineDraw,
    Kind,
    Move,
    OfferDraw,
    Sabotage,
    SabotageState,
)
from wargames.sabotage.variants import MiniSabotage
from wargames.saw import Done, Saw, SawAction, SawState
from wargames.saw.rules import TURNS
from wargames.testing import states

from ..saw.helpers import BRUISER, act, duel, side_by_side

MINI = wargames.load("sabotage", variant="SM")
SEARCHERS: list[Callable[[int], Bot]] = [
    lambda seed: GreedyBot(seed, samples=2),
    lambda seed: MctsBot(seed, iterations=12, rollout_depth=4),
    lambda seed: PimcBot(seed, samples=2, width=2, follow=1),
]


def _acting(game: Game[Any, Any], state: State) -> str:
    return next(p for p in game.players if p in game.to_act(state))


def _blue_with(
    game: Game[Any, Any], seed: int, iterations: int, setting: str, values: tuple[Any, Any]
) -> tuple[str, str]:
    """What ``MctsBot`` chooses for blue at ``game.start(1)`` with ``setting`` at each of
    ``values``, the rest alike."""
    state = game.start(1)
    first, second = (
        str(MctsBot(seed, iterations=iterations, **{setting: v}).choose(game, state, "blue"))
        for v in values
    )
    return first, second


@pytest.mark.parametrize("make", SEARCHERS, ids=["greedy", "mcts", "pimc"])
@settings(max_examples=8)
@given(states(MINI, max_steps=40), st.integers(0, 2**16), st.randoms())
def test_choice_depends_only_on_the_view(
    make: Callable[[int], Bot], state: State, seed: int, rng: random.Random
) -> None:
    if MINI.outcome(state) is not None:
        return
    player = _acting(MINI, state)
    other = MINI.sample_state(state, player, rng)
    first = make(seed).choose(MINI, state, player)
    assert first in MINI.legal_actions(state, player)
    assert make(seed).choose(MINI, other, player) == first


@pytest.mark.parametrize("make", SEARCHERS, ids=["greedy", "mcts", "pimc"])
def test_a_search_bot_takes_the_headquarters_when_it_can(make: Callable[[int], Bot]) -> None:
    game = Sabotage()
    state = game.position(
        {"e4": "g1", "e5": "rH", "a1": "gH", "a2": "g2", "j9": "r1"}, revealed=("e5",)
    )
    choice = make(0).choose(game, state, "green")
    assert choice == Move("green", *(game.board.parse(s) for s in ("e4", "e5")))


def test_greedy_avoids_a_known_losing_attack() -> None:
    game = Sabotage(moves_per_turn=1)
    # The red 5 on e5 was exposed by the green Recon: attacking it with the 1 loses the 1.
    state = game.position({"e4": "g1", "d4": "gR", "e5": "r5", "a1": "gH", "j10": "rH"})
    attack = Move("green", game.board.parse("e4"), game.board.parse("e5"))
    for seed in range(10):
        assert GreedyBot(seed).choose(game, state, "green") != attack


def test_search_bots_do_not_offer_draws() -> None:
    state = MINI.start(seed=2)
    for make in SEARCHERS:
        assert not isinstance(make(1).choose(MINI, state, "green"), OfferDraw)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="samples"):
        GreedyBot(samples=0)
    with pytest.raises(ValueError, match="iterations"):
        MctsBot(iterations=0)
    with pytest.raises(ValueError, match="samples"):
        MctsBot(samples=0)
    with pytest.raises(ValueError, match="the prior uses 8 of only 4 samples"):
        MctsBot(samples=4, prior=8)
    with pytest.raises(ValueError, match="horizon"):
        MctsBot(horizon=0)


def test_search_bots_play_a_whole_game() -> None:
    match = play(
        MINI,
        {"green": MctsBot(1, iterations=8, rollout_depth=4), "red": RandomBot(2)},
        seed=3,
        max_actions=3000,
    )
    assert isinstance(match.outcome, Outcome)
    assert match.replay.final_state(MINI) == match.final


def test_mcts_leaves_a_simultaneous_choice_to_the_rival() -> None:
    """In SAW both players plot at once: a rival's plot chosen inside the search tree would
    answer the plot it was searching, so the search stops where the rival would choose; and
    in the next turn, where the rival plots first in the tree, before the player answers."""

    class Watched(Saw):
        """Records the search's questions (not the sampler's: a determinisation draws a
        rival's submitted, face-down plot from its legal actions)."""

        asked: ClassVar[set[tuple[str, int, str]]] = set()
        sampling: ClassVar[bool] = False

        def legal_actions(self, state: SawState, player: str) -> tuple[SawAction, ...]:
            if not Watched.sampling:
                Watched.asked.add((player, state.clock.turn, self.phase(state)))
            return super().legal_actions(state, player)

        def sample_history(self, view: SawState, player: str, rng: random.Random) -> History:
            Watched.sampling = True
            try:
                return super().sample_history(view, player, rng)
            finally:
                Watched.sampling = False

    game = Watched()
    state = game.start(1)
    one_left = game.apply(state, game.parse_action(state, "b1 done"))
    assert game.to_act(one_left) == {"blue", "red"}
    Watched.asked.clear()
    MctsBot(0, iterations=60).choose(game, one_left, "blue")
    assert {player for player, _, _ in game.asked} == {"blue"}
    lone = Watched(army="lone")  # one unit a side: red's done would roll the dice
    state = lone.start(1)
    plotted = lone.apply(state, lone.parse_action(state, "b1 done"))
    assert lone.to_act(plotted) == {"red"}
    Watched.asked.clear()
    MctsBot(0, iterations=200).choose(lone, plotted, "red")
    assert Watched.asked == {("red", 1, "plot")}, "the search stops before the dice"


def test_the_action_that_rolls_the_dice_is_weighed_before_them() -> None:
    """Red plots last, so its done rolls every plotted attack.  Weighed before the dice
    (``game.afterstate``), being done, which gives up r1's attack on b1, is worse than any
    other choice; weighed by one roll, done would win whenever blue's plotted attack on r1
    happened to miss."""
    game = duel()
    state = side_by_side(game, 0, "b1 attack r1", "b1 done")
    done = act(game, state, "r1 done")
    assert game.awaits_chance(game.afterstate(state, game.parse_action(state, "r1 done")))
    assert game.to_act(done) == {"blue", "red"}, "the dice are rolled and a new turn begins"
    for seed in range(20):  # by one roll, seed 15 was done
        assert not isinstance(GreedyBot(seed, samples=1).choose(game, state, "red"), Done)


class _Shifted(Sabotage):
    """Sabotage whose evaluations are shifted by up to 6,000 according to which hidden red
    piece is which: a world's shift is far larger than any difference between actions, and
    no action changes it (captured pieces keep their kinds)."""

    def evaluate(self, state: SabotageState, player: str) -> float:
        pieces = [p for p in (*state.cells, *state.captured) if p is not None and p.owner == "red"]
        kinds = list(Kind)
        shift = sum(piece.id * kinds.index(piece.kind) for piece in pieces) % 7
        return super().evaluate(state, player) + 1000.0 * shift


def test_mcts_compares_actions_within_each_world() -> None:
    """Each world's values are measured from its own evaluation as drawn, so what differs
    between worlds (here, by thousands) does not drown what differs between actions."""
    game = _Shifted()
    hidden = {"j9": "r1", "j8": "r5", "i10": "rS", "h10": "r3", "i9": "rM"}
    pieces = {"e4": "g1", "e5": "rH", "a1": "gH", "a2": "g2", **hidden}
    state = game.position(pieces, revealed=("e5",))
    samples = {
        game.evaluate(game.sample_state(state, "green", random.Random(i)), "green") // 1000
        for i in range(20)
    }
    assert len(samples) > 1, "the worlds' shifts differ"
    take = Move("green", *(game.board.parse(s) for s in ("e4", "e5")))
    for seed in range(5):
        assert MctsBot(seed, iterations=60).choose(game, state, "green") == take


class _Flat(MiniSabotage):
    """Mini Sabotage whose unfinished positions all score 0: every action ties."""

    def evaluate(self, state: SabotageState, player: str) -> float:
        return 0.0 if state.result is None else super().evaluate(state, player)


def test_mcts_breaks_ties_at_random() -> None:
    """Actions that score alike are chosen among at random, as greedy does, not in the order
    the game lists them (which had a Mini Sabotage set-up come out in the order of the
    kinds: every General on the back rank)."""
    game = _Flat()
    state = game.start(0, deploy=False)
    chosen = {MctsBot(seed, iterations=20).choose(game, state, "green") for seed in range(8)}
    assert len(chosen) > 1


class _Tiny(MiniSabotage):
    """Mini Sabotage whose evaluations are 2**20 times smaller (exactly: a power of two)."""

    def evaluate(self, state: SabotageState, player: str) -> float:
        return super().evaluate(state, player) / 2**20


@settings(max_examples=20, deadline=None)
@given(states(MINI, max_steps=30), st.integers(0, 2**16))
def test_mcts_explores_alike_whatever_the_scale_of_the_evaluation(state: State, seed: int) -> None:
    """Exploration is scaled by the spread of the values seen, so a game whose evaluations
    differ by thousandths is searched as one whose evaluations differ by tenths."""
    if MINI.outcome(state) is not None:
        return
    tiny = _Tiny()
    player = _acting(MINI, state)
    bots = [MctsBot(seed, iterations=100) for _ in range(2)]
    assert bots[0].choose(MINI, state, player) == bots[1].choose(tiny, state, player)


class _FewGoodLines(Saw):
    """SAW whose evaluation for blue depends on b1's order alone: a first step north is
    worth 0.2 if b1 does nothing more, -0.3 if it moves on, 0 if it attacks; a first step
    south 0.1 whatever follows; anything else 0."""

    def evaluate(self, state: SawState, player: str) -> float:
        b1 = state.units[self.unit_index("b1")].hex
        assert b1 is not None
        order = state.plots[0].orders[0]
        north = 0.0 if order.shots else 0.2 if len(order.path) == 1 else -0.3
        first = {b1.neighbour(0): north, b1.neighbour(3): 0.1}
        value = first.get(order.path[0], 0.0) if order.path else 0.0
        return value if player == "blue" else -value


@pytest.mark.parametrize("seed", range(3))
def test_mcts_weighs_its_own_next_choice_by_the_best_that_follows(seed: int) -> None:
    """A player who goes on choosing takes the best of what follows, not the average of
    what the search tried: the step north, after which most of b1's choices (its steps) are
    bad and one (done) good, is worth more than the step south (by their means, the step
    south would be taken)."""
    game = _FewGoodLines()
    state = game.start(1)
    choice = MctsBot(seed, iterations=200, prior=0).choose(game, state, "blue")
    assert str(choice) == "b1 step n"


class _FewGoodLinesByMeans(_FewGoodLines):
    search_means = True


@pytest.mark.parametrize("seed", range(3))
def test_a_game_that_backs_up_means_weighs_a_move_by_all_that_followed(seed: int) -> None:
    """Where a game sets ``search_means`` (Sabotage: what follows a move is worth what it is
    in worlds that differ in hidden pieces, and the best of a few visits is the luckiest
    world's), the step north, after which most of b1's choices are bad, is worth the mean of
    what the search tried there, less than the step south."""
    game = _FewGoodLinesByMeans()
    state = game.start(1)
    choice = MctsBot(seed, iterations=200, prior=0).choose(game, state, "blue")
    assert str(choice) == "b1 step s"


def _overridden(
    setting: str, games: tuple[Game[Any, Any], ...], seed: int, **search: Any
) -> dict[tuple[str, bool | None], str]:
    """What ``MctsBot`` (with ``search``) chooses for blue at the start of each of ``games``
    with its switch ``setting`` None (the game's choice), False and True."""
    return {
        (type(game).__name__, value): str(
            MctsBot(seed, **{**search, setting: value}).choose(game, game.start(1), "blue")
        )
        for game in games
        for value in (None, False, True)
    }


@pytest.mark.parametrize("seed", range(2))
def test_a_search_backs_up_means_where_told_to_whatever_the_game_says(seed: int) -> None:
    """``means`` None (the default) follows ``Game.search_means`` (on in Sabotage); True or
    False overrides it either way: by means the step south, by the best that follows the
    step north."""
    assert MctsBot().means is None
    assert not Game.search_means
    games = (_FewGoodLines(), _FewGoodLinesByMeans())
    chosen = _overridden("means", games, seed, iterations=200, prior=0)
    assert chosen == {
        ("_FewGoodLines", None): "b1 step n",
        ("_FewGoodLines", False): "b1 step n",
        ("_FewGoodLines", True): "b1 step s",
        ("_FewGoodLinesByMeans", None): "b1 step s",
        ("_FewGoodLinesByMeans", False): "b1 step n",
        ("_FewGoodLinesByMeans", True): "b1 step s",
    }


def test_mcts_searches_one_decision_at_a_time() -> None:
    """A SAW plot orders one unit after another (``game.decision``): the search for b1's
    order stops where b2's would begin, so an order that ends soonest is not credited with
    what b2's adds."""

    class Watched(Saw):
        asked: ClassVar[set[int | None]] = set()

        def legal_actions(self, state: SawState, player: str) -> tuple[SawAction, ...]:
            if player == "blue":
                Watched.asked.add(self.current_unit(state, player))
            return super().legal_actions(state, player)

    game = Watched()
    state = game.start(1)
    MctsBot(0, iterations=100).choose(game, state, "blue")
    assert Watched.asked == {game.unit_index("b1")}
    assert game.decision(state, "blue") != game.decision(act(game, state, "b1 done"), "blue")
    Watched.asked = set()
    MctsBot(0, iterations=100, horizon=2).choose(game, state, "blue")
    assert Watched.asked == {game.unit_index("b1"), game.unit_index("b2")}, "a horizon of two"


SITTER = ("Sitter", 20, 1, (0, 5, 5, 5, 5))
"""A unit that cannot move: its order is to attack or not."""


class _SpoiledShot(Saw):
    """SAW of two Sitters against a Bruiser, whose evaluation for blue says that b1's attack
    is worth a little alone (0.1, against 0.08 for no attack) but spoils b2's, which is
    worth more alone (0.3; both attacks 0)."""

    WORTH: ClassVar[dict[tuple[bool, bool], float]] = {
        (False, False): 0.08,
        (True, False): 0.1,
        (False, True): 0.3,
        (True, True): 0.0,
    }

    def __init__(self) -> None:
        super().__init__(armies={"blue": [SITTER, SITTER], "red": [BRUISER]})

    def evaluate(self, state: SawState, player: str) -> float:
        b1, b2 = (bool(order.shots) for order in state.plots[0].orders)
        value = self.WORTH[b1, b2]
        return value if player == "blue" else -value


@pytest.mark.parametrize("seed", range(3))
def test_a_horizon_of_two_weighs_the_first_order_by_what_the_second_can_do(seed: int) -> None:
    """With ``horizon=2`` a descent runs on from b1's order into b2's, so b1 holds its fire
    for b2's better attack; with the default horizon b1's order is weighed alone, b2's left
    to the evaluation, and b1 attacks."""
    alone_together = _blue_with(_SpoiledShot(), seed, 50, "horizon", (1, 2))
    assert alone_together == ("b1 attack r1", "b1 done")


@pytest.mark.parametrize("seed", range(3))
def test_a_leaf_finished_greedily_weighs_the_first_order_by_the_second_s_best(seed: int) -> None:
    """With ``finish_round`` every leaf of b1's order is scored after b2's order is chosen
    greedily in its world: after b1's attack b2 holds its fire (0.1), after b1's done b2
    attacks (0.3), so b1 holds its fire; left to the evaluation, b2 counts as not attacking
    and b1 attacks."""
    alone_finished = _blue_with(_SpoiledShot(), seed, 50, "finish_round", (False, True))
    assert alone_finished == ("b1 attack r1", "b1 done")


def test_a_round_finished_greedily_is_the_player_s_own() -> None:
    """Blue, plotting beside red, finishes its own plot and leaves red's unwritten; red,
    plotting last, finishes its plot and stops before the dice its done would roll."""
    game = Saw()
    state = game.start(1)
    blue = greedy_round(game, state, "blue", game.to_act(state), random.Random(0))
    assert all(order.done for order in blue.plots[0].orders)
    assert blue.plots[1] == state.plots[1], "red's plot untouched"
    assert game.to_act(blue) == {"red"}
    red = greedy_round(game, blue, "red", game.to_act(blue), random.Random(0))
    assert all(order.done for order in red.plots[1].orders)
    assert game.awaits_chance(red)
    assert red.rng == state.rng, "no dice rolled"
    assert greedy_round(game, blue, "blue", game.to_act(blue), random.Random(0)) is blue


def test_a_search_that_finishes_rounds_plays_no_rival_action() -> None:
    """Blue's search, finishing each leaf's plot greedily, asks for b2's actions but never
    takes or weighs an action of red's (which would answer blue's hidden plot)."""

    class Watched(Saw):
        taken: ClassVar[set[tuple[str, int | None]]] = set()

        def afterstate(self, state: SawState, action: SawAction) -> SawState:
            Watched.taken.add((action.player, self.current_unit(state, action.player)))
            return super().afterstate(state, action)

    game = Watched()
    state = game.start(1)
    MctsBot(0, iterations=60, finish_round=True).choose(game, state, "blue")
    assert Watched.taken == {("blue", game.unit_index(u)) for u in ("b1", "b2")}


@pytest.mark.parametrize("seed", range(3))
def test_a_search_that_finishes_rounds_reads_only_the_view(seed: int) -> None:
    """Red, plotting after blue's face-down plot, chooses alike in two states that differ in
    what red may not know (blue's designs and plot): the finished leaves come from worlds of
    red's view."""
    game = Saw()
    state = act(game, game.start(seed), "b1 step n", "b1 done", "b2 done")
    other = game.sample_state(state, "red", random.Random(seed))
    assert other != state
    choices = (
        MctsBot(seed, iterations=40, finish_round=True).choose(game, s, "red")
        for s in (state, other)
    )
    assert len(set(choices)) == 1


class _Dodge(Saw):
    """SAW of a Sitter against a Bruiser, whose evaluation says that b1's attack is worth
    most on a Bruiser that stands (0.3), nothing on one that moves (0.0), where holding
    fire is worth 0.1 either way; and red, plotting, gains 0.5 by moving r1 at all."""

    WORTH: ClassVar[dict[tuple[bool, bool], float]] = {
        (True, False): 0.3,
        (True, True): 0.0,
        (False, False): 0.1,
        (False, True): 0.1,
    }

    def __init__(self) -> None:
        super().__init__(armies={"blue": [SITTER], "red": [BRUISER]})

    def evaluate(self, state: SawState, player: str) -> float:
        b1, r1 = state.plots[0].orders[0], state.plots[1].orders[0]
        value = self.WORTH[bool(b1.shots), bool(r1.path)]
        return value if player == "blue" else 0.5 * bool(r1.path) - value


@pytest.mark.parametrize("seed", range(3))
def test_a_search_that_foresees_the_rival_fires_where_it_will_be(seed: int) -> None:
    """Red's greedy plot moves r1 (it gains by it whatever blue does); blue, plotting beside
    red, fires on a Bruiser that stands where red's plot is left unwritten, and holds its
    fire where each world holds the plot greedy makes for red."""
    game = _Dodge()
    state = game.start(1)
    assert "step" in str(GreedyBot(seed).choose(game, state, "red"))
    blind_foreseeing = _blue_with(game, seed, 30, "foresee", (False, True))
    assert blind_foreseeing == ("b1 attack r1", "b1 done")
    assert not Saw.search_foresees, "SAW's searches foresee only when told to"
    assert _blue_with(game, seed, 30, "foresee", (None, True)) == blind_foreseeing


def test_a_rival_s_plot_is_foreseen_from_the_turn_s_start() -> None:
    """Blue, its b1 order plotted, foresees red's plot from the turn's start (both plots
    blank, both players plotting), so red's plot does not see blue's; red's plot is then the
    one made, red is done, and blue's plot is left as it was.  In a world of blue's where
    red's plot was in (drawn at random), the foreseen plot replaces it.  Outside plotting,
    nothing is foreseen."""
    game = Saw()
    fresh = game.start(3)
    state = act(game, fresh, "b1 step n", "b1 done")
    starts: list[SawState] = []

    def plan(start: SawState, rival: str) -> SawState:
        starts.append(start)
        return greedy_round(game, start, rival, game.to_act(start), random.Random(0))

    foreseen = game.foreseen(state, "blue", plan)
    assert [(s.plots, s.waiting) for s in starts] == [(fresh.plots, fresh.waiting)]
    assert foreseen.plots[0] == state.plots[0]
    assert foreseen.plots[1] == plan(fresh, "red").plots[1]
    assert all(order.done for order in foreseen.plots[1].orders)
    assert game.to_act(foreseen) == {"blue"}
    drawn = game.sample_state(act(game, fresh, "r1 done", "r2 done"), "blue", random.Random(0))
    assert drawn.plots[1] != fresh.plots[1], "a plot drawn for red"
    replaced = game.foreseen(drawn, "blue", plan)
    blank = drawn.with_changes(plots=fresh.plots, waiting=fresh.waiting)
    assert starts[-1] == blank
    assert replaced.plots[1] == plan(blank, "red").plots[1]
    damage = fresh.with_changes(clock=TURNS.advance(fresh.clock))
    asked = len(starts)
    assert game.phase(damage) == "damage"
    assert game.foreseen(damage, "blue", plan) is damage
    assert len(starts) == asked


@pytest.mark.parametrize("seed", range(3))
def test_a_search_that_foresees_rivals_reads_only_the_view(seed: int) -> None:
    """Red, plotting after blue's face-down plot, and blue, plotting after red's, each
    choose alike in two states that differ in what they may not know (the other's designs
    and plot): the foreseen plots come from worlds of the player's view."""
    game = Saw()
    start = game.start(seed)
    for player, texts in (("red", ("b1 step n", "b1 done", "b2 done")), ("blue", ("r1 done",))):
        state = act(game, start, *texts)
        other = game.sample_state(state, player, random.Random(seed))
        assert other != state
        choices = {
            MctsBot(seed, iterations=40, foresee=True).choose(game, s, player)
            for s in (state, other)
        }
        assert len(choices) == 1


def test_a_search_that_does_not_foresee_never_asks() -> None:
    """Off (the default), the search never asks the game to foresee a rival."""

    class Unforeseen(Saw):
        def foreseen(
            self, world: SawState, player: str, plan: Callable[[SawState, str], SawState]
        ) -> SawState:
            raise AssertionError("asked to foresee")

    game = Unforeseen()
    MctsBot(0, iterations=30).choose(game, game.start(1), "blue")


class _TwoMinds(Saw):
    """SAW whose evaluation for blue prefers b1's first step north (0.2) to south (0.1),
    and whose evaluation for searches the other way round; anything else 0."""

    def evaluate(self, state: SawState, player: str) -> float:
        return self._first_step(state, player, north=0.2, south=0.1)

    def search_evaluate(self, state: SawState, player: str) -> float:
        return self._first_step(state, player, north=0.1, south=0.2)

    def _first_step(self, state: SawState, player: str, *, north: float, south: float) -> float:
        b1 = state.units[self.unit_index("b1")].hex
        assert b1 is not None
        path = state.plots[0].orders[0].path
        value = {b1.neighbour(0): north, b1.neighbour(3): south}.get(path[0], 0.0) if path else 0.0
        return value if player == "blue" else -value


@pytest.mark.parametrize("seed", range(3))
def test_a_search_with_its_own_evaluation_scores_by_the_game_s_for_searches(seed: int) -> None:
    """With ``own_evaluation`` the search weighs b1's steps by ``game.search_evaluate`` (the
    step south); without, by ``game.evaluate`` (north), as greedy does, which never reads
    the other."""
    game = _TwoMinds()
    state = game.start(1)
    assert _blue_with(game, seed, 60, "own_evaluation", (False, True)) == ("b1 step n", "b1 step s")
    assert str(GreedyBot(seed, samples=2).choose(game, state, "blue")) == "b1 step n"


class _OwnMind(_TwoMinds):
    """:class:`_TwoMinds` whose searches read its evaluation for searches unless told not to."""

    search_own_evaluation = True


@pytest.mark.parametrize("seed", range(2))
def test_a_search_reads_the_game_s_own_evaluation_where_the_game_says_so(seed: int) -> None:
    """``own_evaluation`` None (the default) follows ``Game.search_own_evaluation`` (off in
    the kernel, on in Sabatu); True or False overrides it either way."""
    assert MctsBot().own_evaluation is None
    assert not Game.search_own_evaluation
    assert Sabatu.search_own_evaluation
    chosen = _overridden("own_evaluation", (_TwoMinds(), _OwnMind()), seed, iterations=60)
    assert chosen == {
        ("_TwoMinds", None): "b1 step n",
        ("_TwoMinds", False): "b1 step n",
        ("_TwoMinds", True): "b1 step s",
        ("_OwnMind", None): "b1 step s",
        ("_OwnMind", False): "b1 step n",
        ("_OwnMind", True): "b1 step s",
    }


def test_a_node_followed_by_a_rival_is_worth_its_mean() -> None:
    """The best continuation counts only where the node's chooser chooses again; after a
    rival's choice, a node is worth the mean of its visits (which UCB makes converge)."""
    node = _Node("red")
    for value in (0.5, -0.1):
        node.add(value)
    reply = node.children[OfferDraw("green")] = _Node("green")
    reply.add(0.3)
    reply.revalue()
    node.open = True
    node.revalue()
    assert node.value == pytest.approx(0.2)
    again = node.children[OfferDraw("red")] = _Node("red")
    again.add(-0.4)
    again.revalue()
    node.revalue()
    assert node.value == 0.5, "its own evaluation, better than the one continuation tried"
    node.open = False
    node.revalue()
    assert node.value == -0.4
    node.revalue(best=False)
    assert node.value == pytest.approx(0.2), "a game that backs up means: the mean of its visits"


@pytest.mark.parametrize("make", SEARCHERS, ids=["greedy", "mcts", "pimc"])
def test_a_draw_offer_is_accepted_only_when_not_ahead(make: Callable[[int], Bot]) -> None:
    """Answered by the evaluation: a draw scores 0, declining scores the position.  Green is
    far ahead in material, so that it is ahead in every world the answering bot draws (a
    world drawn from a made-up position may lack a Headquarters to press on)."""
    game = Sabotage()
    pieces = {"a1": "gH", "a2": "g5", "a3": "g4", "b1": "g3", "j10": "rH", "j9": "r1"}
    ahead = game.apply(game.position(pieces), OfferDraw("green"))  # red, behind, answers
    swapped = {
        square: piece.translate(str.maketrans("gr", "rg")) for square, piece in pieces.items()
    }
    behind = game.apply(game.position(swapped), OfferDraw("green"))  # red, ahead, answers
    assert game.evaluate(ahead, "red") < 0 < game.evaluate(behind, "red")
    for seed in range(3):
        assert isinstance(make(seed).choose(game, ahead, "red"), AcceptDraw)
        assert isinstance(make(seed).choose(game, behind, "red"), DeclineDraw)


def test_more_iterations_search_more_of_the_root() -> None:
    """Progressive unpruning: the root's searched actions grow with the descents made, so a
    bigger budget weighs more of a wide turn's actions."""
    bot = MctsBot(0, width=6, widening=0.25)
    widths = [bot._width(i) for i in (0, 199, 799)]
    assert widths[0] == 6 < widths[1] < widths[2]
    assert MctsBot(0, iterations=800).samples > MctsBot(0, iterations=200).samples == 20


def test_trees_search_apart_in_their_own_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """``trees=4``: four searches, each of a quarter of the descents (the remainder one each
    to the first) in every fourth world (its own), none sharing a node with another."""
    bot = MctsBot(3, iterations=42, samples=8, prior=2, trees=4)
    searched: list[tuple[int, ...]] = []
    roots: list[_Node] = []  # kept alive, so no two share an id
    search, iterate = bot._search, bot._iterate

    def spy_search(game: Any, state: Any, player: str, actions: Any, worlds: Any, n: int) -> Any:
        searched.append(tuple(id(w) for w in worlds))
        return search(game, state, player, actions, worlds, n)

    def spy_iterate(game: Any, world: Any, baseline: Any, root: _Node, *rest: Any) -> None:
        roots.append(root)
        iterate(game, world, baseline, root, *rest)

    monkeypatch.setattr(bot, "_search", spy_search)
    monkeypatch.setattr(bot, "_iterate", spy_iterate)
    bot.choose(MINI, MINI.start(seed=2), "green")
    assert [len(worlds) for worlds in searched] == [2, 2, 2, 2]
    assert len({w for worlds in searched for w in worlds}) == 8, "each world in one tree"
    assert list(Counter(map(id, roots)).values()) == [11, 11, 10, 10], "all 42 descents"


def test_trees_choose_what_most_of_them_choose(monkeypatch: pytest.MonkeyPatch) -> None:
    """The trees' choice is the action most of them choose, not the one with the most
    visits summed (one tree's 100 on ``a`` outweigh the other two's on ``b``); a tie between
    choices goes to the one with more visits."""
    state = MINI.start(seed=2)
    a, b, c = MINI.legal_actions(state, "green")[:3]

    def searched(visits: dict[Any, int], best: Any) -> dict[Any, _Node]:
        nodes = {}
        for action, n in visits.items():
            node = nodes[action] = _Node("green")
            node.visits, node.value = n, 1.0 if action == best else 0.0
        return nodes

    def choice(results: list[dict[Any, _Node]]) -> Any:
        bot = MctsBot(0, iterations=30, samples=30, trees=len(results))
        answers = iter(results)
        monkeypatch.setattr(bot, "_search", lambda *_: ([a, b, c], next(answers)))
        return bot.decide(MINI, state, "green", [a, b, c], [])

    heavy = searched({a: 100, b: 2}, a)
    light = searched({a: 1, b: 10}, b)
    assert choice([heavy, light, light]) == b
    assert choice([heavy, light]) == a, "one vote each: the visits decide"
    assert choice([light]) == b
    with pytest.raises(ValueError, match="trees must be 1 to 20, got 21"):
        MctsBot(trees=21)
    with pytest.raises(ValueError, match="the prior uses 4 of only 3 samples"):
        MctsBot(samples=20, trees=6)
