"""A loaded SAW state keeps every invariant, or is refused naming it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wargames.core.serialize import loads
from wargames.saw import Saw

from ..documents import assert_refused, document

GAME = Saw()


def _document() -> dict[str, Any]:
    return document(GAME, GAME.start(3))


def _unit(document: dict[str, Any]) -> dict[str, Any]:
    unit: dict[str, Any] = document["data"]["units"][0]
    return unit


def test_a_real_state_loads() -> None:
    assert loads(json.dumps(_document()), GAME) == GAME.start(3)


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (lambda d: d["data"]["clock"].update(phase=99), "phase 99 is not one of"),
        (lambda d: _unit(d).update(weapons=2**40), "not the army's"),
        (lambda d: _unit(d).update(points=10**6), "not the army's"),
        (lambda d: _unit(d)["sheet"].update(traits=[50, 0, 0, 0, 0]), "exceed its points"),
        (lambda d: _unit(d)["sheet"].update(traits=[4, 4]), "2 traits for 1 weapons"),
        (lambda d: _unit(d).update(hex={"q": 500, "r": 500}), "off the map"),
        (lambda d: d["data"].update(units=d["data"]["units"][:1]), "1 units, not the game's 4"),
        (lambda d: d["data"].update(plots=d["data"]["plots"][:1]), "1 plots for 2 players"),
        (lambda d: d["data"].update(plots=d["data"]["plots"][::-1]), "plot 0 is red's, not blue's"),
        (lambda d: d["data"].update(diaries=[]), "0 diaries for 2 players"),
        (
            lambda d: d["data"].update(diaries=d["data"]["diaries"][::-1]),
            "diary 0 is red's, not blue's",
        ),
    ],
)
def test_an_impossible_state_is_refused(tamper: Any, problem: str) -> None:
    document = _document()
    tamper(document)
    assert_refused(GAME, document, problem)
