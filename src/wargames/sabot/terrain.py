"""Terrain of section III as data: who may enter, extra move units, combat effects.

``data/terrain.toml`` holds one row per terrain (and one for rivers, which run through a hex
of another type) plus the scatter table of section VII-a, which the text does not print.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from attrs import field, frozen
from attrs.validators import in_

__all__ = ["DEFAULT_TERRAIN", "Scatter", "Terrain", "TerrainTable"]

_DATA = Path(__file__).parent / "data" / "terrain.toml"


def _frozen_set(items: Any) -> frozenset[str]:
    return frozenset(items)


@frozen
class Terrain:
    """One terrain type (section III)."""

    name: str
    enter: frozenset[str] = field(converter=_frozen_set)
    amphibious: bool = False
    extra: str = field(default="", validator=in_(("", "enter", "climb", "both")))
    elevation: int = 0
    defense: int = 0
    soldier_defense: int = 0
    height_defense: int = 0
    attack: int = 0
    blocks_los: bool | str = False
    prepare: bool = False
    as_prepared: bool = False
    drowns: bool = False
    road: bool = False
    stuck: bool = False
    building: bool = False
    scout_range: int = 4


def _six_faces(instance: Scatter, _: object, directions: tuple[int, ...]) -> None:
    if instance.hit != len(directions) + 1 or sorted(directions) != list(range(6)):
        raise ValueError("the scatter table gives each of six faces below `hit` a direction")


@frozen
class Scatter:
    """The scatter table: a d10 of ``hit`` or more hits; else face ``n`` (1-6) picks the
    neighbour in direction ``facing + directions[n - 1]``."""

    hit: int
    directions: tuple[int, ...] = field(converter=tuple, validator=_six_faces)

    def landing(self, facing: int, face: int) -> int:
        """The direction from the target hex a shot lands in for a missed ``face``, the
        attacker facing ``facing``."""
        return (facing + self.directions[face - 1]) % 6


@frozen
class TerrainTable:
    """Every terrain by name, the river overlay and the scatter table."""

    terrains: Mapping[str, Terrain]
    river: Terrain
    scatter: Scatter

    def __getitem__(self, name: str) -> Terrain:
        return self.terrains[name]

    @classmethod
    def load(cls, path: Path | str = _DATA) -> TerrainTable:
        """Read a table in the shape of ``data/terrain.toml``.

        :raises ValueError: for a missing or malformed entry.
        """
        with Path(path).open("rb") as handle:
            data = tomllib.load(handle)
        try:
            scatter = Scatter(**data.pop("scatter"))
            rows = {name: Terrain(name=name, **row) for name, row in data.items()}
        except (KeyError, TypeError) as error:
            raise ValueError(f"bad SABOT terrain table: {error}") from error
        return cls(rows, rows.pop("river"), scatter)


DEFAULT_TERRAIN: Final = TerrainTable.load()
