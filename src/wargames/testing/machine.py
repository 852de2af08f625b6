"""A hypothesis state machine that plays any game and checks the contract at every step."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wargames.core.game import Game, State
from wargames.testing.conformance import check_state
from wargames.testing.strategies import seeds

__all__ = ["rules_machine"]


def rules_machine(game: Game[Any, Any]) -> type[RuleBasedStateMachine]:
    """A state machine class that starts ``game`` from a drawn seed and plays drawn legal
    actions, checking :func:`~wargames.testing.check_state` after each.

    >>> import wargames
    >>> TestSabotage = rules_machine(wargames.load("sabotage")).TestCase  # in a test module
    """
    if not isinstance(game, Game):
        raise TypeError(f"expected a wargames Game, got {game!r}")

    class RulesMachine(RuleBasedStateMachine):
        state: State

        @initialize(seed=seeds())
        def start(self, seed: int) -> None:
            self.state = game.start(seed)
            self.previous: list[State] = [self.state]

        @precondition(lambda self: game.outcome(self.state) is not None)
        @rule(seed=seeds())
        def start_again(self, seed: int) -> None:
            """After an outcome, a new game (so long runs keep exploring)."""
            self.start(seed)

        @precondition(lambda self: game.outcome(self.state) is None)
        @rule(data=st.data())
        def act(self, data: st.DataObject) -> None:
            acting = sorted(game.to_act(self.state))
            player = data.draw(st.sampled_from(acting), label="player")
            legal = game.legal_actions(self.state, player)
            action = data.draw(st.sampled_from(legal), label="action")
            self.state = game.apply(self.state, action)
            self.previous.append(self.state)

        @invariant()
        def contract_holds(self) -> None:
            if hasattr(self, "state"):
                check_state(game, self.state, others=self.previous[-8:], rng=random.Random(0))

    RulesMachine.__name__ = f"{type(game).__name__}RulesMachine"
    return RulesMachine
