"""Secrecy and trust: links, refusals that change nothing, and views that leak nothing."""

import asyncio
import json
import random
import re
from collections.abc import MutableMapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import wargames
from tests.web.conftest import new_game, seat_token
from wargames.core.game import Game
from wargames.core.registry import games
from wargames.core.replay import Replay
from wargames.testing import playouts
from wargames.web.matches import HUMAN, Match
from wargames.web.present import payload
from wargames.web.store import Store

HUMANS = {"green": "human", "red": "human"}
TOKEN = r'class="(token[a-z ]*)" data-node="\w+" data-owner="(\w+)"'


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    """A Mini Sabotage game of two humans: its links."""
    return new_game(client, "sabotage", HUMANS, variant="SM")


def snapshot(client: TestClient, token: str) -> tuple[int, int]:
    view = client.get(f"/api/play/{token}").json()
    return view["version"], view["moves"]


def test_a_token_that_is_no_link_is_refused_everywhere(
    client: TestClient, table: dict[str, Any]
) -> None:
    green = seat_token(table, "green")
    before = snapshot(client, green)
    wrong = green[:-2] + ("AA" if not green.endswith("AA") else "BB")
    for method, path in [
        ("GET", ""),
        ("GET", "/steps/0"),
        ("GET", "/events"),
        ("GET", "/replay"),
        ("POST", "/actions"),
        ("POST", "/odds"),
    ]:
        response = client.request(method, f"/api/play/{wrong}{path}", json={"action": "x"})
        assert response.status_code == 404
        assert response.json() == {"error": "no game has this link"}
    assert snapshot(client, green) == before


def test_a_seat_cannot_act_for_another(client: TestClient, table: dict[str, Any]) -> None:
    green, red = seat_token(table, "green"), seat_token(table, "red")
    before = snapshot(client, green)
    greens_move = client.get(f"/api/play/{green}").json()["actions"][0]["text"]
    response = client.post(f"/api/play/{red}/actions", json={"action": greens_move})
    assert response.status_code == 409
    assert response.json()["error"] == "It is not Red's turn: Green to act."
    assert snapshot(client, green) == before
    odds = client.post(f"/api/play/{red}/odds", json={"action": greens_move})
    assert odds.status_code == 422


def test_a_seat_reads_only_its_own_view(client: TestClient, table: dict[str, Any]) -> None:
    """Each link answers its own seat's view; the board shows the other army face down."""
    green, red = seat_token(table, "green"), seat_token(table, "red")
    for token, seat, other in [(green, "green", "red"), (red, "red", "green")]:
        view = client.get(f"/api/play/{token}").json()
        assert view["seat"] == seat
        drawn = re.findall(
            r'class="(token[a-z ]*)" data-node="\w+" data-owner="(\w+)"', view["board"]
        )
        assert {css for css, owner in drawn if owner == other} == {"token hidden"}
        assert {css for css, owner in drawn if owner == seat} == {"token"}


def test_spectators_cannot_act(client: TestClient, table: dict[str, Any]) -> None:
    spectators, green = table["spectators"]["token"], seat_token(table, "green")
    before = snapshot(client, green)
    move = client.get(f"/api/play/{green}").json()["actions"][0]["text"]
    for path in ("/actions", "/odds"):
        response = client.post(f"/api/play/{spectators}{path}", json={"action": move})
        assert response.status_code == 403
    assert snapshot(client, green) == before


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b"{not json", 400),
        (b"[1, 2]", 400),
        (b'{"action": 3}', 400),
        (b"{}", 400),
        (b'{"action": "z9-z10"}', 422),
        (b'{"action": "offer a draw of nonsense"}', 422),
    ],
)
def test_a_malformed_or_illegal_request_is_refused_and_changes_nothing(
    client: TestClient, table: dict[str, Any], body: bytes, status: int
) -> None:
    green = seat_token(table, "green")
    before = snapshot(client, green)
    response = client.post(f"/api/play/{green}/actions", content=body)
    assert response.status_code == status
    assert isinstance(response.json()["error"], str)
    assert snapshot(client, green) == before


def test_a_legal_looking_move_onto_a_wall_is_refused(
    client: TestClient, table: dict[str, Any]
) -> None:
    """A move the notation reads but the rules forbid: 422, naming only the request."""
    green = seat_token(table, "green")
    legal = {a["text"] for a in client.get(f"/api/play/{green}").json()["actions"]}
    illegal = next(
        f"{f}{r}-{f}{r + 1}"
        for f in "abcdefgh"
        for r in range(1, 8)
        if f"{f}{r}-{f}{r + 1}" not in legal
    )
    response = client.post(f"/api/play/{green}/actions", json={"action": illegal})
    assert response.status_code == 422
    assert response.json() == {"error": f"{illegal!r} is not a legal action of green now"}


@pytest.mark.parametrize(
    ("request_body", "status"),
    [
        ({"game": "chess", "seats": {}}, 404),
        ({"game": 7, "seats": {}}, 404),
        ({"game": "sabotage", "variant": "XX", "seats": HUMANS}, 400),
        ({"game": "sabotage", "options": {"nonsense": 1}, "seats": HUMANS}, 400),
        ({"game": "sabotage", "options": [1], "seats": HUMANS}, 400),
        ({"game": "sabotage", "seats": {"green": "human"}}, 400),
        ({"game": "sabotage", "seats": {"green": "human", "red": "genius"}}, 400),
        ({"game": "sabotage", "seats": {"green": "human", "red": 5}}, 400),
    ],
)
def test_a_bad_game_request_is_refused(
    client: TestClient, request_body: dict[str, Any], status: int
) -> None:
    response = client.post("/api/games", json=request_body)
    assert response.status_code == status
    assert response.json()["error"]


def test_a_replay_is_not_given_before_the_end(client: TestClient, table: dict[str, Any]) -> None:
    """The replay holds the chance key and every secret: nobody gets it while it is played."""
    for token in (seat_token(table, "green"), table["spectators"]["token"]):
        assert client.get(f"/api/play/{token}/replay").status_code == 409


def test_a_bad_replay_upload_is_refused(client: TestClient) -> None:
    assert client.post("/api/replays", content=b"nonsense").status_code == 400
    game = wargames.load("sabotage", "SM")
    state = game.start(1)
    from wargames.core.serialize import dumps

    assert client.post("/api/replays", content=dumps(game, state)).status_code == 400


GAMES = {name: wargames.load(name, **games()[name].demo_options) for name in wargames.available()}


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=6)
@given(data=st.data())
def test_what_a_seat_receives_follows_from_its_view_alone(name: str, data: Any) -> None:
    """The JSON a seat (or a spectator) receives never holds the chance key, and is the same
    for any other state that seat cannot tell apart (its secrets drawn anew): so it holds no
    opponent's hidden value."""
    game: Game[Any, Any] = GAMES[name]
    playout = data.draw(playouts(game, max_steps=30))
    state = playout.final
    seat = data.draw(st.sampled_from([*game.players, None]))
    replay = Replay.record(game, playout.seed, playout.actions)
    seats = dict.fromkeys(game.players, HUMAN)
    match = Match("m", game, replay, seats, 0, Store(":memory:"))
    seen = payload(match, seat)
    text = json.dumps(seen)
    assert state.rng.key.hex() not in text
    viewer = seat if seat is not None else game.players[0]
    # A state the viewer cannot tell from this one (a spectator knows less than any seat).
    other = game.sample_state(state, viewer, random.Random(data.draw(st.integers(0, 9))))
    match.states[-1] = other
    assert json.loads(json.dumps(payload(match, seat))) == json.loads(text)


def test_a_post_whose_client_hangs_up_is_refused_and_changes_nothing(
    client: TestClient, table: dict[str, Any]
) -> None:
    """A client gone before its body arrived gets a refusal (no traceback), and no move."""
    green = seat_token(table, "green")
    before = snapshot(client, green)
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(dict(message))

    async def post() -> None:
        await client.app(scope, receive, send)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": f"/api/play/{green}/actions",
        "raw_path": f"/api/play/{green}/actions".encode(),
        "query_string": b"",
        "headers": [(b"content-type", b"application/json")],
        "server": ("testserver", 80),
        "client": ("testclient", 1),
        "root_path": "",
    }
    asyncio.run(post())
    assert sent[0]["status"] == 400
    assert json.loads(sent[1]["body"]) == {"error": "the request ended before its body"}
    assert snapshot(client, green) == before
