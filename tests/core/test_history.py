"""A sampled past: it replays with every action checked, and counts what a player saw."""

from __future__ import annotations

import pytest

import wargames
from wargames import IllegalAction
from wargames.core.history import History, distinct_views

MINI = wargames.load("sabotage", variant="SM")


def test_a_history_replays_to_its_final_state_checking_every_action() -> None:
    start = MINI.start(2)
    first = MINI.legal_actions(start, "green")[0]
    history = History(start, [first])
    states = list(history.states(MINI))
    assert states == [start, MINI.apply(start, first)]
    assert history.final(MINI) == states[-1]
    with pytest.raises(IllegalAction):
        list(History(start, [first, first]).states(MINI))


def test_a_history_with_its_end_given_returns_it_without_replaying() -> None:
    start = MINI.start(2)
    first = MINI.legal_actions(start, "green")[0]
    after = MINI.apply(start, first)
    assert History(start, [first], end=after).final(MINI) is after
    assert History(start, [first], end=after) == History(start, [first]), "end is not the past"
    assert History(start, [first]).final(MINI) == after


def test_distinct_views_count_a_secret_step_once() -> None:
    game = wargames.load("saw")
    state = game.start(1)
    blue = game.legal_actions(state, "blue")[0]
    after = game.apply(state, blue)
    assert game.view(after, "red") == game.view(state, "red"), "blue's plot is face-down"
    assert distinct_views(game, [state, after], "red") == [game.view(state, "red")]
    assert len(distinct_views(game, [state, after], "blue")) == 2
