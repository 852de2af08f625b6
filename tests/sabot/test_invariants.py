"""A loaded SABOT state keeps every invariant, or is refused naming it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wargames.core.serialize import loads
from wargames.sabot import Sabot, SabotState
from wargames.sabot.state import Buy
from wargames.testing import bot_match

from ..documents import assert_refused, document

GAME = Sabot(build_points=60)


def _document() -> dict[str, Any]:
    return document(GAME, GAME.start(3))


def _on_map(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [u for u in document["data"]["units"] if u.get("hex", -1) >= 0]


def test_a_real_state_loads() -> None:
    assert loads(json.dumps(_document()), GAME) == GAME.start(3)


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (lambda d: _on_map(d)[0].update(hex=1_000_000), "off the map"),
        (lambda d: _on_map(d)[0].update(hex=-7), "off the map"),
        (lambda d: _on_map(d)[1].update(hex=_on_map(d)[0]["hex"]), "2 counters stand on hex"),
        (lambda d: _on_map(d)[0].update(kind="TANK"), "unknown kind 'TANK'"),
        (lambda d: _on_map(d)[0].update(facing=9), "faces 9"),
        (lambda d: _on_map(d)[0].update(owner="red"), "belongs to 'red'"),
        (lambda d: _on_map(d)[0].update(status="sleeping"), "unknown status"),
        (lambda d: _on_map(d)[0].update(ammo=99), "99 shots"),
        (lambda d: d["data"]["units"][0].update(id=5), "counter 0 has id 5"),
        (lambda d: d["data"]["clock"].update(phase=99), "phase 99 is not one of"),
    ],
)
def test_an_impossible_state_is_refused(tamper: Any, problem: str) -> None:
    document = _document()
    tamper(document)
    assert_refused(GAME, document, problem)


def _view_document() -> dict[str, Any]:
    return document(GAME, GAME.view(GAME.start(3), "blue"))


def _concealed(document: dict[str, Any]) -> dict[str, Any]:
    return next(u for u in document["data"]["units"] if u["kind"] == {"?": "hidden"})


def test_a_real_view_loads() -> None:
    view = GAME.view(GAME.start(3), "blue")
    assert loads(json.dumps(_view_document()), GAME) == view


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (lambda d: _concealed(d).update(revealed=True), "right side up, but its kind is hidden"),
        (lambda d: _concealed(d).update(owner="blue"), "counters of blue and yellow hide"),
    ],
)
def test_an_impossible_view_is_refused(tamper: Any, problem: str) -> None:
    document = _view_document()
    tamper(document)
    assert_refused(GAME, document, problem)


# -- the conservation laws --------------------------------------------------------------------
# Sabot(build_points=60).start(3): blue has four SPA and two decoys (counters 0-5), yellow four
# HTD and two decoys (6-11), every counter logged as placed before the first player-1 roll.


def _units(document: dict[str, Any]) -> list[dict[str, Any]]:
    units: list[dict[str, Any]] = document["data"]["units"]
    return units


def _of(document: dict[str, Any], owner: str, kind: str) -> list[dict[str, Any]]:
    return [u for u in _units(document) if u["owner"] == owner and u["kind"] == kind]


def _extra_decoy(document: dict[str, Any]) -> None:
    """A third blue decoy, left out at set-up (logged as such)."""
    decoy = {**_of(document, "blue", "DECOY")[0], "id": 12, "status": "gone", "hex": -1}
    _units(document).append(decoy)
    document["data"]["log"].insert(0, {"type": "Removed", "unit": 12, "why": "not set up"})


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (lambda d: _units(d).pop(), r"counters \[11\] were set up, but are not in the state"),
        (
            lambda d: _of(d, "blue", "SPA")[0].update(kind="MBT"),
            r"blue's starting counters are not whole platoons \(II\)",
        ),
        (
            lambda d: [u.update(kind="HVT", ammo=0) for u in _of(d, "blue", "SPA")],
            "blue's army costs 80 build points, of 60",
        ),
        (_extra_decoy, "blue has 3 decoys, of 2"),
        (
            lambda d: _of(d, "blue", "DECOY")[0].update(revealed=True),
            r"decoy \d+ is scouted but not removed from the map",
        ),
        (
            lambda d: _of(d, "blue", "DECOY")[0].update(arrived=1),
            r"decoy \d+ arrived as a reinforcement in turn 1",
        ),
        (
            lambda d: _on_map(d)[0].update(status="destroyed", hex=-1),
            "counter 0 is Destroyed off the map",
        ),
        (
            lambda d: _on_map(d)[0].update(status="unplaced", hex=-1),
            "counter 0 is not set up in the movement phase",
        ),
        (
            lambda d: _on_map(d)[0].update(status="unplaced"),
            r"counter 0 is not set up, but stands on hex \d+",
        ),
        (
            lambda d: d["data"].update(result={"reason": "annihilation", "winners": ["blue"]}),
            r"but \['blue', 'yellow'\] have units left",
        ),
    ],
)
def test_a_counter_appearing_vanishing_or_changing_is_refused(tamper: Any, problem: str) -> None:
    document_ = _document()
    tamper(document_)
    assert_refused(GAME, document_, problem)


REINFORCED = Sabot(build_points=60, reinforcements=60)


def _reinforced() -> dict[str, Any]:
    """Yellow, in turn 1's reinforcement phase, has bought a platoon of soldiers (30 points,
    counters 12-15, arrived in turn 1): 30 points are left in its purse."""
    state = REINFORCED.start(3)
    state = REINFORCED.apply(state, Buy("yellow", "SOLDIERS"))
    return document(REINFORCED, state)


def test_a_real_reinforcement_loads() -> None:
    document_ = _reinforced()
    state = loads(json.dumps(document_), REINFORCED)
    assert [u.arrived for u in state.units[12:]] == [1, 1, 1, 1]
    view = REINFORCED.view(state, "blue")
    assert loads(json.dumps(document(REINFORCED, view)), REINFORCED) == view


def _arrival(document: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in document["data"]["log"] if e["type"] == "Arrived")


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (
            lambda d: d["data"]["purses"][1].update(points=40),
            "yellow spent 30 and has 40 reinforcement points, of 60",
        ),
        (
            lambda d: d["data"]["log"].remove(_arrival(d)),
            "counter 12 arrived in turn 1, but nobody bought it",
        ),
        (
            lambda d: _units(d)[12].update(kind="MBT", ammo=0),
            r"yellow's reinforcements \[12, 13, 14, 15\] are not one platoon",
        ),
        (
            lambda d: _units(d).pop(),
            r"yellow bought counters \[12, 13, 14, 15\], not all in the state",
        ),
        (
            lambda d: _units(d)[13].update(arrived=2),
            r"counters \[12, 13, 14, 15\] arrived together, not yellow's of a turn",
        ),
    ],
)
def test_reinforcements_bought_out_of_nothing_are_refused(tamper: Any, problem: str) -> None:
    document_ = _reinforced()
    tamper(document_)
    assert_refused(REINFORCED, document_, problem)


def test_a_study_sets_its_own_counters() -> None:
    study = GAME.position([("blue", "MBT", "1101", 0), ("yellow", "INF", "0501", 3)])
    assert loads(json.dumps(document(GAME, study)), GAME) == study


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (lambda d: _units(d).pop(), r"counters \[11\] were set up, but are not in the state"),
        (
            lambda d: _of(d, "blue", "SPA")[0].update(kind="MBT"),
            "blue's starting counters are not whole platoons",
        ),
    ],
)
def test_a_view_breaking_a_law_it_can_see_is_refused(tamper: Any, problem: str) -> None:
    document_ = _view_document()
    tamper(document_)
    assert_refused(GAME, document_, problem)


def test_an_annihilation_won_by_the_side_left_loads() -> None:
    document_ = _document()
    for unit in _units(document_):
        if unit["owner"] == "blue" and unit["kind"] != "DECOY":
            unit["status"] = "gone"
    document_["data"]["result"] = {"reason": "annihilation", "winners": ["yellow"]}
    assert loads(json.dumps(document_), GAME).result is not None


def test_a_game_won_as_its_turn_ended_keeps_that_turns_purses() -> None:
    """The soak's invariant violation (``wargames simulate sabot -n 1 --seed 14 --players
    random,random --max-actions 150`` on ``open:20x3``, no build points, 5000 reinforcement
    points a turn): blue bought six platoons (320 points) in turn 1, yellow none, and blue won
    by annihilation as turn 1 ended (VIII).  The clock stands in turn 2, but no turn 2 began:
    the purses are turn 1's, and blue's 4680 points are what its purchases left."""
    game = Sabot(map="open:20x3", build_points=0, decoys=0, reinforcements=5000, max_turns=8532)
    final = bot_match(game, ("random", "random"), seed=14, max_steps=108).states[-1]
    assert isinstance(final, SabotState)
    assert final.result is not None
    assert final.result.winners == {"blue"}
    assert final.clock.turn == 2
    assert final.purses[0].points == 4680
    assert list(game.violations(final)) == []
    assert loads(json.dumps(document(game, final)), game) == final
