"""Live updates: a seat's event stream tells it only of changes to its own view, so it is the
same whatever another seat does in secret (issue 37, found by counting keep-alive lines); on
one server with a SQLite file, and with the stream on one of two workers sharing a PostgreSQL
database while the moves are posted to the other."""

from collections.abc import Iterator

import httpx
import pytest

from tests.web.conftest import SETUPS, postgres_schema
from wargames.web.local import serving

SECRET_ORDERS = 4
"""Orders red plots in secret before blue moves (each woke blue's stream before the fix)."""


@pytest.fixture(scope="module", params=SETUPS)
def bases(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str]]:
    """Where moves are posted and where blue's stream is read: one server, or two workers on
    one database. Their keep-alive timers never fire during a test: any other line would be
    something the stream was told."""
    if request.param == "sqlite":
        with serving(tmp_path_factory.mktemp("events") / "games.sqlite3", quiet=3600) as url:
            yield url, url
    else:
        for where in postgres_schema(request):
            with serving(where, quiet=3600) as first, serving(where, quiet=3600) as second:
                yield first, second


def blues_stream(bases: tuple[str, str], red_plots: bool) -> list[str]:
    """Blue's event stream, line by line, from its start to the first change blue sees (its
    own first order), while red plots ``SECRET_ORDERS`` orders in secret first (or none)."""
    base, watched = bases
    with httpx.Client(base_url=base, timeout=30) as client:
        answer = client.post(
            "/api/games", json={"game": "saw", "seats": {"blue": "human", "red": "human"}}
        ).json()
        blue, red = (answer["seats"][p]["token"] for p in ("blue", "red"))
        lines: list[str] = []
        with client.stream("GET", f"{watched}/api/play/{blue}/events") as stream:
            received = stream.iter_lines()
            lines.append(next(received))
            for _ in range(SECRET_ORDERS if red_plots else 0):
                actions = client.get(f"/api/play/{red}").json()["actions"]
                order = next(a["text"] for a in actions if not a["text"].endswith(" done"))
                posted = client.post(f"/api/play/{red}/actions", json={"action": order})
                assert posted.status_code == 200, posted.text
            own = client.get(f"/api/play/{blue}").json()["actions"][0]["text"]
            assert client.post(f"/api/play/{blue}/actions", json={"action": own}).is_success
            for line in received:
                lines.append(line)
                if line.startswith("data:") and len(lines) > 1:
                    break
    return lines


def test_a_seats_stream_is_the_same_whatever_another_seat_plots_in_secret(
    bases: tuple[str, str],
) -> None:
    quiet = blues_stream(bases, red_plots=False)
    assert [line for line in quiet if line] == ["data: 0", "data: 1"]
    assert blues_stream(bases, red_plots=True) == quiet
