"""Ambush's own tests: its rules, one by one, and the kernel's conformance suite.

Run from this directory once the package is installed: ``python -m pytest test_ambush.py``.
"""

import wargames
from ambush import Ambush, AmbushState, Clash, Move, Unit
from wargames.core.board import Square
from wargames.core.hidden import is_hidden
from wargames.testing import check_rules

a2, a3, b2 = Square(0, 1), Square(0, 2), Square(1, 1)


def _position(game: Ambush, *units: Unit) -> AmbushState:
    return game.start(1).with_changes(units=units)


def test_the_registry_finds_ambush_by_its_entry_point() -> None:
    assert type(wargames.load("ambush")) is Ambush


def test_the_stronger_unit_survives_the_clash_shown_to_both() -> None:
    game = Ambush()
    state = _position(game, Unit("s1", "south", a2, 4), Unit("n1", "north", a3, 2))
    after = game.apply(state, game.parse_action(state, "a2-a3"))
    assert after.units == (Unit("s1", "south", a3, 4, shown=True),)
    assert Clash("s1", "n1", 4, 2) in list(after.log)
    over = game.outcome(after)
    assert over is not None
    assert over.winners == {"south"}


def test_equal_units_remove_each_other_and_a_weaker_attacker_dies() -> None:
    game = Ambush()
    units = (Unit("s1", "south", a2, 3), Unit("s2", "south", b2, 1), Unit("n1", "north", a3, 3))
    state = _position(game, *units, Unit("n2", "north", Square(4, 4), 5))
    tie = game.apply(state, Move("south", a2, a3))
    assert [u.id for u in tie.units] == ["n2", "s2"]
    state = _position(game, *units[1:], Unit("n2", "north", Square(1, 2), 5))
    lost = game.apply(state, Move("south", b2, Square(1, 2)))
    assert [(u.id, u.shown) for u in lost.units] == [("n1", False), ("n2", True)]


def test_a_strength_is_its_owners_secret_until_a_clash() -> None:
    game = Ambush()
    state = game.start(5)
    north = game.view(state, "north")
    assert all(is_hidden(u.strength) == (u.owner == "south") for u in north.units)


def test_the_turn_limit_draws_the_game() -> None:
    game = Ambush(turn_limit=1)
    state = game.start(2)
    after = game.apply(state, game.legal_actions(state, "south")[0])
    over = game.outcome(after)
    assert over is not None
    assert over.is_draw
    assert "turn limit" in over.reason


def test_ambush_keeps_the_kernels_contract() -> None:
    check_rules(Ambush())
