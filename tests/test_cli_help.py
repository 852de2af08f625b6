"""Every command's ``--help`` reads as plain text: no reST markup, reprs or module paths."""

import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from wargames.cli import app

COMMANDS = [[], *[[c.name or c.callback.__name__] for c in app.registered_commands]]  # type: ignore[union-attr]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "wargames")
def test_help_has_no_markup_reprs_or_module_paths(command: list[str]) -> None:
    result = CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Usage" in text
    for bad in ("``", "frozenset(", "<class", ":func:", ":mod:"):
        assert bad not in text, f"{bad!r} in {command} --help"
    assert not re.search(r"\bwargames\.\w+\.", text), text


def test_odds_lists_inputs_one_may_type_not_python_types() -> None:
    result = CliRunner().invoke(app, ["odds", "sabot"])
    assert result.exit_code == 0, result.output
    assert "attacker (a unit type: ABN," in result.output
    assert 'weapon (main or at)="main"' in result.output
    for bad in ("wargames.", "UnitTable", "table", "terrain", "str", "bool"):
        assert bad not in result.output, bad


def test_play_help_lists_the_commands_typed_at_the_prompt() -> None:
    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    for command in ("'list'", "'legend'", "'save FILE'", "'help'", "'quit' (or Ctrl-D)"):
        assert command in result.output
    assert "--width" in result.output


def test_help_loads_no_game_and_no_graph_library() -> None:
    """``wargames --help`` starts fast: the boards' networkx and the games load only when a
    command needs them (the speed issue's start-up target)."""
    heavy = ["networkx", "wargames.gridscifi", "wargames.sabatu", "wargames.sabot"]
    heavy += ["wargames.sabotage", "wargames.saw"]
    code = f"import sys, wargames.cli; print([m for m in {heavy} if m in sys.modules])"
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert shown.strip() == "[]"
