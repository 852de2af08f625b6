"""Where a board's nodes go in an SVG picture, and the shapes of its cells.

One :class:`Layout` per kind of board: squares rank by rank, flat-top hexes at their axial
places, and free graphs as circles at their nodes' ``x``/``y`` or, without them, where a
small deterministic spring layout puts them (pure Python: networkx's layouts need numpy).
:func:`layout_for` picks one; :mod:`wargames.render.svg` draws the document around it.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from typing import Any, Final, TypeGuard
from xml.sax.saxutils import escape, quoteattr

from wargames.core.board import Board, GraphBoard, HexBoard, Square, SquareBoard
from wargames.core.hexes import Hex

__all__ = ["Layout", "layout_for", "number"]

_CELL: Final = 44.0  # side of a square
_HEX: Final = 32.0  # centre to corner of a hex
_NODE: Final = 18.0  # radius of a graph board's node
_GAP: Final = 60.0  # least distance between the centres of two graph nodes


def layout_for(board: Board[Any]) -> Layout | None:
    """The layout of ``board``, or ``None`` for a kind of board that cannot be drawn.

    :raises ValueError: for two graph nodes at one place.
    """
    if isinstance(board, SquareBoard):
        return _SquareLayout(board)
    if isinstance(board, HexBoard):
        return _HexLayout(board)
    if isinstance(board, GraphBoard):
        return _GraphLayout(board)
    return None


def _text(css: str, x: float, y: float, content: object) -> str:
    """A ``<text>`` of class ``css`` at (``x``, ``y``)."""
    return f'<text class="{css}" x="{number(x)}" y="{number(y)}">{escape(str(content))}</text>'


def halo_text(css: str, x: float, y: float, content: object) -> str:
    """A ``<text>`` readable on any background: a copy stroked in white behind it (drawn
    first, so it needs no ``paint-order``, which some renderers ignore)."""
    text = escape(str(content))
    at = f'x="{number(x)}" y="{number(y)}"'
    return (
        f'<text class="{css} halo" {at} aria-hidden="true">{text}</text>'
        f'<text class="{css}" {at}>{text}</text>'
    )


def number(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    rounded = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if rounded == "-0" else rounded


class Layout(ABC):
    """Where a board's nodes go, in board coordinates (the document adds its margins)."""

    board: Board[Any]
    width: float
    height: float
    token_radius: float

    def name(self, node: Any) -> str:
        """The node's name on the board (``b3``, ``0304``)."""
        return str(node)

    @abstractmethod
    def centre(self, node: Any) -> tuple[float, float]:
        """The centre of the node's cell."""

    @abstractmethod
    def cell(self, node: Any, fill: str, tooltip: str) -> str:
        """The cell's shape with its tooltip."""

    @abstractmethod
    def cell_texts(self, node: Any) -> list[str]:
        """The texts drawn in the cell itself (map label, elevation)."""

    def axes(self) -> list[str]:
        """Texts drawn around the board (file letters, rank numbers)."""
        return []

    def under(self) -> list[str]:
        """Shapes drawn under the cells (a graph's edges)."""
        return []

    def lines(self, feature: str, colour: str) -> list[str]:
        """A linear ``feature`` (road, river) drawn over the cells: from each node that has
        it halfway to each neighbour that has it too, or a dot where it runs alone."""
        board = self.board
        having = {n for n in board if feature in board.attributes(n).get("features", ())}
        shapes = []
        for node in board:
            if node not in having:
                continue
            x, y = self.centre(node)
            ends = [self.centre(other) for other in board.neighbours(node) if other in having]
            shapes += [
                f'<line class="feature" data-feature={quoteattr(feature)} x1="{number(x)}" '
                f'y1="{number(y)}" x2="{number((x + ox) / 2)}" y2="{number((y + oy) / 2)}" '
                f"stroke={quoteattr(colour)}/>"
                for ox, oy in ends
            ] or [
                f'<circle class="feature" data-feature={quoteattr(feature)} cx="{number(x)}" '
                f'cy="{number(y)}" r="3" fill={quoteattr(colour)}/>'
            ]
        return shapes


class _SquareLayout(Layout):
    """Rank by rank, the highest rank at the top; rank numbers left, file letters below."""

    board: SquareBoard

    def __init__(self, board: SquareBoard) -> None:
        self.board = board
        self.left = 20.0
        self.width = self.left + board.width * _CELL
        self.height = board.height * _CELL + 18.0
        self.token_radius = 0.38 * _CELL

    def _corner(self, square: Square) -> tuple[float, float]:
        return self.left + square.x * _CELL, (self.board.height - 1 - square.y) * _CELL

    def centre(self, node: Any) -> tuple[float, float]:
        x, y = self._corner(node)
        return x + _CELL / 2, y + _CELL / 2

    def cell(self, node: Any, fill: str, tooltip: str) -> str:
        x, y = self._corner(node)
        return (
            f'<rect class="cell" data-node={quoteattr(self.name(node))} x="{number(x)}" '
            f'y="{number(y)}" width="{number(_CELL)}" height="{number(_CELL)}" '
            f"fill={quoteattr(fill)}>"
            f"<title>{escape(tooltip)}</title></rect>"
        )

    def cell_texts(self, node: Any) -> list[str]:
        x, y = self._corner(node)
        return _elevation(self.board, node, x + _CELL - 9, y + _CELL - 4)

    def axes(self) -> list[str]:
        board = self.board
        ranks = [
            _text("axis", self.left / 2, (board.height - 1 - y) * _CELL + _CELL / 2 + 4, y + 1)
            for y in range(board.height)
        ]
        below = board.height * _CELL + 14
        files = [
            _text("axis", self.left + (x + 0.5) * _CELL, below, str(Square(x, 0))[:-1])
            for x in range(board.width)
        ]
        return ranks + files


_ROOT3: Final = math.sqrt(3)


class _HexLayout(Layout):
    """Flat-top hexes at their axial positions (north up), each with its map label."""

    board: HexBoard

    def __init__(self, board: HexBoard) -> None:
        self.board = board
        centres = [self._axial(cell) for cell in board]
        self.left = _HEX - min(x for x, _ in centres)
        self.top = _ROOT3 / 2 * _HEX - min(y for _, y in centres)
        self.width = max(x for x, _ in centres) + self.left + _HEX
        self.height = max(y for _, y in centres) + self.top + _ROOT3 / 2 * _HEX
        self.token_radius = 0.42 * _HEX

    @staticmethod
    def _axial(cell: Hex) -> tuple[float, float]:
        return 1.5 * _HEX * cell.q, _ROOT3 * _HEX * (cell.r + cell.q / 2)

    def name(self, node: Any) -> str:
        try:
            return self.board.label(node)
        except ValueError:  # left of column 1 or above row 1: no map label
            return f"{node.q},{node.r}"

    def centre(self, node: Any) -> tuple[float, float]:
        x, y = self._axial(node)
        return x + self.left, y + self.top

    def cell(self, node: Any, fill: str, tooltip: str) -> str:
        x, y = self.centre(node)
        corners = " ".join(
            f"{number(x + _HEX * math.cos(math.radians(60 * k)))},"
            f"{number(y + _HEX * math.sin(math.radians(60 * k)))}"
            for k in range(6)
        )
        return (
            f'<polygon class="cell" data-node={quoteattr(self.name(node))} '
            f"points={quoteattr(corners)} fill={quoteattr(fill)}>"
            f"<title>{escape(tooltip)}</title></polygon>"
        )

    def cell_texts(self, node: Any) -> list[str]:
        x, y = self.centre(node)
        return [
            _text("name", x, y - 0.62 * _HEX, self.name(node)),
            *_elevation(self.board, node, x, y + 0.8 * _HEX),
        ]


class _GraphLayout(Layout):
    """Nodes as circles named underneath, joined by lines; see the module docstring."""

    board: GraphBoard[Any]

    def __init__(self, board: GraphBoard[Any]) -> None:
        self.board = board
        points = _given_places(board)
        if points is None:
            points = _spring(board)
        scale = _GAP / _closest(board, points)
        # Room for the circles, and for the names written under them.
        side = max([_NODE, *(2.7 * len(self.name(node)) for node in board)])
        xs = [points[node][0] * scale for node in board]
        ys = [points[node][1] * scale for node in board]
        self.left = side - min(xs, default=0.0)
        self.top = _NODE - min(ys, default=0.0)
        self.width = max(xs, default=0.0) + self.left + side
        self.height = max(ys, default=0.0) + self.top + _NODE + 14
        self.centres = {
            node: (x + self.left, y + self.top) for node, x, y in zip(board, xs, ys, strict=True)
        }
        self.token_radius = 0.72 * _NODE

    def centre(self, node: Any) -> tuple[float, float]:
        return self.centres[node]

    def cell(self, node: Any, fill: str, tooltip: str) -> str:
        x, y = self.centres[node]
        return (
            f'<circle class="cell" data-node={quoteattr(self.name(node))} cx="{number(x)}" '
            f'cy="{number(y)}" r="{number(_NODE)}" fill={quoteattr(fill)}>'
            f"<title>{escape(tooltip)}</title></circle>"
        )

    def cell_texts(self, node: Any) -> list[str]:
        x, y = self.centres[node]
        name = self.name(node)
        terrain = str(self.board.attributes(node).get("terrain", ""))
        if terrain in self.landmarks and terrain not in name:
            name = f"{name} {terrain}"
        return [
            halo_text("name", x, y + _NODE + 10, name),
            *_elevation(self.board, node, x + _NODE, y - 0.7 * _NODE),
        ]

    @property
    def landmarks(self) -> set[str]:
        """Terrains named under their nodes: those found at most once in every region (a
        home, a port), when the nodes have ``region`` attributes."""
        counts: dict[tuple[str, str], int] = {}
        for node in self.board:
            attributes = self.board.attributes(node)
            if "region" not in attributes:
                return set()
            key = (str(attributes["region"]), str(attributes.get("terrain", "")))
            counts[key] = counts.get(key, 0) + 1
        terrains = {terrain for _, terrain in counts}
        return {t for t in terrains if all(n == 1 for (_, k), n in counts.items() if k == t)}

    def under(self) -> list[str]:
        lines = self._regions()
        for i, j in _edges(self.board):
            a, b = self.board.node(i), self.board.node(j)
            (x1, y1), (x2, y2) = self.centres[a], self.centres[b]
            lines.append(
                f'<line class="edge" data-edge={quoteattr(f"{self.name(a)} {self.name(b)}")} '
                f'x1="{number(x1)}" y1="{number(y1)}" x2="{number(x2)}" y2="{number(y2)}"/>'
            )
        return lines

    def _regions(self) -> list[str]:
        """Each region's name, large and faint, at the middle of its nodes (when the nodes
        have ``region`` attributes)."""
        members: dict[str, list[tuple[float, float]]] = {}
        for node in self.board:
            region = self.board.attributes(node).get("region")
            if region is not None:
                members.setdefault(str(region), []).append(self.centres[node])
        return [
            _text(
                "region",
                sum(x for x, _ in spots) / len(spots),
                sum(y for _, y in spots) / len(spots) + 8,
                region,
            )
            for region, spots in members.items()
        ]


_Places = dict[Any, tuple[float, float]]


def _given_places(board: GraphBoard[Any]) -> _Places | None:
    """The nodes' ``x``/``y`` attributes, if every node has both as numbers."""
    places: _Places = {}
    for node in board:
        x, y = (board.attributes(node).get(axis) for axis in "xy")
        if not (_number(x) and _number(y)):
            return None
        places[node] = (float(x), float(y))
    return places


def _number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _spring(board: GraphBoard[Any], rounds: int = 60) -> _Places:
    """A Fruchterman-Reingold layout in pure Python (so the same everywhere): the nodes start
    on a circle in board order, repel each other and are pulled together along edges."""
    count = len(board)
    spots = [
        [math.cos(2 * math.pi * i / count), math.sin(2 * math.pi * i / count)] for i in range(count)
    ]
    ideal = 2 / math.sqrt(count)  # the ideal distance between neighbours on a 2 x 2 square
    pairs = [(i, j) for i in range(count) for j in range(i + 1, count)]
    edges = _edges(board)
    for step in range(rounds):
        moves = [[0.0, 0.0] for _ in range(count)]
        for i, j in pairs:
            dx, dy = spots[i][0] - spots[j][0], spots[i][1] - spots[j][1]
            push = ideal * ideal / max(dx * dx + dy * dy, 1e-6)
            _nudge(moves, i, j, dx * push, dy * push)
        for i, j in edges:
            dx, dy = spots[i][0] - spots[j][0], spots[i][1] - spots[j][1]
            pull = -math.hypot(dx, dy) / ideal
            _nudge(moves, i, j, dx * pull, dy * pull)
        limit = 0.1 * (1 - step / rounds)
        for spot, (mx, my) in zip(spots, moves, strict=True):
            length = max(math.hypot(mx, my), 1e-9)
            spot[0] += mx / length * min(length, limit)
            spot[1] += my / length * min(length, limit)
    return {node: (x, y) for node, (x, y) in zip(board, spots, strict=True)}


def _edges(board: GraphBoard[Any]) -> list[tuple[int, int]]:
    """Each edge once, as node indices, in board order."""
    return [(i, j) for i, row in enumerate(board.adjacent_indices) for j in row if j > i]


def _nudge(moves: list[list[float]], i: int, j: int, dx: float, dy: float) -> None:
    """Add the force (``dx``, ``dy``) to node ``i`` and its opposite to node ``j``."""
    moves[i][0] += dx
    moves[i][1] += dy
    moves[j][0] -= dx
    moves[j][1] -= dy


def _closest(board: GraphBoard[Any], places: _Places) -> float:
    """The least distance between two nodes (1 for a single node).

    :raises ValueError: if two nodes share a place.
    """
    nodes = list(board)
    least = math.inf
    for i, a in enumerate(nodes):
        for b in nodes[i + 1 :]:
            apart = math.dist(places[a], places[b])
            if apart < 1e-9:
                raise ValueError(f"nodes {a!r} and {b!r} are drawn at the same place")
            least = min(least, apart)
    return 1.0 if least == math.inf else least


def _elevation(board: Board[Any], node: Any, x: float, y: float) -> list[str]:
    """An elevation mark (``▲2``, ``▼1``) if the node has a non-zero ``elevation``."""
    height = board.attributes(node).get("elevation", 0)
    if not height:
        return []
    return [_text("name", x, y, f"{'▲' if height > 0 else '▼'}{abs(height)}")]
