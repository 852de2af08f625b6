"""Hypothesis strategies over any game: seeds, reachable states, legal actions, playouts.

Every strategy validates its arguments when it is built, not when it is drawn from, and
shrinks towards short games with early legal actions.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from attrs import field, frozen
from hypothesis import strategies as st

from wargames.core.errors import WargamesError
from wargames.core.game import Action, Game, State

__all__ = ["Playout", "actions", "playouts", "seeds", "states"]


@frozen
class Playout:
    """A game played with legal actions from a seed: every state, start first."""

    game: Game[Any, Any]
    seed: int
    actions: tuple[Action, ...]
    states: tuple[State, ...]
    setup: dict[str, Any] = field(factory=dict, eq=False)

    @property
    def final(self) -> State:
        """The last state."""
        return self.states[-1]

    def __repr__(self) -> str:
        actions = ", ".join(str(action) for action in self.actions)
        return f"Playout({self.game!r}, seed={self.seed!r}, actions=[{actions}])"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Hypothesis prints a failing example with this: the seed and the actions, not every
        state of the game."""
        printer.text(repr(self))

    def steps(self) -> Iterator[tuple[State, Action, State]]:
        """Each (state before, action, state after)."""
        return zip(self.states, self.actions, self.states[1:], strict=False)


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise TypeError(f"expected a wargames Game, got {game!r}")


def _check_steps(max_steps: int) -> None:
    if not isinstance(max_steps, int) or max_steps < 0:
        raise ValueError(f"max_steps must be a whole number >= 0, got {max_steps!r}")


def seeds() -> st.SearchStrategy[int]:
    """Game seeds (non-negative 32-bit integers), shrinking towards 0."""
    return st.integers(min_value=0, max_value=2**32 - 1)


def playouts(
    game: Game[Any, Any], *, max_steps: int = 100, setup: Mapping[str, Any] | None = None
) -> st.SearchStrategy[Playout]:
    """Games played from a drawn seed with drawn legal actions, up to ``max_steps`` actions or
    the end.  In simultaneous phases the acting player is drawn too.  ``setup`` holds keyword
    arguments for ``game.start`` (e.g. ``{"deploy": False}`` to play the set-up as actions).
    A broken game that gets stuck (nobody to act before the outcome, or a player to act
    with no legal action) or refuses an action it listed ends the playout there, for the
    checks to find."""
    _check_game(game)
    _check_steps(max_steps)
    setup = dict(setup or {})

    @st.composite
    def build(draw: st.DrawFn) -> Playout:
        seed = draw(seeds())
        length = draw(st.integers(min_value=0, max_value=max_steps))
        state = game.start(seed, **setup)
        states = [state]
        taken: list[Action] = []
        while len(taken) < length and game.outcome(state) is None:
            acting = [p for p in game.players if p in game.to_act(state)]
            if not acting:
                break
            player = acting[draw(st.integers(0, len(acting) - 1))] if len(acting) > 1 else acting[0]
            legal = game.legal_actions(state, player)
            if not legal:
                break
            action = legal[draw(st.integers(0, len(legal) - 1))]
            try:
                state = game.apply(state, action)
            except WargamesError:  # a listed action refused: the checks name it
                break
            taken.append(action)
            states.append(state)
        return Playout(game, seed, tuple(taken), tuple(states), setup)

    return build()


def states(
    game: Game[Any, Any], *, max_steps: int = 100, setup: Mapping[str, Any] | None = None
) -> st.SearchStrategy[State]:
    """States reachable from a drawn seed by up to ``max_steps`` drawn legal actions."""
    return playouts(game, max_steps=max_steps, setup=setup).map(lambda playout: playout.final)


def actions(
    game: Game[Any, Any], state: State, player: str | None = None
) -> st.SearchStrategy[Action]:
    """A legal action in ``state``: of ``player``, or of any player who is to act.

    :raises ValueError: if there is none (the game is over, or ``player`` is not to act).
    """
    _check_game(game)
    players = [player] if player is not None else sorted(game.to_act(state))
    legal = [a for p in players for a in game.legal_actions(state, p)]
    if not legal:
        raise ValueError(f"no legal action for {players or 'anybody'} in this state")
    return st.sampled_from(legal)
