"""``wargames render`` and ``wargames replay``, through typer's test runner."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import wargames
from wargames.bots import RandomBot, play
from wargames.cli import app
from wargames.core.serialize import dumps
from wargames.sabotage import Sabotage
from wargames.sabotage.pieces import Kind

runner = CliRunner(env={"COLUMNS": "400", "TERMINAL_WIDTH": "400"})
SYMBOLS = {kind.symbol for kind in Kind}


def run(*args: str | Path) -> Result:
    return runner.invoke(app, [str(a) for a in args])


def said(result: Result) -> str:
    """Everything printed, with rich's boxes and line wrapping taken out."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.output).split())


def labels(svg: Path, owner: str) -> list[str]:
    """The labels of ``owner``'s tokens in a picture (which must be well-formed XML)."""
    root = ET.parse(svg).getroot()
    found = []
    for group in root.iter():
        if (group.get("class") or "").startswith("token") and group.get("data-owner") == owner:
            text = group.find("{http://www.w3.org/2000/svg}text")
            assert text is not None
            found.append(text.text or "")
    return found


def headers(result: Result) -> list[tuple[int, int, str]]:
    """Each step's header line: its number, the last step's, and the action that led there."""
    found = re.findall(r"^step (\d+)/(\d+) +(.*?) *─*$", result.output, flags=re.MULTILINE)
    return [(int(n), int(last), text) for n, last, text in found]


@pytest.fixture(scope="module")
def sabotage_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Mini Sabotage game with deployment as actions, played by random bots to its end."""
    game = wargames.load("sabotage", variant="SM")
    bots = {p: RandomBot(i) for i, p in enumerate(game.players)}
    match = play(game, bots, seed=3, setup={"deploy": False})
    assert match.outcome is not None
    path = tmp_path_factory.mktemp("replays") / "sabotage.json"
    path.write_text(dumps(game, match.replay))
    return path


@pytest.fixture(scope="module")
def saw_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first 40 actions of a SAW game of random bots."""
    game = wargames.load("saw")
    bots = {p: RandomBot(i) for i, p in enumerate(game.players)}
    match = play(game, bots, seed=3, max_actions=40)
    path = tmp_path_factory.mktemp("replays") / "saw.json"
    path.write_text(dumps(game, match.replay))
    return path


# -- render ----------------------------------------------------------------------------------


def test_render_a_games_start_as_a_player_sees_it(tmp_path: Path) -> None:
    out = tmp_path / "start.svg"
    result = run("render", "sabotage", "--svg", out, "--player", "red", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert f"wrote {out}" in said(result)
    assert "sabotage SG, start, as red sees it" in said(result)
    assert "seed" not in out.read_text()  # the seed rebuilds green's set-up: never shown to red
    assert set(labels(out, "green")) == {"?"}
    assert set(labels(out, "red")) <= SYMBOLS
    assert len(labels(out, "red")) == 30


def test_render_everything_and_a_variant(tmp_path: Path) -> None:
    out = tmp_path / "all.svg"
    assert run("render", "sabotage", "--variant", "SM", "--svg", out).exit_code == 0
    assert set(labels(out, "green")) <= SYMBOLS
    assert "sabotage SM, start, everything shown" in out.read_text()
    assert run("render", "sabotage", "--seed", "3", "--svg", out).exit_code == 0
    assert "sabotage SG, start (seed 3), everything shown" in out.read_text()


def test_render_a_hex_map(tmp_path: Path) -> None:
    out = tmp_path / "saw.svg"
    result = run("render", "saw", "--svg", out, "--player", "blue")
    assert result.exit_code == 0, result.output
    assert sorted(labels(out, "blue") + labels(out, "red")) == ["b1", "b2", "r1", "r2"]


def test_render_the_final_state_of_a_replay(sabotage_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "final.svg"
    result = run("render", sabotage_file, "--svg", out, "--player", "green")
    assert result.exit_code == 0, result.output
    assert re.search(r"after \d+ actions \(\w+ won \(", said(result))
    assert "?" not in labels(out, "green")


def test_a_step_too_long_for_its_rule_is_told_under_it(saw_file: Path) -> None:
    """A plot's reveal says several things (both plots, the moves, the attacks): they are
    said under the step's rule, a sentence a line, wrapped to the width, not cut short."""
    result = run("replay", saw_file, "--all", "--player", "blue", "--width", "80")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    said = [line for line in lines if not line.startswith("step ")]  # a rule: the terminal's
    assert max(map(len, said)) <= 80, max(said, key=len)
    assert "…" not in result.output
    reveal = next(i for i, line in enumerate(lines) if "your plot is revealed" in line)
    assert lines[reveal].startswith("Turn "), "its own line, not a rule's title"
    assert re.fullmatch(r"step \d+/\d+ ─+", lines[reveal - 1]), lines[reveal - 1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "no game named 'chess' and no such file; the games are:"),
        (["missing.json"], "no such file: missing.json"),
        (["sabotage", "--player", "blue"], "sabotage has no player 'blue'"),
        (["sabotage", "--variant", "XX"], "sabotage has no variant 'XX'"),
    ],
)
def test_render_explains_bad_input(tmp_path: Path, args: list[str], message: str) -> None:
    result = run("render", *args, "--svg", tmp_path / "x.svg")
    assert result.exit_code == 2
    assert message in said(result)
    assert not (tmp_path / "x.svg").exists()


def test_render_refuses_seed_or_variant_for_a_replay(sabotage_file: Path, tmp_path: Path) -> None:
    result = run("render", sabotage_file, "--seed", "1", "--svg", tmp_path / "x.svg")
    assert result.exit_code == 2
    assert "a replay has its own" in said(result)


def test_render_refuses_a_file_that_is_not_a_replay(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    game = wargames.load("saw")
    state.write_text(dumps(game, game.start(1)))
    result = run("render", state, "--svg", tmp_path / "x.svg")
    assert result.exit_code == 2
    assert "holds a single SawState, not a replay" in said(result)


def test_render_explains_a_game_it_cannot_draw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(Sabotage, "tokens")
    result = run("render", "sabotage", "--svg", tmp_path / "x.svg")
    assert result.exit_code == 2
    assert "sabotage cannot be drawn as SVG" in said(result)


# -- replay ----------------------------------------------------------------------------------


def test_replay_shows_the_final_state_and_a_summary(sabotage_file: Path) -> None:
    result = run("replay", sabotage_file)
    assert result.exit_code == 0, result.output
    text = said(result)
    steps = headers(result)
    assert len(steps) == 1
    assert steps[0][0] == steps[0][1], "only the last step"
    assert "Mini Sabotage (SM)" in text
    assert "Game over. Green won: captured the Headquarters." in text
    assert "seed 3" in text
    assert "set-up set up your own army" in text
    assert re.search(r"actions \d+ \(Green \d+, Red \d+\)", text)
    assert "outcome" in text


def test_replay_all_prints_every_step_and_the_action_that_led_to_it(sabotage_file: Path) -> None:
    result = run("replay", sabotage_file, "--all")
    assert result.exit_code == 0, result.output
    steps = headers(result)
    total = steps[0][1]
    assert [n for n, _, _ in steps] == list(range(total + 1))
    assert steps[0][2] == "The start."
    assert re.match(r"Green set up an? [\w -]+ at a1\.", steps[1][2]), "everything shown"
    assert "piece" not in steps[1][2], steps[1][2]


def test_replay_as_a_player_hides_what_they_do_not_know(sabotage_file: Path) -> None:
    result = run("replay", sabotage_file, "--all", "--player", "red")
    assert result.exit_code == 0, result.output
    actions = [text for _, _, text in headers(result)]
    green_setup = [a for a in actions if a.startswith("Green set up")]
    assert green_setup
    assert all(re.fullmatch(r"Green set up a piece at [a-h]\d\.", a) for a in green_setup)
    red_setup = [a for a in actions if a.startswith("You set up your ")]
    assert red_setup, "red's own set-up, named"
    assert "piece" not in " ".join(red_setup)


def test_replay_summary_for_a_player_names_no_seed(sabotage_file: Path) -> None:
    # The seed rebuilds green's whole set-up: red's summary must not name it.
    result = run("replay", sabotage_file, "--player", "red")
    assert result.exit_code == 0, result.output
    assert "outcome" in said(result)
    assert "seed" not in said(result)


def test_a_secret_game_is_replayed_from_its_key(tmp_path: Path) -> None:
    game = wargames.load("sabotage", variant="SM")
    match = play(game, {p: RandomBot(i) for i, p in enumerate(game.players)}, max_actions=30)
    key = match.replay.seed
    assert isinstance(key, bytes)
    assert key == match.final.rng.key
    path = tmp_path / "secret.json"
    path.write_text(dumps(game, match.replay))
    assert json.loads(path.read_text())["data"]["key"] == key.hex()
    everything = said(run("replay", path))
    assert f"seed key {key.hex()}" in everything, "the omniscient summary has the key"
    as_green = run("replay", path, "--all", "--player", "green").output
    assert key.hex() not in as_green
    assert "seed" not in said(run("replay", path, "--player", "green"))


def test_replay_one_step(sabotage_file: Path) -> None:
    result = run("replay", sabotage_file, "--step", "0", "--player", "green")
    assert result.exit_code == 0, result.output
    text = said(result)
    assert "step 0/" in text
    assert "The start." in text
    assert "Turn 0, set-up: Green to act" in text
    assert "outcome" not in text, "no summary for a single step"


def test_replay_of_simultaneous_plots_shows_no_enemy_plot(saw_file: Path) -> None:
    result = run("replay", saw_file, "--all", "--player", "blue")
    assert result.exit_code == 0, result.output
    actions = [text for _, _, text in headers(result)]
    assert any(a.startswith("You chose to plot b") for a in actions), "blue's own orders"
    red = [a for a in actions if a.startswith("Red")]
    assert red
    assert not any(re.search(r"\br\d", a) for a in red if "revealed" not in a)
    assert "Red has made a move you cannot see." in red
    summary = said(result)
    assert "Unfinished: " in summary


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--step", "9999"], "--step takes 0 to"),
        (["--step", "1", "--all"], "give --step N or --all, not both"),
        (["--player", "blue"], "sabotage has no player 'blue'; its players are green, red"),
    ],
)
def test_replay_explains_bad_options(sabotage_file: Path, args: list[str], message: str) -> None:
    result = run("replay", sabotage_file, *args)
    assert result.exit_code == 2
    assert message in said(result)


def test_replay_refuses_a_tampered_game(sabotage_file: Path, tmp_path: Path) -> None:
    document = json.loads(sabotage_file.read_text())
    document["data"]["actions"] = document["data"]["actions"][1:]  # the first set-up is lost
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(document))
    result = run("replay", tampered)
    assert result.exit_code == 2
    assert "tampered.json does not replay:" in said(result)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"setup": {"deploy": False, "teleport": True}}, "has no set-up option teleport"),
        ({"seed": 1.5}, "seed is a whole number or text"),
        ({"seed": None}, "seed is a whole number or text"),
        ({"seed": [3]}, "seed is a whole number or text"),
    ],
)
def test_a_tampered_replay_is_one_line_of_error(
    sabotage_file: Path, tmp_path: Path, change: dict[str, object], message: str
) -> None:
    document = json.loads(sabotage_file.read_text())
    document["data"].update(change)
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(document))
    commands: list[list[str | Path]] = [
        ["replay", tampered],
        ["render", tampered, "--svg", tmp_path / "x.svg"],
    ]
    for command in commands:
        result = run(*command)
        assert result.exit_code == 2, result.output
        assert message in said(result)
        assert "Traceback" not in result.output


def test_replay_explains_bad_files(tmp_path: Path) -> None:
    missing = run("replay", tmp_path / "missing.json")
    assert missing.exit_code == 2
    assert "no such file:" in said(missing)
    assert "missing.json" in said(missing)
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    result = run("replay", junk)
    assert result.exit_code == 2
    assert "is not a wargames replay: not JSON" in said(result)
    folder = run("replay", tmp_path)
    assert folder.exit_code == 2
    assert "is not a file" in said(folder)


def test_replay_crops_a_board_whose_compact_form_is_still_too_wide(tmp_path: Path) -> None:
    game = wargames.load("sabot")
    bots = {p: RandomBot(i) for i, p in enumerate(game.players)}
    match = play(game, bots, seed=3, max_actions=30)
    path = tmp_path / "sabot.json"
    path.write_text(dumps(game, match.replay))
    result = CliRunner().invoke(app, ["replay", str(path), "--step", "30", "--width", "60"])
    assert result.exit_code == 0, result.output
    lines = result.output.split("\n")
    note = next(line for line in lines if line.startswith("(columns "))
    assert " of 7" in note, "the compact map (76 columns), not the full one (170), is cropped"
    assert "shown)" in note
    board = lines[1 : lines.index(note)]
    assert max(map(len, board)) <= 60
    assert "_____" not in result.output
