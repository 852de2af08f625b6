"""The web app under load: concurrent games of scripted seats played through HTTP and SSE.

``python -m benchmarks.web_load [--games 50] [--workers 1] [--db FILE_OR_URL]`` starts
``wargames serve`` with its workers in a process of its own (so the clients below do not
share its interpreter) on a fresh SQLite file or the PostgreSQL database named, and plays
Mini Sabotage games whose every seat is a client: it creates each game, then each seat reads
its view, picks a legal action at random and posts it; between its turns the first seat
waits on its event stream (SSE) and the second with ``?after=VERSION``. Every game must end
with no refused request and with the server's move count equal to the moves sent. It prints
moves per second and the p50/p99/max latency of a move (its ``POST``) and of creating a
game.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
from attrs import frozen

from wargames.web.local import served

__all__ = ["Load", "Spread", "load", "main"]

GAME = {"game": "sabotage", "variant": "SM", "seats": {"green": "human", "red": "human"}}


@frozen
class Spread:
    """Latencies in seconds: their median, 99th percentile and largest."""

    p50: float
    p99: float
    max: float

    @classmethod
    def of(cls, seconds: Sequence[float]) -> Spread:
        ranked = sorted(seconds) or [0.0]
        return cls(
            p50=ranked[len(ranked) // 2],
            p99=ranked[min(len(ranked) - 1, round(0.99 * (len(ranked) - 1)))],
            max=ranked[-1],
        )

    def __str__(self) -> str:
        return f"p50 {self.p50 * 1000:.0f} ms, p99 {self.p99 * 1000:.0f} ms, max {self.max:.2f} s"


@frozen
class Load:
    """What a run measured: games finished, moves sent and counted by the server, time, and
    the latencies of moves and of creating games."""

    games: int
    workers: int
    finished: int
    sent: int
    counted: int
    seconds: float
    move: Spread
    create: Spread

    @property
    def moves_per_second(self) -> float:
        return self.sent / self.seconds if self.seconds else 0.0


@frozen
class _Played:
    """One game's figures."""

    sent: int
    counted: int
    ended: bool
    created: float
    moves: tuple[float, ...]


async def _post(client: httpx.AsyncClient, url: str, action: str, timings: list[float]) -> Any:
    """Post ``action``; its answer, its latency kept in ``timings``."""
    started = time.perf_counter()
    answer = await client.post(url, json={"action": action})
    timings.append(time.perf_counter() - started)
    return answer.raise_for_status().json()


async def _seat(
    client: httpx.AsyncClient, token: str, rng: random.Random, streamed: bool
) -> list[float]:
    """Play one seat to the end, waiting on its event stream (``streamed``) or with
    ``?after=``; the latencies of the moves it sent."""
    timings: list[float] = []
    view: dict[str, Any] = (await client.get(f"/api/play/{token}")).raise_for_status().json()
    if not streamed:
        while view["outcome"] is None:
            if view["actions"]:
                action = rng.choice(view["actions"])["text"]
                view = await _post(client, f"/api/play/{token}/actions", action, timings)
            else:
                waited = await client.get(f"/api/play/{token}", params={"after": view["version"]})
                view = waited.raise_for_status().json()
        return timings
    async with client.stream("GET", f"/api/play/{token}/events") as stream:
        lines = stream.aiter_lines()
        while view["outcome"] is None:
            if view["actions"]:
                action = rng.choice(view["actions"])["text"]
                view = await _post(client, f"/api/play/{token}/actions", action, timings)
                continue
            async for line in lines:  # to the next version past the one shown
                if line.startswith("data:") and int(line[5:]) > view["version"]:
                    break
            view = (await client.get(f"/api/play/{token}")).raise_for_status().json()
    return timings


async def _game(client: httpx.AsyncClient, seed: int) -> _Played:
    """Create and play one game."""
    started = time.perf_counter()
    answer = (await client.post("/api/games", json=GAME)).raise_for_status().json()
    created = time.perf_counter() - started
    tokens = [seat["token"] for seat in answer["seats"].values()]
    timings = await asyncio.gather(
        *(
            _seat(client, token, random.Random(seed * 10 + i), streamed=i == 0)
            for i, token in enumerate(tokens)
        )
    )
    final = (await client.get(f"/api/play/{answer['spectators']['token']}")).json()
    moves = tuple(t for seat in timings for t in seat)
    return _Played(len(moves), final["moves"], final["outcome"] is not None, created, moves)


async def _play(base: str, games: int) -> list[_Played]:
    # Every request on a new loopback connection: with hundreds of games the clients' loop
    # lags seconds behind, and a kept connection could be reused just as uvicorn closes it
    # (5 s idle by its clock), read as the server hanging up without an answer.
    limits = httpx.Limits(max_connections=4 * games, max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        return await asyncio.gather(*(_game(client, seed) for seed in range(games)))


def load(games: int, workers: int = 1, db: str | None = None) -> Load:
    """Play ``games`` concurrent games against a fresh server of ``workers`` workers on
    ``db`` (a fresh SQLite file when ``None``); what it measured.

    :raises httpx.HTTPStatusError: for any refused request.
    """
    with (
        tempfile.TemporaryDirectory() as folder,
        served(db or str(Path(folder) / "load.sqlite3"), workers) as base,
    ):
        started = time.perf_counter()
        results = asyncio.run(_play(base, games))
        seconds = time.perf_counter() - started
    return Load(
        games=games,
        workers=workers,
        finished=sum(r.ended for r in results),
        sent=sum(r.sent for r in results),
        counted=sum(r.counted for r in results),
        seconds=seconds,
        move=Spread.of([t for r in results for t in r.moves]),
        create=Spread.of([r.created for r in results]),
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.web_load", description=__doc__)
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (default 1)")
    parser.add_argument("--db", help="the server's database (default: a fresh SQLite file)")
    args = parser.parse_args(argv)
    result = load(args.games, args.workers, args.db)
    print(
        f"web load: {result.games} concurrent Mini Sabotage games through HTTP and SSE, "
        f"{result.workers} worker(s); {result.finished} finished; {result.sent} moves sent, "
        f"{result.counted} counted by the server; {result.seconds:.1f} s, "
        f"{result.moves_per_second:.0f} moves/s\n"
        f"  move:     {result.move}\n"
        f"  creation: {result.create}"
    )


if __name__ == "__main__":
    main()
