"""Memory of holding every state of a long Sabotage game: structural sharing at work.

Plays a 1,000-step random game of regular Sabotage (SG) with draw offers off and a no-capture
limit far away, so one game lasts, keeps every state in a list, and measures with
``tracemalloc`` what the list costs beyond the first state.  For comparison it prints what
independent deep copies would cost (one state's full pickle times 1,000, and the sum of every
state's own pickle).  Figures only, no assertions::

    python -m benchmarks.memory
"""

from __future__ import annotations

import argparse
import gc
import pickle
import random
import sys
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import wargames
from wargames import Game
from wargames.core.events import EventLog
from wargames.sabotage import SabotageState

__all__ = ["flat_pickle", "main", "play", "run"]

STEPS = 1_000
SEED = 1
OPTIONS: dict[str, Any] = {"draw_offers": False, "quiet_turn_limit": 10_000}


def flat_pickle(value: object) -> bytes:
    """``value`` pickled as an independent copy (event logs pickle as flat tuples of events)."""
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def play(
    game: Game[Any, Any], first: SabotageState, steps: int, seed: int
) -> list[SabotageState] | None:
    """``first`` and the states after each of ``steps`` random actions (seeded), or ``None``
    if the game ends sooner."""
    rng = random.Random(seed)
    states = [first]
    state = first
    for _ in range(steps):
        if game.outcome(state) is not None:
            return None
        (player,) = game.to_act(state)
        state = game.apply(state, rng.choice(game.legal_actions(state, player)))
        states.append(state)
    return states


def _lasting_seed(game: Game[Any, Any], steps: int, tries: int = 100) -> int:
    """The first seed from :data:`SEED` whose random game lasts ``steps`` steps."""
    for seed in range(SEED, SEED + tries):
        if play(game, game.start(seed=seed), steps, seed) is not None:
            return seed
    raise SystemExit(f"no random game of {tries} seeds lasted {steps} steps")


def _where(frame: tracemalloc.Frame) -> str:
    path = Path(frame.filename)
    parts = path.parts
    short = "/".join(parts[parts.index("src") + 1 :]) if "src" in parts else path.name
    return f"{short}:{frame.lineno}"


def run(steps: int = STEPS, top: int = 8) -> None:
    """Play, measure and print."""
    game = wargames.load("sabotage", **OPTIONS)
    options = ", ".join(f"{k}={v!r}" for k, v in OPTIONS.items())
    print(f"Memory: every state of a {steps:,}-step random Sabotage SG game ({options})")
    seed = _lasting_seed(game, steps)
    first: SabotageState = game.start(seed=seed)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    states = play(game, first, steps, seed)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    snapshot = tracemalloc.take_snapshot()
    tracemalloc.stop()
    if states is None:  # cannot happen: the same seed lasted in _lasting_seed
        raise SystemExit("the game ended early")
    last = states[-1]
    print(
        f"  seed {seed}: still playing after {steps:,} steps "
        f"(turn {last.clock.turn}, outcome {game.outcome(last)})"
    )
    print(f"  states held: {len(states):,} (the first built before measuring)")
    print(f"  memory added by the {steps:,} new states: {held:,} bytes")
    print(f"  per state: {held / steps:,.0f} bytes")

    one = flat_pickle(last)
    if pickle.loads(one) != last:
        print("  warning: the pickled copy does not load back equal")
    total = sum(len(flat_pickle(state)) for state in states[1:])
    print(
        f"  one state fully pickled (the last): {len(one):,} bytes; x {steps:,} = "
        f"{len(one) * steps:,} bytes ({len(one) * steps / held:,.0f}x the shared figure)"
    )
    print(
        f"  each new state pickled on its own, summed: {total:,} bytes "
        f"({total / held:,.0f}x the shared figure)"
    )
    print(f"  first state fully pickled: {len(flat_pickle(first)):,} bytes")

    events = tuple(last.log)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    rebuilt = EventLog(events)
    nodes = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    event_bytes = sum(sys.getsizeof(event) for event in events)
    print(
        f"  event log after {steps:,} steps: {len(last.log):,} events "
        f"({len(last.log) - len(first.log):,} from play, {len(first.log)} from set-up); "
        f"{nodes:,} bytes of log nodes + {event_bytes:,} bytes of event objects"
    )
    if rebuilt != last.log:
        print("  warning: the rebuilt log differs")

    print(f"  where the {held:,} bytes were allocated (top {top} lines):")
    for stat in snapshot.statistics("lineno")[:top]:
        print(f"    {stat.size:>10,} bytes {stat.count:>7,} blocks  {_where(stat.traceback[0])}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=STEPS, help="steps in the game")
    args = parser.parse_args(argv)
    run(args.steps)


if __name__ == "__main__":
    main()
