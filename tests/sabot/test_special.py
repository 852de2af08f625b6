"""Special actions (II, V): repair, reload, bridge deploy and fold, prepared positions."""

from fractions import Fraction

import pytest
from attrs import evolve

from wargames.core.errors import IllegalAction
from wargames.sabot import Entrench, Sabot, SabotState, Special

from .helpers import change, drawn, field, play, seed_for

FAR = ("yellow", "INF", "1212", 0)


def specials(game: Sabot, state: SabotState) -> set[str]:
    """Blue's special actions, in notation."""
    return {str(a) for a in game.legal_actions(state, "blue") if isinstance(a, Special)}


def test_repair_next_to_a_disabled_vehicle_on_five_or_more() -> None:
    game = field()
    units = [
        ("blue", "RRV", "0505", 0),
        ("blue", "MBT", "0504", 0),
        ("blue", "MBT", "0909", 0),
        FAR,
    ]
    for face, status in ((5, "ok"), (4, "disabled")):
        state = game.position(units, seed=seed_for(face), phase="special")
        state = change(change(state, 1, status="disabled"), 2, status="disabled")
        assert specials(game, state) == {"repair 0 1"}  # not the tank far away
        assert play(game, state, "repair 0 1").units[1].status == status
        odds = game.odds(state, Special("blue", 0, "repair", 1))
        assert odds is not None
        assert odds[True] == Fraction(3, 5)


def test_no_repair_or_reload_if_either_vehicle_was_shot_at() -> None:
    game = field()
    units = [("blue", "RRV", "0505", 0), ("blue", "MBT", "0504", 0), FAR]
    state = change(game.position(units, phase="special"), 1, status="disabled", shot_at=True)
    assert specials(game, state) == set()
    state = change(change(state, 1, shot_at=False), 0, shot_at=True)
    assert specials(game, state) == set()


def test_the_reloader_refills_a_missile_tank_once_a_turn() -> None:
    game = field()
    units = [
        ("blue", "MLV", "0505", 0),
        ("blue", "MSL", "0504", 0),
        ("blue", "MSL", "0506", 0),
        FAR,
    ]
    state = game.position(units, phase="special")
    state = change(change(state, 1, ammo=0, spent=4), 2, ammo=3, spent=1)
    assert specials(game, state) == {"reload 0 1", "reload 0 2"}
    state = play(game, state, "reload 0 1")
    assert (state.units[1].ammo, state.units[1].spent) == (4, 0)
    assert specials(game, state) == set()  # one missile tank a turn


def test_a_bridging_tank_in_a_river_deploys_and_folds_unless_crossed() -> None:
    game = drawn("...\n...\n...\n...", "...\n~~~\n...\n...")
    units = [("blue", "BRV", "0202", 0), ("blue", "MBT", "0203", 0), ("yellow", "INF", "0304", 0)]
    state = game.position(units, phase="special")
    assert specials(game, state) == {"deploy 0"}
    state = play(game, state, "deploy 0")
    assert state.units[0].bridge
    bridged = game.position(units)
    assert "0201" not in game.reachable(bridged, 1)  # no bridge: the tank cannot cross
    bridged = change(bridged, 0, bridge=True)
    assert "0201" in game.reachable(bridged, 1)  # over the deployed bridging tank
    crossed = play(game, bridged, "move 1", "advance", "advance", "stop", "done")
    assert crossed.units[0].crossed
    crossed = play(game, crossed, "done", "done", "done")  # attack phases; now special
    assert "fold 0" not in specials(game, crossed)
    assert specials(game, change(crossed, 0, crossed=False)) == {"fold 0"}


def test_only_a_bridging_tank_still_on_the_map_is_crossed() -> None:
    game = drawn("...\n...\n...\n...", "...\n~~~\n...\n...")
    units = [("blue", "BRV", "0202", 0), ("blue", "WSC", "0203", 0), ("yellow", "INF", "0304", 0)]
    state = change(game.position(units), 0, bridge=True)
    swum = play(game, state, "move 1", "advance")  # the scout car is amphibious
    assert swum.units[1].hex == game.map.parse("0202")
    assert swum.units[0].crossed
    removed = change(state, 0, status="gone")
    swum = play(game, removed, "move 1", "advance")
    assert swum.units[1].hex == game.map.parse("0202")
    assert not swum.units[0].crossed  # no bridge there any more: the car swam


def test_engineers_prepare_positions_two_move_units_each_on_allowed_terrain() -> None:
    game = drawn("F....\n.....\n.....\n.....\n.....")
    units = [("blue", "ENV", "0102", 0), ("yellow", "INF", "0505", 0)]
    state = game.position(units, phase="special")
    offered = specials(game, state)
    assert "prepare 0 0" not in offered  # 0101 is forest
    assert "prepare 0 1" in offered  # its own hex, 0102
    state = play(game, state, "prepare 0 1")
    state = play(game, state, sorted(specials(game, state))[0])
    assert len(state.prepared) == 2
    assert specials(game, state) == set()  # four move units: two positions


RIVERS = ("......\n......\n......\n......\n......\n......", "~=~=~=\n=~=~=~\n......\n" * 2)
"""Rivers, bridged and not, over the top two rows of grassland (and the fourth and fifth)."""


def test_no_prepared_position_in_a_river_hex_bridged_or_not() -> None:
    """II: prepared positions in grassland, desert, hills or roads through them: never in a
    river hex, by the special action, at set-up or in the random set-up."""
    game = drawn(*RIVERS)
    river, bridge = game.map.parse("0202"), game.map.parse("0302")
    assert game.map.river[river]
    assert game.map.bridge[bridge]  # a road over a river
    units = [("blue", "ENV", "0302", 0), ("yellow", "INF", "0606", 0)]
    state = game.position(units, phase="special")
    offered = {a.target for a in game.legal_actions(state, "blue") if isinstance(a, Special)}
    assert offered == {game.map.parse("0303")}  # the one grassland hex around it
    for hex_ in (river, bridge):
        with pytest.raises(IllegalAction):
            game.apply(state, Special("blue", 0, "prepare", hex_))
    setting_up = game.position(units, phase="set-up")
    spots = {a.hex for a in game.legal_actions(setting_up, "blue") if isinstance(a, Entrench)}
    assert spots == {f"0{c}03" for c in range(1, 7)}  # the zone's third row, all grassland
    for seed in range(4):
        start = game.start(seed, armies={"blue": ["SPECIAL"], "yellow": ["MBT"]})
        assert {game.map.label(h) for _, h in start.prepared} <= spots
        assert len(start.prepared) == 4


def test_prepared_positions_help_only_their_owner_and_less_against_flyers() -> None:
    game = field()
    units = [("yellow", "MBT", "0505", 0), ("blue", "MBT", "0508", 0), ("blue", "RSC", "0808", 0)]
    state = game.position(units)
    hex_ = state.units[0].hex
    tank, rotor, target = state.units[1], state.units[2], state.units[0]
    theirs = evolve(state, prepared=frozenset({("yellow", hex_)}))
    assert game.modifiers(theirs, tank, "gun", target).defense == 2
    assert game.modifiers(theirs, rotor, "gun", target).defense == 1  # the attacker flies
    ours = evolve(state, prepared=frozenset({("blue", hex_)}))
    assert game.modifiers(ours, tank, "gun", target).defense == 0  # facing the wrong way
