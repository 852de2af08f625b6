"""The dice of a replayed past (``determinize.dice``): a shot's rolls the player did not
see drawn among those giving the result seen, a purchase's shuffle dealt again draw by
draw."""

import random

from wargames.sabot import Sabot
from wargames.sabot.determinize import sample_history
from wargames.sabot.determinize.dice import Undoable
from wargames.sabot.state import Fire, Select

from .helpers import play, played, samples, set_up


def test_a_concealed_counter_disabled_by_a_shot_is_no_soldier_flyer_or_decoy() -> None:
    """VII-a: soldiers ignore Disabled, flyers hit that hard are Destroyed, and a decoy is
    never hurt: whatever blue's samples make of the counter its shot Disabled is none of
    them (the shot's rolls are hidden from blue: only the result is seen)."""
    game = Sabot(map="open:12x8", build_points=60)
    state = set_up(game, {"blue": ["MBT"], "yellow": ["HLT"]})
    while game.phase(state) != "attack" or "blue" not in game.to_act(state):
        state = play(game, state, "done")
    shots = [
        (select.unit, shot)
        for select in game.legal_actions(state, "blue")
        if isinstance(select, Select)
        for shot in game.legal_actions(game.apply(state, select), "blue")
        if isinstance(shot, Fire) and shot.weapon == "gun"
    ]
    shooter, shot = shots[0]
    state = play(game, state, f"move {shooter}")
    target = state.units[shot.target]
    mods = game.modifiers(state, state.units[shooter], "gun", target)
    attack = 5 + game.table["MBT"].damage + mods.attack
    defense = attack - game.table[target.kind].tough - mods.defense  # a tie: Disabled
    state = state.with_changes(rng=state.rng.with_forced(4, defense - 1))
    state = game.apply(state, shot)
    assert state.units[target.id].status == "disabled"
    assert not state.units[target.id].revealed
    for sample in samples(game, state, "blue"):
        kind = game.kind(sample.units[target.id])
        assert kind is not None
        assert not kind.soldier
        assert not kind.flying


def test_a_purchase_shuffled_again_gives_the_deal_a_replay_of_the_army_gives() -> None:
    """A purchase's shuffle draws depend on its earlier draws (the pool they left): a kept
    replay's purchase is dealt again draw by draw, as a replay of the army deals it."""
    game = Sabot(build_points=60, reinforcements=40)
    states = played(game, 0, 80)
    fast, slow = random.Random(80), random.Random(80)
    for state, count in ((states[len(states) * 2 // 3], 2), (states[-1], 3)):
        view = game.view(state, "yellow")
        for _ in range(count):
            kept = game.sample_history(view, "yellow", fast)
            assert kept == sample_history(game, view, "yellow", slow, reuse=False)


def test_undoable_draws_as_its_stream_and_puts_it_back_as_before_its_first_draw() -> None:
    """A run through a kept replay draws its unseen dice through ``Undoable``: the draws are
    the stream's own, and undone, the stream is as it was before the first of them (drawn
    from elsewhere before it, as it was then); with none drawn, undoing changes nothing."""
    rng, same = random.Random(5), random.Random(5)
    idle = Undoable(rng)
    rng.random(), same.random()
    idle.undo()  # nothing drawn through it
    assert rng.getstate() == same.getstate()
    undoable = Undoable(rng)
    rng.random(), same.random()  # before its first draw
    before = same.getstate()
    options = ((0, 1), (2, 3), (4, 5), (6, 7), (8, 9))
    drawn = [undoable.choice(options) for _ in range(8)]
    assert drawn == [same.choice(options) for _ in range(8)]
    assert len(set(drawn)) > 1
    undoable.undo()
    assert rng.getstate() == before
