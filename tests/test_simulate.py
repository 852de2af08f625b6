"""Many seeded games: the same results whatever the number of workers, and the command."""

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wargames.bots import GreedyBot, MctsBot, RandomBot
from wargames.bots.specs import make_bot
from wargames.cli import app
from wargames.simulate import Job, simulate, summarize, wilson

JOBS = [Job("sabotage", "SM", {}, ("greedy:2", "random"), seed) for seed in range(6)]


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = simulate(JOBS, workers=1)
    two = simulate(JOBS, workers=2)
    assert one == two
    assert [r.seed for r in one] == list(range(6))
    assert all(r.reason for r in one)


def test_progress_is_reported_for_every_game() -> None:
    seen: list[int] = []
    simulate(JOBS[:3], on_result=lambda result: seen.append(result.seed))
    assert sorted(seen) == [0, 1, 2]


def test_summary_counts_and_wilson_interval() -> None:
    results = simulate(JOBS[:4])
    summary = summarize(results, ("green", "red"), seconds=2.0)
    assert summary.games == 4
    assert summary.wins["green"] + summary.wins["red"] + summary.draws == 4
    assert summary.games_per_second == 2.0
    low, high = wilson(7, 10)
    assert low == pytest.approx(0.3968, abs=1e-4)
    assert high == pytest.approx(0.8922, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_bad_settings() -> None:
    with pytest.raises(ValueError, match="workers"):
        simulate(JOBS, workers=0)
    with pytest.raises(ValueError, match="backend"):
        simulate(JOBS, backend="carrier-pigeon")
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius", 1)
    with pytest.raises(ValueError, match="whole number"):
        make_bot("mcts:lots", 1)


def test_bot_specs() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    greedy = make_bot("greedy:8", 1)
    assert isinstance(greedy, GreedyBot)
    assert greedy.samples == 8
    mcts = make_bot(" MCTS:50 ", 1)
    assert isinstance(mcts, MctsBot)
    assert mcts.iterations == 50


def test_the_simulate_command(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "sabotage",
            "-n",
            "4",
            "--variant",
            "SM",
            "--players",
            "greedy:2,random",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "95% interval" in result.output
    assert "4 games" in result.output
    rows = list(csv.DictReader(out.open()))
    assert [int(r["seed"]) for r in rows] == [0, 1, 2, 3]
    assert {r["winners"] for r in rows} <= {"green", "red", ""}


def test_the_simulate_command_writes_json_lines(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(app, ["simulate", "saw", "-n", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["seed"] for line in lines] == [0, 1]


def test_the_simulate_command_refuses_bad_players() -> None:
    result = CliRunner().invoke(app, ["simulate", "sabotage", "--players", "random"])
    assert result.exit_code != 0
    assert "one bot each" in result.output


def test_the_ray_backend_gives_the_same_results() -> None:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        assert simulate(JOBS[:4], backend="ray") == simulate(JOBS[:4], workers=1)
    finally:
        ray.shutdown()
