"""Static boards: square grids, hex maps and free graphs, each a frozen ``networkx.Graph``.

A board is the map a game is played on, never part of a game's changing state: it is built
once, frozen, and shared.  Boards compare and hash by identity; ``name`` is the stable
identifier a game stores in its state to say which map it uses.

Every board offers the same small interface (:class:`Board`): the graph itself, its nodes
in a fixed order, membership, ``neighbours``, ``terrain`` (every node has a ``"terrain"``
attribute, ``"open"`` unless set), integer indices for hot loops (``index``, ``node``,
``adjacent_indices``, ``adjacency_table``) and ``shortest_path`` through networkx.

- :class:`SquareBoard`: a rectangle of :class:`Square` (``a1`` is the lower left corner),
  joined orthogonally or also diagonally.
- :class:`HexBoard`: :class:`~wargames.core.hexes.Hex` cells of a flat-top map, from a
  rectangle of columns and rows or from a text map; nodes also carry ``elevation`` and
  ``features``, and each edge its ``direction``.
- :class:`GraphBoard`: any named places joined by an edge list (tracks, ports, regions).

The graph's attribute dictionaries belong to the frozen board: read them, never change
them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping
from functools import total_ordering
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import networkx as nx
from attrs import field, frozen

from wargames.core import hexes
from wargames.core.errors import excerpt, shorten
from wargames.core.hexes import Hex

__all__ = ["Board", "GraphBoard", "HexBoard", "Square", "SquareBoard"]

NodeT = TypeVar("NodeT", bound=Hashable)

_Table = tuple[tuple[int, ...], ...]


class Board(Generic[NodeT]):
    """The interface shared by every board; subclasses build the graph.

    Nodes are kept in a fixed *board order* (documented by each subclass); a node's index
    is its position in that order, and every tuple of nodes or indices a board returns
    follows it.
    """

    __slots__ = ("_adjacent", "_graph", "_index", "_name", "_nodes", "_tables", "_terrains")

    def __init__(self, graph: nx.Graph, nodes: Iterable[NodeT], name: str) -> None:
        """Freeze ``graph``; its nodes, each with a ``"terrain"``, are ``nodes`` in board order."""
        self._graph = nx.freeze(graph)
        self._nodes: tuple[NodeT, ...] = tuple(nodes)
        self._index: dict[NodeT, int] = {node: i for i, node in enumerate(self._nodes)}
        self._name = name
        self._terrains: tuple[str, ...] = tuple(
            graph.nodes[node]["terrain"] for node in self._nodes
        )
        self._adjacent = self._table([True] * len(self._nodes))
        self._tables: dict[frozenset[str], _Table] = {frozenset(): self._adjacent}

    @property
    def graph(self) -> nx.Graph:
        """The frozen ``networkx.Graph``: nodes with attributes, edges between adjacent nodes."""
        return self._graph

    @property
    def name(self) -> str:
        """The stable identifier given when the board was built (may be empty)."""
        return self._name

    @property
    def nodes(self) -> tuple[NodeT, ...]:
        """Every node, in board order."""
        return self._nodes

    @property
    def terrains(self) -> tuple[str, ...]:
        """The terrain of every node, by index."""
        return self._terrains

    @property
    def adjacent_indices(self) -> _Table:
        """For each node index, the indices of its neighbours, ascending."""
        return self._adjacent

    def __len__(self) -> int:
        return len(self._nodes)

    def __iter__(self) -> Iterator[NodeT]:
        return iter(self._nodes)

    def __contains__(self, node: object) -> bool:
        return node in self._index

    def __repr__(self) -> str:
        edges = self._graph.number_of_edges()
        return f"<{type(self).__name__} {self._name!r}: {len(self)} nodes, {edges} edges>"

    def index(self, node: NodeT) -> int:
        """The position of ``node`` in board order.

        :raises ValueError: if ``node`` is not on this board.
        """
        try:
            return self._index[node]
        except KeyError:
            raise ValueError(f"{node} is not on the board {self._name!r}") from None

    def node(self, index: int) -> NodeT:
        """The node at position ``index`` in board order; the inverse of :meth:`index`.

        :raises ValueError: if ``index`` is not in ``range(len(board))``.
        """
        if not 0 <= index < len(self._nodes):
            raise ValueError(f"no node {index} on a board of {len(self._nodes)} nodes")
        return self._nodes[index]

    def neighbours(self, node: NodeT) -> tuple[NodeT, ...]:
        """The nodes joined to ``node`` by an edge, in board order.

        :raises ValueError: if ``node`` is not on this board.
        """
        return tuple(self._nodes[i] for i in self._adjacent[self.index(node)])

    def terrain(self, node: NodeT) -> str:
        """The ``"terrain"`` attribute of ``node``.

        :raises ValueError: if ``node`` is not on this board.
        """
        return self._terrains[self.index(node)]

    def attributes(self, node: NodeT) -> Mapping[str, Any]:
        """A read-only view of all the attributes of ``node``.

        :raises ValueError: if ``node`` is not on this board.
        """
        self.index(node)
        return MappingProxyType(self._graph.nodes[node])

    def adjacency_table(
        self,
        *,
        blocking: Collection[str] = (),
        passable: Callable[[NodeT], bool] | None = None,
    ) -> _Table:
        """Like :attr:`adjacent_indices`, without the nodes movement may not enter.

        A node is left out if its terrain is in ``blocking`` or ``passable(node)`` is false:
        its own row is empty and no other row lists it.  Tables for ``blocking`` alone are
        cached on the board.

        :raises ValueError: if ``blocking`` is a single string rather than a collection.
        """
        if passable is not None or isinstance(blocking, str):
            return self._table(self._allowed(blocking, passable))
        key = frozenset(blocking)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = self._table(self._allowed(key, None))
        return table

    def shortest_path(
        self,
        source: NodeT,
        target: NodeT,
        *,
        blocking: Collection[str] = (),
        passable: Callable[[NodeT], bool] | None = None,
        weight: str | None = None,
    ) -> tuple[NodeT, ...] | None:
        """A shortest path from ``source`` to ``target``, both included, or ``None``.

        Only nodes allowed as in :meth:`adjacency_table` are used, ends included.  ``weight``
        names an edge attribute holding each edge's length (missing means 1); without it
        every edge counts 1.  Uses :func:`networkx.shortest_path`.

        :raises ValueError: if ``source`` or ``target`` is not on this board.
        """
        ends = (self.index(source), self.index(target))
        allowed = self._allowed(blocking, passable)
        if not all(allowed[i] for i in ends):
            return None
        graph = self._graph
        if not all(allowed):
            graph = nx.subgraph_view(graph, filter_node=lambda node: allowed[self._index[node]])
        try:
            return tuple(nx.shortest_path(graph, source, target, weight=weight))
        except nx.NetworkXNoPath:
            return None

    def _allowed(
        self, blocking: Collection[str], passable: Callable[[NodeT], bool] | None
    ) -> list[bool]:
        if isinstance(blocking, str):
            raise ValueError(
                f"blocking takes a collection of terrains, not the string {blocking!r}"
            )
        blocked = frozenset(blocking)
        return [
            terrain not in blocked and (passable is None or passable(node))
            for node, terrain in zip(self._nodes, self._terrains, strict=True)
        ]

    def _table(self, allowed: list[bool]) -> _Table:
        index = self._index
        adjacency = self._graph.adj
        return tuple(
            tuple(sorted(j for j in (index[m] for m in adjacency[node]) if allowed[j]))
            if allowed[i]
            else ()
            for i, node in enumerate(self._nodes)
        )


def _check_terrain(node: object, terrain: object) -> str:
    if not isinstance(terrain, str) or not terrain:
        raise ValueError(f"terrain of {node} must be a non-empty string, got {terrain!r}")
    return terrain


def _set_attribute(graph: nx.Graph, key: str, values: Mapping[Any, Any] | None) -> None:
    for node, value in (values or {}).items():
        if node not in graph:
            raise ValueError(f"{key} given for {node}, which is not on the board")
        graph.nodes[node][key] = value


def _add_attributes(
    graph: nx.Graph, attributes: Mapping[Any, Mapping[str, Any]] | None, reserved: set[str]
) -> None:
    for node, extra in (attributes or {}).items():
        if node not in graph:
            raise ValueError(f"attributes given for {node}, which is not on the board")
        clash = reserved & extra.keys()
        if clash:
            raise ValueError(f"attributes of {node} may not set {sorted(clash)}; use the keywords")
        graph.nodes[node].update(extra)


def _text_rows(text: str, legend: Mapping[str, object]) -> list[str]:
    for key in legend:
        if len(key) != 1 or key.isspace():
            raise ValueError(f"legend keys must be single non-blank characters, got {key!r}")
    rows = [row.strip() for row in text.strip().splitlines()]
    if not rows or not all(rows):
        raise ValueError("a text map needs at least one row and no blank rows")
    for number, row in enumerate(rows, 1):
        unknown = sorted(set(row) - legend.keys())
        if unknown:
            raise ValueError(f"text map row {number} uses characters not in the legend: {unknown}")
    return rows


def _coordinate(_: object, attribute: Any, value: int) -> None:
    if not isinstance(value, int) or value is True or value is False:
        raise TypeError(f"Square.{attribute.name} must be an int, got {value!r}")
    if value < 0:
        raise ValueError(f"Square.{attribute.name} must be >= 0, got {value}")


_SQUARE_NAME = re.compile(r"([a-z]+)([1-9][0-9]*)")


@total_ordering
@frozen(cache_hash=True)
class Square:
    """A square of a grid: file ``x`` and rank ``y``, both from 0 at the lower left.

    Its name is the file letter(s) and the rank number, as in chess: ``Square(0, 0)`` is
    ``a1`` and ``Square(1, 2)`` is ``b3``; files after ``z`` are ``aa``, ``ab``...  Squares
    sort rank by rank, then file by file.

    :raises ValueError: if ``x`` or ``y`` is negative.
    :raises TypeError: if ``x`` or ``y`` is not an ``int`` (``True`` is not a coordinate).
    """

    x: int = field(validator=_coordinate)
    y: int = field(validator=_coordinate)

    def __str__(self) -> str:
        letters = ""
        number = self.x + 1
        while number:
            number, digit = divmod(number - 1, 26)
            letters = chr(ord("a") + digit) + letters
        return f"{letters}{self.y + 1}"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Square):
            return NotImplemented
        return (self.y, self.x) < (other.y, other.x)

    @classmethod
    def parse(cls, text: str) -> Square:
        """The square named ``text``, such as ``"b3"`` (letters may be upper case).

        :raises ValueError: if ``text`` is not a square name.
        """
        match = _SQUARE_NAME.fullmatch(text.lower())
        if match is None:
            raise ValueError(f"not a square name (like 'b3'): {excerpt(text)}")
        x = 0
        for letter in match[1]:
            x = x * 26 + ord(letter) - ord("a") + 1
        return cls(x - 1, int(match[2]) - 1)


_ORTHOGONAL = ((0, -1), (-1, 0), (1, 0), (0, 1))
_SURROUNDING = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


class SquareBoard(Board[Square]):
    """A ``width`` x ``height`` grid of squares, ``a1`` to the upper right corner.

    Board order is rank by rank from rank 1, file by file from file ``a``, so a square's
    index is ``y * width + x``.  The graph joins orthogonal neighbours, and also diagonal
    ones if ``diagonal``; each edge has a ``diagonal`` attribute.  ``terrain`` sets squares'
    terrain (others are ``"open"``) and ``attributes`` adds any other node attributes.

    :raises ValueError: for a size below 1 x 1, or terrain or attributes for squares off the
        board.
    """

    __slots__ = ("_diagonal", "_height", "_width")

    def __init__(
        self,
        width: int,
        height: int,
        *,
        diagonal: bool = False,
        terrain: Mapping[Square, str] | None = None,
        attributes: Mapping[Square, Mapping[str, Any]] | None = None,
        name: str = "",
    ) -> None:
        if width < 1 or height < 1:
            raise ValueError(f"a square board needs width and height >= 1, got {width}x{height}")
        self._width = width
        self._height = height
        self._diagonal = diagonal
        squares = [Square(x, y) for y in range(height) for x in range(width)]
        graph = nx.Graph()
        graph.add_nodes_from(squares, terrain="open")
        checked = {sq: _check_terrain(sq, t) for sq, t in (terrain or {}).items()}
        _set_attribute(graph, "terrain", checked)
        _add_attributes(graph, attributes, {"terrain"})
        steps = _SURROUNDING if diagonal else _ORTHOGONAL
        for square in squares:
            for dx, dy in steps:
                x, y = square.x + dx, square.y + dy
                if (dy, dx) > (0, 0) and 0 <= x < width and 0 <= y < height:
                    graph.add_edge(square, Square(x, y), diagonal=dx != 0 and dy != 0)
        super().__init__(graph, squares, name)

    @classmethod
    def from_text(
        cls,
        text: str,
        legend: Mapping[str, str],
        *,
        diagonal: bool = False,
        attributes: Mapping[Square, Mapping[str, Any]] | None = None,
        name: str = "",
    ) -> SquareBoard:
        """A board drawn as text: one character per square, the top line is the top rank.

        Surrounding whitespace of each line is ignored; ``legend`` maps each character to
        its terrain.

        >>> board = SquareBoard.from_text('''
        ...     .^
        ...     ..
        ... ''', {".": "open", "^": "volcano"})
        >>> board.terrain(Square.parse("b2"))
        'volcano'

        :raises ValueError: for an unknown character, a blank or whitespace legend key, or
            rows of unequal length.
        """
        rows = _text_rows(text, legend)
        width = len(rows[0])
        if any(len(row) != width for row in rows):
            raise ValueError("every row of a square text map must have the same length")
        terrain = {
            Square(x, len(rows) - 1 - y): legend[char]
            for y, row in enumerate(rows)
            for x, char in enumerate(row)
        }
        return cls(
            width, len(rows), diagonal=diagonal, terrain=terrain, attributes=attributes, name=name
        )

    @property
    def width(self) -> int:
        """The number of files."""
        return self._width

    @property
    def height(self) -> int:
        """The number of ranks."""
        return self._height

    @property
    def diagonal(self) -> bool:
        """Whether the graph joins diagonal neighbours."""
        return self._diagonal

    def parse(self, text: str) -> Square:
        """The square of this board named ``text``.

        :raises ValueError: if ``text`` is not a square name or the square is off the board.
        """
        square = Square.parse(text)
        if square not in self:
            raise ValueError(f"{text} is off the {self._width}x{self._height} board")
        return square

    def orthogonal(self, square: Square) -> tuple[Square, ...]:
        """The up to 4 squares sharing a side with ``square``, in board order.

        :raises ValueError: if ``square`` is not on this board.
        """
        return self._around(square, _ORTHOGONAL)

    def surrounding(self, square: Square) -> tuple[Square, ...]:
        """The up to 8 squares touching ``square`` at a side or corner, in board order.

        This is geometry, whether or not the graph joins diagonal squares.

        :raises ValueError: if ``square`` is not on this board.
        """
        return self._around(square, _SURROUNDING)

    def distance(self, a: Square, b: Square) -> int:
        """The number of steps from ``a`` to ``b`` ignoring terrain: king moves on a
        diagonal board, otherwise orthogonal steps."""
        dx, dy = abs(a.x - b.x), abs(a.y - b.y)
        return max(dx, dy) if self._diagonal else dx + dy

    def _around(self, square: Square, steps: tuple[tuple[int, int], ...]) -> tuple[Square, ...]:
        self.index(square)
        return tuple(
            Square(square.x + dx, square.y + dy)
            for dx, dy in steps
            if 0 <= square.x + dx < self._width and 0 <= square.y + dy < self._height
        )


def _reading_order(hex_: Hex) -> tuple[int, int]:
    column, row = hexes.to_offset(hex_)
    return row, column


class HexBoard(Board[Hex]):
    """A flat-top hex map: any set of :class:`~wargames.core.hexes.Hex` cells.

    Board order is the reading order of the printed map: row by row, column by column, in
    odd-q offset coordinates.  Each node has ``terrain`` (default ``"open"``), ``elevation``
    (default 0) and ``features`` (a frozenset of strings such as ``"road"``, default
    empty); ``attributes`` adds any others.  Each edge joins adjacent hexes and has the
    attribute ``direction``: the direction (0-5) from its lower-sorted hex to the other.
    ``sides`` adds attributes to edges, keyed by the pair of hexes (a road across a hex
    side, a wall).

    :raises ValueError: for an empty board, data for hexes off the board, ``sides`` for
        hexes that are not adjacent, or reserved names among ``attributes``.
    """

    __slots__ = ("_digits", "_labels", "_steps")

    def __init__(
        self,
        cells: Iterable[Hex],
        *,
        terrain: Mapping[Hex, str] | None = None,
        elevation: Mapping[Hex, int] | None = None,
        features: Mapping[Hex, Iterable[str]] | None = None,
        attributes: Mapping[Hex, Mapping[str, Any]] | None = None,
        sides: Mapping[tuple[Hex, Hex], Mapping[str, Any]] | None = None,
        name: str = "",
    ) -> None:
        ordered = sorted(set(cells), key=_reading_order)
        if not ordered:
            raise ValueError("a hex board needs at least one hex")
        graph = nx.Graph()
        graph.add_nodes_from(ordered, terrain="open", elevation=0, features=frozenset())
        _set_attribute(
            graph, "terrain", {h: _check_terrain(h, t) for h, t in (terrain or {}).items()}
        )
        _set_attribute(
            graph, "elevation", {h: _check_elevation(h, e) for h, e in (elevation or {}).items()}
        )
        _set_attribute(graph, "features", {h: _features(h, f) for h, f in (features or {}).items()})
        _add_attributes(graph, attributes, {"terrain", "elevation", "features"})
        for cell in ordered:
            for direction, step in enumerate(hexes.DIRECTIONS):
                other = cell + step
                if cell < other and other in graph:
                    graph.add_edge(cell, other, direction=direction)
        for (a, b), extra in (sides or {}).items():
            if not graph.has_edge(a, b):
                raise ValueError(
                    f"sides given for {a} and {b}, which are not adjacent on the board"
                )
            if "direction" in extra:
                raise ValueError(f"sides of {a} and {b} may not set 'direction'")
            graph.edges[a, b].update(extra)
        super().__init__(graph, ordered, name)
        self._steps = tuple(
            tuple(self._index.get(cell + step, -1) for step in hexes.DIRECTIONS) for cell in ordered
        )
        offsets = [hexes.to_offset(cell) for cell in ordered]
        largest = max(max(column, row) for column, row in offsets)
        self._digits = max(2, len(str(largest + 1)))
        self._labels: dict[Hex, str] = {}

    @classmethod
    def rectangle(
        cls,
        columns: int,
        rows: int,
        *,
        terrain: Mapping[Hex, str] | None = None,
        elevation: Mapping[Hex, int] | None = None,
        features: Mapping[Hex, Iterable[str]] | None = None,
        attributes: Mapping[Hex, Mapping[str, Any]] | None = None,
        sides: Mapping[tuple[Hex, Hex], Mapping[str, Any]] | None = None,
        name: str = "",
    ) -> HexBoard:
        """The map of ``columns`` x ``rows`` hexes, labelled ``0101`` at the top left.

        :raises ValueError: if ``columns`` or ``rows`` is below 1, or as for the constructor.
        """
        if columns < 1 or rows < 1:
            raise ValueError(f"a hex rectangle needs columns and rows >= 1, got {columns}x{rows}")
        cells = [hexes.from_offset(column, row) for row in range(rows) for column in range(columns)]
        return cls(
            cells,
            terrain=terrain,
            elevation=elevation,
            features=features,
            attributes=attributes,
            sides=sides,
            name=name,
        )

    @classmethod
    def from_text(
        cls,
        text: str,
        legend: Mapping[str, str | None],
        *,
        elevation: Mapping[Hex, int] | None = None,
        features: Mapping[Hex, Iterable[str]] | None = None,
        attributes: Mapping[Hex, Mapping[str, Any]] | None = None,
        sides: Mapping[tuple[Hex, Hex], Mapping[str, Any]] | None = None,
        name: str = "",
    ) -> HexBoard:
        """A map drawn as text: line ``r`` (from 0) is map row ``r``, character ``c`` column ``c``.

        Surrounding whitespace of each line is ignored.  ``legend`` maps each character to
        its terrain, or to ``None`` for "no hex here" (irregular maps).

        >>> board = HexBoard.from_text('''
        ...     .F.
        ...     ~..
        ... ''', {".": "open", "F": "forest", "~": "water"})
        >>> board.terrain(board.parse("0201")), board.terrain(board.parse("0102"))
        ('forest', 'water')

        :raises ValueError: for an unknown character, a blank or whitespace legend key, a
            map with no hex, or as for the constructor.
        """
        terrain: dict[Hex, str] = {}
        for row, line in enumerate(_text_rows(text, legend)):
            for column, char in enumerate(line):
                kind = legend[char]
                if kind is not None:
                    terrain[hexes.from_offset(column, row)] = kind
        return cls(
            terrain,
            terrain=terrain,
            elevation=elevation,
            features=features,
            attributes=attributes,
            sides=sides,
            name=name,
        )

    @property
    def step_indices(self) -> tuple[tuple[int, ...], ...]:
        """For each node index, the index of its neighbour in each direction 0-5, or -1."""
        return self._steps

    def elevation(self, cell: Hex) -> int:
        """The ``elevation`` attribute of ``cell``.

        :raises ValueError: if ``cell`` is not on this board.
        """
        result: int = self.attributes(cell)["elevation"]
        return result

    def features(self, cell: Hex) -> frozenset[str]:
        """The ``features`` attribute of ``cell``.

        :raises ValueError: if ``cell`` is not on this board.
        """
        result: frozenset[str] = self.attributes(cell)["features"]
        return result

    def distance(self, a: Hex, b: Hex) -> int:
        """The hex distance from ``a`` to ``b``, ignoring terrain and the map's edges."""
        return hexes.distance(a, b)

    def label(self, cell: Hex) -> str:
        """The map label of ``cell``, such as ``"0304"`` (more digits on very large maps).

        :raises ValueError: if ``cell`` lies left of column 1 or above row 1.
        """
        text = self._labels.get(cell)
        if text is None:
            text = hexes.label(cell, self._digits)
            if cell in self._index:  # the board's own labels are remembered, no others
                self._labels[cell] = text
        return text

    def parse(self, text: str) -> Hex:
        """The hex of this board with map label ``text``.

        :raises ValueError: if ``text`` is not a map label or the hex is off the board.
        """
        cell = hexes.parse_label(text)
        if cell not in self:
            raise ValueError(f"hex {shorten(text)} is not on the board {self._name!r}")
        return cell


def _check_elevation(cell: Hex, elevation: object) -> int:
    if not isinstance(elevation, int):
        raise ValueError(f"elevation of {cell} must be an int, got {elevation!r}")
    return elevation


def _features(cell: Hex, names: Iterable[str]) -> frozenset[str]:
    if isinstance(names, str):
        raise ValueError(f"features of {cell} must be a collection of names, not {names!r}")
    return frozenset(names)


class GraphBoard(Board[NodeT]):
    """A free graph of named places, for maps of tracks, ports and regions.

    ``edges`` are pairs of nodes, or triples whose third item holds the edge's attributes.
    ``nodes`` lists nodes, or maps them to their attributes (``"terrain"`` defaults to
    ``"open"``); it may add nodes without edges.  Board order is the order of ``nodes``,
    then of first appearance in ``edges``.

    >>> board = GraphBoard([("port", "sea"), ("sea", "isle")], nodes={"sea": {"terrain": "water"}})
    >>> board.nodes, board.terrain("port")
    (('sea', 'port', 'isle'), 'open')

    :raises ValueError: for a node listed twice, a loop, an edge listed twice, or an edge
        that is not a pair or a triple.
    """

    __slots__ = ()

    def __init__(
        self,
        edges: Iterable[tuple[NodeT, NodeT] | tuple[NodeT, NodeT, Mapping[str, Any]]],
        *,
        nodes: Mapping[NodeT, Mapping[str, Any]] | Iterable[NodeT] = (),
        name: str = "",
    ) -> None:
        graph = nx.Graph()
        order: dict[NodeT, None] = {}
        listed: Iterable[tuple[NodeT, Mapping[str, Any]]] = (
            nodes.items() if isinstance(nodes, Mapping) else ((node, {}) for node in nodes)
        )
        for node, data in listed:
            if node in order:
                raise ValueError(f"node {node!r} is listed twice")
            order[node] = None
            graph.add_node(node, **data)
            graph.nodes[node]["terrain"] = _check_terrain(node, data.get("terrain", "open"))
        for edge in edges:
            if len(edge) not in (2, 3):
                raise ValueError(f"an edge is a pair or a triple, got {edge!r}")
            a, b = edge[0], edge[1]
            if a == b:
                raise ValueError(f"edge from {a!r} to itself")
            if graph.has_edge(a, b):
                raise ValueError(f"edge {a!r} - {b!r} is listed twice")
            for node in (a, b):
                if node not in order:
                    order[node] = None
                    graph.add_node(node, terrain="open")
            graph.add_edge(a, b, **(edge[2] if len(edge) == 3 else {}))
        super().__init__(graph, order, name)

    @classmethod
    def from_graph(cls, graph: nx.Graph, *, name: str = "") -> GraphBoard[Any]:
        """A board copied from an undirected, simple ``networkx`` graph, in its node order.

        :raises ValueError: if ``graph`` is directed or a multigraph, or as for the
            constructor.
        """
        if graph.is_directed() or graph.is_multigraph():
            raise ValueError("a board is an undirected graph without parallel edges")
        return cls(list(graph.edges(data=True)), nodes=dict(graph.nodes(data=True)), name=name)
