"""A loaded Sabotage state keeps every invariant, or is refused naming it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wargames.core.serialize import loads
from wargames.sabotage import MiniSabotage

from ..documents import assert_refused, document

GAME = MiniSabotage()


def _document() -> dict[str, Any]:
    return document(GAME, GAME.start(3))


def _pieces(document: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return [(i, c) for i, c in enumerate(document["data"]["cells"]) if c is not None]


def _copy_piece_to_an_empty_square(document: dict[str, Any]) -> None:
    cells = document["data"]["cells"]
    _, piece = _pieces(document)[0]
    cells[cells.index(None)] = dict(piece)


def test_a_real_state_loads() -> None:
    assert loads(json.dumps(_document()), GAME) == GAME.start(3)


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (_copy_piece_to_an_empty_square, r"piece \d+ is in 2 places"),
        (lambda d: d["data"].update(cells=d["data"]["cells"][:10]), "10 cells for a board of"),
        (lambda d: _pieces(d)[0][1].update(owner="blue"), "belongs to 'blue'"),
        (lambda d: _pieces(d)[0][1].update(left=999), "left square 999"),
        (lambda d: _pieces(d)[0][1].update(left_turn=99), "moved in turn 99, now 1"),
        (
            lambda d: d["data"].update(moved=[_pieces(d)[0][1]["id"]]),
            r"piece \d+ moved in turn 0, now 1",
        ),
        (lambda d: d["data"].update(quiet=-3), "-3 quiet turns"),
        (lambda d: d["data"].update(deployed=-1), "-1 pieces deployed"),
        (lambda d: d["data"]["clock"].update(phase=99), "phase 99 is not one of"),
    ],
)
def test_an_impossible_state_is_refused(tamper: Any, problem: str) -> None:
    document = _document()
    tamper(document)
    assert_refused(GAME, document, problem)


def test_more_pieces_of_a_kind_than_the_army_has_are_refused() -> None:
    document = _document()
    cells = document["data"]["cells"]
    index, piece = _pieces(document)[0]
    for spare in (i for i, c in enumerate(cells) if c is None and i != index):
        cells[spare] = {**piece, "id": 900 + spare}
        break
    assert_refused(GAME, document, r"green has \d+ .*, the army \d+")
