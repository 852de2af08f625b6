"""Set-up keywords on the command line: ``wargames games`` lists each game's, ``--setup
NAME=VALUE`` gives them to ``play``, ``demo``, ``simulate`` and ``render``; a person places
their own army one square at a time, seeing none of the other side's pieces' kinds, and a
saved game resumes with its set-up."""

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wargames.cli import app
from wargames.core.replay import Replay
from wargames.core.serialize import loads
from wargames.simulate import Job

runner = CliRunner()
MINI = ["sabotage", "--variant", "SM", "--seed", "3", "--width", "80"]
"""Mini Sabotage from seed 3, on an 80-column screen."""
GREEN_SQUARES = 24
"""The squares of green's zone in Mini Sabotage: one set-up decision each."""


def test_games_lists_each_game_s_set_up_keywords() -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    told = " ".join(result.stdout.split("Set-up")[1].split())
    for name in ("sabotage", "gridscifi"):
        assert f"{name}: deploy=true: deal the armies at random (true) or let each" in told
    assert "sabatu:" not in told  # Sabatu has no set-up keyword
    assert max(map(len, result.stdout.split("\n"))) <= 80


def test_play_places_the_army_one_square_at_a_time() -> None:
    moves = "1\n1\nquit\n\n"
    result = runner.invoke(app, ["play", *MINI, "--setup", "deploy=false"], input=moves)
    assert result.exit_code == 0, result.output
    boards = result.stdout.split("Mini Sabotage (SM)")[1:]
    assert len(boards) == 3  # one board per decision: two placed, then quit
    first, second, third = boards
    assert "Turn 0, set-up: Green to act" in first
    assert "1. Set up your Headquarters at a1 [a1=H]" in first
    assert "10. Leave a1 empty [a1=-]" in first
    assert re.search(r"^1 gH \. ", second, re.M)  # the Headquarters stands on a1
    assert "Headquarters" not in second.split("Turn 0")[1]  # the only one is placed
    assert "1. Set up your Atomic Landmine at b1 [b1=M]" in second
    assert re.search(r"^1 gH gM \. ", third, re.M)


def _red_boards(output: str) -> list[str]:
    """The boards shown to red (each after the hot-seat prompt hands red the screen)."""
    return output.split("red and press Enter.")[1:]


def test_hot_seat_set_up_hides_the_other_side_s_pieces() -> None:
    green = "1\n" * GREEN_SQUARES  # each square gets the first kind listed (or stays empty)
    moves = green + "\n" + "1\n" + "quit\n\n"
    result = runner.invoke(
        app,
        ["play", *MINI, "--players", "human,human", "--setup", "deploy=false"],
        input=moves,
    )
    assert result.exit_code == 0, result.output
    (shown,) = _red_boards(result.stdout)
    pieces = re.findall(r"(?<!\S)([gr])(\S)(?!\S)", shown.split("  a  b")[0])
    greens = [kind for side, kind in pieces if side == "g"]
    assert len(greens) == 20  # every green piece stands in its zone
    assert set(greens) == {"?"}  # and none shows its kind to red
    assert "Turn 0, set-up: Red to act" in shown
    assert "1. Set up your Headquarters at h8 [h8=H]" in shown


def test_a_saved_set_up_resumes_with_its_set_up(tmp_path: Path) -> None:
    saved = tmp_path / "setup.json"
    moves = f"1\nsave {saved}\nquit\n\n"
    result = runner.invoke(app, ["play", *MINI, "--setup", "deploy=false"], input=moves)
    assert result.exit_code == 0, result.output
    replay = loads(saved.read_bytes())
    assert isinstance(replay, Replay)
    assert replay.setup == {"deploy": False}
    assert len(replay.actions) == 1
    resumed = runner.invoke(app, ["play", "--resume", str(saved)], input="quit\n\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Turn 0, set-up: Green to act" in resumed.stdout  # still setting up
    assert "1. Set up your Atomic Landmine at b1 [b1=M]" in resumed.stdout
    refused = runner.invoke(app, ["play", "--resume", str(saved), "--setup", "deploy=true"])
    assert refused.exit_code == 2
    assert "a saved one has its own" in refused.output


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (
            "teleport=true",
            "MiniSabotage has no set-up option teleport; its set-up options are: deploy",
        ),
        ("deploy=no", "option deploy='no' is not allowed: expected true or false"),
        ("deploy=1", "option deploy=1 is not allowed: expected true or false"),
        ("design=manual", "MiniSabotage has no set-up option design"),  # SAW's keyword
        ("deploy", "'deploy' is not NAME=VALUE"),
    ],
)
@pytest.mark.parametrize("command", ["play", "simulate", "render", "demo"])
def test_a_bad_set_up_is_one_line_of_error_and_nothing_is_played(
    command: str, setup: str, message: str, tmp_path: Path
) -> None:
    words = {
        "play": ["play", *MINI],
        "simulate": ["simulate", "sabotage", "--variant", "SM", "-n", "1"],
        "render": ["render", "sabotage", "--variant", "SM", "--svg", str(tmp_path / "a.svg")],
        "demo": ["demo", "--game", "sabotage"],
    }[command]
    if command == "demo":
        message = message.replace("MiniSabotage", "Sabotage")
    result = runner.invoke(app, [*words, "--setup", setup], input="1\n")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("Error: Invalid value for --setup: ")
    assert message in lines[0]
    assert not list(tmp_path.iterdir())  # no picture drawn


def test_simulate_demo_and_render_take_a_set_up(tmp_path: Path) -> None:
    simulated = runner.invoke(
        app,
        ["simulate", "sabotage", "--variant", "SM", "-n", "2", "--setup", "deploy=false"],
    )
    assert simulated.exit_code == 0, simulated.output
    assert "2 games" in simulated.stdout
    job = Job("sabotage", "SM", {}, ("random", "random"), 5, None, {"deploy": False})
    assert job.command().endswith("--setup deploy=false")
    shown = runner.invoke(
        app, ["demo", "--game", "gridscifi", "--setup", "deploy=false", "--width", "100"]
    )
    assert shown.exit_code == 0, shown.output
    assert "Set-up: Blue to deploy" in shown.stdout  # the demo's first board: nothing placed
    picture = tmp_path / "start.svg"
    drawn = runner.invoke(
        app,
        ["render", "sabotage", "--svg", str(picture), "--seed", "1", "--setup", "deploy=false"],
    )
    assert drawn.exit_code == 0, drawn.output
    dealt = tmp_path / "dealt.svg"
    assert (
        runner.invoke(app, ["render", "sabotage", "--svg", str(dealt), "--seed", "1"]).exit_code
        == 0
    )
    assert picture.read_text() != dealt.read_text()  # an empty board, not the dealt armies


def test_saw_s_units_are_designed_by_hand() -> None:
    result = runner.invoke(
        app,
        ["play", "saw", "--seed", "3", "--setup", "design=manual", "--width", "100"],
        input="quit\n\n",
    )
    assert result.exit_code == 0, result.output
    assert "Turn 0, design phase: Blue and Red to act" in result.stdout
    assert "1. Put 1 point of b1 into movement [b1 assign 1 movement]" in result.stdout
    assert "r1    red     Balanced (20 points) 1103: traits secret" in result.stdout
