"""One line per action, read back by ``parse_action``."""

import pytest

from wargames import InvalidAction
from wargames.saw import Allocate, Assign, Attack, Done, Release, Saw, Step

GAME = Saw(army="gunships", weapons=2, coordination=True, variable_traits=True)
STATE = GAME.start(seed=1)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("b1 step ne", Step("blue", "b1", 1)),
        ("b2 step nw", Step("blue", "b2", 5)),
        ("r1 attack b2", Attack("red", "r1", "b2")),
        ("b1 attack r2 weapon 2", Attack("blue", "b1", "r2", 2)),
        ("b1 attack r2 coordinated", Attack("blue", "b1", "r2", 1, True)),
        ("b1 attack r2 weapon 2 coordinated", Attack("blue", "b1", "r2", 2, True)),
        ("b1 done", Done("blue", "b1")),
        ("b1 reallocate", Release("blue", "b1")),
        ("b1 assign 5 damage2", Assign("blue", "b1", "damage2", 5)),
        ("r2 lose 1 endurance", Allocate("red", "r2", "endurance", 1)),
    ],
)
def test_round_trip(text: str, action: object) -> None:
    assert GAME.parse_action(STATE, text) == action
    assert str(action) == text
    assert GAME.parse_action(STATE, "  " + text.upper() + " ") == action


def test_the_player_may_be_named() -> None:
    assert GAME.parse_action(STATE, "r1 done", "blue") == Done("blue", "r1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "cannot read"),
        ("b1", "cannot read"),
        ("x9 done", "there is no unit 'x9'"),
        ("b1 step up", "a step goes n ne se s sw nw"),
        ("b1 attack q1", "there is no unit 'q1'"),
        ("b1 attack r1 weapon two", "expected a number"),
        ("b1 attack r1 twice", "cannot read 'twice'"),
        ("b1 assign five evasion", "expected a number"),
        ("b1 fly", "cannot read"),
    ],
)
def test_bad_notation(text: str, message: str) -> None:
    with pytest.raises(InvalidAction, match=message):
        GAME.parse_action(STATE, text)
