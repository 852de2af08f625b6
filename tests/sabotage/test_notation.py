"""One readable notation: ``b2-b3``, ``a1=H``, ``a2=-``, ``offer draw``; it round-trips."""

import pytest
from hypothesis import given

from wargames import InvalidAction
from wargames.sabotage import AcceptDraw, Deploy, Kind, OfferDraw, SabotageState
from wargames.testing import states

from .helpers import move, sq, variant

GAME = variant("SM")


def test_writing_actions() -> None:
    assert str(move("b2-b3")) == "b2-b3"
    assert str(Deploy("green", sq("a1"), Kind.HEADQUARTERS)) == "a1=H"
    assert str(Deploy("red", sq("h8"), None)) == "h8=-"
    assert str(OfferDraw("green")) == "offer draw"


def test_reading_actions() -> None:
    state = GAME.start(seed=0)
    assert GAME.parse_action(state, "b2-b3") == move("b2-b3")
    assert GAME.parse_action(state, "  B2 x B3 ") == move("b2-b3"), "x for an attack, any case"
    assert GAME.parse_action(state, "Offer  Draw") == OfferDraw("green")
    assert GAME.parse_action(state, "accept draw", "red") == AcceptDraw("red")
    setup = GAME.start(seed=0, deploy=False)
    assert GAME.parse_action(setup, "a1=5") == Deploy("green", sq("a1"), Kind.GENERAL_5)
    assert GAME.parse_action(setup, "a1=-") == Deploy("green", sq("a1"), None)


@pytest.mark.parametrize("text", ["", "b2", "b2-", "z9-z10", "a1=Q", "offer", "b2-b3-b4", "i1-i2"])
def test_unreadable_text_raises_invalid_action(text: str) -> None:
    with pytest.raises(InvalidAction):
        GAME.parse_action(GAME.start(seed=0), text)


def test_unknown_player_is_refused() -> None:
    with pytest.raises(InvalidAction, match="There is no player"):
        GAME.parse_action(GAME.start(seed=0), "b2-b3", "blue")


@given(states(GAME, max_steps=30))
def test_every_legal_action_round_trips(state: SabotageState) -> None:
    for player in GAME.to_act(state):
        for action in GAME.legal_actions(state, player):
            assert GAME.parse_action(state, str(action), player) == action
