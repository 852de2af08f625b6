"""The bots' heuristic (not a rule): material, and pressure on the enemy Headquarters."""

import pytest

from wargames.core.game import balance
from wargames.sabotage import Sabotage

GAME = Sabotage()


def test_a_side_without_a_headquarters_on_the_board_is_no_target() -> None:
    """Studies may leave out a Headquarters: pressure then counts only the pieces that have
    one to advance on (no error, no division by zero)."""
    state = GAME.position({"a1": "gH", "a2": "g5", "j9": "r1"})
    # Material 10 to 2; only red's 1 has a Headquarters to press, 9 + 8 = 17 steps from a1.
    pressure = balance(0, 1 / 17)
    assert GAME.evaluate(state, "green") == pytest.approx(0.9 * balance(10, 2) + 0.1 * pressure)
    assert GAME.evaluate(state, "red") == pytest.approx(-GAME.evaluate(state, "green"))
    neither = GAME.position({"a2": "g5", "j9": "r1"})
    assert GAME.evaluate(neither, "green") == pytest.approx(0.9 * balance(10, 2))
