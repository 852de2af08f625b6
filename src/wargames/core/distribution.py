"""Exact, immutable, finite probability distributions.

A :class:`Distribution` maps each possible outcome to its probability, a
:class:`~fractions.Fraction`.  It is a frozen value: hashable, equal to any distribution that
gives the same outcomes the same probabilities, and every operation returns a new one.

Internally the probabilities are integer weights over their least common denominator, so
convolving the sum of ten dice is a few thousand integer multiplications, and sampling is one
uniform integer below that denominator drawn from an :class:`~wargames.core.rng.Rng`.

>>> d6 = Distribution.uniform(range(1, 7))
>>> d6.combine(d6, max)[6]
Fraction(11, 36)
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from itertools import accumulate
from typing import Any, Generic, TypeVar, cast, overload

from attrs import field, frozen

from wargames.core.rng import Rng

__all__ = ["Distribution"]

T_co = TypeVar("T_co", bound=Hashable, covariant=True)
K = TypeVar("K", bound=Hashable)
U = TypeVar("U", bound=Hashable)
V = TypeVar("V", bound=Hashable)

#: What a probability or a weight may be given as: exact numbers only.
Exact = int | Fraction


def _table_key(weights: dict[Any, int]) -> frozenset[tuple[Any, int]]:
    """Equality and hashing ignore the order of the table."""
    return frozenset(weights.items())


def _integer_weights(pairs: Iterable[tuple[K, Exact]]) -> tuple[dict[K, int], int]:
    """Integer weights and the scale they are over: ``weight / scale`` is the given number.

    Duplicate outcomes are added together and zero weights dropped.

    :raises TypeError: for a number that is not an ``int`` or a ``Fraction``.
    :raises ValueError: for a negative number.
    """
    numbers: list[tuple[K, Fraction]] = []
    for outcome, number in pairs:
        if not isinstance(number, int | Fraction):
            raise TypeError(
                f"probability of {outcome!r} must be an int or a Fraction, got {number!r}"
            )
        if number < 0:
            raise ValueError(f"probability of {outcome!r} is negative: {number}")
        numbers.append((outcome, Fraction(number)))
    scale = math.lcm(*(number.denominator for _, number in numbers))
    weights: dict[K, int] = {}
    for outcome, number in numbers:
        if number:
            weight = number.numerator * (scale // number.denominator)
            weights[outcome] = weights.get(outcome, 0) + weight
    return weights, scale


def _pairs(table: Mapping[K, Exact] | Iterable[tuple[K, Exact]]) -> Iterable[tuple[K, Exact]]:
    return table.items() if isinstance(table, Mapping) else table


def _build(weights: dict[K, int]) -> Distribution[K]:
    """The distribution with these positive weights (not all validated: callers guarantee it).

    The weights are divided by their common divisor, which makes their sum the least common
    denominator of the probabilities and the representation canonical, and the outcomes are
    sorted when they are mutually comparable.
    """
    divisor = math.gcd(*weights.values())
    try:
        order = sorted(cast("dict[Any, int]", weights))
    except TypeError:
        order = list(weights)
    table = {outcome: weights[outcome] // divisor for outcome in order}
    dist: Distribution[K] = object.__new__(Distribution)
    dist.__attrs_init__(table, sum(table.values()))
    return dist


@frozen(init=False, repr=False)
class Distribution(Generic[T_co]):
    """An exact probability distribution over finitely many hashable outcomes.

    Build one from a mapping (or pairs) of outcome to probability; duplicates are merged and
    zero probabilities dropped.  Outcomes are kept sorted when they can be compared, else in
    the order given, so iteration, ``str`` and sampling are deterministic.

    >>> coin = Distribution({"heads": Fraction(1, 2), "tails": Fraction(1, 2)})
    >>> coin["heads"], coin["edge"]
    (Fraction(1, 2), Fraction(0, 1))
    >>> coin == Distribution([("tails", Fraction(1, 2)), ("heads", Fraction(1, 2))])
    True

    :raises ValueError: if a probability is negative or they do not sum to exactly 1.
    :raises TypeError: if a probability is not an ``int`` or a ``Fraction`` (floats are not
        exact).
    """

    _weights: dict[T_co, int] = field(eq=_table_key)
    _total: int = field(eq=False)

    @overload
    def __init__(self, probabilities: Mapping[T_co, Exact]) -> None: ...
    @overload
    def __init__(self, probabilities: Iterable[tuple[T_co, Exact]]) -> None: ...
    def __init__(self, probabilities: Mapping[T_co, Exact] | Iterable[tuple[T_co, Exact]]) -> None:
        weights, scale = _integer_weights(_pairs(probabilities))
        total = sum(weights.values())
        if total != scale:
            raise ValueError(f"probabilities must sum to 1, not {Fraction(total, scale)}")
        canonical = _build(weights)
        self.__attrs_init__(canonical._weights, canonical._total)

    @classmethod
    def certain(cls, value: U) -> Distribution[U]:
        """The distribution that always gives ``value``."""
        return _build({value: 1})

    @classmethod
    def uniform(cls, values: Iterable[U]) -> Distribution[U]:
        """Each element of ``values`` equally likely (so a repeated value counts repeatedly).

        >>> Distribution.uniform("aab")["a"]
        Fraction(2, 3)

        :raises ValueError: if ``values`` is empty.
        """
        weights: dict[U, int] = {}
        for value in values:
            weights[value] = weights.get(value, 0) + 1
        if not weights:
            raise ValueError("uniform() needs at least one value")
        return _build(weights)

    @classmethod
    def from_weights(cls, weights: Mapping[U, Exact]) -> Distribution[U]:
        """Probabilities proportional to non-negative ``weights``.

        >>> Distribution.from_weights({"hit": 1, "miss": 3})["hit"]
        Fraction(1, 4)

        :raises ValueError: if a weight is negative or all are zero.
        :raises TypeError: if a weight is not an ``int`` or a ``Fraction``.
        """
        integers, _ = _integer_weights(weights.items())
        if not integers:
            raise ValueError("from_weights() needs a positive total weight")
        return _build(integers)

    @property
    def outcomes(self) -> tuple[T_co, ...]:
        """The possible outcomes (probability > 0), in this distribution's order."""
        return tuple(self._weights)

    def items(self) -> tuple[tuple[T_co, Fraction], ...]:
        """``(outcome, probability)`` pairs in this distribution's order."""
        return tuple((outcome, Fraction(w, self._total)) for outcome, w in self._weights.items())

    def __getitem__(self, outcome: object) -> Fraction:
        """The probability of ``outcome``: 0 if it is not possible."""
        return Fraction(cast("dict[object, int]", self._weights).get(outcome, 0), self._total)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._weights

    def __iter__(self) -> Iterator[T_co]:
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    @overload
    def probability(self, event: Callable[[T_co], object]) -> Fraction: ...
    @overload
    def probability(self, event: object) -> Fraction: ...
    def probability(self, event: object) -> Fraction:
        """The probability of an event: an outcome, or a predicate on outcomes if callable.

        >>> Distribution.uniform(range(1, 7)).probability(lambda face: face >= 5)
        Fraction(1, 3)
        """
        if callable(event):
            hits = sum(w for outcome, w in self._weights.items() if event(outcome))
            return Fraction(hits, self._total)
        return self[event]

    def map(self, f: Callable[[T_co], U]) -> Distribution[U]:
        """The distribution of ``f(outcome)``; outcomes that ``f`` sends to one value merge."""
        weights: dict[U, int] = {}
        for outcome, w in self._weights.items():
            value = f(outcome)
            weights[value] = weights.get(value, 0) + w
        return _build(weights)

    def combine(self, other: Distribution[U], f: Callable[[T_co, U], V]) -> Distribution[V]:
        """The distribution of ``f(a, b)`` for independent ``a`` from self and ``b`` from other.

        With ``operator.add`` this is the convolution of the two.
        """
        weights: dict[V, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                value = f(a, b)
                weights[value] = weights.get(value, 0) + wa * wb
        return _build(weights)

    def given(self, condition: Callable[[T_co], object]) -> Distribution[T_co]:
        """The distribution conditioned on ``condition(outcome)`` being true.

        :raises ValueError: if the condition has probability 0.
        """
        weights = {outcome: w for outcome, w in self._weights.items() if condition(outcome)}
        if not weights:
            raise ValueError("given(): the condition is impossible")
        return _build(weights)

    @overload
    def expected(self: Distribution[int | Fraction]) -> Fraction: ...
    @overload
    def expected(self, f: Callable[[T_co], Exact]) -> Fraction: ...
    def expected(self, f: Callable[[Any], Exact] | None = None) -> Fraction:
        """The expected value of ``f(outcome)``, or of the (numeric) outcome itself."""
        values = (
            (f(o) if f is not None else cast("Exact", o), w) for o, w in self._weights.items()
        )
        return sum((Fraction(value) * w for value, w in values), Fraction(0)) / self._total

    def mean(self: Distribution[int | Fraction]) -> Fraction:
        """The expected value of a numeric distribution (``bool`` outcomes count as 0 and 1).

        >>> Distribution.uniform(range(1, 7)).mean()
        Fraction(7, 2)
        """
        return self.expected()

    def sample(self, rng: Rng) -> tuple[T_co, Rng]:
        """One outcome drawn exactly with its probability, and the advanced stream.

        Draws a single integer below the least common denominator of the probabilities.
        """
        draw, rng = rng.below(self._total)
        index = bisect_right(tuple(accumulate(self._weights.values())), draw)
        return self.outcomes[index], rng

    def __repr__(self) -> str:
        table = ", ".join(f"{outcome!r}: {p!r}" for outcome, p in self.items())
        return f"Distribution({{{table}}})"

    def __str__(self) -> str:
        """One line per outcome: the outcome, its probability and its percentage.

        >>> print(Distribution.from_weights({"hit": 1, "miss": 2}))
        hit   1/3  33.33%
        miss  2/3  66.67%
        """
        rows = [(str(outcome), str(p), f"{float(p):.2%}") for outcome, p in self.items()]
        widths = [max(len(row[column]) for row in rows) for column in range(3)]
        return "\n".join(
            f"{o:<{widths[0]}}  {p:>{widths[1]}}  {pct:>{widths[2]}}" for o, p, pct in rows
        )
