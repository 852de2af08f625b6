"""A deterministic random stream that lives inside the immutable game state.

The stream is *counter based*: ``Rng(seed, counter)`` is a plain value, and every draw
returns the drawn number together with the advanced stream.  The same seed and the same
sequence of draws give the same numbers on every machine and Python version, and a
stream survives a JSON round trip because it is nothing but two integers (compare
OpenSpiel issue 276, where the RNG was lost on deserialisation).

Each output is SplitMix64 applied to ``seed_key + counter * golden_gamma``, a well-studied
64-bit mixer that passes BigCrush when used this way.  Integers in ``range(n)`` are drawn
without modulo bias by rejection.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from attrs import field, frozen

__all__ = ["Rng"]

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix64(z: int) -> int:
    """The SplitMix64 finaliser: a bijection on 64-bit integers with good avalanche."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _non_negative(_: object, attribute: object, value: int) -> None:
    if value < 0:
        raise ValueError(f"Rng counter must be >= 0, got {value}")


@frozen
class Rng:
    """An immutable, serialisable stream of random numbers.

    >>> value, rng = Rng(7).below(6)
    >>> value == Rng(7).below(6)[0]
    True
    >>> rng.counter
    1
    """

    seed: int
    counter: int = field(default=0, validator=_non_negative)

    def _next64(self) -> tuple[int, Rng]:
        key = _mix64(self.seed & _MASK) ^ (self.seed >> 64)
        value = _mix64((key + (self.counter + 1) * _GAMMA) & _MASK)
        return value, Rng(self.seed, self.counter + 1)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` and the advanced stream.

        :raises ValueError: if ``n < 1`` or ``n > 2**64`` (wider than one draw of the stream).
        """
        if n < 1:
            raise ValueError(f"below() needs n >= 1, got {n}")
        if n > 1 << 64:
            raise ValueError(f"below() needs n <= 2**64, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)  # largest multiple of n that fits
        rng = self
        while True:
            value, rng = rng._next64()
            if value < limit:
                return value % n, rng

    def randint(self, low: int, high: int) -> tuple[int, Rng]:
        """A uniform integer in ``[low, high]`` (both ends included)."""
        if high < low:
            raise ValueError(f"randint() needs low <= high, got {low} > {high}")
        value, rng = self.below(high - low + 1)
        return low + value, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One element of a non-empty sequence, uniformly."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A uniformly random permutation of ``items`` (Fisher-Yates)."""
        pool = list(items)
        rng = self
        for i in range(len(pool) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        return tuple(pool), rng

    def spawn(self, label: int) -> Rng:
        """An independent stream derived from this one and ``label`` (for sub-games, bots)."""
        return Rng(_mix64((self.seed ^ _mix64(label & _MASK) ^ self.counter) & _MASK))
