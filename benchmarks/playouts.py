"""Random playouts: steps per second for every Sabotage variant, and python-chess for scale.

A Sabotage step is ``to_act`` + ``legal_actions`` + ``apply`` (checked, as a user's loop
calls it) of a uniformly random action + ``outcome``; a finished game is replaced by the next
of a pool of seeded starts built before the clock runs (``start`` is timed on its own line).
A chess step is ``board.is_game_over()`` + ``list(board.legal_moves)`` + ``board.push`` of a
random move, with a new ``chess.Board()`` at game over: the loop a chess engine would run.

Each figure is the best of a few runs of fixed wall time.  Figures only, no assertions::

    python -m benchmarks.playouts --seconds 3
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import chess

import wargames
from wargames import Game, State
from wargames.bots.base import playing

__all__ = [
    "VARIANTS",
    "Rate",
    "call_rate",
    "chess_playouts",
    "figures_main",
    "game_playouts",
    "main",
    "run",
    "starts",
]

VARIANTS = ("SG", "SM", "SR", "SO", "SN", "SC")
SEED = 1
POOL = 256
"""How many seeded starts a Sabotage run cycles through (built before timing)."""
CHUNK = 16
"""Steps between two looks at the clock."""


@dataclass(frozen=True)
class Rate:
    """What one timed run did."""

    name: str
    steps: int
    games: int
    seconds: float
    cpu_seconds: float
    """Processor time this process used in the run: less than ``seconds`` on a busy machine."""

    @property
    def per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def micros(self) -> float:
        return 1e6 * self.seconds / self.steps

    @property
    def per_cpu_second(self) -> float:
        return self.steps / self.cpu_seconds

    @property
    def cpu_share(self) -> float:
        return self.cpu_seconds / self.seconds


def starts(game: Game[Any, Any], count: int = POOL, seed: int = SEED) -> list[State]:
    """``count`` seeded starting positions (set up at random from their seeds), built before
    timing so that playouts measure play, not set-up."""
    return [game.start(seed=seed + i) for i in range(count)]


def game_playouts(
    name: str,
    game: Game[Any, Any],
    starts: Sequence[State],
    seconds: float,
    *,
    unchecked: bool = False,
    negotiate: bool = True,
    seed: int = SEED,
) -> Rate:
    """Random playouts of ``game`` for ``seconds``, each step ``to_act`` + ``legal_actions`` +
    ``apply`` + ``outcome``: a uniformly random action of a random player who is to act; a
    finished game restarts from the next of ``starts``.  ``unchecked`` uses
    ``apply_unchecked``; ``negotiate=False`` leaves offers alone, as RandomBot does."""
    rng = random.Random(seed)
    apply = game.apply_unchecked if unchecked else game.apply
    state = starts[0]
    steps = games = 0
    cpu = time.process_time()
    began = time.perf_counter()
    deadline = began + seconds
    while True:
        for _ in range(CHUNK):
            acting = game.to_act(state)
            player = next(iter(acting)) if len(acting) == 1 else rng.choice(sorted(acting))
            legal = playing(game, game.legal_actions(state, player), negotiate=negotiate)
            state = apply(state, rng.choice(legal))
            steps += 1
            if game.outcome(state) is not None:
                games += 1
                state = starts[games % len(starts)]
        now = time.perf_counter()
        if now >= deadline:
            return Rate(name, steps, games, now - began, time.process_time() - cpu)


def call_rate(name: str, call: Callable[[], object], seconds: float) -> Rate:
    """How many times ``call`` runs in ``seconds`` (odds computations and the like)."""
    count = 0
    cpu = time.process_time()
    began = time.perf_counter()
    deadline = began + seconds
    while True:
        for _ in range(CHUNK):
            call()
            count += 1
        now = time.perf_counter()
        if now >= deadline:
            return Rate(name, count, 0, now - began, time.process_time() - cpu)


def chess_playouts(seconds: float, *, seed: int = SEED) -> Rate:
    """Random python-chess playouts for ``seconds``, checking for game over every step."""
    rng = random.Random(seed)
    board = chess.Board()
    steps = games = 0
    cpu = time.process_time()
    began = time.perf_counter()
    deadline = began + seconds
    while True:
        for _ in range(CHUNK):
            if board.is_game_over():
                games += 1
                board = chess.Board()
            board.push(rng.choice(list(board.legal_moves)))
            steps += 1
        now = time.perf_counter()
        if now >= deadline:
            name = f"chess (python-chess {chess.__version__})"
            return Rate(name, steps, games, now - began, time.process_time() - cpu)


def best(runs: int, measure: Callable[[], Rate]) -> Rate:
    """The fastest of ``runs`` runs."""
    return max((measure() for _ in range(runs)), key=lambda rate: rate.per_second)


def _row(rate: Rate) -> str:
    per_game = f"{rate.steps / rate.games:.1f}" if rate.games else "-"
    return (
        f"{rate.name:<31}{rate.per_second:>9,.0f}{rate.micros:>9.1f}"
        f"{rate.per_cpu_second:>12,.0f}{rate.cpu_share:>6.0%}{rate.games:>7,}{per_game:>9}"
    )


def _start_cost(game: Game[Any, Any], count: int = 50) -> float:
    """Milliseconds for one ``start(seed=...)`` (a random set-up of both armies)."""
    began = time.perf_counter()
    for i in range(count):
        game.start(seed=SEED + i)
    return 1e3 * (time.perf_counter() - began) / count


def run(seconds: float = 3.0, repeats: int = 3) -> dict[str, Rate]:
    """Run every playout benchmark, print the table, and return the best rates by name."""
    each = seconds / repeats
    print(f"Random playouts: each figure is the best of {repeats} runs of {each:.2f} s")
    print(
        "  Sabotage step: to_act + legal_actions + apply (checked) + outcome; a finished game\n"
        f"    restarts from the next of {POOL} seeded starts built before timing"
    )
    print(
        "  chess step: board.is_game_over() (checked every step, as a chess engine loop\n"
        "    would) + list(board.legal_moves) + board.push; new chess.Board() at game over"
    )
    print("  steps/cpu-s: steps per second of this process's processor time (cpu: its share")
    print("    of the wall time); games: games finished in the run; steps/g: steps a game")
    print()
    print(
        f"{'benchmark':<31}{'steps/s':>9}{'us/step':>9}{'steps/cpu-s':>12}{'cpu':>6}"
        f"{'games':>7}{'steps/g':>9}"
    )
    rates: dict[str, Rate] = {}
    games = {variant: wargames.load("sabotage", variant=variant) for variant in VARIANTS}
    pools = {variant: starts(game) for variant, game in games.items()}
    for variant, game in games.items():
        name = f"sabotage {variant}"
        rate = best(repeats, partial(game_playouts, name, game, pools[variant], each))
        rates[variant] = rate
        print(_row(rate), flush=True)
    rates["chess"] = best(repeats, partial(chess_playouts, each))
    print(_row(rates["chess"]), flush=True)
    sg_game, sg_starts = games["SG"], pools["SG"]
    name = "sabotage SG, apply_unchecked"
    fast_path = partial(game_playouts, name, sg_game, sg_starts, each, unchecked=True)
    rates["SG unchecked"] = best(repeats, fast_path)
    print()
    print(_row(rates["SG unchecked"]) + "   (the documented fast path for search loops)")
    print()
    busy = min(rate.cpu_share for rate in rates.values())
    if busy < 0.9:
        print(
            f"(cpu as low as {busy:.0%}: the machine was busy, so steps/s are low and noisy;\n"
            " steps/cpu-s hold up better)"
        )
    for label, key in (("Sabotage SG", "SG"), ("Sabotage SG apply_unchecked", "SG unchecked")):
        wall = rates[key].per_second / rates["chess"].per_second
        cpu = rates[key].per_cpu_second / rates["chess"].per_cpu_second
        print(f"{label} / chess (steps/s): {wall:.2f}  (per CPU second: {cpu:.2f})")
    print(f"Sabotage SG start(seed) with random set-up: {_start_cost(sg_game):.2f} ms a game")
    return rates


def figures_main(
    run_figures: Callable[[float, int], object], doc: str | None, argv: Sequence[str] | None
) -> None:
    """The command line every playout benchmark shares: ``--seconds`` of wall time per
    figure, split over ``--repeats`` runs of which the best counts."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="wall time per figure (split over repeats)"
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure; the best counts")
    args = parser.parse_args(argv)
    run_figures(args.seconds, args.repeats)


def main(argv: Sequence[str] | None = None) -> None:
    figures_main(run, __doc__, argv)


if __name__ == "__main__":
    main()
