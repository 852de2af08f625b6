"""A sampled past: a full start and every action since, which replays to a determinisation.

A determinisation must be a state that could have arisen: one whose past gives the player
exactly what they saw, step by step, not only a final position that looks right.  A game
proves it by sampling a :class:`History` (``game.sample_history(view, player, rng)``): a start
with every secret drawn (the opponent's set-up, designs, tiles), the actions since (the public
ones as played, the secret ones drawn), and the chance results the player saw, forced into
the start's stream (:meth:`~wargames.core.rng.Rng.with_forced`).  Replaying it is the proof;
its last state is the determinisation.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from attrs import field, frozen

from wargames.core.game import Action, Game, State

__all__ = ["History", "distinct_views"]


def _actions(actions: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(actions)


@frozen
class History:
    """A start state and the actions played from it."""

    start: State
    actions: tuple[Action, ...] = field(converter=_actions)
    end: State | None = field(default=None, kw_only=True, eq=False, repr=False)
    """The state the actions reach, when the sampler has it at hand (the view with the
    secrets it drew filled in): :meth:`final` then returns it without replaying, and
    :func:`~wargames.testing.check_history` checks that the replay reaches it."""

    def states(self, game: Game[Any, Any]) -> Iterator[State]:
        """Every state, the start first, each action checked as it is applied.

        :raises IllegalAction: where the sampled past breaks a rule.
        """
        state = self.start
        yield state
        for action in self.actions:
            state = game.apply(state, action)
            yield state

    def final(self, game: Game[Any, Any]) -> State:
        """The state after the last action: :attr:`end` if given, else each action applied
        unchecked (for a sampler that has built a legal past; :meth:`states` checks)."""
        if self.end is not None:
            return self.end
        state = self.start
        for action in self.actions:
            state = game.apply_unchecked(state, action)
        return state


def distinct_views(game: Game[Any, Any], states: Iterable[State], player: str) -> list[State]:
    """What ``player`` saw happen, step by step: their view of each state, a view that did not
    change (another player's secret action) counted once."""
    seen: list[State] = []
    for state in states:
        view = game.view(state, player)
        if not seen or seen[-1] != view:
            seen.append(view)
    return seen
