"""Replays: a game's name, options, seed, set-up and actions — everything needed to replay it.

Because all chance comes from the stream in the state, replaying the actions from the same
seed reproduces every state bit for bit.  A game started without a seed is recorded with its
secret key instead: a replay is the whole truth of a game, for its players after the game or
for the record, never something to show one player while it is played.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from attrs import field, frozen

from wargames.core.game import Action, Game, State
from wargames.core.rng import Seed

__all__ = ["Replay"]


def _dict(value: Mapping[str, Any]) -> dict[str, Any]:
    return dict(value)


def _actions(actions: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(actions)


@frozen(eq=True, hash=False)
class Replay:
    """A recorded game.  Build one with :meth:`record`; replay it with :meth:`states`.

    ``seed`` is what the game was started from: the ``int`` or ``str`` seed, or the
    stream's key (bytes) for a game started without one.
    """

    game: str
    variant: str
    options: dict[str, Any] = field(converter=_dict)
    seed: Seed
    setup: dict[str, Any] = field(converter=_dict)
    actions: tuple[Action, ...] = field(converter=_actions)

    @classmethod
    def record(
        cls,
        game: Game[Any, Any],
        seed: Seed,
        actions: Sequence[Action],
        setup: Mapping[str, Any] | None = None,
    ) -> Replay:
        """A replay of ``actions`` played on ``game.start(seed, **setup)``."""
        return cls(game.name, game.variant, game.option_values(), seed, setup or {}, actions)

    def load_game(self) -> Game[Any, Any]:
        """The game this replay was played with, rebuilt from the registry."""
        from wargames.core.registry import load

        return load(self.game, self.variant or None, **self.options)

    def states(self, game: Game[Any, Any] | None = None) -> Iterator[State]:
        """Every state of the game, the start first, each action checked as it is applied."""
        game = game or self.load_game()
        state = game.start(self.seed, **self.setup)
        yield state
        for action in self.actions:
            state = game.apply(state, action)
            yield state

    def final_state(self, game: Game[Any, Any] | None = None) -> State:
        """The state after the last action."""
        for state in self.states(game):
            last = state
        return last
