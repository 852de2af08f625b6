"""Plotting runs (issue 38, cheaper worlds): the walks of one view apply each run of the
diary that only plots at once, worked out once for all of them, and draw the very pasts
that applying every action one by one draws."""

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from wargames.core.replay import Replay
from wargames.core.serialize import loads
from wargames.saw import Saw, SawState
from wargames.saw.history import sample_history
from wargames.saw.rules import TURNS
from wargames.saw.state import Attack, Done, Step

from .helpers import ADVANCED

GAMES = {
    "basic": Saw(),
    "secret designs": Saw(players=3, army="patrol"),
    "terrain": Saw(players=4, army="lone", map="ruins"),
    "advanced": ADVANCED,
    "coordination": Saw(coordination=True, weapons=2),
}
SAMPLES = 6


def played(game: Saw, seed: int, steps: int) -> tuple[list[SawState], list[Any]]:
    """The states and actions of a game of uniformly random legal actions from ``seed``."""
    rng = random.Random(seed)
    states = [game.start(seed)]
    actions: list[Any] = []
    while game.outcome(states[-1]) is None and len(actions) < steps:
        player = rng.choice(sorted(game.to_act(states[-1])))
        actions.append(rng.choice(game.legal_actions(states[-1], player)))
        states.append(game.apply(states[-1], actions[-1]))
    return states, actions


def bot_played() -> tuple[Saw, list[SawState]]:
    """The long greedy v random game of issue 31 (513 actions, designs published)."""
    path = Path(__file__).with_name("data").joinpath("greedy-random-15.json")
    replay = loads(path.read_text())
    assert isinstance(replay, Replay)
    game = Saw(open_designs=True)
    return game, [s for s in replay.states(game) if isinstance(s, SawState)]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_plot_batch_is_its_actions_one_by_one(name: str) -> None:
    """From every state of the plotting phase, each run of plotting actions up to the end
    of the phase, applied as one batch, gives the state the actions give one by one (the
    diaries' entries in the same order, the turn resolved by the last plot)."""
    game = GAMES[name]
    batches = 0
    for seed in range(3):
        states, actions = played(game, seed, 160)
        for i, state in enumerate(states[:-1]):
            if game.phase(state) != "plot" or state.result is not None:
                continue
            end = i
            while end < len(actions) and isinstance(actions[end], Step | Attack | Done):
                end += 1
                if TURNS.phase(states[end].clock) != TURNS.phase(state.clock):
                    break
                if states[end].clock != state.clock:
                    break
            if end == i:
                continue
            batch = game.plot_batch(state, actions[i:end])
            assert game.with_plot_batch(state, batch) == states[end]
            batches += 1
    assert batches > 50


def walks(game: Saw, view: SawState, player: str, seed: int, *, reuse: bool) -> list[Any]:
    """``SAMPLES`` pasts of ``view`` drawn from ``seed``, and where they left the stream."""
    rng = random.Random(seed)
    pasts = [sample_history(game, view, player, rng, reuse=reuse) for _ in range(SAMPLES)]
    return [*pasts, rng.getstate()]


@contextmanager
def counting(game: Saw, name: str) -> Iterator[Counter[str]]:
    """Count the calls of the game's method ``name`` while in the block."""
    calls: Counter[str] = Counter()
    method = getattr(game, name)

    def counted(*args: Any) -> Any:
        calls[name] += 1
        return method(*args)

    setattr(game, name, counted)
    try:
        yield calls
    finally:
        delattr(game, name)


def held_to_one_by_one(game: Saw, states: list[SawState], seed: int) -> int:
    """Every player's view in the middle and at the end: the pasts drawn with runs are the
    pasts drawn one action at a time, and leave the stream where they leave it.  Returns
    how many runs the walks applied as an earlier walk worked them out."""
    reused = 0
    for state in (states[len(states) // 2], states[-1]):
        for player in game.players:
            view = game.view(state, player)
            with counting(game, "plot_batch") as worked, counting(game, "with_plot_batch") as used:
                with_runs = walks(game, view, player, seed, reuse=True)
            reused += used["with_plot_batch"] - worked["plot_batch"]
            with counting(game, "with_plot_batch") as used:
                one_by_one = walks(game, view, player, seed, reuse=False)
            assert not used  # the reference applies every action on its own
            assert with_runs[-1] == one_by_one[-1]  # the stream left in the same place
            for kept, fresh in zip(with_runs[:-1], one_by_one[:-1], strict=True):
                assert kept == fresh  # the same start (its stream forced alike) and actions
                assert kept.end == fresh.end  # and the same last state
    return reused


@pytest.mark.parametrize("name", sorted(GAMES))
def test_runs_give_the_pasts_one_action_at_a_time_gives(name: str) -> None:
    game = GAMES[name]
    reused = sum(held_to_one_by_one(game, played(game, seed, 200)[0], seed) for seed in range(3))
    if not game.options.variable_traits:  # re-allocations plot too, and are drawn
        assert reused > 0


def test_runs_give_a_long_bot_games_pasts() -> None:
    """Issue 31's game, mid and late (turn 16 and 33), both players."""
    game, states = bot_played()
    assert held_to_one_by_one(game, states, 31) > 0


def test_a_later_view_takes_the_runs_of_an_earlier_one() -> None:
    """A bot's next choice: the runs of the turns both views have seen are not worked out
    again, and the later view's pasts are still the ones drawn one action at a time."""
    game, states = bot_played()
    game.kept_runs.clear()
    for player in game.players:
        earlier, later = (game.view(states[n], player) for n in (300, 400))
        sample_history(game, earlier, player, random.Random(3))
        with counting(game, "plot_batch") as worked, counting(game, "with_plot_batch") as used:
            kept = sample_history(game, later, player, random.Random(4))
        assert 0 < worked["plot_batch"] < used["with_plot_batch"] / 2
        fresh = sample_history(game, later, player, random.Random(4), reuse=False)
        assert kept == fresh
        assert kept.end == fresh.end
