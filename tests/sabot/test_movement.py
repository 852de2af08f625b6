"""Movement (section VI) and terrain costs (section III), step by step and by `reachable`."""

import re
from importlib.resources import files

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.errors import IllegalAction
from wargames.sabot import Advance, Sabot, SabotMap, Stop, TakeOff, Turn
from wargames.sabot.movement import stands
from wargames.sabot.state import Rolled

from .helpers import at, change, drawn, field, newest, play, seed_for


def test_advance_goes_straight_ahead_and_move_units_run_out() -> None:
    game = field()
    state = game.position([("blue", "HVT", "0505", 0), ("yellow", "INF", "1212", 0)])
    state = play(game, state, "move 0", "advance", "advance", "advance")
    assert at(game, state, 0) == "0502"
    with pytest.raises(IllegalAction, match="not enough move units left"):
        play(game, state, "advance")  # an HVT has 3 move units
    state = play(game, state, "stop")
    with pytest.raises(IllegalAction):
        play(game, state, "move 0")  # its move is over for the turn


def test_reachable_gives_each_end_hex_with_its_path() -> None:
    game = field()
    state = game.position([("blue", "HVT", "0505", 0), ("yellow", "INF", "1212", 0)])
    paths = game.reachable(state, 0)
    assert paths["0505"] == ()
    assert paths["0503"] == ("advance", "advance")
    assert paths["0604"] == ("turn right", "advance")
    assert paths["0404"] == ("turn left", "advance")
    assert at(game, play(game, state, "move 0", *paths["0604"]), 0) == "0604"


def test_turn_allowance_by_type() -> None:
    game = field()
    state = game.position([("blue", "AGT", "0505", 0), ("yellow", "INF", "1212", 0)])
    state = play(game, state, "move 0", "turn right")
    assert Turn("blue", 1) not in game.legal_actions(state, "blue")  # anti-grav: 1 face
    state = game.position([("blue", "RSC", "0505", 0), ("yellow", "INF", "1212", 0)])
    state = play(game, state, "move 0", "turn right", "turn right", "turn right", "turn right")
    assert Turn("blue", 1) not in game.legal_actions(state, "blue")  # rotary: 4 faces
    roads = drawn("\n".join(["....."] * 5), "\n".join(["rrrrr"] * 5))
    for game, faces in ((field(), 2), (roads, 3)):  # wheeled: 2, "3 if moving on roads"
        state = game.position([("blue", "WSC", "0303", 0), ("yellow", "RRV", "0101", 3)])
        state = play(game, change(state, 1, revealed=True), "move 0")
        for _ in range(faces):
            state = play(game, state, "turn right")
        assert Turn("blue", 1) not in game.legal_actions(state, "blue"), faces


def test_zone_of_control_stops_and_forbids_turning() -> None:
    game = field()
    state = game.position([("blue", "MBT", "0508", 0), ("yellow", "INF", "0504", 0)])
    state = play(game, state, "move 0", "advance", "advance")
    assert at(game, state, 0) == "0506"
    state = play(game, state, "advance")  # into the squad's zone
    legal = game.legal_actions(state, "blue")
    assert Advance("blue") not in legal
    assert Turn("blue", 1) not in legal
    # The squad beside the path (0604): 0506 is outside its zone, 0505 inside, 0504 free.
    state = game.position([("blue", "MBT", "0508", 0), ("yellow", "INF", "0604", 0)])
    state = play(game, state, "move 0", "advance", "advance", "advance")
    assert at(game, state, 0) == "0505"
    assert state.moving is not None
    assert state.moving.stopped
    assert Advance("blue") not in game.legal_actions(state, "blue")
    with pytest.raises(IllegalAction):
        game.apply(state, Advance("blue"))


def test_starting_in_a_zone_you_may_not_move_within_it() -> None:
    game = field()
    state = game.position([("blue", "MBT", "0505", 1), ("yellow", "INF", "0504", 0)])
    # facing NE from 0505 leads to 0604, also next to the squad at 0504
    state = play(game, state, "move 0", "hold")  # the squad may watch the start hex
    with pytest.raises(IllegalAction, match=r"VI-b"):
        game.apply(state, Advance("blue"))


def test_flyers_ignore_zones_and_fly_over_enemies() -> None:
    game = field()
    state = game.position([("blue", "RSC", "0508", 0), ("yellow", "INF", "0506", 0)])
    reach = game.reachable(state, 0)
    assert reach["0503"] == ("advance",) * 5  # straight through the squad's zone and over it


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
    # The exception's edge: one move unit pays no extra, two move units pay it.
    for move, spent in ((1, 1), (2, 2)):
        mover = with_move(game, "INF", move)
        squad = mover.position([("blue", "INF", "0303", 0), ("yellow", "RRV", "0101", 3)])
        squad = play(mover, change(squad, 1, revealed=True), "move 0", "advance")
        assert squad.moving is not None
        assert at(mover, squad, 0) == "0302"
        assert squad.moving.spent == 2 * spent  # half move units


def with_move(game: Sabot, symbol: str, move: int) -> Sabot:
    """``game`` (its map too) with unit ``symbol`` given ``move`` move units, through the
    ``units`` option (a table as TOML text)."""
    text = files("wargames.sabot").joinpath("data", "units.toml").read_text("utf-8")
    section = re.compile(rf"(\[units\.{symbol}\][^\[]*?\nmove = )\d+")
    own = Sabot(units=section.sub(rf"\g<1>{move}", text))
    own.map = game.map
    return own


def test_extra_move_units_add_up() -> None:
    """III: leaving a depression (+1) into a hilltop (+1) or up a hillside from it (+1) costs
    one unit more for each; the extras never apply to a unit with one move unit."""
    game = drawn(
        """
        .H.h.
        .d.d.
        .....
        .....
        """
    )
    far = ("yellow", "RRV", "0104", 3)
    for top in ("0201", "0401"):  # the hilltop, the hillside
        below = game.map.label(game.map.steps[game.map.parse(top)][3])  # the depression
        state = game.position([("blue", "MBT", below, 0), far])
        state = play(game, change(state, 1, revealed=True), "move 0", "advance")
        assert state.moving is not None
        assert state.moving.spent == 2 * 3  # half move units: 1 + 1 (exit) + 1 (enter)
        start = game.map.label(game.map.steps[game.map.parse(below)][3])
        state = change(game.position([("blue", "MBT", start, 0), far]), 1, revealed=True)
        assert top not in game.reachable(state, 0)  # 2 into the depression + 3 > 4 units
    squad = game.position([("blue", "INF", "0202", 0), far])
    assert "0201" in game.reachable(change(squad, 1, revealed=True), 0)
    # "to enter a hillside from ground level": from a hillside onto the next, no extra.
    slope = drawn(".....\n..h..\n..h..\n.....")
    for start, spent in (("0304", 2), ("0303", 1)):
        state = slope.position([("blue", "MBT", start, 0), ("yellow", "RRV", "0101", 3)])
        state = play(slope, change(state, 1, revealed=True), "move 0", "advance")
        assert state.moving is not None
        assert state.moving.spent == 2 * spent, start  # half move units


def test_a_friendly_prepared_position_costs_one_unit_at_most() -> None:
    """III: entering a friendly prepared position takes only 1 move unit, whatever the
    terrain extras; a wheeled vehicle's half-unit road step stays half a unit."""
    game = drawn(".....\n.....\n.....\n.....", ".r...\n.r...\n.r...\n.r...")
    far = ("yellow", "RRV", "0504", 3)
    state = game.position([("blue", "WSC", "0204", 0), far])
    dug = game.map.parse("0203")
    state = evolve(change(state, 1, revealed=True), prepared=frozenset({("blue", dug)}))
    state = play(game, state, "move 0", "advance")
    assert state.moving is not None
    assert state.moving.spent == 1


def test_a_friendly_prepared_position_costs_one_unit_on_any_terrain() -> None:
    """III: "Entering a hex with a friendly Prepared Position marker takes only 1 move unit,
    regardless of terrain": up a hillside from ground level, onto a hilltop, out of a
    depression; an enemy's marker, or none, leaves the extra."""
    game = drawn(".h.H.d.\n.......\n.......\n.......")
    far = ("yellow", "RRV", "0704", 3)
    for ahead in ("0201", "0401", "0601"):  # hillside, hilltop, and out of the depression
        below = game.map.label(game.map.steps[game.map.parse(ahead)][3])
        if ahead == "0601":
            below, ahead = ahead, below  # leave the depression for the grass below it
        for marker, units in (("blue", 1), ("yellow", 2), (None, 2)):
            state = game.position([("blue", "MBT", below, 3 if ahead > below else 0), far])
            dug = frozenset({(marker, game.map.parse(ahead))} if marker else ())
            state = evolve(change(state, 1, revealed=True), prepared=dug)
            state = play(game, state, "move 0", "advance")
            assert at(game, state, 0) == ahead
            assert state.moving is not None
            assert state.moving.spent == 2 * units, (ahead, marker)  # half move units


def test_tracked_all_road_bonus_and_wheeled_half_cost() -> None:
    terrain = "\n".join(["." * 3] * 12)
    overlay = "\n".join([".r."] * 12)
    game = drawn(terrain, overlay)
    state = game.position([("blue", "HVT", "0212", 0), ("yellow", "INF", "0101", 3)])
    assert "0208" in game.reachable(state, 0)  # 3 + 1 on an all-road move
    assert "0207" not in game.reachable(state, 0)
    state = game.position([("blue", "HVT", "0112", 0), ("yellow", "INF", "0301", 3)])
    assert "0109" in game.reachable(state, 0)  # off the road: 3 units
    assert "0108" not in game.reachable(state, 0)
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


def test_the_bridging_tank_swims_only_in_rivers() -> None:
    """II: the bridging tank is amphibious "for movement purposes in river hexes" only; the
    scout car is amphibious everywhere (III: shallow water and rivers)."""
    game = drawn("...\n.w.\n...\n...", "...\n...\n~~~\n...")
    far = ("yellow", "RRV", "0304", 3)
    shallow, river = game.map.parse("0202"), game.map.parse("0103")
    tank = change(game.position([("blue", "BRV", "0203", 0), far]), 1, revealed=True)
    assert "0202" not in game.reachable(tank, 0)
    with pytest.raises(IllegalAction, match="III"):
        play(game, tank, "move 0", "advance")
    assert "0103" in game.reachable(
        change(game.position([("blue", "BRV", "0104", 0), far]), 1, revealed=True), 0
    )
    car = change(game.position([("blue", "WSC", "0203", 0), far]), 1, revealed=True)
    assert "0202" in game.reachable(car, 0)
    assert not stands(game.map, game.table["BRV"], shallow)
    assert stands(game.map, game.table["BRV"], river)
    assert stands(game.map, game.table["WSC"], shallow)


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
    turned = play(game, state, "turn right")  # turning on the ground is moving
    assert TakeOff("blue") not in game.legal_actions(turned, "blue")
    landed = play(game, flying, *reach["0303"], "stop")
    assert at(game, landed, 0) == "0303"


WATER = ".....\n..W..\n..w..\n.....\n.....\n....."
"""Deep water (0302), shallow water (0303) and, in the overlay, a river (0304)."""


def test_jump_troops_land_only_where_a_squad_may_stand() -> None:
    """II: "If you air-drop them, they will always land exactly where you want them": the
    flight ends in the hex it is steered to, so it may pass over water but lands on ground."""
    game = drawn(WATER, ".....\n.....\n.....\n..~..\n.....\n.....")
    units = [("blue", "ABN", "0306", 0), ("yellow", "RRV", "0101", 3)]
    flying = play(game, change(game.position(units), 1, revealed=True), "move 0", "fly")
    reach = game.reachable(flying, 0)
    flying = play(game, flying, "advance")
    assert Stop("blue") in game.legal_actions(flying, "blue")  # 0305: grassland
    assert {"0301", "0305"} <= set(reach)
    assert not {"0302", "0303", "0304"} & set(reach)
    for over in ("0304", "0303", "0302"):
        flying = play(game, flying, "advance")
        assert at(game, flying, 0) == over
        assert Stop("blue") not in game.legal_actions(flying, "blue")
        with pytest.raises(IllegalAction):
            game.apply(flying, Stop("blue"))
    landed = play(game, flying, "advance", "stop")
    assert at(game, landed, 0) == "0301"


@settings(max_examples=30)
@given(
    seed=st.integers(0, 2**32),
    plan=st.lists(st.sampled_from(["advance", "turn left", "turn right"]), max_size=8),
)
def test_a_jump_flight_lands_exactly_where_it_is_steered(seed: int, plan: list[str]) -> None:
    """II: "no scattering": landing rolls no die and moves the squad nowhere, whatever the
    seed and wherever the flight went."""
    game = field()
    units = [("blue", "ABN", "0610", 0), ("yellow", "RRV", "0101", 3)]
    state = change(game.position(units, seed=seed), 1, revealed=True)
    state = play(game, state, "move 0", "fly")
    for text in plan:
        action = game.parse_action(state, text)
        if action in game.legal_actions(state, "blue"):
            state = game.apply(state, action)
    over = state.units[0].hex
    landed = game.apply(state, Stop("blue"))
    assert landed.units[0].hex == over
    assert landed.rng == state.rng
    assert landed.moving is None


OVERPASS = "\n".join(["......."] * 3 + ["...+..."] + ["......."] * 3)
"""A north-south road over an east-west road on the overpass 0404 (III)."""
ROADS = [["0401", "0407"], ["0104", "0704"]]


def test_a_road_bridge_over_a_road_keeps_the_roads_apart() -> None:
    game = field()
    game.map = SabotMap.from_text("\n".join(["......."] * 7), OVERPASS, roads=ROADS)
    far = ("yellow", "RRV", "0101", 3)  # unarmed: once known, it watches nothing
    along = play(game, game.position([("blue", "WSC", "0405", 0), far]), "move 0", "advance")
    along = play(game, along, "advance")  # over the bridge and on: road to road both times
    assert along.moving is not None
    assert along.moving.spent == 2  # half move units
    switch = game.position([("blue", "WSC", "0304", 2), far])
    switch = play(game, switch, "move 0", "advance", "turn left", "turn left", "advance")
    assert at(game, switch, 0) == "0403"
    assert switch.moving is not None
    assert switch.moving.spent == 1 + 2  # leaving for the other road is cross-country
    assert not switch.moving.road
    # A tracked vehicle's all-road bonus (3 + 1 for an HVT) is lost by changing roads there:
    path = ("move 0", "advance", "turn left", "turn left", "advance", "advance")
    tank = game.position([("blue", "HVT", "0304", 2), far])
    tank = play(game, change(tank, 1, revealed=True), *path)
    assert at(game, tank, 0) == "0402"
    with pytest.raises(IllegalAction, match="not enough move units"):
        game.apply(tank, Advance("blue"))
    straight = game.position([("blue", "HVT", "0407", 0), far])
    assert "0403" in game.reachable(straight, 0)  # along one road, over the bridge: 4 hexes
    # Roads meeting without a bridge: changing roads stays on the road.
    drawn_roads = "\n".join(["...r..."] * 3 + ["rrrrrrr"] + ["...r..."] * 3)
    game.map = SabotMap.from_text("\n".join(["......."] * 7), drawn_roads)
    crossing = change(game.position([("blue", "HVT", "0304", 2), far]), 1, revealed=True)
    crossing = play(game, crossing, *path, "advance")
    assert at(game, crossing, 0) == "0401"


def test_roads_given_as_lines_link_only_along_themselves() -> None:
    field_ = SabotMap.from_text("\n".join(["......."] * 7), OVERPASS, roads=ROADS)
    side, below = field_.parse("0304"), field_.parse("0405")  # next to each other
    assert field_.road[side]
    assert field_.road[below]
    assert field_.road_step(side, -1, below) == (False, -1)
    assert field_.road_step(side, -1, field_.parse("0404")) == (True, 1)
    with pytest.raises(ValueError, match="overpass"):
        SabotMap.from_text("...\n...\n...", "...\n.+.\n...", roads=[["0201", "0203"]])


def test_no_passing_through_friends_on_a_bridge_and_never_stopping_on_one() -> None:
    game = drawn(".....\n.....\n.....\n.....", ".....\n.....\n~~=~~\n.....")
    units = [("blue", "MBT", "0304", 0), ("blue", "MBT", "0303", 0), ("yellow", "RRV", "0101", 3)]
    state = change(game.position(units), 2, revealed=True)
    assert "0302" not in game.reachable(state, 0)  # the bridge 0303 is taken by a friend
    assert "0302" in game.reachable(change(state, 1, hex=game.map.parse("0504")), 0)
    road = field()
    units = [("blue", "HVT", "0505", 0), ("blue", "MBT", "0504", 0), ("yellow", "RRV", "0101", 3)]
    state = play(road, change(road.position(units), 2, revealed=True), "move 0", "advance")
    assert at(road, state, 0) == "0504"  # passing through a friend
    with pytest.raises(IllegalAction, match="VI-c"):
        road.apply(state, Stop("blue"))  # it may not end there


def test_reachable_is_empty_for_counters_that_cannot_move() -> None:
    game = field()
    state = game.position([("blue", "DECOY", "0505", 0), ("blue", "INF", "0506", 0)])
    assert game.reachable(state, 0) == {}  # a decoy cannot move (IV)
    assert game.reachable(change(state, 1, hex=-1, carrier=0), 1) == {}  # aboard: no hex
