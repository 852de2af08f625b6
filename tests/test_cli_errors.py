"""Every failure of the command line is one line, ``Error: ...``, with exit status 2: bad
numbers, unwritable outputs, missing files, bad JSON, unknown names (no traceback)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from wargames.cli import app
from wargames.simulate import MAX_WORKERS

runner = CliRunner(env={"COLUMNS": "400"})


def run(*args: str | Path) -> Result:
    return runner.invoke(app, [str(a) for a in args])


def one_line_error(result: Result) -> str:
    """The error ``result`` ended with, checked to be a single line after any output."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "Usage:" not in result.output, "no usage text: one line"
    last = result.output.rstrip("\n").split("\n")[-1]
    assert last.startswith("Error: "), result.output
    assert result.output.count("Error: ") == 1
    return last


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["render", "saw", "--svg", "{tmp}"], "is a directory"),
        (["render", "saw", "--svg", "{tmp}/no/such/x.svg"], "no such directory"),
        (["simulate", "saw", "-n", "1", "--out", "{tmp}"], "is a directory"),
        (["simulate", "saw", "-n", "1", "--out", "{tmp}/none/x.jsonl"], "no such directory"),
        (["simulate", "saw", "-n", "1", "--workers", "0"], f"not from 1 to {MAX_WORKERS}"),
        (["simulate", "saw", "-n", "1", "--workers", "100000"], f"not from 1 to {MAX_WORKERS}"),
        (["simulate", "saw", "-n", "1", "--workers", "many"], "--workers"),
        (["simulate", "saw", "-n", "0"], "'-n'"),
        (["simulate", "saw", "-n", "1", "--max-actions", "0"], "--max-actions"),
        (["simulate", "saw", "-n", "1", "--backend", "pigeon"], "'pigeon' is not local or ray"),
        (["simulate", "saw", "-o", "turn_limit=-5"], "turn_limit=-5 is not allowed"),
        (["simulate"], "Missing argument"),
        (["demo", "--game", "chess"], "no game named 'chess'"),
        (["demo", "--max-actions", "-1"], "--max-actions"),
        (["odds", "chess"], "no game named 'chess'"),
        (["odds", "saw", "telepathy"], "saw has no match-up 'telepathy'; its match-ups: hit"),
        (["odds", "saw", "hit", "accuracy=x"], "invalid literal"),
        (["render", "chess", "--svg", "{tmp}/x.svg"], "no game named 'chess'"),
        (["render", "{tmp}/missing.json", "--svg", "{tmp}/x.svg"], "no such file"),
        (["render", "{tmp}/broken.json", "--svg", "{tmp}/x.svg"], "not JSON"),
        (["replay", "{tmp}/broken.json"], "is not a wargames replay"),
        (["replay", "{tmp}"], "is not a file"),
        (["play", "--resume", "{tmp}/broken.json"], "is not a wargames replay"),
        (["serve", "--db", "{tmp}/none/games.sqlite3"], "no such directory"),
        (["serve", "--port", "70000"], "'--port'"),
        (["serve", "--workers", "2", "--db", "{tmp}/g.sqlite3"], "needs a PostgreSQL --db"),
        (["serve", "--workers", "0"], "'--workers'"),
        (["bogus"], "No such command 'bogus'"),
        (["--bogus"], "No such option: --bogus"),
        (["games", "--bogus"], "No such option: --bogus"),
    ],
)
def test_a_failure_is_one_line_with_exit_status_2(
    tmp_path: Path, args: list[str], said: str
) -> None:
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    result = run(*(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert said in one_line_error(result)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs a full device")
def test_a_full_disk_is_one_line_with_exit_status_2() -> None:
    """``/dev/full`` opens but refuses every write: the failure comes when writing."""
    error = one_line_error(run("render", "saw", "--svg", "/dev/full"))
    assert error == "Error: cannot write /dev/full: No space left on device"
    result = run("simulate", "saw", "-n", "1", "--out", "/dev/full")
    assert "1 games" in result.output, "the summary came first"
    assert one_line_error(result) == error


def test_the_bound_on_workers_is_in_the_help() -> None:
    result = run("simulate", "--help")
    assert f"at most {MAX_WORKERS}" in " ".join(result.output.split())
    assert 4 * (os.cpu_count() or 1) == MAX_WORKERS


def test_no_arguments_still_shows_the_help() -> None:
    result = run()
    assert "Usage:" in result.output
    assert "simulate" in result.output
