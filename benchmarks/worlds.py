"""Cheaper worlds (issue 38): the time of ``game.sample_state(view, player, rng)`` at a late
SABOT and a late Sabatu position, the first sample of a view (its analysis built) against the
samples after it (what is kept per view reused).

A position is reached by seeded random legal play (``--steps`` actions or the game's end);
each figure is CPU time of the process (the machine may be shared): the first sample of the
view on a fresh game object (nothing kept from an earlier run), then the mean of
``--samples`` samples after it.  Figures only, no assertions::

    python -m benchmarks.worlds --samples 20
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

import wargames
from benchmarks.histories import played

__all__ = ["main", "timings"]

GAMES: tuple[str, ...] = ("sabot", "sabatu")


def timings(name: str, seed: int, steps: int, samples: int) -> tuple[int, float, float]:
    """(the position's step, ms of the first sample, mean ms of each later one) for the
    first player's view of the last state of a seeded random game of ``name``."""
    states = played(wargames.load(name), seed, steps)
    game: Any = wargames.load(name)  # fresh: nothing kept from the play above
    player = game.players[0]
    view = game.view(states[-1], player)
    rng = random.Random(seed)
    began = time.process_time()
    game.sample_state(view, player, rng)
    first = time.process_time() - began
    began = time.process_time()
    for _ in range(samples):
        game.sample_state(view, player, rng)
    later = (time.process_time() - began) / samples
    return len(states) - 1, 1e3 * first, 1e3 * later


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.worlds", description=__doc__)
    parser.add_argument("--samples", type=int, default=20, help="later samples of each view")
    parser.add_argument("--steps", type=int, default=240, help="most actions of a game")
    parser.add_argument("--seeds", type=int, default=2, help="seeded games per game")
    args = parser.parse_args(argv)
    print("sample_state at a late position: first sample of a view, and each one after")
    print(f"{'game':<8}{'seed':>5}{'step':>6}{'first ms':>10}{'next ms':>9}")
    for name in GAMES:
        for seed in range(args.seeds):
            step, first, later = timings(name, seed, args.steps, args.samples)
            print(f"{name:<8}{seed:>5}{step:>6}{first:>10.2f}{later:>9.2f}")


if __name__ == "__main__":
    main()
