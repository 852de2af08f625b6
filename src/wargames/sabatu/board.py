"""Game Board Regions: the board as one networkx graph of spaces (rule text: "Game Board
Regions", "Home", "Capitals", "Ports and Ships").

"There are a total of 9 different game board regions - 4 corner regions, 4 edge regions and
one center region.  Each corner and edge region has a Home, a Capital and spaces along which
the players move.  The center region is open territory and has no Home or Capital."  The
drawings are not in the text; ``data/board.toml`` holds this library's regions (a ring of 16
spaces each), how each is turned on the board and how they join.  Regions are laid out in
rows; each region joins the regions beside it.  Capitals and Homes are nodes of the graph
too (an army can stand in them), each joined to one ring space, but they are not spaces:
nothing moves through them.

>>> board = board_for_players(2)
>>> len(board.regions), board.node(board.home_of["nw"]), board.kind_at(board.capital_of["nw"])
(4, 'nw.home', 'capital')
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

import networkx as nx

from wargames.core.board import GraphBoard

__all__ = [
    "RING",
    "SPACE_KINDS",
    "SabatuBoard",
    "board_data",
    "board_for_players",
    "build_board",
    "long_rows",
]

RING: Final = 16
"""Spaces round each region (library default)."""
SPACE_KINDS: Final = ("space", "spoils", "armory", "destiny", "port")
_EXITS: Final = {"n": 3, "e": 7, "s": 11, "w": 15}
"""The ring space in the middle of each side, which joins the neighbouring region."""
_SIDE: Final = 4
"""Ring spaces a quarter turn moves a drawing on (one side of the square)."""
_NAME = re.compile(r"^([a-z]+?)(\d*)$")

Walk = tuple[int, int, int, int]
"""One path of :meth:`SabatuBoard.walks`: its last node, length, node before, subtree end."""


def _ring_xy(number: int) -> tuple[int, int]:
    """Where ring space ``number`` (1-16) sits on its region's 5 by 5 square."""
    i = number - 1
    if i < 5:
        return i, 0
    if i < 8:
        return 4, i - 4
    if i < 13:
        return 12 - i, 4
    return 0, 16 - i


def _inside(x: int, y: int) -> tuple[int, int]:
    """Where a Capital or Home is drawn: one step inside from its ring space."""
    return x + (x == 0) - (x == 4), y + (y == 0) - (y == 4)


def board_data(path: Path | None = None) -> dict[str, Any]:
    """The board TOML (the library's own unless ``path`` is given)."""
    if path is not None:
        return tomllib.loads(path.read_text("utf-8"))
    return tomllib.loads(files("wargames.sabatu").joinpath("data/board.toml").read_text("utf-8"))


class SabatuBoard(GraphBoard[str]):
    """The regions of one game, joined into one :class:`GraphBoard` of named nodes.

    Nodes are ``<region>.<1-16>`` (spaces), ``<region>.capital`` and ``<region>.home``.
    Node attributes: ``terrain`` (the kind: a space kind, ``capital`` or ``home``),
    ``region``, and ``x``/``y`` drawing coordinates (one unit a space, ``y`` down), which
    :func:`wargames.render.svg.render_svg` uses.
    """

    def __init__(self, rows: Sequence[Sequence[str]], data: Mapping[str, Any]) -> None:
        nodes: dict[str, dict[str, Any]] = {}
        edges: list[tuple[str, str]] = []
        self.regions: tuple[str, ...] = tuple(name for row in rows for name in row)
        if len(set(self.regions)) != len(self.regions):
            raise ValueError(f"a region appears twice in {rows!r}")
        self.region_type: dict[str, str] = {}
        for gy, row in enumerate(rows):
            for gx, region in enumerate(row):
                kind = region_type(region, data)
                self.region_type[region] = kind
                spec = data["regions"][kind]
                ring = spec["ring"]
                if len(ring) != RING or any(k not in SPACE_KINDS for k in ring):
                    raise ValueError(
                        f"region type {kind!r} needs {RING} ring spaces of {SPACE_KINDS}"
                    )
                turns = region_turns(region, data)
                ring = ring[-turns * _SIDE :] + ring[: -turns * _SIDE] if turns else ring
                for number, space_kind in enumerate(ring, start=1):
                    x, y = _ring_xy(number)
                    nodes[f"{region}.{number}"] = {
                        "terrain": space_kind,
                        "region": region,
                        "x": gx * 6 + x,
                        "y": gy * 6 + y,
                    }
                for number in range(1, RING + 1):
                    edges.append((f"{region}.{number}", f"{region}.{number % RING + 1}"))
                for place in ("capital", "home"):
                    if place in spec:
                        node = f"{region}.{place}"
                        gate = (spec[place] - 1 + turns * _SIDE) % RING + 1
                        x, y = _inside(*_ring_xy(gate))
                        nodes[node] = {
                            "terrain": place,
                            "region": region,
                            "x": gx * 6 + x,
                            "y": gy * 6 + y,
                        }
                        edges.append((node, f"{region}.{gate}"))
                if gx > 0:
                    edges.append((f"{row[gx - 1]}.{_EXITS['e']}", f"{region}.{_EXITS['w']}"))
                if gy > 0 and gx < len(rows[gy - 1]):
                    edges.append((f"{rows[gy - 1][gx]}.{_EXITS['s']}", f"{region}.{_EXITS['n']}"))
        super().__init__(edges, nodes=nodes, name="sabatu")
        self.capitals: tuple[int, ...] = tuple(
            i for i, kind in enumerate(self.terrains) if kind == "capital"
        )
        """Capital node indices, in board order; a capital's number is its place here."""
        self.capital_of: dict[str, int] = {self.region_of(i): i for i in self.capitals}
        self.home_of: dict[str, int] = {
            self.region_of(i): i for i, kind in enumerate(self.terrains) if kind == "home"
        }
        self.ports: tuple[int, ...] = tuple(i for i, k in enumerate(self.terrains) if k == "port")
        self.gate: dict[int, int] = {
            i: self.adjacent_indices[i][0]
            for i, kind in enumerate(self.terrains)
            if kind in ("capital", "home")
        }
        """The ring space each Capital and Home opens onto."""
        self.spaces: frozenset[int] = frozenset(
            i for i, kind in enumerate(self.terrains) if kind not in ("capital", "home")
        )
        """The indices of the spaces (every node but Capitals and Homes)."""
        self._steps: dict[int, tuple[int, ...]] = {}
        self._walks: dict[tuple[int, int], tuple[Walk, ...]] = {}

    def walks(self, origin: int, steps: int) -> tuple[Walk, ...]:
        """Every path of 1 to ``steps`` steps from node ``origin`` that never comes back to a
        node it has left and goes on through spaces only (a Capital or Home ends it), as
        one depth-first tree: an entry per path, ``(last node, its length, the node before
        it, the index of the first entry past the paths that go on from it)``."""
        found = self._walks.get((origin, steps))
        if found is None:
            tree: list[Walk] = []
            self._grow(tree, origin, 0, steps, (origin,))
            found = self._walks[origin, steps] = tuple(tree)
        return found

    def _grow(
        self, tree: list[Walk], node: int, taken: int, steps: int, path: tuple[int, ...]
    ) -> None:
        for nxt in self.adjacent_indices[node]:
            if nxt in path:
                continue
            at = len(tree)
            tree.append((nxt, taken + 1, node, at + 1))
            if taken + 1 < steps and nxt in self.spaces:
                self._grow(tree, nxt, taken + 1, steps, (*path, nxt))
                tree[at] = (nxt, taken + 1, node, len(tree))

    def steps_from(self, index: int) -> tuple[int, ...]:
        """Steps on the board from node ``index`` to every node (by index); Capitals and
        Homes open onto one space each, so no path goes through them."""
        found = self._steps.get(index)
        if found is None:
            lengths = nx.single_source_shortest_path_length(self.graph, self.node(index))
            found = self._steps[index] = tuple(lengths[node] for node in self.nodes)
        return found

    def kind_at(self, index: int) -> str:
        """The kind of node ``index``: a space kind, ``capital`` or ``home``."""
        return self.terrains[index]

    def region_of(self, index: int) -> str:
        """The region node ``index`` belongs to."""
        return str(self.graph.nodes[self.nodes[index]]["region"])

    def is_space(self, index: int) -> bool:
        """Whether node ``index`` is a space (Capitals and Homes are not)."""
        return index in self.spaces


def region_type(name: str, data: Mapping[str, Any]) -> str:
    """The type of region ``name``: ``w2`` is an edge like ``w``, ``c3`` a centre like ``c``.

    :raises ValueError: for a name of no known type.
    """
    match = _NAME.match(name)
    kind = data["types"].get(match[1]) if match else None
    if kind is None or kind not in data["regions"]:
        raise ValueError(f"region {name!r} has no type in the board data")
    return str(kind)


def region_turns(name: str, data: Mapping[str, Any]) -> int:
    """Quarter turns clockwise of region ``name``'s drawing (``[turns]``; ``w2`` like ``w``).

    :raises ValueError: for a name the data does not turn.
    """
    match = _NAME.match(name)
    turns = data["turns"].get(match[1]) if match else None
    if turns is None:
        raise ValueError(f"region {name!r} has no turns in the board data")
    return int(turns) % 4


def long_rows(rows: int) -> tuple[tuple[str, ...], ...]:
    """Variant #3, "add more edge and center regions and make the game board as long as you
    wish": three columns and ``rows`` rows (at least 3), corners at the ends and
    ``w<i> c<i> e<i>`` rows between."""
    if rows < 3:
        raise ValueError(f"a long board has at least 3 rows of regions, not {rows}")
    middle = tuple((f"w{i}", f"c{i}", f"e{i}") for i in range(1, rows - 1))
    return (("nw", "n", "ne"), *middle, ("sw", "s", "se"))


def long_homes(rows: Sequence[Sequence[str]], data: Mapping[str, Any]) -> tuple[str, ...]:
    """Home regions of a long board, in the order seats take them: two opposite corners,
    the first west and the last east edge (so that with 2 or 4 players every seat is as far
    from its three nearest capitals, and as far ahead of the other seats there), the other
    two corners, the north and south edges, then the other edges."""
    first = ("nw", "se", "w1", f"e{len(rows) - 2}", "ne", "sw", "n", "s")
    edges = [r for row in rows for r in row if region_type(r, data) == "edge"]
    return first + tuple(r for r in edges if r not in first)


@cache
def board_for_players(players: int) -> SabatuBoard:
    """The library's board for ``players`` (2-4 corners, 5-6 adds two edges, 7-8 all nine).

    :raises ValueError: for a player count no layout takes.
    """
    data = board_data()
    return build_board(layout_for(players, data)["rows"], data)


def layout_for(players: int, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The layout of ``data`` for ``players``.

    :raises ValueError: for a player count no layout takes.
    """
    for layout in data["layouts"].values():
        if players in layout["players"]:
            return layout  # type: ignore[no-any-return]
    raise ValueError(f"Sabatu is for 2 to 8 players, not {players}")


def build_board(rows: Sequence[Sequence[str]], data: Mapping[str, Any]) -> SabatuBoard:
    """The board of ``rows`` of region names (north first)."""
    return SabatuBoard(rows, data)
