"""Many seeded games: the same results whatever the number of workers, and the command."""

import csv
import json
import os
import pty
import select
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import wargames
from wargames.bots import GreedyBot, MctsBot, RandomBot
from wargames.bots.specs import make_bot
from wargames.cli import app
from wargames.core import registry
from wargames.core.rng import Seed
from wargames.sabotage.state import SabotageState
from wargames.sabotage.variants import MiniSabotage
from wargames.simulate import MAX_WORKERS, GamesFailed, Job, simulate, summarize, wilson

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
    low, high = wilson(2.5, 5)  # a draw counts half: centred on 0.5, not on 2 or 3 of 5
    assert low == pytest.approx(1 - high)


def test_bad_settings() -> None:
    with pytest.raises(ValueError, match=f"workers must be from 1 to {MAX_WORKERS}, got 0"):
        simulate(JOBS, workers=0)
    with pytest.raises(ValueError, match="workers must be from 1"):
        simulate(JOBS, workers=MAX_WORKERS + 1)
    with pytest.raises(ValueError, match="backend"):
        simulate(JOBS, backend="carrier-pigeon")


@pytest.mark.parametrize(
    ("spec", "refusal"),
    [
        ("genius", "unknown bot"),
        ("mcts:lots", "whole number"),
        ("mcts:50:", "whole number"),
        ("greedy:8:2", "only mcts takes a horizon"),
        ("mcts:50:0", "horizon must be >= 1"),
        ("mcts:0", "'mcts:0': iterations, samples, width and horizon must"),  # not 200
        ("greedy:0", "'greedy:0': samples must be >= 1"),
        ("random:5", "random takes no number"),
        ("easy+finish", "'easy\\+finish': only mcts takes \\+finish"),
        ("greedy+samples=8", "only mcts takes settings"),
        (
            "mcts+depth=2",
            "unknown '\\+depth=2'; after \\+ come finish, foresee, own, means, exploration=",
        ),
        ("mcts+exploration", "unknown '\\+exploration'"),
        ("mcts+samples=2.5", "samples must be a whole number, got '2.5'"),
        ("mcts+widening=wide", "widening must be a number, got 'wide'"),
        ("mcts+prior=21", "the prior uses 21 of only 20 samples"),
        ("greedy+foresee+finish", "only mcts takes \\+finish and \\+foresee"),
        ("mcts+fast", "'mcts\\+fast': unknown '\\+fast'; after \\+ come finish, foresee"),
        ("mcts+foresee=yes", "'mcts\\+foresee=yes': foresee is on or off, got 'yes'"),
    ],
)
def test_bad_bot_names_are_refused_with_the_reason(spec: str, refusal: str) -> None:
    with pytest.raises(ValueError, match=refusal):
        make_bot(spec, 1)


def test_bot_specs() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    greedy = make_bot("greedy:8", 1)
    assert isinstance(greedy, GreedyBot)
    assert greedy.samples == 8
    mcts = make_bot(" MCTS:50 ", 1)
    assert isinstance(mcts, MctsBot)
    assert (mcts.iterations, mcts.horizon) == (50, 1)
    deeper = make_bot("mcts:50:2", 1)
    assert isinstance(deeper, MctsBot)
    assert (deeper.iterations, deeper.horizon) == (50, 2)
    assert not deeper.finish_round
    finishing = make_bot("mcts:50:2+finish", 1)
    assert isinstance(finishing, MctsBot)
    assert (finishing.iterations, finishing.horizon, finishing.finish_round) == (50, 2, True)
    assert repr(finishing) == "MctsBot(seed=1, iterations=50, horizon=2, finish_round=True)"
    assert repr(make_bot("mcts:50", 1)) == "MctsBot(seed=1, iterations=50)"
    hard = make_bot("hard+finish", 1)
    assert isinstance(hard, MctsBot)
    assert (hard.iterations, hard.finish_round, hard.foresee) == (800, True, None)
    both = make_bot("mcts:50+foresee+finish", 1)
    assert isinstance(both, MctsBot)
    assert (both.finish_round, both.foresee) == (True, True)
    assert repr(both) == "MctsBot(seed=1, iterations=50, finish_round=True, foresee=True)"
    own = make_bot("mcts:50+own", 1)
    assert isinstance(own, MctsBot)
    assert (own.own_evaluation, both.own_evaluation) == (True, None)  # None: the game's choice
    assert repr(own) == "MctsBot(seed=1, iterations=50, own_evaluation=True)"
    switched = make_bot("mcts:50+foresee=off+own=on+finish=off", 1)
    assert isinstance(switched, MctsBot)
    assert (switched.foresee, switched.own_evaluation, switched.finish_round) == (
        False,
        True,
        False,
    )
    assert repr(switched) == "MctsBot(seed=1, iterations=50, foresee=False, own_evaluation=True)"
    means = make_bot("mcts:50+means", 1)
    assert isinstance(means, MctsBot)
    assert (means.means, own.means) == (True, None)
    assert repr(means) == "MctsBot(seed=1, iterations=50, means=True)"
    assert repr(make_bot("hard+means=off", 1)) == "MctsBot(seed=1, iterations=800, means=False)"


def test_a_spec_gives_the_search_settings() -> None:
    bot = make_bot("mcts:50+exploration=0.35+samples=8+prior=2+width=3+widening=0.5+finish", 1)
    assert isinstance(bot, MctsBot)
    settings = (bot.exploration, bot.samples, bot.prior, bot.width, bot.widening)
    assert settings == (0.35, 8, 2, 3, 0.5)
    assert bot.finish_round
    assert repr(bot) == (
        "MctsBot(seed=1, iterations=50, exploration=0.35, samples=8, prior=2, width=3, "
        "widening=0.5, finish_round=True)"
    )
    assert repr(make_bot("hard+samples=80", 1)) == "MctsBot(seed=1, iterations=800)"
    trees = make_bot("hard+trees=4", 1)
    assert isinstance(trees, MctsBot)
    assert (trees.trees, trees.samples) == (4, 80)
    assert repr(trees) == "MctsBot(seed=1, iterations=800, trees=4)"
    rollouts = make_bot("mcts+rollout_depth=6", 1)
    assert isinstance(rollouts, MctsBot)
    assert (rollouts.rollout_depth, trees.rollout_depth) == (6, 0)
    assert repr(rollouts) == "MctsBot(seed=1, iterations=200, rollout_depth=6)"
    with pytest.raises(ValueError, match="rollout_depth must be a whole number"):
        make_bot("mcts+rollout_depth=1.5", 1)
    with pytest.raises(ValueError, match="rollout_depth, prior and widening must be >= 0"):
        make_bot("mcts+rollout_depth=-1", 1)


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


class Brittle(MiniSabotage):
    """Mini Sabotage whose game of seed 1 breaks at the start (a stand-in for a bug)."""

    def start(self, seed: Seed | None = None, **setup: Any) -> SabotageState:
        if seed == 1:
            raise ZeroDivisionError("a bug in the rules")
        return super().start(seed, **setup)


class Fatal(MiniSabotage):
    """Mini Sabotage whose game of seed 1 kills the process playing it."""

    def start(self, seed: Seed | None = None, **setup: Any) -> SabotageState:
        if seed == 1:
            os._exit(3)
        return super().start(seed, **setup)


@pytest.fixture
def brittle(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register ``brittle`` and ``fatal`` for one test (on a copy of the registry's table;
    worker processes are forked from this one, so they know them too)."""
    registry.available()
    added = {"brittle": Brittle, "fatal": Fatal}
    monkeypatch.setattr(registry, "_games", {**registry._games, **added})
    return "brittle"


@pytest.mark.skipif(sys.platform != "linux", reason="workers forked with the test's registry")
@pytest.mark.usefixtures("brittle")
def test_a_worker_that_dies_is_a_failed_game_not_a_crash() -> None:
    jobs = [Job("fatal", None, {}, ("random", "random"), seed, 10) for seed in range(2)]
    with pytest.raises(GamesFailed) as caught:
        simulate(jobs, workers=2)
    failed = {failure.seed: failure.error for failure in caught.value.failures}
    assert failed[1].startswith("BrokenProcessPool: ")
    assert len(caught.value.results) + len(failed) == 2, "every game is accounted for"


def test_a_failed_game_does_not_lose_the_others(brittle: str) -> None:
    jobs = [Job(brittle, None, {}, ("random", "random"), seed, 30) for seed in range(3)]
    seen: list[int] = []
    with pytest.raises(GamesFailed, match=r"1 of 3 games failed; the first \(seed 1\)") as caught:
        simulate(jobs, on_result=lambda outcome: seen.append(outcome.seed))
    assert sorted(seen) == [0, 1, 2], "the failure is reported as it happens too"
    assert [r.seed for r in caught.value.results] == [0, 2]
    assert caught.value.results == simulate([jobs[0], jobs[2]])
    (failure,) = caught.value.failures
    assert failure.job == jobs[1]
    assert failure.error == "ZeroDivisionError: a bug in the rules"
    assert "test_simulate.py:" in failure.where
    assert failure.where.endswith(" in start")


def test_the_command_keeps_the_finished_games_and_names_the_failed_one(
    brittle: str, tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    args = ["simulate", brittle, "-n", "3", "--max-actions", "30", "-o", "army=null"]
    result = CliRunner().invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "2 games" in result.output, "the finished games are summarised"
    assert [json.loads(line)["seed"] for line in out.read_text().splitlines()] == [0, 2]
    said = result.output.splitlines()
    assert (
        "the game of seed 1 (random,random) failed: ZeroDivisionError: a bug in the rules"
        in said[-3]
    )
    assert said[-1] == (
        f"1 of 3 games failed; the 2 that finished are summarised above and written to {out}"
    )
    again = said[-2].removeprefix("  play it again: ")
    assert again == (
        f"wargames simulate {brittle} -n 1 --seed 1 --players random,random --max-actions 30 "
        "-o army=null"
    )
    replayed = CliRunner().invoke(app, shlex.split(again)[1:])
    assert replayed.exit_code == 1
    assert "the game of seed 1 (random,random) failed: ZeroDivisionError" in replayed.output


def _cli(*args: str, terminal: bool) -> str:
    """What ``wargames ARGS`` prints (stdout and stderr), run in a pseudo-terminal or piped."""
    source = str(Path(wargames.__file__).parents[1])
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm", "PYTHONPATH": source}
    env.pop("NO_COLOR", None)
    command = [sys.executable, "-m", "wargames.cli", *args]
    if not terminal:
        done = subprocess.run(command, capture_output=True, env=env, timeout=60, check=True)
        return (done.stdout + done.stderr).decode()
    main, child = pty.openpty()
    process = subprocess.Popen(command, stdout=child, stderr=child, env=env, close_fds=True)
    os.close(child)
    seen = b""
    try:
        while True:
            ready, _, _ = select.select([main], [], [], 60)
            try:
                chunk = os.read(main, 4096) if ready else b""
            except OSError:  # the child closed the terminal
                chunk = b""
            if not chunk:
                break
            seen += chunk
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()
        os.close(main)
    return seen.decode(errors="replace")


SIMULATION = ("simulate", "sabotage", "--variant", "SM", "-n", "2", "--max-actions", "20")


def test_a_progress_bar_in_a_terminal_only() -> None:
    shown = _cli(*SIMULATION, terminal=True)
    assert "sabotage: random,random" in shown, "the bar's label"
    assert "/2" in shown, "the bar: games done of 2"
    assert "2 games" in shown
    piped = _cli(*SIMULATION, terminal=False)
    assert "2 games" in piped
    assert "sabotage: random,random" not in piped, "no bar"
    assert "/2" not in piped, "no count of games done"
    assert "\x1b[" not in piped, "no cursor movement nor colour"
