"""The bots' heuristic (not a rule): material, pressure on the enemy Headquarters and an
immediate threat to one."""

import pytest

from wargames.core.game import balance
from wargames.sabotage import Sabotage
from wargames.sabotage.evaluation import PRESSURE, THREAT

GAME = Sabotage()


def test_a_side_without_a_headquarters_on_the_board_is_no_target() -> None:
    """Studies may leave out a Headquarters: pressure then counts only the pieces that have
    one to advance on (no error, no division by zero)."""
    state = GAME.position({"a1": "gH", "a2": "g5", "j9": "r1"})
    # Material 10 to 2; only red's 1 has a Headquarters to press, 9 + 8 = 17 steps from a1.
    pressure = balance(0, 1 / 17)
    position = (1 - PRESSURE) * balance(10, 2) + PRESSURE * pressure
    assert GAME.evaluate(state, "green") == pytest.approx((1 - THREAT) * position)
    assert GAME.evaluate(state, "red") == pytest.approx(-GAME.evaluate(state, "green"))
    neither = GAME.position({"a2": "g5", "j9": "r1"})
    assert GAME.evaluate(neither, "green") == pytest.approx(
        (1 - THREAT) * (1 - PRESSURE) * balance(10, 2)
    )


def _threat(pieces: dict[str, str], to_move: str) -> float:
    """Green's evaluation less what it would be without the threat term."""
    state = GAME.position(pieces, to_move=to_move)
    material = {"green": 0, "red": 0}
    for code in pieces.values():
        material["green" if code[0] == "g" else "red"] += {"H": 0, "1": 2, "5": 10}[code[1]]
    return GAME.evaluate(state, "green") - (1 - THREAT) * (1 - PRESSURE) * balance(
        material["green"], material["red"]
    )


def test_a_piece_next_to_a_headquarters_threatens_it_when_its_side_moves_first() -> None:
    """A piece moves one square a turn, so only a piece next to the enemy Headquarters may
    capture it this turn; the side that moves first wins the race."""
    # Red's 1 stands next to green's Headquarters on a1.
    attacked = {"a1": "gH", "a2": "r1", "h8": "rH", "d4": "g5"}
    assert _threat(attacked, "red") == pytest.approx(-THREAT, abs=PRESSURE * (1 - THREAT))
    # Green moves first and is not threatening: still lost unless it acts (its 5 is far).
    assert _threat(attacked, "green") == pytest.approx(-THREAT, abs=PRESSURE * (1 - THREAT))
    # Green's 5 next to red's Headquarters, green to move: green captures first.
    both = {**attacked, "d4": "g1", "h7": "g5"}
    assert _threat(both, "green") == pytest.approx(THREAT, abs=PRESSURE * (1 - THREAT))
    assert _threat(both, "red") == pytest.approx(-THREAT, abs=PRESSURE * (1 - THREAT))
    # One square further off there is no threat, only pressure.
    apart = {"a1": "gH", "a3": "r1", "h8": "rH", "d4": "g5"}
    assert abs(_threat(apart, "red")) < PRESSURE * (1 - THREAT)


def test_a_piece_that_has_moved_this_turn_threatens_nothing_until_the_next() -> None:
    """ "A piece can only move ... to an adjacent space" once a turn ("You must move two
    pieces per turn"): green's 5 stepping next to red's Headquarters threatens it only once
    red has moved, though green still has a move to make."""
    pieces = {"a1": "gH", "d4": "g1", "h8": "rH", "a8": "r1"}
    standing = GAME.position({**pieces, "h7": "g5"})
    before = GAME.position({**pieces, "g7": "g5"})
    stepped = GAME.apply(before, GAME.parse_action(before, "g7-h7", "green"))
    assert GAME.to_act(stepped) == {"green"}
    assert _threat({**pieces, "h7": "g5"}, "green") == pytest.approx(
        THREAT, abs=PRESSURE * (1 - THREAT)
    )
    # The same pieces on the same squares: only the threat differs.
    assert GAME.evaluate(stepped, "green") == pytest.approx(
        GAME.evaluate(standing, "green") - THREAT
    )
