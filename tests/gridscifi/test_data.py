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


def test_a_broken_rules_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text("[armour]\nlight = 2\n", encoding="utf-8")
    with pytest.raises(ValueError, match="malformed rules table"):
        load_tables(path)
