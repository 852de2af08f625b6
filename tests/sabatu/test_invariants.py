"""A loaded Sabatu state keeps every invariant, or is refused naming it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wargames.core.serialize import loads
from wargames.sabatu import Sabatu

from ..documents import assert_refused, document

GAME = Sabatu(players=2)


def _document() -> dict[str, Any]:
    return document(GAME, GAME.start(3))


def test_a_real_state_loads() -> None:
    assert loads(json.dumps(_document()), GAME) == GAME.start(3)


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (lambda d: d["data"].update(dice_count=10**9), "1000000000 dice to roll"),
        (lambda d: d["data"].update(dice_count=-1), "-1 dice to roll"),
        (lambda d: d["data"].update(seat=7), "seat 7"),
        (lambda d: d["data"].update(round=0), "round 0"),
        (lambda d: d["data"].update(step="nap"), "unknown step 'nap'"),
        (lambda d: d["data"]["realms"][0].update(armies=[10**6]), "army off the board"),
        (lambda d: d["data"]["capitals"][0].update(owner=5), "belongs to seat 5"),
        (lambda d: d["data"]["capitals"][0].update(walls=-2), "-2 walls"),
        (lambda d: d["data"].update(realms=d["data"]["realms"][:1]), "1 realms for 2 players"),
    ],
)
def test_an_impossible_state_is_refused(tamper: Any, problem: str) -> None:
    document = _document()
    tamper(document)
    assert_refused(GAME, document, problem)
