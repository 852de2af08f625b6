"""A loaded Sabatu state keeps every invariant, or is refused naming it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wargames.core.hidden import is_hidden
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
        (lambda d: d["data"]["capitals"][0].update(armies=-2), "-2 armies"),
        (lambda d: d["data"].update(realms=d["data"]["realms"][:1]), "1 realms for 2 players"),
    ],
)
def test_an_impossible_state_is_refused(tamper: Any, problem: str) -> None:
    document = _document()
    tamper(document)
    assert_refused(GAME, document, problem)


# -- the conservation laws --------------------------------------------------------------------


def _tile_to_hand(document: dict[str, Any], seat: int = 0, tile: str = "ax") -> None:
    """Draw ``tile`` from the Armory bag into the hand of ``seat`` (a legitimate change)."""
    document["data"]["armory"]["items"].remove(tile)
    document["data"]["realms"][seat]["tiles"].append(
        {"known_to": [GAME.players[seat]], "value": tile}
    )


def _card_to_discards(document: dict[str, Any], deck: str = "conquest") -> None:
    cards = document["data"][deck]
    cards["discards"].append(cards["cards"].pop(0))


def test_components_moved_between_their_places_load() -> None:
    document_ = _document()
    _tile_to_hand(document_)
    _card_to_discards(document_)
    document_["data"]["realms"][0]["coins"].append(5)
    document_["data"]["spoils"]["items"].remove(5)
    state = loads(json.dumps(document_), GAME)
    view = GAME.view(state, "blue")
    assert is_hidden(view.realms[0].tiles[0])
    assert loads(json.dumps(document(GAME, view)), GAME) == view


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (
            lambda d: d["data"]["realms"][1].update(coins=[]),
            "Spoils coins: 47 in all, the list has 48",
        ),
        (
            lambda d: d["data"]["realms"][1].update(coins=[5] * 5),
            "Spoils coins: 9 of value 5, the list has 4",
        ),
        (
            lambda d: d["data"]["armory"]["items"].remove("ax"),
            "Armory tiles: 45 in all, the list has 46",
        ),
        (
            lambda d: d["data"]["realms"][0]["tiles"].append({"known_to": ["red"], "value": "ax"}),
            "Armory tiles: 5 ax, the list has 4",
        ),
        (
            lambda d: d["data"]["conquest"]["cards"].pop(),
            "Conquest cards: 21 in all, the list has 22",
        ),
        (
            lambda d: d["data"]["destiny"]["discards"].append("Ambush"),
            "Destiny cards: 2 Ambush, the list has 1",
        ),
        (
            lambda d: d["data"]["realms"][0].update(armies=[17] * 9),
            "seat 0 has 9 armies, of 8 pawns",
        ),
        (
            lambda d: d["data"]["capitals"][0].update(owner=0),
            "capital 0 is held by seat 0 with 0 armies",
        ),
        (
            lambda d: d["data"]["capitals"][0].update(armies=2),
            "capital 0 is held by seat -1 with 2 armies",
        ),
        (
            lambda d: d["data"]["capitals"][0].update(owner=0, armies=1, builders=[0, 1] * 3),
            "capital 0 has 6 walls, at most 4",
        ),
        (
            lambda d: [
                d["data"]["capitals"][number].update(owner=1, armies=1, builders=walls)
                for number, walls in ((0, [0, 0, 0]), (1, [0, 0]))
            ],
            "Capital walls: 5 built by red, the list has 4",
        ),
        (
            lambda d: d["data"]["capitals"][0].update(owner=0, armies=1, builders=[6]),
            "Capital walls: 1 built by seat 6, the list has 0",
        ),
    ],
)
def test_a_component_appearing_or_vanishing_is_refused(tamper: Any, problem: str) -> None:
    document_ = _document()
    tamper(document_)
    assert_refused(GAME, document_, problem)


def _view_document() -> dict[str, Any]:
    state_document = _document()
    _tile_to_hand(state_document)
    state = loads(json.dumps(state_document), GAME)
    return document(GAME, GAME.view(state, "blue"))


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (lambda d: d["data"]["spoils"]["items"].pop(), "Spoils coins: 47 in all"),
        (
            lambda d: d["data"]["conquest"]["discards"].extend(["Plague", "Plague"]),
            "Conquest cards: 2 Plague, the list has 1",
        ),
        (
            lambda d: d["data"]["realms"][1]["tiles"].extend(
                [{"known_to": ["blue"], "value": "ax"}] * 5
            ),
            "Armory tiles: 5 ax, the list has 4",
        ),
        (
            lambda d: d["data"]["realms"][0]["tiles"].extend([{"?": "hidden"}] * 46),
            "Armory tiles: 47 in all, the list has 46",
        ),
    ],
)
def test_a_view_breaking_a_law_it_can_see_is_refused(tamper: Any, problem: str) -> None:
    document_ = _view_document()
    tamper(document_)
    assert_refused(GAME, document_, problem)
