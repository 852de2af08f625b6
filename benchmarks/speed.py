"""Every game against python-chess, measured in one run: the targets of the speed issue.

Each figure is a ratio of two rates measured side by side in this run (interleaved, best of
``--repeats``), so a busy machine moves both alike:

* **playouts**: a game's random-playout steps per second (``to_act`` + ``legal_actions`` + a
  random choice + checked ``apply`` + ``outcome``) over python-chess's (``is_game_over`` +
  ``list(legal_moves)`` + ``push``); target 3x for Sabotage SG and SM, 1x for the rest;
* **view**: the cost of ``view(state, player)`` on the successive states of a random game
  (each state viewed once per player, as an RL loop or a server does) over the cost of one
  playout step; target at most 1x, in every game;
* **start-up**: ``import wargames`` over ``import chess`` (target at most 1.2x) and
  ``wargames --help`` (target under 0.3 s), each the best of several fresh processes.

Figures only, no assertions: ``python -m benchmarks.speed [--seconds 2] [--repeats 3]``.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import wargames
from benchmarks.playouts import Rate, best, chess_playouts, game_playouts, starts
from wargames import Game, State

__all__ = ["CONFIGS", "TARGETS", "main", "run"]


@dataclass(frozen=True)
class Config:
    """One game as the issue measures it."""

    label: str
    name: str
    options: dict[str, Any]
    target: float
    """Playout steps per second it should reach, as a multiple of python-chess's."""

    def load(self) -> Game[Any, Any]:
        return wargames.load(self.name, **self.options)


CONFIGS = (
    Config("Sabotage SG", "sabotage", {"variant": "SG"}, 3.0),
    Config("Sabotage SM", "sabotage", {"variant": "SM"}, 3.0),
    Config("SAW", "saw", {}, 1.0),
    Config("Sabatu, 2 players", "sabatu", {"players": 2}, 1.0),
    Config("Sabatu, 6 players", "sabatu", {"players": 6}, 1.0),
    Config("Grid SciFi", "gridscifi", {}, 1.0),
    Config("SABOT (default)", "sabot", {}, 1.0),
)
TARGETS = {"view": 1.0, "import": 1.2}
POOL = 64
"""Seeded starts a playout cycles through (built before timing)."""
VIEWED = 300
"""Successive states of a random game whose views are timed."""


def _verdict(ratio: float, target: float, *, at_least: bool) -> str:
    met = ratio >= target if at_least else ratio <= target
    return "met" if met else "NOT met"


def playout_ratios(seconds: float, repeats: int) -> dict[str, tuple[Rate, float]]:
    """Each config's best playout rate and its ratio to chess's, measured in turn with a
    chess run before each (so drift on a busy machine touches both)."""
    results: dict[str, tuple[Rate, float]] = {}
    for config in CONFIGS:
        game = config.load()
        pool = starts(game, POOL)
        chess = best(repeats, partial(chess_playouts, seconds / repeats))
        rate = best(repeats, partial(game_playouts, config.label, game, pool, seconds / repeats))
        results[config.label] = (rate, rate.per_second / chess.per_second)
    return results


def _successive_states(game: Game[Any, Any], count: int, seed: int = 1) -> list[State]:
    """The states of random games from ``seed``, one after another, ``count`` of them."""
    rng = random.Random(seed)
    state = game.start(seed)
    states = [state]
    while len(states) < count:
        if game.outcome(state) is not None:
            seed += 1
            state = game.start(seed)
        else:
            player = rng.choice(sorted(game.to_act(state)))
            state = game.apply(state, rng.choice(game.legal_actions(state, player)))
        states.append(state)
    return states


def view_micros(game: Game[Any, Any], repeats: int) -> float:
    """Microseconds of one ``view(state, player)``, each state of a game seen once per player
    (fresh states: nothing computed for one state is there for free for the next call)."""
    timings = []
    for _ in range(repeats):
        states = _successive_states(game, VIEWED)
        began = time.perf_counter()
        for state in states:
            for player in game.players:
                game.view(state, player)
        timings.append((time.perf_counter() - began) / (len(states) * len(game.players)))
    return 1e6 * min(timings)


def _best_seconds(call: Callable[[], object], repeats: int) -> float:
    timings = []
    for _ in range(repeats):
        began = time.perf_counter()
        call()
        timings.append(time.perf_counter() - began)
    return min(timings)


def startup(repeats: int) -> tuple[float, float, float]:
    """Seconds for ``import wargames``, ``import chess`` and ``wargames --help`` in a fresh
    process, each the best of ``repeats``."""

    def fresh(code: str) -> float:
        return _best_seconds(partial(subprocess.run, [sys.executable, "-c", code]), repeats)

    empty = fresh("pass")
    ours = fresh("import wargames") - empty
    chess = fresh("import chess") - empty
    helping = _best_seconds(
        partial(
            subprocess.run,
            [sys.executable, "-m", "wargames.cli", "--help"],
            capture_output=True,
        ),
        repeats,
    )
    return ours, chess, helping


def run(seconds: float = 2.0, repeats: int = 3) -> None:
    """Measure and print every figure of the speed targets."""
    print("Speed targets: ratios measured in this run (best of each measurement's repeats)")
    print()
    print(f"{'playouts':<22}{'steps/s':>10}{'x chess':>9}{'target':>8}  {'view us':>8}"
          f"{'x step':>8}{'target':>8}")  # fmt: skip
    ratios = playout_ratios(seconds, repeats)
    for config in CONFIGS:
        rate, ratio = ratios[config.label]
        micros_view = view_micros(config.load(), repeats)
        per_step = micros_view / rate.micros
        print(
            f"{config.label:<22}{rate.per_second:>10,.0f}{ratio:>8.2f}x{config.target:>7.1f}x "
            f"{_verdict(ratio, config.target, at_least=True):>8}"
            f"{micros_view:>8.0f}{per_step:>7.2f}x{TARGETS['view']:>7.1f}x "
            f"{_verdict(per_step, TARGETS['view'], at_least=False)}",
            flush=True,
        )
    print()
    ours, chess, helping = startup(max(repeats, 5))
    ratio = ours / chess
    print(
        f"import wargames {1e3 * ours:.0f} ms, import chess {1e3 * chess:.0f} ms: {ratio:.2f}x "
        f"(target <= {TARGETS['import']}x: {_verdict(ratio, TARGETS['import'], at_least=False)})"
    )
    print(
        f"wargames --help {1e3 * helping:.0f} ms "
        f"(target < 300 ms: {'met' if helping < 0.3 else 'NOT met'})"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="wall time per playout rate")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure; the best counts")
    args = parser.parse_args(argv)
    run(args.seconds, args.repeats)


if __name__ == "__main__":
    main()
