"""How a search horizon past the unit's order changes SAW's plots, position by position.

``python -m benchmarks.saw_horizon --seeds 9300-9304 [--every 3] [--per 4] [--playouts 8]
[--bots "mcts:200;mcts:200:2;greedy"]``

Greedy plays each seed's game as the ladder starts and seats it (bot ``i`` seeded
``seed * 31 + i``); at every ``--every``-th position where a player is to begin the order of
its first unit with another unit still to plot after it (up to ``--per`` a game), each bot
of ``--bots`` (``;``-separated names :func:`~wargames.bots.specs.make_bot` reads, each
seeded by the position's number so two searches draw the same first worlds) plots that
unit's whole order, choice after choice, as it would in a game.  For each it prints the
order (its steps and its attacks), and for a search its first choice's lift (its value less
the mean of its visits: how much the best of what follows lifts it).  Where the orders
differ, each is weighed by a reference: ``--playouts`` worlds of the player's view, the same
for every order, in each of which the order is taken and the rest of the player's plot is
chosen by greedy inside the world (:func:`~wargames.bots.base.greedy_round`: the action whose
afterstate the evaluation scores best, ties broken by a stream seeded 0 for each order),
and the plot scored there, before the dice, by the evaluation; each order against the first
bot's (mean difference, standard error).  Nothing here asserts: these are measurements.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence
from typing import cast

import wargames
from benchmarks.search_luck import WatchedMcts
from wargames.bots.base import first_to_act, greedy_round
from wargames.bots.mcts import MctsBot
from wargames.bots.specs import make_bot
from wargames.saw import Saw, SawAction, SawState
from wargames.saw.state import Attack, Step


def starts(game: Saw, state: SawState, player: str) -> bool:
    """Whether ``player`` is to begin its first unit's order, another still to plot after."""
    if game.phase(state) != "plot" or player not in game.to_act(state):
        return False
    orders = next(plot.orders for plot in state.plots if plot.player == player)
    first = orders[0]
    return len(orders) > 1 and not (first.path or first.shots or first.done)


def positions(game: Saw, seed: int, every: int, per: int) -> list[tuple[SawState, str]]:
    """Up to ``per`` positions of greedy's game from ``seed`` where :func:`starts` holds."""
    bots = {p: make_bot("greedy", seed * 31 + i) for i, p in enumerate(game.players)}
    state = game.start(seed)
    found: list[tuple[SawState, str]] = []
    seen = 0
    while game.outcome(state) is None and len(found) < per:
        mover = first_to_act(game, state)
        if starts(game, state, mover):
            if seen % every == 0:
                found.append((state, mover))
            seen += 1
        state = game.apply(state, cast(SawAction, bots[mover].choose(game, state, mover)))
    return found


def order(
    game: Saw, state: SawState, player: str, spec: str, seed: int
) -> tuple[list[SawAction], float]:
    """The first unit's whole order as bot ``spec`` plots it, and its first choice's lift."""
    unit = game.current_unit(state, player)
    taken: list[SawAction] = []
    lift = 0.0
    while game.current_unit(state, player) == unit:
        bot = make_bot(spec, seed)
        if isinstance(bot, MctsBot) and not taken:  # the same search, its tree kept to read
            watched = WatchedMcts(
                seed,
                iterations=bot.iterations,
                horizon=bot.horizon,
                finish_round=bot.finish_round,
                foresee=bot.foresee,
            )
            action = cast(SawAction, watched.choose(game, state, player))
            assert watched.root is not None
            node = watched.root.children[action]
            lift = node.value - node.mean
        else:
            action = cast(SawAction, bot.choose(game, state, player))
        taken.append(action)
        state = game.apply(state, action)
    return taken, lift


def written(actions: Sequence[SawAction]) -> str:
    """An order as its steps' count and its targets."""
    steps = sum(isinstance(a, Step) for a in actions)
    targets = ",".join(a.target for a in actions if isinstance(a, Attack))
    return f"{steps} steps, at {targets or 'nobody'}"


def plotted(game: Saw, world: SawState, player: str, ties: random.Random) -> float:
    """``world``'s evaluation for ``player`` once greedy inside it has chosen the rest of
    ``player``'s plot (ties broken by ``ties``), stopping before the dice."""
    return game.evaluate(greedy_round(game, world, player, game.to_act(world), ties), player)


def reference(
    game: Saw, state: SawState, player: str, orders: Sequence[Sequence[SawAction]], n: int
) -> list[list[float]]:
    """Each of ``orders`` scored by :func:`plotted` in ``n`` worlds of ``player``'s view,
    the same for every order."""
    view = game.view(state, player)
    stream = random.Random(0)
    worlds = [game.determinize(view, player, stream) for _ in range(n)]
    scores = []
    for actions in orders:
        ties = random.Random(0)
        row = []
        for world in worlds:
            for action in actions:
                world = game.apply(world, action)
            row.append(plotted(game, world, player, ties))
        scores.append(row)
    return scores


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.saw_horizon", description=__doc__)
    parser.add_argument("--seeds", default="9300-9304", help="first-last, inclusive")
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--per", type=int, default=4, help="positions a game")
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--bots", default="mcts:200;mcts:200:2;greedy", help="';'-separated")
    args = parser.parse_args(argv)
    game = wargames.load("saw")
    assert isinstance(game, Saw)
    low, _, high = args.seeds.partition("-")
    specs = args.bots.split(";")
    number = 0
    for seed in range(int(low), int(high or low) + 1):
        for state, player in positions(game, seed, args.every, args.per):
            found = [order(game, state, player, spec, number) for spec in specs]
            cells = " | ".join(
                f"{spec} {written(actions)} lift{lift:+.4f}"
                for spec, (actions, lift) in zip(specs, found, strict=True)
            )
            line = f"{seed} #{number} t{state.clock.turn} {player}: {cells}"
            distinct = list(dict.fromkeys(tuple(actions) for actions, _ in found))
            if len(distinct) > 1 and args.playouts:
                scores = reference(game, state, player, distinct, args.playouts)
                line += " || ref v first:"
                for actions, _ in found:
                    mine = scores[distinct.index(tuple(actions))]
                    diffs = [b - a for a, b in zip(scores[0], mine, strict=True)]
                    se = statistics.stdev(diffs) / len(diffs) ** 0.5
                    line += f" {statistics.mean(diffs):+.4f} ({se:.4f})"
            print(line, flush=True)
            number += 1


if __name__ == "__main__":
    main()
