"""A loaded SABOT state keeps every invariant, or is refused naming it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wargames.core.serialize import loads
from wargames.sabot import Sabot

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
