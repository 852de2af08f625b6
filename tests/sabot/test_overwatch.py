"""Overwatch attacks (VII-a): a unit that did not move may fire at an enemy while it moves,
in a hex where it is in range; a mover that only passed through range is safe otherwise."""

import pytest

from wargames.core.errors import IllegalAction, NotYourTurn
from wargames.sabot import Advance, Attack, Fire, Hold, Sabot, SabotState, Select, Stop
from wargames.sabot.firing import fire_problem

from .helpers import at, change, field, newest, play, seed_for

# A hover light tank runs north up column 01 (eight hexes); the tank at 0708 (gun range 6)
# has it in range from 0111 to 0105 only.
UNITS = [("blue", "HLT", "0112", 0), ("yellow", "MBT", "0708", 0)]


def start(seed: int = 0) -> tuple[Sabot, SabotState]:
    game = field()
    return game, change(game.position(UNITS, seed=seed), 1, revealed=True)


def test_each_hex_entered_in_range_opens_a_window_for_the_enemy() -> None:
    game, state = start()
    state = play(game, state, "move 0", "advance")
    assert at(game, state, 0) == "0111"
    assert game.to_act(state) == {"yellow"}
    assert set(game.legal_actions(state, "yellow")) == {Fire("yellow", 1, "gun", 0), Hold("yellow")}
    with pytest.raises(NotYourTurn):
        game.apply(state, Advance("blue"))  # the mover waits for the answer
    windows = []
    for _ in range(7):
        state = play(game, state, "hold", "advance")
        windows.append((at(game, state, 0), game.to_act(state) == {"yellow"}))
    assert windows[-2:] == [("0105", True), ("0104", False)]  # out of range: no window


def test_a_shot_that_disables_the_mover_stops_it_there() -> None:
    game, state = start(seed_for(4, 5))  # 4 + 4 against 5 + 3: Disabled
    state = play(game, state, "move 0", "advance", "hold", "advance", "fire 1 gun 0")
    assert newest(state, Attack).result == "disabled"
    state = play(game, state, "hold")
    assert at(game, state, 0) == "0110"
    assert Advance("blue") not in game.legal_actions(state, "blue")


def test_an_unharmed_mover_finishes_its_move() -> None:
    game, state = start(seed_for(1, 10))
    state = play(game, state, "move 0", "advance", "fire 1 gun 0")
    assert newest(state, Attack).result == "miss"
    state = play(game, state, "hold", "advance")
    assert at(game, state, 0) == "0110"


def test_the_overwatcher_neither_moves_nor_fires_in_the_combat_phase() -> None:
    game, state = start(seed_for(1, 10))
    state = play(game, state, "move 0", "advance", "fire 1 gun 0", "hold", "stop", "done")
    assert Select("yellow", 1) not in game.legal_actions(state, "yellow")  # movement
    state = play(game, state, "done", "done")
    assert Select("yellow", 1) not in game.legal_actions(state, "yellow")  # attack


def test_entering_and_leaving_range_protects_the_mover() -> None:
    game, state = start()
    path = ["advance"] * 8
    state = play(game, state, "move 0", *path, "stop", "done", "done", "done")
    assert at(game, state, 0) == "0104"
    assert game.to_act(state) == {"yellow"}
    assert game.phase(state) == "attack"
    assert Select("yellow", 1) not in game.legal_actions(state, "yellow")  # out of range now
    moved = change(start()[1], 1, moved=True)  # a unit that moved this turn: no overwatch
    moved = play(game, moved, "move 0", "advance")
    assert game.to_act(moved) == {"blue"}


def test_a_concealed_counter_opens_a_window_even_if_it_cannot_shoot() -> None:
    game = field()
    state = game.position([("blue", "HLT", "0112", 0), ("yellow", "DECOY", "0708", 0)])
    state = play(game, state, "move 0", "advance")
    assert game.legal_actions(state, "yellow") == (Hold("yellow"),)  # the decoy gives nothing away


def test_a_window_opens_on_the_start_hex_before_the_mover_leaves() -> None:
    game, state = start(seed_for(10, 1))  # 10 + 4 against 1 + 3: destroyed where it stood
    state = change(state, 0, hex=game.map.parse("0111"))
    state = game.apply(state, Select("blue", 0))
    assert game.to_act(state) == {"yellow"}  # 0111 is in the tank's range
    state = play(game, state, "fire 1 gun 0")
    assert newest(state, Attack).result == "destroyed"
    assert at(game, state, 0) == "0111"
    out_of_range = change(state, 0, hex=game.map.parse("0112"), status="ok")
    out_of_range = out_of_range.with_changes(moving=None)
    assert game.to_act(game.apply(out_of_range, Select("blue", 0))) == {"blue"}


def test_a_squad_getting_out_of_its_carrier_can_be_watched_where_it_lands() -> None:
    game = field()
    units = [("blue", "HPC", "0112", 0), ("blue", "INF", "1111", 0), ("yellow", "MBT", "0708", 0)]
    state = change(change(game.position(units), 1, hex=-1, carrier=0), 2, revealed=True)
    state = play(game, state, "move 1")
    assert game.to_act(state) == {"blue"}  # a squad aboard is not on the map: no window
    state = play(game, state, "out 0111")
    assert game.to_act(state) == {"yellow"}
    assert Fire("yellow", 2, "gun", 1) in game.legal_actions(state, "yellow")
    state = play(game, state, "hold")
    assert game.legal_actions(state, "blue") == (Stop("blue"),)  # its move ended there
    state = play(game, state, "stop")
    assert state.moving is None
    assert state.units[1].done


def test_a_mover_destroyed_by_overwatch_can_only_stop() -> None:
    game = field()
    units = [*UNITS, ("yellow", "DECOY", "0309", 0)]  # a concealed counter to scout nearby
    state = change(game.position(units, seed=seed_for(10, 1)), 1, revealed=True)
    state = play(game, state, "move 0", "hold", "advance", "fire 1 gun 0", "hold")
    assert state.units[0].status in ("destroyed", "gone")
    assert game.legal_actions(state, "blue") == (Stop("blue"),)  # no scouting from the grave


@pytest.mark.parametrize("unit", [2, 10**6, -1, -2])
def test_an_overwatch_shot_by_no_such_unit_is_refused(unit: int) -> None:
    game, state = start()
    state = play(game, state, "move 0", "advance")
    with pytest.raises(
        IllegalAction,
        match=r"^You cannot .* it is not one of the actions of the movement phase now",
    ):
        game.apply(state, Fire("yellow", unit, "gun", 0))


def test_a_decoy_has_no_weapon_to_fire() -> None:
    """IV: a decoy is a dummy counter; the checker said so by a KeyError from the unit
    table when asked about a decoy's shot."""
    game = field()
    state = game.position([("blue", "DECOY", "0112", 0), UNITS[1]])
    decoy, enemy = state.units
    assert fire_problem(game, state, decoy, "gun", enemy) == "IV: a decoy has no weapons"


def test_overwatch_needs_a_line_of_sight_even_for_artillery() -> None:
    """The library's default (docs/sabot.md, "Overwatch windows": the shooter "draws a
    bead"): yellow's artillery, straight ahead of blue's mover and in range, may fire on it
    by overwatch only while no vehicle of blue's stands between them, though artillery needs
    no line of sight in the attack phase (``fire_problem`` finds nothing against it)."""
    game = field()
    mover, artillery = [("blue", "HLT", "0103", 3), ("yellow", "SPA", "0108", 0)]
    for between, offered in (([], True), ([("blue", "MBT", "0105", 0)], False)):
        state = play(game, game.position([mover, artillery, *between]), "move 0")
        assert game.to_act(state) == {"yellow"}  # a window opens either way
        shot = Fire("yellow", 1, "artillery", 0)
        assert (shot in game.legal_actions(state, "yellow")) == offered
        assert fire_problem(game, state, state.units[1], "artillery", state.units[0]) is None
