"""Numbers in paths and queries (``?after=N``, ``/steps/N``): anything but a plain decimal in
range is refused with a 4xx JSON error, at once (issue 37: these gave 500 or a long wait)."""

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import new_game, play_first, seat_token

MALFORMED = [
    "--1",
    "-1",
    "+1",
    "²",  # a digit to str.isdigit, not to int()
    "①",
    "٣",  # a decimal digit to int(), but not a plain one
    "1e3",
    "0x1",
    "1.0",
    " 1",
    "1 ",
    "",
    "9" * 5000,  # past int()'s limit on digits
]
BEYOND = ["99999999999999999999999", "3"]


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    """A Mini Sabotage game of two humans, one move made: its links."""
    answer = new_game(client, "sabotage", {"green": "human", "red": "human"}, variant="SM")
    play_first(client, seat_token(answer, "green"))
    return answer


def refused(response: Any) -> int:
    """The status of a refusal, checked to be a 4xx JSON error."""
    assert 400 <= response.status_code < 500, response.text
    assert isinstance(response.json()["error"], str)
    status: int = response.status_code
    return status


@pytest.mark.parametrize("text", MALFORMED + BEYOND)
def test_a_wait_for_a_version_that_is_no_version_is_refused(
    client: TestClient, table: dict[str, Any], text: str
) -> None:
    green = seat_token(table, "green")
    assert refused(client.get(f"/api/play/{green}", params={"after": text})) == 400


def test_a_wait_for_the_latest_version_or_an_earlier_one_is_answered(
    client: TestClient, table: dict[str, Any]
) -> None:
    green = seat_token(table, "green")
    latest = client.get(f"/api/play/{green}").json()["version"]
    assert latest == 1
    answer = client.get(f"/api/play/{green}", params={"after": "0"})
    assert answer.status_code == 200
    assert answer.json()["version"] == latest


@pytest.mark.parametrize("text", MALFORMED)
def test_a_step_that_is_no_number_is_refused(
    client: TestClient, table: dict[str, Any], text: str
) -> None:
    spectators = table["spectators"]["token"]
    assert refused(client.get(f"/api/play/{spectators}/steps/{text}")) in (400, 404)


@pytest.mark.parametrize("text", BEYOND)
def test_a_step_past_the_last_is_not_found(
    client: TestClient, table: dict[str, Any], text: str
) -> None:
    spectators = table["spectators"]["token"]
    assert refused(client.get(f"/api/play/{spectators}/steps/{text}")) == 404
    assert client.get(f"/api/play/{spectators}/steps/01").json()["step"] == 1


def test_an_api_path_that_is_no_route_answers_json(
    client: TestClient, table: dict[str, Any]
) -> None:
    spectators = table["spectators"]["token"]
    assert refused(client.get(f"/api/play/{spectators}/steps/")) == 404
    assert refused(client.get("/api/nothing")) == 404
    assert refused(client.post("/api/catalog")) == 405
