"""Unit profiles and army lists (rule text: "Units", "Leaders", "Heroes and Henchmen",
"Troop Units", "Non-Troop Units", "Movement", "Weapon Types", "Transport").

A :class:`Profile` is what an army list says about a unit; the changing part (where it is,
its casualties, its tokens) lives in :class:`wargames.gridscifi.state.Unit`.  Armies are TOML
data (``data/armies.toml``), read by :func:`load_armies`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from attrs import field, frozen

from wargames.gridscifi.tables import Tables, WeaponType, read_toml

__all__ = ["Army", "Profile", "Weapon", "armies_from_data", "load_armies", "profile_from_data"]

MODELS = range(3, 6)
"""A troop unit's models: "normally 3-5 figures" (and the author's ruling: its hits)."""

_WEAPON_NAME = re.compile(r"^[a-z][a-z0-9-]*$")


@frozen
class Weapon:
    """One weapon of a unit: its name (one word), type, range and whether it may fire
    indirectly ("Indirect Fire")."""

    name: str
    type: WeaponType
    range: int
    indirect: bool = False

    def __attrs_post_init__(self) -> None:
        if not _WEAPON_NAME.match(self.name):
            raise ValueError(f"weapon name {self.name!r} must be one lower-case word")
        if self.range < 1:
            raise ValueError(f"weapon {self.name!r} needs a range of at least 1 square")

    def dice(self, troop_target: bool) -> int:
        """Dice against a troop or non-troop target (for psychic weapons, the most)."""
        return self.type.dice(troop_target)


def _weapons(value: Any) -> tuple[Weapon, ...]:
    return tuple(value)


@frozen
class Profile:
    """What an army list says about a unit.

    ``strength`` is a troop unit's models ("Remove models from troop units") or the hits a
    non-troop unit takes before it is eliminated; ``armour`` the factor subtracted from the
    highest attacking die.
    """

    name: str
    troop: bool
    strength: int
    armour: int
    grade: str
    """The armour class (troops) or size (non-troops), for display."""
    quality: str
    hero: bool
    leader: bool
    move: str
    allowance: int
    """Squares per move: normal 1, swift 2, fast 3, flyer 4."""
    ignores_terrain: bool
    weapons: tuple[Weapon, ...] = field(converter=_weapons)
    capacity: int = 0
    """How many troop units it transports ("Transport")."""
    scout: bool = False
    deep_strike: bool = False

    def __attrs_post_init__(self) -> None:
        names = [w.name for w in self.weapons]
        if not names:
            raise ValueError(f"unit {self.name!r} needs at least one weapon")
        if len(set(names)) != len(names):
            raise ValueError(f"unit {self.name!r} has two weapons of the same name")
        if self.troop and self.strength not in MODELS:
            raise ValueError(f"troop unit {self.name!r} needs 3 to 5 models, not {self.strength}")
        if not self.troop and self.strength < 1:
            raise ValueError(f"non-troop unit {self.name!r} needs a size")
        if self.capacity and self.troop:
            raise ValueError(f"only non-troop units transport others ({self.name!r})")

    @property
    def flyer(self) -> bool:
        """A flyer ("Flyers"): shares squares with ground units, ignores terrain."""
        return self.move == "flyer"

    @property
    def steady(self) -> bool:
        """Troop units "commanded by a hero or leader" (or a henchman) ignore morale."""
        return self.hero or self.leader

    def weapon(self, name: str) -> Weapon | None:
        """The weapon called ``name``, if the unit has one."""
        for weapon in self.weapons:
            if weapon.name == name:
                return weapon
        return None


@frozen
class Army:
    """An army list: its profiles by name, and its units (profile names, one per unit)."""

    name: str
    title: str
    profiles: Mapping[str, Profile] = field(eq=False)
    roster: tuple[str, ...]

    def __attrs_post_init__(self) -> None:
        if not self.roster:
            raise ValueError(f"army {self.name!r} has no units")
        unknown = set(self.roster) - set(self.profiles)
        if unknown:
            raise ValueError(f"army {self.name!r} lists unknown units {sorted(unknown)}")


_KEYS = {
    "name",
    "count",
    "kind",
    "models",
    "armour",
    "size",
    "quality",
    "hero",
    "henchman",
    "leader",
    "move",
    "ignores_terrain",
    "scout",
    "deep_strike",
    "transport",
    "weapons",
}


def _weapon(tables: Tables, spec: Mapping[str, Any]) -> Weapon:
    kind = tables.weapons.get(spec.get("type", ""))
    if kind is None:
        raise ValueError(f"unknown weapon type {spec.get('type')!r}; see data/rules.toml")
    reach = int(spec.get("range", kind.range))
    if kind.fixed_range and reach != kind.range:
        raise ValueError(
            f"weapon {spec.get('name')!r}: all {kind.name} weapons have a range of {kind.range}"
        )
    if not 1 <= reach <= tables.numbers.max_range:
        most = tables.numbers.max_range
        raise ValueError(f"weapon {spec.get('name')!r}: ranges vary from 1 to {most} squares")
    return Weapon(str(spec["name"]), kind, reach, bool(spec.get("indirect")))


def profile_from_data(tables: Tables, spec: Mapping[str, Any]) -> Profile:
    """A profile from one ``[[armies.NAME.units]]`` table.

    :raises ValueError: for unknown keys, classes or weapon types, or impossible values.
    """
    unknown = set(spec) - _KEYS
    if unknown:
        raise ValueError(f"unit {spec.get('name')!r}: unknown keys {sorted(unknown)}")
    name = str(spec["name"])
    troop = {"troop": True, "non_troop": False}.get(spec.get("kind", ""))
    if troop is None:
        raise ValueError(f"unit {name!r}: kind must be 'troop' or 'non_troop'")
    move = spec.get("move", "normal")
    quality = spec.get("quality", "medium")
    grade = spec.get("armour" if troop else "size", "")
    table = tables.armour if troop else tables.sizes
    for key, value, known in (
        ("move", move, tables.movement),
        ("quality", quality, tables.quality),
        ("armour" if troop else "size", grade, table),
    ):
        if value not in known:
            raise ValueError(f"unit {name!r}: {key} must be one of {sorted(known)}")
    return Profile(
        name=name,
        troop=troop,
        strength=int(spec.get("models", 0)) if troop else tables.sizes[grade],
        armour=tables.armour[grade] if troop else tables.numbers.non_troop_armour,
        grade=grade,
        quality=quality,
        hero=bool(spec.get("hero") or spec.get("henchman")),
        leader=bool(spec.get("leader")),
        move=move,
        allowance=tables.movement[move],
        ignores_terrain=bool(spec.get("ignores_terrain")) or move == "flyer",
        weapons=[_weapon(tables, w) for w in spec.get("weapons", ())],
        capacity=int(spec.get("transport", 0)),
        scout=bool(spec.get("scout")),
        deep_strike=bool(spec.get("deep_strike")) or move == "flyer",
    )


def load_armies(tables: Tables, source: str | Path | None = None) -> dict[str, Army]:
    """The armies of a TOML file shaped like the built-in ``data/armies.toml``, by name.

    :raises ValueError: for a malformed army.
    """
    return armies_from_data(tables, read_toml(source, "armies.toml").get("armies", {}))


def armies_from_data(tables: Tables, data: Mapping[str, Any]) -> dict[str, Army]:
    """Armies from the ``[armies]`` table of a TOML document."""
    armies = {}
    for army_name, army in data.items():
        profiles: dict[str, Profile] = {}
        roster: list[str] = []
        for spec in army.get("units", ()):
            profile = profile_from_data(tables, spec)
            if profile.name in profiles:
                raise ValueError(f"army {army_name!r} lists {profile.name!r} twice; use count")
            profiles[profile.name] = profile
            roster += [profile.name] * int(spec.get("count", 1))
        armies[army_name] = Army(
            army_name, str(army.get("title", army_name)), profiles, tuple(roster)
        )
    return armies
