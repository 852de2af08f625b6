"""The web app under load: concurrent bot-against-bot games played through its HTTP API.

``python -m benchmarks.web_load [--games 50]`` serves the app on loopback (uvicorn in a
thread, a fresh SQLite file) and plays Mini Sabotage games whose every seat is a client: each
seat's coroutine reads its view (waiting with ``?after=VERSION`` while the other seat moves),
picks a legal action at random and posts it.  Every game must end with no refused request
and with the server's move count equal to the moves sent; it prints the throughput.
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

from wargames.web.local import serving

__all__ = ["Load", "load", "main"]

GAME = {"game": "sabotage", "variant": "SM", "seats": {"green": "human", "red": "human"}}


@frozen
class Load:
    """What a run measured: games finished, moves sent and counted by the server, time."""

    games: int
    finished: int
    sent: int
    counted: int
    seconds: float

    @property
    def moves_per_second(self) -> float:
        return self.sent / self.seconds if self.seconds else 0.0


async def _seat(client: httpx.AsyncClient, token: str, rng: random.Random) -> int:
    """Play one seat to the end; return the moves it sent."""
    sent = 0
    view: dict[str, Any] = (await client.get(f"/api/play/{token}")).raise_for_status().json()
    while view["outcome"] is None:
        if view["actions"]:
            action = rng.choice(view["actions"])["text"]
            answer = await client.post(f"/api/play/{token}/actions", json={"action": action})
            view = answer.raise_for_status().json()
            sent += 1
        else:
            waited = await client.get(f"/api/play/{token}", params={"after": view["version"]})
            view = waited.raise_for_status().json()
    return sent


async def _game(client: httpx.AsyncClient, seed: int) -> tuple[int, int, bool]:
    """Create and play one game; its moves sent, the server's count, whether it ended."""
    answer = (await client.post("/api/games", json=GAME)).raise_for_status().json()
    tokens = [seat["token"] for seat in answer["seats"].values()]
    sent = await asyncio.gather(
        *(_seat(client, token, random.Random(seed * 10 + i)) for i, token in enumerate(tokens))
    )
    final = (await client.get(f"/api/play/{answer['spectators']['token']}")).json()
    return sum(sent), final["moves"], final["outcome"] is not None


async def _play(base: str, games: int) -> list[tuple[int, int, bool]]:
    limits = httpx.Limits(max_connections=4 * games)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        return await asyncio.gather(*(_game(client, seed) for seed in range(games)))


def load(games: int, db: Path | None = None) -> Load:
    """Play ``games`` concurrent games against a fresh server; what it measured.

    :raises httpx.HTTPStatusError: for any refused request.
    """
    with (
        tempfile.TemporaryDirectory() as folder,
        serving(db or Path(folder) / "load.sqlite3") as base,
    ):
        started = time.perf_counter()
        results = asyncio.run(_play(base, games))
        seconds = time.perf_counter() - started
    return Load(
        games=games,
        finished=sum(ended for _, _, ended in results),
        sent=sum(sent for sent, _, _ in results),
        counted=sum(counted for _, counted, _ in results),
        seconds=seconds,
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.web_load", description=__doc__)
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    args = parser.parse_args(argv)
    result = load(args.games)
    print(
        f"web load: {result.games} concurrent Mini Sabotage games through HTTP, "
        f"{result.finished} finished; {result.sent} moves sent, {result.counted} counted by "
        f"the server; {result.seconds:.1f} s, {result.moves_per_second:.0f} moves/s, "
        f"{result.games / result.seconds:.2f} games/s"
    )


if __name__ == "__main__":
    main()
