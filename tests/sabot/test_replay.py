"""One army replayed through the log (``determinize.replay``): an army whose types could
not have done what the log shows is refused, so no sample holds one."""

from wargames.sabot import Sabot

from .helpers import play, samples, set_up

GAME = Sabot(map="open:16x30", build_points=60)


def test_a_counter_that_moved_six_hexes_is_fast_enough() -> None:
    """VI-a: yellow's concealed counter went six hexes out of sight, so whatever blue's
    samples make of it has six move units or more (the old samples drew any type)."""
    state = set_up(GAME, {"blue": ["SOLDIERS"], "yellow": ["HLT"]})
    mover = next(u for u in state.units if u.owner == "yellow" and u.on_map)
    while state.units[mover.id].owner not in GAME.to_act(state):
        state = play(GAME, state, "done")
    state = play(GAME, state, f"move {mover.id}", *["advance"] * 6, "stop")
    assert not state.units[mover.id].revealed
    for sample in samples(GAME, state, "blue"):
        kind = GAME.table[sample.units[mover.id].kind]
        assert max(kind.move, kind.fly) >= 6
        assert GAME.view(sample, "blue") == GAME.view(state, "blue")
