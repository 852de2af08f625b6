"""Grid SciFi random playouts: steps per second, on each built-in scenario; and the time of
an attack's exact odds for 1 to 6 dice, beside icepool's keep-highest for scale.

A step is ``to_act`` + ``legal_actions`` + ``apply`` (checked, as a user's loop calls it, or
``apply_unchecked``, the documented fast path for search loops) of a uniformly random legal
action + ``outcome``.  A finished game is replaced by the next of a pool of seeded starts
built before the clock runs.  Figures only, no assertions::

    python -m benchmarks.gridscifi --seconds 3
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from functools import partial

import icepool

from benchmarks.playouts import game_playouts, starts
from wargames.gridscifi import GridSciFi, Matchup
from wargames.gridscifi.rules import SCENARIOS

__all__ = ["main"]

POOL = 64


def _best_ms(work: Callable[[], object], repeats: int = 30) -> float:
    best = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - began)
    return 1e3 * best


def odds_figures() -> None:
    """Milliseconds for the exact distribution of an attack's effect (hits, pin, the
    psychic's own hits), nothing cached, beside icepool's distribution of the highest die
    of the same pool (its cache cleared) — the number the effect depends on."""
    print("Grid SciFi exact attack odds, ms (best of 30)")
    print(f"{'dice':>4}{'attack':>9}{'psychic':>9}{'icepool highest':>17}")
    for dice in range(1, 7):
        plain = _best_ms(partial(_attack_odds, dice, psychic=False))
        psychic = _best_ms(partial(_attack_odds, dice, psychic=True))
        rival = _best_ms(partial(_icepool_highest, dice))
        print(f"{dice:>4}{plain:>9.3f}{psychic:>9.3f}{rival:>17.3f}")


def _attack_odds(dice: int, *, psychic: bool) -> object:
    return Matchup(dice=dice, armour=3, psychic=psychic).outcomes()


def _icepool_highest(dice: int) -> object:
    icepool.d6.pool(dice).clear_cache()
    return icepool.d6.pool(dice).highest(1).sum().probabilities()


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
    print()
    odds_figures()


if __name__ == "__main__":
    main()
