"""Kept replays (issue 38, ``determinize.kept``): a later sample of a view that draws an
army agreeing with a kept replay on the counters it looked at redraws only the unseen dice
and puts its own types on the others, and gives the very world a fresh replay gives."""

import random
from collections import Counter
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.hidden import is_hidden
from wargames.core.history import History
from wargames.core.watched import Watch
from wargames.sabot import Sabot, SabotState
from wargames.sabot.determinize import analyse, forget, sample_history
from wargames.sabot.determinize.replay import replay_army
from wargames.sabot.determinize.start import full_start
from wargames.sabot.state import Attack
from wargames.testing import Playout, playouts

from .helpers import plain, played

PLAYER, SAMPLES = "blue", 6


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


GAME = Sabot(build_points=60)
"""Draws the playouts only: each example samples with a game of its own (a cold cache)."""


@settings(max_examples=10)
@given(
    playouts(GAME, max_steps=80) | playouts(GAME, max_steps=40, setup={"deploy": False}),
    st.sampled_from(GAME.players),
    st.integers(0, 2**32),
)
def test_kept_replays_give_the_pasts_a_replay_of_every_army_gives(
    playout: Playout, player: str, seed: int
) -> None:
    """An earlier view sampled first (its replays go on to the later view), then the last,
    each sample equal to a replay of every army's; then both again, the last first, with
    the replays of both kept (a warm cache): the very same pasts."""
    game = Sabot(build_points=60)
    middle = cast(SabotState, playout.states[len(playout.states) // 2])
    views = [game.view(middle, player), game.view(cast(SabotState, playout.final), player)]
    cold: list[list[History]] = []
    for i, (view, samples) in enumerate(zip(views, (2, 4), strict=True)):
        fast, slow = random.Random(seed + i), random.Random(seed + i)
        cold.append([])
        for _ in range(samples):  # the later samples may be served by the first's replays
            kept = game.sample_history(view, player, fast)
            fresh = sample_history(game, view, player, slow, reuse=False)
            assert kept == fresh
            assert kept.end == fresh.end
            assert plain(kept)
            cold[-1].append(kept)
    for i in (1, 0):  # what a warm cache gives cannot depend on what it held before
        rng = random.Random(seed + i)
        warm = [game.sample_history(views[i], player, rng) for _ in cold[i]]
        assert warm == cold[i]
        assert [h.end for h in warm] == [h.end for h in cold[i]]
    analysis = analyse(game, views[1], player)
    for key, replay in analysis.replays.items():  # each kept replay, gone on from another's
        army = {u: replay.last.units[u].kind for u in analysis.unknown}
        if replay.culprit is not None:
            army = {u: replay.start.units[u].kind for u in analysis.unknown}
        start = full_start(game, analysis, army).with_changes(rng=replay.start.rng)
        again = replay_army(game, analysis, start, (army, dict(key[0])), random.Random(0), Watch())
        # looks where a replay of its army from the start looks, and marks where it marks
        # (one run through an earlier view's replay keeps only those before the first step run)
        assert again.looks == replay.looks
        marks = {(m.step, m.forced, m.choices) for m in again.marks}
        assert {(m.step, m.forced, m.choices) for m in replay.marks} <= marks
        assert (again.actions, again.culprit) == (replay.actions, replay.culprit)


@pytest.mark.parametrize(("seed", "steps"), [(0, 30), (6, 40), (7, 40)])
def test_kept_replays_draw_the_kinds_a_replay_of_every_army_draws(seed: int, steps: int) -> None:
    """At early positions with five to nine concealed counters the replays look at none to
    three of them: the others take many types without a replay of their own, each army as
    often as when every army drawn is replayed."""
    game = Sabot(build_points=60)
    view = game.view(played(game, seed, steps)[-1], PLAYER)
    enemy = game.opponent(PLAYER)
    hidden = [u.id for u in view.units if u.owner == enemy and is_hidden(u.kind)]

    def drawn(history: History) -> tuple[str, ...]:
        assert history.end is not None
        return tuple(cast(SabotState, history.end).units[u].kind for u in hidden)

    fast, slow = random.Random(5), random.Random(5)
    kept = Counter(drawn(game.sample_history(view, PLAYER, fast)) for _ in range(20))
    fresh = Counter(drawn(sample_history(game, view, PLAYER, slow, reuse=False)) for _ in range(20))
    assert kept == fresh
    replays = analyse(game, view, PLAYER).replays
    assert len(kept) > 2 * len(replays)  # most armies drawn were served by a kept replay
