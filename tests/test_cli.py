"""The ``wargames`` command, through typer's test runner."""

from typer.testing import CliRunner

import wargames
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
    assert "Turn 1, move: green to act" in result.stdout, "the start is drawn"
    assert "Game over: red won (captured the Headquarters)" in result.stdout
    assert "after 347 actions" in result.stdout


def test_demo_refuses_an_unknown_game() -> None:
    result = runner.invoke(app, ["demo", "--game", "chess"])
    assert result.exit_code != 0
    assert "no game named 'chess'" in str(result.exception)


def test_demo_finishes_a_game_of_every_registered_game() -> None:
    """SABOT's ``demo_options`` (60 build points) let random bots annihilate an army."""
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0, result.stdout
    games = wargames.available()
    endings = [line for line in result.stdout.splitlines() if line.split(":")[0] in games]
    assert sorted(line.split(":")[0] for line in endings) == sorted(games)
    assert not [line for line in endings if "stopped" in line]
