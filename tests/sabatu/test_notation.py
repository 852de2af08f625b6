"""Notation: every action prints and parses back; bad text is an InvalidAction."""

import pytest

from wargames.core.errors import InvalidAction
from wargames.sabatu import Arm, Buy, Counter, Hire, Move, Offer, Roll, Sail, SpendCoin

from .helpers import TWO, position

STATE = position(armies={"red": ["nw.5"], "blue": ["nw.7"]}, dice=[2])


@pytest.mark.parametrize(
    "action",
    [
        Move("red", "nw.5", 2, "nw.7"),
        Sail("red", "nw.13", "se.13", 4),
        Buy("red", "wall", "nw.capital"),
        Buy("red", "army"),
        SpendCoin("red", 3),
        Roll("red"),
        Arm("red", "sword"),
        Offer("red", "blue", coin=2),
        Offer("red", "blue", tile="ax"),
        Counter("red", "blue", tile="shield"),
        Hire("red", "ne.5"),
    ],
)
def test_round_trip(action: object) -> None:
    assert TWO.parse_action(STATE, str(action), "red") == action


def test_the_player_defaults_to_the_one_to_act() -> None:
    assert TWO.parse_action(STATE, "move nw.5 2 nw.7") == Move("red", "nw.5", 2, "nw.7")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fly away", "cannot read"),
        ("move nw.5 2 xx.9", "not on the board"),
        ("arm banana", "no Armory tile"),
        ("spend three", "expected a number"),
        ("", "cannot read"),
    ],
)
def test_bad_text(text: str, message: str) -> None:
    with pytest.raises(InvalidAction, match=message):
        TWO.parse_action(STATE, text, "red")


def test_an_unknown_partner_is_invalid() -> None:
    with pytest.raises(InvalidAction):
        TWO.parse_action(STATE, "offer mauve coin 2", "red")
