"""The static world of a game: the board with its terrain, the armies and the sightlines.

A :class:`Battlefield` is built once per game from its scenario and shared by every state;
states hold only units and tokens.  The board is a :class:`~wargames.core.board.SquareBoard`
(a networkx graph) joined orthogonally and diagonally: a unit steps to any of the 8 squares
around it, and ranges count squares that way (the board's ``distance``; library default:
the text does not say how diagonals count).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, TypeVar

from wargames.core.board import Square, SquareBoard
from wargames.gridscifi.sight import Sightlines
from wargames.gridscifi.state import Status, Unit
from wargames.gridscifi.tables import Tables, Terrain
from wargames.gridscifi.units import Army, Profile

__all__ = ["Battlefield"]

_Layers = tuple[dict[Square, int], dict[Square, int]]
T = TypeVar("T")


class Battlefield:
    """Board, terrain, armies by player, objectives and sightlines of one game;
    ``deployment``: how many ranks from each base edge a player sets up on."""

    __slots__ = (
        "_around",
        "_flyers",
        "_last",
        "_memo",
        "_terrain_at",
        "_within",
        "armies",
        "board",
        "deployment",
        "objectives",
        "players",
        "sight",
        "tables",
        "terrain",
    )

    def __init__(
        self,
        tables: Tables,
        map_text: str,
        armies: Mapping[str, Army],
        objectives: Iterable[str] = (),
        name: str = "",
        deployment: int = 1,
    ) -> None:
        self.tables = tables
        self.deployment = deployment
        legend = {t.symbol: t.name for t in tables.terrain.values()}
        self.board = SquareBoard.from_text(map_text, legend, diagonal=True, name=name)
        self.terrain: tuple[Terrain, ...] = tuple(
            tables.terrain[name] for name in self.board.terrains
        )
        self.players = tuple(armies)
        self.armies = dict(armies)
        self.objectives = tuple(self.board.parse(square) for square in objectives)
        self.sight = Sightlines(self.board, lambda i: self.terrain[i].blocks_sight)
        self._around = {square: self.board.surrounding(square) for square in self.board}
        self._terrain_at = dict(zip(self.board.nodes, self.terrain, strict=True))
        self._flyers = {
            owner: frozenset(name for name, profile in army.profiles.items() if profile.flyer)
            for owner, army in self.armies.items()
        }
        self._last: tuple[tuple[Unit, ...], _Layers] = ((), ({}, {}))
        self._memo: dict[Hashable, Any] = {}
        self._within: dict[tuple[Square, int], frozenset[Square]] = {}

    def profile(self, unit: Unit) -> Profile:
        """The army-list entry of ``unit`` (which must not be hidden)."""
        return self.armies[unit.owner].profiles[unit.profile]

    def terrain_at(self, square: Square) -> Terrain:
        """The terrain of ``square``."""
        return self._terrain_at[square]

    def position(self, units: tuple[Unit, ...], unit: Unit) -> Square | None:
        """Where ``unit`` is: its square, its transport's square, or ``None`` off the table."""
        if unit.status is Status.EMBARKED and unit.carrier is not None:
            return self.position(units, units[unit.carrier])
        return unit.square if unit.status is Status.TABLE else None

    def around(self, square: Square) -> tuple[Square, ...]:
        """The up to 8 squares next to ``square`` (worked out once per square)."""
        return self._around[square]

    def within(self, square: Square, steps: int) -> frozenset[Square]:
        """The squares at most ``steps`` from ``square`` (the board's ``distance``), worked
        out once."""
        key = (square, steps)
        found = self._within.get(key)
        if found is None:
            distance = self.board.distance
            found = self._within[key] = frozenset(
                s for s in self.board if distance(square, s) <= steps
            )
        return found

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, worked out once per ``key`` for this battlefield: for the fixed
        geometry a rule derives from the map and the armies (``key`` names the rule and what
        it depends on)."""
        try:
            found: T = self._memo[key]
        except KeyError:
            found = self._memo[key] = compute()
        return found

    def on_edge(self, square: Square) -> bool:
        """Whether ``square`` is on an edge of the table."""
        board = self.board
        return square.x in (0, board.width - 1) or square.y in (0, board.height - 1)

    def base_rank(self, player: str) -> int:
        """The rank (0-based y) of ``player``'s base edge: the first player's is the lowest."""
        return 0 if self.players.index(player) == 0 else self.board.height - 1

    def layers(self, units: tuple[Unit, ...]) -> _Layers:
        """Who stands where: the ground units' ids by square, then the flyers'.  The last
        answer is kept (in one attribute, so threads never see half of it), since successive
        calls nearly always ask about the same units."""
        last_units, last_layers = self._last
        if units is last_units:
            return last_layers
        ground: dict[Square, int] = {}
        air: dict[Square, int] = {}
        flyers = self._flyers
        for unit in units:
            if unit.status is Status.TABLE and unit.square is not None:
                layer = air if unit.profile in flyers[unit.owner] else ground
                layer[unit.square] = unit.id
        self._last = (units, (ground, air))
        return ground, air

    def free(self, units: tuple[Unit, ...], square: Square, flyer: bool, mover: int = -1) -> bool:
        """Whether a flyer (or a ground unit) other than ``mover`` may stand on ``square``:
        "Only one unit can occupy a square except where one unit is a flyer", and never two
        flyers."""
        holder = self.layers(units)[flyer].get(square)
        return holder is None or holder == mover

    def vacant(
        self, units: tuple[Unit, ...], squares: Iterable[Square], flyer: bool, mover: int = -1
    ) -> list[Square]:
        """The squares of ``squares`` that are :meth:`free` for a flyer (or a ground unit)
        other than ``mover``, in their order."""
        taken = self.layers(units)[flyer]
        return [square for square in squares if taken.get(square, mover) == mover]

    def any_vacant(self, units: tuple[Unit, ...], squares: Iterable[Square], flyer: bool) -> bool:
        """Whether any square of ``squares`` is :meth:`free` for a flyer (or a ground unit)."""
        taken = self.layers(units)[flyer]
        return any(square not in taken for square in squares)
