"""Does ``wargames.simulate`` scale with cores?  ``python -m benchmarks.scaling [-n 100]``

Plays the same seeded jobs on 1 worker, on 2 worker processes and, when Ray is installed
(``pip install 'wargames[ray]'``), as Ray tasks on a local 2-CPU Ray; prints games per
second, the speed-up over 1 worker (the issue's target: 1.8x with 2 workers) and whether
every backend gave the same results.  Nothing asserts.
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections.abc import Callable, Sequence

from wargames.simulate import GameResult, Job, simulate


def jobs(n: int) -> list[Job]:
    """``n`` games of Sabotage, greedy against random, seats alternating: about 0.4 s a game,
    long enough that a run measures the games rather than starting the worker processes."""
    return [
        Job("sabotage", None, {}, ("greedy", "random") if s % 2 else ("random", "greedy"), s, 3000)
        for s in range(n)
    ]


def timed(run: Callable[[], list[GameResult]]) -> tuple[list[GameResult], float]:
    started = time.perf_counter()
    results = run()
    return results, time.perf_counter() - started


def on_ray(work: list[Job], cpus: int) -> tuple[list[GameResult], float]:
    """The jobs as tasks of a fresh local Ray of ``cpus`` CPUs, timed once its workers run."""
    import ray

    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    try:
        simulate(work[:cpus], backend="ray")  # start the workers before the clock runs
        return timed(lambda: simulate(work, backend="ray"))
    finally:
        ray.shutdown()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scaling", description=__doc__)
    parser.add_argument("-n", type=int, default=100, help="games per run")
    args = parser.parse_args(argv)
    work = jobs(args.n)
    simulate(work[:2], workers=1)  # this process's caches filled before the clock runs
    one, base = timed(lambda: simulate(work, workers=1))
    print(f"{args.n} games of Sabotage, greedy against random")
    print(f"{'backend':<22} {'seconds':>8} {'games/s':>8} {'speed-up':>9}  same results")
    print(f"{'local, 1 worker':<22} {base:8.2f} {args.n / base:8.2f} {1.0:8.2f}x  -")
    two, seconds = timed(lambda: simulate(work, workers=2))
    print(
        f"{'local, 2 workers':<22} {seconds:8.2f} {args.n / seconds:8.2f} "
        f"{base / seconds:8.2f}x  {two == one}"
    )
    if importlib.util.find_spec("ray") is None:
        print("ray: not installed (pip install 'wargames[ray]')")
        return
    ray_results, seconds = on_ray(work, 2)
    print(
        f"{'ray local, 2 CPUs':<22} {seconds:8.2f} {args.n / seconds:8.2f} "
        f"{base / seconds:8.2f}x  {ray_results == one}"
    )


if __name__ == "__main__":
    main()
