"""``wargames render`` works for every registered game, third-party plugins included: the
start as SVG, showing everything and as each player sees it."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wargames
from wargames.cli import app
from wargames.render.svg import Drawable, render_game

runner = CliRunner(env={"COLUMNS": "400", "TERMINAL_WIDTH": "400"})
VIEWS = [
    (name, player)
    for name in wargames.available()
    for player in (None, *wargames.load(name).players)
]


@pytest.mark.parametrize(
    ("name", "player"), VIEWS, ids=[f"{name}-{player or 'all'}" for name, player in VIEWS]
)
def test_render_draws_the_start_of_every_game(
    tmp_path: Path, name: str, player: str | None
) -> None:
    out = tmp_path / f"{name}.svg"
    seen = ["--player", player] if player else []
    result = runner.invoke(app, ["render", name, "--svg", str(out), "--seed", "1", *seen])
    assert result.exit_code == 0, result.output
    assert f"wrote {out}" in result.output
    game = wargames.load(name)
    assert isinstance(game, Drawable)
    state = game.start(1)
    root = ET.parse(out).getroot()
    classes = [(e.get("class") or "").split()[:1] for e in root.iter()]
    assert classes.count(["cell"]) == len(game.board)
    assert classes.count(["token"]) == len(game.tokens(state, player))
    owners = {e.get("data-owner") for e in root.iter() if e.get("data-owner")}
    assert owners <= set(game.players)
    if player is not None:  # a picture tells the player nothing the view hides
        other = game.sample_state(state, player, random.Random(1))
        assert render_game(game, other, player) == render_game(game, state, player)


@pytest.mark.parametrize(("name", "player"), VIEWS, ids=[f"{n}-{p or 'all'}" for n, p in VIEWS])
def test_text_boards_show_no_python_reprs(name: str, player: str | None) -> None:
    game = wargames.load(name)
    text = game.describe(game.start(1), player)
    for bad in ("frozenset(", "<class", "None", "wargames."):
        assert bad not in text, f"{bad!r} in {name}'s board"
