"""A bot that picks uniformly among the legal actions, reproducibly from its seed."""

from __future__ import annotations

import random
from typing import Any

from wargames.bots.base import playing
from wargames.core.game import Action, Game, State

__all__ = ["RandomBot"]


class RandomBot:
    """Uniformly random legal play.  Two bots with the same seed make the same choices.

    It reads nothing but the legal actions, which never depend on hidden information.  It
    plays rather than negotiates: the game's ``negotiation_types`` (draw offers, trades) are
    chosen only when nothing else is legal (answering an offer), unless ``negotiate`` is set.
    """

    def __init__(self, seed: int = 0, *, negotiate: bool = False) -> None:
        self.seed = seed
        self.negotiate = negotiate
        self._random = random.Random(seed)

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        actions: tuple[Action, ...] = game.legal_actions(state, player)
        if not actions:
            raise ValueError(f"{player} has no legal action")
        choices = playing(game, actions, negotiate=self.negotiate)
        return choices[self._random.randrange(len(choices))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed}, negotiate={self.negotiate})"
