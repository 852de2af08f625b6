"""II. The Vehicles & Soldiers Table as data: the numbers the text gives, platoons, and a
table of the user's own."""

from pathlib import Path

import pytest

import wargames.sabot.units
from wargames.core.errors import UnknownOption
from wargames.sabot import DEFAULT_TABLE, Sabot


def test_the_numbers_the_text_gives() -> None:
    table = DEFAULT_TABLE
    assert (table.at_damage, table["HVT"].tough, table["MSL"].shots) == (4, 6, 4)
    assert (table["RSC"].at_missiles, table["HVY"].at_missiles, table["ICV"].at_missiles) == (
        2,
        4,
        1,
    )
    assert (table["ICV"].capacity, table["HPC"].capacity) == (1, 2)
    assert {s for s, k in table.types.items() if k.scouting == 1} == {"WSC", "HLT", "RSC"}
    assert min(k.move for k in table.types.values() if k.vehicle) == table["HVT"].move
    assert max(k.move for k in table.types.values()) == table["RSC"].move
    soldiers = table.platoons["SOLDIERS"].units
    assert sorted(soldiers) == ["ABN", "HVY", "INF", "INF"]
    assert sorted(table.platoons["SPECIAL"].units) == ["BRV", "ENV", "MLV", "RRV"]
    assert table.platoons["MBT"].units == ("MBT",) * 4


def test_a_user_loads_their_own_table(tmp_path: Path) -> None:
    own = tmp_path / "units.toml"
    default = Path(wargames.sabot.units.__file__).parent / "data" / "units.toml"
    own.write_text(default.read_text().replace("tough = 6", "tough = 9", 1))
    game = Sabot(units=str(own))
    assert game.table["HVT"].tough == 9
    assert game.start(1).units  # it plays
    broken = tmp_path / "broken.toml"
    broken.write_text("[units.MBT]\nunit = 'x'\n")
    with pytest.raises(UnknownOption, match="unit table"):
        Sabot(units=str(broken))
