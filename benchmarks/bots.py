"""Bot strength against RandomBot, per game: ``python -m benchmarks.bots [-n 200]``.

Each bot plays ``n`` seeded games against RandomBot, half of them in each seat, through
``wargames.simulate`` on 2 worker processes (results do not depend on the workers).  Prints
win rates with 95% Wilson intervals; nothing asserts.  The issue's targets: MCTS >= 90% and
greedy >= 70% against random on Sabotage and SAW.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import wargames
from wargames.simulate import Job, simulate, wilson

GAMES: tuple[tuple[str, str | None], ...] = (
    ("sabotage", "SM"),
    ("sabotage", None),
    ("saw", None),
    ("gridscifi", None),
)


def strength(game: str, variant: str | None, bot: str, n: int, workers: int) -> str:
    """One line: ``bot``'s wins against random in ``n`` games of ``game``."""
    players = wargames.load(game, variant).players
    jobs = [
        Job(game, variant, {}, (bot, "random") if seed % 2 == 0 else ("random", bot), seed, 5000)
        for seed in range(n)
    ]
    started = time.perf_counter()
    results = simulate(jobs, workers=workers)
    wins = sum(
        players[job.bots.index(bot)] in r.winners for job, r in zip(jobs, results, strict=True)
    )
    low, high = wilson(wins, n)
    name = f"{game} {variant or ''}".strip()
    return (
        f"{name:<14} {bot:<10} {wins:>4}/{n:<4} {wins / n:>6.1%}  [{low:.1%}, {high:.1%}]"
        f"  {time.perf_counter() - started:7.1f} s"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bots", description=__doc__)
    parser.add_argument("-n", type=int, default=200, help="games per bot and game")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bots", default="greedy,mcts:100", help="bots to measure")
    args = parser.parse_args(argv)
    print(f"{'game':<14} {'bot':<10} {'wins':>9} {'rate':>7}  95% interval        time")
    for game, variant in GAMES:
        for bot in args.bots.split(","):
            print(strength(game, variant, bot, args.n, args.workers), flush=True)


if __name__ == "__main__":
    main()
