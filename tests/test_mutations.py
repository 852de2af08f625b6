"""The mutation audit's data (tools/mutations/*.toml) stays in step with the sources, the
tests and each game's rule table: every snippet occurs once, every test exists, every row
is in the table, and the rows marked "mutation-checked" are exactly those with mutations."""

import re

import pytest
from tools.mutate import MUTATIONS, ROOT, load, main, problems

GAMES = sorted(path.stem for path in MUTATIONS.glob("*.toml"))
MARK = "mutation-checked"


def rule_rows(game: str) -> list[str]:
    """The rows of the rule table in docs/<game>.md (each line of a three-column table)."""
    text = (ROOT / "docs" / f"{game}.md").read_text("utf-8")
    return [line for line in text.splitlines() if line.startswith("| ") and line.count(" | ") == 2]


def test_the_audited_games() -> None:
    assert GAMES == ["gridscifi", "sabatu", "sabot", "sabotage", "saw"]


@pytest.mark.parametrize("game", GAMES)
def test_every_mutation_applies_once_to_the_source(game: str) -> None:
    for mutation in load(game):
        assert problems(mutation) == [], mutation.row


@pytest.mark.parametrize("game", GAMES)
def test_every_test_a_mutation_names_exists(game: str) -> None:
    for mutation in load(game):
        for node in mutation.tests:
            path, _, name = node.partition("::")
            source = (ROOT / path).read_text("utf-8")
            assert not name or re.search(rf"^def {re.escape(name)}\(", source, re.M), node


@pytest.mark.parametrize("game", GAMES)
def test_the_rows_marked_mutation_checked_are_those_with_mutations(game: str) -> None:
    rows = rule_rows(game)
    checked = set()
    for mutation in load(game):
        found = [row for row in rows if mutation.row in row.split(" | ")[0]]
        assert len(found) == 1, f"{mutation.row!r} is in {len(found)} rows of docs/{game}.md"
        assert MARK in found[0].split(" | ")[2], f"{mutation.row!r}: row not marked {MARK}"
        checked.add(found[0])
    assert {row for row in rows if MARK in row} == checked


def test_a_game_without_mutations_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["chess"])
    assert "no mutations for 'chess'" in capsys.readouterr().err
    assert main(["sabot", "--list", "--row", "air-drop"]) == 0
    assert "air-drop" in capsys.readouterr().out
