"""Maps (sections III and IV): terrain per hex, roads, rivers, bridges and set-up zones.

A :class:`SabotMap` is built once and shared by every state: besides its
:class:`~wargames.core.board.HexBoard` (a networkx graph) it precomputes flat index tables
(terrain, roads, rivers, neighbours, connected depressions and buildings) so that movement
and line of sight never rebuild anything per step.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Final

from wargames.core import hexes
from wargames.core.board import HexBoard
from wargames.core.hexes import Hex
from wargames.sabot.terrain import DEFAULT_TERRAIN, Terrain, TerrainTable

__all__ = ["LEGEND", "OVERLAY", "SabotMap", "default_map", "map_names"]

_DATA = Path(__file__).parent / "data" / "maps.toml"

LEGEND: Final = {
    ".": "grassland",
    ":": "desert",
    "F": "forest",
    "d": "depression",
    "h": "hillside",
    "H": "hilltop",
    "s": "swamp",
    "w": "shallow",
    "W": "deep",
    "T": "town",
    "B": "building",
}
OVERLAY: Final = {".": frozenset(), "r": {"road"}, "~": {"river"}, "=": {"road", "river"}}


def _rows(text: str) -> list[str]:
    return [line.strip() for line in text.strip().splitlines()]


class SabotMap:
    """A battlefield: the board and its precomputed tables, indexed like the board's nodes.

    ``depth`` is the set-up depth in hex rows (one per map tile of depth, section IV).
    """

    def __init__(
        self,
        terrain: Mapping[Hex, str],
        *,
        features: Mapping[Hex, Iterable[str]] | None = None,
        depth: int = 3,
        name: str = "",
        table: TerrainTable = DEFAULT_TERRAIN,
    ) -> None:
        unknown = sorted(set(terrain.values()) - set(table.terrains))
        if unknown:
            raise ValueError(f"unknown SABOT terrain {unknown}")
        features = features or {}
        elevation = {h: table[t].elevation for h, t in terrain.items() if table[t].elevation}
        self.board = HexBoard(
            terrain, terrain=terrain, elevation=elevation, features=features, name=name
        )
        self.name = name
        self.depth = depth
        self.table = table
        board = self.board
        self.cells: tuple[Hex, ...] = board.nodes
        self.steps = board.step_indices
        self.terrain: tuple[Terrain, ...] = tuple(table[board.terrain(h)] for h in self.cells)
        marks = [frozenset(features.get(h, ())) for h in self.cells]
        self.river: tuple[bool, ...] = tuple("river" in m for m in marks)
        self.bridge: tuple[bool, ...] = tuple("river" in m and "road" in m for m in marks)
        self.road: tuple[bool, ...] = tuple(
            "road" in m or t.road for m, t in zip(marks, self.terrain, strict=True)
        )
        self.elevation: tuple[int, ...] = tuple(t.elevation for t in self.terrain)
        self.depression = self._areas(lambda t: t.as_prepared)
        self.building = self._areas(lambda t: t.building)
        self.forest_bound: tuple[bool, ...] = tuple(
            self.terrain[i].name == "forest"
            and all(j < 0 or self.terrain[j].name == "forest" for j in self.steps[i])
            for i in range(len(self.cells))
        )
        rows = [hexes.to_offset(h)[1] for h in self.cells]
        self.rows: tuple[int, ...] = tuple(rows)
        top, bottom = min(rows), max(rows)
        self.zones: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(i for i, r in enumerate(rows) if r < top + depth),
            tuple(i for i, r in enumerate(rows) if r > bottom - depth),
        )

    def __len__(self) -> int:
        return len(self.cells)

    def __repr__(self) -> str:
        return f"SabotMap({self.name!r}, {len(self)} hexes)"

    def _areas(self, test: Callable[[Terrain], bool]) -> tuple[int, ...]:
        """Connected areas of the hexes whose terrain passes ``test``: an id per hex, or -1."""
        area = [-1] * len(self.cells)
        for start in range(len(self.cells)):
            if area[start] >= 0 or not test(self.terrain[start]):
                continue
            stack = [start]
            area[start] = start
            while stack:
                here = stack.pop()
                for there in self.steps[here]:
                    if there >= 0 and area[there] < 0 and test(self.terrain[there]):
                        area[there] = start
                        stack.append(there)
        return tuple(area)

    def index(self, cell: Hex) -> int:
        """The index of ``cell``; :raises ValueError: if it is not on the map."""
        return self.board.index(cell)

    def label(self, index: int) -> str:
        """The map label (``0304``) of the hex with ``index``."""
        return self.board.label(self.cells[index])

    def parse(self, text: str) -> int:
        """The index of the hex labelled ``text``; :raises ValueError: if it is not on the map."""
        return self.board.index(self.board.parse(text))

    def distance(self, a: int, b: int) -> int:
        """Hex distance between two indices."""
        return hexes.distance(self.cells[a], self.cells[b])

    @classmethod
    def from_text(
        cls,
        terrain: str,
        overlay: str | None = None,
        *,
        depth: int = 3,
        name: str = "",
        table: TerrainTable = DEFAULT_TERRAIN,
    ) -> SabotMap:
        """A map drawn as in ``data/maps.toml``: a terrain drawing and an optional overlay.

        :raises ValueError: for an unknown character or drawings of different shapes.
        """
        cells: dict[Hex, str] = {}
        marks: dict[Hex, frozenset[str]] = {}
        rows = _rows(terrain)
        over = _rows(overlay) if overlay else ["." * len(line) for line in rows]
        if [len(line) for line in over] != [len(line) for line in rows]:
            raise ValueError("the terrain and overlay drawings differ in shape")
        for r, (line, extra) in enumerate(zip(rows, over, strict=True)):
            for c, (char, mark) in enumerate(zip(line, extra, strict=True)):
                if char == "-":
                    continue
                if char not in LEGEND or mark not in OVERLAY:
                    raise ValueError(f"unknown map character {char!r}/{mark!r} at row {r + 1}")
                cell = hexes.from_offset(c, r)
                cells[cell] = LEGEND[char]
                marks[cell] = frozenset(OVERLAY[mark])
        return cls(cells, features=marks, depth=depth, name=name, table=table)

    @classmethod
    def open_field(cls, columns: int, rows: int, *, depth: int = 3, name: str = "") -> SabotMap:
        """A map of grassland, for studies, tests and benchmarks."""
        drawing = "\n".join("." * columns for _ in range(rows))
        return cls.from_text(drawing, depth=depth, name=name or f"open {columns}x{rows}")


def map_names() -> tuple[str, ...]:
    """The names of the default maps in ``data/maps.toml``."""
    return tuple(_load_data())


@cache
def _load_data() -> dict[str, dict[str, object]]:
    with _DATA.open("rb") as handle:
        data: dict[str, dict[str, object]] = tomllib.load(handle)["maps"]
    return data


@cache
def default_map(name: str) -> SabotMap:
    """A default map by name, built once per process.

    :raises ValueError: for an unknown name.
    """
    data = _load_data()
    if name not in data:
        raise ValueError(f"unknown SABOT map {name!r}; the maps are {', '.join(data)}")
    row = data[name]
    return SabotMap.from_text(
        str(row["terrain"]), str(row["overlay"]), depth=int(str(row["tiles_deep"])), name=name
    )
