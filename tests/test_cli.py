"""The ``wargames`` command, through typer's test runner."""

from typer.testing import CliRunner

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
