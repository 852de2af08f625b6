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
        (_copy_piece_to_an_empty_square, r"piece \d+ is in 2 places: on the board, on the"),
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


# -- the conservation laws --------------------------------------------------------------------


def _played(game: MiniSabotage = GAME) -> Any:
    """A real game that has seen a capture, neither Headquarters taken."""
    state = game.start(5)
    while not state.captured:
        player = next(iter(game.to_act(state)))
        state = game.apply(state, game.legal_actions(state, player)[-1])
    assert game.outcome(state) is None
    return state


def _remove(document: dict[str, Any], piece: int) -> None:
    cells = document["data"]["cells"]
    cells[next(i for i, c in enumerate(cells) if c is not None and c["id"] == piece)] = None


def _deployed_event(document: dict[str, Any], piece: int) -> dict[str, Any]:
    log = document["data"]["log"]
    return next(e for e in log if e["type"] == "Deployed" and e["piece"] == piece)


def _headquarters(document: dict[str, Any], owner: str) -> dict[str, Any]:
    cells = document["data"]["cells"]
    return next(c for c in cells if c and c["owner"] == owner and c["kind"] == "H")


def _capture_headquarters(document: dict[str, Any], owner: str) -> None:
    piece = _headquarters(document, owner)
    _remove(document, piece["id"])
    document["data"]["captured"].append({**piece, "revealed": True})


def test_a_played_state_and_its_views_load() -> None:
    state = _played()
    assert loads(json.dumps(document(GAME, state)), GAME) == state
    for player in GAME.players:
        view = GAME.view(state, player)
        assert loads(json.dumps(document(GAME, view)), GAME) == view


def test_a_piece_gone_from_the_board_uncaptured_is_refused() -> None:
    document_ = document(GAME, _played())
    _remove(document_, 1000)
    assert_refused(GAME, document_, r"piece 1000 is nowhere \(on the board nor captured\)")


def test_a_piece_gone_with_its_set_up_is_refused_by_the_army_count() -> None:
    document_ = document(GAME, _played())
    _remove(document_, 1000)
    document_["data"]["log"].remove(_deployed_event(document_, 1000))
    assert_refused(GAME, document_, "red's army: 19 in all, the list has 20")


def test_a_piece_never_set_up_is_refused() -> None:
    document_ = document(GAME, _played())
    document_["data"]["log"].remove(_deployed_event(document_, 1000))
    assert_refused(GAME, document_, r"piece 1000 is not among the game's")


def test_a_piece_both_on_the_board_and_captured_is_refused() -> None:
    document_ = document(GAME, _played())
    document_["data"]["captured"].append(dict(_pieces(document_)[0][1]))
    assert_refused(GAME, document_, r"piece \d+ is in 2 places: on the board, captured")


def test_an_army_of_the_wrong_mix_is_refused() -> None:
    document_ = document(GAME, GAME.start(3))
    _headquarters(document_, "green")["kind"] = "5"
    assert_refused(GAME, document_, "green's army: 2 5-star General, the list has 1")


@pytest.mark.parametrize("owners", [("green",), ("green", "red")])
def test_a_captured_headquarters_with_play_going_on_is_refused(owners: tuple[str, ...]) -> None:
    document_ = document(GAME, _played())
    for owner in owners:
        _capture_headquarters(document_, owner)
    assert_refused(GAME, document_, "green's Headquarters is captured, but the game is not over")


def test_a_captured_headquarters_in_a_game_won_otherwise_is_refused() -> None:
    document_ = document(GAME, _played())
    _capture_headquarters(document_, "green")
    document_["data"]["result"] = {"reason": "green cannot move", "winners": ["red"]}
    assert_refused(GAME, document_, "green's Headquarters is captured, but the game is red won")


def test_a_headquarters_win_without_a_captured_headquarters_is_refused() -> None:
    document_ = document(GAME, _played())
    document_["data"]["result"] = {"reason": "captured the Headquarters", "winners": ["red"]}
    assert_refused(GAME, document_, "won because captured the Headquarters, but none is captured")


def test_an_all_captured_win_with_a_movable_piece_left_is_refused() -> None:
    document_ = document(GAME, _played())
    document_["data"]["result"] = {"reason": "captured every movable piece", "winners": ["red"]}
    assert_refused(GAME, document_, "captured every movable piece, but green has one on the board")


def test_a_view_missing_an_unidentified_piece_is_refused() -> None:
    view = GAME.view(_played(), "green")
    document_ = document(GAME, view)
    hidden = next(c for c in document_["data"]["cells"] if c and c["kind"] == {"?": "hidden"})
    _remove(document_, hidden["id"])
    document_["data"]["log"].remove(_deployed_event(document_, hidden["id"]))
    assert_refused(GAME, document_, "red's army: 19 in all, the list has 20")


def test_a_study_sets_its_own_pieces() -> None:
    study = GAME.position({"d4": "g3", "d5": "r1", "a1": "gH", "h8": "rH"})
    assert loads(json.dumps(document(GAME, study)), GAME) == study
