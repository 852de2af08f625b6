"""Tests of :mod:`wargames.core.distribution`: construction, algebra laws, sampling."""

from __future__ import annotations

import math
import operator
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.distribution import Distribution
from wargames.core.rng import Rng

small_ints = st.integers(min_value=-6, max_value=6)


@st.composite
def distributions(draw: st.DrawFn) -> Distribution[int]:
    """Small integer distributions with arbitrary positive weights."""
    weights = draw(st.dictionaries(small_ints, st.integers(1, 20), min_size=1, max_size=6))
    return Distribution.from_weights(weights)


def d(weights: dict[int, int]) -> Distribution[int]:
    return Distribution.from_weights(weights)


D6 = Distribution.uniform(range(1, 7))


# --- construction -----------------------------------------------------------------------


def test_constructor_merges_duplicates_and_drops_zeros() -> None:
    half = Fraction(1, 2)
    merged = Distribution([("a", half), ("b", 0), ("a", half)])
    assert merged == Distribution.certain("a")
    assert merged.outcomes == ("a",)
    assert "b" not in merged


@pytest.mark.parametrize(
    "table",
    [
        {},
        {1: Fraction(1, 2)},
        {1: Fraction(1, 2), 2: Fraction(2, 3)},
        {1: Fraction(3, 2), 2: Fraction(-1, 2)},
        {1: 0},
    ],
)
def test_constructor_rejects_bad_probabilities(table: dict[int, Fraction]) -> None:
    with pytest.raises(ValueError, match="probabilit"):
        Distribution(table)


def test_constructor_rejects_floats() -> None:
    with pytest.raises(TypeError, match="int or a Fraction"):
        Distribution({1: 0.5, 2: 0.5})  # type: ignore[dict-item]


@pytest.mark.parametrize("weights", [{}, {1: 0}, {1: 0, 2: 0}, {1: 2, 2: -1}])
def test_from_weights_rejects_bad_weights(weights: dict[int, int]) -> None:
    with pytest.raises(ValueError, match=r"weight|negative"):
        Distribution.from_weights(weights)


def test_uniform_rejects_empty() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Distribution.uniform([])


def test_from_weights_accepts_fractions() -> None:
    dist = Distribution.from_weights({"x": Fraction(1, 3), "y": 1})
    assert dist.items() == (("x", Fraction(1, 4)), ("y", Fraction(3, 4)))


def test_sortable_outcomes_are_sorted_others_keep_insertion_order() -> None:
    assert Distribution.uniform([3, 1, 2]).outcomes == (1, 2, 3)
    assert list(Distribution.uniform(["b", "a"])) == ["a", "b"]
    assert Distribution.uniform([3, "a", None]).outcomes == (3, "a", None)


def test_lookup_and_containers() -> None:
    assert D6[1] == Fraction(1, 6)
    assert D6[7] == 0
    assert D6["not even an int"] == 0
    assert 6 in D6
    assert 0 not in D6
    assert len(D6) == 6
    assert list(D6) == [1, 2, 3, 4, 5, 6]
    assert dict(D6.items()) == {face: Fraction(1, 6) for face in range(1, 7)}


def test_probability_of_outcome_or_predicate() -> None:
    assert D6.probability(4) == Fraction(1, 6)
    assert D6.probability(lambda face: face % 2 == 0) == Fraction(1, 2)
    assert D6.probability(lambda face: face > 6) == 0


def test_equality_and_hash_ignore_order_and_construction() -> None:
    a = Distribution({"x": Fraction(1, 3), "y": Fraction(2, 3)})
    b = Distribution.from_weights({"y": 4, "x": 2})
    assert a == b
    assert hash(a) == hash(b)
    assert a != Distribution.uniform(["x", "y"])
    assert len({a, b}) == 1


def test_str_lists_outcome_fraction_and_percentage() -> None:
    dist = Distribution.from_weights({2: 1, 10: 2})
    assert str(dist).splitlines() == ["2   1/3  33.33%", "10  2/3  66.67%"]
    assert str(Distribution.certain("hit")) == "hit  1  100.00%"


@given(distributions())
def test_repr_round_trips(dist: Distribution[int]) -> None:
    assert eval(repr(dist), {"Distribution": Distribution, "Fraction": Fraction}) == dist


# --- exact values -------------------------------------------------------------------------


def test_two_d6_by_convolution() -> None:
    two_d6 = D6.combine(D6, operator.add)
    assert two_d6[7] == Fraction(1, 6)
    assert two_d6[2] == two_d6[12] == Fraction(1, 36)
    assert two_d6.mean() == 7
    assert two_d6.outcomes == tuple(range(2, 13))


def test_ten_d6_sum_is_exact_and_quick() -> None:
    total = D6
    for _ in range(9):
        total = total.combine(D6, operator.add)
    assert len(total) == 51
    assert total[10] == Fraction(1, 6**10)
    assert total[35] == Fraction(4395456, 6**10)  # the mode, 4395456 of 6**10 ways
    assert total.mean() == 35


def test_given_conditions_and_rejects_impossible() -> None:
    even = D6.given(lambda face: face % 2 == 0)
    assert even == Distribution.uniform([2, 4, 6])
    with pytest.raises(ValueError, match="impossible"):
        D6.given(lambda face: face > 6)


def test_expected_and_mean() -> None:
    assert D6.mean() == Fraction(7, 2)
    assert D6.expected(lambda face: face * face) == Fraction(91, 6)
    assert Distribution.from_weights({True: 1, False: 3}).mean() == Fraction(1, 4)
    assert Distribution.uniform([Fraction(1, 2), Fraction(1)]).mean() == Fraction(3, 4)


# --- laws ---------------------------------------------------------------------------------


@given(distributions())
def test_probabilities_are_positive_and_sum_to_one(dist: Distribution[int]) -> None:
    assert all(p > 0 for _, p in dist.items())
    assert sum(p for _, p in dist.items()) == 1
    assert list(dist) == sorted(dist)


@given(distributions())
def test_rebuilding_from_items_gives_an_equal_distribution(dist: Distribution[int]) -> None:
    rebuilt = Distribution(dist.items())
    assert rebuilt == dist
    assert hash(rebuilt) == hash(dist)
    assert Distribution(dict(reversed(dist.items()))) == dist


@given(distributions())
def test_map_identity_and_composition(dist: Distribution[int]) -> None:
    def f(x: int) -> int:
        return x * x

    def g(x: int) -> int:
        return x % 3

    assert dist.map(lambda x: x) == dist
    assert dist.map(f).map(g) == dist.map(lambda x: g(f(x)))


@given(distributions(), small_ints)
def test_map_merges_collisions(dist: Distribution[int], k: int) -> None:
    at_least_k = dist.map(lambda x: x >= k)
    assert at_least_k[True] == dist.probability(lambda x: x >= k)
    assert len(at_least_k) <= 2


@given(distributions(), distributions(), distributions())
def test_combine_laws(a: Distribution[int], b: Distribution[int], c: Distribution[int]) -> None:
    add = operator.add
    assert a.combine(b, add) == b.combine(a, add)
    assert a.combine(b, add).combine(c, add) == a.combine(b.combine(c, add), add)
    assert a.combine(b, lambda x, _: x) == a
    assert a.combine(b, lambda _, y: y) == b
    assert a.combine(b, add).mean() == a.mean() + b.mean()
    pairs = a.combine(b, lambda x, y: (x, y))
    assert all(pairs[(x, y)] == a[x] * b[y] for x in a for y in b)


@given(distributions(), small_ints)
def test_combine_with_certain_is_map(dist: Distribution[int], k: int) -> None:
    assert dist.combine(Distribution.certain(k), operator.sub) == dist.map(lambda x: x - k)


@given(distributions(), small_ints)
def test_given_is_bayes(dist: Distribution[int], k: int) -> None:
    def event(x: int) -> bool:
        return x >= k

    def other(x: int) -> bool:
        return x % 2 == 0

    if dist.probability(event) == 0:
        with pytest.raises(ValueError, match="impossible"):
            dist.given(event)
        return
    conditioned = dist.given(event)
    both = dist.probability(lambda x: event(x) and other(x))
    assert conditioned.probability(other) == both / dist.probability(event)
    assert dist.probability(event) + dist.probability(lambda x: not event(x)) == 1


# --- sampling -----------------------------------------------------------------------------


class FixedDraw:
    """A stand-in for :class:`Rng` whose one ``below`` draw is a chosen number."""

    def __init__(self, value: int) -> None:
        self.value = value
        self.bounds: list[int] = []

    def below(self, n: int) -> tuple[int, FixedDraw]:
        if not 0 <= self.value < n:
            raise ValueError(f"{self.value} is not below {n}")
        self.bounds.append(n)
        return self.value, self


@given(distributions())
def test_sampling_every_draw_reproduces_the_distribution_exactly(dist: Distribution[int]) -> None:
    denominator = math.lcm(*(p.denominator for _, p in dist.items()))
    counts: dict[int, int] = {}
    for value in range(denominator):
        rng = FixedDraw(value)
        outcome, _ = dist.sample(rng)  # type: ignore[arg-type]
        assert rng.bounds == [denominator]  # one draw below the common denominator
        counts[outcome] = counts.get(outcome, 0) + 1
    assert Distribution.from_weights(counts) == dist


@given(distributions(), st.integers(min_value=0, max_value=2**64))
def test_sample_is_in_support_and_deterministic(dist: Distribution[int], seed: int) -> None:
    outcome, after = dist.sample(Rng.from_seed(seed))
    assert outcome in dist
    assert dist.sample(Rng.from_seed(seed)) == (outcome, after)


def test_sampling_a_certain_value() -> None:
    assert Distribution.certain("x").sample(Rng.from_seed(1))[0] == "x"
