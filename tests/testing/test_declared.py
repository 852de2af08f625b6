"""The options strategies: drawn from each option's declared bounds, edges reached, arguments
checked when the strategy is built, refused combinations skipped by ``options``."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from attrs import frozen
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st

import wargames
from wargames.core.errors import UnknownGame, UnknownOption
from wargames.core.game import Game
from wargames.core.options import (
    ChoiceBounds,
    CustomBounds,
    FlagBounds,
    NumberBounds,
    TableBounds,
    TextBounds,
    bounds,
    number,
)
from wargames.core.registry import games, variants
from wargames.sabot import Sabot
from wargames.sabotage.rules import SabotageOptions
from wargames.sabotage.variants import MiniSabotage
from wargames.testing import option_values, options

GAMES = wargames.available()
_FIND: Any = settings(max_examples=2_000, database=None, phases=[Phase.generate])


def _classes(name: str) -> list[type[Game[Any, Any]]]:
    cls = games()[name]
    return list(variants(cls).values()) or [cls]


def _within(attribute: attrs.Attribute[Any], value: Any) -> bool:
    """Whether ``value`` lies within what ``attribute`` declares."""
    declared = bounds(attribute)
    if value is None and getattr(declared, "optional", False):
        return True
    if isinstance(declared, NumberBounds):
        return isinstance(value, int) and declared.low <= value <= declared.high
    if isinstance(declared, FlagBounds):
        return isinstance(value, bool)
    if isinstance(declared, ChoiceBounds):
        return value in declared.choices
    if isinstance(declared, TextBounds):
        return isinstance(value, str) and len(value) <= declared.max_length
    if isinstance(declared, TableBounds):
        return value in declared.builtins
    if isinstance(declared, CustomBounds):
        return any(bool(value == known) for known in (attribute.default, *declared.examples))
    return bool(value == attribute.default)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_every_drawn_value_lies_within_its_declared_bounds(name: str, data: st.DataObject) -> None:
    values = data.draw(option_values(name))
    cls = variants(games()[name]).get(values.pop("variant", None)) or games()[name]
    fields = attrs.fields_dict(cls.Options)
    assert set(values) == set(fields), "every declared option is drawn"
    for key, value in values.items():
        assert _within(fields[key], value), f"{key}={value!r} is outside its bounds"


def _edges(attribute: attrs.Attribute[Any]) -> list[Any]:
    declared = bounds(attribute)
    none = [None] if getattr(declared, "optional", False) else []
    if isinstance(declared, NumberBounds):
        return [declared.low, declared.high, *none]
    if isinstance(declared, FlagBounds):
        return [False, True]
    if isinstance(declared, ChoiceBounds):
        return [*declared.choices, *none]
    if isinstance(declared, TextBounds):
        return [*declared.examples, *none]
    if isinstance(declared, TableBounds):
        return list(declared.builtins)
    if isinstance(declared, CustomBounds):
        return list(declared.examples)
    return []


EDGES = [
    (cls, attribute.name, edge)
    for name in GAMES
    for cls in _classes(name)[:1]
    for attribute in attrs.fields(cls.Options)
    for edge in _edges(attribute)
]


@pytest.mark.parametrize(("cls", "option", "edge"), EDGES, ids=repr)
def test_every_edge_is_drawn(cls: type[Game[Any, Any]], option: str, edge: Any) -> None:
    """Each low and high, each choice, each example, ``None`` of an optional option."""
    found = find(option_values(cls), lambda values: values[option] == edge, settings=_FIND)
    assert found[option] == edge


@pytest.mark.parametrize("name", ["sabotage", "sabatu"])
def test_a_named_game_draws_each_of_its_variants(name: str) -> None:
    for code in variants(games()[name]):

        def chosen(values: dict[str, Any], code: str = code) -> bool:
            return bool(values["variant"] == code)

        found = find(option_values(name), chosen, settings=_FIND)
        assert wargames.load(name, **found).variant == code


@settings(max_examples=10)
@given(st.data())
def test_fixed_values_and_strategies_are_kept(data: st.DataObject) -> None:
    game = data.draw(options("sabot", build_points=60, decoys=st.sampled_from([0, 1])))
    assert isinstance(game, Sabot)
    assert game.options.build_points == 60
    assert game.options.decoys in (0, 1)
    mini = data.draw(options("sabotage", variant="sm"))  # in any case, as load reads it
    assert type(mini) is MiniSabotage


@frozen
class EvenOptions(SabotageOptions):
    size: int = number(2, low=1, high=9)


class EvenMini(MiniSabotage):
    """Declares a size from 1 to 9 but refuses an odd one when loaded."""

    Options = EvenOptions

    def __init__(self, **values: Any) -> None:
        super().__init__(**values)
        if self.options.size % 2:
            raise UnknownOption("size must be even")


@settings(max_examples=10)
@given(st.data())
def test_options_skips_what_the_game_refuses_and_option_values_does_not(
    data: st.DataObject,
) -> None:
    game = data.draw(options(EvenMini))
    assert game.options.size % 2 == 0
    drawn = data.draw(option_values(EvenMini))
    assert 1 <= drawn["size"] <= 9


def test_option_values_draws_an_odd_size_the_game_refuses() -> None:
    found = find(option_values(EvenMini), lambda values: values["size"] % 2 == 1, settings=_FIND)
    with pytest.raises(UnknownOption, match="size must be even"):
        EvenMini(**found)


@pytest.mark.parametrize(
    ("game", "fixed", "error", "message"),
    [
        ("no such game", {}, UnknownGame, "no game named 'no such game'"),
        (Sabot(), {}, TypeError, "expected a wargames Game class or a registered game's name"),
        (int, {}, TypeError, "expected a wargames Game class"),
        ("sabot", {"colour": "red"}, UnknownOption, "no option colour; the options are"),
        ("sabot", {"build_points": -1}, UnknownOption, "option build_points=-1 is not allowed"),
        ("sabot", {"map": "open:3x1"}, UnknownOption, "needs at least 2 rows"),
        ("sabotage", {"variant": "XX"}, UnknownOption, "no variant 'XX'"),
        (Sabot, {"variant": "SM"}, UnknownOption, "no option variant"),
    ],
)
def test_bad_arguments_are_refused_when_the_strategy_is_built(
    game: Any, fixed: dict[str, Any], error: type[Exception], message: str
) -> None:
    for strategy in (option_values, options):
        with pytest.raises(error, match=message):
            strategy(game, **fixed)
