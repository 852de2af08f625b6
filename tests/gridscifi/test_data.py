"""The tables and army lists are data, validated when read."""

from pathlib import Path
from typing import Any

import pytest

from wargames.gridscifi.rules import ARMIES
from wargames.gridscifi.tables import TABLES, load_tables
from wargames.gridscifi.units import armies_from_data, profile_from_data

SQUAD: dict[str, Any] = {
    "name": "Squad",
    "kind": "troop",
    "models": 5,
    "armour": "full",
    "weapons": [{"name": "rifles", "type": "assault"}],
}


def test_a_profile_from_data() -> None:
    profile = profile_from_data(TABLES, SQUAD)
    assert (profile.troop, profile.strength, profile.armour, profile.allowance) == (
        True,
        5,
        3,
        1,
    )
    assert profile.quality == "medium", "library default quality"
    tank = profile_from_data(
        TABLES, {"name": "Tank", "kind": "non_troop", "size": "heavy", "weapons": SQUAD["weapons"]}
    )
    assert (tank.strength, tank.armour) == (3, 5)


def test_a_henchman_counts_as_a_hero() -> None:
    """ "A hero or henchman in a unit elevates that unit to be elite" (Heroes and Henchmen)."""
    assert not profile_from_data(TABLES, SQUAD).hero
    for tag in ("hero", "henchman"):
        elevated = profile_from_data(TABLES, {**SQUAD, tag: True})
        assert elevated.hero, tag
        assert elevated.steady, tag


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"models": 6}, "3 to 5 models"),
        ({"models": 2}, "3 to 5 models"),
        ({"kind": "robot"}, "kind must be"),
        ({"armour": "paper"}, "armour must be one of"),
        ({"move": "teleport"}, "move must be one of"),
        ({"weapons": [{"name": "ray", "type": "death-ray"}]}, "unknown weapon type"),
        ({"weapons": [{"name": "Big Gun", "type": "assault"}]}, "one lower-case word"),
        ({"weapons": []}, "at least one weapon"),
        ({"weapons": [{"name": "gun", "type": "assault", "range": 4}]}, "1 to 3 squares"),
        ({"weapons": [{"name": "gun", "type": "assault", "range": 0}]}, "1 to 3 squares"),
        ({"weapons": [{"name": "claws", "type": "close_combat", "range": 2}]}, "range of 1"),
        ({"weapons": [{"name": "acid", "type": "flamer", "range": 2}]}, "range of 1"),
        ({"transport": 1}, "only non-troop units transport"),
        ({"colour": "red"}, "unknown keys"),
        (
            {"weapons": [{"name": "a", "type": "assault"}, {"name": "a", "type": "flamer"}]},
            "two weapons of the same name",
        ),
    ],
)
def test_bad_profiles_are_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        profile_from_data(TABLES, {**SQUAD, **change})


def test_armies_list_units_by_count() -> None:
    armies = armies_from_data(TABLES, {"band": {"units": [{**SQUAD, "count": 3}]}})
    assert armies["band"].roster == ("Squad", "Squad", "Squad")
    with pytest.raises(ValueError, match="twice"):
        armies_from_data(TABLES, {"band": {"units": [SQUAD, SQUAD]}})
    with pytest.raises(ValueError, match="has no units"):
        armies_from_data(TABLES, {"band": {"units": []}})


def test_the_example_armies_use_generic_names() -> None:
    names = {name for army in ARMIES.values() for name in army.profiles}
    assert not names & {"Space Marines", "Orks", "Tyranids", "Necrons", "Tau", "Imperial Guard"}
    assert sorted(ARMIES) == ["legion", "swarm"]
    for army in ARMIES.values():
        assert 8 <= len(army.roster) <= 12, "typically 8 to 12 units"


TEXT_LISTS: dict[str, tuple[str, ...]] = {
    "close_combat": ("pistols", "claws", "talons"),
    "flamer": ("toxic", "acid"),
    "power": ("laser", "plasma", "melta", "powerfist"),
    "blast": ("missile launchers", "grenades"),
    "large_blast": ("basilisk",),
    "assault": ("boltgun", "laser rifle", "assault gun"),
    "support": ("heavy bolter", "assault cannon"),
}
"""The examples each weapon type of "Weapon Types" gives, in the text's words: "Close Combat
Weapons (pistols, claws, talons, etc)", "Flamers (including toxic and acid weapons)", "Power
Weapons (e.g. Laser, Plasma, Melta, Powerfist weapons)", "Blast weapons (e.g. missile
launchers, grenades, etc)", "Large Blast weapons (eg basilisk)", "Assault weapons (eg boltgun,
laser rifle, assault gun, etc)", "Support weapons (eg heavy bolter, assault cannon)"."""


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") else word


def filed_by_text(name: str) -> str | None:
    """The weapon type whose examples name ``name`` (its words, singular, in order; the
    longest example wins: a laser rifle is an assault weapon, a laser a power weapon)."""
    words = tuple(_singular(w) for w in name.split("-"))
    found: list[tuple[int, str]] = []
    for kind, examples in TEXT_LISTS.items():
        for example in examples:
            phrase = tuple(_singular(w) for w in example.split())
            n = len(phrase)
            if any(words[i : i + n] == phrase for i in range(len(words) - n + 1)):
                found.append((n, kind))
    return max(found)[1] if found else None


FILED: dict[str, dict[str, str]] = {
    "legion": {
        "rifles": "assault",  # reading: a rifle, as the boltgun and laser rifle
        "blades": "close_combat",  # reading: the list's "etc"
        "grenades": "blast",
        "missile-launcher": "blast",
        "plasma-gun": "power",
        "heavy-gun": "support",  # reading: a heavy gun, as the heavy bolter
        "pistols": "close_combat",
        "long-rifles": "sniper",
        "mind-blast": "major_psychic",
        "staves": "close_combat",  # reading: the list's "etc"
        "cannon": "blast",  # reading: a tank's shell bursts, as a missile's
        "lascannon": "power",  # reading: a laser
        "rockets": "blast",  # reading: rockets, as missile launchers
        "autocannon": "support",  # reading: as the assault cannon
    },
    "swarm": {
        "talons": "close_combat",
        "spine-rifles": "assault",  # reading: a rifle, as the boltgun and laser rifle
        "claws": "close_combat",
        "acid-spray": "flamer",
        "mind-lash": "minor_psychic",
        "crushing-claws": "close_combat",
        "bio-cannon": "blast",  # reading: as the tank's cannon
        "spore-mortar": "large_blast",  # reading: artillery, as the basilisk
        "spines": "blast",  # reading: a burst of spines, as grenades
    },
}
"""Every weapon of the example armies and its type; where the name uses one of the text's
examples, the type is that example's (checked below), else the reading noted."""


@pytest.mark.parametrize("army", sorted(FILED))
def test_every_weapon_is_filed_by_the_texts_lists(army: str) -> None:
    """ "Close Combat Weapons (pistols, claws, talons, etc)" and the other lists of "Weapon
    Types" decide each example weapon's type; "All close combat and flamer weapons have a
    range of 1 square"."""
    filed = FILED[army]
    for name, kind in filed.items():
        assert filed_by_text(name) in (None, kind), name
    weapons = {w for profile in ARMIES[army].profiles.values() for w in profile.weapons}
    assert {w.name for w in weapons} == set(filed)
    for weapon in weapons:
        assert weapon.type.name == filed[weapon.name], weapon.name
        if weapon.type.name in ("close_combat", "flamer"):
            assert weapon.range == 1, weapon.name


def test_the_texts_lists_file_the_texts_own_examples() -> None:
    assert filed_by_text("pistols") == "close_combat"
    assert filed_by_text("crushing-claws") == "close_combat"
    assert filed_by_text("laser-rifle") == "assault"
    assert filed_by_text("laser") == "power"
    assert filed_by_text("heavy-bolter") == "support"
    assert filed_by_text("bolter") is None


def test_a_broken_rules_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text("[armour]\nlight = 2\n", encoding="utf-8")
    with pytest.raises(ValueError, match="malformed rules table"):
        load_tables(path)
