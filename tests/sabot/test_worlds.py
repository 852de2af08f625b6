"""Kept replays (issue 38): a later sample of a view that draws an army already replayed
redraws only the unseen dice, and gives the very world a fresh replay gives."""

import random

from wargames.core.hidden import is_hidden
from wargames.sabot import Sabot, SabotState
from wargames.sabot.determinize import analyse, forget
from wargames.sabot.state import Attack

SEED, STEPS, PLAYER, SAMPLES = 4, 240, "blue", 6


def played(game: Sabot) -> list[SabotState]:
    """A seeded game of random legal actions (its states, the start first); its last view
    for blue shows a shot at a concealed counter, whose rolls blue did not see."""
    chooser = random.Random(SEED)
    states = [game.start(SEED)]
    while len(states) <= STEPS and game.outcome(states[-1]) is None:
        state = states[-1]
        player = chooser.choice(sorted(game.to_act(state)))
        action = chooser.choice(game.legal_actions(state, player))
        states.append(game.apply_unchecked(state, action))
    return states


def test_a_kept_replay_gives_the_world_a_fresh_replay_gives() -> None:
    game = Sabot()
    states = played(game)
    view = game.view(states[-1], PLAYER)
    hidden = [i for i, e in enumerate(view.log) if isinstance(e, Attack) and is_hidden(e.attack)]
    assert hidden  # the position has unseen dice to redraw

    rng = random.Random(7)
    kept = [game.sample_history(view, PLAYER, rng) for _ in range(SAMPLES)]
    assert len(analyse(game, view, PLAYER).replays) < SAMPLES  # some sample reused a replay
    rng = random.Random(7)
    fresh = []
    for _ in range(SAMPLES):
        forget(game)  # nothing kept: every sample replays its army
        fresh.append(game.sample_history(view, PLAYER, rng))
    for a, b in zip(kept, fresh, strict=True):
        assert a == b  # the same start (its stream forced alike) and actions
        assert a.end == b.end  # and the same last state, the unseen rolls in its log
    # the unseen rolls were redrawn (not all the kept replay's), so patching was exercised
    rolls = {tuple(h.end.log)[i].attack for h in kept if h.end for i in hidden}
    assert len(rolls) > 1
    # a past whose unseen rolls were patched replays legally to its last state
    first = kept[0].final(game)
    patched = next(h for h in kept[1:] if h.final(game).log != first.log)
    assert list(patched.states(game))[-1] == patched.end
