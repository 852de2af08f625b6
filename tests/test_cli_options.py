"""Game options on the command line: ``wargames games`` lists them, ``--option NAME=VALUE``
sets them for ``simulate``, ``play`` and ``render``."""

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wargames.cli import _option_defaults, _options, app
from wargames.sabatu import Sabatu

runner = CliRunner()


def test_games_lists_each_game_s_options_with_their_defaults() -> None:
    assert _option_defaults(Sabatu) == (
        "players=4\nship_fee=null\nturn_limit=null\naction_limit=null\nrows=0"
    )
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "options" in result.stdout


def test_games_splits_no_value_in_an_80_column_terminal() -> None:
    import wargames
    from wargames.core.registry import games

    result = runner.invoke(app, ["games"], env={"COLUMNS": "80"})
    lines = result.stdout.split("\n")
    assert max(map(len, lines)) <= 80
    cells = {cell.strip() for line in lines for cell in line.split("│")}
    for name in wargames.available():
        for option in _option_defaults(games()[name]).split("\n"):
            assert option in cells, option
    assert any("SG, SM, SR, SO, SN, SC" in line for line in lines)


def test_option_values_are_read_as_json_or_else_as_text() -> None:
    assert _options(["players=3", "coordination=true", "map=ruins", "cap=[1, 2]"]) == {
        "players": 3,
        "coordination": True,
        "map": "ruins",
        "cap": [1, 2],
    }


def test_simulate_with_an_option() -> None:
    # Sabatu seats four by default: two bots are enough only with players=2.
    refused = runner.invoke(app, ["simulate", "sabatu", "-n", "1", "--players", "random,random"])
    assert refused.exit_code != 0
    result = runner.invoke(
        app, ["simulate", "sabatu", "-n", "1", "--players", "random,random", "-o", "players=2"]
    )
    assert result.exit_code == 0, result.stdout
    assert "1 games" in result.stdout


@pytest.mark.parametrize(
    ("option", "message"),
    [("bogus=1", "has no option bogus"), ("players", "is not NAME=VALUE")],
)
def test_a_bad_option_is_refused_clearly(option: str, message: str) -> None:
    result = runner.invoke(app, ["simulate", "sabatu", "-n", "1", "-o", option])
    assert result.exit_code != 0
    assert message in " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.output).split())


def test_render_with_an_option(tmp_path: Path) -> None:
    out = tmp_path / "saw.svg"
    result = runner.invoke(app, ["render", "saw", "--svg", str(out), "-o", "players=3"])
    assert result.exit_code == 0, result.stdout
    assert 'data-owner="green"' in out.read_text(), "the third seat's units are drawn"


def test_play_with_an_option() -> None:
    result = runner.invoke(
        app,
        ["play", "saw", "-o", "players=3", "--players", "human,random,random"],
        input="quit\n",
    )
    assert "green" in result.stdout, "three seats"


def test_the_simulate_progress_bar_estimates_the_time_left() -> None:
    from rich.progress import TimeRemainingColumn

    from wargames.cli import _progress

    assert any(isinstance(column, TimeRemainingColumn) for column in _progress().columns)
