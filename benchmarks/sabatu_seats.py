"""Sabatu: win rates by seat, to show the default board gives no seat a head start:
``python -m benchmarks.sabatu_seats [-n 100] [--greedy 40]``.

For 2 to 8 players (and Variant #3's longer board), every seat is played by the same bot
(``random``, then ``greedy``) over seeded games (``wargames.simulate`` on 2 worker
processes; results do not depend on the workers).  Prints each seat's wins and share of
the decided games, and a chi-square test of "every seat wins as often" (its p-value: small
means a seat is favoured; above 0.05 the shares are within noise).  Figures only, nothing
asserts.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from typing import Any

import wargames
from wargames.simulate import Job, simulate

ROWS: tuple[tuple[str | None, int], ...] = (
    *((None, players) for players in range(2, 9)),
    ("3", 2),
    ("3", 4),
)
"""(variant, players) of each line."""


def chi_square_p(counts: Sequence[int]) -> float:
    """The p-value of a chi-square test that ``counts`` come from equal shares."""
    total = sum(counts)
    if total == 0 or len(counts) < 2:
        return 1.0
    expected = total / len(counts)
    x = sum((c - expected) ** 2 / expected for c in counts) / 2
    df = len(counts) - 1
    if df % 2 == 0:
        return math.exp(-x) * sum(x**i / math.factorial(i) for i in range(df // 2))
    tail = sum(math.pow(x, i - 0.5) / math.gamma(i + 0.5) for i in range(1, (df - 1) // 2 + 1))
    return math.erfc(math.sqrt(x)) + math.exp(-x) * tail


def seat_wins(
    variant: str | None, players: int, bot: str, n: int, workers: int
) -> tuple[list[int], int]:
    """Wins by seat and draws in ``n`` games of ``players`` copies of ``bot``."""
    options: dict[str, Any] = {"players": players}
    names = wargames.load("sabatu", variant, **options).players
    jobs = [Job("sabatu", variant, options, (bot,) * players, seed, 20_000) for seed in range(n)]
    results = simulate(jobs, workers=workers)
    wins = [sum(name in r.winners for r in results) for name in names]
    return wins, sum(not r.winners for r in results)


def line(variant: str | None, players: int, bot: str, n: int, workers: int) -> str:
    started = time.perf_counter()
    wins, draws = seat_wins(variant, players, bot, n, workers)
    decided = sum(wins)
    shares = " ".join(f"{w / decided:4.0%}" if decided else "   -" for w in wins)
    name = f"variant {variant}, {players}p" if variant else f"{players} players"
    return (
        f"{name:<16} {bot:<7} {n:>5} {draws:>5}  {'/'.join(map(str, wins)):<26} {shares:<40}"
        f" {1 / players:>5.0%} {chi_square_p(wins):>6.2f} {time.perf_counter() - started:7.1f} s"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sabatu_seats", description=__doc__)
    parser.add_argument("-n", type=int, default=100, help="games per line with random bots")
    parser.add_argument(
        "--greedy", type=int, default=40, help="games per line with greedy bots (0: none)"
    )
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    print("Sabatu seat win rates (seats in order red, blue, green, yellow, ...; p: chi-square")
    print("test of equal shares among decided games, above 0.05 within noise)")
    print(
        f"{'game':<16} {'bot':<7} {'games':>5} {'draws':>5}  {'wins by seat':<26}"
        f" {'share of decided games':<40} {'fair':>5} {'p':>6}    time"
    )
    for bot, n in (("random", args.n), ("greedy", args.greedy)):
        for variant, players in ROWS if n > 0 else ():
            print(line(variant, players, bot, n, args.workers), flush=True)


if __name__ == "__main__":
    main()
