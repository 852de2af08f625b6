"""The store on both databases (a SQLite file, a PostgreSQL server): the same schema and
statements keep games, links, free seats and rematches; a row is written once, however
many connections (as several server processes would hold) race to write it."""

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from wargames.web.store import Clash, Store, Stored

RACERS = 12


def race(stores: list[Store], attempt: Callable[[Store, int], Any]) -> list[Any]:
    """Run ``attempt`` ``RACERS`` times at once, spread over ``stores``; the results, or the
    exceptions raised, in order."""
    start = threading.Barrier(RACERS)

    def one(i: int) -> Any:
        start.wait()
        try:
            return attempt(stores[i % len(stores)], i)
        except Exception as error:  # collected: the caller counts them
            return error

    with ThreadPoolExecutor(RACERS) as pool:
        return list(pool.map(one, range(RACERS)))


def test_a_game_is_stored_and_read_back_after_reopening(where: str) -> None:
    store = Store(where)
    store.add_game("g1", "{header}", {"a": "human", "b": "random"}, 7, {"t1": "a", "t2": None})
    store.add_actions("g1", 0, ["m0", "m1"])
    store.add_actions("g1", 2, ["m2"])
    store.close()
    again = Store(where)  # the schema is made once and kept
    assert again.load("g1") == Stored(
        "{header}", {"a": "human", "b": "random"}, 7, ("m0", "m1", "m2")
    )
    assert again.find("t1") == ("g1", "a")
    assert again.find("t2") == ("g1", None)
    assert again.find("t3") is None
    again.add_link("g1", "b", "t4")
    assert again.find("t4") == ("g1", "b")
    with pytest.raises(KeyError):
        again.load("nope")
    again.close()


def test_a_move_number_is_stored_once_and_a_clashing_batch_not_at_all(where: str) -> None:
    store = Store(where)
    store.add_game("g1", "{}", {"a": "human"}, 0, {})
    store.add_actions("g1", 0, ["m0"])
    store.add_actions("g1", 2, ["m2"])
    with pytest.raises(Clash):
        store.add_actions("g1", 0, ["other"])
    with pytest.raises(Clash):
        store.add_actions("g1", 1, ["m1", "not m2"])  # number 1 is free, number 2 is not
    assert store.load("g1").actions == ("m0", "m2")
    store.add_actions("g1", 1, ["m1"])  # the store works on after a clash
    assert store.load("g1").actions == ("m0", "m1", "m2")


def test_racing_writers_of_one_move_number_store_it_once(where: str) -> None:
    stores = [Store(where), Store(where)]  # two connections, as two workers hold
    stores[0].add_game("g1", "{}", {"a": "human"}, 0, {})
    results = race(stores, lambda store, i: store.add_actions("g1", 0, [f"move {i}"]))
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, Clash) for r in results if r is not None)
    (kept,) = stores[1].load("g1").actions
    assert kept == f"move {results.index(None)}"


def test_a_free_seat_is_taken_once_whoever_races_for_it(where: str) -> None:
    stores = [Store(where), Store(where)]
    stores[0].add_game("g1", "{}", {"a": "human", "b": "human"}, 0, {"s": None}, ("a", "b"))
    assert stores[1].open_games(10) == [("g1", ["a", "b"])]
    results = race(stores, lambda store, i: store.take_seat("g1", "a", f"token {i}"))
    assert results.count(True) == 1
    assert results.count(False) == RACERS - 1
    winner = f"token {results.index(True)}"
    assert stores[0].find(winner) == ("g1", "a")
    assert all(stores[0].find(f"token {i}") is None for i in range(RACERS) if results[i] is False)
    assert stores[1].open_games(10) == [("g1", ["b"])]
    assert stores[1].take_seat("g1", "b", "tb")
    assert stores[0].open_games(10) == []


def test_the_lobby_lists_the_latest_games_first(where: str) -> None:
    store = Store(where)
    for i in range(4):
        store.add_game(f"g{i}", "{}", {"a": "human"}, 0, {}, ("a",))
    assert [game for game, _ in store.open_games(3)] == ["g3", "g2", "g1"]


def test_the_first_rematch_recorded_is_everybodys(where: str) -> None:
    stores = [Store(where), Store(where)]
    for game in ["old", *(f"new{i}" for i in range(RACERS))]:
        stores[0].add_game(game, "{}", {"a": "human"}, 0, {})
    assert stores[0].rematch_of("old") is None
    results = race(stores, lambda store, i: store.rematch("old", f"new{i}"))
    assert len(set(results)) == 1
    assert results[0] in {f"new{i}" for i in range(RACERS)}
    assert stores[1].rematch_of("old") == results[0]


def test_a_worker_reads_the_actions_stored_since_its_last(where: str) -> None:
    stores = [Store(where), Store(where)]
    stores[0].add_game("g1", "{}", {"a": "human"}, 0, {})
    stores[0].add_actions("g1", 0, ["m0", "m1"])
    assert stores[1].actions_from("g1", 0) == ("m0", "m1")
    stores[1].add_actions("g1", 2, ["m2"])
    assert stores[0].actions_from("g1", 2) == ("m2",)
    assert stores[0].actions_from("g1", 3) == ()
