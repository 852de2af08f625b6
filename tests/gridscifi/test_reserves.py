"""Reserves, flyers leaving the table, and what the opponent knows about units off the table."""

import random

import pytest

from wargames import IllegalAction
from wargames.core.hidden import is_hidden
from wargames.gridscifi import (
    Activate,
    CallReserve,
    EndActivation,
    EndTurn,
    GridSciFi,
    GridState,
    LeaveTable,
    Place,
    Status,
    Step,
)
from wargames.gridscifi.state import Arrived

from .helpers import activating, arena, at, off, rolling, sq

GAME = arena()


def ranks(state: GridState, uid: int) -> list[int]:
    legal = GAME.legal_actions(state, "blue")
    return [a.rank for a in legal if isinstance(a, CallReserve) and a.unit == uid]


def places(state: GridState) -> set[str]:
    return {str(a.square) for a in GAME.legal_actions(state, "blue") if isinstance(a, Place)}


def reserve_position() -> GridState:
    return GAME.position(
        [
            off(0, "blue", "Battle Squad", Status.RESERVE, revealed=False),
            off(1, "blue", "Sniper Team", Status.RESERVE, revealed=False),
            off(2, "blue", "Gunship", Status.RESERVE, revealed=False),
            at(3, "blue", "Battle Tank", "c1"),
            at(4, "red", "Swarmlings", "h6"),
        ]
    )


def test_units_arrive_on_their_base_edge() -> None:
    state = reserve_position()
    assert ranks(state, 0) == [1]
    state = GAME.apply(state, CallReserve("blue", 0, 1))
    assert places(state) == {"a1", "b1", "d1", "e1", "f1", "g1", "h1"}, "c1 is taken"
    state = GAME.apply(state, Place("blue", sq("e1")))
    assert state.units[0].status is Status.TABLE
    assert state.log.newest(1) == (Arrived(0, "Battle Squad", sq("e1")),)
    assert Activate("blue", 0) in GAME.legal_actions(state, "blue"), "it may act at once"


def test_one_unit_a_turn_arrives_from_reserve() -> None:
    state = GAME.apply_all(reserve_position(), [CallReserve("blue", 0, 1), Place("blue", sq("a1"))])
    assert ranks(state, 1) == []
    with pytest.raises(IllegalAction, match="one unit per turn may arrive from reserves"):
        GAME.apply(state, CallReserve("blue", 1, 1))
    state = GAME.apply_all(state, [EndTurn("blue"), EndTurn("red")])
    assert ranks(state, 1) != []


def test_scouts_also_arrive_on_the_side_edges() -> None:
    state = reserve_position()
    assert ranks(state, 1) == [1, 2, 3, 4, 5, 6]
    state = GAME.apply(state, CallReserve("blue", 1, 4))
    assert places(state) == {"a4", "h4"}


def test_flyers_deep_strike_anywhere() -> None:
    state = reserve_position()
    assert ranks(state, 2) == [1, 2, 3, 4, 5, 6]
    state = GAME.apply(state, CallReserve("blue", 2, 6))
    assert places(state) == {f"{file}6" for file in "abcdefgh"}, "over the enemy, too"
    with pytest.raises(IllegalAction, match="place the unit arriving from reserve first"):
        GAME.apply(state, EndTurn("blue"))


def test_a_flyer_leaves_the_table_from_an_edge_and_returns_in_a_later_turn() -> None:
    """ "Flyers can choose to move off the table and back into their army's reserve. They may
    return to the table in a later turn from reserves." """
    units = [
        at(0, "blue", "Gunship", "b2"),
        at(1, "blue", "Battle Squad", "e1"),
        at(2, "red", "Swarmlings", "h6"),
    ]
    state = activating(GAME.position(units), 0, 1, 3)
    with pytest.raises(IllegalAction, match="leaves the table from an edge square"):
        GAME.apply(state, LeaveTable("blue"))
    state = GAME.apply_all(state, [Step("blue", sq("a2")), LeaveTable("blue")])
    assert state.units[0].status is Status.RESERVE
    assert state.activation is None
    assert ranks(state, 0) == []
    with pytest.raises(IllegalAction, match="returns in a later turn"):
        GAME.apply(state, CallReserve("blue", 0, 1))
    state = GAME.apply_all(state, [EndTurn("blue"), EndTurn("red")])
    assert ranks(state, 0) == [1, 2, 3, 4, 5, 6]


def test_only_flyers_leave_the_table() -> None:
    units = [at(0, "blue", "Battle Squad", "a1"), at(1, "red", "Swarmlings", "h6")]
    state = activating(GAME.position(units), 0, 1)
    assert LeaveTable("blue") not in GAME.legal_actions(state, "blue")
    with pytest.raises(IllegalAction, match="only flyers"):
        GAME.apply(state, LeaveTable("blue"))


# -- hidden information ------------------------------------------------------------------------


def test_the_opponent_does_not_know_which_units_are_in_reserve_or_inside() -> None:
    game = arena()
    state = game.position(
        [
            off(0, "blue", "Battle Squad", Status.RESERVE, revealed=False),
            at(1, "blue", "Carrier", "c1"),
            off(2, "blue", "Jump Squad", Status.EMBARKED, carrier=1, revealed=False),
            at(3, "red", "Swarmlings", "h6"),
        ]
    )
    view = game.view(state, "red")
    assert is_hidden(view.units[0].profile)
    assert is_hidden(view.units[2].profile)
    assert view.units[1].profile == "Carrier"
    assert game.view(state, "blue").units == state.units, "blue knows its own units"
    assert "blue unit of unknown type in reserve" in game.describe(state, "red")


def test_a_unit_is_revealed_when_it_arrives_or_is_activated() -> None:
    state = GAME.apply(reserve_position(), CallReserve("blue", 0, 1))
    assert GAME.view(state, "red").units[0].profile == "Battle Squad"
    inside = GAME.position(
        [
            at(0, "blue", "Carrier", "c1"),
            off(1, "blue", "Jump Squad", Status.EMBARKED, carrier=0, revealed=False),
            at(2, "red", "Swarmlings", "h6"),
        ]
    )
    inside = GAME.apply(rolling(inside, 2, 2), Activate("blue", 1))
    assert GAME.view(inside, "red").units[1].profile == "Jump Squad"
    inside = GAME.apply(inside, EndActivation("blue"))
    assert GAME.view(inside, "red").units[1].profile == "Jump Squad", "known for good"


def test_determinisation_draws_hidden_units_from_the_rest_of_the_army_list() -> None:
    game = GridSciFi()
    state = game.start(seed=3)
    hidden = [u.id for u in game.view(state, "red").units if is_hidden(u.profile)]
    assert len(hidden) == 3, "two in reserve and one inside the carrier"
    roster = sorted(game.field.armies["blue"].roster)
    rng = random.Random(0)
    seen = set()
    for _ in range(30):
        sample = game.sample_state(state, "red", rng)
        assert game.view(sample, "red") == game.view(state, "red")
        assert sorted(u.profile for u in sample.units if u.owner == "blue") == roster
        for unit in sample.units:
            if unit.status is Status.EMBARKED:
                assert game.field.profile(unit).troop, "only troop units ride in transports"
        seen.add(tuple(sample.units[i].profile for i in hidden))
    assert len(seen) > 1, "the samples vary"


def test_a_hidden_unit_in_reserve_with_a_unit_inside_is_determinised_as_a_transport() -> None:
    """Which unit a passenger rides in is public, so a unit in reserve carrying one can only
    be a transport with room for it (the Carrier) in every determinisation."""
    state = GAME.position(
        [
            off(0, "blue", "Battle Squad", Status.RESERVE, revealed=False),
            off(1, "blue", "Carrier", Status.RESERVE, revealed=False),
            off(2, "blue", "Jump Squad", Status.EMBARKED, carrier=1, revealed=False),
            off(3, "blue", "Gunship", Status.RESERVE, revealed=False),
            at(4, "red", "Swarmlings", "h6"),
        ]
    )
    view = GAME.view(state, "red")
    assert view.units[2].carrier == 1
    rng = random.Random(0)
    seen = set()
    for _ in range(30):
        sample = GAME.sample_state(state, "red", rng)
        assert GAME.view(sample, "red") == view
        assert sample.units[1].profile == "Carrier"
        assert GAME.field.profile(sample.units[2]).troop
        seen.add((sample.units[0].profile, sample.units[3].profile))
    assert len(seen) > 1, "the other units in reserve still vary"


@pytest.mark.parametrize("profile", ["Battle Squad", "Gunship"])
def test_a_unit_in_reserve_keeps_the_turn_open_whatever_it_is(profile: str) -> None:
    """Library default: with the base rank full a Battle Squad has nowhere to arrive and a
    Gunship has; were the turn to end by itself for the one and not the other, red would
    learn what blue holds in reserve.  Either way blue ends the turn."""
    units = [
        at(i, "blue", "Battle Squad", f"{file}1", activated=True)
        for i, file in enumerate("abcdefg")
    ]
    units += [
        at(7, "blue", "Battle Tank", "h1"),
        off(8, "blue", profile, Status.RESERVE, revealed=False),
        at(9, "red", "Swarmlings", "h6"),
    ]
    state = activating(GAME.position(units), 7, 2)
    state = GAME.apply(state, EndActivation("blue"))
    assert GAME.to_act(state) == {"blue"}
    assert GAME.legal_actions(state, "blue")[-1] == EndTurn("blue")
    assert GAME.to_act(GAME.apply(state, EndTurn("blue"))) == {"red"}
