"""Explicit chance: the exact outcomes of an action's chance, and the draws that give each.

A game draws its chance inside ``apply``, from the seeded stream in its state.  A
:class:`Chance` lists what that chance can come to (a :class:`Distribution` of outcomes, each
with its exact probability) and, for each outcome, one sequence of stream draws (the results
of :meth:`~wargames.core.rng.Rng.below`) that gives it.  Forcing those draws into the stream
(:meth:`~wargames.core.rng.Rng.with_forced`) and applying the action resolves the chance as if
the stream had produced that outcome: how ``Game.apply_chance`` gives search code (OpenSpiel's
chance nodes, expectimax) every branch of a roll without a second rules engine.

Dice expressions make their own (:meth:`wargames.core.dice.DiceExpr.chance`); a game joins
the rolls of one action with :meth:`Chance.then` (a roll that depends on an earlier one) and
makes the outcomes coarse with :meth:`Chance.map` (an effect class: outcomes the rules treat
alike merge, and the merged outcome keeps the draws of its first member, so the state it
leads to carries that member's roll).

Where an action's chance is too much to list at once (every attack of a turn, rolled in one
move), it is resolved one draw at a time instead: :class:`Drawn` is where the action stands
after the draws made so far (``Game.drawing``): either the state it came to, or the size of
its next draw, whose results are equally likely.

>>> from wargames.core.dice import d6
>>> two = d6.chance().combine(d6.chance(), lambda a, b: a + b)
>>> two.odds[7], two.draws[7]
(Fraction(1, 6), (0, 5))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, TypeVar

from attrs import field, frozen

from wargames.core.distribution import Distribution

__all__ = ["Chance", "Drawn", "pair"]

S_co = TypeVar("S_co", covariant=True)
T_co = TypeVar("T_co", bound=Hashable, covariant=True)
U = TypeVar("U", bound=Hashable)
V = TypeVar("V", bound=Hashable)


def pair(a: Any, b: Any) -> tuple[Any, Any]:
    """The pair ``(a, b)``: how :meth:`Chance.then` joins two results by default."""
    return a, b


@frozen
class _Swap:
    """Fisher-Yates' step at ``i``: swap place ``i`` with place ``j``."""

    i: int

    def __call__(self, order: tuple[Any, ...], j: int) -> tuple[Any, ...]:
        items = list(order)
        items[self.i], items[j] = items[j], items[self.i]
        return tuple(items)


def _draws(draws: Mapping[Any, Iterable[int]]) -> dict[Any, tuple[int, ...]]:
    return {outcome: tuple(values) for outcome, values in draws.items()}


@frozen
class Chance(Generic[T_co]):
    """The exact chance of one action: ``odds`` over its outcomes, and for each outcome the
    stream ``draws`` that give it (every outcome of ``odds`` has draws).

    :raises ValueError: when an outcome has no draws.
    """

    odds: Distribution[T_co]
    draws: Mapping[T_co, tuple[int, ...]] = field(converter=_draws, hash=False)

    def __attrs_post_init__(self) -> None:
        missing = [outcome for outcome in self.odds if outcome not in self.draws]
        if missing:
            raise ValueError(f"outcomes without draws: {missing[:3]}")

    @classmethod
    def certain(cls, value: U) -> Chance[U]:
        """No chance at all: ``value``, drawing nothing."""
        return Chance(Distribution.certain(value), {value: ()})

    @classmethod
    def below(cls, n: int) -> Chance[int]:
        """One draw of :meth:`~wargames.core.rng.Rng.below`: each of ``range(n)`` alike."""
        return Chance(Distribution.uniform(range(n)), {value: (value,) for value in range(n)})

    @classmethod
    def shuffled(cls, items: Sequence[U]) -> Chance[tuple[U, ...]]:
        """The orders :meth:`~wargames.core.rng.Rng.shuffled` can give ``items`` (equal
        orders of equal items merged), by its Fisher-Yates draws."""
        orders: Chance[tuple[U, ...]] = Chance.certain(tuple(items))
        for i in range(len(items) - 1, 0, -1):
            orders = orders.combine(Chance.below(i + 1), _Swap(i))
        return orders

    def __len__(self) -> int:
        return len(self.odds)

    def items(self) -> tuple[tuple[T_co, Fraction], ...]:
        """``(outcome, probability)`` pairs in the order of :attr:`odds`."""
        return self.odds.items()

    def map(self, f: Callable[[T_co], U]) -> Chance[U]:
        """The chance of ``f(outcome)``: outcomes ``f`` sends to one value merge, keeping the
        draws of the first (in the order of :attr:`odds`)."""
        draws: dict[U, tuple[int, ...]] = {}
        for outcome in self.odds:
            draws.setdefault(f(outcome), self.draws[outcome])
        return Chance(self.odds.map(f), draws)

    def then(
        self,
        f: Callable[[T_co], Chance[U]],
        join: Callable[[T_co, U], V] = pair,  # type: ignore[assignment]
    ) -> Chance[V]:
        """This chance, then the chance ``f(outcome)`` that depends on its outcome (drawn
        after it), joined by ``join`` (a pair by default): the outcome ``join(a, b)`` has the
        probability of ``a`` times that of ``b`` after ``a``, and ``a``'s draws then ``b``'s."""
        odds: list[tuple[V, Fraction]] = []
        draws: dict[V, tuple[int, ...]] = {}
        for a, p in self.odds.items():
            after = f(a)
            for b, q in after.odds.items():
                value = join(a, b)
                odds.append((value, p * q))
                draws.setdefault(value, self.draws[a] + after.draws[b])
        return Chance(Distribution(odds), draws)

    def combine(self, other: Chance[U], f: Callable[[T_co, U], V]) -> Chance[V]:
        """``f`` of this outcome and an independent one of ``other`` (drawn after it)."""

        def independent(_: object) -> Chance[U]:
            return other

        return self.then(independent, f)


@frozen
class Drawn(Generic[S_co]):
    """An action resolved draw by draw (``Game.drawing``): the stream ``draws`` made so far
    (results of :meth:`~wargames.core.rng.Rng.below`, draws with one possible result
    included), then either the ``state`` the action came to (``size`` 0) or the ``size`` of
    its next draw (``state`` ``None``): a chance node whose ``size`` results are equally
    likely."""

    draws: tuple[int, ...]
    size: int
    state: S_co | None

    @property
    def odds(self) -> Distribution[int]:
        """The next draw's results, each with probability ``1 / size``.

        :raises ValueError: once the action is resolved.
        """
        if not self.size:
            raise ValueError("the action is resolved: no draw to come")
        return Distribution.uniform(range(self.size))
