"""Sampled pasts: for every game, the share of ``sample_state`` samples whose past replays to
what the player saw, and the time each sample takes, mid-game and late in the game.

A game is played with seeded random legal actions for up to ``--steps`` actions (or to its
end); "mid" is a player's view halfway through, "late" their view of the last state.  Each
sample is a ``sample_history`` checked by :func:`wargames.testing.check_history` (its replay
shows the player, view by view, what the real game showed them); the time is that of
``sample_state`` alone, the call a search bot makes.  Figures only, no assertions::

    python -m benchmarks.histories --samples 20
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

import wargames
from wargames import Game, State
from wargames.testing import ConformanceError, check_history

__all__ = ["GAMES", "main", "measure"]

GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("sabotage", {"variant": "SM"}),
    ("sabotage", {"variant": "SG"}),
    ("saw", {}),
    ("sabatu", {}),
    ("gridscifi", {}),
    ("sabot", {}),
)


def played(game: Game[Any, Any], seed: int, steps: int) -> list[State]:
    """Every state of a game of random legal actions from ``seed``, the start first."""
    chooser = random.Random(seed)
    state = game.start(seed)
    states = [state]
    while len(states) <= steps and game.outcome(state) is None:
        acting = sorted(game.to_act(state))
        player = chooser.choice(acting)
        state = game.apply(state, chooser.choice(game.legal_actions(state, player)))
        states.append(state)
    return states


def measure(
    game: Game[Any, Any], states: Sequence[State], samples: int, seed: int
) -> tuple[int, int, float]:
    """(samples whose past passes, samples, seconds per ``sample_state``) over every player."""
    rng = random.Random(seed)
    passed = tried = 0
    seconds = 0.0
    for player in game.players:
        view = game.view(states[-1], player)
        for _ in range(samples):
            tried += 1
            try:
                check_history(game, states, player, rng)
            except ConformanceError:
                continue
            passed += 1
        began = time.perf_counter()
        for _ in range(samples):
            game.sample_state(view, player, rng)
        seconds += time.perf_counter() - began
    return passed, tried, seconds / tried


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.histories", description=__doc__)
    parser.add_argument("--samples", type=int, default=10, help="samples per player and moment")
    parser.add_argument("--steps", type=int, default=240, help="most actions of a game")
    parser.add_argument("--games", type=int, default=2, help="seeded games per game name")
    args = parser.parse_args(argv)
    print("Sampled pasts: replays that show the player what they saw, and time per sample")
    print(f"{'game':<14} {'moment':<6} {'step':>5} {'passed':>9} {'ms/sample':>10}")
    for name, options in GAMES:
        game = wargames.load(name, **options)
        label = name if not options else f"{name} {' '.join(map(str, options.values()))}"
        for seed in range(1, args.games + 1):
            states = played(game, seed, args.steps)
            for moment, end in (("mid", len(states) // 2), ("late", len(states) - 1)):
                try:
                    passed, tried, seconds = measure(game, states[: end + 1], args.samples, seed)
                except NotImplementedError:
                    print(f"{label:<14} {moment:<6} {end:>5} {'no sample_history':>21}")
                    break
                print(
                    f"{label:<14} {moment:<6} {end:>5} {passed:>4}/{tried:<4} "
                    f"{1000 * seconds:>10.2f}"
                )


if __name__ == "__main__":
    main()
