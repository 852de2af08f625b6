"""SAW: random-playout steps per second, and exact-odds evaluations per second.

A playout step is ``to_act`` + ``legal_actions`` + ``apply`` (checked) of a uniformly random
action of a random player who is to act + ``outcome``; a finished game restarts from the next
of 16 seeded starts built before timing.  Plotting, movement and attack resolution (the
dice), damage allocation and the end of the game are all inside the steps.

An odds evaluation is :func:`wargames.saw.odds.hit_points` for one hypothetical match-up (from
a grid of accuracy/evasion/damage/endurance/distance values, with nothing cached), or
``game.odds`` of a plotted attack against a secret defender (the mixture over every design of
its points), with nothing cached or with the design prior already computed.

Figures only, no assertions::

    python -m benchmarks.saw --seconds 3
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from itertools import cycle, product
from typing import Any

from benchmarks.playouts import Rate, best, call_rate, figures_main, game_playouts, starts
from wargames.saw import Attack, Saw
from wargames.saw import odds as saw_odds

__all__ = ["GAMES", "main", "odds_rate", "run"]

GAMES: dict[str, dict[str, Any]] = {
    "basic, 2 players": {},
    "basic, 4 players, skirmish": {"players": 4, "army": "skirmish"},
    "all advanced rules, ruins": {
        "army": "gunships",
        "weapons": 2,
        "weapon_cap": 6,
        "coordination": True,
        "variable_traits": True,
        "map": "ruins",
    },
}
SEED = 1


def _clear_caches() -> None:
    saw_odds._hit_table.cache_clear()
    saw_odds._wound_table.cache_clear()


def odds_rate(name: str, evaluate: Callable[[], object], seconds: float) -> Rate:
    """How many times ``evaluate`` runs in ``seconds``, from cleared odds caches."""
    _clear_caches()
    return call_rate(name, evaluate, seconds)


def _hypothetical() -> Callable[[], object]:
    grid = cycle(product(range(0, 12, 3), range(0, 12, 4), range(0, 9, 2), range(0, 9, 4), (1, 7)))

    def evaluate() -> object:
        _clear_caches()
        accuracy, evasion, damage, endurance, distance = next(grid)
        return saw_odds.hit_points(accuracy, evasion, damage, endurance, distance)

    return evaluate


def _plotted(*, cold: bool) -> Callable[[], object]:
    game = Saw()
    state = game.start(SEED)
    attack = Attack("blue", "b1", "r2")

    def evaluate() -> object:
        if cold:
            saw_odds.design_prior.cache_clear()
            _clear_caches()
        return game.odds(state, attack)

    return evaluate


def run(seconds: float = 3.0, repeats: int = 3) -> dict[str, Rate]:
    """Run every SAW benchmark, print the table, and return the best rates by name."""
    each = seconds / repeats
    print(f"SAW: each figure is the best of {repeats} runs of {each:.2f} s")
    print("  playout step: to_act + legal_actions + apply (checked) + outcome")
    print("  odds: hit_points of hypothetical match-ups, computed from nothing cached;")
    print("    game.odds of a plotted attack on a secret 20-point unit (mixture over designs),")
    print("    from nothing cached (cold) or with the design prior already computed")
    print()
    print(f"{'benchmark':<50}{'per s':>10}{'us each':>10}{'per cpu-s':>11}{'games':>7}")
    rates: dict[str, Rate] = {}
    for label, options in GAMES.items():
        game = Saw(**options)
        name = f"saw playouts: {label}"
        rates[name] = best(repeats, partial(game_playouts, name, game, starts(game, 16), each))
    name = "saw odds: hypothetical hit_points (cold)"
    rates[name] = best(repeats, partial(odds_rate, name, _hypothetical(), each))
    for cold in (True, False):
        name = f"saw odds: game.odds, secret unit ({'cold' if cold else 'cached prior'})"
        rates[name] = best(repeats, partial(odds_rate, name, _plotted(cold=cold), each))
    for rate in rates.values():
        print(
            f"{rate.name:<50}{rate.per_second:>10,.0f}{rate.micros:>10.1f}"
            f"{rate.per_cpu_second:>11,.0f}{rate.games:>7,}",
            flush=True,
        )
    return rates


def main(argv: Sequence[str] | None = None) -> None:
    figures_main(run, __doc__, argv)


if __name__ == "__main__":
    main()
