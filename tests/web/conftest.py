"""Helpers for the web app's tests: an app in-process, and games made through its API."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """The app on a fresh file, in-process."""
    with TestClient(create_app(db)) as test_client:
        yield test_client
