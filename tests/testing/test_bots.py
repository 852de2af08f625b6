"""Positions that bots reach (``wargames.testing.bot_match``, ``bot_playouts``) and the check
that samples hold at them (``check_samples``, ``check_bot_play``), on Mini Sabotage."""

import random
from typing import Any, cast

import pytest
from hypothesis import given, settings

import wargames
from wargames.core.game import Game
from wargames.core.history import History
from wargames.sabotage import SabotageState
from wargames.sabotage.variants import MiniSabotage
from wargames.simulate import Job, run_job
from wargames.testing import (
    BotPlayout,
    ConformanceError,
    bot_match,
    bot_playouts,
    check_bot_play,
    check_samples,
    quick_mcts,
)

MINI = wargames.load("sabotage", variant="SM")


def test_a_match_is_the_game_simulate_plays() -> None:
    """Same seed, same bots: the same game as ``wargames simulate`` plays (seats seeded
    alike), so a failing simulation can be replayed as a match."""
    result = run_job(Job("sabotage", "SM", {}, ("random", "greedy"), 3))
    match = bot_match(MINI, ("random", "greedy"), 3)
    assert len(match.actions) == result.length
    outcome = MINI.outcome(match.final)
    assert outcome is not None
    assert tuple(sorted(outcome.winners)) == result.winners


def test_a_match_holds_every_state_of_its_actions() -> None:
    match = bot_match(MINI, (quick_mcts, "random"), 5, max_steps=12)
    assert match.states[0] == MINI.start(5)
    assert len(match.actions) == 12
    assert all(MINI.apply(before, action) == after for before, action, after in match.steps())
    assert match.bots == (quick_mcts, "random")
    assert "seed=5, bots=[quick_mcts, random], actions=[" in repr(match)


@settings(max_examples=5, deadline=None)
@given(bot_playouts(MINI, ("random", quick_mcts), max_steps=6))
def test_drawn_matches_seat_the_bots_given(match: BotPlayout) -> None:
    assert len(match.bots) == len(MINI.players)
    assert set(match.bots) <= {"random", quick_mcts}
    assert len(match.actions) <= 6
    assert (
        match.final == bot_match(MINI, match.bots, match.seed, max_steps=len(match.actions)).final
    )


def test_bad_arguments_are_refused_when_the_strategy_is_built() -> None:
    bad = cast(Any, "random")
    with pytest.raises(ValueError, match="unknown bot"):
        bot_playouts(MINI, ("random", "clever"))
    with pytest.raises(ValueError, match="a sequence of bots"):
        bot_playouts(MINI, bad)
    with pytest.raises(TypeError, match="a name or a function"):
        bot_playouts(MINI, cast(Any, [3]))
    with pytest.raises(ValueError, match="max_steps"):
        bot_playouts(MINI, max_steps=-1)
    with pytest.raises(ValueError, match="2 players, got 3 bots"):
        bot_match(MINI, ("random",) * 3, 0)
    with pytest.raises(ValueError, match="moments"):
        check_samples(MINI, [MINI.start(0)], random.Random(0), moments=0)


class ShortMemoryMini(MiniSabotage):
    """Broken: its sampled past starts where the game now stands, as if nothing had happened."""

    def sample_history(self, view: SabotageState, player: str, rng: random.Random) -> History:
        return History(MiniSabotage.sample_history(self, view, player, rng).final(self), ())


class ForgetfulMini(MiniSabotage):
    """Broken: it samples no past, and its determinisation is the start of a past (the game
    as it was, not as it is)."""

    sample_history = Game.sample_history

    def determinize(self, view: SabotageState, player: str, rng: random.Random) -> SabotageState:
        return MiniSabotage.sample_history(self, view, player, rng).start  # type: ignore[return-value]


def test_check_samples_catches_a_past_that_shows_a_player_less_than_they_saw() -> None:
    game = ShortMemoryMini()
    match = bot_match(game, ("random", "random"), 2, max_steps=10)
    with pytest.raises(ConformanceError, match="sampled past of step"):
        check_samples(game, match.states, random.Random(0))


def test_check_samples_catches_a_determinisation_that_changes_the_view() -> None:
    game = ForgetfulMini()
    match = bot_match(game, ("random", "random"), 2, max_steps=10)
    with pytest.raises(ConformanceError, match="sample of step 10 changes their view"):
        check_samples(game, match.states, random.Random(0), moments=1)


def test_check_bot_play_fails_on_a_broken_sampler_and_passes_on_the_game() -> None:
    with pytest.raises(ConformanceError, match="sampled past"):
        check_bot_play(ShortMemoryMini(), max_examples=6, max_steps=12, derandomize=True)
    check_bot_play(MINI, max_examples=3, max_steps=8, derandomize=True)
