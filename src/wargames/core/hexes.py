"""Hex-grid maths in axial coordinates, after Red Blob Games' guide to hexagonal grids.

A hex is ``Hex(q, r)``; its third cube coordinate is ``s = -q - r``.  Maps are drawn with
*flat tops*, so every hex has a neighbour straight above it (north) and straight below it.
The six directions, which are also the six facings of a counter, are numbered clockwise
from north:

===  ====  =========  ==========================
 #   name  (dq, dr)   on a flat-top map
===  ====  =========  ==========================
 0   N     (0, -1)    the hex above
 1   NE    (1, -1)    upper right
 2   SE    (1, 0)     lower right
 3   S     (0, 1)     the hex below
 4   SW    (-1, 1)    lower left
 5   NW    (-1, 0)    upper left
===  ====  =========  ==========================

Printed maps number their hexes by column and row ("odd-q" offset coordinates: odd
columns sit half a hex lower than even ones, counting from column 0).  :func:`to_offset`
and :func:`from_offset` convert, and :func:`label` / :func:`parse_label` give the usual
four-digit map labels: ``0304`` is column 03, row 04, counted from 1, and is
``from_offset(2, 3)``.

>>> Hex(0, 0).neighbour(1)
Hex(q=1, r=-1)
>>> distance(Hex(0, 0), Hex(3, -7))
7
>>> label(from_offset(2, 3))
'0304'
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from attrs import field, frozen
from attrs.validators import instance_of

from wargames.core.errors import excerpt

__all__ = [
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "Hex",
    "cube_round",
    "distance",
    "facing_difference",
    "from_offset",
    "label",
    "line",
    "line_pairs",
    "parse_label",
    "ring",
    "to_offset",
    "turn",
    "within",
]


@frozen(order=True)
class Hex:
    """A hex in axial coordinates; a value (frozen, hashable, ordered by ``(q, r)``).

    ``Hex`` is also used for the difference of two hexes, a *vector*: ``b - a`` is the
    step from ``a`` to ``b``, and ``a + v`` moves ``a`` by the vector ``v``.

    :raises TypeError: if ``q`` or ``r`` is not an ``int``.
    """

    q: int = field(validator=instance_of(int))
    r: int = field(validator=instance_of(int))

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __mul__(self, factor: int) -> Hex:
        return Hex(self.q * factor, self.r * factor)

    def neighbour(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` (taken mod 6, so -1 is NW)."""
        step = DIRECTIONS[direction % 6]
        return Hex(self.q + step.q, self.r + step.r)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order 0 (N) to 5 (NW)."""
        return tuple(Hex(self.q + d.q, self.r + d.r) for d in DIRECTIONS)

    def direction_to(self, other: Hex) -> int:
        """The direction (0-5) in which ``other`` lies next to this hex.

        :raises ValueError: if ``other`` is not adjacent to this hex.
        """
        try:
            return _DIRECTION_INDEX[(other.q - self.q, other.r - self.r)]
        except KeyError:
            raise ValueError(f"{other} is not adjacent to {self}") from None

    def rotate(self, steps: int) -> Hex:
        """This vector turned about the origin by ``steps`` sixths of a turn, clockwise.

        Negative ``steps`` turn counterclockwise.  ``d.rotate(k)`` of the direction vector
        ``DIRECTIONS[d]`` is ``DIRECTIONS[turn(d, k)]``; to turn a hex about a centre ``c``
        use ``(h - c).rotate(k) + c``.
        """
        q, r, s = self.q, self.r, self.s
        for _ in range(steps % 6):
            q, r, s = -r, -s, -q
        return Hex(q, r)


DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)
"""The unit vector of each direction 0 (N) to 5 (NW), clockwise."""

DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
"""Compass names of the directions 0-5."""

_DIRECTION_INDEX: dict[tuple[int, int], int] = {(d.q, d.r): i for i, d in enumerate(DIRECTIONS)}


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two hexes, ``(|dq| + |dr| + |ds|) // 2``."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def turn(facing: int, steps: int) -> int:
    """The facing after turning ``steps`` hex faces clockwise (negative: counterclockwise).

    >>> turn(0, -1)
    5
    """
    return (facing + steps) % 6


def facing_difference(start: int, end: int) -> int:
    """The shortest turn, in hex faces, from facing ``start`` to facing ``end``.

    The result is in ``-2..3``: positive is clockwise, negative counterclockwise, and an
    about-turn is ``3``.  ``turn(start, facing_difference(start, end)) == end``, and
    ``abs(facing_difference(start, end))`` is the number of faces a unit must turn.
    """
    difference = (end - start) % 6
    return difference - 6 if difference > 3 else difference


def ring(center: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes at exactly ``radius`` steps from ``center``, clockwise from the north.

    ``radius == 0`` gives ``(center,)``; otherwise there are ``6 * radius`` hexes.

    :raises ValueError: if ``radius`` is negative.
    """
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return (center,)
    hexes = []
    current = center + DIRECTIONS[0] * radius
    for side in range(6):
        step = DIRECTIONS[(side + 2) % 6]
        for _ in range(radius):
            hexes.append(current)
            current = current + step
    return tuple(hexes)


def within(center: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex at most ``radius`` steps from ``center`` (``3r(r+1) + 1`` of them), sorted.

    :raises ValueError: if ``radius`` is negative.
    """
    if radius < 0:
        raise ValueError(f"within radius must be >= 0, got {radius}")
    return tuple(
        Hex(center.q + dq, center.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
    )


def cube_round(q: float, r: float, s: float | None = None) -> Hex:
    """The hex containing the fractional cube point ``(q, r, s)``; ``s`` defaults to ``-q - r``.

    Each coordinate is rounded and the one that moved most is recomputed from the other
    two.  A point exactly on the border of two hexes goes to one of them, deterministically.

    :raises ValueError: if ``q + r + s`` is not 0.
    """
    if s is None:
        s = -q - r
    elif abs(q + r + s) > 1e-6:
        raise ValueError(f"cube coordinates must sum to 0, got ({q}, {r}, {s})")
    return Hex(*_rounded(q, r, s))


def _rounded(q: float, r: float, s: float) -> tuple[int, int]:
    """:func:`cube_round` as plain axial numbers (lines build a ``Hex`` per cell only once)."""
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr


# Moving every sample point by this tiny vector settles points that lie exactly on the side
# between two hexes.  Its components differ pairwise, so it is not parallel to any hex side
# and moves such a point off the side, into one hex (the opposite nudge: into the other).
_NUDGE = (1e-6, 2e-6, -3e-6)


def _samples(a: Hex, b: Hex, sign: int) -> Iterator[tuple[int, int]]:
    n = distance(a, b)
    if n == 0:
        yield a.q, a.r
        return
    aq, ar, as_ = a.q + sign * _NUDGE[0], a.r + sign * _NUDGE[1], a.s + sign * _NUDGE[2]
    dq, dr, ds = b.q - a.q, b.r - a.r, b.s - a.s
    for i in range(n + 1):
        t = i / n
        yield _rounded(aq + dq * t, ar + dr * t, as_ + ds * t)


def line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The hexes on the straight line from the centre of ``a`` to the centre of ``b``.

    This is Red Blob Games' line drawing: the segment is sampled at ``distance(a, b) + 1``
    evenly spaced points, from ``a`` to ``b`` inclusive, and each point gives the hex that
    contains it, so consecutive hexes are adjacent.  Where a point lies exactly on the side
    two hexes share, a tiny fixed nudge picks one (so ``line(b, a)`` reversed may differ
    there); :func:`line_pairs` reports both.  A hex the segment merely clips near one of
    its corners, between two sample points, is not listed.
    """
    return tuple(Hex(q, r) for q, r in _samples(a, b, 1))


def line_pairs(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """For each step of :func:`line`, the hex the line passes, or both hexes of a tie.

    Step ``i`` is the point ``i / distance(a, b)`` of the way from the centre of ``a`` to
    the centre of ``b``.  Usually it lies inside one hex and the step is ``(hex,)``.  When
    it lies on the side two hexes share (the line runs along that side, as from ``Hex(0, 0)``
    to ``Hex(2, -1)``, or crosses it exactly at its midpoint), the step is both hexes,
    sorted: there the line is no more in one than in the other.  Rules such as SABOT's
    "obstructs line of sight if halfway or more across that line" decide what such a pair
    means.

    Every step contains the matching hex of :func:`line`, and ``line_pairs(b, a)`` is
    ``line_pairs(a, b)`` reversed.

    >>> line_pairs(Hex(0, 0), Hex(2, -1))
    ((Hex(q=0, r=0),), (Hex(q=1, r=-1), Hex(q=1, r=0)), (Hex(q=2, r=-1),))
    """
    return tuple(
        (Hex(*one),) if one == other else (Hex(*min(one, other)), Hex(*max(one, other)))
        for one, other in zip(_samples(a, b, 1), _samples(a, b, -1), strict=True)
    )


def to_offset(hex_: Hex) -> tuple[int, int]:
    """The odd-q offset coordinates ``(column, row)`` of a hex; ``Hex(0, 0)`` is ``(0, 0)``.

    Odd columns are drawn half a hex lower than even ones.
    """
    return hex_.q, hex_.r + (hex_.q - (hex_.q & 1)) // 2


def from_offset(column: int, row: int) -> Hex:
    """The hex at odd-q offset coordinates ``(column, row)``; the inverse of :func:`to_offset`."""
    return Hex(column, row - (column - (column & 1)) // 2)


def label(hex_: Hex, digits: int = 2) -> str:
    """The map label of a hex: its column then its row, each counted from 1 and zero-padded.

    >>> label(Hex(0, 0)), label(from_offset(11, 0), digits=3)
    ('0101', '012001')

    :raises ValueError: if the hex lies left of column 1 or above row 1, or a number needs
        more than ``digits`` digits.
    """
    column, row = to_offset(hex_)
    if column < 0 or row < 0:
        raise ValueError(f"{hex_} lies outside the labelled map (column {column}, row {row})")
    text = f"{column + 1:0{digits}d}{row + 1:0{digits}d}"
    if len(text) != 2 * digits:
        raise ValueError(f"{hex_} needs more than {digits} digits per coordinate")
    return text


_LABEL = re.compile(r"(?:[0-9][0-9])+")


def parse_label(text: str) -> Hex:
    """The hex with map label ``text``: an even number of digits, column half then row half.

    :raises ValueError: if ``text`` is not such a label or names column or row 0.
    """
    if not _LABEL.fullmatch(text):
        raise ValueError(f"not a hex map label (like '0304'): {excerpt(text)}")
    half = len(text) // 2
    column, row = int(text[:half]), int(text[half:])
    if column == 0 or row == 0:
        raise ValueError(f"map labels count columns and rows from 1: {excerpt(text)}")
    return from_offset(column - 1, row - 1)
