"""Scenarios, set-up and winning ("Sequence of Play": "a set number of turns or when set
scenario victory conditions are met"; "Units"; "Reserves")."""

from pathlib import Path
from typing import Any

import pytest

import wargames
from wargames import Outcome, UnknownOption
from wargames.bots import RandomBot, play
from wargames.core.serialize import dumps, loads
from wargames.gridscifi import EndTurn, GridSciFi, GridState, Scenario, Status
from wargames.gridscifi.rules import ARMIES

from .helpers import at


def test_the_default_set_up() -> None:
    game = GridSciFi()
    state = game.start(seed=5)
    for player in game.players:
        army = [u for u in state.units if u.owner == player]
        assert len(army) == 10, "typically 8 to 12 units"
        assert sum(u.status is Status.RESERVE for u in army) == 2
        base = 0 if player == "blue" else 7
        for unit in army:
            assert unit.revealed == (unit.status is Status.TABLE)
            if unit.square is not None:
                assert abs(unit.square.y - base) < 2, "in the deployment ranks"
    carried = [u for u in state.units if u.status is Status.EMBARKED]
    assert len(carried) == 1, "the carrier starts with a squad inside"
    assert game.field.board.width == 12, "a 6 by 4 foot table of 6 inch squares"
    assert game.field.board.height == 8
    assert game.start(seed=5) == state, "the same seed, the same set-up"


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    game = GridSciFi()
    bots = {"blue": RandomBot(1), "red": RandomBot(2)}
    first = play(game, bots, seed=9)
    again = play(game, {"blue": RandomBot(1), "red": RandomBot(2)}, seed=9)
    assert first.final == again.final


@pytest.mark.parametrize("seed", range(4))
def test_random_bots_reach_an_outcome(seed: int) -> None:
    game = wargames.load("gridscifi")
    bots = {"blue": RandomBot(seed), "red": RandomBot(seed + 10)}
    match = play(game, bots, seed=seed, max_actions=5000)
    assert match.outcome is not None
    assert isinstance(match.final, GridState)
    assert match.final.clock.turn <= 6


def test_the_objectives_decide_at_the_end_of_the_last_turn() -> None:
    game = GridSciFi()
    units = [
        at(0, "blue", "Battle Squad", "d5"),
        at(1, "blue", "Battle Squad", "h4"),
        at(2, "red", "Winged Terror", "c5"),
        at(3, "red", "Swarmlings", "l1"),
    ]
    state = game.position(units, player="red", turn=6)
    state = game.apply(state, EndTurn("red"))
    assert game.outcome(state) == Outcome(frozenset({"blue"}), "2-0 objectives after turn 6")
    assert game.to_act(state) == frozenset()


def test_contested_objectives_count_for_nobody() -> None:
    game = GridSciFi()
    units = [
        at(0, "blue", "Battle Squad", "d5"),
        at(1, "red", "Swarmlings", "e6"),
        at(2, "red", "Swarmlings", "i4"),
    ]
    state = game.apply(game.position(units, player="red", turn=6), EndTurn("red"))
    assert game.outcome(state) == Outcome(frozenset({"red"}), "0-1 objectives after turn 6")


def test_the_game_goes_on_before_the_last_turn() -> None:
    game = GridSciFi(turns=7)
    units = [at(0, "blue", "Battle Squad", "d5"), at(1, "red", "Swarmlings", "j4")]
    state = game.apply(game.position(units, player="red", turn=6), EndTurn("red"))
    assert game.outcome(state) is None
    assert state.clock.turn == 7


def test_options_are_validated() -> None:
    with pytest.raises(UnknownOption, match="option scenario='nowhere' is not allowed"):
        GridSciFi(scenario="nowhere")
    with pytest.raises(UnknownOption, match="armies must be two of"):
        GridSciFi(armies=["legion", "pirates"])
    with pytest.raises(UnknownOption, match="armies: two army names"):
        GridSciFi(armies="legion")
    with pytest.raises(UnknownOption, match="option turns=0 is not allowed"):
        GridSciFi(turns=0)
    with pytest.raises(UnknownOption, match="option turns=1000000000 is not allowed"):
        GridSciFi(turns=10**9)
    mirror = GridSciFi(armies=["swarm", "swarm"])
    assert mirror.field.armies["blue"].name == "swarm"


SCENARIO = """
[scenarios.duel]
title = "A duel on a small field"
armies = ["hunters", "hunters"]
deployment = 1
reserves = 0
turns = 2
map = '''
......
..T...
......
...#..
......
'''

[armies.hunters]
title = "A hunting party"

[[armies.hunters.units]]
name = "Hunters"
count = 2
kind = "troop"
models = 4
armour = "light"
quality = "medium"
move = "swift"
weapons = [{ name = "spears", type = "close_combat" }, { name = "bows", type = "sniper" }]
"""


def test_a_scenario_of_your_own_in_toml(tmp_path: Path) -> None:
    path = tmp_path / "duel.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    game = wargames.load("gridscifi", scenario=path)
    assert isinstance(game, GridSciFi)
    assert (game.field.board.width, game.field.board.height) == (6, 5)
    state = game.start(seed=1)
    assert [u.profile for u in state.units if u.owner == "blue"] == ["Hunters", "Hunters"]
    match = play(game, {"blue": RandomBot(1), "red": RandomBot(2)}, seed=1, max_actions=3000)
    assert match.outcome is not None
    assert loads(dumps(game, match.final)) == match.final, "the options travel with the state"
    assert game.options.scenario == SCENARIO, "the options keep the text, not the path"
    with pytest.raises(UnknownOption, match="no scenario 'other'"):
        GridSciFi(scenario=path, scenario_name="other")
    path.unlink()
    assert loads(dumps(game, match.final)) == match.final, "no file is read when loading"


def test_a_document_never_makes_the_game_open_a_file(tmp_path: Path) -> None:
    path = tmp_path / "duel.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    for named in (str(path), f"{path}#duel", "/dev/zero"):
        with pytest.raises(UnknownOption, match="option scenario="):
            GridSciFi(scenario=named)


def test_one_of_several_scenarios_in_a_text_is_chosen_by_name() -> None:
    several = SCENARIO + SCENARIO.split("[armies")[0].replace("scenarios.duel", "scenarios.rematch")
    assert GridSciFi(scenario=several, scenario_name="rematch").scenario.name == "rematch"
    with pytest.raises(UnknownOption, match="2 scenarios: name one"):
        GridSciFi(scenario=several)
    with pytest.raises(UnknownOption, match="scenario_name chooses among"):
        GridSciFi(scenario="brawl", scenario_name="brawl")


class KingOfTheHill(GridSciFi):
    """A battle in code: whoever stands on the hill at the end of any turn wins."""

    def make_scenario(self) -> tuple[Scenario, Any]:
        scenario = Scenario(
            name="hill",
            title="King of the hill",
            armies=("legion", "swarm"),
            map="........\n........\n...^....\n........\n........\n........",
            deployment=1,
            reserves=0,
            turns=3,
            embarked=False,
        )
        return scenario, ARMIES

    def victory(self, state: GridState) -> Outcome | None:
        hill = self.field.board.parse("d4")
        kings = {u.owner for u in state.units if u.on_table and u.square == hill}
        if kings:
            return Outcome(frozenset(kings), "holds the hill")
        return super().victory(state)


def test_a_scenario_written_as_a_small_class() -> None:
    game = KingOfTheHill()
    units = [at(0, "blue", "Battle Squad", "d4"), at(1, "red", "Swarmlings", "h6")]
    state = game.apply(game.position(units, player="red"), EndTurn("red"))
    assert game.outcome(state) == Outcome(frozenset({"blue"}), "holds the hill")


def test_the_tiebreak_gives_an_equal_count_to_the_stronger_side_by_default() -> None:
    """Not in the rules (the scenario's victory condition, on by default): an equal count of
    objectives goes to the side with more strength left; with ``tiebreak=False``, or with
    strength equal too, a draw."""
    units = [
        at(0, "blue", "Battle Squad", "d5"),
        at(1, "red", "Swarmlings", "e6", damage=2),
        at(2, "blue", "Battle Squad", "a1"),
        at(3, "red", "Swarmlings", "l8"),
    ]
    tiebreak, plain = GridSciFi(), GridSciFi(tiebreak=False)
    end = EndTurn("red")
    won = tiebreak.apply(tiebreak.position(units, player="red", turn=6), end)
    assert tiebreak.outcome(won) == Outcome(
        frozenset({"blue"}), "0-0 objectives after turn 6, 2.00-1.60 strength left"
    )
    drawn = plain.apply(plain.position(units, player="red", turn=6), end)
    assert plain.outcome(drawn) == Outcome(frozenset(), "0-0 objectives after turn 6")
    units[1] = at(1, "red", "Swarmlings", "e6")
    even = tiebreak.apply(tiebreak.position(units, player="red", turn=6), end)
    assert tiebreak.outcome(even) == Outcome(
        frozenset(), "0-0 objectives after turn 6, 2.00-2.00 strength left"
    )
