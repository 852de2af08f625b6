"""The lobby offers each game's set-up ("deal the armies at random" or "set up your own
army"): passed to ``create``, stored with the match (its replay's set-up), restored when the
server reloads the match, shown to the players; a set-up phase is played through the API with
each seat seeing none of the other side's placed pieces' kinds."""

import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from starlette.testclient import TestClient

from tests.web.conftest import new_game, play_first, seat_token
from wargames import load
from wargames.core.options import offered
from wargames.core.registry import games
from wargames.core.serialize import loads
from wargames.web import create_app
from wargames.web.store import Store

SEATS = {"green": "human", "red": "human"}
OWN_ARMY = {"variant": "SM", "setup": {"deploy": False}}
"""Mini Sabotage with the players' set-up."""
GREEN_SQUARES = 24
"""The squares of green's zone in Mini Sabotage: one set-up decision each."""
KINDS = ("Headquarters", "Landmine", "General", "Recon", "Saboteur")
"""Words naming a Sabotage piece's kind."""


def test_the_catalog_offers_each_game_s_set_up(client: TestClient) -> None:
    catalog = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    for name in ("sabotage", "gridscifi"):
        (deploy,) = catalog[name]["setup"]
        assert deploy["name"] == "deploy"
        assert deploy["default"] is True
        assert deploy["about"].startswith("deal the armies at random (true)")
        assert deploy["values"] == [
            {"value": True, "words": "deal the armies at random"},
            {"value": False, "words": "set up your own army"},
        ]
    assert catalog["sabatu"]["setup"] == []
    assert [v["words"] for v in catalog["saw"]["setup"][0]["values"]] == [
        "the armies' ready designs (the others drawn at random)",
        "every design drawn at random",
        "design your own units",
    ]
    assert catalog["saw"]["setup"][1]["values"] == []  # hexes: given as JSON through the API


def test_a_game_with_the_players_set_up_is_played_from_its_set_up(client: TestClient) -> None:
    answer = new_game(client, "sabotage", SEATS, **OWN_ARMY)
    green = seat_token(answer, "green")
    view = client.get(f"/api/play/{green}").json()
    assert view["setup"] == {"deploy": False}
    assert view["setup_words"] == "set up your own army"
    assert "Turn 0, set-up: Green to act" in view["text"]
    first = view["actions"][0]
    assert first == {"text": "a1=H", "label": "Set up your Headquarters at a1", "odds": "",
                     "nodes": ["a1"]}  # fmt: skip
    after = play_first(client, green)
    assert after["moves"] == 1
    assert after["actions"][0]["label"] == "Set up your Atomic Landmine at b1"
    spectators = client.get(f"/api/play/{answer['spectators']['token']}").json()
    assert spectators["setup_words"] == "set up your own army"
    dealt = new_game(client, "sabotage", SEATS, variant="SM")
    view = client.get(f"/api/play/{seat_token(dealt, 'green')}").json()
    assert view["setup"] == {}
    assert view["setup_words"] == ""
    assert "set-up" not in view["text"]


def _greens_as_red_sees_them(view: dict[str, Any]) -> list[str]:
    """Green's pieces on red's board text (``g?`` unless red knows the kind)."""
    board = view["text"].split("  a  b")[0]
    return re.findall(r"(?<!\S)g(\S)(?!\S)", board)


@pytest.mark.parametrize("seat_of_red", ["human", "random"])
def test_no_seat_sees_the_other_side_s_placed_kinds(client: TestClient, seat_of_red: str) -> None:
    answer = new_game(client, "sabotage", {"green": "human", "red": seat_of_red}, **OWN_ARMY)
    green = seat_token(answer, "green")
    watchers = [answer["spectators"]["token"]]
    if seat_of_red == "human":
        watchers.append(seat_token(answer, "red"))
    for placed in range(GREEN_SQUARES):
        play_first(client, green)
        for token in watchers:
            view = client.get(f"/api/play/{token}").json()
            greens = _greens_as_red_sees_them(view)
            assert set(greens) <= {"?"}, (placed, greens)
            for line in view["log"]:
                assert not any(kind in line for kind in KINDS), line
    red_view = client.get(f"/api/play/{watchers[-1]}").json()
    assert len(_greens_as_red_sees_them(red_view)) == 20  # green's whole army stands there


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"teleport": True}, "has no set-up option teleport"),
        ({"deploy": "no"}, "option deploy='no' is not allowed: expected true or false"),
        ({"deploy": 1}, "option deploy=1 is not allowed: expected true or false"),
        ({"design": "manual"}, "has no set-up option design"),  # SAW's keyword
        ([["deploy", False]], "setup must be a JSON object"),
    ],
)
def test_a_bad_set_up_is_refused_and_nothing_is_made(
    client: TestClient, db: Path, setup: Any, message: str
) -> None:
    request = {"game": "sabotage", "variant": "SM", "seats": SEATS, "setup": setup}
    response = client.post("/api/games", json={**request, "listed": True})
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert client.get("/api/lobby").json()["games"] == []
    assert client.app.state.lobby._matches == {}  # type: ignore[attr-defined]


def test_a_rematch_keeps_the_set_up(client: TestClient) -> None:
    bots = {"green": "random", "red": "random"}
    answer = new_game(client, "sabotage", bots, **OWN_ARMY, options={"quiet_turn_limit": 2})
    watching = answer["spectators"]["token"]
    assert client.get(f"/api/play/{watching}").json()["outcome"] is not None  # the bots finished
    again = client.post(f"/api/play/{watching}/rematch").json()
    view = client.get(f"/api/play/{again['token']}").json()
    assert view["setup"] == {"deploy": False}
    assert view["moves"] > 0  # the bots are setting up again


def test_the_set_up_survives_a_restart(where: str) -> None:
    with TestClient(create_app(where)) as first:
        answer = new_game(
            first, "gridscifi", {"blue": "human", "red": "random"}, setup={"deploy": False}
        )
        blue = seat_token(answer, "blue")
        before = play_first(first, blue)
    header = loads(Store(where).load(answer["id"]).header)
    assert header.setup == {"deploy": False}
    with TestClient(create_app(where)) as second:
        after = second.get(f"/api/play/{blue}").json()
        for key in ("setup", "setup_words", "moves", "text", "actions"):
            assert after[key] == before[key]
        assert after["text"].count("to set up") > 0  # still in the set-up phase
        match = second.app.state.lobby.find(blue)[0]  # type: ignore[attr-defined]
        assert match.replay().setup == {"deploy": False}


OFFERED = [
    (name, keyword.name, value)
    for name, cls in sorted(games().items())
    for keyword in attrs.fields(cls.Setup)
    for value in offered(keyword)
]
"""Every value the lobby offers, of every game's set-up keywords."""


@pytest.mark.parametrize(("name", "keyword", "value"), OFFERED)
def test_every_set_up_offered_starts_a_game_its_first_seat_plays(
    client: TestClient, name: str, keyword: str, value: Any
) -> None:
    players = load(name).players
    seats = {p: "human" if i == 0 else "random" for i, p in enumerate(players)}
    options = dict(games()[name].demo_options)
    answer = new_game(client, name, seats, options=options, setup={keyword: value})
    view = play_first(client, seat_token(answer, players[0]))
    assert view["setup"] == {keyword: value}
    assert view["moves"] >= 1
