"""Typed, bounded options: each helper refuses what it must, naming option, value and rule."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest
from attrs import frozen

from wargames.core.errors import UnknownOption
from wargames.core.options import (
    ChoiceBounds,
    CustomBounds,
    FlagBounds,
    NumberBounds,
    TableBounds,
    TextBounds,
    allowed,
    bounds,
    choice,
    custom,
    flag,
    number,
    table,
    text,
)


def _parse(source: str) -> dict[str, Any]:
    data = tomllib.loads(source)
    if "units" not in data:
        raise ValueError("a table needs [units]")
    return data


@frozen
class Options:
    players: int = number(2, low=2, high=8)
    limit: int | None = number(None, low=1, high=100, optional=True)
    fog: bool = flag(False)
    map: str = choice("arena", ("arena", "ruins"))
    title: str = text("", what="a title", max_length=20)
    units: str = table("basic", builtins=("basic",), parse=_parse, what="unit table")


def _even(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value % 2:
        raise UnknownOption(f"{attribute.name} must be even")


@frozen
class Declared:
    """Every helper, and a field declared without them."""

    players: int = number(2, low=2, high=8)
    limit: int | None = number(None, low=1, high=100, optional=True)
    fog: bool = flag(False)
    map: str | None = choice("arena", ("arena", "ruins"), optional=True)
    army: str = text("duel", what="an army", max_length=20, examples=("duel", "lone"))
    units: str = table("basic", builtins=("basic", "big"), parse=_parse, what="unit table")
    size: int = custom(2, validator=_even, what="an even size", examples=(0, 2, 100))
    plain: int = attrs.field(default=3)


def build(**values: Any) -> Options:
    """Options from values of any type, as ``load(name, **options)`` passes them."""
    return Options(**values)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("players", 1, "players=1 is not allowed: expected a whole number from 2 to 8"),
        ("players", 9, "from 2 to 8"),
        ("players", True, "players=True"),
        ("players", 2.0, "players=2.0"),
        ("players", "3", "players='3'"),
        ("players", None, "players=None"),
        ("players", 10**30, "from 2 to 8"),
        ("limit", 0, "from 1 to 100, or null"),
        ("fog", 1, "fog=1 is not allowed: expected true or false"),
        ("fog", "yes", "true or false"),
        ("map", "moon", "expected one of 'arena', 'ruins'"),
        ("map", None, "one of"),
        ("title", "x" * 21, "a title (at most 20 characters)"),
        ("title", 5, "a title"),
        ("units", "/etc/passwd", "units='/etc/passwd' is not allowed"),
        ("units", "[other]\na = 1", "as TOML: a table needs [units]"),
        ("units", {"units": {}}, "units={'units': {}}"),
    ],
)
def test_a_bad_value_is_refused_naming_option_value_and_rule(
    name: str, value: object, message: str
) -> None:
    with pytest.raises(UnknownOption, match=re.escape(message)):
        build(**{name: value})


def test_good_values_are_kept() -> None:
    options = Options(players=8, limit=None, fog=True, map="ruins", title="t", units="[units]")
    assert (options.players, options.limit, options.fog, options.map) == (8, None, True, "ruins")
    assert options.units == "[units]"  # a table as TOML text, as a document carries it


def test_a_path_from_the_callers_code_is_read_into_text(tmp_path: Path) -> None:
    path = tmp_path / "units.toml"
    path.write_text("[units]\nscout = 1\n")
    assert build(units=path).units == "[units]\nscout = 1\n"
    missing = tmp_path / "missing.toml"
    with pytest.raises(UnknownOption, match="cannot read"):
        build(units=missing)
    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"#" * 1_000_001)
    with pytest.raises(UnknownOption, match="bigger than"):
        build(units=huge)


def test_text_is_never_opened_as_a_path(tmp_path: Path) -> None:
    path = tmp_path / "units.toml"
    path.write_text("[units]\n")
    with pytest.raises(UnknownOption, match="expected a built-in unit table"):
        Options(units=str(path))  # what a JSON document could hold: not read


def test_each_option_says_what_it_allows() -> None:
    fields = attrs.fields_dict(Options)
    assert allowed(fields["players"]) == "a whole number from 2 to 8"
    assert allowed(fields["limit"]) == "a whole number from 1 to 100, or null"
    assert allowed(fields["fog"]) == "true or false"
    assert allowed(fields["map"]) == "one of 'arena', 'ruins'"


def test_each_option_keeps_its_bounds_as_data() -> None:
    fields = attrs.fields_dict(Declared)
    assert bounds(fields["players"]) == NumberBounds(2, 8)
    assert bounds(fields["limit"]) == NumberBounds(1, 100, optional=True)
    assert bounds(fields["fog"]) == FlagBounds()
    assert bounds(fields["map"]) == ChoiceBounds(("arena", "ruins"), optional=True)
    assert bounds(fields["army"]) == TextBounds(20, examples=("duel", "lone"))
    assert bounds(fields["units"]) == TableBounds(("basic", "big"))
    assert bounds(fields["size"]) == CustomBounds((0, 2, 100))
    assert bounds(fields["plain"]) is None, "a field declared without the helpers says nothing"


def test_a_custom_option_is_checked_by_the_games_own_code_and_says_what_it_takes() -> None:
    assert Declared(size=100).size == 100
    with pytest.raises(UnknownOption, match="size must be even"):
        Declared(size=3)
    assert allowed(attrs.fields_dict(Declared)["size"]) == "an even size"
