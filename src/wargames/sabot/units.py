"""The Vehicles & Soldiers Table (section II) as data: unit types, weapons and platoons.

The text names the units but prints no table; ``data/units.toml`` holds what the text gives
and marks every other number as this library's default.  :meth:`UnitTable.load` reads a
user's own table in the same shape.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any, Final

from attrs import field, frozen
from attrs.validators import ge, in_, instance_of

from wargames.core.watched import read

__all__ = [
    "DECOY",
    "FLYING_TYPES",
    "MOVEMENT_TYPES",
    "WEAPONS",
    "Platoon",
    "UnitTable",
    "UnitType",
]

MOVEMENT_TYPES: Final = ("tracked", "wheeled", "hover", "agrav", "rotary", "foot")
FLYING_TYPES: Final = frozenset({"rotary"})
WEAPONS: Final = ("gun", "artillery", "gp_missile", "none")
DECOY: Final = "DECOY"
"""The kind of a blank counter (section IV): it cannot move and is removed once scouted."""

TURNS: Final = {"tracked": 2, "wheeled": 2, "hover": 3, "agrav": 1, "rotary": 4, "foot": 3}
"""Hex faces a unit may turn per turn (section VI-d); wheeled vehicles 3 on roads."""

AMPHIBIOUS: Final = ("", "water", "river")
"""Where a unit swims: nowhere, in every water an amphibious unit may enter (III), or only
in river hexes (II: the bridging tank)."""

_DATA = Path(__file__).parent / "data" / "units.toml"


def _amphibious(value: bool | str) -> str:
    """``true`` in a table means amphibious in every water it may enter, ``false`` never."""
    if isinstance(value, bool):
        return "water" if value else ""
    return value


@frozen(cache_hash=True)
class UnitType:
    """One row of the table.  ``weapon`` is the main weapon; ``at_missiles`` and ``laser``
    are extra weapons; ``shots`` limits the main weapon (GP missiles)."""

    symbol: str
    unit: str
    type: str = field(validator=in_(MOVEMENT_TYPES))
    move: int = field(validator=ge(1))
    tough: int = field(validator=instance_of(int))
    weapon: str = field(default="none", validator=in_(WEAPONS))
    range: int = field(default=0, validator=ge(0))
    damage: int = field(default=0, validator=ge(0))
    shots: int = field(default=0, validator=ge(0))
    at_missiles: int = field(default=0, validator=ge(0))
    at_any_direction: bool = False
    laser: bool = False
    capacity: int = field(default=0, validator=ge(0))
    scouting: int = 0
    amphibious: str = field(default="", converter=_amphibious, validator=in_(AMPHIBIOUS))
    fly: int = field(default=0, validator=ge(0))
    special: str = field(default="", validator=in_(("", "repair", "bridge", "prepare", "reload")))
    no_move_and_fire: bool = False
    fixed_forward: bool = False

    # What a move's rules ask of a type (VI): each only what the rule needs, so that a
    # sampled past's concealed counter answers a step alike for every type the rule treats
    # alike (a replay's watch keeps the question, not the type: docs/sabot.md, "Kept
    # replays").

    def allows(self, half_units: int, flying: bool = False) -> bool:
        """Whether its allowance in half move units (its Move, or its Fly for a jump-troop
        flight) is at least ``half_units`` (VI-a)."""
        return 2 * (self.fly if flying else self.move) >= half_units

    def left_after(self, half_units: int, flying: bool = False) -> int:
        """Half move units its allowance leaves after ``half_units`` (a move's stop keeps
        them, II: the Engineering Tank's half move).  The answer is written into the
        counter's move left and used nowhere else, so a sampled past's army that answers
        a stop otherwise only here takes it as its move left without running the stop
        (:mod:`wargames.sabot.determinize.runthrough`)."""
        return 2 * (self.fly if flying else self.move) - half_units

    def moves_as(self, movement: str) -> bool:
        """Whether its movement type is ``movement`` (III)."""
        return self.type == movement

    def moves_in(self, movements: Collection[str]) -> bool:
        """Whether its movement type is one of ``movements`` (a terrain's, III)."""
        return self.type in movements

    def turns_beyond(self, faces: int) -> bool:
        """Whether it may turn more than ``faces`` faces in a move off roads (VI-d)."""
        return self.turns > faces

    def swims(self, river: bool) -> bool:
        """Whether it may enter as an amphibious unit a river hex (``river``) or other water
        that admits amphibious units (III; II: the bridging tank only rivers)."""
        return self.amphibious == "water" or (river and self.amphibious == "river")

    @property
    def soldier(self) -> bool:
        """Foot soldiers (section II)."""
        return self.type == "foot"

    @property
    def vehicle(self) -> bool:
        """Everything that is not a soldier."""
        return self.type != "foot"

    @property
    def flying(self) -> bool:
        """Rotary-wing units always fly (section VI-f); jump troops only when they say so."""
        return self.type in FLYING_TYPES

    @property
    def turns(self) -> int:
        """Hex faces per turn off roads (section VI-d)."""
        return TURNS[self.type]

    @property
    def limited_shots(self) -> int:
        """The number on its shots marker (section IV): GP missiles or AT missiles."""
        return self.shots + self.at_missiles


@frozen
class Platoon:
    """What one purchase buys (section II): ``units`` for ``cost`` build points."""

    name: str
    cost: int = field(validator=ge(1))
    units: tuple[str, ...] = field(converter=tuple)


@frozen
class UnitTable:
    """The unit types by symbol, the AT missile's numbers and the platoons for sale."""

    types: Mapping[str, UnitType]
    platoons: Mapping[str, Platoon]
    at_damage: int
    at_range: int

    def __getitem__(self, symbol: str) -> UnitType:
        if type(symbol) is str:
            return self.types[symbol]
        return read(symbol, self.types.__getitem__)  # a watched symbol asks the fields read

    @classmethod
    def load(cls, path: Path | str = _DATA) -> UnitTable:
        """Read a table in the shape of ``data/units.toml``.

        :raises ValueError: for an unknown field, a bad value or a platoon of unknown units.
        """
        with Path(path).open("rb") as handle:
            data = tomllib.load(handle)
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> UnitTable:
        """The table from parsed TOML (see :meth:`load`)."""
        try:
            types = {s: UnitType(symbol=s, **row) for s, row in data["units"].items()}
            platoons = {
                name: Platoon(name, row["cost"], row.get("units", [name] * 4))
                for name, row in data["platoons"].items()
            }
            at = data["at_missile"]
        except (KeyError, TypeError) as error:
            raise ValueError(f"bad SABOT unit table: {error}") from error
        if DECOY in types:
            raise ValueError(f"{DECOY} is reserved for decoy counters")
        for platoon in platoons.values():
            unknown = sorted(set(platoon.units) - set(types))
            if unknown:
                raise ValueError(f"platoon {platoon.name} has unknown units {unknown}")
        return cls(types, platoons, int(at["damage"]), int(at["range"]))


DEFAULT_TABLE: Final = UnitTable.load()
"""The library's default table (``data/units.toml``)."""
