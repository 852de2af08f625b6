"""Grid SciFi random playouts: steps per second, on each built-in scenario.

A step is ``to_act`` + ``legal_actions`` + ``apply`` (checked, as a user's loop calls it, or
``apply_unchecked``, the documented fast path for search loops) of a uniformly random legal
action + ``outcome``.  A finished game is replaced by the next of a pool of seeded starts
built before the clock runs.  Figures only, no assertions::

    python -m benchmarks.gridscifi --seconds 3
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from benchmarks.playouts import game_playouts, starts
from wargames.gridscifi import GridSciFi
from wargames.gridscifi.rules import SCENARIOS

__all__ = ["main"]

POOL = 64


def main(argv: Sequence[str] | None = None) -> None:
    """Print steps per second for every built-in scenario, checked and unchecked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="wall time of each figure")
    args = parser.parse_args(argv)
    print(f"Grid SciFi random playouts, {args.seconds:.1f} s a figure")
    print(f"{'scenario':<12}{'apply':<11}{'steps/s':>9}{'us/step':>9}{'games':>7}{'steps/g':>9}")
    for name in sorted(SCENARIOS):
        game = GridSciFi(scenario=name)
        began = time.perf_counter()
        pool = starts(game, POOL, seed=0)
        start_ms = 1e3 * (time.perf_counter() - began) / POOL
        for unchecked in (False, True):
            rate = game_playouts(name, game, pool, args.seconds, unchecked=unchecked)
            steps, games, elapsed = rate.steps, rate.games, rate.seconds
            per_game = f"{steps / games:.0f}" if games else "-"
            print(
                f"{name:<12}{'unchecked' if unchecked else 'checked':<11}"
                f"{steps / elapsed:>9,.0f}{1e6 * elapsed / steps:>9.1f}{games:>7}{per_game:>9}"
            )
        print(f"{name:<12}start(seed): {start_ms:.2f} ms")


if __name__ == "__main__":
    main()
