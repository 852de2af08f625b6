"""The public hypothesis strategies and the rules state machine, on Mini Sabotage."""

import random
from typing import Any, cast

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test

import wargames
from wargames import Action, State
from wargames.sabotage import Deploy, MiniSabotage, SabotageState
from wargames.sabotage.state import SabotageAction
from wargames.testing import (
    ConformanceError,
    Playout,
    actions,
    check_state,
    playouts,
    rules_machine,
    seeds,
    states,
)

MINI = wargames.load("sabotage", variant="SM")


# -- arguments are checked when the strategy is built -------------------------------------------


@pytest.mark.parametrize("not_a_game", ["sabotage", MiniSabotage, None, 3])
def test_bad_game_type_is_refused_eagerly(not_a_game: object) -> None:
    bad = cast(Any, not_a_game)
    for build in (
        lambda: playouts(bad),
        lambda: states(bad),
        lambda: actions(bad, MINI.start(0)),
        lambda: rules_machine(bad),
    ):
        with pytest.raises(TypeError, match="expected a wargames Game"):
            build()


@pytest.mark.parametrize("max_steps", [-1, -100, 1.5, "10", None])
def test_bad_max_steps_is_refused_eagerly(max_steps: object) -> None:
    for build in (playouts, states):
        with pytest.raises(ValueError, match="max_steps must be a whole number >= 0"):
            build(MINI, max_steps=cast(Any, max_steps))


# -- what they draw ------------------------------------------------------------------------------


@settings(max_examples=15)
@given(playouts(MINI, max_steps=30))
def test_playouts_are_legal_games(playout: Playout) -> None:
    assert playout.game is MINI
    assert playout.states[0] == MINI.start(playout.seed)
    assert len(playout.states) == len(playout.actions) + 1
    assert len(playout.actions) <= 30
    assert playout.final is playout.states[-1]
    for before, action, after in playout.steps():
        assert action in MINI.legal_actions(before, action.player)
        assert MINI.apply(before, action) == after
    # A playout stops early only at the end of the game.
    for state in playout.states[:-1]:
        assert MINI.outcome(state) is None


@settings(max_examples=5)
@given(playouts(MINI, max_steps=12, setup={"deploy": False}))
def test_playouts_pass_the_setup_to_start(playout: Playout) -> None:
    assert playout.states[0] == MINI.start(playout.seed, deploy=False)
    assert playout.setup == {"deploy": False}
    assert all(isinstance(action, Deploy) for action in playout.actions)


@settings(max_examples=2)
@given(playouts(MINI, max_steps=0))
def test_zero_steps_is_the_start(playout: Playout) -> None:
    assert playout.actions == ()
    assert playout.states == (MINI.start(playout.seed),)


@settings(max_examples=10)
@given(states(MINI, max_steps=20))
def test_states_are_reachable_states(state: State) -> None:
    assert isinstance(state, SabotageState)
    assert (MINI.outcome(state) is None) == bool(MINI.to_act(state))
    assert state.clock.turn >= 1  # set-up (turn 0) was done at the start


@settings(max_examples=10)
@given(states(MINI, max_steps=20), st.data())
def test_actions_are_legal(state: State, data: st.DataObject) -> None:
    if MINI.outcome(state) is not None:
        return
    action: Action = data.draw(actions(MINI, state))
    assert MINI.is_legal(state, action)
    [player] = MINI.to_act(state)
    own = data.draw(actions(MINI, state, player))
    assert own.player == player
    assert MINI.is_legal(state, own)


def test_actions_of_a_player_not_to_act() -> None:
    state = MINI.start(0)
    assert MINI.to_act(state) == frozenset({"green"})
    with pytest.raises(ValueError, match="no legal action for \\['red'\\]"):
        actions(MINI, state, "red")


def test_actions_on_a_finished_game() -> None:
    game = wargames.load("sabotage")
    assert isinstance(game, wargames.Game)
    start = game.start(0)
    over = game.apply(start, game.legal_actions(start, "green")[-1])  # offer a draw
    over = game.apply(over, game.legal_actions(over, "red")[0])  # and accept it
    assert game.outcome(over) is not None
    with pytest.raises(ValueError, match="no legal action for anybody"):
        actions(game, over)


@settings(max_examples=5)
@given(seeds())
def test_seeds(seed: int) -> None:
    assert 0 <= seed < 2**32


# -- the rules state machine ---------------------------------------------------------------------

TestMiniRules = rules_machine(MINI).TestCase
TestMiniRules.settings = settings(
    TestMiniRules.settings, max_examples=5, stateful_step_count=10, deadline=None
)


class LeakyMini(MiniSabotage):
    """A broken game: its views show everything, the rng included."""

    def view(self, state: SabotageState, player: str) -> SabotageState:
        self.check_player(player)
        return state


def test_the_machine_catches_a_broken_game() -> None:
    machine = rules_machine(LeakyMini())
    assert machine.__name__ == "LeakyMiniRulesMachine"
    with pytest.raises(ConformanceError, match="a leak"):
        run_state_machine_as_test(
            machine,
            settings=settings(
                max_examples=3,
                stateful_step_count=3,
                deadline=None,
                database=None,
                phases=[Phase.generate],  # no shrinking: the first failure is enough
            ),
        )


class ForeseeingMini(MiniSabotage):
    """A broken game: its afterstates carry the next dice, which a search bot would read."""

    def afterstate(self, state: SabotageState, action: SabotageAction) -> SabotageState:
        after = self.apply_unchecked(state, action)
        return after.with_changes(rng=self.fresh_rng(random.Random(0)))


def test_the_suite_catches_an_afterstate_that_draws_chance() -> None:
    game = ForeseeingMini()
    with pytest.raises(ConformanceError, match="afterstate"):
        check_state(game, game.start(0))


def test_rng_rolling_gives_the_faces_asked_for() -> None:
    from wargames.core.dice import d6, d10, pool
    from wargames.testing import rng_rolling

    assert pool(3, d6).roll(rng_rolling(d6, 6, 1, 4))[0] == (6, 1, 4)
    assert pool(2, d10).roll(rng_rolling(d10, 10, 3))[0] == (10, 3)
    with pytest.raises(ValueError, match="no face 7"):
        rng_rolling(d6, 7)
    with pytest.raises(ValueError, match="no seed below 3"):
        rng_rolling(d10, 1, 2, 3, 4, 5, 6, tries=3)
