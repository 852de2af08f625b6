"""Combat (section VII): the sample combat replayed exactly, odds, arcs, restrictions."""

from fractions import Fraction

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.errors import IllegalAction
from wargames.core.hexes import Hex, distance, line_pairs
from wargames.sabot import Attack, Fire, matchup, shot
from wargames.sabot.combat import Modifiers, in_front_arc, judge
from wargames.sabot.maps import SabotMap, default_map

from .helpers import change, drawn, field, newest, play, seed_for

SEED_2553 = seed_for(2, 5, 5, 3)  # the text's dice, first four d10 rolls of the stream


def test_the_sample_combat_exactly() -> None:
    """VII: two scout copters, one paints the Heavy Tank, the other fires both missiles: 2+4+2=8
    against 5+6=11 misses, 5+4+2=11 against 3+6=9 destroys."""
    game = field()
    units = [
        ("blue", "RSC", "0502", 3),
        ("blue", "RSC", "0602", 3),
        ("yellow", "HVT", "0506", 0),
    ]
    state = game.position(units, seed=SEED_2553, phase="attack")
    state = play(game, state, "move 0", "fire 0 laser 2", "stop", "move 1", "fire 1 at 2")
    first = state.log.newest(2)[0]
    assert isinstance(first, Attack)
    assert (first.attack, first.defense, first.result) == (8, 11, "miss")
    state = play(game, state, "fire 1 at 2")
    second = state.log.newest(2)[0]
    assert isinstance(second, Attack)
    assert (second.attack, second.defense, second.result) == (11, 9, "destroyed")
    # Fire is simultaneous: it has not fired, so it stays (and may still shoot) until the
    # end of combat, then it is removed.
    assert state.units[2].status == "destroyed"
    state = play(game, state, "stop", "done")
    assert game.phase(state) == "attack"
    assert not game._selectable(state, state.units[2], "attack") or state.units[2].on_map
    state = play(game, state, "done")
    assert state.units[2].status == "gone"


def test_the_sample_odds() -> None:
    painted = matchup("RSC", "HVT", weapon="at", painted=True)
    assert painted["destroyed"] == Fraction(45, 100)
    assert painted["disabled"] == Fraction(10, 100)
    unpainted = matchup("RSC", "HVT", weapon="at")
    assert unpainted["destroyed"] == Fraction(28, 100)


def test_results_and_soldiers_and_flyers() -> None:
    assert judge((9, 10)) == "miss"
    assert judge((10, 10)) == "disabled"
    assert judge((11, 10)) == "destroyed"
    assert judge((10, 10), Modifiers(soldier=True)) == "miss"
    assert judge((10, 10), Modifiers(fragile=True)) == "destroyed"
    assert shot(3, 3).distribution()["disabled"] == Fraction(1, 10)


WIDE = SabotMap.open_field(200, 200)
SMALL = SabotMap.from_text(".F.\n...", name="two rows")  # a line may leave the map


@given(st.sampled_from([WIDE, SMALL, default_map("crossroads")]), st.data())
def test_a_maps_sight_lines_are_the_hexes_between_by_line_pairs(
    field_: SabotMap, data: st.DataObject
) -> None:
    """VII-a: the hexes between two hex centres, as the map remembers them by the line's
    shape, are those of ``line_pairs`` from one to the other, off-map hexes left out."""
    hexes = st.integers(0, len(field_) - 1)
    origin, target = data.draw(hexes), data.draw(hexes)
    direct = tuple(
        tuple(field_.index(cell) for cell in step if cell in field_.board)
        for step in line_pairs(field_.cells[origin], field_.cells[target])[1:-1]
    )
    assert field_.sight_line(origin, target) == direct


@given(st.data())
def test_any_within_is_distance_to_the_nearest(data: st.DataObject) -> None:
    """What ``may_shoot`` asks the map: whether some hex of a set is within a range."""
    hexes = st.integers(0, len(WIDE) - 1)
    here, others = data.draw(hexes), data.draw(st.lists(hexes, max_size=6))
    radius = data.draw(st.integers(0, 60))
    nearest = min((WIDE.distance(here, other) for other in others), default=radius + 1)
    assert WIDE.any_within(here, others, radius) == (nearest <= radius)


@pytest.mark.parametrize("field_", [default_map("crossroads"), WIDE], ids=["table", "formula"])
@given(data=st.data())
def test_distances_from_a_hex_are_hex_distances(field_: SabotMap, data: st.DataObject) -> None:
    """What the rules read distances from: a row of the map's table, or (on a large map)
    the formula."""
    hexes = st.integers(0, len(field_) - 1)
    here, there = data.draw(hexes), data.draw(hexes)
    expected = distance(field_.cells[here], field_.cells[there])
    assert field_.distance_from(here)(there) == field_.distance(here, there) == expected


def test_front_arc() -> None:
    origin = Hex(0, 0)
    assert in_front_arc(origin, 0, Hex(0, -3))
    assert in_front_arc(origin, 0, Hex(1, -1))
    assert in_front_arc(origin, 0, Hex(-1, 0))
    assert not in_front_arc(origin, 0, Hex(1, 0))
    assert not in_front_arc(origin, 0, Hex(0, 2))
    assert in_front_arc(origin, 3, Hex(0, 2))


@given(st.integers(-9, 9), st.integers(-9, 9), st.integers(0, 5), st.integers(-9, 9))
def test_the_front_arc_turns_with_the_counter(q: int, r: int, facing: int, dq: int) -> None:
    """The arc of a counter facing ``facing`` is the arc facing north turned with it, from
    wherever it stands."""
    origin = Hex(dq, -dq)
    ahead = Hex(q, r).rotate(facing) + origin
    assert in_front_arc(origin, facing, ahead) == in_front_arc(Hex(0, 0), 0, Hex(q, r))


def test_soldiers_fire_only_ahead_and_odds_match() -> None:
    game = field()
    units = [("blue", "INF", "0505", 0), ("yellow", "MBT", "0507", 0)]
    state = play(game, game.position(units, phase="attack"), "move 0")
    with pytest.raises(IllegalAction, match="front three"):
        game.apply(state, Fire("blue", 0, "gun", 1))
    units = [("blue", "MBT", "0505", 0), ("yellow", "INF", "0507", 0)]
    state = play(game, game.position(units, phase="attack"), "move 0")
    action = Fire("blue", 0, "gun", 1)
    odds = game.exact_odds(state, action)
    assert odds is not None
    assert odds[(1, "destroyed")] == shot(4, 3).distribution()["destroyed"]
    assert odds[(1, "disabled")] == 0  # soldiers ignore Disabled


def test_one_target_per_turn_and_no_gp_at_known_flyers() -> None:
    game = field()
    units = [
        ("blue", "HVY", "0505", 3),
        ("yellow", "MBT", "0507", 0),
        ("yellow", "MBT", "0607", 0),
    ]
    state = play(game, game.position(units, phase="attack"), "move 0", "fire 0 at 1")
    with pytest.raises(IllegalAction, match="more than one target"):
        game.apply(state, Fire("blue", 0, "at", 2))
    assert state.units[0].ammo == 3
    assert Fire("blue", 0, "at", 1) in game.legal_actions(state, "blue") or (
        state.units[1].status == "destroyed"
    )  # several AT missiles at one target
    # II: "They cannot move and fire in the same turn" (SPA; MSL alike)
    for symbol, weapon in (("SPA", "artillery"), ("MSL", "gp")):
        units = [("blue", symbol, "0505", 3), ("yellow", "MBT", "0508", 0)]
        still = play(game, game.position(units, phase="attack"), "move 0")
        assert Fire("blue", 0, weapon, 1) in game.legal_actions(still, "blue")
        moved = change(still, 0, moved=True)
        with pytest.raises(IllegalAction, match="move and fire"):
            game.apply(moved, Fire("blue", 0, weapon, 1))


def test_a_unit_on_a_hill_adds_one_unit_of_range() -> None:
    """III: "A unit on a hillside adds 1 unit of range to its weapons" (a hilltop alike): an
    MBT (range 6) reaches 7 hexes from a hill, 6 from the ground."""
    for hill, reach in (("h", 7), ("H", 7), (".", 6)):
        game = drawn("\n".join([hill * 3] + ["..."] * 9))
        for far, fires in ((reach, True), (reach + 1, False)):
            units = [("blue", "MBT", "0201", 3), ("yellow", "MBT", f"02{1 + far:02d}", 0)]
            state = game.position(units, phase="attack")
            select = game.parse_action(state, "move 0")
            if select in game.legal_actions(state, "blue"):  # a target may be in range
                state = game.apply(state, select)
            legal = Fire("blue", 0, "gun", 1) in game.legal_actions(state, "blue")
            assert legal == fires, (hill, far)


def test_artillery_scatter_odds() -> None:
    game = field(14, 14)
    units = [("blue", "SPA", "0702", 3), ("yellow", "MBT", "0712", 0)]
    state = play(game, game.position(units, phase="attack"), "move 0")
    odds = game.exact_odds(state, Fire("blue", 0, "artillery", 1))
    assert odds is not None
    on_target = odds.probability(lambda outcome: outcome[0] == 1)
    assert on_target == Fraction(4, 10)
    assert odds[(-1, "miss")] == Fraction(6, 10)


def test_artillery_within_5_hexes_in_clear_sight_does_not_scatter() -> None:
    """II (SPA): "If the target is within 5 hexes and in a clear line-of-sight, SPA shots
    don't scatter": at 5 hexes the shot is on target, at 6 it scatters (7-10 on target), and
    at 5 behind a forest it scatters too."""
    for ahead, terrain, on_target in (
        (5, "." * 14, Fraction(1)),
        (6, "." * 14, Fraction(4, 10)),
        (5, "....F.........", Fraction(4, 10)),  # a forest row at 0705
    ):
        game = drawn("\n".join(terrain[row] * 14 for row in range(14)))
        target = f"07{2 + ahead:02d}"
        units = [("blue", "SPA", "0702", 3), ("yellow", "MBT", target, 0)]
        state = play(game, game.position(units, phase="attack"), "move 0")
        assert game.map.distance(state.units[0].hex, state.units[1].hex) == ahead
        odds = game.exact_odds(state, Fire("blue", 0, "artillery", 1))
        assert odds is not None
        assert odds.probability(lambda outcome: outcome[0] == 1) == on_target, (ahead, terrain)


def test_at_missiles_at_flyers_take_minus_one_and_heavy_guns_cannot_fire() -> None:
    game = field()
    units = [("blue", "HVY", "0505", 0), ("yellow", "RSC", "0503", 0), ("blue", "MBT", "0506", 0)]
    state = change(game.position(units, phase="attack"), 1, revealed=True)
    odds = game.exact_odds(play(game, state, "move 0"), Fire("blue", 0, "at", 1))
    expected = shot(4, 2, Modifiers(attack=-1, fragile=True)).distribution()
    assert odds is not None
    assert odds[(1, "destroyed")] == expected["destroyed"]
    assert odds[(1, "disabled")] == 0  # a Disabled flyer is Destroyed
    with pytest.raises(IllegalAction, match="flying"):
        game.apply(play(game, state, "move 2"), Fire("blue", 2, "gun", 1))
    concealed = play(game, change(state, 1, revealed=False), "move 2", "fire 2 gun 1")
    assert newest(concealed, Attack).result == "miss"  # allowed, but it cannot hurt it
    assert concealed.units[1].status == "ok"


def test_at_missiles_are_never_aimed_at_known_soldiers() -> None:
    game = field()
    units = [("blue", "HVY", "0505", 0), ("yellow", "INF", "0503", 0)]
    state = play(game, change(game.position(units, phase="attack"), 1, revealed=True), "move 0")
    with pytest.raises(IllegalAction, match="soldiers"):
        game.apply(state, Fire("blue", 0, "at", 1))


GP_MAP = "\n".join(["....."] * 5 + ["FFFFF"] + ["....."] * 5)


def test_a_gp_missile_without_sight_scatters_and_never_hits_a_friend() -> None:
    game = drawn(GP_MAP)
    units = [("blue", "MSL", "0310", 0), ("yellow", "MBT", "0303", 0), ("blue", "WSC", "0302", 0)]
    state = game.position(units, seed=seed_for(1), phase="attack")
    # a 1 lands straight ahead of the target, as the attacker faces: on its own scout car
    state = play(game, state, "move 0", "fire 0 gp 1")
    assert newest(state, Attack).hit == -1
    assert state.units[2].status == "ok"
    assert state.units[0].ammo == 3
    enemy = [*units[:2], ("yellow", "WSC", "0302", 0)]
    state = play(game, game.position(enemy, seed=seed_for(1, 10, 1), phase="attack"), "move 0")
    state = play(game, state, "fire 0 gp 1")
    assert newest(state, Attack).hit == 2  # the enemy in that hex becomes the target
    assert state.units[2].status == "destroyed"
    sure = play(game, game.position(units, seed=seed_for(7, 10, 1), phase="attack"), "move 0")
    sure = play(game, sure, "fire 0 gp 1")
    assert newest(sure, Attack).hit == 1


def test_a_painted_gp_missile_does_not_scatter() -> None:
    game = drawn(GP_MAP)
    units = [("blue", "MSL", "0310", 0), ("yellow", "MBT", "0303", 0)]
    state = play(game, game.position(units, phase="attack"), "move 0")
    odds = game.exact_odds(state, Fire("blue", 0, "gp", 1))
    assert odds is not None
    assert odds.probability(lambda o: o[0] == 1) == Fraction(4, 10)
    painted = evolve(state, painted=frozenset({("blue", 1)}))
    odds = game.exact_odds(painted, Fire("blue", 0, "gp", 1))
    assert odds is not None
    assert odds.probability(lambda o: o[0] == 1) == 1
