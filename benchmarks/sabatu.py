"""Sabatu: random-playout steps per second with 4 and 8 players (and each Variation),
exact battle odds per second, and the bots' evaluation (``game.evaluate``) per call on
positions of random two-player games.

A playout step is ``to_act`` + ``legal_actions`` + ``apply`` (checked) of a uniformly random
action of a random player who is to act + ``outcome``, as a random bot plays (trade and
hire offers left out, as :class:`~wargames.bots.RandomBot` leaves them); a finished game
restarts from the next of 16 seeded starts built before timing.  Steps per game show how
long random games run.

Figures only, no assertions::

    python -m benchmarks.sabatu --seconds 3
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from itertools import cycle, product
from typing import cast

from benchmarks.playouts import Rate, best, call_rate, figures_main, game_playouts, starts
from wargames.bots.base import playing
from wargames.sabatu import (
    Sabatu,
    SabatuAction,
    SabatuArmories,
    SabatuLong,
    SabatuMercenaries,
    SabatuState,
    assault,
)

__all__ = ["GAMES", "evaluate_rate", "main", "odds_rate", "positions", "run"]

GAMES: dict[str, Sabatu] = {
    "4 players": Sabatu(players=4),
    "8 players": Sabatu(players=8),
    "variant 1, 4 players": SabatuArmories(players=4),
    "variant 2, 4 players": SabatuMercenaries(players=4),
    "variant 3, 4 players, 4 rows": SabatuLong(players=4),
}
SEED = 1


def odds_rate(seconds: float) -> Rate:
    """Exact assault odds (:func:`wargames.sabatu.assault`) over a grid of tiles, walls and
    defenders, for ``seconds``."""
    grid = cycle(product((1, 2, 4), range(4), range(4), (0, 1)))
    return call_rate("sabatu odds: assault", lambda: assault(*next(grid)), seconds)


def positions(game: Sabatu, count: int = 8, every: int = 10) -> list[SabatuState]:
    """Every ``every``-th state of ``count`` random games (uniform actions, offers left
    alone as :class:`~wargames.bots.RandomBot` leaves them), seeds ``SEED`` on: the same
    positions for any code that plays the same rules."""
    found: list[SabatuState] = []
    for seed in range(SEED, SEED + count):
        rng = random.Random(seed)
        state = game.start(seed=seed)
        steps = 0
        while game.outcome(state) is None:
            if steps % every == 0:
                found.append(state)
            player = min(game.to_act(state))
            action = rng.choice(playing(game, game.legal_actions(state, player)))
            state = game.apply(state, cast("SabatuAction", action))
            steps += 1
    return found


def evaluate_rate(seconds: float) -> Rate:
    """``game.evaluate`` for each seat in turn over :func:`positions` of two-player games,
    for ``seconds``."""
    game = Sabatu(players=2)
    calls = cycle((state, player) for state in positions(game) for player in game.players)
    return call_rate("sabatu evaluate: 2 players", lambda: game.evaluate(*next(calls)), seconds)


def run(seconds: float = 3.0, repeats: int = 3) -> dict[str, Rate]:
    """Run every Sabatu benchmark, print the table, and return the best rates by name."""
    each = seconds / repeats
    print(f"Sabatu: each figure is the best of {repeats} runs of {each:.2f} s")
    print("  playout step: to_act + legal_actions + apply (checked) + outcome, random play")
    print("  odds: exact chance that one army takes a capital (wargames.sabatu.assault)")
    print("  evaluate: game.evaluate on every 10th position of 8 random two-player games")
    print()
    print(f"{'benchmark':<44}{'steps/s':>10}{'us/step':>10}{'games':>7}{'steps/g':>9}")
    rates: dict[str, Rate] = {}
    for label, game in GAMES.items():
        name = f"sabatu playouts: {label}"
        pool = starts(game, 16)
        rates[name] = best(repeats, partial(game_playouts, name, game, pool, each, negotiate=False))
    rates["odds"] = best(repeats, partial(odds_rate, each))
    rates["evaluate"] = best(repeats, partial(evaluate_rate, each))
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
