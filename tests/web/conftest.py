"""Helpers for the web app's tests: an app in-process (or two sharing a PostgreSQL database,
as two workers), games made through its API, and the databases a store is tested on (a SQLite
file, and a PostgreSQL server)."""

import importlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from starlette.testclient import TestClient

from wargames.web import create_app


def new_game(client: TestClient, game: str, seats: dict[str, str], **extra: Any) -> dict[str, Any]:
    """Create a game through the API; its answer (links by seat, the spectators' link)."""
    response = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def seat_token(answer: dict[str, Any], seat: str) -> str:
    """The token of ``seat``'s link."""
    token: str = answer["seats"][seat]["token"]
    return token


def play_first(client: TestClient, token: str) -> dict[str, Any]:
    """Play the first legal action listed for ``token``'s seat; the view after it."""
    action = client.get(f"/api/play/{token}").json()["actions"][0]["text"]
    response = client.post(f"/api/play/{token}/actions", json={"action": action})
    assert response.status_code == 200, response.text
    view: dict[str, Any] = response.json()
    return view


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A fresh SQLite file."""
    return tmp_path / "games.sqlite3"


class Workers(TestClient):
    """Two apps on one database, as two worker processes each with its own games in memory
    and its own connections: requests go to each in turn."""

    def __init__(self, where: str) -> None:
        super().__init__(create_app(where))
        self.other = TestClient(create_app(where))
        self.turn = 0

    def __enter__(self) -> "Workers":
        super().__enter__()
        self.other.__enter__()
        return self

    def __exit__(self, *details: Any) -> None:
        self.other.__exit__(*details)
        super().__exit__(*details)

    def request(self, method: str, url: Any, **options: Any) -> Any:
        self.turn += 1
        if self.turn % 2:
            return self.other.request(method, url, **options)
        return super().request(method, url, **options)


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """The app on a fresh file, in-process."""
    with TestClient(create_app(db)) as test_client:
        yield test_client


SETUPS = ["sqlite", "postgresql, two workers"]
"""What :func:`set_up` serves on: its parameters."""


def set_up(request: pytest.FixtureRequest, db: Path) -> Iterator[TestClient]:
    """For a fixture parametrised by ``SETUPS``: the app in-process on the fresh SQLite file
    ``db``, or two apps as two workers on a fresh PostgreSQL schema (each request going to
    the other one)."""
    if request.param == "sqlite":
        with TestClient(create_app(db)) as test_client:
            yield test_client
    else:
        for where in postgres_schema(request):
            with Workers(where) as workers:
                yield workers


POSTGRES = "WARGAMES_POSTGRES"
"""The variable naming a PostgreSQL database to test on (``postgresql://user:pw@host/name``;
``.ci/run`` sets it): each test gets a schema of its own there, dropped after it."""


def postgres_schema(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh schema in the ``$WARGAMES_POSTGRES`` database: the URL that works in it.

    Without the variable the PostgreSQL tests say so: they fail in CI (``$CI`` set) and are
    skipped, with the reason shown, elsewhere; with it, a server that cannot be reached
    fails them.
    """
    url = os.environ.get(POSTGRES)
    if not url:
        reason = f"no PostgreSQL to test on: set {POSTGRES}=postgresql://user:password@host/db"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    try:
        psycopg = importlib.import_module("psycopg")
        admin = psycopg.connect(url, autocommit=True)
    except Exception as error:  # psycopg missing, or no server: either way, say it
        pytest.fail(f"{POSTGRES}={url} cannot be reached: {type(error).__name__}: {error}")
    schema = f"test_{secrets.token_hex(6)}"
    admin.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in url else "?"
    try:
        options = f"-csearch_path={schema} -csynchronous_commit=off"  # no disk wait: a test's data
        yield f"{url}{joiner}options={quote(options)}"
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
        admin.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database of each kind: a SQLite file, a PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "games.sqlite3")
    else:
        yield from postgres_schema(request)
