"""An action limit: a game drawn once it has taken a number of actions.

Some rules let play go on without end inside a turn or a game (a tied battle pressed again
and again, a step answered by the enemy after every hex).  A game that must say how long it
can be (``Game.max_game_length``: OpenSpiel sizes its buffers by it) then keeps a count of
its actions in its state and ends in a draw when the count reaches its limit: a bound that is
true by construction and near the length of real games, where the worst cases the rules allow,
multiplied together, are tens of times longer.

A state that counts keeps ``actions`` (taken so far) and ``result`` (its outcome, ``None``
while it goes on); the game passes the state after every action through :func:`counted`.
"""

from __future__ import annotations

from typing import Any, Final, Protocol, Self, TypeVar

from wargames.core.game import Outcome

__all__ = ["REASON", "Counting", "counted", "limit_reached"]

REASON: Final = "action limit"
"""The draw's reason begins with this (then the limit: "action limit (19200 actions)")."""


class Counting(Protocol):
    """A state that counts its actions and holds its own outcome."""

    @property
    def actions(self) -> int: ...

    @property
    def result(self) -> Outcome | None: ...

    def with_changes(self, **changes: Any) -> Self: ...


C = TypeVar("C", bound=Counting)


def limit_reached(limit: int) -> Outcome:
    """The draw of a game that reached its action ``limit``."""
    return Outcome(frozenset(), f"{REASON} ({limit} actions)")


def counted(state: C, limit: int | None) -> C:
    """``state`` after one more action: its count raised, and a draw if the count reaches
    ``limit`` (``None``: no limit) in a game not already over."""
    actions = state.actions + 1
    if limit is not None and actions >= limit and state.result is None:
        return state.with_changes(actions=actions, result=limit_reached(limit))
    return state.with_changes(actions=actions)
