"""Loading and unloading soldiers (VI-e) and squads bailing out of a destroyed carrier (VII-a)."""

import pytest
from attrs import evolve

from wargames.core.errors import IllegalAction
from wargames.sabot import Attack, Board, Disembark, Sabot, SabotState, Select
from wargames.sabot.state import Rolled

from .helpers import at, change, drawn, field, newest, play, seed_for

FAR = ("yellow", "INF", "1212", 0)


def test_a_squad_with_its_move_left_boards_an_adjacent_carrier_which_then_stops() -> None:
    game = field()
    state = game.position([("blue", "ICV", "0505", 0), ("blue", "INF", "0506", 0), FAR])
    state = play(game, state, "move 1", "board 0")
    squad = state.units[1]
    assert (squad.hex, squad.carrier, squad.on_map) == (-1, 0, False)
    assert Select("blue", 0) not in game.legal_actions(state, "blue")  # the carrier's move ends


def test_boarding_needs_a_full_move_unit_room_and_a_hex_the_squad_can_enter() -> None:
    game = field()
    moved = game.position([("blue", "ICV", "0505", 0), ("blue", "INF", "0507", 0), FAR])
    moved = play(game, moved, "move 1", "advance")  # now adjacent, but its move unit is spent
    assert not any(isinstance(a, Board) for a in game.legal_actions(moved, "blue"))
    full = game.position(
        [("blue", "ICV", "0505", 0), ("blue", "INF", "0506", 0), ("blue", "INF", "0604", 0), FAR]
    )
    full = play(game, full, "move 1", "board 0", "move 2")
    assert Board("blue", 0) not in game.legal_actions(full, "blue")  # an ICV carries one squad
    water = drawn("...\n.W.\n...\n...")
    state = water.position(
        [("blue", "HPC", "0202", 0), ("blue", "INF", "0203", 0), (*FAR[:2], "0104", 0)]
    )
    state = play(water, state, "move 1")
    assert Board("blue", 0) not in water.legal_actions(state, "blue")  # soldiers can't swim


def known(game: Sabot, units: list[tuple[str, str, str, int]]) -> SabotState:
    """A position whose last counter, the enemy far away, is known: no overwatch windows."""
    state = game.position(units)
    return change(state, len(units) - 1, revealed=True)


def test_the_carrier_cannot_come_to_the_soldiers() -> None:
    """VI-e: "The carrier can't come to the soldiers": a carrier that drove up to a squad
    does not take it in; the squad must come to the carrier."""
    game = field()
    units = [("blue", "ICV", "0504", 3), ("blue", "INF", "0506", 0), FAR]
    came = play(game, known(game, units), "move 0", "advance", "stop", "move 1")
    assert at(game, came, 0) == "0505"  # next to the squad now
    assert Board("blue", 0) not in game.legal_actions(came, "blue")
    with pytest.raises(IllegalAction):
        game.apply(came, Board("blue", 0))
    waiting = play(game, known(game, units), "move 1")
    assert Board("blue", 0) not in game.legal_actions(waiting, "blue")  # not next to it
    waited = play(game, known(game, [("blue", "ICV", "0505", 0), *units[1:]]), "move 1")
    assert Board("blue", 0) in game.legal_actions(waited, "blue")  # the carrier stayed put


def fast_squads() -> Sabot:
    """A game whose infantry squads have two move units (a table of the user's own)."""
    game = field()
    types = dict(game.table.types)
    types["INF"] = evolve(types["INF"], move=2)
    game.table = evolve(game.table, types=types)
    return game


def test_a_squad_with_one_move_unit_left_may_walk_up_to_a_carrier_and_board() -> None:
    """VI-e: soldiers "next to the personnel carrier" with "one move unit left" board,
    whether the carrier has moved yet or not, as long as the squad came to it."""
    game = fast_squads()
    units = [("blue", "ICV", "0504", 3), ("blue", "INF", "0507", 0), FAR]
    moved = play(game, known(game, units), "move 0", "advance", "stop", "move 1", "advance")
    assert at(game, moved, 1) == "0506"  # next to the carrier, one move unit left
    boarded = play(game, moved, "board 0")
    assert (boarded.units[1].carrier, boarded.units[1].on_map) == (0, False)
    far = [("blue", "ICV", "0504", 3), ("blue", "INF", "0508", 0), FAR]
    spent = play(game, known(game, far), "move 0", "advance", "stop", "move 1")
    spent = play(game, spent, "advance", "advance")
    assert at(game, spent, 1) == "0506"  # next to the carrier, but no move unit left
    assert Board("blue", 0) not in game.legal_actions(spent, "blue")
    units = [("blue", "ICV", "0504", 3), ("blue", "INF", "0506", 0), FAR]
    came = play(game, known(game, units), "move 0", "advance", "stop", "move 1")
    assert Board("blue", 0) not in game.legal_actions(came, "blue")  # the carrier came


def test_unloading_waits_for_the_carrier_and_ends_both_moves() -> None:
    game = field()
    state = game.position([("blue", "HPC", "0505", 0), ("blue", "INF", "1111", 0), FAR])
    state = change(state, 1, hex=-1, carrier=0)
    state = play(game, state, "move 0", "advance")
    assert Select("blue", 1) not in game.legal_actions(state, "blue")  # carrier still moving
    state = play(game, state, "stop", "move 1")
    exits = {a.hex for a in game.legal_actions(state, "blue") if isinstance(a, Disembark)}
    assert exits == {"0503", "0603", "0604", "0505", "0404", "0403"}
    state = play(game, state, "out 0503")
    assert (at(game, state, 1), state.units[1].carrier, state.units[1].done) == ("0503", -1, True)
    # A carrier that has not moved is done once its squad gets out (it must be done first).
    state = game.position([("blue", "HPC", "0505", 0), ("blue", "INF", "1111", 0), FAR])
    state = play(game, change(state, 1, hex=-1, carrier=0), "move 1", "out 0504")
    assert Select("blue", 0) not in game.legal_actions(state, "blue")


def test_a_squad_getting_out_unseen_hides_again_and_in_sight_is_revealed() -> None:
    game = field()
    unseen = game.position([("blue", "HPC", "0505", 0), ("blue", "INF", "1111", 0), FAR])
    unseen = change(unseen, 1, hex=-1, carrier=0, revealed=True)
    assert not play(game, unseen, "move 1", "out 0504").units[1].revealed
    seen = game.position(
        [("blue", "HPC", "0505", 0), ("blue", "INF", "1111", 0), ("yellow", "MBT", "0509", 0)]
    )
    seen = change(seen, 1, hex=-1, carrier=0)
    assert play(game, seen, "move 1", "out 0506").units[1].revealed


def test_squads_in_a_destroyed_carrier_roll_odd_lost_even_out() -> None:
    game = field()
    units = [
        ("blue", "MBT", "0508", 0),
        ("yellow", "HPC", "0505", 3),
        ("yellow", "INF", "1111", 0),
        ("yellow", "INF", "1112", 0),
    ]
    # attack 10 + 4 against defense 1 + 3 destroys; the squads roll 2 (out) and 3 (lost)
    state = game.position(units, seed=seed_for(10, 1, 2, 3), phase="attack")
    state = change(change(state, 2, hex=-1, carrier=1), 3, hex=-1, carrier=1)
    state = play(game, state, "move 0", "fire 0 gun 1")
    assert newest(state, Attack).result == "destroyed"
    assert newest(state, Rolled).roll == 3
    survivor, lost = state.units[2], state.units[3]
    assert (at(game, state, 2), survivor.carrier, survivor.status) == ("0504", -1, "ok")
    assert (lost.status, lost.on_map) == ("gone", False)
