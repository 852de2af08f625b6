"""Sabatu: random-playout steps per second with 4 and 8 players (and each Variation), and
exact battle odds per second.

A playout step is ``to_act`` + ``legal_actions`` + ``apply`` (checked) of a uniformly random
action of a random player who is to act + ``outcome``, as a random bot plays (trade and
hire offers left out, as :class:`~wargames.bots.RandomBot` leaves them); a finished game
restarts from the next of 16 seeded starts built before timing.  Steps per game show how
long random games run.

Figures only, no assertions::

    python -m benchmarks.sabatu --seconds 3
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from itertools import cycle, product

from benchmarks.playouts import Rate, best, call_rate, figures_main, game_playouts, starts
from wargames.sabatu import Sabatu, SabatuArmories, SabatuLong, SabatuMercenaries, assault

__all__ = ["GAMES", "main", "odds_rate", "run"]

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
        pool = starts(game, 16)
        rates[name] = best(repeats, partial(game_playouts, name, game, pool, each, negotiate=False))
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
