"""A fixed number of steps of one of :mod:`benchmarks.rl`'s loops, for an instruction count.

Timed blocks swing with the load of a shared machine; instructions counted by valgrind do
not, once ``PYTHONHASHSEED`` is fixed (string hashes order sets and dictionaries: without it
one code's count moved by 0.7% between two processes).  Two runs of different lengths, their
difference divided by the difference in steps, give a loop's instructions a step without the
imports and the first steps' caches::

    PYTHONHASHSEED=0 valgrind --tool=callgrind python -m benchmarks.rl_steps aec 2000
    PYTHONHASHSEED=0 valgrind --tool=callgrind python -m benchmarks.rl_steps aec 5000

Cache misses the same way, by cachegrind (``--tool=cachegrind --cache-sim=yes``); its last
level defaults to the machine's L3 (32 MB here, which a step hardly misses), so name the 1 MB
L2 of a core as the last level, ``--LL=1048576,16,64``, to count what falls out of L2.

Loops: any of :mod:`benchmarks.rl`'s (``raw``, ``aec``, ``gymnasium``, ``openspiel``, and
``aec-free-obs`` of its breakdown), from seed 1.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from benchmarks.rl import DIAGNOSTICS, GAMES, LOOPS

__all__ = ["main", "play"]


def play(loop: str, steps: int, game: str = "sabotage") -> None:
    """``steps`` engine steps of ``loop`` on ``game``."""
    step = {**LOOPS, **DIAGNOSTICS}[loop](game)
    made = 0
    while made < steps:
        made += step()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("loop", choices=[*LOOPS, *DIAGNOSTICS])
    parser.add_argument("steps", type=int)
    parser.add_argument("--game", default="sabotage", choices=list(GAMES))
    args = parser.parse_args(argv)
    play(args.loop, args.steps, args.game)


if __name__ == "__main__":
    main()
