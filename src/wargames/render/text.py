"""Plain-text pictures of boards, for terminals, logs and doctests (no colour).

Both renderers take a ``glyph`` function that gives the short text to show in each cell
(a piece, a terrain mark, or ``""``), so the same functions draw any game's state.

>>> from wargames.core.board import SquareBoard
>>> print(render_squares(SquareBoard(3, 2), lambda square: "."))
2 . . .
1 . . .
  a b c
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from wargames.core.board import HexBoard, Square, SquareBoard
from wargames.core.hexes import Hex, to_offset

__all__ = ["changed_column", "crop", "render_hexes", "render_hexes_compact", "render_squares"]


def _checked(text: str, node: object, longest: int) -> str:
    if len(text) > longest or not text.isprintable():
        raise ValueError(
            f"glyph for {node} must be at most {longest} printable characters, got {text!r}"
        )
    return text


def render_squares(board: SquareBoard, glyph: Callable[[Square], str]) -> str:
    """The board drawn rank by rank, the highest rank at the top.

    Rank numbers run down the left and file letters along the bottom.  Every cell is as
    wide as the widest glyph (at least one character), glyphs centred, cells one space
    apart; lines carry no trailing spaces.

    :raises ValueError: if a glyph is longer than 3 characters or not printable.
    """
    cells = {square: _checked(glyph(square), square, 3) for square in board}
    files = [str(Square(x, 0))[:-1] for x in range(board.width)]
    width = max(len(text) for text in [*cells.values(), *files])
    margin = len(str(board.height))
    lines = [
        f"{y + 1:>{margin}} "
        + " ".join(cells[Square(x, y)].center(width) for x in range(board.width))
        for y in reversed(range(board.height))
    ]
    lines.append(" " * margin + " " + " ".join(name.center(width) for name in files))
    return "\n".join(line.rstrip() for line in lines)


# One flat-top hex, drawn from the top-left corner of its 9 x 5 character box.  Columns
# are 7 characters apart and share their slanted sides; odd columns sit 2 lines lower.
_OUTLINE: tuple[tuple[int, int, str], ...] = (
    (0, 2, "_____"),
    (1, 1, "/"),
    (1, 7, "\\"),
    (2, 0, "/"),
    (2, 8, "\\"),
    (3, 0, "\\"),
    (3, 8, "/"),
    (4, 1, "\\_____/"),
)


def render_hexes(board: HexBoard, glyph: Callable[[Hex], str]) -> str:
    """The flat-top map drawn with ``/ \\ _`` outlines, as on a printed odd-q map.

    Each hex shows its map label (``0101`` at the top left) and, under it, its glyph
    centred; odd columns sit half a hex lower than even ones.  Lines carry no trailing
    spaces.

    :raises ValueError: if a glyph is longer than 5 characters or not printable, or a hex
        has no map label (lies left of column 1 or above row 1).
    """
    frame, places = _hex_frame(board)
    canvas = [list(line) for line in frame]
    for cell, (line, left) in places.items():
        text = _checked(glyph(cell), cell, 5).center(7)
        canvas[line][left : left + 7] = text
    return "\n".join("".join(line).rstrip() for line in canvas)


@functools.lru_cache(maxsize=16)
def _hex_frame(board: HexBoard) -> tuple[tuple[str, ...], dict[Hex, tuple[int, int]]]:
    """The outlines and labels of ``board``'s map, drawn once, and where each hex's glyph
    goes (line, first column)."""
    boxes = []
    for cell in board:
        column, row = to_offset(cell)
        boxes.append((cell, 4 * row + 2 * (column & 1), 7 * column, board.label(cell)))
    height = max(top for _, top, _, _ in boxes) + 5
    width = max(left for _, _, left, _ in boxes) + 9
    canvas = [[" "] * width for _ in range(height)]
    for _, top, left, name in boxes:
        for down, across, chars in (*_OUTLINE, (2, 1, name.center(7))):
            canvas[top + down][left + across : left + across + len(chars)] = chars
    frame = tuple("".join(line) for line in canvas)
    return frame, {cell: (top + 3, left + 1) for cell, top, left, _ in boxes}


def render_hexes_compact(board: HexBoard, glyph: Callable[[Hex], str]) -> str:
    """The flat-top map without outlines, three characters a column and two lines a row,
    for a narrow terminal: the glyphs of :func:`render_hexes`, each centred under its column's
    number, odd columns (drawn half a hex lower) on a row's second line; column numbers
    along the top, row numbers down the left.  Lines carry no trailing spaces.

    >>> from wargames.core.board import HexBoard
    >>> print(render_hexes_compact(HexBoard.rectangle(3, 2), lambda cell: "ab"))
         01 02 03
    01   ab    ab
            ab
    02   ab    ab
            ab

    :raises ValueError: if a glyph is longer than 5 characters or not printable, or a hex
        has no map label.
    """
    placed = []
    for cell in board:
        column, row = to_offset(cell)
        name = board.label(cell)
        placed.append((column, row, name, _checked(glyph(cell), cell, 5)))
    digits = len(placed[0][2]) // 2 if placed else 2
    columns = max(column for column, _, _, _ in placed) + 1
    rows = max(row for _, row, _, _ in placed) + 1
    margin = digits + 2  # the row number, and a space before a five-character glyph
    width = margin + 3 * columns + 2
    canvas = [[" "] * width for _ in range(2 * rows + 1)]

    def put(line: int, centre: int, text: str) -> None:
        left = centre - (len(text) - 1) // 2
        canvas[line][left : left + len(text)] = text

    for column in range(columns):
        put(0, margin + 3 * column + 1, f"{column + 1:0{digits}d}")
    for row in range(rows):
        canvas[1 + 2 * row][:digits] = f"{row + 1:0{digits}d}"
    for column, row, _, text in placed:
        put(1 + 2 * row + (column & 1), margin + 3 * column + 1, text)
    return "\n".join("".join(line).rstrip() for line in canvas)


def crop(text: str, width: int, focus: int = 0) -> str:
    """``text`` fitted to ``width`` columns: the lines from the first to the last one wider
    than ``width`` (the board) are cut to the window of ``width`` columns centred as near
    ``focus`` as the board allows, and a last line says which columns are shown; the
    lines around them (headings, lists) are left whole.

    >>> print(crop("title\\nabcdefgh\\nABCDEFGH\\nend", 5, focus=5))
    title
    defgh
    DEFGH
    end
    (columns 4-8 of 8 shown)
    """
    lines = text.split("\n")
    wide = [i for i, line in enumerate(lines) if len(line) > width]
    if not wide:
        return text
    first, last = wide[0], wide[-1]
    widest = max(len(lines[i]) for i in wide)
    start = max(0, min(focus - width // 2, widest - width))
    board = [line[start : start + width].rstrip() for line in lines[first : last + 1]]
    note = f"(columns {start + 1}-{start + width} of {widest} shown)"
    return "\n".join([*lines[:first], *board, *lines[last + 1 :], note])


def changed_column(before: str, after: str) -> int | None:
    """The middle column of everything that differs between two drawings of a board (where
    the action was), or None if they are the same."""
    columns = [
        column
        for old, new in zip(before.split("\n"), after.split("\n"), strict=False)
        for column in range(max(len(old), len(new)))
        if old[column : column + 1] != new[column : column + 1]
    ]
    return (min(columns) + max(columns)) // 2 if columns else None
