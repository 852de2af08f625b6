"""Two bots on paired deals: each seed played once from each seat, one game at a time.

``python -m benchmarks.paired --bots pimc,greedy --seeds 100-109 [--setup deploy=false]``

Sabotage deals both set-ups at random from the seed, and the deal often decides the game
whoever plays it.  So besides the first bot's record (wins, draws, losses, its score with a
95% Wilson interval) and each bot's seconds a move, this prints how the seeds split: on how
many one seat won both games (the deal decided), and on how many the first bot won both or
lost both (the bots decided).  Only the last two tell the bots apart.  Bots are named as for
``wargames simulate`` (``greedy``, ``mcts:800``), or ``pimc`` / ``pimc:N``
(:class:`~wargames.bots.PimcBot` with N worlds).  ``--setup NAME=VALUE`` starts every game with
``game.start(seed, NAME=VALUE)`` (``deploy=false``: the players set up their armies, as in
the ladder).  Each bot is seeded by its seat (``seed * 31 + seat``), so a bot against itself
plays the same game from both seats of a seed; ``--seed-by-bot`` seeds each by its place in
``--bots`` instead (name the two differently: ``greedy,greedy:4``).  Nothing here asserts:
these are measurements, not tests.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import wargames
from benchmarks.ladder import Clocked, name_value
from wargames.bots import Bot, PimcBot, play
from wargames.bots.specs import make_bot
from wargames.core.game import Game
from wargames.simulate import wilson


def seat(spec: str, seed: int) -> Bot:
    """The bot ``spec`` names, seeded with ``seed``."""
    name, _, number = spec.partition(":")
    if name == "pimc":
        return PimcBot(seed, samples=int(number or 4))
    return make_bot(spec, seed)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.paired", description=__doc__)
    parser.add_argument("--bots", default="pimc,greedy", help="two bots, comma-separated")
    parser.add_argument("--seeds", default="100-109", help="first-last, inclusive")
    parser.add_argument("--game", default="sabotage")
    parser.add_argument("--variant", default="SM")
    parser.add_argument(
        "--setup", action="append", default=[], metavar="NAME=VALUE", help="game.start keywords"
    )
    parser.add_argument(
        "--seed-by-bot", action="store_true", help="seed each bot by its place in --bots"
    )
    args = parser.parse_args(argv)
    first, second = args.bots.split(",")
    place = {first: 0, second: 1}
    low, _, high = args.seeds.partition("-")
    game = wargames.load(args.game, args.variant or None)
    seeds = range(int(low), int(high or low) + 1)
    setup = dict(name_value(text) for text in args.setup)
    play_paired(
        game,
        (first, second),
        lambda spec, seed, i: seat(spec, seed * 31 + (place[spec] if args.seed_by_bot else i)),
        seeds,
        setup=setup,
    )


def play_paired(
    game: Game[Any, Any],
    names: tuple[str, str],
    make: Callable[[str, int, int], Bot],
    seeds: Iterable[int],
    *,
    setup: Mapping[str, Any] | None = None,
) -> None:
    """Play ``names[0]`` against ``names[1]`` (each bot ``make(name, seed, seat)``) on every
    seed from each seat, each game from ``game.start(seed, **setup)``, printing each game as it
    ends (with its length in actions), then the first bot's record, its score's 95% Wilson
    interval, each bot's seconds a move, the games' lengths and how the seeds split."""
    first, second = names
    record = [0, 0, 0]
    split = {"seat": 0, "won both": 0, "lost both": 0, "other": 0}
    clocks = {first: [0.0, 0], second: [0.0, 0]}
    lengths: list[int] = []
    for seed in seeds:
        results = []
        for swapped in (False, True):
            specs = (second, first) if swapped else (first, second)
            bots = {
                p: Clocked(make(s, seed, i))
                for i, (p, s) in enumerate(zip(game.players, specs, strict=True))
            }
            match = play(game, bots, seed=seed, setup=setup)
            outcome = match.outcome
            lengths.append(match.length)
            mine = game.players[1 if swapped else 0]
            won = outcome is not None and outcome.winners == frozenset((mine,))
            lost = outcome is not None and bool(outcome.winners) and mine not in outcome.winners
            record[0 if won else 2 if lost else 1] += 1
            results.append("W" if won else "L" if lost else "D")
            for clock, spec in zip(bots.values(), specs, strict=True):
                clocks[spec][0] += clock.seconds
                clocks[spec][1] += clock.moves
            print(f"seed {seed}, {first} as {mine}: {results[-1]} in {match.length}", flush=True)
        key = {"WL": "seat", "LW": "seat", "WW": "won both", "LL": "lost both"}
        split[key.get("".join(results), "other")] += 1
    wins, draws, losses = record
    n = wins + draws + losses
    lo, hi = wilson(wins + draws / 2, n)
    per_move = {spec: s / max(m, 1) for spec, (s, m) in clocks.items()}
    print(
        f"{first} against {second}: {wins}-{draws}-{losses}, {(wins + draws / 2) / n:.0%} "
        f"[{lo:.0%}, {hi:.0%}]; seconds a move {per_move[first]:.3f} / {per_move[second]:.3f}"
    )
    lengths.sort()
    print(
        f"actions a game: median {lengths[len(lengths) // 2]}, from {lengths[0]} to {lengths[-1]}"
    )
    print(
        f"seeds: one seat won both {split['seat']}, {first} won both {split['won both']}, "
        f"lost both {split['lost both']}, drawn in either {split['other']}"
    )


if __name__ == "__main__":
    main()
