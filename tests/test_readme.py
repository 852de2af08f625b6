"""The README's code blocks run, so its usage example cannot rot."""

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wargames.cli import app
from wargames.play import COMMANDS as HELP

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), flags=re.DOTALL)


def test_the_readme_has_examples() -> None:
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(BLOCKS[index], f"README.md block {index}", "exec"), {"__name__": "readme"})
    if index == 0:
        printed = capsys.readouterr().out
        assert "has already moved this turn" in printed
        assert "g?" in printed, "red sees green's pieces as unknown"
        assert "gH" not in printed


TEXT = README.read_text("utf-8")
COMMANDS = sorted(
    {
        line.split("#")[0].strip()
        for block in re.findall(r"```sh\n(.*?)```", TEXT, flags=re.DOTALL)
        for line in block.splitlines()
        if line.startswith("wargames ")
    }
    | set(re.findall(r"`(wargames [^`]+)`", TEXT))
)


def test_the_readme_says_how_to_get_a_game_to_replay() -> None:
    assert "wargames replay game.json --player green --all" in COMMANDS
    assert "wargames play --resume game.json" in COMMANDS
    assert "type\n`save game.json`" in TEXT
    assert "'save FILE' writes the game as a JSON replay" in HELP


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_in_the_readme_exists(command: str) -> None:
    words = shlex.split(command)[1:]
    name = words[0]
    result = CliRunner().invoke(app, [name, "--help"], terminal_width=200)
    assert result.exit_code == 0, f"no command {name!r}"
    for word in words[1:]:
        if word.startswith("-"):
            assert word.split("=")[0] in result.output, f"wargames {name} has no {word}"
