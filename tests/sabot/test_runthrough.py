"""An army run through a kept replay (``determinize.runthrough``) gives, sample by sample,
the world its own replay from the start gives."""

import random
from typing import Any

import attrs
import pytest

from wargames.core.events import EventLog
from wargames.sabot import Sabot, SabotState, determinize
from wargames.sabot.determinize import analyse, runthrough, sample_history, segments, start
from wargames.sabot.determinize.analysis import Analysis
from wargames.sabot.determinize.draw import draw_army
from wargames.sabot.determinize.replay import Replay, Segment
from wargames.sabot.determinize.start import dressed

from .helpers import plain, played

PLAYER = "blue"


def test_an_army_run_through_a_kept_replay_gives_the_world_its_own_replay_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An army that answers a kept replay otherwise at a few steps (a counter of another
    type, whose move or toughness the replay read) runs only those steps from the kept
    states, and still gives, sample by sample, the past a replay of it from the start gives
    (or breaks where that replay breaks: the samples after it draw alike)."""
    game = Sabot()
    view = game.view(played(game)[-1], PLAYER)
    served: list[tuple[int, bool]] = []
    checked = runthrough.run_through

    def spy(*args: Any) -> Any:
        found = checked(*args)
        served.append((len(args[3]), found is not None and found[0].culprit is None))
        return found

    monkeypatch.setattr(determinize, "run_through", spy)
    fast, slow = random.Random(11), random.Random(11)
    _samples_agree(game, view, fast, slow, 12)
    assert any(steps and ok for steps, ok in served)  # served by steps run, not a replay


def test_an_army_whose_last_move_ran_unlike_the_kept_replay_ends_in_its_own_state() -> None:
    """Yellow's counter 29 is moving at the end of this view, and the army drawn ran the
    last steps unlike the kept replay (another type spends other move units per hex): the
    world is the army's own last state (its move units spent: 4), not the kept replay's (3),
    as a replay of its past gives."""
    game = Sabot()
    view = game.view(played(game, 5, 234)[-1], PLAYER)
    fast, slow = random.Random(245), random.Random(245)
    for _ in range(2):
        kept = game.sample_history(view, PLAYER, fast)
        fresh = sample_history(game, view, PLAYER, slow, reuse=False)
        assert kept.end == fresh.end
        assert list(kept.states(game))[-1] == kept.end


def test_an_army_run_through_an_earlier_views_replay_gives_the_world_its_own_replay_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bot's next view: an army that answers the earlier view's kept replay otherwise at a
    few steps runs only those (watched) and the new steps, and that run is kept as a replay
    of the new view; every sample is still the one a replay of its army from the start
    gives."""
    game = Sabot()
    states = played(game, 3, 80)
    kept_runs: list[bool] = []
    through = determinize._through

    def spy(*args: Any) -> Any:
        found = through(*args)
        kept_runs.append(found is not None and found[0].culprit is None)
        return found

    monkeypatch.setattr(determinize, "_through", spy)
    fast, slow = random.Random(83), random.Random(83)
    for state in (states[-3], states[-1]):
        _samples_agree(game, game.view(state, PLAYER), fast, slow, 3)
    assert any(kept_runs)  # served by a run through the earlier view's replay


@pytest.fixture
def taken(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """What each look for a kept run found (its run, or None), in order."""
    found: list[Any] = []
    served = segments.served

    def spy(*args: Any) -> Any:
        found.append(served(*args))
        return found[-1]

    monkeypatch.setattr(f"{runthrough.__name__}.served", spy)
    return found


def test_runs_kept_and_taken_through_a_kept_replay_give_the_world_its_own_replay_gives(
    taken: list[Any],
) -> None:
    """Runs through a kept replay from a kept state to where they break or are back on it,
    made watched once and taken by the later armies that answer them alike (their break, or
    the stream's results and move lefts they left): every sample is still the one a replay
    of its army from the start gives.  A run taken by an army that answers its move lefts
    otherwise, or taken without the move lefts it set, gives other worlds here."""
    game = Sabot()
    view = game.view(played(game, 3, 160)[-1], PLAYER)
    fast, slow = random.Random(3), random.Random(3)
    _samples_agree(game, view, fast, slow, 10)  # (runs kept from the fifth sample on)
    runs = [run for run in taken if run is not None]
    assert sum(run.culprit is not None for run in runs) >= 3  # breaks taken (6 here)
    assert sum(run.culprit is None and run.end > run.step for run in runs) >= 10  # moves (16)


def test_runs_through_shots_whose_rolls_were_unseen_give_the_world_its_own_replay_gives(
    taken: list[Any],
) -> None:
    """A kept run through a shot at a concealed counter whose rolls blue did not see keeps
    the rolls that give its result; an army that takes it draws among them from its own
    stream, as running the shot would, and its world holds its own rolls: every sample is
    the one a replay of its army from the start gives.  (Without the draw, or with the
    run's first rolls left in the log, the samples here differ.)"""
    game = Sabot()
    view = game.view(played(game)[-1], PLAYER)
    fast, slow = random.Random(2), random.Random(2)
    _samples_agree(game, view, fast, slow, 16)  # (runs kept from the fifth sample on)
    shots = [run for run in taken if run is not None and run.choices]
    assert len(shots) > len({id(run) for run in shots}) >= 1  # kept, and taken again
    assert all(run.logged for run in shots if run.culprit is None)


def test_a_run_taken_carries_on_the_move_lefts_of_the_armys_own_it_did_not_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An army whose move lefts differ from the kept replay's (an earlier stop of another
    type) keeps them through a run it takes that did not set them: the worlds are those a
    replay of each army gives (with the kept replay's move lefts put back, the fifth sample
    here differs)."""
    game = Sabot()
    view = game.view(played(game, 4, 80)[-1], PLAYER)
    carried: list[bool] = []
    served = segments.served

    def spy(*args: Any) -> Any:
        run = served(*args)
        carried.append(run is not None and bool(args[6]))
        return run

    monkeypatch.setattr(f"{runthrough.__name__}.served", spy)
    fast, slow = random.Random(4), random.Random(4)
    _samples_agree(game, view, fast, slow, 6)
    assert any(carried)


def test_a_run_is_taken_only_by_an_army_that_answers_its_move_lefts_alike() -> None:
    """What a kept run asked of a move left is answered by the army's own where it has one,
    else by the kept state's: a run that asked whether counter 7's move left was 4 is not
    the run of an army whose is 3."""
    game = Sabot()
    asked = (((7, "left"), 4, ((("__eq__", 4), True),)),)
    run = Segment(0, asked, True, None, 0)
    assert segments._answers(game, run, {}, {})
    assert segments._answers(game, run, {}, {7: 4})
    assert not segments._answers(game, run, {}, {7: 3})


def _samples_agree(
    game: Sabot, view: SabotState, fast: random.Random, slow: random.Random, times: int
) -> None:
    """``times`` samples of ``view`` through the kept replays (``fast``) are the samples a
    replay of each army from the start gives (``slow``, the same stream), and hold no watched
    value."""
    for _ in range(times):
        kept = game.sample_history(view, PLAYER, fast)
        fresh = sample_history(game, view, PLAYER, slow, reuse=False)
        assert kept == fresh
        assert kept.end == fresh.end
        assert plain(kept)


def _kept_replay(game: Sabot) -> tuple[Analysis, Replay, random.Random]:
    """The analysis of ``PLAYER``'s last view of a played game, the first replay its first
    sample kept, and the stream that drew it (to draw armies on)."""
    view = game.view(played(game)[-1], PLAYER)
    rng = random.Random(3)
    game.sample_history(view, PLAYER, rng)
    analysis = analyse(game, view, PLAYER)
    return analysis, next(iter(analysis.replays.values())), rng


def test_counters_dressed_through_a_kept_replays_cache_are_those_dressed_anew() -> None:
    """A kept replay's states dressed with one army after another through its cache
    (counters by identity, type and whether the shots marker is full) are the states
    dressed anew: the cache hands no army another's type or marker."""
    game = Sabot()
    analysis, replay, rng = _kept_replay(game)
    states = (replay.start, *replay.states[::16], replay.last)
    armies = [army for army in (draw_army(game, analysis, rng, set()) for _ in range(8)) if army]
    assert len({tuple(kinds.items()) for kinds, _ in armies}) > 1  # armies of other types
    for kinds, _ in armies:
        for state in states:
            for fresh in ((), kinds):
                cached = dressed(game, state, analysis.known | kinds, fresh, replay.dressings)
                assert cached == dressed(game, state, analysis.known | kinds, fresh)
    assert replay.dressings  # (served from the cache)


def test_a_kept_replays_dressings_are_bounded_and_dress_alike_when_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The cache a kept replay dresses its states (and its armies' own last states) through
    holds at most ``DRESSINGS`` counters: full, it is dropped and filled again, and every
    state is still the one dressed anew."""
    monkeypatch.setattr(start, "DRESSINGS", 5)
    game = Sabot()
    analysis, replay, rng = _kept_replay(game)
    replay.dressings.clear()
    armies = [army for army in (draw_army(game, analysis, rng, set()) for _ in range(6)) if army]
    sizes = []
    for kinds, _ in armies:
        for state in (replay.start, replay.last):
            cached = dressed(game, state, analysis.known | kinds, kinds, replay.dressings)
            assert cached == dressed(game, state, analysis.known | kinds, kinds)
            sizes.append(len(replay.dressings))
    assert max(sizes) == 5  # (full at times, never more)


def test_a_kept_replay_is_dressed_with_the_types_it_lacks_and_the_armys() -> None:
    """Putting an army on a kept replay's states dresses only its own counters and those the
    view knows that some state of the replay holds otherwise: yellow's counter 26, concealed
    at blue's earlier view and revealed (an SPA) before the later one, whose type the earlier
    view's replays drew, and which the later view's own replay, gone on from one of them,
    holds watched in the states it took; every state is the one dressed with every known
    type as well."""
    game = Sabot()
    states = played(game, 0, 46)
    earlier = game.view(states[40], PLAYER)
    rng = random.Random(5)
    for _ in range(4):
        game.sample_history(earlier, PLAYER, rng)
    later = game.view(states[46], PLAYER)
    analysis = analyse(game, later, PLAYER)
    assert analysis.known[26] == "SPA"
    before = [replay for _, replay in analysis.earlier[1]]
    for _ in range(4):
        game.sample_history(later, PLAYER, rng)
    replays = [*before, *analysis.replays.values()]
    own = next(iter(analysis.replays.values()))
    assert own.states[-1].units[26].kind == "SPA"  # (its last state has it as it is)
    assert 26 in runthrough._to_dress(analysis, own, {})  # an earlier state does not
    armies = [army for army in (draw_army(game, analysis, rng, set()) for _ in range(4)) if army]
    assert armies
    for replay in replays:
        for kinds, _ in armies:
            worn = runthrough._to_dress(analysis, replay, kinds)
            assert set(worn) < set(analysis.known | kinds)  # (fewer counters to look at)
            for state in replay.states:
                assert dressed(game, state, worn, ()) == dressed(
                    game, state, analysis.known | kinds, ()
                )


def test_the_next_steps_of_the_move_lefts_that_differ_are_those_of_the_replay() -> None:
    """``_Ahead`` (what the loop asks before each step it runs), called with the steps done
    going on and move lefts coming, changing and going, answers as looking every step up
    anew would: of each move left, the next step that sets it, and the first step that
    asked one otherwise, up to the step that sets it."""
    never = runthrough._NEVER
    rng = random.Random(3)
    for _ in range(200):
        setting = {u: tuple(sorted(rng.sample(range(60), rng.randrange(4)))) for u in range(5)}
        otherwise = {
            (u, left): tuple(sorted(rng.sample(range(60), rng.randrange(5))))
            for u in range(5)
            for left in range(3)
        }
        ahead = runthrough._Ahead((setting, {}, dict(otherwise)))
        after, lefts = -1, {}
        while after < 60:
            for u in range(5):
                if rng.random() < 0.3:
                    lefts[u] = rng.randrange(3)
                elif rng.random() < 0.2:
                    lefts.pop(u, None)
            bounds = {u: min((s for s in setting[u] if s > after), default=never) for u in lefts}
            first = min(
                (s for u, left in lefts.items() for s in otherwise[u, left]
                 if after < s <= bounds[u]),
                default=never,
            )  # fmt: skip
            assert ahead(after, lefts) == (list(bounds.items()), first)
            after += rng.randrange(4)


def test_a_replays_logs_cut_at_a_length_are_its_own_last_logs() -> None:
    """``Replay.log_of`` keeps its last log cut at each length it was asked (shared with
    the replays run through it): what it gives is the log cut anew, and a replay run
    through it with a last log of its own is given its own log's events, not the kept
    one's."""
    game = Sabot()
    _, replay, _ = _kept_replay(game)
    events = replay.events()
    other = [*events[:-3], *events[-1:-4:-1]]  # its last three events the other way round
    through = attrs.evolve(replay, last=replay.last.with_changes(log=EventLog(other)))
    assert through.prefixes is replay.prefixes  # (shared)
    for _ in range(2):  # asked again, from what was kept
        for changed in (0, len(events) // 2, len(events) - 2, len(events)):
            for length in (None, len(events) - 1):
                cut = replay.last.log.up_to(min(changed, length or len(events)))
                assert tuple(replay.log_of(events, changed, length)) == tuple(
                    cut.with_block(events[len(cut) : length])
                )
            assert tuple(through.log_of(other, len(other))) == tuple(other)
