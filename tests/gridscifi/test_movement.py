"""Movement ("Movement", "Terrain", "Units", "Flyers"): allowances, terrain, stacking."""

import attrs
import pytest

from wargames import IllegalAction
from wargames.gridscifi import (
    Activate,
    Aim,
    EndActivation,
    GridSciFi,
    GridState,
    Overwatch,
    Step,
    Target,
)

from .helpers import activating, arena, at, rolling, sq

GAME = arena()

# Rough terrain on d1-d2 and woods on c4.
TERRAIN = """
........
........
..T.....
........
...:....
...:....
"""


def steps(state: GridState, player: str = "blue") -> set[str]:
    return {str(a.square) for a in GAME.legal_actions(state, player) if isinstance(a, Step)}


def walk(game: GridSciFi, state: GridState, *squares: str) -> GridState:
    """The active unit steps through ``squares``."""
    assert state.activation is not None
    player = state.units[state.activation.unit].owner
    return game.apply_all(state, [Step(player, sq(square)) for square in squares])


@pytest.mark.parametrize(
    ("profile", "allowance"),
    [("Battle Squad", 1), ("Jump Squad", 2), ("Carrier", 3), ("Gunship", 4)],
)
def test_one_odd_die_moves_the_units_allowance(profile: str, allowance: int) -> None:
    """ "A normal unit moves 1 square. A swift unit moves up to 2 squares. A fast unit moves up
    to 3 squares. A flyer unit move is 4 squares." """
    units = [at(0, "blue", profile, "a1"), at(1, "red", "Swarmlings", "h6")]
    state = activating(GAME.position(units), 0, 1, 2)
    path = ["b1", "c1", "d1", "e1", "f1"]
    state = walk(GAME, state, *path[:allowance])
    assert state.activation is not None
    assert state.activation.dice == (2,), "one odd die spent for the whole move"
    assert state.activation.move_left == 0
    with pytest.raises(IllegalAction, match="a move takes an odd activation die"):
        GAME.apply(state, Step("blue", sq(path[allowance])))


def test_each_odd_die_is_a_separate_move() -> None:
    units = [at(0, "blue", "Battle Squad", "a1"), at(1, "red", "Swarmlings", "h6")]
    state = walk(GAME, activating(GAME.position(units), 0, 1, 3, 5), "b1", "c1", "d1")
    assert state.activation is None, "three moves spent all three dice"
    assert state.units[0].square == sq("d1")


def test_a_unit_moves_to_one_of_the_8_squares_around_it() -> None:
    units = [at(0, "blue", "Battle Squad", "b2"), at(1, "red", "Swarmlings", "h6")]
    state = activating(GAME.position(units), 0, 1)
    assert steps(state) == {"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"}
    with pytest.raises(IllegalAction, match="one square at a time"):
        GAME.apply(state, Step("blue", sq("b4")))
    assert GAME.apply(state, Step("blue", sq("c3"))).units[0].square == sq("c3"), "a diagonal is 1"


def test_entering_terrain_ends_the_units_movement_for_the_turn() -> None:
    """ "All movement must end when a unit enters a terrain feature"; "Any unit moving into or
    out of a terrain feature can only move one square during a turn" (Sequence of Play,
    Movement): a second odd die does not move it on."""
    game = arena(TERRAIN)
    units = [at(0, "blue", "Battle Squad", "c1"), at(1, "red", "Swarmlings", "h6")]
    state = walk(game, activating(game.position(units), 0, 1, 3), "d1")
    assert state.activation is not None
    assert state.activation.dice == (3,), "the odd die left is not spent on a move"
    for square in ("e1", "d2", "c1"):
        with pytest.raises(IllegalAction, match="ended its movement this turn"):
            game.apply(state, Step("blue", sq(square)))
    assert not any(isinstance(a, Step) for a in game.legal_actions(state, "blue"))
    assert Overwatch("blue") in game.legal_actions(state, "blue"), "the die may still be used"


def test_a_unit_that_has_moved_may_not_enter_terrain_the_same_turn() -> None:
    """ "can only move one square during a turn": entering terrain is the unit's only square
    of movement that turn, even with a fresh odd die."""
    game = arena(TERRAIN)
    units = [at(0, "blue", "Carrier", "a1"), at(1, "red", "Swarmlings", "h6")]
    state = walk(game, activating(game.position(units), 0, 1, 3), "b1", "c1")
    moving = state.activation
    assert moving is not None
    for dice in ((1, 3), (3,)):
        state = attrs.evolve(state, activation=attrs.evolve(moving, dice=dice))
        with pytest.raises(IllegalAction, match="only square of movement this turn"):
            game.apply(state, Step("blue", sq("d1")))
    fresh = activating(game.position([at(0, "blue", "Carrier", "c1"), units[1]]), 0, 1)
    assert walk(game, fresh, "d1").units[0].square == sq("d1"), "as its first square it may"


def test_leaving_terrain_is_the_only_square_of_the_turn() -> None:
    """ "Any unit moving ... out of a terrain feature can only move one square during a
    turn"."""
    game = arena(TERRAIN)
    units = [at(0, "blue", "Carrier", "d1"), at(1, "red", "Swarmlings", "h6")]
    state = walk(game, activating(game.position(units), 0, 1, 3, 4), "e1")
    assert state.activation is not None
    assert state.activation.move_left == 0
    assert state.units[0].square == sq("e1")
    with pytest.raises(IllegalAction, match="ended its movement this turn"):
        game.apply(state, Step("blue", sq("f1")))


def test_without_fleet_two_odd_dice_do_not_move_a_unit_twice_through_terrain() -> None:
    """The text's example, the other way round: "The 2 odd scoring D6 will allow it to move
    twice through terrain as it has fleet properties and ignores terrain" - a unit without
    them, next to the same leader, stops in the first terrain square it enters."""
    game = arena(TERRAIN)
    units = [
        at(0, "blue", "Battle Squad", "h6"),
        at(1, "red", "Spitter Brood", "c2"),
        at(2, "red", "Brood Leader", "b2"),
    ]
    state = game.apply(rolling(game.position(units, player="red"), 3, 5), Activate("red", 1))
    assert state.activation is not None
    assert state.activation.dice == (3, 5), "2D6 next to its leader"
    state = walk(game, state, "d2")
    with pytest.raises(IllegalAction, match="ended its movement this turn"):
        game.apply(state, Step("red", sq("d3")))


@pytest.mark.parametrize("profile", ["Jump Squad", "Gunship"])
def test_jump_packs_and_flyers_ignore_terrain(profile: str) -> None:
    """ "Assault troops with jetpacks can ignore the terrain and move 2 squares as part of their
    move activation. They will also be able to attack ... with the even D6 activation." """
    game = arena(TERRAIN)
    units = [at(0, "blue", profile, "c1"), at(1, "red", "Swarmlings", "e3")]
    state = game.apply(rolling(game.position(units), 1, 4), Activate("blue", 0))
    state = walk(game, state, "d1", "d2")
    assert state.units[0].square == sq("d2"), "into the rough and on, in one move"
    assert state.activation is not None
    assert state.activation.dice == (4,)
    weapon = "pistols" if profile == "Jump Squad" else "rockets"
    assert {Aim("blue", weapon), Overwatch("blue")} <= set(game.legal_actions(state, "blue"))


def test_fleet_swarm_next_to_its_leader_moves_twice_through_terrain() -> None:
    """ "A Tyranid unit (low quality) rolls 2D6 because it is adjacent to a Warrior leader
    unit. If it were not next to a leader it would have rolled 1 D6. The 2 odd scoring D6 will
    allow it to move twice through terrain as it has fleet properties and ignores terrain."
    (Sequence of Play), with the activation dice rolled."""
    game = arena(TERRAIN)
    units = [
        at(0, "blue", "Battle Squad", "h6"),
        at(1, "red", "Swarmlings", "c2"),
        at(2, "red", "Brood Leader", "b2"),
    ]
    state = game.apply(rolling(game.position(units, player="red"), 3, 5), Activate("red", 1))
    assert state.activation is not None
    assert state.activation.dice == (3, 5), "2D6 next to the leader, both odd"
    state = walk(game, state, "d2", "d3", "c4", "c5")
    assert state.activation is None, "two moves of 2 squares, in and out of terrain"
    assert state.units[1].square == sq("c5")
    alone = game.position([units[0], units[1], at(2, "red", "Brood Leader", "f5")], player="red")
    alone = game.apply(rolling(alone, 3), Activate("red", 1))
    assert alone.activation is not None
    assert alone.activation.dice == (3,), "not next to a leader: 1D6"


def test_a_unit_may_move_only_some_of_its_allowance() -> None:
    """ "When a unit is activated to move, it may move all or some of its movement
    allowance": a jump squad steps one of its two squares and attacks with its even die."""
    units = [at(0, "blue", "Jump Squad", "a1"), at(1, "red", "Swarmlings", "a3")]
    state = walk(GAME, activating(GAME.position(units), 0, 1, 2), "a2")
    assert state.activation is not None
    assert state.activation.move_left == 1
    state = GAME.apply_all(state, [Aim("blue", "pistols"), Target("blue", 1)])
    assert state.activation is None
    assert state.units[0].square == sq("a2")


def test_only_one_unit_a_square_unless_one_is_a_flyer() -> None:
    """ "Only one unit can occupy a square except where one unit is a flyer" (never two)."""
    units = [
        at(0, "blue", "Battle Squad", "b1"),
        at(1, "blue", "Battle Squad", "c1"),
        at(2, "blue", "Gunship", "b2"),
        at(3, "red", "Winged Terror", "a2"),
        at(4, "red", "Swarmlings", "h6"),
    ]
    state = GAME.position(units)
    ground = activating(state, 0, 1)
    assert "c1" not in steps(ground)
    with pytest.raises(
        IllegalAction, match="only one unit a square, unless one of them is a flyer"
    ):
        GAME.apply(ground, Step("blue", sq("c1")))
    assert "b2" in steps(ground), "a ground unit may stand under a flyer"
    flyer = activating(state, 2, 1)
    assert {"b1", "c1"} <= steps(flyer), "a flyer may stand over a ground unit"
    assert GAME.illegal_reason(flyer, Step("blue", sq("b1"))) is None
    assert "a2" not in steps(flyer), "but never with another flyer"
    with pytest.raises(IllegalAction, match="only one unit a square"):
        GAME.apply(flyer, Step("blue", sq("a2")))


def test_a_unit_may_end_its_activation_with_dice_left() -> None:
    units = [at(0, "blue", "Battle Squad", "a1"), at(1, "red", "Swarmlings", "h6")]
    state = GAME.apply(activating(GAME.position(units), 0, 1, 3), EndActivation("blue"))
    assert state.units[0].activated
    assert state.units[0].square == sq("a1")
