"""What a view proves of the enemy's concealed counters (``determinize.analysis``): what
each may be, narrowed by what it did, holds in every sample."""

from wargames.sabot import Sabot

from .helpers import play, samples, set_up

GAME = Sabot(map="open:16x30", build_points=60)


def test_a_counter_selected_to_move_is_no_decoy_even_a_turn_later() -> None:
    """IV: decoys cannot move, so a counter its owner selected to move (and stopped at
    once) is no decoy, long after the turn's flags are cleared."""
    game = Sabot(map="open:16x30", build_points=60, max_turns=5)
    state = set_up(game, {"blue": ["SOLDIERS"], "yellow": ["SOLDIERS"]})
    chosen = next(u for u in state.units if u.owner == "yellow" and u.on_map)
    while state.units[chosen.id].owner not in game.to_act(state):
        state = play(game, state, "done")
    state = play(game, state, f"move {chosen.id}", "stop")
    turn = state.clock.turn
    while state.clock.turn == turn:
        state = play(game, state, "done")
    assert not state.units[chosen.id].done
    kinds = {sample.units[chosen.id].kind for sample in samples(game, state, "blue")}
    assert "DECOY" not in kinds


def test_a_counter_that_turned_three_faces_in_one_move_is_no_tracked_vehicle() -> None:
    """VI-d: tracked vehicles turn two hex faces a turn, anti-grav one."""
    state = set_up(GAME, {"blue": ["SOLDIERS"], "yellow": ["HLT"]})
    mover = next(u for u in state.units if u.owner == "yellow" and u.on_map)
    while state.units[mover.id].owner not in GAME.to_act(state):
        state = play(GAME, state, "done")
    state = play(GAME, state, f"move {mover.id}", "turn right", "turn right", "turn right", "stop")
    for sample in samples(GAME, state, "blue"):
        assert GAME.table[sample.units[mover.id].kind].turns >= 3
