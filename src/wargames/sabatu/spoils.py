"""Spoils coins: paying a price and taking change from the Spoils bag (rule text: "Spoils
Coins", "(Change may be obtained from the Spoils bag.)").

Which coins pay is not given in the rules; this library's default pays with the coins whose
total is the smallest at or above the price (then the fewest coins), puts them in the bag,
and takes the change from the bag largest coin first, as far as the bag allows.

>>> pay((1, 1, 5), 2, (1, 2, 3))
((1, 1), ())
>>> pay((5,), 2, (1, 2, 3))
((5,), (3,))
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product
from operator import mul

__all__ = ["change", "pay", "payment"]


@lru_cache(maxsize=1024)
def payment(coins: tuple[int, ...], price: int) -> tuple[int, ...]:
    """The coins that pay ``price``: least total at or above it, then fewest coins (then
    the smaller coins first).

    :raises ValueError: if the coins are worth less than the price.
    """
    if sum(coins) < price:
        raise ValueError(f"coins worth {sum(coins)} cannot pay {price}")
    held = sorted(Counter(coins).items())
    values = [value for value, _ in held]
    ranges = [range(min(n, -(-price // value)) + 1) for value, n in held]
    best: tuple[int, int, tuple[int, ...]] | None = None
    for counts in product(*ranges):
        total = sum(map(mul, values, counts))
        if total < price:
            continue
        number = sum(counts)
        if best is not None and (total, number) > best[:2]:
            continue
        used = tuple(v for v, k in zip(values, counts, strict=True) for _ in range(k))
        key = (total, number, used)
        if best is None or key < best:
            best = key
    assert best is not None  # the coins together reach the price, so some subset does
    return best[2]


def change(amount: int, bag: tuple[int, ...]) -> tuple[int, ...]:
    """Coins of the bag worth ``amount``, largest first, as far as the bag holds them."""
    taken: list[int] = []
    left = Counter(bag)
    for value in sorted(left, reverse=True):
        while amount >= value and left[value] > 0:
            taken.append(value)
            left[value] -= 1
            amount -= value
    return tuple(taken)


def pay(
    coins: tuple[int, ...], price: int, bag: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The coins paid and the change taken back from ``bag`` (the paid coins are in the
    bag before change is made)."""
    paid = payment(coins, price)
    return paid, change(sum(paid) - price, (*bag, *paid))
