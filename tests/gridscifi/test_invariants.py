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


# -- the conservation laws --------------------------------------------------------------------


def _units(document: dict[str, Any]) -> list[dict[str, Any]]:
    units: list[dict[str, Any]] = document["data"]["units"]
    return units


def _set_up(document: dict[str, Any]) -> list[dict[str, Any]]:
    units: list[dict[str, Any]] = document["data"]["log"][0]["units"]
    return units


def _named(document: dict[str, Any], profile: str) -> dict[str, Any]:
    return next(u for u in _units(document) if u["profile"] == profile)


def test_a_unit_gone_from_the_state_is_refused() -> None:
    document_ = _document()
    _units(document_).pop()
    assert_refused(GAME, document_, "19 units, but 20 were set up")


def test_a_unit_that_changed_into_another_is_refused() -> None:
    document_ = _document()
    _named(document_, "Battle Squad")["profile"] = "Battle Tank"
    assert_refused(GAME, document_, r"unit \d+ is blue's Battle Tank, set up as blue's")


def test_an_army_with_more_of_a_unit_than_its_list_is_refused() -> None:
    document_ = _document()
    extra = {**_named(document_, "Battle Tank"), "id": 20}
    _units(document_).append(extra)
    _set_up(document_).append(extra)
    assert_refused(GAME, document_, "blue's army: 2 Battle Tank, the list has 1")


def _embark(document: dict[str, Any], unit: dict[str, Any], carrier: int) -> None:
    unit.update(status="embarked", carrier=carrier, square=None, revealed=False)


def test_an_overloaded_transport_is_refused() -> None:
    document_ = _document()
    carrier = _named(document_, "Carrier")["id"]
    room = GAME.field.armies["blue"].profiles["Carrier"].capacity
    squads = [u for u in _units(document_) if u["profile"] == "Battle Squad"]
    assert room < len(squads) + 1  # the one aboard and the squads: more than its room
    for squad in squads:
        _embark(document_, squad, carrier)
    assert_refused(
        GAME, document_, rf"unit {carrier} carries {len(squads) + 1} units, room for {room}"
    )


def test_a_vehicle_riding_in_a_transport_is_refused() -> None:
    document_ = _document()
    _embark(document_, _named(document_, "Gunship"), _named(document_, "Carrier")["id"])
    assert_refused(GAME, document_, r"unit \d+ is embarked, but only troop units ride")


def test_a_game_going_on_without_one_side_is_refused() -> None:
    document_ = _document()
    for unit in _units(document_):
        if unit["owner"] == "red":
            unit.update(status="destroyed", square=None)
    assert_refused(GAME, document_, "the game goes on, but red has no unit left")


def test_an_annihilation_with_both_sides_left_is_refused() -> None:
    document_ = _document()
    document_["data"]["result"] = {"reason": "destroyed the enemy", "winners": ["red"]}
    assert_refused(GAME, document_, r"but \['blue', 'red'\] have units left")


def test_a_view_keeps_the_laws_it_can_see() -> None:
    view = GAME.view(GAME.start(3), "blue")
    assert loads(json.dumps(document(GAME, view)), GAME) == view
    document_ = document(GAME, view)
    hidden = [u for u in _units(document_) if u["profile"] == {"?": "hidden"}]
    assert hidden
    _units(document_).remove(hidden[-1])
    assert_refused(GAME, document_, "19 units, but 20 were set up")


def test_an_annihilation_won_by_the_side_left_loads() -> None:
    document_ = _document()
    for unit in _units(document_):
        if unit["owner"] == "red":
            unit.update(status="destroyed", square=None)
    document_["data"]["result"] = {"reason": "destroyed the enemy", "winners": ["blue"]}
    assert loads(json.dumps(document_), GAME).result is not None
