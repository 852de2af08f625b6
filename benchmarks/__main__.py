"""Run every benchmark and print its figures: ``python -m benchmarks [--seconds 3]``.

The speed targets come first (every game against python-chess, views against steps, start-up:
``benchmarks.speed``). Benchmarks print figures and exit 0; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import platform
import sys
from collections.abc import Sequence

from benchmarks import (
    gridscifi,
    histories,
    memory,
    playouts,
    sabatu,
    sabatu_seats,
    sabot,
    saw,
    soak,
    speed,
    worlds,
)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument(
        "--seconds",
        type=float,
        default=3.0,
        help="wall time of each playout figure, split over its repeats (default 3)",
    )
    parser.add_argument(
        "--repeats", type=int, default=3, help="runs per playout figure; the best counts"
    )
    parser.add_argument("--steps", type=int, default=memory.STEPS, help="steps of the memory game")
    parser.add_argument(
        "--seat-games",
        type=int,
        default=20,
        help="games per line of Sabatu's seat win rates, random bots only (default 20; "
        "python -m benchmarks.sabatu_seats adds greedy bots)",
    )
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} ({sys.implementation.name}) on {platform.machine()}")
    print()
    speed.run(args.seconds, args.repeats)
    print()
    playouts.run(args.seconds, args.repeats)
    print()
    memory.run(args.steps)
    for game in (saw, gridscifi, sabatu):
        print()
        game.main([])
    print()
    sabot.main()
    print()
    sabatu_seats.main(["-n", str(args.seat_games), "--greedy", "0"])
    print()
    histories.main(["--samples", "5"])
    print()
    worlds.main(["--samples", "10"])
    print()
    soak.main(["--seeds", "1", "--max-actions", "100", "--option-games", "5"])


if __name__ == "__main__":
    main()
