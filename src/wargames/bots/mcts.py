"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration draws a determinisation of the searching player's view with
``game.sample_state`` — a full state consistent with what the player knows — and walks one
shared tree in it: nodes are keyed by the actions taken, a child competes for selection only
in the iterations where its action is legal (UCB with availability counts), rollouts are random
up to a depth and then scored with ``game.evaluate``.  The bot never reads hidden information:
everything it sees comes from determinisations of the view.
"""

from __future__ import annotations

import math
import random
from typing import Any

from wargames.core.game import Action, Game, State

__all__ = ["MctsBot"]


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # summed, from the point of view of the player who chose this node


class MctsBot:
    """ISMCTS with ``iterations`` determinised playouts per decision.

    ``rollout_depth`` random actions follow each expansion before ``game.evaluate`` scores the
    position for every player; ``exploration`` is the UCB constant.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 200,
        rollout_depth: int = 20,
        exploration: float = 0.7,
    ) -> None:
        if iterations < 1 or rollout_depth < 0:
            raise ValueError("iterations must be >= 1 and rollout_depth >= 0")
        self.seed = seed
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self._random = random.Random(seed)

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        actions: tuple[Action, ...] = game.legal_actions(state, player)
        if not actions:
            raise ValueError(f"{player} has no legal action")
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        for _ in range(self.iterations):
            world = game.sample_state(state, player, self._random)
            self._iterate(game, world, root)
        return max(actions, key=lambda a: _visits(root, a))

    def _iterate(self, game: Game[Any, Any], world: State, root: _Node) -> None:
        node = root
        path: list[tuple[_Node, str]] = []  # each node entered, and who chose it
        while game.outcome(world) is None:
            mover = _mover(game, world)
            legal = game.legal_actions(world, mover)
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = self._random.choice(untried)
                child = node.children[action] = _Node()
                child.available = 1
                world = game.apply_unchecked(world, action)
                path.append((child, mover))
                break
            action = max(legal, key=lambda a: self._ucb(node.children[a]))
            node = node.children[action]
            world = game.apply_unchecked(world, action)
            path.append((node, mover))
        world = self._rollout(game, world)
        values = {p: game.evaluate(world, p) for p in game.players}
        for visited, chooser in path:
            visited.visits += 1
            visited.reward += values[chooser]

    def _ucb(self, node: _Node) -> float:
        if node.visits == 0:
            return math.inf
        mean = node.reward / node.visits
        return mean + self.exploration * math.sqrt(math.log(max(node.available, 1)) / node.visits)

    def _rollout(self, game: Game[Any, Any], world: State) -> State:
        for _ in range(self.rollout_depth):
            if game.outcome(world) is not None:
                break
            mover = _mover(game, world)
            legal = game.legal_actions(world, mover)
            playing = [a for a in legal if not isinstance(a, game.negotiation_types)] or legal
            world = game.apply_unchecked(world, self._random.choice(playing))
        return world

    def __repr__(self) -> str:
        return f"MctsBot(seed={self.seed}, iterations={self.iterations})"


def _mover(game: Game[Any, Any], world: State) -> str:
    """The first player, in seating order, among those to act."""
    acting = game.to_act(world)
    return next(p for p in game.players if p in acting)


def _visits(root: _Node, action: Action) -> int:
    child = root.children.get(action)
    return child.visits if child is not None else -1
