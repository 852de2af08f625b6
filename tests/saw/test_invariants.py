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


# -- the conservation laws --------------------------------------------------------------------


def _destroy(unit: dict[str, Any]) -> None:
    """``unit`` as the damage phase leaves a destroyed unit: zero traits, off the map."""
    unit.update(hex=None, damaged=True)
    unit["sheet"]["traits"] = [0] * len(unit["sheet"]["traits"])


def test_a_destroyed_unit_is_a_real_state() -> None:
    document_ = _document()
    _destroy(_unit(document_))
    assert loads(json.dumps(document_), GAME).units[0].alive is False


def _destroyed_on_the_map(unit: dict[str, Any]) -> None:
    _destroy(unit)
    unit["hex"] = {"q": 0, "r": 2}


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (lambda u: u["sheet"].update(traits=[4, 4, 4, 4, 3]), "b1 is undamaged with 19 of its 20"),
        (lambda u: u["sheet"].update(pool=1), "b1 is undamaged with 21 of its 20 points"),
        (lambda u: u.update(damaged=True), "b1 is damaged with all 20 of its points"),
        (lambda u: u.update(hex=None), "b1 is off the map, but no hit has damaged it"),
        (
            lambda u: (u.update(hex=None, damaged=True), u["sheet"].update(traits=[4, 4, 4, 4, 0])),
            r"b1 is off the map \(destroyed\) with 16 points left",
        ),
        (_destroyed_on_the_map, "b1 is on the map with 0 points left"),
    ],
)
def test_a_unit_that_lost_or_gained_points_unseen_is_refused(tamper: Any, problem: str) -> None:
    document_ = _document()
    tamper(_unit(document_))
    assert_refused(GAME, document_, problem)


def test_a_game_going_on_with_one_side_standing_is_refused() -> None:
    document_ = _document()
    for unit in document_["data"]["units"]:
        if unit["owner"] == "red":
            _destroy(unit)
    assert_refused(GAME, document_, r"the game goes on with 1 side\(s\) on the map")


def test_a_last_side_standing_that_does_not_stand_alone_is_refused() -> None:
    document_ = _document()
    document_["data"]["result"] = {"reason": "last side standing", "winners": ["red"]}
    assert_refused(GAME, document_, r"by the last side standing, but \['blue', 'red'\] stand")


def test_a_view_keeps_the_laws_it_can_see() -> None:
    view = GAME.view(GAME.start(3), "blue")
    assert loads(json.dumps(document(GAME, view)), GAME) == view
    document_ = document(GAME, view)
    enemy = next(u for u in document_["data"]["units"] if u["owner"] == "red")
    assert enemy["sheet"] == {"?": "hidden"}
    enemy["hex"] = None
    assert_refused(GAME, document_, "r1 is off the map, but no hit has damaged it")
