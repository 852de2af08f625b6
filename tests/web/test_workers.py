"""Several workers on one PostgreSQL database: two apps in-process, each with its own games
in memory and its own connections, as two processes of ``wargames serve --workers 2`` hold
them. A move posted to one is seen and followed on the other, racing posts store one move,
and a bot's turn is played once (a stream on one worker hearing of moves made on the other:
tests/web/test_events.py)."""

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import Workers, new_game, play_first, postgres_schema, seat_token
from wargames.core.replay import Replay
from wargames.core.serialize import loads
from wargames.web.store import Store

HUMANS = {"green": "human", "red": "human"}
RACERS = 6


@pytest.fixture
def where(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh PostgreSQL schema."""
    yield from postgres_schema(request)


@pytest.fixture
def workers(where: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two workers on it, addressed one by one."""
    with Workers(where) as both:
        yield both, both.other


def race(attempts: list[Callable[[], Any]]) -> list[Any]:
    """Run ``attempts`` at once; their results."""
    start = threading.Barrier(len(attempts))

    def one(attempt: Callable[[], Any]) -> Any:
        start.wait()
        return attempt()

    with ThreadPoolExecutor(len(attempts)) as pool:
        return list(pool.map(one, attempts))


def stored(where: str, game_id: str) -> tuple[Any, ...]:
    """The game's stored actions, checked to replay legally from its stored start."""
    store = Store(where)
    try:
        kept = store.load(game_id)
    finally:
        store.close()
    header: Replay = loads(kept.header)
    game = header.load_game()
    actions = tuple(loads(text, game) for text in kept.actions)
    Replay.record(game, header.seed, actions, header.setup).final_state(game)
    return actions


def test_a_move_posted_to_one_worker_is_seen_and_followed_on_the_other(
    workers: tuple[TestClient, TestClient],
) -> None:
    a, b = workers
    answer = new_game(a, "sabotage", HUMANS, variant="SM")
    green = seat_token(answer, "green")
    assert b.get(f"/api/play/{green}").json()["moves"] == 0  # b holds the game now
    play_first(a, green)
    assert b.get(f"/api/play/{green}").json()["moves"] == 1
    assert play_first(b, green)["to_act"] == ["red"]  # b plays on from a's move
    assert a.get(f"/api/play/{green}").json() == b.get(f"/api/play/{green}").json()


def test_racing_posts_to_two_workers_store_one_move(
    where: str, workers: tuple[TestClient, TestClient]
) -> None:
    a, b = workers
    answer = new_game(a, "sabotage", HUMANS, variant="SM")
    green = seat_token(answer, "green")
    play_first(b, green)  # green's first move; its second ends its turn: one racer's can
    texts = [action["text"] for action in a.get(f"/api/play/{green}").json()["actions"]]
    assert len(texts) >= RACERS
    results = race(
        [
            partial((a, b)[i % 2].post, f"/api/play/{green}/actions", json={"action": texts[i]})
            for i in range(RACERS)
        ]
    )
    statuses = [r.status_code for r in results]
    assert statuses.count(200) == 1, statuses
    assert set(statuses) == {200, 409}
    won = texts[statuses.index(200)]
    actions = stored(where, answer["id"])
    assert [str(action) for action in actions][1:] == [won]
    assert a.get(f"/api/play/{green}").json() == b.get(f"/api/play/{green}").json()


def test_simultaneous_orders_posted_to_two_workers_are_both_stored(
    where: str, workers: tuple[TestClient, TestClient]
) -> None:
    a, b = workers
    answer = new_game(a, "saw", {"blue": "human", "red": "human"})
    blue, red = seat_token(answer, "blue"), seat_token(answer, "red")
    workers_seats = [(a, blue), (b, red)]  # each worker holds the game as it was
    orders = [w.get(f"/api/play/{seat}").json()["actions"][0]["text"] for w, seat in workers_seats]
    results = race(
        [
            lambda: a.post(f"/api/play/{blue}/actions", json={"action": orders[0]}),
            lambda: b.post(f"/api/play/{red}/actions", json={"action": orders[1]}),
        ]
    )
    assert [r.status_code for r in results] == [200, 200]
    assert sorted(str(action) for action in stored(where, answer["id"])) == sorted(orders)


def test_a_bot_game_on_two_workers_has_each_bot_move_played_once(
    where: str, workers: tuple[TestClient, TestClient]
) -> None:
    """Each worker that sees the bot to act starts its bots (a view does, after a restart),
    so both race for every bot move: each is stored once, and the game goes on."""
    a, b = workers
    answer = new_game(a, "sabotage", {"green": "human", "red": "random"}, variant="SM")
    green = seat_token(answer, "green")
    turns = 3
    for turn in range(turns):
        mover, watcher = (a, b) if turn % 2 else (b, a)
        play_first(mover, green)
        views = race(
            [
                partial(play_first, mover, green),
                partial(watcher.get, f"/api/play/{green}"),
            ]
        )
        assert views[0]["error"] is views[1].json()["error"] is None
    for worker in (a, b):
        view = worker.get(f"/api/play/{green}").json()
        assert (view["moves"], view["to_act"], view["error"]) == (4 * turns, ["green"], None)
    players = [action.player for action in stored(where, answer["id"])]
    assert players == ["green", "green", "red", "red"] * turns
