"""``wargames.load("saw", ...)`` options: players, armies, maps, rules; bad ones are refused."""

import json
import random
import re
from typing import Any

import attrs
import pytest

import wargames
from wargames import UnknownOption
from wargames.core.options import NumberBounds, bounds
from wargames.core.serialize import dumps, loads
from wargames.saw import Saw, SawOptions
from wargames.saw.units import load_armies

from .helpers import BALANCED


def test_players_and_seats() -> None:
    assert Saw().players == ("blue", "red")
    assert Saw(players=4).players == ("blue", "red", "green", "yellow")
    assert Saw(armies={"ann": "lone", "bob": "patrol"}).ids == ("a1", "b1", "b2", "b3")
    assert Saw(armies={"red": "lone", "reef": "lone"}).ids == ("red1", "ree1")


@pytest.mark.parametrize("map_name", ["arena", "ruins"])
def test_every_accepted_player_count_plays_on_every_built_in_map(map_name: str) -> None:
    """Issue 34: "players=5 ... 8 fail on every built-in map".  The option's declared bounds
    are what plays: every count from 2 to 8 starts on each built-in map with every built-in
    army (each zone holds the largest), and a few rounds of random actions by every player
    go through."""
    declared = bounds(attrs.fields(SawOptions).players)
    assert declared == NumberBounds(2, 8)
    for count in range(declared.low, declared.high + 1):
        for army in load_armies():
            Saw(players=count, map=map_name, army=army).start(seed=count)
        game = Saw(players=count, map=map_name, army="patrol")
        state = game.start(seed=count)
        assert len({unit.hex for unit in state.units}) == 3 * count
        rng = random.Random(count)
        for _ in range(4):
            for player in sorted(game.to_act(state)):
                state = game.apply(state, rng.choice(game.legal_actions(state, player)))
        assert all(len(diary.entries) >= 4 for diary in state.diaries), "every player acted"


def test_unequal_armies() -> None:
    game = Saw(armies={"blue": "monster", "red": "skirmish"})
    assert [s.points for s in game.specs] == [60, 30, 20, 20, 10, 10]
    assert game.owners == ("blue",) + ("red",) * 5


def test_options_survive_json() -> None:
    game = wargames.load(
        "saw",
        armies={"blue": [BALANCED, {"name": "Gun", "points": 12, "weapons": 2}], "red": "duel"},
        map="ruins",
        range_table=[[3, 1], [6, 2]],
        turn_limit=None,
        coordination=True,
    )
    state = game.start(seed=3)
    assert loads(dumps(game, state)) == state
    rebuilt = loads(dumps(game, state), None)
    assert rebuilt == state
    assert wargames.load("saw", **game.option_values()) == game
    assert json.loads(json.dumps(game.option_values())) == game.option_values()


def test_a_map_given_as_text() -> None:
    game = Saw(map="1..\n.#.\n..2\n", army="lone")
    assert len(game.arena.board) == 9
    assert game.arena.has_terrain


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, r"option players=\d+ is not allowed: expected a whole number from 2 to 8"),
        ({"players": 9}, r"option players=\d+ is not allowed: expected a whole number from 2 to 8"),
        ({"army": "horde"}, "unknown army 'horde'"),
        ({"map": "moon"}, "unknown map 'moon'"),
        ({"armies": {"Blue": "lone", "red": "lone"}}, "lowercase letters"),
        ({"armies": {"blue": "lone"}}, "at least 2 players"),
        ({"armies": {"blue": [], "red": "lone"}}, "blue has no units"),
        ({"armies": {"blue": [["Big", 20, 1, [5, 5, 5, 5, 5]]], "red": "lone"}}, "sum to 25"),
        ({"armies": {"blue": [["Nil", 0]], "red": "lone"}}, "points of Nil"),
        ({"players": 3, "map": "1..\n...\n..2"}, "deployment zones for 2 players"),
        ({"armies": {"blue": [["U", 1]] * 6, "red": "lone"}}, "zone 1 of the map is too small"),
        ({"collisions": "bounce"}, "collisions must be one of back-off, hold"),
        ({"turn_limit": 0}, "turn_limit"),
        ({"weapons": 0}, "option weapons=0 is not allowed: expected a whole number from 1 to 4"),
        ({"range_table": [[5, 1], [4, 2]]}, "ascend"),
        ({"speed": 3}, "speed"),
        ({"players": None}, "option players=None is not allowed"),
        ({"weapons": 2**64}, "option weapons=18446744073709551616 is not allowed"),
        ({"map": None}, "option map=None is not allowed"),
        ({"map": []}, "option map=.. is not allowed"),
        ({"army": None}, "option army=None is not allowed"),
        ({"coordination": 1}, "option coordination=1 is not allowed: expected true or false"),
        ({"turn_limit": []}, "option turn_limit=.. is not allowed"),
        ({"armies": {"blue": [["Big", 10**9]], "red": "lone"}}, "points of Big"),
        ({"armies": dict.fromkeys("abcdefghi", "lone")}, "at most 8"),
        ({"range_table": [[5, 1.5]]}, "range_table: whole numbers"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(UnknownOption, match=message):
        Saw(**options)


def test_bad_setup_is_refused() -> None:
    game = Saw()
    with pytest.raises(
        UnknownOption,
        match=re.escape(
            "option design='secret' is not allowed: expected one of 'preset', 'random', 'manual'"
        ),
    ):
        game.start(1, design="secret")
    with pytest.raises(
        UnknownOption,
        match="Saw has no set-up option deploy; its set-up options are: design, hexes",
    ):
        game.start(1, deploy=False)
    with pytest.raises(ValueError, match="b1 and b2 on one hex 0505"):
        game.start(1, hexes={"b1": "0505", "b2": "0505"})
    with pytest.raises(ValueError, match="hexes given for unknown units \\['z1'\\]"):
        game.start(1, hexes={"z1": "0505"})
    with pytest.raises(ValueError, match="impassable"):
        Saw(map="ruins").start(1, hexes={"b1": "0504"})


def test_random_designs_come_from_the_seed() -> None:
    game = Saw(army="patrol")
    first, again, other = (game.start(seed, design="random") for seed in (1, 1, 2))
    assert first == again
    assert [u.sheet for u in first.units] != [u.sheet for u in other.units]
    assert all(sum(u.sheet.traits) == 10 for u in first.units)
    preset = Saw().start(1, design="random")
    assert preset.units[0].sheet.traits != (4, 4, 4, 4, 4) or preset.units[1].sheet.traits != (
        2, 0, 8, 4, 6,
    )  # fmt: skip
