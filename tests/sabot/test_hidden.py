"""Concealment (sections IV, VI-g): counters, decoys and shots markers stay hidden."""

from hypothesis import given
from hypothesis import strategies as st

from wargames.core.hidden import is_hidden
from wargames.sabot import Sabot

from .helpers import field, play

GAME = Sabot(build_points=120)


@given(st.integers(0, 2**16))
def test_views_hide_every_concealed_identity_decoy_and_ammo(seed: int) -> None:
    state = GAME.start(seed)
    assert sum(1 for u in state.units if u.kind == "DECOY") == 4  # two decoys a side
    for player in GAME.players:
        view = GAME.view(state, player)
        for unit in view.units:
            mine = unit.owner == player
            assert is_hidden(unit.kind) != mine
            assert is_hidden(unit.ammo) != mine


def test_attacking_reveals_the_attacker_and_moving_in_sight_too() -> None:
    game = field()
    state = game.position([("blue", "MBT", "0505", 0), ("yellow", "MBT", "0508", 0)])
    state = play(game, state, "move 0", "turn right")
    assert not state.units[0].revealed  # turning is no move
    state = play(game, state, "advance")
    assert state.units[0].revealed  # moved in sight of an enemy within 8 hexes
    state = game.position(
        [("blue", "MBT", "0505", 3), ("yellow", "MBT", "0508", 0)], phase="attack"
    )
    state = play(game, state, "move 0", "fire 0 gun 1")
    assert state.units[0].revealed
    assert not state.units[1].revealed  # just attacking a unit won't tell you what it is
    assert is_hidden(game.view(state, "blue").log.newest(1)[0].defense)


def test_scouting_a_decoy_removes_it() -> None:
    game = field()
    units = [("blue", "WSC", "0505", 0), ("yellow", "DECOY", "0502", 0)]
    for seed in range(20):
        state = play(game, game.position(units, seed=seed), "move 0", "scout 1")
        if state.units[1].status == "gone":
            break
    else:
        raise AssertionError("a +1 scout never succeeded in 20 seeds")
    odds = game.odds(
        play(game, game.position(units), "move 0"), game.parse_action(state, "scout 1", "blue")
    )
    assert odds is not None
    assert odds[True] == 7 / 10 or float(odds[True]) == 0.7
