"""Perfect-information Monte Carlo search one round deep, the rivals answering from what
they could know.

Each decision draws ``samples`` determinisations of the player's view.  In each world the
``width`` actions with the best one-ahead prior (the mean evaluation over the worlds, what
:class:`~wargames.bots.GreedyBot` computes) are searched to the end of the round: the rest
of the player's own turn (its next action the best of the ``follow`` best by one-ahead
evaluation, any later one the best), then every rival's turn, each rival taking, action by
action, the best by its own evaluation.  The round's end is scored by ``game.evaluate``, and
the action with the best mean over the worlds is played, a tie going to the better prior
(Long, Sturtevant, Buro and Furtak 2010 on when the mean over worlds works: where hidden
information comes out gradually, as in Sabotage).  A round stops early where the game ends,
awaits chance (scored before the dice, as :class:`~wargames.bots.MctsBot` does) or has
several players choose at once (one would see the other's choice).

A rival in a determinised world must not choose by what it cannot know (in Sabotage, where
the player's unexposed Headquarters stands): that would make every rival clairvoyant and the
search would defend against raids no real rival could aim.  So each rival chooses in a world
of its own beliefs, a determinisation of its view of the searched world, carried along by
the same actions, while the searched world keeps the truth the player scores.  Where an
action the player takes is not legal in a rival's beliefs (it moved a piece the rival
thought immovable), that rival's beliefs are drawn again from its view of where the search
stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargames.bots.base import SampledBot, first_to_act, one_ahead, playing
from wargames.core.game import Action, Game, State

__all__ = ["PimcBot"]


class PimcBot(SampledBot):
    """Searches the rest of the round in each of ``samples`` worlds and plays the action
    with the best mean evaluation at its end.

    ``width``: how many root actions, best prior first, are searched; ``follow``: how many
    of the player's own next actions in the turn are tried after each; ``beliefs``: whether
    the rivals choose in worlds of their own beliefs (True) or in the searched world, seeing
    everything (False); ``reply``: the most actions the player's own turn, and then the
    rivals', run to before the round is scored.  Negotiation actions are left alone unless
    nothing else is legal, and offers are answered by the evaluation, as for the other
    bots.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        samples: int = 4,
        width: int = 6,
        follow: int = 3,
        beliefs: bool = True,
        reply: int = 8,
    ) -> None:
        if min(samples, width, follow, reply) < 1:
            raise ValueError("samples, width, follow and reply must be >= 1")
        super().__init__(seed, samples)
        self.width = width
        self.follow = follow
        self.beliefs = beliefs
        self.reply = reply

    def decide(
        self,
        game: Game[Any, Any],
        state: State,
        player: str,
        actions: Sequence[Action],
        worlds: Sequence[State],
    ) -> Action:
        prior = dict(zip(actions, one_ahead(game, worlds, actions, player), strict=True))
        ranked = sorted(actions, key=lambda a: prior[a], reverse=True)[: self.width]
        totals = dict.fromkeys(ranked, 0.0)
        for world in worlds:
            believed = self._believe(game, world, player)
            for action in ranked:
                totals[action] += self._value(game, world, believed, action, player)
        return max(ranked, key=lambda a: totals[a])  # a tie to the better prior: sooner

    def _believe(self, game: Game[Any, Any], world: State, player: str) -> dict[str, State]:
        """Each rival's beliefs in ``world``: a determinisation of its view (or, without
        ``beliefs``, the world itself)."""
        rivals = [p for p in game.players if p != player]
        if not self.beliefs:
            return dict.fromkeys(rivals, world)
        return {p: game.determinize(game.view(world, p), p, self._random) for p in rivals}

    def _step(
        self, game: Game[Any, Any], world: State, believed: dict[str, State], action: Action
    ) -> tuple[State, dict[str, State]]:
        """``action`` taken in the world and in every rival's beliefs."""
        after = game.afterstate(world, action)
        if not self.beliefs:
            return after, dict.fromkeys(believed, after)
        carried = {}
        for rival, belief in believed.items():
            if game.is_legal(belief, action):
                carried[rival] = game.afterstate(belief, action)
            else:  # the rival learns what it did not believe: it draws its beliefs again
                carried[rival] = game.determinize(game.view(after, rival), rival, self._random)
        return after, carried

    def _value(
        self,
        game: Game[Any, Any],
        world: State,
        believed: dict[str, State],
        action: Action,
        player: str,
        taken: int = 0,
    ) -> float:
        """The evaluation at the end of the round that ``action`` begins: the player's own
        turn played on, the next action the best of its ``follow`` best by one-ahead
        evaluation and any after that the best (at most ``reply`` in all); then the rivals'
        turns."""
        world, believed = self._step(game, world, believed, action)
        if not _goes_on(game, world):
            return game.evaluate(world, player)
        if first_to_act(game, world) == player and taken < self.reply:
            legal = playing(game, game.legal_actions(world, player))
            scored = sorted(
                legal,
                key=lambda a: game.evaluate(game.afterstate(world, a), player),
                reverse=True,
            )
            tried = scored[: self.follow if taken == 0 else 1]
            return max(self._value(game, world, believed, a, player, taken + 1) for a in tried)
        for _ in range(self.reply):
            if not _goes_on(game, world):
                break
            rival = first_to_act(game, world)
            if rival == player:
                break
            answer = self._answer(game, world, believed[rival], rival)
            world, believed = self._step(game, world, believed, answer)
        return game.evaluate(world, player)

    def _answer(self, game: Game[Any, Any], world: State, belief: State, rival: str) -> Action:
        """The rival's action: the best by its evaluation of its beliefs, among those legal
        there and in the world (its beliefs may have parted from the world, a battle
        believed won that was lost; if none is legal in both, the first legal in the
        world)."""
        legal = playing(game, game.legal_actions(belief, rival))
        scores = [game.evaluate(game.afterstate(belief, a), rival) for a in legal]
        ranked = sorted(zip(scores, range(len(legal)), strict=True), reverse=True)
        for _, i in ranked:
            if belief is world or game.is_legal(world, legal[i]):
                return legal[i]
        return playing(game, game.legal_actions(world, rival))[0]

    def __repr__(self) -> str:
        return f"PimcBot(seed={self.seed}, samples={self.samples})"


def _goes_on(game: Game[Any, Any], world: State) -> bool:
    """Whether the search goes on from ``world``: not where the game is over, nor where it
    awaits chance (scored before the dice, as :class:`~wargames.bots.MctsBot` does), nor
    where several players choose at once (one choosing in the search would see the other's
    choice, which no player can)."""
    return (
        game.outcome(world) is None
        and not game.awaits_chance(world)
        and len(game.to_act(world)) == 1
    )
