"""SABOT on oversized maps: `reachable` time per unit, playout steps per second, memory,
and how `legal_actions` for one selected unit grows with the units and the map.

Run: ``.venv/bin/python -m benchmarks.sabot``.  Prints figures; asserts nothing.

Each side fields 100 units (25 platoons, every kind of platoon in turn) plus its two decoys
on an open grassland map of 60x40 and of 120x80 hexes.  ``reachable`` is timed for every
unit at the start (a crowded set-up zone) and again after 1,500 random playout steps (the
armies spread out).  The memory figure holds 10,000 successive states of 60x40 playouts
(a new game from the next seed whenever one ends).

The selected-unit figure (issue 17) times ``legal_actions`` while blue's Main Battle Tank
moves in the middle of an open map among eight counters (:func:`scaled`), against the same
with four times the counters (the extra ones far away, so the tank's options are the same)
and on a map of sixteen times the area; process time, each call on a fresh copy of the
state: one made from its predecessor by a step of play (which hands on what it worked out
from the counters), and one with nothing worked out.
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from itertools import cycle, islice

from wargames.core.hexes import from_offset
from wargames.sabot import Hold, Sabot, SabotState, Select
from wargames.sabot.army import cost
from wargames.sabot.state import with_unit
from wargames.sabot.units import DEFAULT_TABLE

PLATOONS = tuple(islice(cycle(sorted(DEFAULT_TABLE.platoons)), 25))
"""25 platoons of four: 100 units a side."""
ARMIES = {"blue": PLATOONS, "yellow": PLATOONS}
STATES = 10_000
SIDE = 40
"""Columns and rows of the selected-unit figure's base map."""
NEAR = (
    ("blue", "MBT", 0, 0, 0), ("blue", "INF", 2, 0, 0), ("blue", "ICV", -2, 1, 0),
    ("blue", "HVY", 0, 3, 0), ("yellow", "MBT", 1, -4, 3), ("yellow", "DECOY", -3, -2, 3),
    ("yellow", "HLT", 4, -3, 3), ("yellow", "INF", -1, -6, 3),
)  # fmt: skip
"""The base position: (player, symbol, columns and rows from the middle, facing); unit 0
is the tank that moves."""
TARGETS = {"units": 1.3, "area": 1.0}
"""Issue 17: at most 1.3x the time with 4x the units, flat with 16x the map area."""


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


def scaled(units: int = 1, area: int = 1) -> tuple[Sabot, SabotState]:
    """Blue's tank (unit 0) selected to move among :data:`NEAR`'s counters in the middle
    of an open map of ``area`` times ``SIDE`` x ``SIDE`` hexes, with ``units - 1`` times as
    many more counters along its top and bottom edges, far out of the tank's way."""
    side = SIDE * int(area**0.5)
    game = Sabot(map=f"open:{side}x{side}")
    middle = side // 2

    def label(column: int, row: int) -> str:
        return game.map.board.label(from_offset(column, row))

    counters = [(p, s, label(middle + c, middle + r), f) for p, s, c, r, f in NEAR]
    extra = len(NEAR) * (units - 1)
    for n in range(extra):
        player, symbol, _, _, facing = NEAR[n % len(NEAR)]
        row = (n // 2 % 2) if n % 2 == 0 else side - 1 - (n // 2 % 2)
        counters.append((player, symbol, label(n // 4 * 2 % side, row), facing))
    state = game.apply(game.position(counters), Select("blue", 0))
    if game.to_act(state) == {"yellow"}:  # an overwatch window on the start hex: held
        state = game.apply(state, Hold("yellow"))
    return game, state


def _turned(state: SabotState) -> SabotState:
    """``state`` as a step of play makes it: from its predecessor, the tank turned and
    turned back (so what the predecessor worked out from its counters is handed on)."""
    tank = state.units[0]
    return with_unit(state, tank, facing=tank.facing)


def _anew(state: SabotState) -> SabotState:
    """``state`` with nothing worked out from its counters yet."""
    return state.with_changes(units=tuple(state.units))


def selected_time(
    game: Sabot, state: SabotState, copy: Callable[[SabotState], SabotState], calls: int = 400
) -> float:
    """Process seconds per ``legal_actions`` for the selected unit, the best of 3 runs,
    each call on a fresh ``copy`` of ``state``."""
    best = float("inf")
    for _ in range(3):
        copies = [copy(state) for _ in range(calls)]
        began = time.process_time()
        for each in copies:
            game.legal_actions(each, "blue")
        best = min(best, (time.process_time() - began) / calls)
    return best


def selected_scaling() -> None:
    """Print ``legal_actions`` for one selected unit: base, 4x the units, 16x the area."""
    cases = {"base": scaled(), "units": scaled(units=4), "area": scaled(area=16)}
    options = {name: game.legal_actions(state, "blue") for name, (game, state) in cases.items()}
    assert options["units"] == options["base"] == options["area"], options  # same options
    print(f"legal_actions for one selected unit ({len(options['base'])} options; process time)")
    for how, copy in (("a state made by a step of play", _turned), ("a state anew", _anew)):
        times = {name: selected_time(*case, copy) for name, case in cases.items()}
        base = times["base"]
        print(f"  {how}: {base * 1e6:.0f} us with {len(NEAR)} counters on {SIDE}x{SIDE}")
        for name, what in (("units", f"{4 * len(NEAR)} counters"), ("area", "16x the area")):
            ratio = times[name] / base
            print(
                f"    with {what}: {times[name] * 1e6:.0f} us, x{ratio:.2f} "
                f"(target <= {TARGETS[name]}x)"
            )


def main() -> None:
    selected_scaling()
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
