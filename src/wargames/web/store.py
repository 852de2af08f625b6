"""Games on disk: one SQLite file (standard library ``sqlite3``) written as games are played.

A game is its replay: the header (game, variant, options, seed, set-up: a replay document
with no actions) and its actions, one row each, numbered, so a move is stored exactly once
and a restart rebuilds the game by replaying them.  Links are stored only as SHA-256 digests
of their tokens, so the file alone does not let anybody take a seat.  A game listed in the
lobby has its free seats stored (a seat is taken once: the row goes as its link is made), and
a finished game the id of its rematch.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path

from attrs import frozen

__all__ = ["Stored", "Store", "digest"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    header TEXT NOT NULL,
    seats TEXT NOT NULL,
    bot_seed INTEGER NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    digest TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    seat TEXT
);
CREATE TABLE IF NOT EXISTS open_seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS rematches (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    rematch_id TEXT NOT NULL REFERENCES games(id)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
"""


def digest(token: str) -> str:
    """The stored form of a link's token."""
    return hashlib.sha256(token.encode()).hexdigest()


@frozen
class Stored:
    """One stored game: its replay header, seats (player -> ``human`` or a bot), the seed of
    its bots and its actions as documents, in order."""

    header: str
    seats: dict[str, str]
    bot_seed: int
    actions: tuple[str, ...]


class Store:
    """The games of one server in the SQLite file ``path`` (``":memory:"`` for none)."""

    def __init__(self, path: str | Path) -> None:
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            if str(path) != ":memory:":
                # Write-ahead logging, synced at checkpoints rather than at every commit: a
                # commit survives the server's crash (``kill -9``), only the machine's loss of
                # power may take the last ones, and a move's commit costs a fraction of a
                # millisecond instead of a disk sync (7.6 ms here) with the store locked.
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)

    def add_game(
        self,
        game_id: str,
        header: str,
        seats: dict[str, str],
        bot_seed: int,
        tokens: dict[str, str | None],
        open_seats: tuple[str, ...] = (),
    ) -> None:
        """Store a new game, its links (token -> seat, ``None`` for the spectators') and the
        seats it lists in the lobby for whoever joins."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?)",
                (game_id, header, json.dumps(seats), bot_seed, time.time()),
            )
            self._db.executemany(
                "INSERT INTO tokens VALUES (?, ?, ?)",
                [(digest(token), game_id, seat) for token, seat in tokens.items()],
            )
            self._db.executemany(
                "INSERT INTO open_seats VALUES (?, ?)", [(game_id, seat) for seat in open_seats]
            )

    def add_link(self, game_id: str, seat: str | None, token: str) -> None:
        """Store one more link to ``seat`` (``None``: the spectators) of a stored game."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO tokens VALUES (?, ?, ?)", (digest(token), game_id, seat))

    def take_seat(self, game_id: str, seat: str, token: str) -> bool:
        """Give the free seat ``seat`` of a listed game the link ``token``; whether it was
        free (a seat is taken once, however many ask at the same time)."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            taken = self._db.execute(
                "DELETE FROM open_seats WHERE game_id = ? AND seat = ?", (game_id, seat)
            ).rowcount
            if taken:
                self._db.execute(
                    "INSERT INTO tokens VALUES (?, ?, ?)", (digest(token), game_id, seat)
                )
        return bool(taken)

    def open_games(self, most: int) -> list[tuple[str, list[str]]]:
        """The ``most`` latest listed games with a free seat: each id with its free seats."""
        with self._lock:
            rows = self._db.execute(
                "SELECT open_seats.game_id, open_seats.seat FROM open_seats JOIN games"
                " ON games.id = open_seats.game_id ORDER BY games.created DESC"
            ).fetchall()
        found: dict[str, list[str]] = {}
        for game_id, seat in rows:
            if game_id in found or len(found) < most:
                found.setdefault(game_id, []).append(seat)
        return list(found.items())

    def rematch(self, game_id: str, rematch_id: str) -> str:
        """Record ``rematch_id`` as the rematch of ``game_id`` unless it has one; the
        rematch's id (the one recorded first)."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO rematches VALUES (?, ?) ON CONFLICT (game_id) DO NOTHING",
                (game_id, rematch_id),
            )
            row = self._db.execute(
                "SELECT rematch_id FROM rematches WHERE game_id = ?", (game_id,)
            ).fetchone()
        found: str = row[0]
        return found

    def rematch_of(self, game_id: str) -> str | None:
        """The id of the rematch of ``game_id``, if one was made."""
        with self._lock:
            row = self._db.execute(
                "SELECT rematch_id FROM rematches WHERE game_id = ?", (game_id,)
            ).fetchone()
        return None if row is None else str(row[0])

    def add_actions(self, game_id: str, first: int, actions: list[str]) -> None:
        """Store ``actions`` as the game's actions number ``first`` on (a number taken twice
        is refused: no move is stored twice or overwritten)."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.executemany(
                "INSERT INTO actions VALUES (?, ?, ?)",
                [(game_id, first + i, text) for i, text in enumerate(actions)],
            )

    def find(self, token: str) -> tuple[str, str | None] | None:
        """The game and seat (``None``: a spectator) of a link's token, if it is one."""
        with self._lock:
            row = self._db.execute(
                "SELECT game_id, seat FROM tokens WHERE digest = ?", (digest(token),)
            ).fetchone()
        return None if row is None else (row[0], row[1])

    def load(self, game_id: str) -> Stored:
        """The stored game ``game_id``.

        :raises KeyError: for an unknown id.
        """
        with self._lock:
            row = self._db.execute(
                "SELECT header, seats, bot_seed FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            actions = self._db.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY number", (game_id,)
            ).fetchall()
        if row is None:
            raise KeyError(game_id)
        return Stored(row[0], json.loads(row[1]), row[2], tuple(a for (a,) in actions))

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()
