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
from wargames.render.svg import SVG_NAMESPACE as SVG
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


@pytest.mark.parametrize("name", wargames.available())
def test_labels_stay_readable_without_paint_order(name: str) -> None:
    game = wargames.load(name)
    assert isinstance(game, Drawable)
    picture = render_game(game, game.start(1), None)
    assert "paint-order" not in picture
    texts = list(ET.fromstring(picture).iter(f"{{{SVG}}}text"))
    for i, text in enumerate(texts):
        if "halo" in (text.get("class") or "").split():  # a white copy, then the label
            assert texts[i + 1].text == text.text
            assert "halo" not in (texts[i + 1].get("class") or "")


def test_sabatu_shows_its_regions_homes_and_ports() -> None:
    game = wargames.load("sabatu")
    assert isinstance(game, Drawable)
    root = ET.fromstring(render_game(game, game.start(1), "red"))
    words = {t.text for t in root.iter(f"{{{SVG}}}text")}
    regions = {t.text for t in root.iter(f"{{{SVG}}}text") if t.get("class") == "region"}
    assert regions == {"nw", "ne", "sw", "se"}
    board = game.board
    for port in board.ports:
        assert f"{board.node(port)} port" in words
    assert {"nw.home", "se.home", "nw.capital"} <= words


def test_grid_scifi_letters_its_units_and_names_their_types() -> None:
    game = wargames.load("gridscifi")
    assert isinstance(game, Drawable)
    state = game.start(1)
    root = ET.fromstring(render_game(game, state, "blue"))
    labels = {
        t.text
        for g in root.iter(f"{{{SVG}}}g")
        if g.get("class") == "token"
        for t in g.iter(f"{{{SVG}}}text")
        if not t.get("class")
    }
    notes = {t.text for t in root.iter(f"{{{SVG}}}text") if t.get("class") == "note"}
    board = game.describe(state, "blue")
    assert labels == {"A", "B", "C", "D", "E", "F", "G", "a", "b", "c", "d", "e", "f", "g", "h"}
    assert all(f" {label} " in board or f"{label}\n" in board for label in labels)
    assert {"Battle Tank", "Swarmlings", "Gunship"} <= notes
