"""Tests of :mod:`wargames.core.dice`: exact odds, and rolls that agree with them.

The strongest check is :func:`enumerate_rolls`: it runs ``expr.roll`` against every possible
sequence of stream draws, weighting each by its probability, and so computes the exact
distribution of what ``roll`` does.  It must equal ``expr.distribution()`` for every
expression hypothesis builds.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import TypeVar, cast

import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from wargames.core.dice import (
    Constant,
    DiceExpr,
    Die,
    Opposed,
    Pool,
    d6,
    d10,
    opposed,
    pool,
)
from wargames.core.distribution import Distribution
from wargames.core.rng import Rng

T = TypeVar("T", bound=Hashable)

# --- an exact oracle for roll() -----------------------------------------------------------


class _NeedDraw(Exception):
    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.n = n


class ScriptedRng:
    """A stand-in for :class:`Rng` that replays a script of ``below`` results."""

    def __init__(self, script: Sequence[int], position: int = 0) -> None:
        self.script = tuple(script)
        self.position = position

    def below(self, n: int) -> tuple[int, ScriptedRng]:
        if self.position == len(self.script):
            raise _NeedDraw(n)
        value = self.script[self.position]
        if not 0 <= value < n:
            raise ValueError(f"scripted draw {value} is not below {n}")
        return value, ScriptedRng(self.script, self.position + 1)


def scripted(*draws: int) -> Rng:
    return cast(Rng, ScriptedRng(draws))


def draws_used(rng: Rng) -> int:
    return cast(ScriptedRng, rng).position


def enumerate_rolls(expr: DiceExpr[T], limit: int = 5000) -> Distribution[T]:
    """The exact distribution of ``expr.roll``'s result over all possible draws.

    Calls :func:`hypothesis.reject` if the draw tree has more than ``limit`` nodes.
    """
    weights: dict[T, Fraction] = {}
    pending: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    visited = 0
    while pending:
        script, probability = pending.pop()
        visited += 1
        if visited > limit:
            reject()
        try:
            value, rng = expr.roll(scripted(*script))
        except _NeedDraw as need:
            pending.extend(((*script, i), probability / need.n) for i in range(need.n))
            continue
        assert draws_used(rng) == len(script)
        weights[value] = weights.get(value, Fraction(0)) + probability
    return Distribution(weights)


def brute_force(faces: Sequence[Sequence[int]], f: Callable[..., T]) -> Distribution[T]:
    """``f`` of every combination of faces, each equally likely: an independent oracle."""
    return Distribution.uniform(f(*combination) for combination in itertools.product(*faces))


D6_FACES = range(1, 7)
D10_FACES = range(1, 11)

# --- strategies ---------------------------------------------------------------------------

leaves: st.SearchStrategy[DiceExpr[int]] = st.one_of(
    st.integers(1, 6).map(Die),
    st.lists(st.integers(-2, 3), min_size=1, max_size=4).map(Die),
    st.integers(-3, 3).map(Constant),
)


COMBINATORS = (
    *("+k", "-k", "+", "-", "combine", "total", "highest", "lowest", "count"),
    *("margin", "compare", "beats", "at_least", "at_most", "reroll", "map"),
)


@st.composite
def combinators(draw: st.DrawFn, children: st.SearchStrategy[DiceExpr[int]]) -> DiceExpr[int]:
    """One combinator applied to smaller expressions."""
    a = draw(children)
    kind = draw(st.sampled_from(COMBINATORS))
    k = draw(st.integers(-3, 3))
    n = draw(st.integers(1, 3))
    if kind == "+k":
        return a + k
    if kind == "-k":
        return a - k
    if kind in ("+", "-", "margin", "compare", "beats", "combine"):
        b = draw(children)
        if kind == "+":
            return a + b
        if kind == "-":
            return a - b
        if kind == "combine":
            return a.combine(b, max, "max")
        contest = opposed(a, b)
        return {"margin": contest.margin, "compare": contest.compare, "beats": contest.beats}[
            kind
        ]()
    if kind == "total":
        return pool(n - 1, a).total()
    if kind in ("highest", "lowest"):
        dice = pool(n, a)
        keep = draw(st.integers(1, n))
        return dice.highest(keep) if kind == "highest" else dice.lowest(keep)
    if kind == "count":
        return pool(n, a).count(k)
    if kind == "at_least":
        return a.at_least(k)
    if kind == "at_most":
        return a.at_most(k)
    if kind == "reroll":
        return a.reroll_if(lambda value: value <= k)
    return a.map(abs)


expressions = st.recursive(leaves, combinators, max_leaves=4)
seeds = st.integers(min_value=0, max_value=2**64 - 1)

# --- roll and distribution agree ----------------------------------------------------------


@given(expressions)
def test_roll_over_every_draw_gives_exactly_the_distribution(expr: DiceExpr[int]) -> None:
    assert enumerate_rolls(expr) == expr.distribution()


@given(st.lists(leaves, max_size=3).map(Pool))
def test_raw_pool_rolls_give_exactly_its_distribution(dice: Pool) -> None:
    assert enumerate_rolls(dice) == dice.distribution()


@given(expressions, expressions)
def test_raw_opposed_rolls_give_exactly_its_distribution(
    a: DiceExpr[int], b: DiceExpr[int]
) -> None:
    contest = opposed(a, b)
    assert enumerate_rolls(contest, limit=2000) == contest.distribution()


@given(expressions, seeds)
def test_roll_is_in_the_support_and_deterministic(expr: DiceExpr[int], seed: int) -> None:
    value, after = expr.roll(Rng.from_seed(seed))
    assert value in expr.distribution()
    assert expr.roll(Rng.from_seed(seed)) == (value, after)
    assert after.key == Rng.from_seed(seed).key


@given(expressions)
def test_distribution_sums_to_one(expr: DiceExpr[int]) -> None:
    assert sum(p for _, p in expr.distribution().items()) == 1


def test_many_seeded_rolls_match_the_distribution() -> None:
    """A plain frequency check with the real stream (deterministic seed, wide tolerance)."""
    expr = pool(3, d6).highest() + pool(2, d10).total()
    rolls = 20_000
    counts: dict[int, int] = {}
    rng = Rng.from_seed(2024)
    for _ in range(rolls):
        value, rng = expr.roll(rng)
        counts[value] = counts.get(value, 0) + 1
    for value, p in expr.distribution().items():
        expected = rolls * p
        spread = (expected * (1 - p)) ** 0.5
        assert abs(counts.get(value, 0) - expected) <= 5 * spread + 1


@given(st.lists(st.integers(1, 6).map(Die), max_size=4), seeds)
def test_pool_reductions_agree_with_the_raw_pool(dice: list[Die], seed: int) -> None:
    """Same seed, same faces: each reduction is its function of the raw roll, and its
    (convolved) distribution is the raw distribution mapped by that function."""
    raw = Pool(dice)
    faces, _ = raw.roll(Rng.from_seed(seed))
    raw_distribution = raw.distribution()
    reductions: list[tuple[DiceExpr[int], Callable[[tuple[int, ...]], int]]] = [
        (raw.total(), sum),
        (raw.count(1), lambda fs: fs.count(1)),
        (raw.count(lambda face: face >= 3), lambda fs: sum(face >= 3 for face in fs)),
    ]
    if dice:
        reductions += [
            (raw.highest(), max),
            (raw.lowest(), min),
            (raw.highest(len(dice)), sum),
            (raw.lowest(len(dice) // 2 + 1), lambda fs: sum(sorted(fs)[: len(fs) // 2 + 1])),
        ]
    for reduced, f in reductions:
        assert reduced.roll(Rng.from_seed(seed))[0] == f(faces)
        assert reduced.distribution() == raw_distribution.map(f)


@given(expressions, expressions)
def test_opposed_views_partition_the_outcomes(a: DiceExpr[int], b: DiceExpr[int]) -> None:
    contest = opposed(a, b)
    win = contest.beats().distribution()[True]
    tie = contest.ties().distribution()[True]
    loss = contest.loses().distribution()[True]
    assert win + tie + loss == 1
    assert contest.compare().distribution() == Distribution({1: win, 0: tie, -1: loss})
    assert contest.margin().distribution() == a.distribution().combine(
        b.distribution(), lambda x, y: x - y
    )
    assert opposed(b, a).beats().distribution()[True] == loss


# --- exact values -------------------------------------------------------------------------


def test_two_d6_totals() -> None:
    two_d6 = (2 * d6).total().distribution()
    assert two_d6[7] == Fraction(1, 6)
    assert two_d6[2] == two_d6[12] == Fraction(1, 36)
    assert two_d6 == brute_force([D6_FACES] * 2, lambda a, b: a + b)
    assert (2 * d6 + 3).distribution() == two_d6.map(lambda total: total + 3)


def test_ten_d6_total_by_convolution() -> None:
    total = (10 * d6).total().distribution()
    assert len(total) == 51
    assert total[35] == Fraction(4395456, 6**10)
    assert total.mean() == 35


def test_highest_of_3d6() -> None:
    highest = pool(3, d6).highest().distribution()
    assert highest[6] == Fraction(91, 216)  # 1 - (5/6)**3
    assert highest[1] == Fraction(1, 216)
    assert highest == brute_force([D6_FACES] * 3, max)
    two_highest = pool(3, d6).highest(2).distribution()
    assert two_highest[12] == Fraction(16, 216)  # two or three sixes
    assert two_highest == brute_force([D6_FACES] * 3, lambda *fs: sum(sorted(fs)[1:]))


def test_highest_die_minus_armour() -> None:
    damage = (pool(3, d6).highest() - 2).distribution()
    assert damage[4] == Fraction(91, 216)
    assert damage.probability(lambda d: d <= 0) == Fraction(8, 216)


def test_d10_plus_4_against_d10_plus_6() -> None:
    contest = opposed(d10 + 4, d10 + 6)
    assert contest.beats().distribution()[True] == Fraction(7, 25)  # 28 of 100
    assert contest.ties().distribution()[True] == Fraction(2, 25)  # 8 of 100
    assert contest.loses().distribution()[True] == Fraction(16, 25)  # 64 of 100
    margin = contest.margin().distribution()
    assert margin[-2] == Fraction(10, 100)
    assert margin[7] == Fraction(1, 100)
    assert margin[-11] == Fraction(1, 100)
    assert margin.outcomes == tuple(range(-11, 8))
    assert margin == brute_force([D10_FACES] * 2, lambda a, b: a - b + 4 - 6)


def test_saw_2d6_margins() -> None:
    even = opposed(2 * d6, 2 * d6)
    margin = even.margin().distribution()
    assert margin[0] == Fraction(146, 1296)  # sum of the squares of 1,2,..,6,..,2,1
    assert margin[10] == margin[-10] == Fraction(1, 1296)
    assert even.beats().distribution()[True] == Fraction(575, 1296)
    plus_one = opposed(2 * d6 + 1, 2 * d6)
    assert plus_one.beats().distribution()[True] == Fraction(721, 1296)  # (1 + 146/1296) / 2
    hits = plus_one.margin().map(lambda m: max(m, 0), "hits").distribution()
    assert hits[0] == Fraction(575, 1296)
    assert hits == brute_force([D6_FACES] * 4, lambda a, b, c, d: max(a + b + 1 - c - d, 0))


def test_sabot_target_numbers() -> None:
    assert d10.at_least(5).distribution()[True] == Fraction(3, 5)
    assert (d10 + 2).at_least(8).distribution()[True] == Fraction(1, 2)
    assert (d10 - 3).at_most(0).distribution()[True] == Fraction(3, 10)
    assert d10.at_least(11).distribution() == Distribution.certain(False)


def test_count_of_ones_in_4d6_is_binomial() -> None:
    ones = pool(4, d6).count(1).distribution()
    assert dict(ones.items()) == {
        0: Fraction(625, 1296),
        1: Fraction(500, 1296),
        2: Fraction(150, 1296),
        3: Fraction(20, 1296),
        4: Fraction(1, 1296),
    }
    assert ones.mean() == Fraction(4, 6)


def test_sabatu_d6_plus_2_against_d6() -> None:
    result = opposed(d6 + 2, d6).compare().distribution()
    assert result[1] == Fraction(26, 36)
    assert result[0] == Fraction(4, 36)
    assert result[-1] == Fraction(6, 36)


def test_sabatu_separate_dice() -> None:
    two = pool(2, d6).distribution()
    assert len(two) == 36
    assert two[(1, 6)] == two[(6, 1)] == Fraction(1, 36)
    assert len(pool(3, d6).distribution()) == 216


def test_reroll_ones() -> None:
    rerolled = d6.reroll_if(lambda face: face == 1).distribution()
    assert rerolled[1] == Fraction(1, 36)
    assert all(rerolled[face] == Fraction(7, 36) for face in range(2, 7))


def test_custom_faces_and_constants() -> None:
    die = Die([0, 0, 1, 1, 1, 2])
    assert die.sides == 6
    assert die.distribution() == Distribution.from_weights({0: 2, 1: 3, 2: 1})
    assert (die + Constant(2)).distribution() == die.distribution().map(lambda x: x + 2)
    assert Die(range(1, 7)) == d6


def test_empty_pool() -> None:
    empty = pool(0, d6)
    assert empty.distribution() == Distribution.certain(())
    assert empty.total().distribution() == Distribution.certain(0)
    assert empty.count(6).distribution() == Distribution.certain(0)


# --- draws from the stream ----------------------------------------------------------------


def test_die_uses_one_draw_per_roll_and_pool_rolls_in_order() -> None:
    assert d6.roll(scripted(0))[0] == 1
    assert d10.roll(scripted(9))[0] == 10
    faces, rng = pool(3, d6).roll(scripted(0, 5, 2))
    assert faces == (1, 6, 3)
    assert draws_used(rng) == 3
    assert (2 * d6 + d10).roll(scripted(0, 5, 9))[0] == 17


def test_constant_draws_nothing() -> None:
    assert Constant(3).roll(Rng.from_seed(1)) == (3, Rng.from_seed(1))
    assert Constant("x").distribution() == Distribution.certain("x")


def test_reroll_draws_again_only_when_needed() -> None:
    once = d6.reroll_if(lambda face: face == 1)
    value, rng = once.roll(scripted(3))
    assert (value, draws_used(rng)) == (4, 1)
    value, rng = once.roll(scripted(0, 0))
    assert (value, draws_used(rng)) == (1, 2)  # re-rolled once only, even into another 1


# --- notation, equality, errors -----------------------------------------------------------


@pytest.mark.parametrize(
    ("expr", "text"),
    [
        (d6, "d6"),
        (Die([0, 1, 1, 2]), "d[0,1,1,2]"),
        (2 * d6 + 3, "2d6+3"),
        (d10 - 1, "d10-1"),
        (d6 + 0, "d6"),
        (pool(3, d6), "3d6"),
        (pool(3, d6).highest(), "highest of 3d6"),
        (pool(4, d6).lowest(3), "lowest 3 of 4d6"),
        (pool(3, d6).highest() - 2, "(highest of 3d6)-2"),
        (pool(4, d6).count(1), "number of 1s in 4d6"),
        (d10.at_least(5), "d10 >= 5"),
        ((d10 + 4).at_most(3), "d10+4 <= 3"),
        (d10 + 2 * d6, "d10 + 2d6"),
        (Pool([d6, d10]), "[d6, d10]"),
        (Pool([d6, d10]).total(), "total of [d6, d10]"),
        (3 * (d6 + 1), "3x(d6+1)"),
        (opposed(2 * d6 + 1, 2 * d6), "2d6+1 vs 2d6"),
        (opposed(2 * d6 + 1, 2 * d6).margin(), "margin of 2d6+1 vs 2d6"),
        (opposed(d6 + 2, d6).beats(), "d6+2 beats d6"),
        (opposed(d6 + 2, d6).ties(), "d6+2 ties d6"),
        (Constant(4), "4"),
        (d6.map(abs, "|d6|"), "|d6|"),
    ],
)
def test_notation(expr: DiceExpr[Hashable], text: str) -> None:
    assert str(expr) == text


def test_equal_definitions_are_equal_values() -> None:
    assert 2 * d6 + 3 == 2 * d6 + 3
    assert hash(pool(3, d6).highest()) == hash(pool(3, d6).highest())
    assert d10.at_least(5) == d10.at_least(5)
    assert d10.at_least(5) != d10.at_least(6)
    assert opposed(d6, d6) == Opposed(d6, d6)
    assert Pool([d6, d6]) == pool(2, d6)


@pytest.mark.parametrize("sides", [0, -1, []])
def test_bad_die_raises(sides: int | list[int]) -> None:
    with pytest.raises(ValueError, match="a die needs"):
        Die(sides)


def test_negative_pool_raises() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        pool(-1, d6)
    with pytest.raises(ValueError, match="non-negative"):
        _ = -2 * d6


@pytest.mark.parametrize("keep", [0, 4, -1])
def test_keeping_more_dice_than_the_pool_raises(keep: int) -> None:
    with pytest.raises(ValueError, match="cannot keep"):
        pool(3, d6).highest(keep)
    with pytest.raises(ValueError, match="cannot keep"):
        pool(3, d6).lowest(keep)
