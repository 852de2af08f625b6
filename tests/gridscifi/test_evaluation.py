"""The bots' reading of a Grid SciFi position (:mod:`wargames.gridscifi.evaluation`): the
objectives decide at the end of the last turn, strength wins by annihilation."""

import pytest

from wargames.gridscifi import GridSciFi, Unit
from wargames.gridscifi.evaluation import holding, moves_left, objectives, strength

from .helpers import at, sq

GAME = GridSciFi()  # the skirmish: objectives d5 and i4


def score(*units: Unit, player: str = "blue", turn: int = 2, acting: str = "blue") -> float:
    state = GAME.position(list(units), player=acting, turn=turn)
    return GAME.evaluate(state, player)


def test_holding_both_objectives_beats_holding_neither() -> None:
    winning = score(
        at(0, "blue", "Battle Squad", "d5"),
        at(1, "blue", "Battle Squad", "i4"),
        at(2, "red", "Swarmlings", "l8"),
    )
    losing = score(
        at(0, "blue", "Battle Squad", "a1"),
        at(1, "blue", "Battle Squad", "b1"),
        at(2, "red", "Swarmlings", "d5"),
        at(3, "red", "Swarmlings", "i4"),
    )
    assert -1 < losing < 0 < winning < 1
    assert score(at(0, "blue", "Battle Squad", "d5"), at(1, "red", "Swarmlings", "i4")) < winning


def test_objectives_outweigh_strength() -> None:
    """The game is decided on the objectives: a stronger army that holds none scores below a
    weaker one that holds both."""
    strong_but_away = score(
        at(0, "blue", "Battle Squad", "a1"),
        at(1, "blue", "Battle Squad", "b1"),
        at(2, "blue", "Battle Squad", "c1"),
        at(3, "red", "Swarmlings", "d5"),
        at(4, "red", "Swarmlings", "i4"),
    )
    assert strong_but_away < 0


def test_a_contested_objective_is_even_and_nearer_is_firmer() -> None:
    units = (at(0, "blue", "Battle Squad", "d5"), at(1, "red", "Swarmlings", "e6"))
    assert holding(GAME.field, units, "blue", sq("d5")) == 1.0
    assert holding(GAME.field, units, "red", sq("d5")) == 1.0
    far = (at(0, "blue", "Battle Squad", "a1"),)
    near = (at(0, "blue", "Battle Squad", "c3"),)
    assert (
        0 < holding(GAME.field, far, "blue", sq("d5")) < holding(GAME.field, near, "blue", sq("d5"))
    )
    assert holding(GAME.field, far, "red", sq("d5")) == 0.0
    assert objectives(GAME.field, units, "blue") == pytest.approx(
        -objectives(GAME.field, units, "red")
    )


def test_strength_counts_what_is_left() -> None:
    whole = (at(0, "blue", "Battle Squad", "a1"), at(1, "red", "Swarmlings", "h8"))
    hurt = (at(0, "blue", "Battle Squad", "a1", damage=2), at(1, "red", "Swarmlings", "h8"))
    assert strength(GAME.field, whole, "blue") == 0.0
    assert strength(GAME.field, hurt, "blue") < 0 < strength(GAME.field, hurt, "red")


def test_moves_left_counts_this_turn_for_who_has_not_played_it() -> None:
    last = GAME.turns
    blue_acts = GAME.position([at(0, "blue", "Battle Squad", "a1")], player="blue", turn=last)
    red_acts = GAME.position([at(0, "blue", "Battle Squad", "a1")], player="red", turn=last)
    assert moves_left(GAME.players, blue_acts.clock, last) == {"blue": 1, "red": 1}
    assert moves_left(GAME.players, red_acts.clock, last) == {"blue": 0, "red": 1}
    assert moves_left(GAME.players, red_acts.clock, last + 2) == {"blue": 2, "red": 3}


def test_a_unit_that_cannot_get_there_before_the_end_holds_nothing() -> None:
    """Only control at the end of the last turn counts: a squad (one square a move) two
    squares off d5 once its side has no move left holds nothing, though it would earlier."""
    units = (at(0, "blue", "Battle Squad", "d3"), at(1, "red", "Swarmlings", "l8"))
    assert holding(GAME.field, units, "blue", sq("d5"), 0) == 0.0
    assert (
        holding(GAME.field, units, "blue", sq("d5"), 1)
        == holding(GAME.field, units, "blue", sq("d5"))
        > 0
    )
    assert holding(GAME.field, units, "blue", sq("d4"), 0) == 1.0  # next to it: control
    late = score(*units, turn=GAME.turns, acting="red")
    early = score(*units, turn=2, acting="red")
    assert late < early


def test_on_the_last_turn_holding_an_objective_beats_standing_near_it() -> None:
    """The last turn, red to act, red's swarmlings too far to reach an objective: blue's
    squad next to d5 wins the game; blue's squad two squares off has no move left to take
    it, so the game is even (a draw)."""
    red = at(1, "red", "Swarmlings", "l8")
    winning = score(at(0, "blue", "Battle Squad", "d4"), red, turn=GAME.turns, acting="red")
    losing = score(at(0, "blue", "Battle Squad", "d3"), red, turn=GAME.turns, acting="red")
    assert losing == 0.0 < winning
