"""The bot ladder (benchmarks/ladder.py): its pairings, its ratings and a tiny round robin."""

from __future__ import annotations

import attrs
import pytest
from benchmarks.ladder import (
    Played,
    main,
    name_value,
    pairings,
    play_pairing,
    ratings,
    scores,
    seeds,
    table,
)

from wargames import UnknownOption
from wargames.simulate import wilson


def test_each_seed_is_played_from_both_seats() -> None:
    tasks = pairings("sabotage", ["random", "greedy", "mcts:50"], 4, seed=7)
    assert len(tasks) == 3 * 4
    first = [t for t in tasks if t.pair == ("random", "greedy")]
    assert [(t.seats, t.seed) for t in first] == [
        (("random", "greedy"), 7),
        (("greedy", "random"), 7),
        (("random", "greedy"), 8),
        (("greedy", "random"), 8),
    ]


def test_ratings_follow_the_results() -> None:
    even = ratings({("random", "greedy"): (5, 0, 5)})
    assert even == pytest.approx({"random": 0.0, "greedy": 0.0}, abs=1e-6)
    chain = ratings({("random", "greedy"): (1, 0, 9), ("greedy", "mcts"): (2, 2, 6)})
    assert chain["random"] == 0.0
    assert 0 < chain["greedy"] < chain["mcts"]
    # A clean sweep gets a finite rating (the virtual draw), higher than a near sweep.
    sweep = ratings({("random", "greedy"): (0, 0, 10)})
    near = ratings({("random", "greedy"): (1, 0, 9)})
    assert near["greedy"] < sweep["greedy"] < float("inf")
    # With the virtual draw, 10 wins to none are odds of 10.5 to 0.5: 400 log10(21) points.
    assert ratings({("a", "b"): (0, 0, 10)}, anchor="a")["b"] == pytest.approx(528.89, abs=0.01)


def test_a_tiny_round_robin_prints_its_table() -> None:
    printed: list[str] = []
    finished: list[str] = []
    tables = main(
        [
            "--games",
            "sabotage",
            "--bots",
            "random,greedy:1",
            "-n",
            "2",
            "--jobs",
            "1",
            "--max-actions",
            "40",
            "--setup",
            "deploy=true",
        ],
        out=printed.append,
        log=finished.append,
    )
    assert len(finished) == 2  # a line for each game as it finishes
    assert all(f.startswith("sabotage seed 0: ") and " won (" in f for f in finished)
    text = tables["sabotage"]
    assert text in printed
    assert "| random vs greedy:1 |" in text
    rows = [line for line in text.splitlines() if line.startswith(("| random |", "| greedy:1 |"))]
    assert len(rows) == 2
    (pairing,) = [line for line in text.splitlines() if line.startswith("| random vs greedy:1 |")]
    both_ways = pairing.rstrip(" |").rsplit("| ", 1)[1]
    assert sum(map(int, both_ways.split("-"))) == 1  # the one seed, played from both seats


def test_seeds_tell_a_sweep_from_a_split() -> None:
    """A seed counts as won both ways only if the bot won it from both seats; a win and a
    loss, or a win and a draw, is a split; a seed played from one seat is not counted."""
    tasks = {(t.seed, t.swapped): t for t in pairings("saw", ["a", "b"], 10, seed=1)}
    won = {  # (seed, swapped): the winners
        (1, False): ("a",),
        (1, True): ("a",),  # a won both ways
        (2, False): ("a",),
        (2, True): ("b",),  # the first seat won both games
        (3, False): ("b",),
        (3, True): ("b",),  # b won both ways
        (4, False): ("a",),
        (4, True): (),  # a win and a draw
        (5, False): ("a",),  # one seat only
    }
    results = [Played(tasks[key], winners, "", {}, {}) for key, winners in won.items()]
    assert seeds(results) == {("a", "b"): (1, 2, 1)}
    assert scores(results) == {("a", "b"): (5, 1, 3)}  # every game, the one-seat seed's too


def test_the_table_counts_a_draw_as_half_a_win_in_the_interval() -> None:
    """One win and one draw of two is a score of 1.5: the interval is Wilson's of 1.5 of 2,
    not of a rounded 2."""
    first, second = pairings("saw", ["a", "b"], 2, seed=1)
    results = [Played(first, ("a",), "", {}, {}), Played(second, (), "", {}, {})]
    printed = "[{:.0%}, {:.0%}]".format
    interval, rounded = printed(*wilson(1.5, 2)), printed(*wilson(2, 2))
    assert interval != rounded  # the table's text tells the two apart
    assert f"| a vs b | 1-1-0 | 75% | {interval} | 0-1-0 |" in table("saw", results)


def test_options_go_over_the_games_own() -> None:
    tasks = pairings("sabatu", ["random", "greedy"], 2, options={"turn_limit": 3})
    assert all(t.options == {"players": 2, "turn_limit": 3} for t in tasks)


def test_set_up_keywords_reach_every_games_start() -> None:
    """Sabotage's players set up their armies unless ``--setup deploy=true`` asks for the
    random deal: the keywords go to ``game.start`` of every game (one it does not know is
    refused there)."""
    assert name_value("deploy=false") == ("deploy", False)
    assert all(t.setup == {"deploy": False} for t in pairings("sabotage", ["random"] * 2, 2))
    dealt = pairings("sabotage", ["random", "greedy"], 2, setup={"deploy": True})
    assert all(t.setup == {"deploy": True} for t in dealt)
    assert all(t.setup == {} for t in pairings("saw", ["random", "greedy"], 2))
    tasks = pairings("sabotage", ["random", "greedy"], 2)
    played = play_pairing(attrs.evolve(tasks[0], max_actions=30))
    assert played.length == 30
    assert played.reason == "stopped after 30 actions"
    with pytest.raises(UnknownOption, match="castle"):
        play_pairing(attrs.evolve(tasks[0], setup={"castle": True}))
