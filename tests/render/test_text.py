"""Plain-text board pictures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.board import HexBoard, Square, SquareBoard
from wargames.core.hexes import Hex, to_offset
from wargames.render.text import render_hexes, render_hexes_compact, render_squares


def test_render_squares_rank_by_rank() -> None:
    board = SquareBoard(3, 3)
    marks = {Square.parse("a1"): "R", Square.parse("c3"): "G"}
    assert render_squares(board, lambda sq: marks.get(sq, ".")) == (
        "3 . . G\n"  # highest rank at the top
        "2 . . .\n"
        "1 R . .\n"
        "  a b c"
    )


def test_render_squares_pads_cells_to_the_widest_glyph() -> None:
    board = SquareBoard(2, 10)
    text = render_squares(board, lambda sq: "HQ" if sq == Square(1, 9) else "")
    lines = text.split("\n")
    assert lines[0] == "10    HQ"
    assert lines[9] == " 1"
    assert lines[10] == "   a  b"


def test_render_squares_many_files() -> None:
    text = render_squares(SquareBoard(27, 1), lambda sq: "")
    assert text.split("\n")[-1].endswith("y  z  aa")


@pytest.mark.parametrize("glyph", ["TOOL", "a\nb", "\t"])
def test_render_squares_rejects_bad_glyphs(glyph: str) -> None:
    with pytest.raises(ValueError, match="glyph for a1"):
        render_squares(SquareBoard(1, 1), lambda sq: glyph)


def test_render_hexes_two_by_two() -> None:
    board = HexBoard.rectangle(2, 2, terrain={Hex(1, 0): "forest"})
    glyphs = {"forest": "F", "open": "."}
    assert render_hexes(board, lambda h: glyphs[board.terrain(h)]) == "\n".join(
        [
            "  _____",
            " /     \\",
            "/  0101 \\_____",
            "\\   .   /     \\",
            " \\_____/  0201 \\",
            " /     \\   F   /",
            "/  0102 \\_____/",
            "\\   .   /     \\",
            " \\_____/  0202 \\",
            "       \\   .   /",
            "        \\_____/",
        ]
    )


def test_render_hexes_irregular_map() -> None:
    board = HexBoard.from_text("..\nx.", {".": "open", "x": None})
    text = render_hexes(board, lambda h: "MBT")
    assert "0101" in text
    assert "0102" not in text
    assert text.count("MBT") == 3


def test_render_hexes_errors() -> None:
    board = HexBoard.rectangle(1, 1)
    with pytest.raises(ValueError, match="at most 5"):
        render_hexes(board, lambda h: "TOO LONG")
    with pytest.raises(ValueError, match="outside the labelled map"):
        render_hexes(HexBoard([Hex(0, -1)]), lambda h: "")


@given(st.integers(1, 6), st.integers(1, 6))
def test_render_hexes_shows_every_label(columns: int, rows: int) -> None:
    board = HexBoard.rectangle(columns, rows)
    text = render_hexes(board, lambda h: "*")
    assert text.count("*") == columns * rows
    assert all(board.label(cell) in text for cell in board)
    assert all(line == line.rstrip() for line in text.split("\n"))
    assert len(text.split("\n")) == 4 * rows + 1 + (2 if columns > 1 else 0)


@settings(max_examples=10)
@given(columns=st.integers(1, 12), rows=st.integers(1, 4))
def test_render_hexes_compact_puts_each_hex_under_its_column_on_its_rows_lines(
    columns: int, rows: int
) -> None:
    """Each hex's glyph (here its label) stands on its row's first line (even columns) or
    second (odd columns, half a hex lower), under its column's number."""
    board = HexBoard.rectangle(columns, rows)
    lines = render_hexes_compact(board, board.label).split("\n")
    assert len(lines) == 1 + 2 * rows
    for cell in board:
        column, row = to_offset(cell)
        line = lines[1 + 2 * row + (column & 1)]
        assert lines[1 + 2 * row][:2] == f"{row + 1:02d}"
        at = line.index(board.label(cell))
        assert lines[0][at + 1 : at + 3] == f"{column + 1:02d}"


def test_render_hexes_compact_irregular_map_and_errors() -> None:
    board = HexBoard.from_text("..\nx.", {".": "open", "x": None})
    text = render_hexes_compact(board, lambda h: "MBT")
    assert text.count("MBT") == 3
    with pytest.raises(ValueError, match="at most 5"):
        render_hexes_compact(board, lambda h: "TOO LONG")
