"""The rule text's tables as data: weapons, armour, sizes, quality, movement and terrain.

Everything is read from ``data/rules.toml`` (rule text sections "Troop Units", "Non-Troop
Units", "Sequence of Play", "Movement", "Weapon Types" and "Terrain"); values the text does
not give are marked there as library defaults.  :func:`load_tables` reads the built-in file or
one of your own.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from attrs import field, frozen
from attrs.validators import ge, instance_of

__all__ = ["TABLES", "Numbers", "Tables", "Terrain", "WeaponType", "load_tables", "read_toml"]

_non_negative = [instance_of(int), ge(0)]


@frozen
class WeaponType:
    """A weapon type of "Weapon Types": its dice against troop and non-troop targets (0: it
    cannot attack them), its range in squares, and its special rules."""

    name: str
    troop: int = field(validator=_non_negative)
    non_troop: int = field(validator=_non_negative)
    range: int = field(validator=_non_negative)
    close_combat: bool = False
    """An attack in close combat, not shooting (cover "against shooting" does not count)."""
    denies_cover: bool = False
    """"Target units cannot use take-cover option" (flamers)."""
    psychic: bool = False
    """The attacker chooses how many dice, up to ``troop``/``non_troop``; each 1 hits it."""
    fixed_range: bool = False
    """"All close combat and flamer weapons have a range of 1 square": no army list gives
    such a weapon another range (the other ranges are a rule of thumb)."""

    def dice(self, troop_target: bool) -> int:
        """The dice it rolls against a troop (``True``) or non-troop target."""
        return self.troop if troop_target else self.non_troop


@frozen
class Terrain:
    """A kind of terrain square ("Terrain")."""

    name: str
    symbol: str
    blocks_sight: bool
    cover: int = field(validator=_non_negative)
    """The cover value a troop unit taking cover uses instead of its armour; 0 for none."""
    cover_in_close_combat: bool
    restricts_movement: bool
    """Entering or leaving ends a move and limits it to one square."""
    observation: bool
    """Units here may re-roll activation dice and see over units."""

    def __attrs_post_init__(self) -> None:
        if len(self.symbol) != 1 or self.symbol.isspace():
            raise ValueError(f"terrain {self.name!r} needs a one-character symbol")

    def covers(self, close_combat: bool) -> bool:
        """Whether a unit here may take cover against an attack of this kind."""
        return self.cover > 0 and (self.cover_in_close_combat or not close_combat)


@frozen
class Numbers:
    """The single numbers of the text (``[numbers]``)."""

    non_troop_armour: int
    led_dice: int
    commanded_dice: int
    intense_dice: int
    psychic_max_dice: int
    flyer_range_penalty: int
    max_attacks_non_troop: int
    max_range: int = 3
    """"Weapon ranges can vary from 1 square to 3 squares" (a weapon's own range, before a
    flyer's penalty)."""


def _table(value: Mapping[str, int]) -> dict[str, int]:
    table = dict(value)
    for key, number in table.items():
        if not isinstance(number, int) or number < 0:
            raise ValueError(f"{key} must be a whole number >= 0, got {number!r}")
    return table


@frozen(eq=False)
class Tables:
    """Every table of the rules, by name."""

    armour: dict[str, int] = field(converter=_table)
    sizes: dict[str, int] = field(converter=_table)
    quality: dict[str, int] = field(converter=_table)
    movement: dict[str, int] = field(converter=_table)
    numbers: Numbers
    weapons: dict[str, WeaponType]
    terrain: dict[str, Terrain]

    def __attrs_post_init__(self) -> None:
        if "open" not in self.terrain:
            raise ValueError("the terrain table needs an 'open' terrain")
        if "flyer" not in self.movement:
            raise ValueError("the movement table needs a 'flyer' movement")
        symbols = [t.symbol for t in self.terrain.values()]
        if len(set(symbols)) != len(symbols):
            raise ValueError("two terrains share a symbol")


def read_toml(source: str | Path | None, default: str) -> dict[str, Any]:
    """A TOML file: ``source``, or the built-in ``data/<default>``."""
    if source is None:
        text = files("wargames.gridscifi").joinpath("data", default).read_text("utf-8")
    else:
        text = Path(source).read_text("utf-8")
    return tomllib.loads(text)


def load_tables(source: str | Path | None = None) -> Tables:
    """The rules' tables from a TOML file shaped like the built-in ``data/rules.toml``.

    :raises ValueError: for a missing or malformed table.
    """
    data = read_toml(source, "rules.toml")
    try:
        return Tables(
            armour=data["armour"],
            sizes=data["sizes"],
            quality=data["quality"],
            movement=data["movement"],
            numbers=Numbers(**data["numbers"]),
            weapons={name: WeaponType(name, **spec) for name, spec in data["weapons"].items()},
            terrain={name: Terrain(name, **spec) for name, spec in data["terrain"].items()},
        )
    except (KeyError, TypeError) as error:
        raise ValueError(f"malformed rules table: {error!r}") from error


TABLES: Final[Tables] = load_tables()
"""The library's tables (``data/rules.toml``), read once."""
