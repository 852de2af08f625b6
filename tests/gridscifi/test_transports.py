"""Transport: embarking, units inside, disembarking, bailing out of a destroyed transport."""

import pytest

from wargames import IllegalAction
from wargames.gridscifi import (
    Activate,
    Aim,
    BailOut,
    Embark,
    EndActivation,
    EndTurn,
    Overwatch,
    Status,
    Step,
    Target,
)
from wargames.gridscifi.state import BailOutRolled, GridAction, Stranded

from .helpers import activating, arena, at, off, rolling, sq

GAME = arena()
WOODS = arena(
    """
    ........
    ........
    ........
    ........
    ...T....
    ........
    """
)


def test_a_troop_unit_embarks_into_a_transport_next_to_it() -> None:
    units = [
        at(0, "blue", "Battle Squad", "b1"),
        at(1, "blue", "Carrier", "c2"),
        at(2, "blue", "Battle Squad", "d1"),
        at(3, "red", "Swarmlings", "h6"),
    ]
    state = activating(GAME.position(units), 0, 1, 2)
    assert Embark("blue", 1) in GAME.legal_actions(state, "blue")
    state = GAME.apply(state, Embark("blue", 1))
    assert state.units[0].status is Status.EMBARKED
    assert state.units[0].carrier == 1
    assert state.activation is None, "embarking ends the activation"
    state = activating(state, 2, 1)
    with pytest.raises(IllegalAction, match="no room for another unit"):
        GAME.apply(state, Embark("blue", 1))


def test_embarking_is_a_move() -> None:
    units = [
        at(0, "blue", "Battle Squad", "b1"),
        at(1, "blue", "Carrier", "c2"),
        at(2, "red", "Swarmlings", "h6"),
    ]
    state = activating(GAME.position(units), 0, 2)
    with pytest.raises(IllegalAction, match="embarking is a move"):
        GAME.apply(state, Embark("blue", 1))
    far = activating(GAME.position([*units[:1], at(1, "blue", "Carrier", "d3"), units[2]]), 0, 1)
    with pytest.raises(IllegalAction, match="not next to the unit"):
        GAME.apply(far, Embark("blue", 1))


def test_units_in_a_transport_may_not_be_attacked_and_ride_with_it() -> None:
    units = [
        at(0, "blue", "Carrier", "c2"),
        off(1, "blue", "Battle Squad", Status.EMBARKED, carrier=0),
        at(2, "red", "Swarmlings", "c4"),
        at(3, "blue", "Battle Squad", "b4"),
    ]
    state = activating(GAME.position(units, player="red"), 2, 2)
    state = GAME.apply(state, Aim("red", "spine-rifles"))
    with pytest.raises(IllegalAction, match="units in a transport may not be attacked"):
        GAME.apply(state, Target("red", 1))
    moving = activating(GAME.position(units), 0, 1, 1)
    moves: list[GridAction] = [
        Step("blue", sq("d2")),
        Step("blue", sq("e2")),
        EndActivation("blue"),
    ]
    moving = GAME.apply(rolling(GAME.apply_all(moving, moves), 1), Activate("blue", 1))
    assert moving.units[1].status is Status.EMBARKED
    out = {str(a.square) for a in GAME.legal_actions(moving, "blue") if isinstance(a, Step)}
    assert out == {"d1", "e1", "f1", "d2", "f2", "d3", "e3", "f3"}, "around the carrier on e2"


def test_only_troop_units_embark() -> None:
    """ "Some non-troop units are able to transport troop units." (Transport)"""
    units = [
        at(0, "blue", "Gunship", "b1"),
        at(1, "blue", "Carrier", "c2"),
        at(2, "red", "Swarmlings", "h6"),
    ]
    state = activating(GAME.position(units), 0, 1)
    assert Embark("blue", 1) not in GAME.legal_actions(state, "blue")
    with pytest.raises(IllegalAction, match="only troop units on the table embark"):
        GAME.apply(state, Embark("blue", 1))


def test_a_unit_inside_only_steps_out_or_ends() -> None:
    """Library default: units inside a transport do not attack or go into overwatch; when
    activated they step out (a move) or end their activation."""
    units = [
        at(0, "blue", "Carrier", "c2"),
        off(1, "blue", "Battle Squad", Status.EMBARKED, carrier=0),
        at(2, "red", "Swarmlings", "c4"),
    ]
    state = GAME.apply(rolling(GAME.position(units), 2, 4), Activate("blue", 1))
    assert GAME.legal_actions(state, "blue") == (EndActivation("blue"),), "even dice only"
    with pytest.raises(IllegalAction, match="inside a transport cannot go into overwatch"):
        GAME.apply(state, Overwatch("blue"))
    with pytest.raises(IllegalAction, match="inside a transport does not attack"):
        GAME.apply(state, Aim("blue", "rifles"))


def test_units_disembark_next_to_their_transport_into_cover() -> None:
    """ "[Infantry] units disembark into cover from their [transport]." """
    units = [
        at(0, "blue", "Carrier", "c2"),
        off(1, "blue", "Battle Squad", Status.EMBARKED, carrier=0),
        at(2, "red", "Swarmlings", "h6"),
    ]
    state = WOODS.apply(rolling(WOODS.position(units), 1, 3), Activate("blue", 1))
    options = {str(a.square) for a in WOODS.legal_actions(state, "blue") if isinstance(a, Step)}
    assert options == {"b1", "c1", "d1", "b2", "d2", "b3", "c3", "d3"}
    state = WOODS.apply(state, Step("blue", sq("d2")))
    assert state.units[1].status is Status.TABLE
    assert state.units[1].square == sq("d2")
    assert state.activation is not None
    assert state.activation.move_left == 0, "entering the woods ended the move"


def test_units_bail_out_of_a_destroyed_transport() -> None:
    """ "roll a D6 for each transported unit subtracting their armour value as they bail out.
    Placing them in adjacent squares." """
    units = [
        at(0, "blue", "Carrier", "c2", damage=2),
        off(1, "blue", "Battle Squad", Status.EMBARKED, carrier=0),
        at(2, "red", "Crusher Beast", "c4"),
        at(3, "red", "Swarmlings", "h6"),
    ]
    state = rolling(activating(GAME.position(units, player="red"), 2, 2), 6, 5)
    state = GAME.apply_all(state, [Aim("red", "bio-cannon"), Target("red", 0)])
    assert not state.units[0].alive
    assert BailOutRolled(1, 5, 2) in list(state.log), "5 minus full armour 3: 2 hits"
    assert state.units[1].damage == 2
    assert GAME.to_act(state) == {"blue"}, "the owner places the unit"
    squares = {str(a.square) for a in GAME.legal_actions(state, "blue") if isinstance(a, BailOut)}
    assert squares == {"b1", "c1", "d1", "b2", "d2", "b3", "c3", "d3"}
    state = GAME.apply(state, BailOut("blue", sq("b3")))
    assert state.units[1].status is Status.TABLE
    assert not state.units[1].pinned
    assert GAME.to_act(state) == {"red"}


@pytest.mark.parametrize(
    ("profile", "face", "hits"), [("Sniper Team", 4, 2), ("Battle Squad", 4, 1)]
)
def test_the_bail_out_roll_subtracts_the_units_own_armour(
    profile: str, face: int, hits: int
) -> None:
    """ "roll a D6 for each transported unit subtracting their armour value": light armour 2,
    full armour 3."""
    units = [
        at(0, "blue", "Carrier", "c2", damage=2),
        off(1, "blue", profile, Status.EMBARKED, carrier=0),
        at(2, "red", "Crusher Beast", "c4"),
        at(3, "red", "Swarmlings", "h6"),
    ]
    state = rolling(activating(GAME.position(units, player="red"), 2, 2), 6, face)
    state = GAME.apply_all(state, [Aim("red", "bio-cannon"), Target("red", 0)])
    assert BailOutRolled(1, face, hits) in list(state.log)
    assert state.units[1].damage == hits


def test_a_bail_out_roll_can_destroy_a_unit() -> None:
    units = [
        at(0, "blue", "Carrier", "c2", damage=2),
        off(1, "blue", "Battle Squad", Status.EMBARKED, carrier=0, damage=4),
        at(2, "red", "Crusher Beast", "c4"),
        at(3, "red", "Swarmlings", "h6"),
    ]
    state = rolling(activating(GAME.position(units, player="red"), 2, 2), 6, 4)
    state = GAME.apply_all(state, [Aim("red", "bio-cannon"), Target("red", 0)])
    assert not state.units[1].alive
    assert GAME.outcome(state) is not None, "blue has nothing left"


def test_with_no_vacant_square_a_unit_stays_pinned_with_the_wreck() -> None:
    """ "If there are no adjacent square, they remain with the transport in a pinned state
    until a vacant square is available." """
    units = [
        at(0, "blue", "Carrier", "a1", damage=2),
        off(1, "blue", "Battle Squad", Status.EMBARKED, carrier=0),
        at(2, "red", "Winged Terror", "a1"),
        at(3, "red", "Swarmlings", "a2"),
        at(4, "red", "Swarmlings", "b1"),
        at(5, "blue", "Battle Squad", "b2"),
    ]
    state = rolling(activating(GAME.position(units, player="red"), 2, 2), 6, 1, 1)
    state = GAME.apply_all(state, [Aim("red", "spines"), Target("red", 0)])
    assert state.units[1].status is Status.STRANDED
    assert state.units[1].pinned
    assert Stranded(1) in list(state.log)
    state = activating(state, 3, 2)
    state = GAME.apply(state, Aim("red", "claws"))
    with pytest.raises(IllegalAction, match="the target is not on the table"):
        GAME.apply(state, Target("red", 1))


def test_a_stranded_unit_bails_out_when_a_square_is_free_at_its_turn() -> None:
    units = [
        off(0, "blue", "Battle Squad", Status.STRANDED, square=sq("a1"), pinned=True),
        at(1, "red", "Swarmlings", "a2"),
        at(2, "red", "Swarmlings", "b1"),
    ]
    state = GAME.apply(GAME.position(units, player="red"), EndTurn("red"))
    assert GAME.to_act(state) == {"blue"}
    assert GAME.legal_actions(state, "blue") == (BailOut("blue", sq("b2")),)
    state = GAME.apply(state, BailOut("blue", sq("b2")))
    assert state.units[0].status is Status.TABLE
    assert state.units[0].pinned, "it stays pinned"


def test_a_stranded_unit_is_not_activated() -> None:
    units = [
        off(0, "blue", "Battle Squad", Status.STRANDED, square=sq("a1"), pinned=True),
        at(1, "blue", "Battle Squad", "d1"),
        at(2, "red", "Swarmlings", "a2"),
        at(3, "red", "Swarmlings", "b1"),
        at(4, "red", "Swarmlings", "b2"),
    ]
    state = GAME.position(units)
    assert Activate("blue", 0) not in GAME.legal_actions(state, "blue")
    with pytest.raises(IllegalAction, match="the unit is not on the table"):
        GAME.apply(state, Activate("blue", 0))
