"""The action notation: every action prints and parses back to itself."""

import pytest

from wargames import InvalidAction
from wargames.gridscifi import (
    Activate,
    Aim,
    BailOut,
    CallReserve,
    Channel,
    Deploy,
    Embark,
    EndActivation,
    EndTurn,
    GridSciFi,
    HoldGround,
    LeaveTable,
    Overwatch,
    Place,
    Reroll,
    ReturnFire,
    Step,
    TakeCover,
    Target,
    Unpin,
)
from wargames.gridscifi.state import ACTION_TYPES

from .helpers import sq

GAME = GridSciFi()
STATE = GAME.start(seed=1)

EXAMPLES = [
    (Activate("blue", 3), "activate #3"),
    (Reroll("blue", (2, 4)), "reroll 2 4"),
    (Step("blue", sq("c4")), "move c4"),
    (Embark("blue", 7), "embark #7"),
    (LeaveTable("blue"), "leave table"),
    (Unpin("blue"), "unpin"),
    (Overwatch("blue"), "overwatch"),
    (Aim("blue", "missile-launcher"), "fire missile-launcher"),
    (Target("blue", 12), "at #12"),
    (Target("blue", 12, intense=True), "at #12 intense"),
    (Channel("blue", 3), "dice 3"),
    (TakeCover("blue"), "take cover"),
    (HoldGround("blue"), "no cover"),
    (ReturnFire("blue", "rifles"), "return fire rifles"),
    (ReturnFire("blue", "mind-blast", 2), "return fire mind-blast dice 2"),
    (EndActivation("blue"), "end activation"),
    (CallReserve("blue", 5, 1), "arrive #5 rank 1"),
    (Place("blue", sq("c1")), "place c1"),
    (BailOut("blue", sq("c3")), "bail out c3"),
    (Deploy("blue", sq("b2")), "deploy b2"),
    (EndTurn("blue"), "end turn"),
]


def test_every_action_type_has_an_example() -> None:
    assert {type(action) for action, _ in EXAMPLES} == set(ACTION_TYPES)


@pytest.mark.parametrize(("action", "text"), EXAMPLES, ids=[text for _, text in EXAMPLES])
def test_notation_round_trips(action: object, text: str) -> None:
    assert str(action) == text
    assert GAME.parse_action(STATE, text, "blue") == action
    assert GAME.parse_action(STATE, "  " + text.upper() + " ") == action, "blue is to act"


@pytest.mark.parametrize("text", ["", "move", "move z9", "at 12", "fly away", "reroll 7"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidAction):
        GAME.parse_action(STATE, text, "blue")
