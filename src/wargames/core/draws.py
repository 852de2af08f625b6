"""Random draws from bags and decks that live in the immutable state.

Two containers that many board games share, both plain frozen values drawn from with the
state's :class:`~wargames.core.rng.Rng`:

* :class:`Bag` — a multiset drawn from uniformly (tiles, coins, chits): items go back in
  and come out at random.  Its contents are public or hidden from every player.
* :class:`Deck` — cards in an order nobody knows, with a public discard pile that is
  shuffled into a new deck when the deck runs out.

Hidden contents are declared with :func:`~wargames.core.hidden.secret`, so views redact
them; :meth:`Bag.resample` and :meth:`Deck.resample` rebuild them for a determinisation.

>>> from wargames.core.rng import Rng
>>> bag = Bag.of(["sword", "shield", "shield"])
>>> item, rest, rng = bag.draw(Rng.from_seed(1))
>>> len(rest), rest.put(item) == bag
(2, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, Generic, TypeVar

from attrs import frozen

from wargames.core.hidden import secret
from wargames.core.rng import Rng

__all__ = ["Bag", "Deck", "remaining"]

T = TypeVar("T", bound=Hashable)


def _sorted(items: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(sorted(items))


def _public_contents(bag: Bag[Any], _: str) -> bool:
    return bag.public


def _nobody(_: object, __: str) -> bool:
    return False


def remaining(full: Iterable[T], out: Iterable[T]) -> list[T]:
    """The items of ``full`` (a multiset) left after taking away ``out``, in ``full``'s order.

    :raises ValueError: if ``out`` holds an item more often than ``full`` does.
    """
    left = Counter(out)
    kept: list[T] = []
    for item in full:
        if left[item] > 0:
            left[item] -= 1
        else:
            kept.append(item)
    extra = +left
    if extra:
        raise ValueError(f"taken more than there are: {dict(extra)}")
    return kept


@frozen
class Bag(Generic[T]):
    """A multiset of sortable items, kept sorted so equal bags are equal values.

    ``public``: whether players may see what is in it (a bag of coins whose holders are all
    public), else the contents are hidden from everybody (a face-down tile bag).
    """

    items: tuple[T, ...] = secret(_public_contents, converter=_sorted)
    public: bool = False

    @classmethod
    def of(cls, items: Iterable[T], *, public: bool = False) -> Bag[T]:
        """A bag holding ``items``."""
        return cls(tuple(items), public)

    def __len__(self) -> int:
        return len(self.items)

    def count(self, item: T) -> int:
        """How many ``item`` the bag holds."""
        return self.items.count(item)

    def draw(self, rng: Rng) -> tuple[T, Bag[T], Rng]:
        """One item drawn uniformly (each item, not each kind, equally likely), the bag
        without it, and the advanced stream.

        :raises ValueError: if the bag is empty.
        """
        if not self.items:
            raise ValueError("cannot draw from an empty bag")
        index, rng = rng.below(len(self.items))
        rest = self.items[:index] + self.items[index + 1 :]
        return self.items[index], Bag(rest, self.public), rng

    def put(self, *items: T) -> Bag[T]:
        """The bag with ``items`` put back in."""
        return Bag(self.items + items, self.public)

    def take(self, *items: T) -> Bag[T]:
        """The bag without ``items`` (chosen, not drawn: change from a coin bag).

        :raises ValueError: if the bag does not hold them.
        """
        return Bag(tuple(remaining(self.items, items)), self.public)

    def resample(self, full: Iterable[T], seen: Iterable[T]) -> Bag[T]:
        """For a determinisation: the bag holding what is left of ``full`` once everything
        ``seen`` elsewhere (in hands, on the table) is taken away."""
        return Bag(tuple(remaining(full, seen)), self.public)


@frozen
class Deck(Generic[T]):
    """A face-down deck (top first, order hidden from everybody) and its face-up discards.

    Drawing from an empty deck first shuffles the discards into a new deck.
    """

    cards: tuple[T, ...] = secret(_nobody)
    discards: tuple[T, ...] = ()

    @classmethod
    def shuffled(cls, cards: Sequence[T], rng: Rng) -> tuple[Deck[T], Rng]:
        """A new deck of ``cards`` in random order, and the advanced stream."""
        order, rng = rng.shuffled(cards)
        return cls(order), rng

    def draw(self, rng: Rng) -> tuple[T, Deck[T], Rng]:
        """The top card, the deck without it, and the stream (advanced if a reshuffle was
        needed).

        :raises ValueError: if deck and discards are both empty.
        """
        deck = self
        if not deck.cards:
            if not deck.discards:
                raise ValueError("cannot draw: no cards in the deck or the discards")
            order, rng = rng.shuffled(deck.discards)
            deck = Deck(order)
        return deck.cards[0], Deck(deck.cards[1:], deck.discards), rng

    def discard(self, card: T) -> Deck[T]:
        """The deck with ``card`` on the discard pile."""
        return Deck(self.cards, (*self.discards, card))

    def resample(self, full: Iterable[T], rng: random.Random, out: Iterable[T] = ()) -> Deck[T]:
        """For a determinisation: a deck of every card of ``full`` not on the discard pile
        and not ``out`` (held elsewhere), in a random order; the discards kept."""
        left = remaining(full, [*self.discards, *out])
        rng.shuffle(left)
        return Deck(tuple(left), self.discards)
