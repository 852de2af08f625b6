"""Games in a database, written as games are played: a SQLite file (standard library
``sqlite3``, the default) or a PostgreSQL server (``postgresql://...``, through psycopg 3).

Both run the same schema and the same statements (plain SQL both understand, written with
``?`` placeholders); only connecting differs (:func:`_connect`).  psycopg alone, not an
ORM or SQLAlchemy: the store is seven short statements, and the embedded default then needs
nothing past the standard library.

A game is its replay: the header (game, variant, options, seed, set-up: a replay document
with no actions) and its actions, one row each, numbered, so a move is stored exactly once
and a restart rebuilds the game by replaying them. Several server processes may share one
PostgreSQL database: the numbered rows make each move stored once whichever process writes
it first, and every stored move is announced on the channel :data:`CHANNEL` (``NOTIFY``,
sent as its transaction commits) for the other processes' live updates
(:meth:`Store.changes`). Links are stored only as SHA-256 digests of their tokens, so the
database alone does not let anybody take a seat. A game listed in the lobby has its free
seats stored (a seat is taken once: the row goes as its link is made), and a finished game
the id of its rematch.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from attrs import frozen

__all__ = ["CHANNEL", "Clash", "Store", "Stored", "digest", "is_server"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    header TEXT NOT NULL,
    seats TEXT NOT NULL,
    bot_seed INTEGER NOT NULL,
    created DOUBLE PRECISION NOT NULL
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
SERVERS = ("postgresql://", "postgres://")
"""How the URL of a PostgreSQL server begins (anything else names a SQLite file)."""
CHANNEL = "wargames_moves"
"""The PostgreSQL channel on which stored moves are announced: ``GAME_ID COUNT``, the game
and its number of stored actions with them."""


def digest(token: str) -> str:
    """The stored form of a link's token."""
    return hashlib.sha256(token.encode()).hexdigest()


def is_server(where: str | Path) -> bool:
    """Whether ``where`` is a PostgreSQL server's URL rather than a SQLite file."""
    return str(where).startswith(SERVERS)


class Clash(Exception):
    """A row the database already has (a move's number taken twice): nothing was written."""


@frozen
class Stored:
    """One stored game: its replay header, seats (player -> ``human`` or a bot), the seed of
    its bots and its actions as documents, in order."""

    header: str
    seats: dict[str, str]
    bot_seed: int
    actions: tuple[str, ...]


def _connect(where: str | Path) -> tuple[Any, str, type[Exception]]:
    """A connection to ``where`` in autocommit mode (transactions are begun explicitly),
    its placeholder and its error for a broken constraint."""
    if is_server(where):
        psycopg = importlib.import_module("psycopg")  # the web extra's, for a server only
        return psycopg.connect(str(where), autocommit=True), "%s", psycopg.IntegrityError
    db = sqlite3.connect(str(where), check_same_thread=False, isolation_level=None)
    if str(where) != ":memory:":
        # Write-ahead logging, synced at checkpoints rather than at every commit: a commit
        # survives the server's crash (``kill -9``), only the machine's loss of power may
        # take the last ones, and a move's commit costs a fraction of a millisecond instead
        # of a disk sync (7.6 ms here) with the store locked.
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
    return db, "?", sqlite3.IntegrityError


class Store:
    """The games of one server in ``where``: a SQLite file (``":memory:"`` for none) or the
    URL of a PostgreSQL database (``postgresql://user:password@host/name``)."""

    def __init__(self, where: str | Path) -> None:
        self.where = str(where)
        self.shared = is_server(where)
        """Whether other processes may write here too (a server: each move is announced)."""
        self._db, self._mark, self._clash = _connect(where)
        self._lock = threading.Lock()
        with self._transaction():
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._run(statement)

    def _run(self, sql: str, values: Sequence[Any] = ()) -> Any:
        """Run one statement; its cursor (the lock is held)."""
        return self._db.execute(sql.replace("?", self._mark), tuple(values))

    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each of ``rows`` (the lock is held)."""
        if rows:
            self._db.cursor().executemany(sql.replace("?", self._mark), [tuple(r) for r in rows])

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """Hold the lock through one transaction: committed if the block ends, else rolled
        back (a broken constraint raised as :class:`Clash`)."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                yield
            except self._clash as error:
                self._db.execute("ROLLBACK")
                raise Clash(str(error)) from None
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

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
        with self._transaction():
            self._run(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?)",
                (game_id, header, json.dumps(seats), bot_seed, time.time()),
            )
            self._run_many(
                "INSERT INTO tokens VALUES (?, ?, ?)",
                [(digest(token), game_id, seat) for token, seat in tokens.items()],
            )
            self._run_many(
                "INSERT INTO open_seats VALUES (?, ?)", [(game_id, seat) for seat in open_seats]
            )

    def add_link(self, game_id: str, seat: str | None, token: str) -> None:
        """Store one more link to ``seat`` (``None``: the spectators) of a stored game."""
        with self._transaction():
            self._run("INSERT INTO tokens VALUES (?, ?, ?)", (digest(token), game_id, seat))

    def take_seat(self, game_id: str, seat: str, token: str) -> bool:
        """Give the free seat ``seat`` of a listed game the link ``token``; whether it was
        free (a seat is taken once, however many ask at the same time)."""
        with self._transaction():
            taken = self._run(
                "DELETE FROM open_seats WHERE game_id = ? AND seat = ?", (game_id, seat)
            ).rowcount
            if taken:
                self._run("INSERT INTO tokens VALUES (?, ?, ?)", (digest(token), game_id, seat))
        return bool(taken)

    def open_games(self, most: int) -> list[tuple[str, list[str]]]:
        """The ``most`` latest listed games with a free seat: each id with its free seats."""
        with self._lock:
            rows = self._run(
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
        with self._transaction():
            self._run(
                "INSERT INTO rematches VALUES (?, ?) ON CONFLICT (game_id) DO NOTHING",
                (game_id, rematch_id),
            )
            row = self._run(
                "SELECT rematch_id FROM rematches WHERE game_id = ?", (game_id,)
            ).fetchone()
        return str(row[0])

    def rematch_of(self, game_id: str) -> str | None:
        """The id of the rematch of ``game_id``, if one was made."""
        with self._lock:
            row = self._run(
                "SELECT rematch_id FROM rematches WHERE game_id = ?", (game_id,)
            ).fetchone()
        return None if row is None else str(row[0])

    def add_actions(self, game_id: str, first: int, actions: list[str]) -> None:
        """Store ``actions`` as the game's actions number ``first`` on (announced on
        :data:`CHANNEL` on a server).

        :raises Clash: for a number taken already (nothing is then stored: no move is
            stored twice or overwritten).
        """
        with self._transaction():
            self._run_many(
                "INSERT INTO actions VALUES (?, ?, ?)",
                [(game_id, first + i, text) for i, text in enumerate(actions)],
            )
            if self.shared and actions:
                news = f"{game_id} {first + len(actions)}"
                self._run(f"SELECT pg_notify('{CHANNEL}', ?)", (news,))

    def actions_from(self, game_id: str, first: int) -> tuple[str, ...]:
        """The game's stored actions numbered ``first`` on, in order (how a process catches
        up with the moves others stored)."""
        with self._lock:
            rows = self._run(
                "SELECT action FROM actions WHERE game_id = ? AND number >= ? ORDER BY number",
                (game_id, first),
            ).fetchall()
        return tuple(text for (text,) in rows)

    async def changes(self) -> AsyncIterator[tuple[str, int] | None]:
        """Each game a move is stored for, by any process, as it is committed, with its
        number of stored actions then (``LISTEN`` on a connection of its own; a server
        only), after ``None`` once listening: anything stored before may have been missed."""
        psycopg = importlib.import_module("psycopg")
        async with await psycopg.AsyncConnection.connect(self.where, autocommit=True) as db:
            await db.execute(f"LISTEN {CHANNEL}")
            yield None
            async for note in db.notifies():
                game_id, count = note.payload.split()
                yield game_id, int(count)

    def find(self, token: str) -> tuple[str, str | None] | None:
        """The game and seat (``None``: a spectator) of a link's token, if it is one."""
        with self._lock:
            row = self._run(
                "SELECT game_id, seat FROM tokens WHERE digest = ?", (digest(token),)
            ).fetchone()
        return None if row is None else (row[0], row[1])

    def load(self, game_id: str) -> Stored:
        """The stored game ``game_id``.

        :raises KeyError: for an unknown id.
        """
        with self._lock:
            row = self._run(
                "SELECT header, seats, bot_seed FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            actions = self._run(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY number", (game_id,)
            ).fetchall()
        if row is None:
            raise KeyError(game_id)
        return Stored(row[0], json.loads(row[1]), row[2], tuple(a for (a,) in actions))

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()
