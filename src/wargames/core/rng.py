"""Chance no player can predict: a keyed cryptographic stream carried inside the game state.

``Rng(key, counter)`` is a plain immutable value.  Draw number ``counter`` is the first eight
bytes (little-endian) of BLAKE2b keyed with the 256-bit ``key`` over ``counter`` as sixteen
little-endian bytes; a draw returns the number with the stream advanced by one.  The same key
and the same draws give the same numbers on every machine and Python version (BLAKE2b is in
the standard library and fully specified, RFC 7693), and the stream survives JSON because it
is a key and a counter (compare OpenSpiel issue 276, where the RNG was lost on deserialising).

What this protects against:

* **Predicting chance.** Without the key, the next draw cannot be told from earlier ones:
  BLAKE2b with a secret key is a pseudo-random function, so seeing any number of rolls says
  nothing about the next one (an invertible mixer such as SplitMix64 can be solved from its
  outputs).
* **Recovering a secret game.** :meth:`Rng.from_seed` without a seed draws the key from
  :mod:`secrets`: 2**256 keys, none of them reachable from a seed a person would type, so
  neither the opponent's hidden set-up nor future chance can be found by trying seeds.

What it does not protect against:

* **A game started from a seed is only as secret as the seed.** An explicit ``seed`` (an
  ``int`` or ``str``) is hashed into a key so that runs are reproducible; anyone who can guess
  the seed can rebuild the game.  Use seeds for tests, simulations and demonstrations, and
  no seed for games between people.
* **Whoever holds the full state** (the key is in it): the state itself is the secret.  What
  a player is given is a view, from which the key is redacted
  (:mod:`wargames.core.hidden`), and the omniscient replay records the key.

Integers in ``range(n)`` are drawn without modulo bias by rejection.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final, TypeAlias, TypeVar

from attrs import field, frozen

from wargames.core.errors import InvalidSeed, UnknownOutcome, excerpt

__all__ = ["KEY_BYTES", "DrawNeeded", "Rng", "Seed", "key_from_seed"]

T = TypeVar("T")

Seed: TypeAlias = int | str | bytes
"""What ``Game.start`` accepts as a seed: an ``int`` or ``str`` (hashed into a key), or a key
itself (``KEY_BYTES`` bytes, as recorded by the replay of a game started without a seed)."""

KEY_BYTES: Final = 32
_PERSON: Final = b"wargames seed"


def key_from_seed(seed: Seed) -> bytes:
    """The stream key for ``seed``: a key given as bytes is itself; an ``int`` or ``str`` is
    hashed from its text (so ``7`` and ``"7"`` give the same game).

    >>> key_from_seed(7) == key_from_seed("7")
    True
    >>> len(key_from_seed("a long and memorable seed"))
    32

    :raises InvalidSeed: for anything else, or bytes of another length.
    """
    if isinstance(seed, bytes):
        if len(seed) != KEY_BYTES:
            raise InvalidSeed(f"a key must be {KEY_BYTES} bytes, got {len(seed)}")
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise InvalidSeed(f"a seed is an int or a str, got {type(seed).__name__} {excerpt(seed)}")
    text = str(seed).encode("utf-8", "surrogatepass")
    return hashlib.blake2b(text, digest_size=KEY_BYTES, person=_PERSON).digest()


@lru_cache(maxsize=256)
def _keyed(key: bytes) -> hashlib.blake2b:
    """BLAKE2b with ``key`` already absorbed: copying it is cheaper than keying anew."""
    return hashlib.blake2b(key=key, digest_size=8)


def _uniform(keyed: hashlib.blake2b, counter: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)`` from the keyed stream at ``counter``, and the counter
    after it: each draw hashes the counter to 64 bits; draws at or above the largest multiple
    of ``n`` that fits are rejected, so every result is equally likely."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        hasher = keyed.copy()
        hasher.update(counter.to_bytes(16, "little"))
        value = int.from_bytes(hasher.digest(), "little")
        counter += 1
        if value < limit:
            return value % n, counter


def _key_size(_: object, __: object, value: bytes) -> None:
    if not isinstance(value, bytes) or len(value) != KEY_BYTES:
        raise ValueError(f"an Rng key is {KEY_BYTES} bytes")


def _results(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _non_negative(_: object, __: object, value: int) -> None:
    if value < 0:
        raise ValueError(f"Rng counter must be >= 0, got {value}")


class DrawNeeded(Exception):
    """Raised by a stream that :attr:`~Rng.stops` when asked for a draw past its forced
    results: the draw is one of ``range(n)``, each equally likely.  It stops the action being
    applied so that the draw can be made elsewhere, one chance node at a time
    (``Game.drawing``); it never leaves the kernel."""

    def __init__(self, n: int) -> None:
        super().__init__(f"a draw of below({n}) past the forced results")
        self.n = n


@frozen
class Rng:
    """An immutable, serialisable, unpredictable stream of random numbers.

    >>> rng = Rng.from_seed(7)
    >>> value, after = rng.below(6)
    >>> value == Rng.from_seed(7).below(6)[0], after.counter
    (True, 1)

    The key is left out of ``repr``, so a state printed in a log does not give it away.
    """

    key: bytes = field(validator=_key_size, repr=False)
    counter: int = field(default=0, validator=_non_negative)
    forced: tuple[int, ...] = field(default=(), converter=_results, repr=False)
    """Results the next draws of :meth:`below` must give, in order, before the keyed stream
    takes over: how a sampled past (:class:`~wargames.core.history.History`) replays the rolls
    a player saw.  Empty in every real game."""
    stops: bool = field(default=False, eq=False, repr=False)
    """Whether a draw past the forced results raises :class:`DrawNeeded` instead of drawing
    from the keyed stream: how ``Game.drawing`` finds an action's next draw.  Only ever set
    while that action is applied, never in a state a game keeps."""

    @classmethod
    def from_seed(cls, seed: Seed | None = None) -> Rng:
        """A stream from ``seed`` (see :func:`key_from_seed`), or with a fresh secret key from
        :mod:`secrets` when ``seed`` is ``None``."""
        key = secrets.token_bytes(KEY_BYTES) if seed is None else key_from_seed(seed)
        return cls(key)

    def with_forced(self, *results: int) -> Rng:
        """The stream whose next draws of :meth:`below` give ``results`` (then its own)."""
        return Rng(self.key, self.counter, (*self.forced, *results), self.stops)

    def stopping(self, *results: int) -> Rng:
        """The stream at this counter whose next draws give ``results``, and which then
        stops (:attr:`stops`) instead of drawing."""
        return Rng(self.key, self.counter, results, stops=True)

    def _advanced(self, forced: tuple[int, ...], counter: int | None = None) -> Rng:
        """The stream at ``counter`` (the next one by default) with ``forced`` to come."""
        advanced = object.__new__(Rng)  # the fields are already valid: skip the validators
        object.__setattr__(advanced, "key", self.key)
        object.__setattr__(advanced, "counter", self.counter + 1 if counter is None else counter)
        object.__setattr__(advanced, "forced", forced)
        object.__setattr__(advanced, "stops", self.stops)
        return advanced

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` and the advanced stream.

        :raises ValueError: if ``n < 1`` or ``n > 2**64`` (wider than one draw of the stream),
            or a forced result is not in ``range(n)`` (:class:`UnknownOutcome` for a stream
            that :attr:`stops`).
        :raises DrawNeeded: for a stream that :attr:`stops`, past its forced results.
        """
        if n < 1:
            raise ValueError(f"below() needs n >= 1, got {n}")
        if n > 1 << 64:
            raise ValueError(f"below() needs n <= 2**64, got {n}")
        if self.forced:
            value = self.forced[0]
            if not 0 <= value < n:
                error = UnknownOutcome if self.stops else ValueError
                raise error(f"a forced draw of {value} cannot come from below({n})")
            return value, self._advanced(self.forced[1:])
        if self.stops:
            raise DrawNeeded(n)
        value, counter = _uniform(_keyed(self.key), self.counter, n)
        return value, self._advanced((), counter)

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
        if self.forced or self.stops:  # forced results first, one draw at a time
            rng = self
            for i in range(len(pool) - 1, 0, -1):
                j, rng = rng.below(i + 1)
                pool[i], pool[j] = pool[j], pool[i]
            return tuple(pool), rng
        keyed, counter = _keyed(self.key), self.counter  # the same draws, no stream between
        for i in range(len(pool) - 1, 0, -1):
            j, counter = _uniform(keyed, counter, i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        return tuple(pool), self._advanced((), counter)
