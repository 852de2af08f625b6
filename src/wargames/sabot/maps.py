"""Maps (sections III and IV): terrain per hex, roads, rivers, bridges and set-up zones.

A :class:`SabotMap` is built once and shared by every state: besides its
:class:`~wargames.core.board.HexBoard` (a networkx graph) it precomputes flat index tables
(terrain, roads, rivers, neighbours, connected depressions and buildings) so that movement
and line of sight never rebuild anything per step.

Roads (III) are links between neighbouring hexes: a step "from a road hex to a road hex"
follows a link.  Hexes drawn with a road mark (and towns, which are road for movement) link
to every such neighbour; a map may also give roads as lines of hexes (``roads``), which link
only along themselves.  An *overpass* is a road bridge over another road: each road through
it is a separate level, so a unit entering along one road and leaving along the other has
left the road ("must leave the road and move cross-country").

A default map is a drawing in ``data/maps.toml``, or map tiles laid out as section IV lays
out its samples (:func:`lay_out`): ``crossroads`` sets player 1 up on tiles 040 and 027
and player 2 on the same two turned half round.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, lru_cache, partial
from itertools import pairwise
from pathlib import Path
from typing import Final

from wargames.core import hexes
from wargames.core.board import HexBoard
from wargames.core.hexes import Hex
from wargames.sabot.terrain import DEFAULT_TERRAIN, Terrain, TerrainTable

__all__ = ["HALF_TURN", "LEGEND", "OVERLAY", "SabotMap", "default_map", "lay_out", "map_names"]

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
OVERLAY: Final = {
    ".": frozenset(),
    "r": {"road"},
    "~": {"river"},
    "=": {"road", "river"},
    "+": {"road", "overpass"},
}


HALF_TURN: Final = "@180"
"""The mark of a tile turned half round in a map's ``layout`` (``"027@180"``)."""


def _rows(text: str) -> list[str]:
    return [line.strip() for line in text.strip().splitlines()]


def _tile(drawing: str, turned: bool) -> list[str]:
    """A tile's drawing, read backwards if the tile is turned half round: on an odd-q layout
    a tile of even width so turned keeps each hex's neighbours its neighbours."""
    rows = _rows(drawing)
    return [line[::-1] for line in reversed(rows)] if turned else rows


def lay_out(tiles: Mapping[str, Mapping[str, str]], layout: str) -> tuple[str, str]:
    """The terrain and overlay drawings of map tiles laid out as the text lays them (IV): a
    line of tile names per row of tiles, top to bottom, each row centred on the widest
    (``-`` around it); :data:`HALF_TURN` after a name turns that tile half round.

    :raises ValueError: for no tile or an unknown one, tiles of different shapes or of odd
        width, or a row that cannot be centred by whole pairs of columns (that would shift
        its hexes' neighbours).
    """
    grid = [line.split() for line in _rows(layout)]
    names = {name.removesuffix(HALF_TURN) for row in grid for name in row}
    unknown = sorted(names - set(tiles))
    if unknown or not names:
        raise ValueError(f"unknown map tiles {unknown}" if unknown else "a layout needs tiles")
    shapes = {tuple(map(len, _rows(tiles[n][k]))) for n in names for k in ("terrain", "overlay")}
    lengths = shapes.pop()
    if shapes or len(set(lengths)) != 1:
        raise ValueError("map tiles must all be drawn in one rectangular shape")
    width = lengths[0]
    widest = max(len(row) for row in grid)
    if width % 2 or any((widest - len(row)) * width % 4 for row in grid):
        raise ValueError("tiles must be of even width and rows centred by pairs of columns")
    drawings = []
    for key in ("terrain", "overlay"):
        lines: list[str] = []
        for row in grid:
            edge = "-" * ((widest - len(row)) * width // 2)
            pieces = [
                _tile(tiles[name.removesuffix(HALF_TURN)][key], name.endswith(HALF_TURN))
                for name in row
            ]
            lines.extend(edge + "".join(part) + edge for part in zip(*pieces, strict=True))
        drawings.append("\n".join(lines))
    return drawings[0], drawings[1]


def _through(waypoints: Sequence[Hex]) -> tuple[Hex, ...]:
    """The hexes of straight hex lines from waypoint to waypoint."""
    path: list[Hex] = list(waypoints[:1])
    for a, b in pairwise(waypoints):
        path.extend(hexes.line(a, b)[1:])
    return tuple(path)


@lru_cache(maxsize=1 << 16)
def _line_shape(dq: int, dr: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The steps of :func:`~wargames.core.hexes.line_pairs` strictly between ``Hex(0, 0)``
    and ``Hex(dq, dr)``, as axial offsets.  A line moved by a whole hex vector is the same
    line moved (its sample points move by whole numbers, and the nudge that settles ties
    keeps every rounding well clear of float error), so one shape serves every start."""
    return tuple(
        tuple((cell.q, cell.r) for cell in step)
        for step in hexes.line_pairs(Hex(0, 0), Hex(dq, dr))[1:-1]
    )


@cache
def _disc(radius: int) -> tuple[tuple[int, int], ...]:
    """The axial offsets of the hexes at most ``radius`` from a hex."""
    return tuple((cell.q, cell.r) for cell in hexes.within(Hex(0, 0), radius))


SIGHT_LINES: Final = 1 << 16
"""Lines of sight a map remembers (the most recently used): every pair within range of the
units that look and shoot during a game."""
TABLED: Final = 2048
"""The largest map whose distances are kept as a table (:meth:`SabotMap.distance_from`):
four million entries at most, each row worked out once; a larger map computes them."""


class SabotMap:
    """A battlefield: the board and its precomputed tables, indexed like the board's nodes.

    ``depth`` is the set-up depth in hex rows (one per map tile of depth, section IV), at
    most half the map's rows: each player sets up on an opposing side of the map (IV), so
    the two zones never share a hex (a map drawn with too few rows gets shallower zones;
    one row gets none).
    """

    def __init__(
        self,
        terrain: Mapping[Hex, str],
        *,
        features: Mapping[Hex, Iterable[str]] | None = None,
        roads: Sequence[Sequence[Hex]] = (),
        depth: int = 3,
        name: str = "",
        table: TerrainTable = DEFAULT_TERRAIN,
    ) -> None:
        unknown = sorted(set(terrain.values()) - set(table.terrains))
        if unknown:
            raise ValueError(f"unknown SABOT terrain {unknown}")
        marked: dict[Hex, frozenset[str]] = {h: frozenset(f) for h, f in (features or {}).items()}
        for road in roads:
            for cell in road:
                if cell not in terrain:
                    raise ValueError(f"a road runs through {cell}, which is off the map")
                marked[cell] = marked.get(cell, frozenset()) | {"road"}
        elevation = {h: table[t].elevation for h, t in terrain.items() if table[t].elevation}
        self.board = HexBoard(
            terrain, terrain=terrain, elevation=elevation, features=marked, name=name
        )
        self.name = name
        self.table = table
        board = self.board
        self.cells: tuple[Hex, ...] = board.nodes
        self._at: dict[tuple[int, int], int] = {(h.q, h.r): i for i, h in enumerate(self.cells)}
        self._q: tuple[int, ...] = tuple(h.q for h in self.cells)
        self._r: tuple[int, ...] = tuple(h.r for h in self.cells)
        self._labels: tuple[str, ...] = tuple(board.label(h) for h in self.cells)
        self.steps = board.step_indices
        self.terrain: tuple[Terrain, ...] = tuple(table[board.terrain(h)] for h in self.cells)
        marks = [marked.get(h, frozenset()) for h in self.cells]
        self.river: tuple[bool, ...] = tuple("river" in m for m in marks)
        self.bridge: tuple[bool, ...] = tuple(
            ("river" in m and "road" in m) or "overpass" in m for m in marks
        )
        self.road: tuple[bool, ...] = tuple(
            "road" in m or t.road for m, t in zip(marks, self.terrain, strict=True)
        )
        self.links, self.levels = self._road_links(marks, roads)
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
        # IV: each player sets up on an opposing side, so the zones never meet.
        depth = self.depth = min(depth, (bottom - top + 1) // 2)
        self.zones: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(i for i, r in enumerate(rows) if r < top + depth),
            tuple(i for i, r in enumerate(rows) if r > bottom - depth),
        )
        self.sight_line = lru_cache(maxsize=SIGHT_LINES)(self._sight_line)
        self._distance_rows = cache(self._row) if len(self.cells) <= TABLED else None
        self.around = lru_cache(maxsize=SIGHT_LINES)(self._around)
        self.scout_reach = max(t.scout_range for t in table.terrains.values())
        """The farthest a unit may scout on any terrain of the table (VI-g, III)."""

    def _around(self, hex_: int, radius: int) -> frozenset[int]:
        """The hexes of the map at most ``radius`` from ``hex_``, by index (:attr:`around`
        remembers the most recently asked)."""
        q, r, at = self._q[hex_], self._r[hex_], self._at
        return frozenset(at[q + dq, r + dr] for dq, dr in _disc(radius) if (q + dq, r + dr) in at)

    def _row(self, hex_: int) -> tuple[int, ...]:
        """The distance from ``hex_`` to each hex of the map, by index."""
        return tuple(self.distance(hex_, other) for other in range(len(self.cells)))

    def _sight_line(self, origin: int, target: int) -> tuple[tuple[int, ...], ...]:
        """The hexes a line from the centre of ``origin`` to the centre of ``target`` passes
        between them (VII-a), by index: one per step, or the two whose side it runs along
        (:func:`~wargames.core.hexes.line_pairs`); hexes off the map left out.  Fixed
        geometry, so :attr:`sight_line` remembers it for the map's lifetime; the line's
        shape is the same wherever it starts (:func:`_line_shape`), so only its hexes are
        looked up here."""
        start, end = self.cells[origin], self.cells[target]
        q, r, at = start.q, start.r, self._at
        return tuple(
            tuple(at[q + dq, r + dr] for dq, dr in step if (q + dq, r + dr) in at)
            for step in _line_shape(end.q - q, end.r - r)
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

    def _road_links(
        self, marks: Sequence[frozenset[str]], roads: Sequence[Sequence[Hex]]
    ) -> tuple[tuple[frozenset[int], ...], dict[int, tuple[frozenset[int], ...]]]:
        """Road links per hex, and for each overpass its levels' links (one per road)."""
        index = self.board.index
        overpass = {i for i, m in enumerate(marks) if "overpass" in m}
        lined: set[int] = set()
        links: list[set[int]] = [set() for _ in self.cells]
        levels: dict[int, list[set[int]]] = {i: [] for i in overpass}
        for road in roads:
            path = [index(cell) for cell in road]
            lined.update(path)
            seen: dict[int, set[int]] = {}
            for a, b in pairwise(path):
                if b not in self.steps[a]:
                    raise ValueError(f"a road jumps from {self.label(a)} to {self.label(b)}")
                links[a].add(b)
                links[b].add(a)
                for here, there in ((a, b), (b, a)):
                    if here in overpass:
                        seen.setdefault(here, set()).add(there)
            for here, around in seen.items():
                levels[here].append(around)
        drawn = {
            i
            for i, m in enumerate(marks)
            if ("road" in m and i not in lined) or self.terrain[i].road
        }
        for a in drawn - overpass:
            for b in self.steps[a]:
                if b >= 0 and b not in overpass and self.road[b]:
                    links[a].add(b)
                    links[b].add(a)
        for i, crossing in levels.items():
            if len(crossing) < 2:
                raise ValueError(
                    f"the overpass {self.label(i)} needs two roads (a `roads` line each)"
                )
        frozen = tuple(frozenset(w) for w in links)
        return frozen, {i: tuple(frozenset(w) for w in ways) for i, ways in levels.items()}

    def preparable(self, hex_: int) -> bool:
        """II: whether a prepared position may be made on ``hex_``: grassland, desert, hills
        or a road through them, never a river hex (bridged or not)."""
        return self.terrain[hex_].prepare and not self.river[hex_]

    def road_step(self, here: int, level: int, there: int) -> tuple[bool, int]:
        """Whether a step from ``here`` (on road ``level`` if it is an overpass, -1: off
        the road) to ``there`` follows a road, and the level it arrives on at ``there``."""
        ways = self.levels.get(here)
        along = (
            (there in ways[level])
            if ways is not None and level >= 0
            else (ways is None and there in self.links[here])
        )
        ahead = self.levels.get(there)
        arrive = -1
        if ahead is not None:
            arrive = next((n for n, w in enumerate(ahead) if here in w), -1)
        return along, arrive

    def start_level(self, hex_: int, facing: int) -> int:
        """The road a unit starting on overpass ``hex_`` is on: the one its facing runs
        along (else the upper one, level 0); -1 anywhere else."""
        ways = self.levels.get(hex_)
        if ways is None:
            return -1
        ahead = (self.steps[hex_][facing], self.steps[hex_][(facing + 3) % 6])
        return next((n for n, w in enumerate(ways) if w & set(ahead)), 0)

    def index(self, cell: Hex) -> int:
        """The index of ``cell``; :raises ValueError: if it is not on the map."""
        return self.board.index(cell)

    def label(self, index: int) -> str:
        """The map label (``0304``) of the hex with ``index``."""
        return self._labels[index]

    def parse(self, text: str) -> int:
        """The index of the hex labelled ``text``; :raises ValueError: if it is not on the map."""
        return self.board.index(self.board.parse(text))

    def distance(self, a: int, b: int) -> int:
        """Hex distance between two indices (:func:`~wargames.core.hexes.distance`)."""
        dq, dr = self._q[a] - self._q[b], self._r[a] - self._r[b]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def distance_from(self, hex_: int) -> Callable[[int], int]:
        """The distance from ``hex_`` as a function of the other hex (:meth:`distance`): a row
        of the map's table, or on a map larger than :data:`TABLED` the formula."""
        if self._distance_rows is None:
            return partial(self.distance, hex_)
        return self._distance_rows(hex_).__getitem__

    def any_within(self, hex_: int, others: Iterable[int], radius: int) -> bool:
        """Whether any of ``others`` is at most ``radius`` from ``hex_`` (:meth:`distance`)."""
        return min(map(self.distance_from(hex_), others), default=radius + 1) <= radius

    @classmethod
    def from_text(
        cls,
        terrain: str,
        overlay: str | None = None,
        *,
        roads: Sequence[Sequence[str]] = (),
        depth: int = 3,
        name: str = "",
        table: TerrainTable = DEFAULT_TERRAIN,
    ) -> SabotMap:
        """A map drawn as in ``data/maps.toml``: a terrain drawing, an optional overlay and
        roads given as lines through waypoints (map labels; straight hex lines between them).

        :raises ValueError: for an unknown character, drawings of different shapes, or a
            road off the map or through an overpass that is not crossed by another.
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
        lines = [_through([hexes.parse_label(w) for w in waypoints]) for waypoints in roads]
        return cls(cells, features=marks, roads=lines, depth=depth, name=name, table=table)

    @classmethod
    def open_field(cls, columns: int, rows: int, *, depth: int = 3, name: str = "") -> SabotMap:
        """A map of grassland, for studies, tests and benchmarks."""
        drawing = "\n".join("." * columns for _ in range(rows))
        return cls.from_text(drawing, depth=depth, name=name or f"open {columns}x{rows}")


def map_names() -> tuple[str, ...]:
    """The names of the default maps in ``data/maps.toml``."""
    return tuple(_load_data()["maps"])


@cache
def _load_data() -> dict[str, dict[str, dict[str, object]]]:
    with _DATA.open("rb") as handle:
        data: dict[str, dict[str, dict[str, object]]] = tomllib.load(handle)
    return data


@cache
def default_map(name: str) -> SabotMap:
    """A default map by name, built once per process.

    :raises ValueError: for an unknown name.
    """
    data = _load_data()
    maps = data["maps"]
    if name not in maps:
        raise ValueError(f"unknown SABOT map {name!r}; the maps are {', '.join(maps)}")
    row = maps[name]
    roads = row.get("roads", [])
    assert isinstance(roads, list)
    if "layout" in row:
        tiles = {key: {k: str(v) for k, v in tile.items()} for key, tile in data["tiles"].items()}
        terrain, overlay = lay_out(tiles, str(row["layout"]))
    else:
        terrain, overlay = str(row["terrain"]), str(row["overlay"])
    return SabotMap.from_text(
        terrain,
        overlay,
        roads=[[str(w) for w in road] for road in roads],
        depth=int(str(row["tiles_deep"])),
        name=name,
    )
