"""What SABOT tells search bots about its turn (:meth:`Sabot.decision`): a unit's move and
its shots are decided as a whole, one unit after another (VI-a, VII-a)."""

from wargames.sabot.state import Select

from .helpers import field, play

GAME = field(20, 20)


def test_a_units_move_is_one_decision_and_the_next_unit_another() -> None:
    """Each step of a move decides the same thing; selecting a unit, the next unit's move
    and its shots in the attack phase each decide another."""
    state = GAME.position([("blue", "MBT", "0303", 3), ("blue", "MBT", "0305", 3),
                           ("yellow", "MBT", "0318", 0)])  # fmt: skip
    choosing = GAME.decision(state, "blue")
    first = play(GAME, state, "move 0")
    step = play(GAME, first, "advance")
    assert GAME.decision(first, "blue") == GAME.decision(step, "blue") != choosing
    second = play(GAME, step, "stop", "move 1")
    assert GAME.decision(second, "blue") not in (choosing, GAME.decision(step, "blue"))
    assert GAME.decision(play(GAME, step, "stop"), "blue") == choosing
    attack = GAME.position([("blue", "MBT", "0303", 3), ("yellow", "MBT", "0306", 0)],
                           phase="attack")  # fmt: skip
    shooting = GAME.apply(attack, Select("blue", 0))
    assert GAME.decision(shooting, "blue") not in (GAME.decision(attack, "blue"), choosing)
    assert GAME.decision(shooting, "blue") != GAME.decision(first, "blue")
