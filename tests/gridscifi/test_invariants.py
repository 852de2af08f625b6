"""A loaded Grid SciFi state keeps every invariant, or is refused naming it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wargames.core.serialize import loads
from wargames.gridscifi import Activate, GridSciFi

from ..documents import assert_refused, document

GAME = GridSciFi(scenario="brawl")


def _document(active: bool = False) -> dict[str, Any]:
    state = GAME.start(3)
    if active:  # a unit activated: the activation is part of the document
        action = next(a for a in GAME.legal_actions(state, "blue") if isinstance(a, Activate))
        state = GAME.apply(state, action)
    return document(GAME, state)


def _unit(document: dict[str, Any]) -> dict[str, Any]:
    unit: dict[str, Any] = document["data"]["units"][0]
    return unit


def test_a_real_state_loads() -> None:
    assert loads(json.dumps(_document()), GAME) == GAME.start(3)


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (lambda d: _unit(d).update(profile="Dragon"), "'Dragon', not in blue's army list"),
        (lambda d: _unit(d).update(owner="green"), "belongs to 'green'"),
        (lambda d: _unit(d).update(damage=99), "99 damage"),
        (lambda d: _unit(d).update(id=4), "unit 0 has id 4"),
        (lambda d: _unit(d).update(square={"x": 99, "y": 0}), "off the table"),
        (lambda d: d["data"]["clock"].update(phase=99), "phase 99 is not one of"),
    ],
)
def test_an_impossible_state_is_refused(tamper: Any, problem: str) -> None:
    document = _document()
    tamper(document)
    assert_refused(GAME, document, problem)


def test_an_activation_aiming_a_weapon_the_unit_lacks_is_refused() -> None:
    document = _document(active=True)
    document["data"]["activation"]["aim"] = "x"
    assert_refused(GAME, document, "aims 'x', not one of its weapons")


def test_an_activation_halted_by_terrain_without_having_moved_is_refused() -> None:
    document = _document(active=True)
    document["data"]["activation"]["halted"] = True
    assert_refused(GAME, document, "moved False, halted True")
