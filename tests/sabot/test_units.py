"""II. The Vehicles & Soldiers Table as data: the numbers the text gives, platoons, and a
table of the user's own."""

from pathlib import Path

import pytest

import wargames.sabot.units
from wargames.core.errors import UnknownOption
from wargames.core.replay import Replay
from wargames.core.serialize import dumps, loads
from wargames.sabot import DEFAULT_TABLE, Sabot
from wargames.sabot.army import buy


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


def test_platoons_are_bought_whole_within_the_build_points() -> None:
    """II: units come in whole platoons, bought with build points (MBT 60 + SOLDIERS 30)."""
    bought = buy(DEFAULT_TABLE, ["MBT", "SOLDIERS"], 90)
    assert bought == ("MBT", "MBT", "MBT", "MBT", "INF", "INF", "HVY", "ABN")
    with pytest.raises(ValueError, match="cost 90 build points, more than 89"):
        buy(DEFAULT_TABLE, ["MBT", "SOLDIERS"], 89)


def test_a_user_loads_their_own_table(tmp_path: Path) -> None:
    own = tmp_path / "units.toml"
    default = Path(wargames.sabot.units.__file__).parent / "data" / "units.toml"
    own.write_text(default.read_text().replace("tough = 6", "tough = 9", 1))
    game = Sabot(units=own)
    assert game.table["HVT"].tough == 9
    assert game.start(1).units  # it plays
    assert game.options.units == own.read_text(), "the options keep the table, not the path"
    assert Sabot(units=own.read_text()).table == game.table, "a table travels as its text"
    broken = tmp_path / "broken.toml"
    broken.write_text("[units.MBT]\nunit = 'x'\n")
    with pytest.raises(UnknownOption, match="unit table"):
        Sabot(units=broken)


def test_a_document_never_makes_the_game_open_a_file(tmp_path: Path) -> None:
    """Text is never taken for a path: only a pathlib.Path from the caller's code is read."""
    own = tmp_path / "units.toml"
    own.write_text((Path(wargames.sabot.units.__file__).parent / "data" / "units.toml").read_text())
    for text in (str(own), "/dev/zero", "/etc/passwd"):
        with pytest.raises(UnknownOption, match="option units="):
            Sabot(units=text)
    game = Sabot(units=own, build_points=60)
    document = dumps(game, Replay.record(game, 1, []))
    own.unlink()
    replay = loads(document)
    assert isinstance(replay, Replay)
    loaded = replay.load_game()
    assert isinstance(loaded, Sabot)
    assert loaded.table == game.table, "the replay carries the table itself"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"map": "open:100000x100000"}, "option map="),
        ({"map": 0}, "option map=0 is not allowed"),
        ({"decoys": 10**9}, "option decoys="),
        ({"build_points": "200"}, "option build_points='200' is not allowed"),
        ({"max_turns": 0}, "option max_turns=0"),
    ],
)
def test_options_are_typed_and_bounded(options: dict[str, object], message: str) -> None:
    with pytest.raises(UnknownOption, match=message):
        Sabot(**options)
