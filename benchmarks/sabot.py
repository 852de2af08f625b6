"""SABOT on oversized maps: `reachable` time per unit, playout steps per second, memory.

Run: ``.venv/bin/python -m benchmarks.sabot``.  Prints figures; asserts nothing.

Each side fields 100 units (25 platoons, every kind of platoon in turn) plus its two decoys
on an open grassland map of 60x40 and of 120x80 hexes.  ``reachable`` is timed for every
unit at the start (a crowded set-up zone) and again after 1,500 random playout steps (the
armies spread out).  The memory figure holds 10,000 successive states of 60x40 playouts
(a new game from the next seed whenever one ends).
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from itertools import cycle, islice

from wargames.sabot import Sabot, SabotState
from wargames.sabot.army import cost
from wargames.sabot.units import DEFAULT_TABLE

PLATOONS = tuple(islice(cycle(sorted(DEFAULT_TABLE.platoons)), 25))
"""25 platoons of four: 100 units a side."""
ARMIES = {"blue": PLATOONS, "yellow": PLATOONS}
STATES = 10_000


def game_on(columns: int, rows: int) -> Sabot:
    """A 100-units-a-side game on an open map, drawn after 50 turns."""
    points = cost(DEFAULT_TABLE, PLATOONS)
    return Sabot(map=f"open:{columns}x{rows}", build_points=points, max_turns=50)


def reachable_times(game: Sabot, state: SabotState) -> list[float]:
    """Seconds per ``reachable`` call, for every unit on the map (decoys aside)."""
    times = []
    for unit in state.units:
        if unit.on_map and unit.kind != "DECOY":
            began = time.perf_counter()
            game.reachable(state, unit.id)
            times.append(time.perf_counter() - began)
    return times


def playout(game: Sabot, seed: int, steps: int) -> tuple[int, float, list[SabotState]]:
    """Random legal actions (``done``/``stop`` drawn less often, so units do move), from
    ``start(seed)``: steps taken, seconds, the states."""
    rng = random.Random(seed)
    state = game.start(seed, armies=ARMIES)
    states = [state]
    began = time.perf_counter()
    done = 0
    while done < steps and game.outcome(state) is None:
        player = next(iter(game.to_act(state)))
        actions = game.legal_actions(state, player)
        busy = [a for a in actions if str(a) not in ("done", "stop", "hold")]
        pick = rng.choice(busy) if busy and rng.random() < 0.9 else actions[-1]
        state = game.apply_unchecked(state, pick)
        states.append(state)
        done += 1
    return done, time.perf_counter() - began, states


def describe(times: list[float]) -> str:
    median = statistics.median(times) * 1e3
    return f"median {median:.2f} ms, max {max(times) * 1e3:.2f} ms ({len(times)} units)"


def main() -> None:
    medians = {}
    for columns, rows in ((60, 40), (120, 80)):
        game = game_on(columns, rows)
        start = game.start(1, armies=ARMIES)
        units = sum(1 for u in start.units if u.owner == "blue" and u.kind != "DECOY")
        print(f"{columns}x{rows}: {units} units a side (+ decoys)")
        print(f"  reachable at the start:        {describe(reachable_times(game, start))}")
        steps, seconds, states = playout(game, seed=2, steps=1500)
        spread = reachable_times(game, states[-1])
        medians[columns] = statistics.median(spread)
        print(f"  reachable after {steps} steps:   {describe(spread)}")
        print(f"  playout: {steps / seconds:,.0f} legal-actions+apply steps/s")
    growth = medians[120] / medians[60]
    print(f"reachable median grows x{growth:.2f} when the map grows x4")
    game = game_on(60, 40)
    tracemalloc.start()
    held: list[SabotState] = []
    seed = 3
    while len(held) < STATES:
        _, _, states = playout(game, seed=seed, steps=STATES - len(held))
        held.extend(states)
        seed += 1
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    size = current / 2**20
    print(f"60x40: {len(held):,} successive states ({seed - 3} playouts) held in {size:.1f} MB")


if __name__ == "__main__":
    main()
