"""Explicit chance (:mod:`wargames.core.chance`): every outcome of a dice expression with its
exact probability and the draws that roll it."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given

from wargames.core.chance import Chance
from wargames.core.dice import DiceExpr, d6, pool
from wargames.core.distribution import Distribution
from wargames.core.rng import Rng

from .test_dice import expressions

STREAM = Rng.from_seed(0)


@given(expressions)
def test_each_outcome_is_rolled_by_its_draws_with_the_distributions_odds(
    expr: DiceExpr[int],
) -> None:
    found = expr.chance()
    assert found.odds == expr.distribution()
    for outcome, draws in found.draws.items():
        value, after = expr.roll(STREAM.with_forced(*draws))
        assert value == outcome
        assert not after.forced, "all its draws"
        assert after.counter == len(draws), "no more than its draws"


def test_a_merged_outcome_keeps_the_draws_of_its_first_member() -> None:
    highest = pool(2, d6).chance().map(max)
    assert highest.odds[6] == Fraction(11, 36)
    assert highest.draws[6] == (0, 5), "(1, 6) is the first roll whose highest is 6"


def test_a_dependent_roll_multiplies_the_odds_and_joins_the_draws() -> None:
    """Roll a d6; on a 6 roll another (a bail-out only a destroyed carrier makes)."""
    second = d6.chance()
    both: Chance[tuple[int, int]] = d6.chance().then(
        lambda a: second if a == 6 else Chance.certain(0)
    )
    assert sum(p for _, p in both.items()) == 1
    assert both.odds[(6, 3)] == Fraction(1, 36)
    assert both.odds[(2, 0)] == Fraction(1, 6)
    assert both.draws[(6, 3)] == (5, 2)
    assert both.draws[(2, 0)] == (1,)


def test_an_outcome_without_draws_is_refused() -> None:
    with pytest.raises(ValueError, match="without draws"):
        Chance(Distribution.uniform([1, 2]), {1: (0,)})


@pytest.mark.parametrize("items", ["abc", "aab", "abcd", ""])
def test_each_order_of_a_shuffle_is_given_by_its_draws(items: str) -> None:
    orders = Chance.shuffled(tuple(items))
    assert sum(p for _, p in orders.items()) == 1
    assert len(orders) == len(set(itertools.permutations(items)))
    for order, draws in orders.draws.items():
        shuffled, after = STREAM.with_forced(*draws).shuffled(tuple(items))
        assert shuffled == order
        assert not after.forced
    assert all(p == orders.odds.items()[0][1] for _, p in orders.items()), "every order alike"
