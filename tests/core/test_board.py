"""Boards: square grids, hex maps and free graphs as frozen networkx graphs."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.board import Board, GraphBoard, HexBoard, Square, SquareBoard
from wargames.core.hexes import Hex, distance, from_offset, line_pairs

sizes = st.integers(1, 7)
squares = st.builds(Square, st.integers(0, 800), st.integers(0, 800))

SABOTAGE_LIKE = """
    ..^..
    .....
    ^.^..
"""


def check_indices(board: Board[Any]) -> None:
    """The index tables agree with the graph."""
    assert len(board) == board.graph.number_of_nodes() == len(board.adjacent_indices)
    for i, node in enumerate(board):
        assert board.index(node) == i
        assert board.node(i) == node
        assert node in board
        assert board.neighbours(node) == tuple(board.node(j) for j in board.adjacent_indices[i])
        assert set(board.neighbours(node)) == set(board.graph.adj[node])
        assert board.terrain(node) == board.terrains[i] == board.graph.nodes[node]["terrain"]
        assert list(board.adjacent_indices[i]) == sorted(board.adjacent_indices[i])


# --- squares ---


def test_square_names() -> None:
    assert str(Square(0, 0)) == "a1"
    assert Square.parse("b3") == Square(1, 2)
    assert Square.parse("B3") == Square(1, 2)
    assert str(Square(25, 9)) == "z10"
    assert str(Square(26, 0)) == "aa1"
    assert Square.parse("ab12") == Square(27, 11)


@pytest.mark.parametrize("text", ["", "a", "3", "a0", "3b", "a-1", "a01", "b 3", "\u00e91"])
def test_square_parse_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="square name"):
        Square.parse(text)


def test_square_validation_and_order() -> None:
    with pytest.raises(ValueError, match=">= 0"):
        Square(-1, 0)
    with pytest.raises(TypeError, match="int"):
        Square(0, "1")  # type: ignore[arg-type]
    assert sorted([Square(0, 1), Square(1, 0), Square(0, 0)]) == [
        Square(0, 0),
        Square(1, 0),
        Square(0, 1),
    ]
    assert Square(5, 0) < Square(0, 1) <= Square(0, 1)


@given(squares)
def test_square_name_round_trip(square: Square) -> None:
    assert Square.parse(str(square)) == square


def test_three_by_three_edges() -> None:
    assert SquareBoard(3, 3).graph.number_of_edges() == 12
    assert SquareBoard(3, 3, diagonal=True).graph.number_of_edges() == 20


def test_surrounding_and_orthogonal() -> None:
    board = SquareBoard(3, 3)
    corner = Square.parse("a1")
    assert board.surrounding(corner) == (Square(1, 0), Square(0, 1), Square(1, 1))
    assert board.orthogonal(corner) == (Square(1, 0), Square(0, 1))
    assert len(board.surrounding(Square.parse("b2"))) == 8
    assert board.orthogonal(Square.parse("b2")) == tuple(
        board.parse(name) for name in ("b1", "a2", "c2", "b3")
    )
    with pytest.raises(ValueError, match="not on the board"):
        board.surrounding(Square(3, 0))


def test_square_board_order_and_parse() -> None:
    board = SquareBoard(3, 2, name="tiny")
    assert [str(sq) for sq in board] == ["a1", "b1", "c1", "a2", "b2", "c2"]
    assert board.index(Square.parse("b2")) == 4
    assert board.parse("c2") == Square(2, 1)
    assert (board.width, board.height, board.diagonal, board.name) == (3, 2, False, "tiny")
    with pytest.raises(ValueError, match="off the 3x2 board"):
        board.parse("d1")
    with pytest.raises(ValueError, match="off the 3x2 board"):
        board.parse("a3")
    with pytest.raises(ValueError, match="no node 6"):
        board.node(6)
    with pytest.raises(ValueError, match="no node -1"):
        board.node(-1)
    with pytest.raises(ValueError, match="not on the board"):
        board.index(Square(0, 5))
    assert Square(0, 5) not in board
    assert "a1" not in board


def test_square_board_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match=">= 1"):
        SquareBoard(0, 3)


def test_square_distance() -> None:
    a, b = Square.parse("a1"), Square.parse("c2")
    assert SquareBoard(3, 3).distance(a, b) == 3
    assert SquareBoard(3, 3, diagonal=True).distance(a, b) == 2


def test_volcanoes_block_movement() -> None:
    board = SquareBoard.from_text(SABOTAGE_LIKE, {".": "open", "^": "volcano"}, name="s")
    assert board.terrain(board.parse("c3")) == "volcano"
    assert board.terrain(board.parse("a1")) == "volcano"
    assert board.terrain(board.parse("b1")) == "open"
    table = board.adjacency_table(blocking={"volcano"})
    volcano = board.index(board.parse("c1"))
    assert table[volcano] == ()
    assert all(volcano not in row for row in table)
    assert table is board.adjacency_table(blocking=["volcano"])  # cached
    path = board.shortest_path(board.parse("b1"), board.parse("d1"), blocking={"volcano"})
    assert path is not None
    assert board.parse("c1") not in path
    assert len(path) == 5
    assert board.shortest_path(board.parse("b1"), board.parse("c1"), blocking={"volcano"}) is None
    # The Recon sees all eight squares around it, volcanoes included.
    assert board.parse("c3") in board.surrounding(board.parse("b2"))


def test_passable_predicate_and_unreachable() -> None:
    board = SquareBoard(3, 1)
    middle = Square(1, 0)
    table = board.adjacency_table(passable=lambda square: square != middle)
    assert table == ((), (), ())
    assert board.shortest_path(Square(0, 0), Square(2, 0)) == (Square(0, 0), middle, Square(2, 0))
    assert board.shortest_path(Square(0, 0), Square(2, 0), passable=lambda sq: sq != middle) is None
    with pytest.raises(ValueError, match="not the string"):
        board.adjacency_table(blocking="volcano")
    with pytest.raises(ValueError, match="not on the board"):
        board.shortest_path(Square(0, 0), Square(5, 0))


def test_square_text_and_attribute_errors() -> None:
    with pytest.raises(ValueError, match="not in the legend"):
        SquareBoard.from_text("..#", {".": "open"})
    with pytest.raises(ValueError, match="same length"):
        SquareBoard.from_text("...\n..", {".": "open"})
    with pytest.raises(ValueError, match="blank rows"):
        SquareBoard.from_text("..\n\n..", {".": "open"})
    with pytest.raises(ValueError, match="single non-blank"):
        SquareBoard.from_text("..", {".": "open", " ": "open"})
    with pytest.raises(ValueError, match="not on the board"):
        SquareBoard(2, 2, terrain={Square(2, 0): "hill"})
    with pytest.raises(ValueError, match="non-empty string"):
        SquareBoard(2, 2, terrain={Square(1, 0): ""})
    with pytest.raises(ValueError, match="may not set"):
        SquareBoard(2, 2, attributes={Square(1, 0): {"terrain": "hill"}})
    board = SquareBoard(2, 2, attributes={Square(1, 0): {"cover": 4}})
    assert board.attributes(Square(1, 0)) == {"terrain": "open", "cover": 4}


@given(sizes, sizes, st.booleans())
def test_square_board_properties(width: int, height: int, diagonal: bool) -> None:
    board = SquareBoard(width, height, diagonal=diagonal)
    check_indices(board)
    assert list(board) == sorted(board)
    assert nx.is_frozen(board.graph)
    for a, b, data in board.graph.edges(data=True):
        assert board.distance(a, b) == 1
        assert data["diagonal"] == (a.x != b.x and a.y != b.y)
    limit = 8 if diagonal else 4
    assert max(degree for _, degree in board.graph.degree) <= limit
    for square in board:
        assert set(board.orthogonal(square)) <= set(board.surrounding(square))
        assert set(board.neighbours(square)) == set(
            board.surrounding(square) if diagonal else board.orthogonal(square)
        )
        assert board.index(square) == square.y * width + square.x
        assert board.parse(str(square)) == square


# --- hexes ---


def test_hex_rectangle() -> None:
    board = HexBoard.rectangle(4, 3, name="m")
    assert len(board) == 12
    assert [board.label(cell) for cell in board][:5] == ["0101", "0201", "0301", "0401", "0102"]
    assert board.parse("0201") == Hex(1, 0)
    with pytest.raises(ValueError, match="not on the board"):
        board.parse("0501")
    inner = board.parse("0202")
    assert len(board.neighbours(inner)) == 6
    assert board.step_indices[board.index(inner)] == tuple(
        board.index(cell) for cell in inner.neighbours()
    )
    corner = board.parse("0101")
    assert board.step_indices[board.index(corner)] == (-1, -1, 1, 4, -1, -1)
    assert board.graph.edges[Hex(0, 0), Hex(1, 0)]["direction"] == 2
    assert board.graph.edges[Hex(1, 0), Hex(0, 0)]["direction"] == 2  # from the lower hex
    with pytest.raises(ValueError, match=">= 1"):
        HexBoard.rectangle(0, 3)


def test_hex_attributes_and_sides() -> None:
    road = (Hex(0, 0), Hex(0, 1))
    board = HexBoard.rectangle(
        2,
        2,
        terrain={Hex(1, 0): "forest"},
        elevation={Hex(1, 1): 2},
        features={Hex(0, 0): ["road"], Hex(0, 1): {"road", "river"}},
        attributes={Hex(1, 1): {"tile": "M7-040"}},
        sides={road: {"road": True}},
    )
    assert board.terrain(Hex(1, 0)) == "forest"
    assert board.terrain(Hex(0, 0)) == "open"
    assert board.elevation(Hex(1, 1)) == 2
    assert board.elevation(Hex(0, 0)) == 0
    assert board.features(Hex(0, 1)) == frozenset({"road", "river"})
    assert board.features(Hex(1, 0)) == frozenset()
    assert board.attributes(Hex(1, 1))["tile"] == "M7-040"
    assert board.graph.edges[road] == {"direction": 3, "road": True}
    with pytest.raises(TypeError):
        board.attributes(Hex(1, 1))["tile"] = "x"  # type: ignore[index]
    with pytest.raises(ValueError, match="not adjacent"):
        HexBoard.rectangle(3, 3, sides={(Hex(0, 0), Hex(2, 0)): {}})
    with pytest.raises(ValueError, match="'direction'"):
        HexBoard.rectangle(3, 3, sides={road: {"direction": 1}})
    with pytest.raises(ValueError, match="collection of names"):
        HexBoard.rectangle(2, 2, features={Hex(0, 0): "road"})
    with pytest.raises(ValueError, match="must be an int"):
        HexBoard.rectangle(2, 2, elevation={Hex(0, 0): 1.5})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="not on the board"):
        HexBoard.rectangle(2, 2, terrain={Hex(5, 5): "forest"})
    with pytest.raises(ValueError, match="may not set"):
        HexBoard.rectangle(2, 2, attributes={Hex(0, 0): {"elevation": 3}})
    with pytest.raises(ValueError, match="at least one hex"):
        HexBoard([])


def test_hex_text_map() -> None:
    board = HexBoard.from_text(
        """
        .F.F
        ~.x.
        """,
        {".": "open", "F": "forest", "~": "water", "x": None},
        name="tiles",
    )
    assert len(board) == 7
    with pytest.raises(ValueError, match="not on the board"):
        board.parse("0302")
    assert [board.terrain(board.parse(t)) for t in ("0201", "0401", "0102")] == [
        "forest",
        "forest",
        "water",
    ]
    with pytest.raises(ValueError, match="not in the legend"):
        HexBoard.from_text(".?", {".": "open"})
    with pytest.raises(ValueError, match="at least one hex"):
        HexBoard.from_text("xx", {"x": None})


def test_hex_line_of_sight_over_a_board() -> None:
    # The kernel gives the candidate hexes; a game applies its own obstruction rule.  This
    # line runs along the side between 0201 and 0202, so the forest is exactly halfway.
    board = HexBoard.rectangle(5, 5, terrain={Hex(1, 0): "forest"})
    steps = line_pairs(board.parse("0102"), board.parse("0302"))
    assert steps == ((Hex(0, 1),), (Hex(1, 0), Hex(1, 1)), (Hex(2, 0),))
    forest = [step for step in steps if any(board.terrain(h) == "forest" for h in step)]
    assert forest == [(Hex(1, 0), Hex(1, 1))]


def test_large_map_labels() -> None:
    board = HexBoard.rectangle(101, 1)
    assert board.label(Hex(0, 0)) == "001001"
    assert board.parse("101001") == from_offset(100, 0)


@given(sizes, sizes)
def test_hex_board_properties(columns: int, rows: int) -> None:
    board = HexBoard.rectangle(columns, rows)
    check_indices(board)
    assert len(board) == columns * rows
    assert nx.is_frozen(board.graph)
    expected_edges = {frozenset((a, b)) for a in board for b in a.neighbours() if b in board}
    assert {frozenset(edge) for edge in board.graph.edges} == expected_edges
    for a, b, data in board.graph.edges(data=True):
        assert distance(a, b) == 1
        low, high = sorted((a, b))
        assert data["direction"] == low.direction_to(high)
    assert max((degree for _, degree in board.graph.degree), default=0) <= 6
    for i, cell in enumerate(board):
        assert board.parse(board.label(cell)) == cell
        for direction, j in enumerate(board.step_indices[i]):
            assert j == (board.index(cell.neighbour(direction)) if j >= 0 else -1)
            assert (j >= 0) == (cell.neighbour(direction) in board)


# --- free graphs ---


def test_graph_board() -> None:
    board = GraphBoard(
        [("home", "port"), ("port", "sea", {"cost": 3}), ("home", "capital"), ("capital", "sea")],
        nodes={"sea": {"terrain": "water"}, "isle": {"terrain": "island", "coins": 2}},
        name="sabatu-like",
    )
    assert board.nodes == ("sea", "isle", "home", "port", "capital")
    assert board.terrain("home") == "open"
    assert board.terrain("sea") == "water"
    assert board.attributes("isle")["coins"] == 2
    assert board.neighbours("isle") == ()
    assert board.neighbours("sea") == ("port", "capital")
    assert board.shortest_path("home", "sea") in (
        ("home", "port", "sea"),
        ("home", "capital", "sea"),
    )
    assert board.shortest_path("home", "sea", weight="cost") == ("home", "capital", "sea")
    assert board.shortest_path("home", "isle") is None
    assert board.shortest_path("home", "sea", blocking={"water"}) is None
    check_indices(board)


def test_graph_board_errors() -> None:
    with pytest.raises(ValueError, match="itself"):
        GraphBoard([("a", "a")])
    with pytest.raises(ValueError, match="listed twice"):
        GraphBoard([("a", "b"), ("b", "a")])
    with pytest.raises(ValueError, match="listed twice"):
        GraphBoard([], nodes=["a", "a"])
    with pytest.raises(ValueError, match="pair or a triple"):
        GraphBoard([("a",)])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="non-empty string"):
        GraphBoard([], nodes={"a": {"terrain": 3}})
    with pytest.raises(ValueError, match="undirected"):
        GraphBoard.from_graph(nx.DiGraph([(1, 2)]))


def test_graph_board_from_networkx() -> None:
    source = nx.cycle_graph(5)
    source.nodes[2]["terrain"] = "hill"
    board = GraphBoard.from_graph(source, name="ring")
    assert board.nodes == (0, 1, 2, 3, 4)
    assert board.terrains == ("open", "open", "hill", "open", "open")
    assert board.graph is not source
    assert "terrain" not in source.nodes[0]
    check_indices(board)


def test_boards_are_frozen_and_hash_by_identity() -> None:
    a, b = SquareBoard(2, 2, name="x"), SquareBoard(2, 2, name="x")
    assert a != b
    assert len({a, b, a}) == 2
    with pytest.raises(nx.NetworkXError):
        a.graph.add_node(Square(5, 5))
    assert "SquareBoard 'x': 4 nodes, 4 edges" in repr(a)
