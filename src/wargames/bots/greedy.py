"""A one-ply bot: the action whose result ``game.evaluate`` likes best, on average over
determinisations of what the player knows (so chance and hidden pieces are averaged, never
read)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargames.bots.base import SampledBot, best_one_ahead
from wargames.core.game import Action, Game, State

__all__ = ["GreedyBot"]


class GreedyBot(SampledBot):
    """Plays the action with the best mean evaluation one action ahead.

    Each decision draws ``samples`` determinisations of the player's view
    (``game.sample_state``); every legal action is taken in each and the result scored with
    ``game.evaluate``: before the chance it sets off where the game gives an ``afterstate``
    (:meth:`~wargames.core.game.Game.afterstate`), else with the chance drawn from the
    determinisation's own fresh stream.  Ties are broken at random.  Negotiation actions (draw
    offers, trades) are left alone unless nothing else is legal, as for
    :class:`~wargames.bots.RandomBot`; an offer is answered by
    :func:`~wargames.bots.base.best_answer` (a draw accepted only when not ahead).
    """

    def __init__(self, seed: int = 0, *, samples: int = 4) -> None:
        super().__init__(seed, samples)

    def decide(
        self,
        game: Game[Any, Any],
        state: State,
        player: str,
        actions: Sequence[Action],
        worlds: Sequence[State],
    ) -> Action:
        return best_one_ahead(game, worlds, actions, player, self._random)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed}, samples={self.samples})"
