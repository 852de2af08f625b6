"""Nothing lost: games survive a restart of the app on the same database (a SQLite file or
a PostgreSQL server)."""

from pathlib import Path

from starlette.testclient import TestClient

from tests.web.conftest import new_game, play_first, seat_token
from wargames.web import create_app
from wargames.web.store import Store


def test_a_game_survives_a_restart_and_goes_on(where: str) -> None:
    with TestClient(create_app(where)) as first:
        answer = new_game(first, "sabotage", {"green": "human", "red": "random"}, variant="SM")
        green = seat_token(answer, "green")
        for _ in range(2):
            play_first(first, green)
        before = first.get(f"/api/play/{green}").json()
        watched = first.get(f"/api/play/{answer['spectators']['token']}").json()
    assert before["moves"] == 4
    with TestClient(create_app(where)) as second:
        after = second.get(f"/api/play/{green}").json()
        for key in ("moves", "board", "text", "log", "actions", "to_act"):
            assert after[key] == before[key]
        assert (
            second.get(f"/api/play/{answer['spectators']['token']}").json()["board"]
            == (watched["board"])
        )
        for _ in range(2):
            play_first(second, green)
        assert second.get(f"/api/play/{green}").json()["moves"] == 8  # the bot plays on
    assert len(Store(where).load(answer["id"]).actions) == 8


def test_links_are_stored_only_as_digests(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        answer = new_game(client, "saw", {"blue": "human", "red": "human"})
    contents = b"".join(path.read_bytes() for path in db.parent.glob(db.name + "*"))  # any WAL
    assert seat_token(answer, "blue").encode() not in contents
    assert answer["spectators"]["token"].encode() not in contents
