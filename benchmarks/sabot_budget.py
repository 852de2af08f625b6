"""What ``mcts:800`` does with four times ``mcts:200``'s budget on SABOT, position by position.

``python -m benchmarks.sabot_budget --seeds 6800-6805 [--every 150] [--per 8] [--playouts 8]
[--bots "mcts:200;mcts:800,samples=20;greedy"]``

Greedy plays each seed's game as the ladder starts and seats it (bot ``i`` seeded
``seed * 31 + i``); at every ``--every``-th action where the player to act has at least
``--least`` actions in the movement or attack phase (up to ``--per`` a game), each bot of
``--bots`` (``;``-separated) searches the position: ``mcts:N`` with ``,key=value`` options of
``MctsBot`` (``,seed=k`` a second search of that budget; ``,decisions=0`` with the game's
``decision`` off, so a descent runs on past the unit's move), seeded by the action's index
so two budgets draw the same first worlds, or ``greedy``.  For each search it prints the
choice, the root's width (actions searched), the chosen action's share of the descents, the
deepest line under it, its rank by the prior among the actions searched, its value less the
mean of its visits (how much the best of what follows lifts it), the spread of values that
scales exploration, the share of the search's worlds in which the choice is the best
searched action one action ahead, and the seconds.  Where the bots choose differently, each
choice is weighed by a reference: ``--playouts`` worlds of the player's view, each with its
own dice, the same for every choice (paired), played on by greedy inside the world (each
player the action whose afterstate it evaluates best) to the end of the turn and scored there
by the evaluation; each bot's choice is printed against the first bot's (mean difference,
standard error).  Nothing here asserts: these are measurements, not tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any, cast

from attrs import frozen

import wargames
from benchmarks.search_luck import WatchedMcts
from wargames.bots import GreedyBot
from wargames.bots.base import first_to_act, playing
from wargames.bots.mcts import _Node
from wargames.bots.specs import make_bot
from wargames.core.game import Action, Game, State
from wargames.sabot import Sabot
from wargames.sabot.state import SabotAction, SabotState


@frozen
class Search:
    """One search of one position."""

    choice: SabotAction
    width: int
    """How many root actions the search had unpruned."""
    share: float
    """The chosen action's share of the root's descents."""
    depth: int
    """The deepest line of nodes under the chosen action."""
    rank: int
    """The chosen action's rank by the prior among those searched (0: the best prior)."""
    lift: float
    """The chosen action's value less the mean of its visits."""
    spread: float
    """The spread of the player's values the search saw (what scales its exploration)."""
    agree: float
    """The share of the search's worlds in which the chosen action is the best searched
    one one action ahead."""
    seconds: float


class Watched(WatchedMcts):
    """``WatchedMcts`` keeping its last decision's worlds too (``worlds``)."""

    worlds: Sequence[SabotState] = ()

    def decide(
        self,
        game: Game[Any, Any],
        state: State,
        player: str,
        actions: Sequence[Action],
        worlds: Sequence[State],
    ) -> Action:
        self.worlds = cast(Sequence[SabotState], worlds)
        return super().decide(game, state, player, actions, worlds)


def _depth(node: _Node) -> int:
    below = [*node.children.values(), *node.outcomes.values()]
    return 1 + max((_depth(child) for child in below), default=0)


def bot_for(spec: str, seed: int) -> Watched:
    """A watched ``mcts:N`` (``spec``, with ``,key=value`` options of ``MctsBot``; ``,seed=k``
    adds ``k`` to ``seed``, for a second search of the same budget; :func:`search` also
    takes ``,decisions=0``: the game's ``decision`` off, so a descent runs on)."""
    name, *options = spec.split(",")
    iterations = int(name.partition(":")[2] or 200)
    kwargs: dict[str, Any] = {}
    for option in options:
        key, _, value = option.partition("=")
        kwargs[key] = float(value) if "." in value else int(value)
    return Watched(seed + kwargs.pop("seed", 0), iterations=iterations, **kwargs)


def search(game: Sabot, state: SabotState, player: str, spec: str, seed: int) -> Search:
    """One watched search of ``state`` for ``player`` (``greedy``: greedy's choice, no tree)."""
    if spec == "greedy":
        began = time.perf_counter()
        choice = cast(SabotAction, GreedyBot(seed).choose(game, state, player))
        return Search(choice, 0, 0.0, 0, 0, 0.0, 0.0, 0.0, time.perf_counter() - began)
    apart = ",decisions=0" not in spec
    bot = bot_for(spec.replace(",decisions=0", ""), seed)
    if not apart:  # a descent runs on past the unit's move: one decision to the first shot
        setattr(game, "decision", lambda state, player: None)  # noqa: B010
    began = time.perf_counter()
    try:
        choice = cast(SabotAction, bot.choose(game, state, player))
    finally:
        if not apart:
            delattr(game, "decision")
    seconds = time.perf_counter() - began
    root = bot.root
    assert root is not None
    node = root.children[choice]
    firsts = sorted((c.first for c in root.children.values()), reverse=True)
    return Search(
        choice,
        len(root.children),
        node.visits / max(1, sum(c.visits for c in root.children.values())),
        _depth(node) - 1,
        firsts.index(node.first),
        node.value - node.mean,
        bot._values[player].width,
        _agree(game, bot.worlds, cast(list[SabotAction], list(root.children)), choice, player),
        seconds,
    )


def _agree(
    game: Sabot,
    worlds: Sequence[SabotState],
    actions: Sequence[SabotAction],
    choice: SabotAction,
    player: str,
) -> float:
    """The share of ``worlds`` in which ``choice`` is the best of ``actions`` one action
    ahead (ties counted for it)."""
    agree = 0
    for world in worlds:
        scores = {a: game.evaluate(game.afterstate(world, a), player) for a in actions}
        agree += scores[choice] >= max(scores.values())
    return agree / len(worlds)


def playout(game: Sabot, world: SabotState, player: str) -> float:
    """``world`` played on by greedy inside it to the end of its turn, scored for
    ``player`` by the evaluation."""
    turn = world.clock.turn
    while game.outcome(world) is None and world.clock.turn == turn:
        mover = first_to_act(game, world)
        legal = cast(Sequence[SabotAction], playing(game, game.legal_actions(world, mover)))
        action = legal[0]
        if len(legal) > 1:
            scores = [game.evaluate(game.afterstate(world, a), mover) for a in legal]
            action = legal[scores.index(max(scores))]
        world = game.apply(world, action)
    return game.evaluate(world, player)


def reference(
    game: Sabot, state: SabotState, player: str, actions: Sequence[SabotAction], n: int, seed: int
) -> list[list[float]]:
    """Each of ``actions`` scored by :func:`playout` in ``n`` worlds of ``player``'s view,
    each with its own dice, the same for every action."""
    view = game.view(state, player)
    stream = random.Random(seed)
    worlds = []
    for _ in range(n):
        world = game.determinize(view, player, stream)
        worlds.append(world.with_changes(rng=game.fresh_rng(stream)))
    return [[playout(game, game.apply(w, a), player) for w in worlds] for a in actions]


def positions(
    game: Sabot, seed: int, every: int, least: int, per: int
) -> list[tuple[int, SabotState, str]]:
    """Up to ``per`` positions of greedy's game from ``seed``: (index, state, player)."""
    bots = {p: make_bot("greedy", seed * 31 + i) for i, p in enumerate(game.players)}
    state = game.start(seed)
    found: list[tuple[int, SabotState, str]] = []
    index = 0
    while game.outcome(state) is None and len(found) < per:
        mover = first_to_act(game, state)
        if (
            index % every == 0
            and game.phase(state) in ("movement", "attack")
            and len(playing(game, game.legal_actions(state, mover))) >= least
        ):
            found.append((index, state, mover))
        state = game.apply(state, cast(SabotAction, bots[mover].choose(game, state, mover)))
        index += 1
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sabot_budget", description=__doc__)
    parser.add_argument("--seeds", default="6800-6805", help="first-last, inclusive")
    parser.add_argument("--every", type=int, default=150)
    parser.add_argument("--least", type=int, default=3)
    parser.add_argument("--per", type=int, default=8, help="positions a game")
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument(
        "--bots", default="mcts:200;mcts:800", help="';'-separated, e.g. mcts:800,samples=20"
    )
    args = parser.parse_args(argv)
    game = wargames.load("sabot")
    assert isinstance(game, Sabot)
    low, _, high = args.seeds.partition("-")
    specs = args.bots.split(";")
    gains: list[list[float]] = [[] for _ in specs]
    for seed in range(int(low), int(high or low) + 1):
        for index, state, player in positions(game, seed, args.every, args.least, args.per):
            found = [search(game, state, player, spec, index) for spec in specs]
            cells = " | ".join(
                f"{s.choice} w{s.width} sh{s.share:.2f} d{s.depth} r{s.rank}"
                f" lift{s.lift:+.4f} sp{s.spread:.3f} ag{s.agree:.2f} {s.seconds:.1f}s"
                for s in found
            )
            line = f"{seed} {index} t{state.clock.turn} {game.phase(state)} {player}: {cells}"
            choices = list(dict.fromkeys(s.choice for s in found))
            if len(choices) > 1 and args.playouts:
                scores = reference(game, state, player, choices, args.playouts, index)
                first = scores[0]
                line += " || ref v first:"
                for s, gained in zip(found, gains, strict=True):
                    mine = scores[choices.index(s.choice)]
                    diffs = [b - a for a, b in zip(first, mine, strict=True)]
                    gained.append(statistics.mean(diffs))
                    se = statistics.stdev(diffs) / len(diffs) ** 0.5
                    line += f" {statistics.mean(diffs):+.4f} ({se:.4f})"
            print(line, flush=True)
    for spec, gained in zip(specs, gains, strict=True):
        if gained:
            print(
                f"{spec}: by the reference, against {specs[0]}'s choice where some bot's"
                f" differed ({len(gained)} positions): better in {sum(g > 0 for g in gained)},"
                f" worse in {sum(g < 0 for g in gained)}, mean {statistics.mean(gained):+.4f}"
            )


if __name__ == "__main__":
    main()
