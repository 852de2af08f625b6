"""Observation tensors made piece by piece: each piece's values encoded once and reused.

A state is immutable and a move changes few of its pieces: ``apply`` keeps every other piece
as the very object it was, and a view redacts a piece into the same object each time it is
asked (:func:`~wargames.core.hidden.redact` remembers).  So a game's encoder can remember
each piece's encoded values by the piece's identity and the player it is encoded for, and
copy in only the rows of the pieces a move made: an incremental encoding that needs no list
of what changed.

>>> import numpy
>>> rows = PieceRows(lambda piece, player: numpy.array([len(piece), player == "red"]))
>>> pieces = (("a",), ("b", "c"))
>>> block = numpy.zeros((3, 2))
>>> rows.fill(block, pieces, "red")
>>> block.tolist()
[[1.0, 1.0], [2.0, 1.0], [0.0, 0.0]]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from operator import is_not
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from wargames.core.hidden import HIDDEN, VISIBILITY, redact

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["PieceRows", "per_game", "seen"]

G = TypeVar("G")
T = TypeVar("T")

_LIMIT: Final = 1 << 14
"""The most rows a :class:`PieceRows` keeps before it forgets them all (a few thousand
positions' changed pieces: far more than one game's moves touch between two looks)."""


class PieceRows:
    """``encode(piece, player)``, a row of values, remembered by the piece's identity and the
    player; and the block of rows of a sequence of pieces, patched from the last block made
    for the same player where the pieces are the same objects.

    Each remembered entry holds its pieces, so an identity is never reused while remembered;
    ``encode`` must read nothing but the piece, the player and what is fixed for the game.
    """

    __slots__ = ("_encode", "_last", "_rows")

    def __init__(self, encode: Callable[[Any, str], NDArray[Any]]) -> None:
        self._encode = encode
        self._rows: dict[tuple[int, str], tuple[Any, NDArray[Any]]] = {}
        self._last: dict[str, tuple[Sequence[Any], NDArray[Any]]] = {}

    def __call__(self, piece: Any, player: str) -> NDArray[Any]:
        """The encoded values of ``piece`` for ``player`` (shared: read-only)."""
        key = (id(piece), player)
        seen = self._rows.get(key)
        if seen is not None and seen[0] is piece:
            return seen[1]
        if len(self._rows) >= _LIMIT:
            self._rows.clear()
        row = self._encode(piece, player)
        row.flags.writeable = False
        self._rows[key] = (piece, row)
        return row

    def fill(self, out: NDArray[Any], pieces: Sequence[Any], player: str) -> None:
        """Write the row of ``pieces[i]`` into ``out[i]`` for each ``i`` (the rows after the
        last piece are left as they are).  Only the pieces that are not the objects of the
        same place in the last block made for ``player`` are looked up."""
        count = len(pieces)
        last = self._last.get(player)
        if last is not None and len(last[0]) == count:
            before, block = last
            block = block.copy()
            # The places whose piece is not the same object, found by C loops.
            changed: Iterable[int] = compress(itertools.count(), map(is_not, pieces, before))
        else:
            block = out[:count].copy()
            changed = range(count)
        for i in changed:
            block[i] = self(pieces[i], player)
        self._last[player] = (pieces, block)
        out[:count] = block


_rules: dict[tuple[type, str], Callable[[Any, str], bool] | None] = {}


def secret_rule(cls: type, name: str) -> Callable[[Any, str], bool] | None:
    """The visibility rule of the field ``name`` of the attrs class ``cls`` (``None`` for a
    field that is not a :func:`~wargames.core.hidden.secret`), looked up once."""
    key = (cls, name)
    try:
        return _rules[key]
    except KeyError:
        rule = _rules[key] = attrs.fields_dict(cls)[name].metadata.get(VISIBILITY)
        return rule


_PLAIN: Final = frozenset({int, str, bool, float, type(None)})


def seen(value: Any, name: str, player: str) -> Any:
    """The field ``name`` of the attrs instance ``value`` as ``player``'s view shows it:
    :data:`~wargames.core.hidden.HIDDEN` where the field's :func:`~wargames.core.hidden.secret`
    rule hides it from ``player``, else its value redacted for them.  The same answer as
    reading the field of ``redact(value, player)``, without copying the instance (an encoder
    reads a few fields of each piece it encodes); a view's field reads the same.

    >>> from attrs import frozen
    >>> from wargames.core.hidden import secret
    >>> @frozen
    ... class Card:
    ...     owner: str
    ...     face: int = secret(lambda card, player: player == card.owner)
    >>> seen(Card("red", 7), "face", "red"), seen(Card("red", 7), "face", "blue")
    (7, HIDDEN)
    """
    rule = secret_rule(type(value), name)
    if rule is not None and not rule(value, player):
        return HIDDEN
    found = getattr(value, name)
    return found if type(found) in _PLAIN else redact(found, player)


def per_game(make: Callable[[G], T]) -> Callable[[G], T]:
    """``make(game)``, made once for each game object and found again by its identity (what
    an encoder works out once per game: a game's hash walks its options, which costs more
    than a look-up at every call should).  Each game made for is kept alive with its value.

    >>> made = per_game(lambda game: [game])
    >>> game = object()
    >>> made(game) is made(game)
    True
    """
    made: dict[int, tuple[G, T]] = {}

    def of(game: G) -> T:
        found = made.get(id(game))
        if found is not None and found[0] is game:
            return found[1]
        value = make(game)
        made[id(game)] = (game, value)
        return value

    return of
