"""Line of sight on the square grid (rule text: "Line of Sight", "Terrain", "Take Cover").

The text checks sight with a stick between models.  Here the stick is the straight line
between the centres of two squares, traced exactly (integer arithmetic, no sampling):

* it *crosses* the squares whose inside it passes through (the two end squares left out);
* where it passes exactly through a corner of the grid, the two squares on either side of the
  corner that it does not enter *flank* it.

Sight is blocked by a crossed square that blocks, or by a corner whose two flanking squares
both block (no seeing through a diagonal gap).  This gives the text's "tightest line of sight
angle ... two up and one across": a unit in the end square of a row of buildings is seen from
two squares up and one across, not from one up and two across, because that line runs along
the buildings' face through the next building square (see the tests).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from attrs import frozen

from wargames.core.board import Square, SquareBoard

__all__ = ["Screen", "Sightline", "Sightlines", "screen", "trace"]

_NONE = -1
"""A flanking "square" off the board: it never blocks."""


@frozen
class Sightline:
    """The squares between two squares: ``crossed`` (board indices) and ``corners`` (the
    pairs of board indices flanking each grid corner the line passes through, ``-1`` for a
    square off the board)."""

    crossed: tuple[int, ...]
    corners: tuple[tuple[int, int], ...]

    @property
    def touched(self) -> tuple[int, ...]:
        """Every square the line crosses or flanks, in no particular order."""
        return self.crossed + tuple(i for pair in self.corners for i in pair if i != _NONE)

    def clear(self, blocks: Callable[[int], bool]) -> bool:
        """Whether nothing on the line blocks, given which squares do."""
        if any(blocks(i) for i in self.crossed):
            return False
        return not any(
            a != _NONE and b != _NONE and blocks(a) and blocks(b) for a, b in self.corners
        )


@frozen
class Screen:
    """What may still block a sightline that the terrain leaves open: a unit on any of
    ``squares`` (crossed squares, and corner squares flanked by blocking terrain), or units
    on both squares of one of ``pairs`` (the two sides of a corner)."""

    squares: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]

    def clear(self, occupied: Callable[[int], bool]) -> bool:
        """Whether no unit blocks the line, given which squares hold one."""
        if any(occupied(i) for i in self.squares):
            return False
        return not any(occupied(a) and occupied(b) for a, b in self.pairs)


def screen(line: Sightline, blocks: Callable[[int], bool]) -> Screen | None:
    """``line``'s :class:`Screen` where ``blocks`` tells which squares' terrain blocks, or
    ``None`` if the terrain alone blocks it.  A square blocks when its terrain does or a unit
    stands on it, so ``line.clear`` with that rule agrees with the screen's ``clear``."""
    if not line.clear(blocks):
        return None
    squares = list(line.crossed)
    pairs = []
    for a, b in line.corners:
        if a == _NONE or b == _NONE:
            continue
        if blocks(a):
            squares.append(b)
        elif blocks(b):
            squares.append(a)
        else:
            pairs.append((a, b))
    return Screen(tuple(squares), tuple(pairs))


def _open_interval(start: int, delta: int, low: int) -> tuple[Fraction, Fraction] | None:
    """The times ``t`` when ``start + t * delta`` lies strictly inside ``(low, low + 2)``,
    or ``None`` if never; ``(-1, 2)`` stands for "always" (wider than the segment)."""
    if delta == 0:
        return (Fraction(-1), Fraction(2)) if low < start < low + 2 else None
    a, b = Fraction(low - start, delta), Fraction(low + 2 - start, delta)
    return (a, b) if a < b else (b, a)


def trace(board: SquareBoard, a: Square, b: Square) -> Sightline:
    """The sightline from the centre of ``a`` to the centre of ``b``.

    Coordinates are doubled so centres are odd integers and grid lines even ones.
    """
    px, py = 2 * a.x + 1, 2 * a.y + 1
    dx, dy = 2 * (b.x - a.x), 2 * (b.y - a.y)
    crossed = []
    for y in range(min(a.y, b.y), max(a.y, b.y) + 1):
        for x in range(min(a.x, b.x), max(a.x, b.x) + 1):
            if (x, y) in ((a.x, a.y), (b.x, b.y)):
                continue
            along_x = _open_interval(px, dx, 2 * x)
            along_y = _open_interval(py, dy, 2 * y)
            if along_x is None or along_y is None:
                continue
            if max(along_x[0], along_y[0], Fraction(0)) < min(along_x[1], along_y[1], Fraction(1)):
                crossed.append(board.index(Square(x, y)))
    corners = []
    if dx and dy:
        rising = (dx > 0) == (dy > 0)
        for k in range(min(a.x, b.x) + 1, max(a.x, b.x) + 1):
            # The line meets the grid line x = 2k at one point; is it a corner?
            t = Fraction(2 * k - px, dx)
            y2 = py + t * dy
            if 0 < t < 1 and y2.denominator == 1 and y2 % 2 == 0:
                m = int(y2) // 2
                pair = ((k, m - 1), (k - 1, m)) if rising else ((k - 1, m - 1), (k, m))
                corners.append(tuple(_index(board, x, y) for x, y in pair))
    return Sightline(tuple(crossed), tuple((p, q) for p, q in corners))


def _index(board: SquareBoard, x: int, y: int) -> int:
    if 0 <= x < board.width and 0 <= y < board.height:
        return board.index(Square(x, y))
    return _NONE


class Sightlines:
    """Every sightline of a board, traced once on first use and kept (for both directions:
    a line crosses and flanks the same squares either way), and with ``blocks`` (which
    squares' terrain blocks sight) each line's :class:`Screen`, likewise."""

    __slots__ = ("_blocks", "_board", "_lines", "_screens")

    def __init__(self, board: SquareBoard, blocks: Callable[[int], bool]) -> None:
        self._board = board
        self._blocks = blocks
        self._lines: dict[tuple[int, int], Sightline] = {}
        self._screens: dict[tuple[int, int], Screen | None] = {}

    def screen(self, a: int, b: int) -> Screen | None:
        """The screen of the sightline between the squares of board indices ``a`` and ``b``
        (``None`` where terrain blocks it)."""
        key = (a, b)
        try:
            return self._screens[key]
        except KeyError:
            found = self._screens[key] = self._screens[b, a] = screen(
                self.between(a, b), self._blocks
            )
            return found

    def between(self, a: int, b: int) -> Sightline:
        """The sightline between the squares of board indices ``a`` and ``b``."""
        line = self._lines.get((a, b))
        if line is None:
            board = self._board
            line = self._lines[a, b] = self._lines[b, a] = trace(
                board, board.node(a), board.node(b)
            )
        return line
