"""Grid SciFi random playouts: steps per second, on each built-in scenario; and the time of
an attack's exact odds for 1 to 6 dice, beside icepool's keep-highest for scale.

A step is ``to_act`` + ``legal_actions`` + ``apply`` (checked, as a user's loop calls it, or
``apply_unchecked``, the documented fast path for search loops) of a uniformly random legal
action + ``outcome``.  A finished game is replaced by the next of a pool of seeded starts
built before the clock runs.  Then ``sample_state`` (a sampled past's last state) on a view
mid-game and late: the first sample of a view (the past rebuilt from its log) and each one
after (a draw of the hidden units).  Figures only, no assertions::

    python -m benchmarks.gridscifi --seconds 3
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from functools import partial

import icepool

from benchmarks.histories import played
from benchmarks.playouts import game_playouts, starts
from wargames.gridscifi import GridSciFi, GridState, Matchup
from wargames.gridscifi.past import forget
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
    print()
    samples(GridSciFi())


def samples(game: GridSciFi, repeats: int = 100) -> None:
    """Print the time of a view's first sampled past and of each sample after it."""
    print(f"{'sample_state':<14}{'moment':<6}{'step':>5}{'first ms':>10}{'next ms':>9}")
    rng = random.Random(0)
    for seed in (1, 2):
        states = played(game, seed, 240)
        for moment, end in (("mid", len(states) // 2), ("late", len(states) - 1)):
            state = states[end]
            assert isinstance(state, GridState)
            view = game.view(state, "red")
            forget()
            began = time.perf_counter()
            game.sample_state(view, "red", rng)
            first = time.perf_counter() - began
            began = time.perf_counter()
            for _ in range(repeats):
                game.sample_state(view, "red", rng)
            after = (time.perf_counter() - began) / repeats
            print(f"{'':<14}{moment:<6}{end:>5}{1e3 * first:>10.1f}{1e3 * after:>9.2f}")


if __name__ == "__main__":
    main()
