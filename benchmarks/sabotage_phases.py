"""Where a bot's edge comes from in Sabotage with the players' set-up: the set-up or the play.

``python -m benchmarks.sabotage_phases split --bots greedy/mcts:200,greedy --seeds 5200-5219``

``split`` plays two bots on paired seeds (:func:`benchmarks.paired.play_paired`, the players
setting up their armies), each named ``SETUP/PLAY``: the first bot makes the set-up, the
second plays the game from it (``greedy/mcts:200``: greedy's set-up, ``mcts:200``'s play; a
name without ``/`` does both).

A name ending ``@rules`` (``greedy@rules``) draws its worlds by the rules alone
(:data:`~wargames.sabotage.history.NO_BELIEFS`), as every bot did before the worlds read the
record: a diagnostic, so that one side may have the beliefs and the other not.

``python -m benchmarks.sabotage_phases agree --bot mcts:200 --seeds 5200-5203 --every 4``

``agree`` plays ``--bot`` against greedy from both seats and, at each of the bot's decisions
after the set-up, asks a greedy bot with the same view what it would play.  Where they
differ, on every ``--every``-th such decision, an oracle that knows the whole state and not
the evaluation weighs the two actions: ``--playouts`` games played to the end from each
(``GreedyBot(samples=1)`` for both sides, the same bot seeds after either action, so the
playouts are paired), each scoring 1 for a win, 0.5 for a draw (or no end within 150
actions). It prints how often the bot agrees with greedy and, where they differ, how often
the oracle prefers each, with the mean difference.  Nothing here asserts: these are
measurements, not tests.

``python -m benchmarks.sabotage_phases squares --bot greedy --seeds 5200-5239``

``squares`` sets up both armies of each seed with ``--bot`` (Green's seeded ``seed * 31``,
Red's ``seed * 31 + 1``, as ``benchmarks.paired`` seeds them) and counts where each side's
Headquarters stands.

``python -m benchmarks.sabotage_phases worlds --seeds 5400-5409 --every 10 --samples 20``

``worlds`` plays greedy against greedy (worlds by the rules alone) with the players' set-up
and, at every ``--every``-th action of play, draws ``--samples`` worlds from each player's
view with each of ``COMPARED``'s beliefs (the same streams), and prints how often they hold
the truth:
the enemy's Headquarters on its square, an unidentified piece of its kind, and a landmine or
Headquarters among the pieces that may be either (the bias the beliefs remove); then, for
those pieces, the share in truth movable by how many of the enemy's turns they could have
moved in and did not (what ``stay`` is fitted to: 30 or more counted as 30).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

import attrs

import wargames
from benchmarks.paired import play_paired, seat
from wargames.bots import Bot, GreedyBot
from wargames.bots.base import moves
from wargames.core.game import Action, Game, State
from wargames.sabotage import Kind, Sabotage, SabotageState
from wargames.sabotage.history import BELIEFS, NO_BELIEFS, Beliefs, read_past
from wargames.sabotage.pieces import IMMOVABLE

_SETUP = {"deploy": False}
_PLAYOUT_CAP = 150


def in_setup(game: Game[Any, Any], state: State) -> bool:
    """Whether a game of Sabotage is still being set up."""
    assert isinstance(game, Sabotage)
    assert isinstance(state, SabotageState)
    return game.in_setup(state)


class PhasedBot:
    """One bot for the set-up and another for the play."""

    def __init__(self, setup: Bot, play: Bot) -> None:
        self.setup = setup
        self.play = play

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        bot = self.setup if in_setup(game, state) else self.play
        return bot.choose(game, state, player)


class RulesWorlds:
    """A bot whose worlds are drawn by the rules alone: it plays a copy of the game with
    :data:`~wargames.sabotage.history.NO_BELIEFS`."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.copies: dict[Game[Any, Any], Sabotage] = {}

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        if game not in self.copies:
            self.copies[game] = believing(game, NO_BELIEFS)
        return self.bot.choose(self.copies[game], state, player)


def believing(game: Game[Any, Any], beliefs: Beliefs) -> Sabotage:
    """A copy of the Sabotage ``game`` that draws its worlds with ``beliefs``."""
    copy = wargames.load("sabotage", game.variant, beliefs=attrs.asdict(beliefs))
    assert isinstance(copy, Sabotage)
    return copy


def phased(spec: str, seed: int) -> Bot:
    """The bot ``SETUP/PLAY`` names (or one bot for both), each part seeded with ``seed``;
    ``@rules`` at the end: its worlds drawn by the rules alone."""
    if spec.endswith("@rules"):
        return RulesWorlds(phased(spec.removesuffix("@rules"), seed))
    setup, _, play = spec.partition("/")
    return PhasedBot(seat(setup, seed), seat(play, seed)) if play else seat(setup, seed)


def playout_score(game: Game[Any, Any], state: State, player: str, seed: int) -> float:
    """``player``'s result of one game played on from ``state`` by ``GreedyBot(samples=1)``
    on both sides, seeded from ``seed``: 1 won, 0 lost, 0.5 drawn or unfinished."""
    bots = {p: GreedyBot(seed * 31 + i, samples=1) for i, p in enumerate(game.players)}
    played = list(moves(game, bots, state, max_actions=_PLAYOUT_CAP))
    outcome = game.outcome(played[-1][1] if played else state)
    if outcome is None or not outcome.winners:
        return 0.5
    return 1.0 if player in outcome.winners else 0.0


def oracle(
    game: Game[Any, Any], state: State, player: str, actions: Sequence[Action], playouts: int
) -> list[float]:
    """Each action's mean playout score for ``player`` over the same ``playouts`` bot seeds."""
    return [
        statistics.fmean(
            playout_score(game, game.apply(state, a), player, s) for s in range(playouts)
        )
        for a in actions
    ]


def agree(spec: str, seeds: range, every: int, playouts: int) -> None:
    """Print how often ``spec`` plays greedy's action and which the oracle prefers where not."""
    game = wargames.load("sabotage", "SM")
    same = differ = 0
    deltas: list[float] = []
    for seed in seeds:
        for mine in game.players:
            bot = seat(spec, seed * 31)
            adviser = GreedyBot(seed * 31 + 7)
            bots: dict[str, Bot] = {
                p: bot if p == mine else GreedyBot(seed * 31 + 1) for p in game.players
            }
            state = game.start(seed, **_SETUP)
            while game.outcome(state) is None:
                player = next(p for p in game.players if p in game.to_act(state))
                action = bots[player].choose(game, state, player)
                if player == mine and not in_setup(game, state):
                    advice = adviser.choose(game, state, player)
                    if advice == action:
                        same += 1
                    else:
                        differ += 1
                        if differ % every == 0:
                            ours, greedy = oracle(game, state, player, (action, advice), playouts)
                            deltas.append(ours - greedy)
                            print(
                                f"seed {seed} {mine}: {spec} {ours:.2f}, greedy {greedy:.2f} "
                                f"(agreed {same} of {same + differ} so far)",
                                flush=True,
                            )
                state = game.apply(state, action)
    better = sum(d > 0 for d in deltas)
    worse = sum(d < 0 for d in deltas)
    mean = statistics.fmean(deltas) if deltas else 0.0
    print(
        f"{spec} agreed with greedy at {same} of {same + differ} decisions after the set-up; "
        f"of {len(deltas)} differences weighed by {playouts} paired playouts: {spec}'s action "
        f"better {better}, worse {worse}, alike {len(deltas) - better - worse}; mean "
        f"difference {mean:+.3f}"
    )


def squares(spec: str, seeds: range) -> None:
    """Print, per side, how often ``spec``'s set-up puts the Headquarters on each square."""
    game = wargames.load("sabotage", "SM")
    counts: dict[str, Counter[str]] = {p: Counter() for p in game.players}
    for seed in seeds:
        bots = {p: seat(spec, seed * 31 + i) for i, p in enumerate(game.players)}
        state = game.start(seed, **_SETUP)
        while in_setup(game, state):
            player = next(p for p in game.players if p in game.to_act(state))
            state = game.apply(state, bots[player].choose(game, state, player))
        for owner, square in headquarters(game, state):
            counts[owner][square] += 1
    for player, count in counts.items():
        print(f"{spec} as {player}: " + ", ".join(f"{s} {n}" for s, n in sorted(count.items())))


def headquarters(game: Game[Any, Any], state: State) -> list[tuple[str, str]]:
    """Each Headquarters on the board: its owner and square."""
    assert isinstance(game, Sabotage)
    assert isinstance(state, SabotageState)
    return [
        (piece.owner, str(game.board.node(i)))
        for i, piece in enumerate(state.cells)
        if piece is not None and piece.kind is Kind.HEADQUARTERS
    ]


COMPARED: dict[str, Beliefs] = {
    "the rules alone": NO_BELIEFS,
    "the library's beliefs": BELIEFS,
    "the idle turns weighed (stay 0.87)": Beliefs(stay=0.87, headquarters=0),
    "both (stay 0.87, headquarters 8)": Beliefs(stay=0.87, headquarters=8),
}
"""The beliefs ``worlds`` compares, by name."""


def worlds(seeds: range, every: int, samples: int) -> None:
    """Print how often worlds drawn with each of :data:`COMPARED` hold the truth, at every
    ``every``-th action of greedy's games (by the rules alone) on ``seeds``."""
    games = {b: believing(wargames.load("sabotage", "SM"), b) for b in COMPARED.values()}
    game = games[NO_BELIEFS]
    hits = {b: Counter[str]() for b in games}
    idle: dict[int, list[int]] = defaultdict(lambda: [0, 0])  # turns // 3: movable, not
    total: Counter[str] = Counter()
    for seed in seeds:
        bots = {p: GreedyBot(seed * 31 + i) for i, p in enumerate(game.players)}
        for k, (_, state) in enumerate(moves(game, bots, game.start(seed, **_SETUP))):
            assert isinstance(state, SabotageState)
            if game.in_setup(state) or game.outcome(state) is not None or k % every:
                continue
            for player in game.players:
                truth = {p.id: p.kind for p in state.cells if p is not None}
                view = game.view(state, player)
                past = read_past(game, view, player)
                unknown = [p for p in past.domains if past.owners[p] != player and p in truth]
                either = [p for p in unknown if past.domains[p] & IMMOVABLE]
                for p in either:
                    if past.domains[p] - IMMOVABLE:
                        idle[min(past.idle[p], 30) // 3][truth[p] in IMMOVABLE] += 1
                total.update(
                    worlds=samples, pieces=samples * len(unknown), either=samples * len(either)
                )
                for beliefs, sampler in games.items():
                    rng = random.Random(seed * 1000 + k)
                    for _ in range(samples):
                        world = sampler.determinize(view, player, rng)
                        drawn = {p.id: p.kind for p in world.cells if p is not None}
                        hits[beliefs].update(
                            headquarters=sum(
                                drawn[p] is Kind.HEADQUARTERS is truth[p] for p in unknown
                            ),
                            pieces=sum(drawn[p] is truth[p] for p in unknown),
                            either=sum(
                                (drawn[p] in IMMOVABLE) == (truth[p] in IMMOVABLE) for p in either
                            ),
                        )
    for name, beliefs in COMPARED.items():
        count = hits[beliefs]
        print(
            f"{name}: Headquarters on its square in {count['headquarters'] / total['worlds']:.1%} "
            f"of {total['worlds']} worlds; an unidentified piece of its kind "
            f"{count['pieces'] / total['pieces']:.1%} of {total['pieces']}; a piece that may be "
            f"immovable drawn movable or not as it is {count['either'] / total['either']:.1%} "
            f"of {total['either']}"
        )
    print("pieces that may be either, by the turns they could have moved in: share movable")
    for turns, (movable, immovable) in sorted(idle.items()):
        share = movable / (movable + immovable)
        print(f"  {3 * turns}-{3 * turns + 2}: {movable} of {movable + immovable}, {share:.2f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.sabotage_phases", description=__doc__
    )
    parser.add_argument("command", choices=("split", "agree", "squares", "worlds"))
    parser.add_argument("--bots", default="greedy/mcts:200,greedy", help="split: two bots")
    parser.add_argument("--bot", default="mcts:200", help="agree, squares: the bot")
    parser.add_argument("--seeds", default="5200-5219", help="first-last, inclusive")
    parser.add_argument("--every", type=int, default=4, help="agree: weigh every n-th difference")
    parser.add_argument("--playouts", type=int, default=30, help="agree: playouts an action")
    parser.add_argument("--samples", type=int, default=20, help="worlds: worlds a view")
    args = parser.parse_args(argv)
    low, _, high = args.seeds.partition("-")
    seeds = range(int(low), int(high or low) + 1)
    if args.command == "agree":
        agree(args.bot, seeds, args.every, args.playouts)
        return
    if args.command == "squares":
        squares(args.bot, seeds)
        return
    if args.command == "worlds":
        worlds(seeds, args.every, args.samples)
        return
    first, second = args.bots.split(",")
    game = wargames.load("sabotage", "SM")
    play_paired(
        game,
        (first, second),
        lambda spec, seed, i: phased(spec, seed * 31 + i),
        seeds,
        setup=_SETUP,
    )


if __name__ == "__main__":
    main()
