"""Many seeded bot games, on all local cores or on a Ray cluster, with the same results.

Game ``i`` of a run with seed ``s`` is played from seed ``s + i`` by bots seeded from it, so
a result depends only on (game, options, bots, seed, i): never on the backend, the number of
workers or the order in which games finish.  A game that raises does not stop the others: it
is kept as a :class:`GameFailure` (its job, to play it again, and the error), and
:class:`GamesFailed` carries the finished results and the failures once every game is done.
"""

from __future__ import annotations

import json
import math
import os
import shlex
import statistics
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from attrs import asdict, field, frozen

from wargames.bots.base import Bot, play
from wargames.bots.specs import seat_bots
from wargames.core.registry import load

__all__ = [
    "MAX_WORKERS",
    "GameFailure",
    "GameResult",
    "GamesFailed",
    "Job",
    "Summary",
    "job_bots",
    "run_job",
    "simulate",
    "summarize",
    "wilson",
]

MAX_WORKERS = 4 * (os.cpu_count() or 1)
"""The most local worker processes :func:`simulate` takes: four per core (games are
CPU-bound, so more processes would only cost memory and start-up time)."""


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
    setup: dict[str, Any] = field(factory=dict, hash=False)
    """Keywords of ``game.start`` (``{"deploy": False}``: the players set up their armies)."""

    def command(self) -> str:
        """The ``wargames simulate`` command that plays this game again, alone (its seed is
        the run's first, and bots are seeded from the game's seed, not its place in a run)."""
        words = ["wargames", "simulate", self.game, "-n", "1", "--seed", str(self.seed)]
        words += ["--players", ",".join(self.bots)]
        if self.variant is not None:
            words += ["--variant", self.variant]
        if self.max_actions is not None:
            words += ["--max-actions", str(self.max_actions)]
        for name, value in self.options.items():
            words += ["-o", f"{name}={json.dumps(value)}"]
        for name, value in self.setup.items():
            words += ["--setup", f"{name}={json.dumps(value)}"]
        return shlex.join(words)


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


@frozen
class GameFailure:
    """A game that raised: its job (everything needed to play it again) and the error."""

    job: Job
    error: str
    """The exception's type and message, ``"ValueError: ..."``."""
    where: str
    """Where it was raised: ``path:line in function`` of the innermost frame."""

    @property
    def seed(self) -> int:
        """The failed game's seed."""
        return self.job.seed

    @classmethod
    def of(cls, job: Job, error: BaseException) -> GameFailure:
        """The failure of ``job`` by ``error`` (raised, so it has its traceback)."""
        frames = traceback.extract_tb(error.__traceback__)
        last = frames[-1] if frames else None
        where = "" if last is None else f"{_short(last.filename)}:{last.lineno} in {last.name}"
        message = " ".join(str(error).split())
        kind = type(error).__name__
        return cls(job, f"{kind}: {message}" if message else kind, where)


def _short(filename: str) -> str:
    """A source file's path from the ``wargames`` package down, else as it is."""
    _, found, tail = filename.rpartition("/wargames/")
    return f"wargames/{tail}" if found else filename


class GamesFailed(RuntimeError):
    """Some games raised: ``results`` are those that finished (in job order), ``failures``
    the others (in job order)."""

    def __init__(self, results: list[GameResult], failures: list[GameFailure]) -> None:
        first = failures[0]
        super().__init__(
            f"{len(failures)} of {len(results) + len(failures)} games failed; the first "
            f"(seed {first.seed}): {first.error}"
        )
        self.results = results
        self.failures = failures


def job_bots(job: Job, players: Sequence[str]) -> dict[str, Bot]:
    """The bots of ``job`` by seat, seat ``i``'s seeded from ``job.seed * 31 + i``."""
    if len(job.bots) != len(players):
        raise ValueError(f"{job.game} has {len(players)} players, got bots {job.bots}")
    return seat_bots(players, job.bots, job.seed)


def run_job(job: Job) -> GameResult:
    """Play one game (in whatever process runs it)."""
    started = time.perf_counter()
    game = load(job.game, job.variant, **job.options)
    bots = job_bots(job, game.players)
    match = play(game, bots, seed=job.seed, max_actions=job.max_actions, setup=job.setup)
    outcome = match.outcome
    return GameResult(
        seed=job.seed,
        winners=tuple(sorted(outcome.winners)) if outcome else (),
        reason=outcome.reason if outcome else f"stopped after {job.max_actions} actions",
        length=match.length,
        seconds=time.perf_counter() - started,
    )


def _attempt(job: Job) -> GameResult | GameFailure:
    """Play one game; an exception it raises becomes its :class:`GameFailure`."""
    try:
        return run_job(job)
    except Exception as error:  # any bug in a game or bot: kept, the other games go on
        return GameFailure.of(job, error)


def simulate(
    jobs: Sequence[Job],
    *,
    workers: int = 1,
    backend: str = "local",
    ray_address: str | None = None,
    on_result: Callable[[GameResult | GameFailure], None] | None = None,
) -> list[GameResult]:
    """Play every job and return the results in job order.

    ``backend="local"`` uses a process pool of ``workers`` (1 plays in this process; at most
    :data:`MAX_WORKERS`); ``backend="ray"`` runs the same jobs as Ray tasks
    (``pip install "tabletop-wargames[ray]"``), connecting to ``ray_address`` or starting a
    local Ray.  ``on_result`` is called as each game finishes or fails (for progress bars).

    :raises GamesFailed: after every game was played, if any raised; it holds the results
        of the others.
    """
    if not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers must be from 1 to {MAX_WORKERS}, got {workers}")
    if backend == "local":
        outcomes = _local(jobs, workers)
    elif backend == "ray":
        outcomes = _ray(jobs, ray_address)
    else:
        raise ValueError(f"unknown backend {backend!r}; use local or ray")
    collected: dict[int, GameResult | GameFailure] = {}
    for index, outcome in outcomes:
        collected[index] = outcome
        if on_result is not None:
            on_result(outcome)
    ordered = [collected[i] for i in range(len(jobs))]
    results = [r for r in ordered if isinstance(r, GameResult)]
    failures = [r for r in ordered if isinstance(r, GameFailure)]
    if failures:
        raise GamesFailed(results, failures)
    return results


def _local(jobs: Sequence[Job], workers: int) -> Iterator[tuple[int, GameResult | GameFailure]]:
    if workers == 1:
        for index, job in enumerate(jobs):
            yield index, _attempt(job)
        return
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs) or 1)) as pool:
        futures = {pool.submit(_attempt, job): i for i, job in enumerate(jobs)}
        for future in as_completed(futures):
            try:
                outcome = future.result()
            except Exception as error:  # the worker died (BrokenProcessPool): that job failed
                outcome = GameFailure.of(jobs[futures[future]], error)
            yield futures[future], outcome


def _ray(
    jobs: Sequence[Job], address: str | None
) -> Iterator[tuple[int, GameResult | GameFailure]]:
    try:
        import ray
    except ImportError as error:
        raise RuntimeError(
            'the ray backend needs Ray: pip install "tabletop-wargames[ray]"'
        ) from error
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(_attempt)
    pending = {remote.remote(job): i for i, job in enumerate(jobs)}
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        for ref in done:
            yield pending.pop(ref), ray.get(ref)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); ``successes`` may hold
    halves, a drawn game counting half a win."""
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
