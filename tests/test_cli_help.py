"""Every command's ``--help`` reads as plain text: no reST markup, reprs or module paths."""

import re

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
