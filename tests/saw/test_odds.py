"""Exact odds against hand-computed values, and sampled play against the exact distributions.

Hand computation: the difference of two 2d6 rolls takes the value k (and -k) in
146, 140, 125, 104, 80, 56, 35, 20, 10, 4, 1 of the 1296 pairs of rolls for k = 0, 1, ..., 10.
"""

from collections import Counter
from fractions import Fraction

import pytest

from wargames.core.rng import Rng
from wargames.saw.odds import (
    attack_dice,
    design_prior,
    hit_chance,
    hit_points,
    hit_points_against,
    hits,
    to_hit,
    wounds,
)
from wargames.saw.units import count_designs

DIFFERENCE = dict(enumerate((146, 140, 125, 104, 80, 56, 35, 20, 10, 4, 1)))


def chance_difference_at_least(k: int) -> Fraction:
    """P(2d6 - 2d6 >= k), counted by hand from the table above."""
    return Fraction(sum(DIFFERENCE[abs(d)] for d in range(-10, 11) if d >= k), 1296)


def test_the_difference_table_is_a_distribution() -> None:
    assert DIFFERENCE[0] + 2 * sum(DIFFERENCE[k] for k in range(1, 11)) == 1296


def test_balanced_against_bruiser_next_to_it() -> None:
    """4 accuracy - 1 range penalty against 0 evasion: hit when 2d6 - 2d6 >= -2."""
    assert hit_chance(4, 0, 1) == Fraction(1296 - 310, 1296) == Fraction(493, 648)
    assert hit_chance(4, 0, 1) == chance_difference_at_least(-2)


def test_bruiser_against_balanced_next_to_it() -> None:
    """4 - 1 against 4: hit when 2d6 - 2d6 >= 2 (strictly greater than)."""
    assert hit_chance(4, 4, 1) == Fraction(435, 1296) == chance_difference_at_least(2)


def test_ties_miss() -> None:
    """ "If the attacker's result is less than or equal to the defender's, the attack missed.\""""
    assert hit_chance(1, 0, 1) == chance_difference_at_least(1)  # 0 vs 0: a tie misses
    assert hit_chance(1, 0, 1) == Fraction(1296 - 146, 2 * 1296)


def test_hit_points_balanced_against_bruiser() -> None:
    """Damage 4 against endurance 8: hit points = 2d6 - 2d6 - 4 when positive."""
    dist = hit_points(4, 0, 4, 8, 1)
    p_hit = Fraction(493, 648)
    for k in range(1, 7):
        assert dist[k] == p_hit * Fraction(DIFFERENCE[k + 4], 1296)
    assert dist[0] == 1 - p_hit * Fraction(56 + 35 + 20 + 10 + 4 + 1, 1296)
    assert set(dist.outcomes) == set(range(7))


def test_hit_points_bruiser_against_balanced() -> None:
    """Damage 6 against endurance 4: 2d6 - 2d6 + 2, up to 12 hit points."""
    dist = hit_points(4, 4, 6, 4, 1)
    p_hit = Fraction(435, 1296)
    assert dist[12] == p_hit * Fraction(1, 1296)
    assert dist[2] == p_hit * Fraction(DIFFERENCE[0], 1296)
    assert dist.mean() == p_hit * sum(
        Fraction(DIFFERENCE[abs(k)], 1296) * (k + 2) for k in range(-1, 11)
    )


@pytest.mark.parametrize(("distance", "penalty"), [(1, 1), (5, 1), (6, 2), (10, 2), (11, 3)])
def test_range_penalties_enter_the_odds(distance: int, penalty: int) -> None:
    assert hit_chance(4, 2, distance) == chance_difference_at_least(2 - 4 + penalty + 1)


def test_coordinated_attacks_add_traits_and_every_range_penalty() -> None:
    """ "their accuracy and damage traits are added together and rolled as one attack. Range
    modifiers are subtracted for both weapons." """
    assert hit_chance([2, 2], 4, [1, 6]) == chance_difference_at_least(4 - 4 + 3 + 1)
    assert hit_chance([2, 2], 4, [1, 6]) == Fraction(103, 648)
    assert hit_points([2, 2], 4, [3, 3], 5, [1, 6]) == hit_points(4, 4, 6, 5, 1, cover=2)


def test_cover_is_extra_penalty() -> None:
    assert hit_chance(4, 2, 1, cover=2) == hit_chance(4, 2, 11)


def test_bad_hypotheticals() -> None:
    with pytest.raises(ValueError, match="2 distances"):
        hit_chance([1, 2], 0, 3)
    with pytest.raises(ValueError, match="1 hex or more"):
        hit_chance(1, 0, 0)
    with pytest.raises(ValueError, match="one damage per accuracy"):
        hit_points([1, 2], 0, 3, 0, [1, 1])


def test_sampled_attacks_agree_with_the_exact_distribution() -> None:
    """20000 attacks rolled with the stream, as play rolls them, against the exact odds."""
    dice = attack_dice(5, 3, 6, 4, 2)
    exact = dice.distribution()
    rng = Rng.from_seed(2024)
    counts: Counter[int] = Counter()
    for _ in range(20000):
        rolls, rng = dice.rolls(rng)
        assert rolls.hit == hits(rolls.to_hit)
        assert rolls.hit_points == (wounds(rolls.to_wound) if rolls.to_wound else 0)
        counts[rolls.hit_points] += 1
    assert set(counts) <= set(exact.outcomes)
    for outcome, p in exact.items():
        expected = 20000 * p
        spread = (20000 * p * (1 - p)) ** 0.5
        assert abs(counts[outcome] - expected) <= 4 * float(spread) + 1, outcome


def test_damage_is_rolled_only_after_a_hit() -> None:
    dice = attack_dice(0, 30, 5, 0, 1)  # cannot hit: 11 at most against 32 at least
    rolls, rng = dice.rolls(Rng.from_seed(1))
    assert rolls.to_wound is None
    assert rolls.hit_points == 0
    assert rng == to_hit(0, 30, 1).roll(Rng.from_seed(1))[1], "no damage dice drawn"


def test_the_design_prior_counts_designs() -> None:
    """A 2-point unit has 15 designs; evasion 1 and endurance 1 is one of them."""
    prior = design_prior(2)
    assert prior[(1, 1)] == Fraction(1, 15)
    assert prior[(0, 0)] == Fraction(count_designs(2, free=1), 15)
    assert sum(p for _, p in prior.items()) == 1
    damaged = design_prior(3, damaged=True)  # 1 or 2 points left, each half the time
    assert damaged[(0, 0)] == Fraction(1, 2) * Fraction(3, 5) + Fraction(1, 2) * Fraction(6, 15)
    with pytest.raises(ValueError, match="cannot still stand"):
        design_prior(1, damaged=True)


def test_odds_against_a_secret_unit_mix_the_prior() -> None:
    prior = design_prior(2)
    mixed = hit_points_against(3, 2, 1, prior)
    for k in range(15):
        by_hand = sum(
            (p * hit_points(3, e, 2, n, 1)[k] for (e, n), p in prior.items()), Fraction(0)
        )
        assert mixed[k] == by_hand
