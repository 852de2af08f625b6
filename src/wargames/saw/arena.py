"""The map: hexes, what each costs to enter, extra range penalty, deployment zones, and the
range table (rule text: "Required materials: one game map", "Range penalties", and the
advanced rule "Obstacles and Terrain").

An :class:`Arena` is a :class:`~wargames.core.board.HexBoard` drawn as text (``data/maps.toml``)
with a legend of :class:`Terrain` kinds.  The basic game's map is the open ``arena``; the
advanced rule is any map with other terrain, such as the built-in ``ruins``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any

from attrs import field, frozen

from wargames.core import hexes
from wargames.core.board import HexBoard
from wargames.core.hexes import Hex

__all__ = ["Arena", "RangeTable", "Terrain", "load_maps", "load_range_table", "load_rules"]

ZONE_DIGITS = "12345678"


@frozen
class Terrain:
    """A kind of hex: its map symbol, name, the movement it costs to enter (``None``:
    impassable) and the extra range penalty (``cover``) it adds to a line of fire entering it.

    :raises ValueError: for a symbol that is not one printable character (or is a zone digit),
        a cost below 1, or a negative cover.
    """

    symbol: str
    name: str
    cost: int | None = 1
    cover: int = 0

    def __attrs_post_init__(self) -> None:
        if len(self.symbol) != 1 or self.symbol.isspace() or self.symbol in ZONE_DIGITS:
            raise ValueError(f"terrain symbol must be one non-digit character: {self.symbol!r}")
        if self.cost is not None and self.cost < 1:
            raise ValueError(f"{self.name} must cost at least 1 movement, got {self.cost}")
        if self.cover < 0:
            raise ValueError(f"{self.name} cover must be >= 0, got {self.cover}")

    @property
    def passable(self) -> bool:
        """Whether units may enter it at all."""
        return self.cost is not None


def _bands(value: Iterable[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(limit), int(penalty)) for limit, penalty in value)


@frozen
class RangeTable:
    """Range penalty by hex distance: ``bands`` of ``(up to distance, penalty)``, ascending.

    Beyond the last band, each further stretch as wide as the last band adds 1 ("etc..."):
    the default ``((5, 1), (10, 2), (15, 3), (20, 4))`` is 1 per 5 hexes at any distance.

    >>> table = RangeTable(((5, 1), (10, 2), (15, 3), (20, 4)))
    >>> [table.penalty(d) for d in (1, 5, 6, 10, 11, 20, 21, 26)]
    [1, 1, 2, 2, 3, 4, 5, 6]

    :raises ValueError: for no bands, distances that do not ascend from 1 or more, or a
        negative penalty.
    """

    bands: tuple[tuple[int, int], ...] = field(converter=_bands)

    def __attrs_post_init__(self) -> None:
        if not self.bands:
            raise ValueError("a range table needs at least one band")
        previous = 0
        for limit, penalty in self.bands:
            if limit <= previous:
                raise ValueError(f"range bands must ascend from 1: {list(self.bands)}")
            if penalty < 0:
                raise ValueError(f"range penalties must be >= 0: {list(self.bands)}")
            previous = limit

    def penalty(self, distance: int) -> int:
        """The penalty at ``distance`` hexes (0 at distance 0, where no attack happens).

        :raises ValueError: for a negative distance.
        """
        if distance < 0:
            raise ValueError(f"distance must be >= 0, got {distance}")
        if distance == 0:
            return 0
        for limit, penalty in self.bands:
            if distance <= limit:
                return penalty
        last, penalty = self.bands[-1]
        width = last - (self.bands[-2][0] if len(self.bands) > 1 else 0)
        return penalty + -(-(distance - last) // width)


class Arena:
    """A SAW map: its board, terrain, deployment zones and the range rules over it.

    ``text`` draws the map (see :meth:`HexBoard.from_text`): each character is a terrain
    symbol, or a digit 1-8 for an open hex of that player's deployment zone.

    :raises ValueError: for an unknown symbol or a map with no hex.
    """

    __slots__ = (
        "_costs",
        "_covered",
        "_exits",
        "_lines",
        "board",
        "cost",
        "cover",
        "name",
        "terrain",
        "zones",
    )

    def __init__(self, text: str, terrains: Iterable[Terrain], name: str = "") -> None:
        kinds = {t.symbol: t for t in terrains}
        open_ = next((t for t in kinds.values() if t.name == "open"), None)
        if open_ is None:
            raise ValueError("the terrain legend needs an 'open' kind (for deployment zones)")
        legend: dict[str, str | None] = {s: t.name for s, t in kinds.items()}
        legend.update(dict.fromkeys(ZONE_DIGITS, "open"))
        self.name = name
        self.board = HexBoard.from_text(text, legend, name=name)
        by_name = {t.name: t for t in kinds.values()}
        self.terrain: tuple[Terrain, ...] = tuple(by_name[t] for t in self.board.terrains)
        """The terrain of each hex, by board index."""
        self.cost: tuple[int | None, ...] = tuple(t.cost for t in self.terrain)
        """Movement to enter each hex, by board index (``None``: impassable)."""
        self.cover: tuple[int, ...] = tuple(t.cover for t in self.terrain)
        """Extra range penalty of each hex, by board index."""
        zones: dict[int, list[Hex]] = {}
        rows = [row.strip() for row in text.strip().splitlines()]
        for row, line in enumerate(rows):
            for column, char in enumerate(line):
                if char in ZONE_DIGITS:
                    zones.setdefault(int(char), []).append(hexes.from_offset(column, row))
        self.zones: tuple[tuple[Hex, ...], ...] = tuple(
            tuple(sorted(zones.get(n, ()), key=self.board.index))
            for n in range(1, max(zones, default=0) + 1)
        )
        """Deployment hexes of player 1, 2, ... in reading order."""
        self._lines: dict[tuple[Hex, Hex], int] = {}  # extra penalties already worked out
        self._covered = any(self.cover)
        board = self.board
        self._costs: dict[Hex, int | None] = dict(zip(board.nodes, self.cost, strict=True))
        self._exits: dict[Hex, tuple[tuple[Hex | None, int | None], ...]] = {
            cell: tuple(
                (None, None) if i < 0 else (board.node(i), self.cost[i])
                for i in board.step_indices[n]
            )
            for n, cell in enumerate(board.nodes)
        }

    def __repr__(self) -> str:
        return f"<Arena {self.name!r}: {len(self.board)} hexes>"

    @property
    def has_terrain(self) -> bool:
        """Whether any hex is not open ground (the rule "Obstacles and Terrain" is in play)."""
        return any(t.cost != 1 or t.cover for t in self.terrain)

    def step(self, cell: Hex, direction: int) -> Hex | None:
        """The hex next to ``cell`` in ``direction`` (0-5), or ``None`` off the map."""
        return self.exits(cell)[direction][0]

    def exits(self, cell: Hex) -> tuple[tuple[Hex | None, int | None], ...]:
        """For each direction 0-5, the hex next to ``cell`` and the movement it costs to
        enter (``None`` if impassable); ``(None, None)`` off the map.  Worked out once per map.

        :raises ValueError: if ``cell`` is not on the map.
        """
        found = self._exits.get(cell)
        if found is None:
            raise ValueError(f"{cell} is not on the board {self.board.name!r}")
        return found

    def entry_cost(self, cell: Hex) -> int | None:
        """The movement it costs to enter ``cell``; ``None`` if impassable."""
        try:
            return self._costs[cell]
        except KeyError:
            raise ValueError(f"{cell} is not on the board {self.board.name!r}") from None

    def path_cost(self, path: Iterable[Hex]) -> int:
        """The movement a plotted path costs: the sum of the costs of the hexes it enters.

        :raises ValueError: if the path enters an impassable hex.
        """
        total = 0
        for cell in path:
            cost = self.entry_cost(cell)
            if cost is None:
                raise ValueError(f"{self.board.label(cell)} is impassable")
            total += cost
        return total

    def extra_penalty(self, source: Hex, target: Hex) -> int:
        """The cover along the line of fire: the sum over the hexes the line from ``source``
        enters on its way to ``target`` (the target's hex included, hexes off the map add 0)."""
        if not self._covered:
            return 0
        known = self._lines.get((source, target))
        if known is None:
            board = self.board
            known = self._lines[source, target] = sum(
                self.cover[board.index(cell)]
                for cell in hexes.line(source, target)[1:]
                if cell in board
            )
        return known

    def penalty(self, source: Hex, target: Hex, table: RangeTable) -> int:
        """The full range penalty of an attack from ``source`` to ``target``."""
        return table.penalty(hexes.distance(source, target)) + self.extra_penalty(source, target)


def _terrain(data: Mapping[str, Any]) -> Terrain:
    cost = None if data.get("impassable", False) else int(data.get("cost", 1))
    return Terrain(str(data["symbol"]), str(data["name"]), cost, int(data.get("cover", 0)))


def load_maps(source: str | Path | None = None) -> tuple[tuple[Terrain, ...], dict[str, str]]:
    """The terrain legend and the map texts by name of a TOML file (``data/maps.toml`` by
    default)."""
    data = _toml("maps.toml", source)
    terrains = tuple(_terrain(table) for table in data["terrain"])
    return terrains, {name: str(table["text"]) for name, table in data["maps"].items()}


def load_rules(source: str | Path | None = None) -> dict[str, Any]:
    """The rule values of a TOML file (``data/rules.toml`` by default): the range table
    (``[range]``) and the library defaults where the text is silent (``[game]``)."""
    return _toml("rules.toml", source)


def load_range_table(source: str | Path | None = None) -> RangeTable:
    """The default range table of a TOML file (``data/rules.toml`` by default)."""
    return RangeTable(load_rules(source)["range"]["bands"])


def _toml(name: str, source: str | Path | None) -> dict[str, Any]:
    if source is None:
        text = files("wargames.saw").joinpath(f"data/{name}").read_text("utf-8")
    else:
        text = Path(source).read_text("utf-8")
    return tomllib.loads(text)
