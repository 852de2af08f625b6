"""Every command works with every registered game: play a move as a human against random
bots, save the game, replay it and draw it; simulate a game of bots."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

import wargames
from wargames.cli import app

runner = CliRunner()
GAMES = wargames.available()


@pytest.mark.parametrize("name", GAMES)
def test_play_save_replay_and_render(name: str, tmp_path: Path) -> None:
    game = wargames.load(name)
    options = [f"--option={k}={v}" for k, v in game.demo_options.items()]
    seats = ",".join(["human"] + ["random"] * (len(game.players) - 1))
    saved = tmp_path / "game.json"
    played = runner.invoke(
        app,
        ["play", name, "--seed", "3", "--players", seats, *options],
        input=f"1\nsave {saved}\nquit\n",
    )
    assert played.exit_code == 0, played.output
    assert f"Saved to {saved}." in played.output
    replayed = runner.invoke(app, ["replay", str(saved), "--player", game.players[0]])
    assert replayed.exit_code == 0, replayed.output
    assert "summary" in replayed.output
    picture = tmp_path / "game.svg"
    drawn = runner.invoke(app, ["render", str(saved), "--svg", str(picture)])
    assert drawn.exit_code == 0, drawn.output
    assert picture.read_text().startswith("<svg")


@pytest.mark.parametrize("name", GAMES)
def test_simulate(name: str) -> None:
    game = wargames.load(name)
    options = [f"--option={k}={v}" for k, v in game.demo_options.items()]
    bots = ",".join(["random"] * len(game.players))
    result = runner.invoke(app, ["simulate", name, "-n", "1", "--players", bots, *options])
    assert result.exit_code == 0, result.output
    assert "1 games" in result.output
