"""A variant's board, army and timing as data, loaded from ``data/variants.toml``.

The rule text fixes some numbers and is silent on others; the TOML file says which is which,
and :class:`Layout` is what the rules read.  A user replaces any of it with options
(``wargames.load("sabotage", army={...}, volcanoes=[...])``) or a whole file of their own
(:func:`load_layouts`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path
from typing import Any

import attrs
from attrs import field, frozen

from wargames.core.board import Square, SquareBoard
from wargames.sabotage.pieces import Kind

__all__ = ["SETUP_SHAPES", "Layout", "load_beliefs", "load_layouts", "load_values"]

SETUP_SHAPES = ("rows", "corner")


def _army(value: Mapping[str, int] | tuple[tuple[Kind, int], ...]) -> tuple[tuple[Kind, int], ...]:
    """Normalise an army given by kind name or symbol to ``((Kind, count), ...)`` in Kind order."""
    items = value.items() if isinstance(value, Mapping) else value
    counts: dict[Kind, int] = {}
    for key, count in items:
        kind = key if isinstance(key, Kind) else _kind_named(key)
        if not isinstance(count, int) or count < 0:
            raise ValueError(f"army count for {kind.title} must be a whole number >= 0: {count!r}")
        counts[kind] = counts.get(kind, 0) + count
    return tuple((kind, counts[kind]) for kind in Kind if counts.get(kind))


def _kind_named(name: str) -> Kind:
    try:
        return Kind[name.upper()]
    except KeyError:
        return Kind.from_symbol(name)


def _squares(value: Any) -> tuple[str, ...]:
    return tuple(str(Square.parse(str(name))) for name in value)


@frozen
class Layout:
    """Everything a Sabotage variant fixes: board, volcanoes, set-up zones, army, timing."""

    code: str
    title: str
    width: int
    height: int
    moves_per_turn: int
    quiet_turn_limit: int
    army: tuple[tuple[Kind, int], ...] = field(converter=_army)
    setup: str
    setup_depth: int
    volcanoes: tuple[str, ...] = field(converter=_squares)

    def __attrs_post_init__(self) -> None:
        if self.width < 2 or self.height < 2:
            raise ValueError(f"board must be at least 2x2, got {self.width}x{self.height}")
        if self.moves_per_turn < 1:
            raise ValueError(f"moves_per_turn must be >= 1, got {self.moves_per_turn}")
        if self.quiet_turn_limit < 1:
            raise ValueError(f"quiet_turn_limit must be >= 1, got {self.quiet_turn_limit}")
        if self.setup not in SETUP_SHAPES:
            raise ValueError(f"setup must be one of {SETUP_SHAPES}, got {self.setup!r}")
        if dict(self.army).get(Kind.HEADQUARTERS) != 1:
            raise ValueError("an army needs exactly one Headquarters")
        board = self.board()
        zone = self.zone(0, board)
        if self.pieces > len(zone):
            raise ValueError(f"{self.pieces} pieces do not fit in {len(zone)} set-up squares")
        blocked = set(self.volcanoes)
        for player in (0, 1):
            clash = blocked.intersection(str(s) for s in self.zone(player, board))
            if clash:
                raise ValueError(f"volcanoes in a set-up zone: {sorted(clash)}")
        if set(self.zone(0, board)) & set(self.zone(1, board)):
            raise ValueError("the two set-up zones overlap")

    @property
    def pieces(self) -> int:
        """How many pieces each player has."""
        return sum(count for _, count in self.army)

    def board(self) -> SquareBoard:
        """The square board with volcano squares marked as terrain ``"volcano"``."""
        terrain = {Square.parse(name): "volcano" for name in self.volcanoes}
        return SquareBoard(self.width, self.height, terrain=terrain)

    def zone(self, player: int, board: SquareBoard) -> tuple[Square, ...]:
        """Player ``player``'s set-up squares (0 = Green at rank 1, 1 = Red opposite), in the
        fixed order in which set-up fills them: from the player's back rank forwards."""
        depth = self.setup_depth
        squares = [
            s
            for s in board
            if (self.setup == "rows" and s.y < depth)
            or (self.setup == "corner" and s.x + s.y < depth)
        ]
        if player == 1:
            squares = [Square(self.width - 1 - s.x, self.height - 1 - s.y) for s in squares]
        return tuple(squares)

    def with_overrides(self, **overrides: Any) -> Layout:
        """This layout with some fields replaced (``None`` values are ignored)."""
        return attrs.evolve(self, **{k: v for k, v in overrides.items() if v is not None})


def _read(source: str | Path | None) -> dict[str, Any]:
    if source is None:
        text = files("wargames.sabotage").joinpath("data/variants.toml").read_text("utf-8")
    else:
        text = Path(source).read_text("utf-8")
    return tomllib.loads(text)


def load_values(source: str | Path | None = None) -> dict[Kind, int]:
    """Piece values for bots' evaluation (the ``[values]`` table; a heuristic, not a rule)."""
    return {_kind_named(name): value for name, value in _read(source).get("values", {}).items()}


def load_beliefs(source: str | Path | None = None) -> dict[str, float]:
    """How the bots' worlds weigh what the rules do not prove (the ``[beliefs]`` table; a
    heuristic, not a rule): see :class:`wargames.sabotage.history.Beliefs`."""
    return {name: float(value) for name, value in _read(source).get("beliefs", {}).items()}


def load_layouts(source: str | Path | None = None) -> dict[str, Layout]:
    """The variants' layouts from a TOML file (the built-in one by default), by code."""
    data = _read(source)
    armies = data.get("armies", {})
    layouts = {}
    for code, table in data["variants"].items():
        army = table["army"]
        fields = {**table, "army": armies[army] if isinstance(army, str) else army}
        layouts[code] = Layout(code=code, **fields)
    return layouts
