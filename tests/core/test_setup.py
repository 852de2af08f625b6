"""A game declares its set-up keywords (``Game.Setup``) as it declares its options: each with
a default, a line about it and words for its values; :meth:`Game.read_setup` checks them."""

import attrs
import pytest

import wargames
from wargames.core.errors import UnknownOption
from wargames.core.game import ArmySetup, NoOptions
from wargames.core.options import about, choice, offered, said
from wargames.core.registry import games

MINI = wargames.load("sabotage", "SM")


def test_the_games_that_set_up_armies_declare_deploy() -> None:
    declared = {name: cls.Setup for name, cls in games().items()}
    assert declared["sabotage"] is ArmySetup
    assert declared["gridscifi"] is ArmySetup
    assert declared["sabatu"] is NoOptions
    assert issubclass(declared["sabot"], ArmySetup)  # deploy, and armies
    assert [a.name for a in attrs.fields(declared["saw"])] == ["design", "hexes"]
    (deploy,) = attrs.fields(ArmySetup)
    assert deploy.default is True
    assert about(deploy).startswith("deal the armies at random (true)")
    assert offered(deploy) == (True, False)
    assert said(deploy) == {True: "deal the armies at random", False: "set up your own army"}


def test_a_choice_offers_its_default_first() -> None:
    @attrs.frozen
    class Plain:
        mode: str = choice("b", ("a", "b", "c"), optional=True)

    assert offered(attrs.fields(Plain).mode) == ("b", "a", "c", None)
    assert about(attrs.fields(Plain).mode) == ""


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"teleport": True}, "has no set-up option teleport; its set-up options are: deploy"),
        ({"design": "manual"}, "has no set-up option design"),  # SAW's keyword
        ({"deploy": "no"}, "option deploy='no' is not allowed: expected true or false"),
        ({"deploy": 0}, "option deploy=0 is not allowed: expected true or false"),
        ({"deploy": None}, "option deploy=None is not allowed"),
    ],
)
def test_a_bad_set_up_is_refused_by_start_and_read_setup(
    setup: dict[str, object], message: str
) -> None:
    given = dict(setup)
    with pytest.raises(UnknownOption, match=message):
        MINI.read_setup(setup)
    with pytest.raises(UnknownOption, match=message):
        MINI.start(1, **setup)
    assert setup == given  # the caller's mapping untouched


def test_read_setup_fills_the_defaults_and_refuses_a_non_mapping() -> None:
    assert MINI.read_setup({}) == ArmySetup(deploy=True)
    assert MINI.read_setup({"deploy": False}) == ArmySetup(deploy=False)
    with pytest.raises(UnknownOption, match="not list"):
        MINI.read_setup([("deploy", False)])  # type: ignore[arg-type]


def test_a_set_up_in_words() -> None:
    assert MINI.setup_words({"deploy": False}) == "set up your own army"
    assert MINI.setup_words({"deploy": True}) == "deal the armies at random"
    assert MINI.setup_words({}) == ""
    assert MINI.setup_words({"deploy": 0}) == "deploy 0"  # not False's words
    saw = wargames.load("saw")  # a value without words of its own: name and value
    assert saw.setup_words({"design": "manual", "hexes": {"b1": "0305"}}) == (
        'design your own units; hexes {"b1": "0305"}'
    )
    assert saw.setup_words({"fog": True, "map": "ruins"}) == "fog yes; map ruins"


def test_a_game_without_set_up_keywords_refuses_every_one() -> None:
    """A game that declares none (Sabatu keeps the kernel's empty ``Setup``) refuses any
    keyword at ``start``, naming it and saying there are none."""
    sabatu = wargames.load("sabatu", None, players=2)
    with pytest.raises(
        UnknownOption, match="has no set-up option deploy; its set-up options are: none"
    ):
        sabatu.start(1, deploy=False)
    assert sabatu.read_setup({}) == sabatu.Setup()
