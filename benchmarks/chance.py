"""Explicit chance: how many outcomes each kind of chance node lists, and what listing and
resolving them costs beside the sampled ``apply`` (``kernel.md``, "Explicit chance").

Each game plays a seeded walk that prefers actions with chance
(:func:`wargames.testing.chance_walk`); at every chance node it times ``game.chance`` (the
outcomes and their draws), ``apply_chance_unchecked`` of each outcome given that chance (as
OpenSpiel's adapter resolves a chance node) and ``apply`` (the stream's own roll).  For a
game whose chance goes draw by draw (``Game.chance_by_draw``) it follows the stream's own
draws through ``drawing`` (one chance node a draw) and times each step.  Figures only, no
assertions::

    python -m benchmarks.chance [--steps 300]
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import wargames
from wargames.core.game import Action, Game, State
from wargames.testing import chance_walk

__all__ = ["main"]

GAMES: dict[str, dict[str, Any]] = {
    "gridscifi": {},
    "sabot": {"reinforcements": 60, "build_points": 60, "max_turns": 4},
    "sabatu": {"players": 2},
    "saw": {},
}
"""Each game with explicit chance, with options that reach its every kind of node soon."""


def _micros(began: float, count: int = 1) -> float:
    return (time.perf_counter() - began) * 1e6 / max(count, 1)


def measure(name: str, options: dict[str, Any], steps: int, seed: int) -> None:
    """Print one line per kind of chance node of ``name``'s walk."""
    game = wargames.load(name, **options)
    rows: dict[str, list[tuple[int, float, float, float]]] = defaultdict(list)
    for state, action in chance_walk(game, seed, steps):
        began = time.perf_counter()
        found = game.chance(state, action)
        listed = _micros(began)
        if found is None and game.chance_by_draw:
            chain = _drawn(game, state, action)
            if chain is not None:
                rows[type(action).__name__].append(chain)
            continue
        if found is None:
            continue
        began = time.perf_counter()
        for outcome in found.odds:  # as search code does, with the chance it listed
            game.apply_chance_unchecked(state, action, outcome, found)
        resolved = _micros(began, len(found))
        began = time.perf_counter()
        game.apply(state, action)
        rows[type(action).__name__].append((len(found), listed, resolved, _micros(began)))
    print(f"{name} (bound {game.max_chance_outcomes} outcomes), {steps} steps from seed {seed}:")
    for kind, seen in sorted(rows.items()):
        n = len(seen)
        if game.chance_by_draw:
            print(
                f"  {kind:<12} {n:>4} actions, {sum(r[0] for r in seen) / n:5.1f} draws each "
                f"(most {max(r[0] for r in seen):>3}), widest {max(r[1] for r in seen):>3}; "
                f"a draw's step {sum(r[2] for r in seen) / n:7.0f} us, "
                f"apply {sum(r[3] for r in seen) / n:7.0f} us"
            )
            continue
        print(
            f"  {kind:<12} {n:>4} nodes, outcomes mean {sum(r[0] for r in seen) / n:6.1f} "
            f"max {max(r[0] for r in seen):>4}; chance {sum(r[1] for r in seen) / n:8.0f} us, "
            f"resolving {sum(r[2] for r in seen) / n:7.0f} us an outcome, "
            f"apply {sum(r[3] for r in seen) / n:7.0f} us"
        )


def _drawn(
    game: Game[Any, Any], state: State, action: Action
) -> tuple[int, int, float, float] | None:
    """``action`` drawn draw by draw as the stream draws: its chance nodes, the widest, the
    time of each ``drawing`` step and of ``apply``; ``None`` when it draws nothing."""
    began = time.perf_counter()
    drawn = game.drawing_unchecked(state, action)
    steps, nodes, widest, ones, stream = 1, 0, 0, 0, state.rng
    while drawn.size:
        nodes, widest = nodes + 1, max(widest, drawn.size)
        for _ in drawn.draws[nodes - 1 + ones :]:  # draws of one result, made at once
            ones, stream = ones + 1, stream.below(1)[1]
        value, stream = stream.below(drawn.size)
        drawn = game.drawing_unchecked(state, action, (*drawn.draws, value))
        steps += 1
    stepped = _micros(began, steps)
    if not nodes:
        return None
    began = time.perf_counter()
    game.apply(state, action)
    return nodes, widest, stepped, _micros(began)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=300, help="steps of each walk")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    for name, options in GAMES.items():
        measure(name, options, args.steps, args.seed)


if __name__ == "__main__":
    main()
