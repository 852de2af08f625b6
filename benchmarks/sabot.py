"""SABOT on oversized maps: `reachable` time per unit, playout steps per second, memory.

Run: ``.venv/bin/python -m benchmarks.sabot``.  Prints figures; asserts nothing.
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc

from wargames.sabot import Sabot

ARMY = 1400
"""Build points giving about 100 units a side with the default table."""


def reachable_times(game: Sabot, seed: int) -> list[float]:
    """Seconds per ``reachable`` call, for every unit of both sides at the start."""
    state = game.start(seed)
    times = []
    for unit in state.units:
        if unit.on_map and unit.kind != "DECOY":
            began = time.perf_counter()
            game.reachable(state, unit.id)
            times.append(time.perf_counter() - began)
    return times


def playout(game: Sabot, seed: int, steps: int) -> tuple[int, float, list[object]]:
    """Random legal actions (Done drawn less often, so units do move): steps, seconds, states."""
    rng = random.Random(seed)
    state = game.start(seed)
    states: list[object] = [state]
    began = time.perf_counter()
    done = 0
    while done < steps and game.outcome(state) is None:
        player = next(iter(game.to_act(state)))
        actions = game.legal_actions(state, player)
        busy = [a for a in actions if str(a) not in ("done", "stop")]
        pick = rng.choice(busy) if busy and rng.random() < 0.9 else actions[-1]
        state = game.apply_unchecked(state, pick)
        states.append(state)
        done += 1
    return done, time.perf_counter() - began, states


def main() -> None:
    for columns, rows in ((60, 40), (120, 80)):
        game = Sabot(map=f"open:{columns}x{rows}", build_points=ARMY, max_turns=50)
        times = reachable_times(game, seed=1)
        units = sum(1 for u in game.start(1).units if u.kind != "DECOY")
        median = statistics.median(times) * 1e3
        print(
            f"{columns}x{rows}: {units} units; reachable median {median:.2f}"
            f" ms, max {max(times) * 1e3:.2f} ms, {len(times) / sum(times):.0f} calls/s"
        )
        steps, seconds, _ = playout(game, seed=2, steps=2000)
        print(f"{columns}x{rows}: playout {steps / seconds:.0f} legal-actions+apply steps/s")
    game = Sabot(map="open:60x40", build_points=ARMY, max_turns=50)
    tracemalloc.start()
    steps, _, states = playout(game, seed=3, steps=10_000)
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"60x40: {len(states)} successive states held: {current / 2**20:.1f} MB")


if __name__ == "__main__":
    main()
