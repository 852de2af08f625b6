"""Dice expressions: written once, then rolled with a stream or solved exactly.

Every expression is a frozen value with two methods that share one definition:

- ``expr.roll(rng) -> (value, rng)`` rolls it with the deterministic stream of the state;
- ``expr.distribution() -> Distribution`` gives its exact probabilities.

Each combinator rolls its parts and applies its function to their values, and builds its
distribution by combining its parts' distributions with *the same* function, so the two
cannot disagree.  Sums fold die by die (a convolution), never enumerating all the faces.

>>> from fractions import Fraction
>>> (2 * d6 + 3).distribution()[10]
Fraction(1, 6)
>>> attack = opposed(2 * d6 + 1, 2 * d6)
>>> str(attack.beats()), attack.beats().distribution()[True]
('2d6+1 beats 2d6', Fraction(721, 1296))
>>> pool(3, d6).highest().distribution()[6]
Fraction(91, 216)

Outcomes are ``int`` for numeric expressions, ``tuple[int, ...]`` for a raw :class:`Pool`
(faces in roll order) and ``bool`` for tests such as :meth:`DiceExpr.at_least`.
"""

from __future__ import annotations

import operator
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable
from typing import Generic, TypeVar

from attrs import field, frozen

from wargames.core.chance import Chance
from wargames.core.distribution import Distribution
from wargames.core.rng import Rng

__all__ = [
    "Combine",
    "Constant",
    "DiceExpr",
    "Die",
    "Fold",
    "Map",
    "Opposed",
    "Pool",
    "Reroll",
    "d6",
    "d10",
    "opposed",
    "pool",
]

T_co = TypeVar("T_co", bound=Hashable, covariant=True)
T = TypeVar("T", bound=Hashable)
S = TypeVar("S", bound=Hashable)
U = TypeVar("U", bound=Hashable)
V = TypeVar("V", bound=Hashable)


def _operand(expr: object) -> str:
    """The text of ``expr``, parenthesised if it has spaces (to sit inside a longer label)."""
    text = str(expr)
    return f"({text})" if " " in text else text


def _name(function: object) -> str:
    return getattr(function, "__name__", type(function).__name__)


class DiceExpr(ABC, Generic[T_co]):
    """A random quantity defined by dice: roll it, or ask for its exact distribution.

    Expressions are frozen, hashable values compared by structure (the built-in modifiers and
    tests compare by value; functions you pass compare by identity).

    Numeric expressions (``DiceExpr[int]``) also support ``+``/``-`` with an ``int`` (a
    modifier) or another expression (an independent sum or difference), ``count * expr``
    (a :class:`Pool`), and the tests :meth:`at_least` / :meth:`at_most`.
    """

    __slots__ = ()

    @abstractmethod
    def roll(self, rng: Rng) -> tuple[T_co, Rng]:
        """One result drawn from ``rng``, and the advanced stream."""

    @abstractmethod
    def distribution(self) -> Distribution[T_co]:
        """The exact distribution of :meth:`roll`'s result."""

    @abstractmethod
    def chance(self) -> Chance[T_co]:
        """:meth:`distribution` with, for each outcome, the stream draws that make
        :meth:`roll` give it (:mod:`wargames.core.chance`), built by the same functions."""

    @abstractmethod
    def __str__(self) -> str:
        """Readable dice notation, e.g. ``2d6+3`` or ``highest of 3d6``."""

    def map(self, f: Callable[[T_co], U], label: str | None = None) -> DiceExpr[U]:
        """The expression whose result is ``f`` of this one's (``f`` must be pure)."""
        return Map(self, f, label or f"{_name(f)}({self})")

    def combine(
        self, other: DiceExpr[U], f: Callable[[T_co, U], V], label: str | None = None
    ) -> DiceExpr[V]:
        """``f`` of this result and an independent result of ``other`` (rolled after this)."""
        return Combine(self, other, f, label or f"{_name(f)}({self}, {other})")

    def reroll_if(
        self, condition: Callable[[T_co], object], label: str | None = None
    ) -> Reroll[T_co]:
        """Roll; if ``condition(result)`` holds, roll once more and keep the second result.

        >>> d6.reroll_if(lambda face: face == 1).distribution()[1]
        Fraction(1, 36)
        """
        return Reroll(self, condition, label or f"{self}, re-rolled once if {_name(condition)}")

    def at_least(self: DiceExpr[int], target: int) -> DiceExpr[bool]:
        """Whether the result is ``>= target``: ``d10.at_least(5)`` reads "d10 >= 5"."""
        return Map(self, _AtLeast(target), f"{_operand(self)} >= {target}")

    def at_most(self: DiceExpr[int], target: int) -> DiceExpr[bool]:
        """Whether the result is ``<= target``."""
        return Map(self, _AtMost(target), f"{_operand(self)} <= {target}")

    def __add__(self: DiceExpr[int], other: int | DiceExpr[int] | Pool) -> DiceExpr[int]:
        """``expr + 2`` adds a modifier; ``expr + other`` adds an independent roll."""
        if isinstance(other, int):
            if other == 0:
                return self
            sign = "+" if other > 0 else "-"
            return Map(self, _Offset(other), f"{_operand(self)}{sign}{abs(other)}")
        if isinstance(other, Pool):
            other = other.total()
        if isinstance(other, DiceExpr):
            return Combine(self, other, operator.add, f"{self} + {_operand(other)}")
        return NotImplemented

    def __radd__(self: DiceExpr[int], other: int) -> DiceExpr[int]:
        return self + other

    def __sub__(self: DiceExpr[int], other: int | DiceExpr[int] | Pool) -> DiceExpr[int]:
        """``expr - 2`` subtracts a modifier; ``expr - other`` an independent roll."""
        if isinstance(other, int):
            return self + -other
        if isinstance(other, Pool):
            other = other.total()
        if isinstance(other, DiceExpr):
            return Combine(self, other, operator.sub, f"{self} - {_operand(other)}")
        return NotImplemented

    def __rmul__(self: DiceExpr[int], count: int) -> Pool:
        """``3 * d6`` is ``pool(3, d6)``."""
        if isinstance(count, int):
            return pool(count, self)
        return NotImplemented


def _faces(spec: int | Iterable[int]) -> tuple[int, ...]:
    if isinstance(spec, int):
        if spec < 1:
            raise ValueError(f"a die needs at least one side, got {spec}")
        return tuple(range(1, spec + 1))
    faces = tuple(spec)
    if not faces:
        raise ValueError("a die needs at least one face")
    return faces


@frozen
class Die(DiceExpr[int]):
    """One die: ``Die(6)`` has faces 1-6; ``Die([0, 0, 1, 1, 1, 2])`` has custom faces.

    Rolling draws a face index uniformly (one draw from the stream).

    :raises ValueError: for fewer than one side or no faces.
    """

    faces: tuple[int, ...] = field(converter=_faces)

    @property
    def sides(self) -> int:
        return len(self.faces)

    def roll(self, rng: Rng) -> tuple[int, Rng]:
        index, rng = rng.below(len(self.faces))
        return self.faces[index], rng

    def distribution(self) -> Distribution[int]:
        return Distribution.uniform(self.faces)

    def chance(self) -> Chance[int]:
        draws: dict[int, tuple[int, ...]] = {}
        for index, face in enumerate(self.faces):
            draws.setdefault(face, (index,))
        return Chance(self.distribution(), draws)

    def __str__(self) -> str:
        if self.faces == tuple(range(1, self.sides + 1)):
            return f"d{self.sides}"
        return f"d[{','.join(map(str, self.faces))}]"


d6 = Die(6)
d10 = Die(10)


@frozen
class Constant(DiceExpr[T]):
    """A fixed value; rolling it draws nothing from the stream."""

    value: T

    def roll(self, rng: Rng) -> tuple[T, Rng]:
        return self.value, rng

    def distribution(self) -> Distribution[T]:
        return Distribution.certain(self.value)

    def chance(self) -> Chance[T]:
        return Chance.certain(self.value)

    def __str__(self) -> str:
        return str(self.value)


@frozen
class Map(DiceExpr[U], Generic[T, U]):
    """``function`` applied to the result of ``source``."""

    source: DiceExpr[T]
    function: Callable[[T], U]
    label: str

    def roll(self, rng: Rng) -> tuple[U, Rng]:
        value, rng = self.source.roll(rng)
        return self.function(value), rng

    def distribution(self) -> Distribution[U]:
        return self.source.distribution().map(self.function)

    def chance(self) -> Chance[U]:
        return self.source.chance().map(self.function)

    def __str__(self) -> str:
        return self.label


@frozen
class Combine(DiceExpr[V], Generic[T, U, V]):
    """``function`` of independent results of ``first`` and ``second`` (rolled in order)."""

    first: DiceExpr[T]
    second: DiceExpr[U]
    function: Callable[[T, U], V]
    label: str

    def roll(self, rng: Rng) -> tuple[V, Rng]:
        a, rng = self.first.roll(rng)
        b, rng = self.second.roll(rng)
        return self.function(a, b), rng

    def distribution(self) -> Distribution[V]:
        return self.first.distribution().combine(self.second.distribution(), self.function)

    def chance(self) -> Chance[V]:
        return self.first.chance().combine(self.second.chance(), self.function)

    def __str__(self) -> str:
        return self.label


@frozen
class Reroll(DiceExpr[T]):
    """``source`` rolled again, once, when its first result meets ``condition``."""

    source: DiceExpr[T]
    condition: Callable[[T], object]
    label: str

    def _keep(self, first: T, second: T) -> T:
        return second if self.condition(first) else first

    def roll(self, rng: Rng) -> tuple[T, Rng]:
        first, rng = self.source.roll(rng)
        if not self.condition(first):
            return first, rng  # the second roll is never made: no draw
        second, rng = self.source.roll(rng)
        return self._keep(first, second), rng

    def distribution(self) -> Distribution[T]:
        once = self.source.distribution()
        return once.combine(once, self._keep)

    def chance(self) -> Chance[T]:
        once = self.source.chance()
        return once.then(
            lambda first: once if self.condition(first) else Chance.certain(first), _kept
        )

    def __str__(self) -> str:
        return self.label


@frozen
class Fold(DiceExpr[S], Generic[S, T]):
    """A reduction over dice: start from ``initial``, then ``state = step(state, result)``
    for each die in order.

    The distribution is built the same way, die by die, merging equal states, so a sum of
    ten dice has a few dozen states at each step rather than 6**10 tuples.
    """

    dice: tuple[DiceExpr[T], ...]
    initial: S
    step: Callable[[S, T], S]
    label: str

    def roll(self, rng: Rng) -> tuple[S, Rng]:
        state = self.initial
        for die in self.dice:
            value, rng = die.roll(rng)
            state = self.step(state, value)
        return state, rng

    def distribution(self) -> Distribution[S]:
        states = Distribution.certain(self.initial)
        for die in self.dice:
            states = states.combine(die.distribution(), self.step)
        return states

    def chance(self) -> Chance[S]:
        states = Chance.certain(self.initial)
        for die in self.dice:
            states = states.combine(die.chance(), self.step)
        return states

    def __str__(self) -> str:
        return self.label


def _append(faces: tuple[int, ...], face: int) -> tuple[int, ...]:
    return (*faces, face)


def _dice_tuple(dice: Iterable[DiceExpr[int]]) -> tuple[DiceExpr[int], ...]:
    return tuple(dice)


@frozen
class Pool(DiceExpr[tuple[int, ...]]):
    """Several dice rolled together; the raw result is the tuple of faces in roll order.

    Reduce it with :meth:`total`, :meth:`highest`, :meth:`lowest`, :meth:`count` or
    :meth:`fold`, whose distributions stay small; the raw distribution lists every ordered
    tuple (6**5 = 7776 for five d6).  ``pool + 2`` and ``pool - other`` mean its total, as
    in ``2d6+2``.  An empty pool is allowed: its total and counts are 0.
    """

    dice: tuple[DiceExpr[int], ...] = field(converter=_dice_tuple)

    def fold(self, initial: S, step: Callable[[S, int], S], label: str) -> Fold[S, int]:
        """Reduce the dice in roll order (see :class:`Fold`)."""
        return Fold(self.dice, initial, step, label)

    def roll(self, rng: Rng) -> tuple[tuple[int, ...], Rng]:
        faces = []
        for die in self.dice:  # as _faces() rolls them, without building it
            face, rng = die.roll(rng)
            faces.append(face)
        return tuple(faces), rng

    def distribution(self) -> Distribution[tuple[int, ...]]:
        return self._faces().distribution()

    def chance(self) -> Chance[tuple[int, ...]]:
        return self._faces().chance()

    def _faces(self) -> Fold[tuple[int, ...], int]:
        no_faces: tuple[int, ...] = ()
        return self.fold(no_faces, _append, str(self))

    def total(self) -> DiceExpr[int]:
        """The sum of the dice (``str``: ``3d6``)."""
        label = str(self) if self._repeated_die() else f"total of {self}"
        return self.fold(0, operator.add, label)

    def highest(self, k: int = 1) -> DiceExpr[int]:
        """The highest die, or the sum of the ``k`` highest.

        :raises ValueError: unless ``1 <= k <= len(dice)``.
        """
        return self._keep(k, highest=True)

    def lowest(self, k: int = 1) -> DiceExpr[int]:
        """The lowest die, or the sum of the ``k`` lowest.

        :raises ValueError: unless ``1 <= k <= len(dice)``.
        """
        return self._keep(k, highest=False)

    def _keep(self, k: int, *, highest: bool) -> DiceExpr[int]:
        if not 1 <= k <= len(self.dice):
            raise ValueError(f"cannot keep {k} of the {len(self.dice)} dice of {self}")
        which = ("highest" if highest else "lowest") + ("" if k == 1 else f" {k}")
        no_faces: tuple[int, ...] = ()
        kept = self.fold(no_faces, _Keep(k, highest), f"{which} faces of {self}")
        return kept.map(sum, f"{which} of {self}")

    def count(
        self, match: int | Callable[[int], object], label: str | None = None
    ) -> DiceExpr[int]:
        """How many dice show ``match`` (a face) or satisfy it (a predicate).

        >>> pool(4, d6).count(1).distribution()[0]
        Fraction(625, 1296)
        """
        if label is None:
            what = f"{match}s" if isinstance(match, int) else f"dice meeting {_name(match)}"
            label = f"number of {what} in {self}"
        return self.fold(0, _Tally(match), label)

    def _repeated_die(self) -> Die | None:
        """The die every member is, if they are all the same plain :class:`Die`."""
        first = self.dice[0] if self.dice else None
        if isinstance(first, Die) and all(die == first for die in self.dice):
            return first
        return None

    def __add__(self, other: int | DiceExpr[int] | Pool) -> DiceExpr[int]:
        return self.total() + other

    def __radd__(self, other: int) -> DiceExpr[int]:
        return self.total() + other

    def __sub__(self, other: int | DiceExpr[int] | Pool) -> DiceExpr[int]:
        return self.total() - other

    def __str__(self) -> str:
        if not self.dice:
            return "no dice"
        die = self._repeated_die()
        if die is not None:
            return f"{len(self.dice)}{die}"
        if all(other == self.dice[0] for other in self.dice):
            return f"{len(self.dice)}x({self.dice[0]})"
        return f"[{', '.join(map(str, self.dice))}]"


def pool(count: int, die: DiceExpr[int]) -> Pool:
    """``count`` independent copies of ``die`` (zero gives an empty pool, total 0).

    :raises ValueError: if ``count`` is negative.
    """
    if count < 0:
        raise ValueError(f"a pool needs a non-negative number of dice, got {count}")
    return Pool((die,) * count)


def _kept(first: T, second: T) -> T:
    """The result a re-roll keeps: the second (the first itself when not re-rolled)."""
    return second


def _pair(a: int, b: int) -> tuple[int, int]:
    return a, b


def _margin(results: tuple[int, int]) -> int:
    return results[0] - results[1]


def _first_wins(results: tuple[int, int]) -> bool:
    return results[0] > results[1]


def _second_wins(results: tuple[int, int]) -> bool:
    return results[0] < results[1]


def _tie(results: tuple[int, int]) -> bool:
    return results[0] == results[1]


def _sign(results: tuple[int, int]) -> int:
    return (results[0] > results[1]) - (results[0] < results[1])


@frozen
class Opposed(DiceExpr[tuple[int, int]]):
    """Two independent rolls against each other; the raw result is the pair ``(a, b)``.

    >>> contest = opposed(d6 + 2, d6)
    >>> contest.compare().distribution()
    Distribution({-1: Fraction(1, 6), 0: Fraction(1, 9), 1: Fraction(13, 18)})
    """

    first: DiceExpr[int]
    second: DiceExpr[int]

    def roll(self, rng: Rng) -> tuple[tuple[int, int], Rng]:
        a, rng = self.first.roll(rng)
        b, rng = self.second.roll(rng)
        return _pair(a, b), rng

    def distribution(self) -> Distribution[tuple[int, int]]:
        return self.first.distribution().combine(self.second.distribution(), _pair)

    def chance(self) -> Chance[tuple[int, int]]:
        return self.first.chance().combine(self.second.chance(), _pair)

    def margin(self) -> DiceExpr[int]:
        """``first - second`` (negative when the first loses)."""
        return self.map(_margin, f"margin of {self}")

    def beats(self) -> DiceExpr[bool]:
        """Whether the first is strictly greater."""
        return self.map(_first_wins, f"{_operand(self.first)} beats {_operand(self.second)}")

    def loses(self) -> DiceExpr[bool]:
        """Whether the first is strictly smaller."""
        return self.map(_second_wins, f"{_operand(self.first)} loses to {_operand(self.second)}")

    def ties(self) -> DiceExpr[bool]:
        """Whether both are equal."""
        return self.map(_tie, f"{_operand(self.first)} ties {_operand(self.second)}")

    def compare(self) -> DiceExpr[int]:
        """``1`` if the first wins, ``0`` on a tie, ``-1`` if it loses."""
        return self.map(_sign, f"compare {self}")

    def __str__(self) -> str:
        return f"{_operand(self.first)} vs {_operand(self.second)}"


def opposed(first: DiceExpr[int] | Pool, second: DiceExpr[int] | Pool) -> Opposed:
    """``first`` against ``second``, rolled in that order (a pool stands for its total)."""
    return Opposed(
        first.total() if isinstance(first, Pool) else first,
        second.total() if isinstance(second, Pool) else second,
    )


@frozen
class _Offset:
    """``value + amount``: a modifier, comparable so equal expressions are equal."""

    amount: int

    def __call__(self, value: int) -> int:
        return value + self.amount


@frozen
class _AtLeast:
    target: int

    def __call__(self, value: int) -> bool:
        return value >= self.target


@frozen
class _AtMost:
    target: int

    def __call__(self, value: int) -> bool:
        return value <= self.target


@frozen
class _Keep:
    """Fold step keeping the ``k`` highest (or lowest) faces seen, sorted."""

    k: int
    highest: bool

    def __call__(self, kept: tuple[int, ...], face: int) -> tuple[int, ...]:
        ranked = sorted((*kept, face))
        return tuple(ranked[-self.k :] if self.highest else ranked[: self.k])


@frozen
class _Tally:
    """Fold step counting faces equal to ``match`` or satisfying it."""

    match: int | Callable[[int], object]

    def __call__(self, count: int, face: int) -> int:
        hit = face == self.match if isinstance(self.match, int) else self.match(face)
        return count + 1 if hit else count
