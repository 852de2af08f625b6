"""The lobby: listed games with their free seats (joining takes a seat's link), the rematch of
a finished game, and its replay stepped through on the server."""

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from starlette.testclient import TestClient

from tests.web.conftest import new_game, play_first, seat_token
from wargames.web.store import Store

HUMANS = {"green": "human", "red": "human"}


def listed(client: TestClient) -> dict[str, list[str]]:
    """The lobby's games: id -> free seats."""
    return {g["id"]: g["free"] for g in client.get("/api/lobby").json()["games"]}


def test_a_listed_game_shows_its_free_human_seats_and_hands_out_no_seat_link(
    client: TestClient,
) -> None:
    answer = new_game(client, "saw", {"blue": "random", "red": "human"}, listed=True)
    unlisted = new_game(client, "saw", {"blue": "human", "red": "human"})
    assert answer["seats"] == {}
    games = listed(client)
    assert games[answer["id"]] == ["red"]
    assert unlisted["id"] not in games
    row = next(g for g in client.get("/api/lobby").json()["games"] if g["id"] == answer["id"])
    assert (row["game"], row["seats"]) == ("saw", {"blue": "random", "red": "human"})


def test_joining_takes_a_free_seat_once(client: TestClient) -> None:
    answer = new_game(client, "sabotage", HUMANS, variant="SM", listed=True)
    joined = client.post(f"/api/games/{answer['id']}/seats/green")
    assert joined.status_code == 201
    green = joined.json()["token"]
    assert joined.json()["url"] == f"/play/{green}"
    assert client.get(f"/api/play/{green}").json()["seat"] == "green"
    assert listed(client)[answer["id"]] == ["red"]
    again = client.post(f"/api/games/{answer['id']}/seats/green")
    assert again.status_code == 409
    assert again.json()["error"] == "that seat is not free"
    play_first(client, green)  # the link plays the seat
    red = client.post(f"/api/games/{answer['id']}/seats/red").json()["token"]
    assert client.get(f"/api/play/{red}").json()["seat"] == "red"
    assert answer["id"] not in listed(client)


def test_a_seat_that_is_a_bots_or_no_seat_or_of_no_game_is_not_free(client: TestClient) -> None:
    answer = new_game(client, "saw", {"blue": "random", "red": "human"}, listed=True)
    for path in (f"{answer['id']}/seats/blue", f"{answer['id']}/seats/white", "nope/seats/red"):
        response = client.post(f"/api/games/{path}")
        assert response.status_code == 409
        assert response.json()["error"]


def test_many_asking_for_one_seat_at_once_get_it_once(client: TestClient) -> None:
    answer = new_game(client, "sabotage", HUMANS, variant="SM", listed=True)
    path = f"/api/games/{answer['id']}/seats/red"
    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(lambda _: client.post(path).status_code, range(16)))
    assert sorted(codes) == [201] + [409] * 15


def finished(client: TestClient) -> dict[str, Any]:
    """A Mini Sabotage game of a human seat against a bot, played to the end through the
    human's link (legal actions drawn at random: always the first can go back and forth):
    its links."""
    answer = new_game(client, "sabotage", {"green": "human", "red": "random"}, variant="SM")
    green = seat_token(answer, "green")
    rng = random.Random(0)
    for _ in range(2000):
        view = client.get(f"/api/play/{green}").json()
        if view["outcome"] is not None:
            return answer
        action = rng.choice(view["actions"])["text"]
        assert client.post(f"/api/play/{green}/actions", json={"action": action}).is_success
    raise AssertionError("the game did not end in 2000 moves")


def test_a_rematch_is_offered_only_at_the_end(client: TestClient) -> None:
    answer = new_game(client, "sabotage", HUMANS, variant="SM")
    response = client.post(f"/api/play/{seat_token(answer, 'green')}/rematch")
    assert response.status_code == 409


def test_every_link_of_a_finished_game_leads_to_its_own_seat_in_one_rematch(
    client: TestClient,
) -> None:
    answer = finished(client)
    green, spectators = seat_token(answer, "green"), answer["spectators"]["token"]
    first = client.post(f"/api/play/{green}/rematch")
    assert first.status_code == 201
    again = client.post(f"/api/play/{green}/rematch").json()
    watching = client.post(f"/api/play/{spectators}/rematch").json()
    assert first.json()["id"] == again["id"] == watching["id"] != answer["id"]
    view = client.get(f"/api/play/{first.json()['token']}").json()
    assert (view["seat"], view["moves"], view["outcome"]) == ("green", 0, None)
    assert view["seats"] == {"green": "human", "red": "random"}
    assert client.get(f"/api/play/{again['token']}").json()["seat"] == "green"
    assert client.get(f"/api/play/{watching['token']}").json()["seat"] is None
    play_first(client, first.json()["token"])
    play_first(client, first.json()["token"])
    assert client.get(f"/api/play/{again['token']}").json()["moves"] == 4  # the bot plays on


def test_a_recorded_game_has_no_rematch(client: TestClient) -> None:
    answer = new_game(client, "sabotage", {"green": "random", "red": "random"}, variant="SM")
    text = client.get(f"/api/play/{answer['spectators']['token']}/replay").text
    uploaded = client.post("/api/replays", content=text).json()["spectators"]["token"]
    assert client.post(f"/api/play/{uploaded}/rematch").status_code == 409


def test_the_replay_of_a_finished_game_steps_through_every_action_with_every_secret(
    client: TestClient,
) -> None:
    answer = finished(client)
    green = seat_token(answer, "green")
    moves = len(client.get(f"/api/play/{green}/replay").json()["data"]["actions"])
    start = client.get(f"/api/play/{green}/replay/0").json()
    assert (start["step"], start["moves"], start["action"]) == (0, moves, None)
    assert 'class="token hidden"' not in start["board"]  # red's pieces shown face up
    assert 'class="token hidden"' in client.get(f"/api/play/{green}/steps/0").json()["board"]
    one = client.get(f"/api/play/{green}/replay/1").json()
    assert isinstance(one["action"], str)
    assert one["board"] != start["board"]
    assert client.get(f"/api/play/{green}/replay/{moves}").json()["to_act"] == []
    assert client.get(f"/api/play/{green}/replay/{moves + 1}").status_code == 404
    assert client.get(f"/api/play/{green}/replay/x").status_code == 400


def test_the_replay_is_not_shown_before_the_end(client: TestClient) -> None:
    answer = new_game(client, "sabotage", HUMANS, variant="SM")
    assert client.get(f"/api/play/{seat_token(answer, 'green')}/replay/0").status_code == 409


def test_the_lobby_and_rematches_survive_a_restart(tmp_path: Any) -> None:
    db = tmp_path / "games.sqlite3"
    store = Store(db)
    store.add_game("g", "{}", {"a": "human"}, 0, {}, ("a",))
    store.add_game("h", "{}", {"a": "human"}, 0, {})
    assert store.rematch("g", "h") == "h"
    store.close()
    again = Store(db)
    assert again.open_games(10) == [("g", ["a"])]
    assert again.rematch("g", "other") == "h"
    assert again.rematch_of("g") == "h"
    assert again.rematch_of("h") is None
