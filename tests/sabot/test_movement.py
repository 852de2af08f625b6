"""Movement (section VI) and terrain costs (section III), step by step and by `reachable`."""

import pytest

from wargames.core.errors import IllegalAction
from wargames.sabot import Advance, TakeOff, Turn
from wargames.sabot.state import Rolled

from .helpers import at, drawn, field, newest, play, seed_for


def test_advance_goes_straight_ahead_and_move_units_run_out() -> None:
    game = field()
    state = game.position([("blue", "HVT", "0505", 0), ("yellow", "INF", "1212", 0)])
    state = play(game, state, "move 0", "advance", "advance", "advance")
    assert at(game, state, 0) == "0502"
    with pytest.raises(IllegalAction):
        game.apply(state, Advance("blue"))  # an HVT has 3 move units


def test_turn_allowance_by_type() -> None:
    game = field()
    state = game.position([("blue", "AGT", "0505", 0), ("yellow", "INF", "1212", 0)])
    state = play(game, state, "move 0", "turn right")
    assert Turn("blue", 1) not in game.legal_actions(state, "blue")  # anti-grav: 1 face
    state = game.position([("blue", "RSC", "0505", 0), ("yellow", "INF", "1212", 0)])
    state = play(game, state, "move 0", "turn right", "turn right", "turn right", "turn right")
    assert Turn("blue", 1) not in game.legal_actions(state, "blue")  # rotary: 4 faces


def test_zone_of_control_stops_and_forbids_turning() -> None:
    game = field()
    state = game.position([("blue", "MBT", "0508", 0), ("yellow", "INF", "0504", 0)])
    state = play(game, state, "move 0", "advance", "advance")
    assert at(game, state, 0) == "0506"
    state = play(game, state, "advance")  # into the squad's zone
    legal = game.legal_actions(state, "blue")
    assert Advance("blue") not in legal
    assert Turn("blue", 1) not in legal


def test_starting_in_a_zone_you_may_not_move_within_it() -> None:
    game = field()
    state = game.position([("blue", "MBT", "0505", 1), ("yellow", "INF", "0504", 0)])
    # facing NE from 0505 leads to 0604, also next to the squad at 0504
    state = play(game, state, "move 0")
    with pytest.raises(IllegalAction, match=r"VI-b"):
        game.apply(state, Advance("blue"))


def test_flyers_ignore_zones_and_fly_over_enemies() -> None:
    game = field()
    state = game.position([("blue", "RSC", "0508", 0), ("yellow", "INF", "0506", 0)])
    reach = game.reachable(state, 0)
    assert "0503" in reach  # straight through the squad's zone and over it


def test_terrain_entry_by_type() -> None:
    game = drawn(
        """
        .....
        .FsWh
        .....
        """
    )
    units = [("blue", "MBT", "0203", 0), ("yellow", "INF", "0501", 3)]
    state = game.position(units)
    assert "0202" not in game.reachable(state, 0)  # only soldiers enter forest
    hover = game.position([("blue", "HLT", "0503", 0), ("yellow", "INF", "0101", 3)])
    assert "0502" not in game.reachable(hover, 0)  # hovercraft cannot enter hillsides
    soldier = game.position([("blue", "INF", "0203", 0), ("yellow", "INF", "0501", 3)])
    assert "0202" in game.reachable(soldier, 0)


def test_hill_costs_one_extra_unless_one_move_unit() -> None:
    game = drawn(
        """
        .....
        ..h..
        .....
        .....
        """
    )
    state = game.position([("blue", "HVT", "0304", 0), ("yellow", "INF", "0101", 3)])
    reach = game.reachable(state, 0)
    # 0303 costs 1, the hillside 0302 costs 2: 3 units, nothing beyond
    assert reach["0302"] == ("advance", "advance")
    assert "0301" not in reach


def test_tracked_all_road_bonus_and_wheeled_half_cost() -> None:
    terrain = "\n".join(["." * 3] * 12)
    overlay = "\n".join([".r."] * 12)
    game = drawn(terrain, overlay)
    state = game.position([("blue", "HVT", "0212", 0), ("yellow", "INF", "0101", 3)])
    assert "0208" in game.reachable(state, 0)  # 3 + 1 on an all-road move
    assert "0207" not in game.reachable(state, 0)
    state = game.position([("blue", "WSC", "0212", 0), ("yellow", "INF", "0101", 3)])
    assert "0201" in game.reachable(state, 0)  # 6 units at half cost: 11 hexes


def test_river_needs_a_bridge_or_amphibious_full_move() -> None:
    game = drawn("...\n...\n...", "...\n~=~\n...")
    tank = game.position([("blue", "MBT", "0103", 0), ("yellow", "INF", "0301", 3)])
    assert "0102" not in game.reachable(tank, 0)
    assert "0202" in game.reachable(
        game.position([("blue", "MBT", "0203", 0), ("yellow", "INF", "0301", 3)]), 0
    )
    car = game.position([("blue", "WSC", "0103", 0), ("yellow", "INF", "0301", 3)])
    reach = game.reachable(car, 0)
    assert "0102" in reach
    assert "0101" not in reach  # the crossing took the whole allowance


def test_units_end_only_in_empty_hexes_but_pass_friends() -> None:
    game = field()
    units = [("blue", "MBT", "0507", 0), ("blue", "MBT", "0506", 0), ("yellow", "INF", "1212", 0)]
    state = game.position(units)
    reach = game.reachable(state, 0)
    assert "0506" not in reach
    assert "0505" in reach


def test_soldiers_leaving_a_swamp_roll_odd_stuck_even_go() -> None:
    game = drawn(".....\n.....\n.s...\n.....\n.....")
    units = [("blue", "INF", "0203", 0), ("yellow", "INF", "0505", 0)]
    stuck = play(game, game.position(units, seed=seed_for(3)), "move 0", "advance")
    assert at(game, stuck, 0) == "0203"
    assert newest(stuck, Rolled) == Rolled(0, "swamp", 3)
    legal = game.legal_actions(stuck, "blue")
    assert Advance("blue") not in legal
    assert Turn("blue", 1) not in legal
    going = play(game, game.position(units, seed=seed_for(4)), "move 0", "advance")
    assert at(game, going, 0) == "0202"
    dry = play(game, game.position([("blue", "INF", "0204", 0), units[1]]), "move 0", "advance")
    assert not any(isinstance(e, Rolled) for e in dry.log)  # only leaving a swamp rolls


def test_jump_troops_fly_over_terrain_and_enemies_or_walk_but_not_both() -> None:
    game = drawn("\n".join(["....."] * 4 + ["FFFFF"] + ["....."] * 4))
    units = [("blue", "ABN", "0308", 0), ("yellow", "INF", "0306", 0)]
    state = play(game, game.position(units), "move 0")
    start = state.units[0].hex
    on_foot = {game.map.distance(start, game.map.parse(h)) for h in game.reachable(state, 0)}
    assert on_foot == {0, 1}  # on foot: one move unit
    flying = play(game, state, "fly")
    reach = game.reachable(flying, 0)
    assert "0303" in reach  # five hexes over the enemy, its zone and the forest
    assert "0304" not in game.reachable(state, 0)
    walked = play(game, state, "advance")
    assert TakeOff("blue") not in game.legal_actions(walked, "blue")
    landed = play(game, flying, *reach["0303"], "stop")
    assert at(game, landed, 0) == "0303"
