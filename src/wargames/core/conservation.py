"""Conservation laws: the counting behind a game's invariants that nothing appears or vanishes.

Two questions every game with components asks of a state (or of a view, as far as it shows):

* :func:`places` — is every component in exactly one place (on the board, captured, in a hand,
  a bag, a carrier, ...), and is every component the game has somewhere?
* :func:`tally` — do the components of each kind add up to the game's list (an army, a
  component count), with some of unknown kind in a view?

Both return the broken laws as sentences, for :meth:`~wargames.core.game.Game.violations`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import TypeVar

__all__ = ["places", "tally"]

K = TypeVar("K", bound=Hashable)


def places(
    what: str,
    held: Mapping[str, Iterable[K]],
    every: Iterable[K] | None = None,
) -> Iterator[str]:
    """Each broken law of "every ``what`` is in exactly one place": ``held`` maps each place's
    name to the components it holds; ``every``, if given, is every component the game has,
    each of which must be somewhere, and nothing else may be."""
    where: dict[K, list[str]] = {}
    for place, items in held.items():
        for item in items:
            where.setdefault(item, []).append(place)
    for item, found in where.items():
        if len(found) > 1:
            yield f"{what} {item} is in {len(found)} places: {', '.join(found)}"
    if every is None:
        return
    known = set(every)
    missing = sorted((item for item in known if item not in where), key=str)
    if missing:
        yield f"{what} {_listed(missing)} {_be(missing)} nowhere ({' nor '.join(held)})"
    extra = [item for item in where if item not in known]
    if extra:
        yield f"{what} {_listed(extra)} {_be(extra)} not among the game's"


def tally(
    what: str,
    found: Mapping[K, int],
    expected: Mapping[K, int],
    *,
    unknown: int = 0,
    whole: bool = True,
    name: Callable[[K], str] = str,
) -> Iterator[str]:
    """Each broken law of "the ``what`` are exactly ``expected``" (a count by kind): ``found``
    counts the components whose kind is known, ``unknown`` those a view shows without their
    kind (any kind the count leaves room for).  No kind may exceed its count, and the total
    must be the list's total, or (``whole`` false: a view that does not show every place)
    no more than it."""
    for kind, count in found.items():
        most = expected.get(kind, 0)
        if count > most:
            yield f"{what}: {count} {name(kind)}, the list has {most}"
    total, listed = sum(found.values()) + unknown, sum(expected.values())
    if total > listed or (whole and total != listed):
        yield f"{what}: {total} in all, the list has {listed}"


def _listed(items: list[K]) -> str:
    return ", ".join(map(str, items))


def _be(items: list[K]) -> str:
    return "is" if len(items) == 1 else "are"
