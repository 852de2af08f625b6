"""The ``wargames`` command, through typer's test runner."""

import json
import re
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

import wargames
from wargames.bots import RandomBot, play
from wargames.cli import app

runner = CliRunner()


def test_games_lists_every_registered_game_with_its_variants() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "sabotage" in result.stdout
    assert "SG, SM, SR, SO, SN, SC" in result.stdout


def test_demo_plays_a_game_to_its_outcome() -> None:
    result = runner.invoke(app, ["demo", "--seed", "3", "--game", "sabotage"])
    assert result.exit_code == 0, result.stdout
    assert "Turn 1, move 1 of 2: Green to act" in result.stdout, "the start is drawn"
    game = wargames.load("sabotage")
    match = play(game, {p: RandomBot(3 + i) for i, p in enumerate(game.players)}, seed=3)
    assert match.outcome is not None
    ending = f"sabotage: {match.outcome.sentence()} It took {match.length} actions."
    assert ending in result.stdout, "the game the seed gives, played out"
    assert "Game over" not in result.stdout, "the outcome is said once"


def test_demo_refuses_an_unknown_game() -> None:
    result = runner.invoke(app, ["demo", "--game", "sabotage", "--game", "chess"])
    assert result.exit_code == 2
    assert result.output.startswith("Error: Invalid value for --game: no game named 'chess'")
    assert "Sabotage" not in result.output, "refused before any game is played"


def test_demo_finishes_a_game_of_every_registered_game() -> None:
    """Every game ends: SABOT's ``demo_options`` (60 build points, 40 turns) keep it short."""
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0, result.stdout
    games = wargames.available()
    endings = [line for line in result.stdout.splitlines() if line.split(":")[0] in games]
    assert sorted(line.split(":")[0] for line in endings) == sorted(games)
    assert not [line for line in endings if "Stopped." in line]


def _said(output: str) -> str:
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", output).split())


def test_simulate_and_play_refuse_an_unknown_bot_clearly() -> None:
    for command in (["simulate", "sabotage", "--players", "genius,random"], ["play", "saw"]):
        args = command if command[0] == "simulate" else [*command, "--players", "human,genius"]
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert "unknown bot 'genius'" in _said(result.output)


def test_play_refuses_a_resume_file_that_is_not_a_replay(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["play", "--resume", str(tmp_path / "none.json")])
    assert missing.exit_code == 2
    assert "no such file" in _said(missing.output)
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    result = runner.invoke(app, ["play", "--resume", str(broken)])
    assert result.exit_code == 2
    assert "is not a wargames replay" in _said(result.output)


NAMED_ONLY = """
import json, sys
from typer.testing import CliRunner
from wargames.cli import app

def imported():
    return sorted(m for m in ("gridscifi", "sabatu", "sabot", "sabotage", "saw")
                  if "wargames." + m in sys.modules)

runner = CliRunner(env={"COLUMNS": "200"})
found = {"chess": runner.invoke(app, ["render", "chess", "--svg", "x.svg"]).output}
found["after chess"] = imported()
found["odds"] = runner.invoke(app, ["odds", "saw"]).exit_code
found["after odds"] = imported()
print(json.dumps(found))
"""


def test_a_command_imports_only_the_game_it_names() -> None:
    """Refusing an unknown game imports none; ``odds saw`` imports SAW alone (in a fresh
    Python: this one has imported every game)."""
    run = subprocess.run(
        [sys.executable, "-c", NAMED_ONLY], capture_output=True, text=True, check=True
    )
    found = json.loads(run.stdout)
    assert "no game named 'chess' and no such file; the games are: gridscifi, sabatu" in _said(
        found["chess"]
    )
    assert found["after chess"] == []
    assert found["odds"] == 0
    assert found["after odds"] == ["saw"]
