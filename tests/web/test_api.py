"""The web API in-process: making games, playing them, odds, bots, steps and replays; on a
SQLite file, and as two workers sharing a PostgreSQL database (each request going to the
other worker)."""

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

import wargames
from tests.web.conftest import SETUPS, new_game, play_first, seat_token, set_up
from wargames.cli import app
from wargames.core.replay import Replay
from wargames.core.serialize import loads

HUMANS = {"green": "human", "red": "human"}


@pytest.fixture(params=SETUPS)
def client(request: pytest.FixtureRequest, db: Path) -> Iterator[TestClient]:
    yield from set_up(request, db)


def test_the_catalogue_names_every_game_and_the_bots(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    assert [g["name"] for g in catalog["games"]] == wargames.available()
    assert catalog["bots"] == ["human", "easy", "normal", "hard", "random", "greedy", "mcts"]
    assert catalog["levels"] == {"easy": "greedy", "normal": "mcts", "hard": "mcts:800"}
    sabotage = next(g for g in catalog["games"] if g["name"] == "sabotage")
    assert "SM" in sabotage["variants"]
    assert sabotage["players"] == ["green", "red"]


def test_a_game_answers_one_secret_link_per_human_seat_and_one_for_spectators(
    client: TestClient,
) -> None:
    answer = new_game(client, "sabotage", {"green": "human", "red": "random"}, variant="SM")
    assert list(answer["seats"]) == ["green"]
    tokens = [answer["seats"]["green"]["token"], answer["spectators"]["token"]]
    assert len(set(tokens)) == 2
    assert all(len(token) >= 32 for token in tokens)
    assert answer["seats"]["green"]["url"] == f"/play/{tokens[0]}"


def test_a_seat_plays_its_legal_actions_with_the_board_nodes_they_name(client: TestClient) -> None:
    answer = new_game(client, "sabotage", HUMANS, variant="SM")
    green, red = seat_token(answer, "green"), seat_token(answer, "red")
    view = client.get(f"/api/play/{green}").json()
    assert view["seat"] == "green"
    assert view["to_act"] == ["green"]
    assert view["board"].startswith("<svg")
    moves = [a for a in view["actions"] if "-" in a["text"]]
    assert moves
    assert all(a["nodes"] == a["text"].split("-") for a in moves)
    assert client.get(f"/api/play/{red}").json()["actions"] == []
    for _ in range(2):  # two moves a turn in Mini Sabotage
        play_first(client, green)
    after = client.get(f"/api/play/{red}").json()
    assert after["moves"] == 2
    assert after["to_act"] == ["red"]
    assert after["actions"]


def test_bots_move_on_the_server(client: TestClient) -> None:
    answer = new_game(client, "sabotage", {"green": "human", "red": "random"}, variant="SM")
    green = seat_token(answer, "green")
    for _ in range(2):
        play_first(client, green)
    view = client.get(f"/api/play/{green}").json()
    assert view["moves"] == 4  # red's two moves were made by the bot
    assert view["to_act"] == ["green"]


def test_the_odds_of_an_action_show_before_it_is_made(client: TestClient) -> None:
    answer = new_game(client, "gridscifi", {"blue": "human", "red": "human"})
    blue = seat_token(answer, "blue")
    before = client.get(f"/api/play/{blue}").json()
    odds = client.post(f"/api/play/{blue}/odds", json={"action": "activate #0"}).json()["odds"]
    assert sum(row["percent"] for row in odds) == 100
    assert client.get(f"/api/play/{blue}").json()["moves"] == before["moves"] == 0
    for row in odds:  # the activation dice as (odd, even), and in words
        odd, even = map(int, row["outcome"].strip("()").split(", "))
        assert re.fullmatch(r"(\d odd dic?e)?( and )?(\d even dic?e)?", row["words"]), row
        assert (f"{odd} odd" in row["words"]) == bool(odd), row
        assert (f"{even} even" in row["words"]) == bool(even), row


def test_each_result_of_the_odds_is_in_the_games_words(client: TestClient) -> None:
    answer = new_game(client, "saw", {"blue": "human", "red": "human"})
    blue = seat_token(answer, "blue")
    told = client.post(f"/api/play/{blue}/odds", json={"action": "b1 attack r1"}).json()
    assert told["label"] == "Plot b1's attack on r1"
    assert told["words"].endswith(" hit points on average")
    words = {int(row["outcome"]): row["words"] for row in told["odds"]}
    assert words[0] == "no damage"
    assert words[1] == "1 hit point"
    assert all(words[n] == f"{n} hit points" for n in words if n > 1)
    hurt = sum(row["percent"] for row in told["odds"] if row["outcome"] != "0")
    assert told["words"].startswith(f"{round(hurt)}% to do damage")


def test_simultaneous_orders_are_collected_from_each_seat_secretly(client: TestClient) -> None:
    answer = new_game(client, "saw", {"blue": "human", "red": "human"})
    blue, red = seat_token(answer, "blue"), seat_token(answer, "red")
    seen = client.get(f"/api/play/{blue}").json()
    assert seen["to_act"] == ["blue", "red"]
    order = client.get(f"/api/play/{red}").json()["actions"][0]["text"]
    assert client.post(f"/api/play/{red}/actions", json={"action": order}).status_code == 200
    after = client.get(f"/api/play/{blue}").json()
    assert (after["moves"], after["version"]) == (seen["moves"], seen["version"]), (
        "blue cannot count red's secret orders: steps go by what blue saw change"
    )
    assert client.get(f"/api/play/{red}").json()["moves"] == 1, "red saw its own order"
    assert client.get(f"/api/play/{blue}/steps/1").status_code == 404
    assert (after["text"], after["board"], after["log"]) == (
        seen["text"],
        seen["board"],
        seen["log"],
    )
    assert after["actions"] == seen["actions"]


def test_every_step_of_a_game_can_be_looked_at(client: TestClient) -> None:
    answer = new_game(client, "sabotage", HUMANS, variant="SM")
    green, spectators = seat_token(answer, "green"), answer["spectators"]["token"]
    play_first(client, green)
    start = client.get(f"/api/play/{spectators}/steps/0").json()
    assert (start["step"], start["moves"], start["actions"]) == (0, 1, [])
    assert client.get(f"/api/play/{spectators}/steps/1").json()["step"] == 1
    assert client.get(f"/api/play/{spectators}/steps/2").status_code == 404


def test_a_finished_game_downloads_as_a_replay_the_command_line_opens(
    client: TestClient, tmp_path: Path
) -> None:
    answer = new_game(client, "sabotage", {"green": "random", "red": "random"}, variant="SM")
    spectators = answer["spectators"]["token"]
    view = client.get(f"/api/play/{spectators}").json()
    assert view["outcome"] is not None
    download = client.get(f"/api/play/{spectators}/replay")
    assert download.status_code == 200
    assert "attachment" in download.headers["content-disposition"]
    replay = loads(download.text)
    assert isinstance(replay, Replay)
    assert len(replay.actions) == view["moves"]
    path = tmp_path / "game.json"
    path.write_text(download.text)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert view["outcome"]["text"] in result.output


def test_an_uploaded_replay_is_stepped_through_as_spectators_see_it(client: TestClient) -> None:
    finished = new_game(client, "sabotage", {"green": "random", "red": "random"}, variant="SM")
    text = client.get(f"/api/play/{finished['spectators']['token']}/replay").text
    answer = client.post("/api/replays", content=text)
    assert answer.status_code == 201
    token = answer.json()["spectators"]["token"]
    moves = len(json.loads(text)["data"]["actions"])
    last = client.get(f"/api/play/{token}/steps/{moves}").json()
    assert last["outcome"] is not None
    assert last["seat"] is None
    assert client.get(f"/api/play/{token}/steps/0").json()["outcome"] is None


def test_the_pages_are_served(client: TestClient) -> None:
    assert "New game" in client.get("/").text
    assert "/static/play.js" in client.get("/play/anything").text
    assert client.get("/static/play.js").status_code == 200


def test_the_log_reads_as_sentences_from_the_seats_side(client: TestClient) -> None:
    answer = new_game(client, "sabotage", HUMANS, variant="SM")
    green = seat_token(answer, "green")
    view = client.get(f"/api/play/{green}").json()
    move = next(a for a in view["actions"] if len(a["nodes"]) == 2)
    client.post(f"/api/play/{green}/actions", json={"action": move["text"]})
    log = client.get(f"/api/play/{green}").json()["log"]
    origin, target = move["nodes"]
    assert log[-1].startswith("Your ")
    assert log[-1].endswith(f" moves from {origin} to {target}.")
    assert not any("(player=" in line or "Square(" in line for line in log)


def test_the_log_says_how_many_events_it_holds_to_number_them_whole(client: TestClient) -> None:
    answer = new_game(client, "sabotage", HUMANS, variant="SM")
    green = seat_token(answer, "green")
    before = client.get(f"/api/play/{green}").json()
    move = next(a for a in before["actions"] if len(a["nodes"]) == 2)
    assert move["label"] != move["text"]
    assert move["label"].startswith("Move your ")
    client.post(f"/api/play/{green}/actions", json={"action": move["text"]})
    after = client.get(f"/api/play/{green}").json()
    assert after["log_total"] == before["log_total"] + 1
    assert after["log_total"] >= len(after["log"])
