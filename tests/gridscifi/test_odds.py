"""Exact odds of real actions (``game.odds``) and of hypothetical match-ups."""

from fractions import Fraction

import pytest

from wargames import IllegalAction
from wargames.gridscifi import (
    Activate,
    Aim,
    Channel,
    Effect,
    EndTurn,
    HoldGround,
    ReturnFire,
    Step,
    TakeCover,
    Target,
    matchup,
)
from wargames.gridscifi.tables import TABLES

from .helpers import activating, arena, at, sq

GAME = arena(
    """
    ........
    ........
    ........
    ........
    ........
    ..T.....
    """
)


def test_activation_odds_count_odd_and_even_dice() -> None:
    state = GAME.position([at(0, "blue", "Battle Squad", "e1"), at(1, "red", "Swarmlings", "h6")])
    odds = GAME.odds(state, Activate("blue", 0))
    assert odds is not None
    assert dict(odds.items()) == {
        (2, 0): Fraction(1, 4),
        (1, 1): Fraction(1, 2),
        (0, 2): Fraction(1, 4),
    }


def test_an_attack_declared_on_a_unit_that_must_answer() -> None:
    units = [at(0, "red", "Swarmlings", "c3"), at(1, "blue", "Battle Squad", "c1", overwatch=True)]
    state = activating(GAME.position(units, player="red"), 0, 2)
    state = GAME.apply(state, Aim("red", "spine-rifles"))
    plain = matchup(TABLES, "assault", target="full")
    assert GAME.odds(state, Target("red", 1)) == plain.outcomes(), "as if it did nothing"
    state = GAME.apply(state, Target("red", 1))
    assert GAME.odds(state, HoldGround("blue")) == plain.outcomes()
    covered = GAME.odds(state, TakeCover("blue"))
    assert covered == matchup(TABLES, "assault", target="full", cover=True).outcomes()
    both = GAME.odds(state, ReturnFire("blue", "grenades"))
    assert both is not None
    back = matchup(TABLES, "blast", target="light")
    assert both == plain.outcomes().combine(back.outcomes(), lambda a, b: (a, b))
    assert both.probability(lambda pair: pair[1].hits >= 2) == Fraction(3, 4), "4+ on 2 dice"


def test_psychic_odds_once_the_dice_are_chosen() -> None:
    units = [at(0, "blue", "Battle Psyker", "d1"), at(1, "red", "Ambush Brood", "d3")]
    state = GAME.apply(activating(GAME.position(units), 0, 2), Aim("blue", "mind-blast"))
    assert GAME.odds(state, Target("blue", 1)) is None, "the dice are still to choose"
    state = GAME.apply(state, Target("blue", 1))
    odds = GAME.odds(state, Channel("blue", 4))
    assert odds is not None
    assert odds[Effect(3, True, 1)] > 0
    assert odds.probability(lambda e: e.self_hits > 0) == 1 - Fraction(5, 6) ** 4


def test_actions_without_chance_have_no_odds_and_illegal_ones_are_refused() -> None:
    state = GAME.position([at(0, "blue", "Battle Squad", "e1"), at(1, "red", "Swarmlings", "h6")])
    assert GAME.odds(state, EndTurn("blue")) is None
    with pytest.raises(IllegalAction):
        GAME.odds(state, Step("blue", sq("e2")))
