"""Sabatu: random-playout steps per second with 4 and 8 players (and each Variation), and
exact battle odds per second.

A playout step is ``to_act`` + ``legal_actions`` + ``apply`` (checked) of a uniformly random
action of a random player who is to act + ``outcome``, as a random bot plays (trade and
hire offers left out, as :class:`~wargames.bots.RandomBot` leaves them); a finished game
restarts from the next seed.  Steps per game show how long random games run.

Figures only, no assertions::

    python -m benchmarks.sabatu --seconds 3
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from functools import partial

from benchmarks.playouts import CHUNK, Rate, best, figures_main
from wargames.sabatu import Sabatu, SabatuArmories, SabatuLong, SabatuMercenaries, assault

__all__ = ["GAMES", "main", "odds_rate", "playout_rate", "run"]

GAMES: dict[str, Sabatu] = {
    "4 players": Sabatu(players=4),
    "8 players": Sabatu(players=8),
    "variant 1, 4 players": SabatuArmories(players=4),
    "variant 2, 4 players": SabatuMercenaries(players=4),
    "variant 3, 4 players, 4 rows": SabatuLong(players=4),
}
SEED = 1


def playout_rate(name: str, game: Sabatu, seconds: float, *, seed: int = SEED) -> Rate:
    """Random playouts of ``game`` for ``seconds``."""
    rng = random.Random(seed)
    games = steps = 0
    state = game.start(seed)
    negotiation = game.negotiation_types
    cpu = time.process_time()
    began = time.perf_counter()
    deadline = began + seconds
    while True:
        for _ in range(CHUNK):
            player = rng.choice(sorted(game.to_act(state)))
            legal = game.legal_actions(state, player)
            playing = [a for a in legal if not isinstance(a, negotiation)] or legal
            state = game.apply(state, rng.choice(playing))
            steps += 1
            if game.outcome(state) is not None:
                games += 1
                state = game.start(seed + games)
        now = time.perf_counter()
        if now >= deadline:
            return Rate(name, steps, games, now - began, time.process_time() - cpu)


def odds_rate(seconds: float) -> Rate:
    """Exact assault odds (:func:`wargames.sabatu.assault`) over a grid of tiles, walls and
    defenders, for ``seconds``."""
    grid = [(d, a, b, w) for d in (1, 2, 4) for a in range(4) for b in range(4) for w in (0, 1)]
    count = 0
    cpu = time.process_time()
    began = time.perf_counter()
    deadline = began + seconds
    while True:
        for _ in range(CHUNK):
            defenders, attack, defence, walls = grid[count % len(grid)]
            assault(defenders, attack, defence, walls)
            count += 1
        now = time.perf_counter()
        if now >= deadline:
            return Rate("sabatu odds: assault", count, 0, now - began, time.process_time() - cpu)


def run(seconds: float = 3.0, repeats: int = 3) -> dict[str, Rate]:
    """Run every Sabatu benchmark, print the table, and return the best rates by name."""
    each = seconds / repeats
    print(f"Sabatu: each figure is the best of {repeats} runs of {each:.2f} s")
    print("  playout step: to_act + legal_actions + apply (checked) + outcome, random play")
    print("  odds: exact chance that one army takes a capital (wargames.sabatu.assault)")
    print()
    print(f"{'benchmark':<44}{'steps/s':>10}{'us/step':>10}{'games':>7}{'steps/g':>9}")
    rates: dict[str, Rate] = {}
    for label, game in GAMES.items():
        name = f"sabatu playouts: {label}"
        rates[name] = best(repeats, partial(playout_rate, name, game, each))
    rates["odds"] = best(repeats, partial(odds_rate, each))
    for rate in rates.values():
        per_game = f"{rate.steps / rate.games:.0f}" if rate.games else "-"
        print(
            f"{rate.name:<44}{rate.per_second:>10,.0f}{rate.micros:>10.1f}"
            f"{rate.games:>7,}{per_game:>9}",
            flush=True,
        )
    return rates


def main(argv: Sequence[str] | None = None) -> None:
    figures_main(run, __doc__, argv)


if __name__ == "__main__":
    main()
