"""Many seeded bot games, on all local cores or on a Ray cluster, with the same results.

Game ``i`` of a run with seed ``s`` is played from seed ``s + i`` by bots seeded from it, so
a result depends only on (game, options, bots, seed, i): never on the backend, the number of
workers or the order in which games finish.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from attrs import asdict, field, frozen

from wargames.bots.base import play
from wargames.bots.specs import seat_bots
from wargames.core.registry import load

__all__ = ["GameResult", "Job", "Summary", "run_job", "simulate", "summarize", "wilson"]


def _tuple(items: Sequence[str]) -> tuple[str, ...]:
    return tuple(items)


@frozen
class Job:
    """One game to play: everything needed, picklable, for any worker."""

    game: str
    variant: str | None
    options: dict[str, Any] = field(hash=False)
    bots: tuple[str, ...] = field(converter=_tuple)
    seed: int
    max_actions: int | None = None


@frozen
class GameResult:
    """What one game gave."""

    seed: int
    winners: tuple[str, ...]
    reason: str
    length: int
    seconds: float = field(eq=False)

    def to_row(self) -> dict[str, Any]:
        """A flat row for JSON lines or CSV."""
        row = asdict(self)
        row["winners"] = " ".join(self.winners)
        return row


def run_job(job: Job) -> GameResult:
    """Play one game (in whatever process runs it)."""
    started = time.perf_counter()
    game = load(job.game, job.variant, **job.options)
    if len(job.bots) != len(game.players):
        raise ValueError(f"{job.game} has {len(game.players)} players, got bots {job.bots}")
    bots = seat_bots(game.players, job.bots, job.seed)
    match = play(game, bots, seed=job.seed, max_actions=job.max_actions)
    outcome = match.outcome
    return GameResult(
        seed=job.seed,
        winners=tuple(sorted(outcome.winners)) if outcome else (),
        reason=outcome.reason if outcome else f"stopped after {job.max_actions} actions",
        length=match.length,
        seconds=time.perf_counter() - started,
    )


def simulate(
    jobs: Sequence[Job],
    *,
    workers: int = 1,
    backend: str = "local",
    ray_address: str | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play every job and return the results in job order.

    ``backend="local"`` uses a process pool of ``workers`` (1 plays in this process);
    ``backend="ray"`` runs the same jobs as Ray tasks (``pip install "tabletop-wargames[ray]"``),
    connecting to ``ray_address`` or starting a local Ray.  ``on_result`` is called as each
    game finishes (for progress bars).
    """
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    if backend == "local":
        results = _local(jobs, workers)
    elif backend == "ray":
        results = _ray(jobs, ray_address)
    else:
        raise ValueError(f"unknown backend {backend!r}; use local or ray")
    collected: dict[int, GameResult] = {}
    for index, result in results:
        collected[index] = result
        if on_result is not None:
            on_result(result)
    return [collected[i] for i in range(len(jobs))]


def _local(jobs: Sequence[Job], workers: int) -> Iterator[tuple[int, GameResult]]:
    if workers == 1:
        for index, job in enumerate(jobs):
            yield index, run_job(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(run_job, job): i for i, job in enumerate(jobs)}
        for future in as_completed(futures):
            yield futures[future], future.result()


def _ray(jobs: Sequence[Job], address: str | None) -> Iterator[tuple[int, GameResult]]:
    try:
        import ray
    except ImportError as error:
        raise RuntimeError(
            'the ray backend needs Ray: pip install "tabletop-wargames[ray]"'
        ) from error
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(run_job)
    pending = {remote.remote(job): i for i, job in enumerate(jobs)}
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        for ref in done:
            yield pending.pop(ref), ray.get(ref)


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return (max(0.0, centre - half), min(1.0, centre + half))


@frozen
class Summary:
    """Win rates with 95% intervals, draws and game lengths of a set of results."""

    games: int
    wins: Mapping[str, int]
    draws: int
    mean_length: float
    median_length: float
    games_per_second: float

    def win_rate(self, player: str) -> tuple[float, float, float]:
        """The win rate of ``player`` and its 95% Wilson interval."""
        won = self.wins.get(player, 0)
        low, high = wilson(won, self.games)
        return (won / self.games if self.games else 0.0, low, high)


def summarize(results: Sequence[GameResult], players: Sequence[str], seconds: float) -> Summary:
    """Summarise ``results`` of games between ``players``; ``seconds`` is the wall time."""
    lengths = [r.length for r in results] or [0]
    return Summary(
        games=len(results),
        wins={p: sum(p in r.winners for r in results) for p in players},
        draws=sum(not r.winners for r in results),
        mean_length=statistics.fmean(lengths),
        median_length=statistics.median(lengths),
        games_per_second=len(results) / seconds if seconds > 0 else 0.0,
    )
