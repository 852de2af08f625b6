"""RandomBot and the play loop."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wargames
from wargames import State
from wargames.bots import Match, RandomBot, play
from wargames.core.replay import Replay
from wargames.sabotage import OfferDraw
from wargames.testing import states

MINI = wargames.load("sabotage", variant="SM")


def bots(green: int, red: int) -> dict[str, RandomBot]:
    return {"green": RandomBot(green), "red": RandomBot(red)}


def test_same_seed_same_choices() -> None:
    one, two = RandomBot(3), RandomBot(3)
    state = MINI.start(1)
    for _ in range(30):
        if MINI.outcome(state) is not None:
            break
        player = sorted(MINI.to_act(state))[0]
        action = one.choose(MINI, state, player)
        assert two.choose(MINI, state, player) == action
        assert action in MINI.legal_actions(state, player)
        state = MINI.apply(state, action)
    assert repr(one) == "RandomBot(seed=3, negotiate=False)"


def test_plays_rather_than_negotiates_unless_told() -> None:
    quiet = [play(MINI, bots(s, s + 1), seed=s, max_actions=200) for s in range(5)]
    assert not any(isinstance(a, OfferDraw) for m in quiet for a in m.replay.actions)
    talkative = [
        play(
            MINI,
            {"green": RandomBot(s, negotiate=True), "red": RandomBot(s + 1, negotiate=True)},
            seed=s,
            max_actions=200,
        )
        for s in range(5)
    ]
    assert any(isinstance(a, OfferDraw) for m in talkative for a in m.replay.actions)


def test_the_seed_matters() -> None:
    state = MINI.start(1)
    picks = {RandomBot(seed).choose(MINI, state, "green") for seed in range(20)}
    assert len(picks) > 3


def test_play_is_reproducible() -> None:
    first = play(MINI, bots(1, 2), seed=5, max_actions=80)
    again = play(MINI, bots(1, 2), seed=5, max_actions=80)
    assert first == again
    assert first.replay.actions == again.replay.actions
    other = play(MINI, bots(3, 4), seed=5, max_actions=80)
    assert other.replay.actions != first.replay.actions


def test_play_stops_at_max_actions() -> None:
    match = play(MINI, bots(1, 2), seed=5, max_actions=10)
    assert match.length == 10
    assert match.outcome is None
    assert MINI.outcome(match.final) is None
    assert play(MINI, bots(1, 2), seed=5, max_actions=0).length == 0


def test_play_reaches_an_outcome() -> None:
    match = play(MINI, bots(7, 8), seed=2)
    assert match.outcome is not None
    assert match.outcome == MINI.outcome(match.final)
    assert MINI.to_act(match.final) == frozenset()
    assert match.length == len(match.replay.actions) > 0


@pytest.mark.parametrize("setup", [None, {"deploy": False}])
def test_the_replay_reproduces_the_match(setup: dict[str, bool] | None) -> None:
    match = play(MINI, bots(1, 9), seed=3, max_actions=120, setup=setup)
    assert isinstance(match, Match)
    replay = match.replay
    assert replay == Replay.record(MINI, 3, replay.actions, setup)
    assert replay.final_state() == match.final
    assert replay.final_state(MINI) == match.final
    states_seen = list(replay.states(MINI))
    assert len(states_seen) == match.length + 1
    assert states_seen[0] == MINI.start(3, **(setup or {}))


def test_play_needs_a_bot_per_player() -> None:
    with pytest.raises(ValueError, match="no bot for red"):
        play(MINI, {"green": RandomBot(1)})


def test_a_bot_without_actions_refuses() -> None:
    state = MINI.start(0)
    with pytest.raises(ValueError, match="red has no legal action"):
        RandomBot(0).choose(MINI, state, "red")


@settings(max_examples=8)
@given(states(MINI, max_steps=25), st.integers(min_value=0, max_value=1000))
def test_choice_depends_only_on_the_view(state: State, seed: int) -> None:
    if MINI.outcome(state) is not None:
        return
    [player] = MINI.to_act(state)
    other = MINI.sample_state(state, player, random.Random(seed))
    assert MINI.view(other, player) == MINI.view(state, player)
    assert other != state  # at least its future chance is different
    assert RandomBot(seed).choose(MINI, other, player) == RandomBot(seed).choose(
        MINI, state, player
    )
