"""How lucky ``mcts``'s choice is: the most searched root action's value less the mean of
its visits, at decisions along one greedy game.

``python -m benchmarks.search_luck --game gridscifi --seed 8300 [--games 3] [--pooled]``

Greedy plays the game from each of ``--games`` seeds, started as the ladder starts it
(Sabotage's players set up, unless ``--setup deploy=true``), each bot seeded ``seed * 31 + seat``;
at every ``--every``-th action where the player to act has at least ``--least`` legal
actions, one ``mcts`` search (``--iterations`` descents, seeded by the action's index) is
made from that position.  Where a node's player chooses again, the node is worth the best
that follows it; where the game records its draws (``Game.search_draws``), the best after
each draw, averaged over the draws.  With the draws pooled (``--pooled``: the same game with
``search_draws`` off), the best continuation is the luckiest, and the most searched action's
value sits above the mean of its visits by that luck.

Prints, over every search and over those where the search tried its player's next choice
right after the most searched action: that gap (median, mean), the share of the root's
visits on the most searched action (median), how often the search chose what greedy chose,
the seconds a search took (median), how far the best root action's value stands above the
next best's (median), and, where draws are recorded, how many nodes of actions that drew the
trees hold, with how many results' nodes and visits under them.  Nothing here asserts:
these are measurements, not tests.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

import wargames
from benchmarks.ladder import SETUPS, name_value
from wargames.bots import GreedyBot, MctsBot
from wargames.bots.base import first_to_act
from wargames.bots.mcts import _Node
from wargames.core.game import Action, Game, State


@frozen
class Search:
    """One search from a position of the greedy game."""

    luck: float
    """The most searched root action's value less the mean of its visits."""
    share: float
    """The share of the root's visits on that action."""
    greedy: bool
    """Whether the search chose what greedy chose."""
    seconds: float
    again: bool
    """Whether the search tried its player's next choice right after that action."""
    margin: float
    """The best root action's value less the next best's."""
    drew: int
    """The nodes of actions that drew something, anywhere in the tree."""
    results: int
    """The results' nodes under them."""
    visits: int
    """Their visits."""


class WatchedMcts(MctsBot):
    """``MctsBot`` keeping the root of its last search (``root``), to read its tree."""

    root: _Node | None = None

    def _iterate(
        self,
        game: Game[Any, Any],
        world: State,
        baseline: dict[str, float],
        root: _Node,
        *rest: Any,
    ) -> None:
        super()._iterate(game, world, baseline, root, *rest)
        self.root = root


def pooled(game: Game[Any, Any]) -> Game[Any, Any]:
    """``game`` with its draws not recorded in the search (``search_draws`` off)."""
    cls = type(game)
    game.__class__ = type(f"Pooled{cls.__name__}", (cls,), {"search_draws": False})
    return game


def _again(node: _Node) -> bool:
    """Whether the search tried a choice of ``node``'s player right after it (under one of
    its draws, where they are recorded)."""
    below = [
        *node.children.values(),
        *(c for d in node.outcomes.values() for c in d.children.values()),
    ]
    return any(child.chooser == node.chooser for child in below)


def _nodes(node: _Node) -> list[_Node]:
    """``node`` and every node under it."""
    below = [*node.children.values(), *node.outcomes.values()]
    return [node, *(n for child in below for n in _nodes(child))]


def searches(
    game: Game[Any, Any],
    seed: int,
    every: int,
    least: int,
    iterations: int,
    setup: Mapping[str, Any] | None = None,
) -> list[Search]:
    """The searches along the greedy game from ``seed`` (``game.start(seed, **setup)``)."""
    greedy = {p: GreedyBot(seed * 31 + i) for i, p in enumerate(game.players)}
    state = game.start(seed, **(setup or {}))
    found: list[Search] = []
    index = 0
    while game.outcome(state) is None:
        mover = first_to_act(game, state)
        action: Action = greedy[mover].choose(game, state, mover)
        if index % every == 0 and len(game.legal_actions(state, mover)) >= least:
            bot = WatchedMcts(index, iterations=iterations)
            began = time.perf_counter()
            chosen = bot.choose(game, state, mover)
            seconds = time.perf_counter() - began
            if bot.root is not None and bot.root.children:
                children = bot.root.children.values()
                top = max(children, key=lambda c: c.visits)
                share = top.visits / sum(c.visits for c in children)
                values = sorted((c.value for c in children if c.visits), reverse=True)
                margin = values[0] - values[1] if len(values) > 1 else 0.0
                drew = [n for n in _nodes(bot.root) if n.outcomes and None not in n.outcomes]
                found.append(
                    Search(
                        top.value - top.mean,
                        share,
                        chosen == action,
                        seconds,
                        _again(top),
                        margin,
                        len(drew),
                        sum(len(n.outcomes) for n in drew),
                        sum(n.visits for n in drew),
                    )
                )
        state = game.apply(state, action)
        index += 1
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.search_luck", description=__doc__)
    parser.add_argument("--game", default="gridscifi")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--seed", type=int, default=8300)
    parser.add_argument("--games", type=int, default=1, help="greedy games, seeds from --seed")
    parser.add_argument("--every", type=int, default=3, help="search every n-th action")
    parser.add_argument("--least", type=int, default=3, help="legal actions a search needs")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--pooled", action="store_true", help="the draws not recorded")
    parser.add_argument(
        "--setup", action="append", default=[], metavar="NAME=VALUE", help="as the ladder's"
    )
    args = parser.parse_args(argv)
    setup = {**SETUPS.get(args.game, {}), **dict(name_value(text) for text in args.setup)}
    game = wargames.load(args.game, args.variant)
    if args.pooled:
        game = pooled(game)
    seeds = range(args.seed, args.seed + args.games)
    found = [
        one
        for seed in seeds
        for one in searches(game, seed, args.every, args.least, args.iterations, setup)
    ]
    print(
        f"{game.name} seeds {seeds.start}-{seeds.stop - 1},"
        f" draws {'pooled' if args.pooled else 'recorded'}"
        f" (search_draws {game.search_draws}), searches of {args.iterations} descents"
    )
    print(_line("every search", found))
    print(_line("the player chose again after the most searched", [f for f in found if f.again]))


def _line(what: str, found: Sequence[Search]) -> str:
    """One line of figures over ``found``."""
    if not found:
        return f"{what}: none"
    luck = [f.luck for f in found]
    return (
        f"{what}: {len(found)}; value less mean median {statistics.median(luck):.3f},"
        f" mean {statistics.mean(luck):.3f}; share of visits median"
        f" {statistics.median(f.share for f in found):.2f};"
        f" chose greedy's action {sum(f.greedy for f in found)};"
        f" seconds a search median {statistics.median(f.seconds for f in found):.2f};"
        f" best root value less the next best, median"
        f" {statistics.median(f.margin for f in found):.3f};"
        f" {sum(f.drew for f in found)} nodes of actions that drew,"
        f" {sum(f.results for f in found)} results' nodes, {sum(f.visits for f in found)} visits"
    )


if __name__ == "__main__":
    main()
