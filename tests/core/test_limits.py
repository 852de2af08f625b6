"""The action limit (:mod:`wargames.core.limits`): a count raised by every action, and a
draw when it reaches the limit in a game not already over."""

from __future__ import annotations

from typing import Any, Self

import attrs
from attrs import frozen

from wargames.core.game import Outcome
from wargames.core.limits import REASON, counted, limit_reached


@frozen
class Counter:
    actions: int = 0
    result: Outcome | None = None

    def with_changes(self, **changes: Any) -> Self:
        return attrs.evolve(self, **changes)


def test_each_action_is_counted_and_the_limit_draws() -> None:
    state = Counter()
    for _ in range(2):
        state = counted(state, 3)
    assert state == Counter(actions=2)
    drawn = counted(state, 3)
    assert drawn == Counter(actions=3, result=limit_reached(3))
    assert drawn.result is not None
    assert drawn.result.is_draw
    assert drawn.result.reason == f"{REASON} (3 actions)"


def test_no_limit_never_draws() -> None:
    assert counted(Counter(actions=10**6), None) == Counter(actions=10**6 + 1)


def test_a_game_already_won_keeps_its_outcome() -> None:
    won = Outcome({"red"}, "captured the Headquarters")
    assert counted(Counter(actions=2, result=won), 3) == Counter(actions=3, result=won)
