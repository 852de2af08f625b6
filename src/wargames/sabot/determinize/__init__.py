"""Sampled pasts (``sample_history``): a full start and every action since, consistent with
everything a player has seen, whose last state is the determinisation.

The log keeps every action (:class:`~wargames.sabot.state.Played`, the enemy's purchase as
``buy ?``) after the events it caused, and the random set-up logs where each counter went, so
the past is the log itself; what is secret is what the enemy's concealed counters are (with
the platoons bought) and the dice the player did not see.  A sample:

1. narrows what each concealed counter may be from what it did (:func:`domains`): a counter
   that moved, fired, was hit to effect, carried a squad or made a special action is no
   decoy; a squad that boarded, got out or rolled to leave a swamp is a soldier; one that
   took off has a jet pack; a carrier holds its squads; a special action names its vehicle;
   a scouting total bounds the scout's bonus; the turns of one move bound its type's turns;
   where it was set up, it can stand;
2. draws the enemy's army (II: whole platoons within the build points and the decoys, and
   each purchase one platoon within the turn's points; a unit of its own for every counter
   that is no decoy, of a type it may be, and an engineer per four prepared positions dug)
   and gives each concealed counter a type of its domain
   (:func:`~wargames.core.hidden.sample_assignment`);
3. replays the log from the start, the enemy's actions checked, forcing each die the
   player saw (an adjusted roll less its modifiers) and drawing each die they did not (the
   rolls of a shot at a concealed counter) among those that give the result seen; every
   action must cause the events logged.  Where it does not (a counter moved farther than
   its sampled type could, or survived a hit it could not), that type is ruled out for that
   counter for the rest of this sample's tries (not kept for later samples: a replay may
   blame the wrong counter, so the last quarter of the tries draws without it), and the
   sample is drawn again.

What was proved of a counter by replays is kept per view (:class:`Analysis`), so a search
bot's many samples of one view pay for it once; so is each replay (:class:`Replay`, eight a
view).  A replay runs with each concealed counter's type, shots marker and move left watched
(:mod:`wargames.core.watched`) and keeps, step by step, what it asked of each: the type
itself, or only a comparison (``kind == DECOY``) or the fields of the type it read through
the unit table (its ``move``, its movement ``type``, its ``tough``...); the state before each
step; and a mark where something was first asked.  A counter's type that answers everything
asked of it alike would have run the replay the same, so a later army drawn

* that answers every question of a kept replay alike (and bought the same platoons) is not
  replayed: its own types (shots markers never set: full) go on the kept start and last
  state, and the dice the player did not see are drawn again, among the same results, with
  the same calls on ``rng`` as its replay would make;
* that answers otherwise at a few steps (a counter of another type that moved or was shot
  at) runs only those steps (:func:`run_through`), each from the kept state before it with its
  types put on, the next step too while its state is unlike the kept one after it (a move's
  units spent, whether it was stopped); a move left of its own that differs is carried on,
  and a later step that asked it otherwise is run too (a stop where all it answers
  otherwise is the move left the stop writes is not run: that move left is carried on).
  Where it breaks from the log, it breaks there as its replay would (the same culprit, the
  same draws); where a step leaves what the kept replay cannot continue (other dice, a kept
  replay that broke there), the draws are undone and it is replayed; a run of steps from a
  kept state to where it breaks or is back on the kept replay, drawing no unseen dice, is
  made once watched and kept, and a later army that answers it alike takes its end
  without running it (:mod:`.segments`);
* that answers alike up to a mark goes on from the state at that mark, its own types put
  on, the unseen dice before it drawn as above;
* of a later view of the game (the same start, what the earlier knew known alike, its steps
  the first of these: a bot's next decision) goes on so from the earlier view's replays, up
  to a mark or from their last state; or, where it answers one otherwise at a few steps,
  runs those (watched) through it and the new steps after, kept as a replay of this view.

The modules, in the order a sample uses them: :mod:`.analysis` (what the view proves),
:mod:`.draw` (the army drawn), :mod:`.start` (an army put on a state), :mod:`.replay` with
:mod:`.dice` and :mod:`.watching` (one army replayed, watched), :mod:`.kept` (what the kept
replays offer an army), :mod:`.runthrough` (an army run through a kept replay) and
:mod:`.segments` (runs through a kept replay kept for the armies that answer them alike).

So each sample is the one a replay of its army from the start gives (``reuse=False`` replays
every army so, unwatched: the tests' reference).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from wargames.core.errors import NoPast
from wargames.core.history import History
from wargames.core.watched import Watch
from wargames.sabot.determinize.analysis import Analysis, analyse, domains, forget
from wargames.sabot.determinize.dice import Redraw, Undoable
from wargames.sabot.determinize.draw import Army, draw_army, platoon_mix
from wargames.sabot.determinize.kept import Found, army_key, past, source
from wargames.sabot.determinize.replay import Mark, Replay, replay_army
from wargames.sabot.determinize.runthrough import run_through
from wargames.sabot.determinize.start import full_start, position
from wargames.sabot.determinize.watching import Part
from wargames.sabot.state import SabotState

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot


__all__ = ["Analysis", "Replay", "analyse", "domains", "forget", "platoon_mix", "sample_history"]

TRIES: Final = 200
"""Armies drawn (and replayed) per sample before giving up with :class:`NoPast`."""
KEPT: Final = 8
"""Replays an analysis keeps, the oldest dropped first (a late replay holds its last state,
about 0.17 MB)."""


def sample_history(
    game: Sabot, view: SabotState, player: str, rng: random.Random, *, reuse: bool = True
) -> History:
    """A past that shows ``player`` exactly what they saw (see the module).  ``reuse=False``
    keeps nothing and replays every army drawn, unwatched: the same past for the same
    ``rng``, more slowly (the reference the tests hold the kept replays to).

    :raises NoPast: if none was found in :data:`TRIES` draws.
    """
    analysis = analyse(game, view, player) if reuse else Analysis(game, view, player)
    analysis.samples += 1
    no_past = not analysis.steps and not analysis.start_events
    ruled_out: set[tuple[int, str]] = set()  # types this call's replays ruled out
    for attempt in range(TRIES):
        # What replays ruled out may, rarely, be too much (a type failed where another
        # counter's was to blame): the last quarter of the tries draws without it.
        banned = ruled_out if attempt < TRIES * 3 // 4 else set()
        drawn = draw_army(game, analysis, rng, banned)
        if drawn is None:
            continue
        kinds = drawn[0]
        if no_past and game.phase(view) != "set-up":
            start = position(game, analysis, kinds)
            return History(start.with_changes(rng=game.fresh_rng(rng)), ())
        fresh = game.fresh_rng(rng)
        found = source(game, analysis, drawn) if reuse else Found()
        checked = None
        if found.close is not None and found.close.states:
            # worth it where it runs fewer steps than a replay from the latest kept state
            begins = found.resume[1].step if found.resume else 0
            if 2 * len(found.steps) < len(analysis.steps) - begins:
                drawing = Undoable(rng)
                checked = run_through(game, analysis, found.close, found.steps, drawn, drawing)
                if checked is None:
                    drawing.undo()
        if found.same is not None:  # the same calls on ``rng`` as its replay's
            replay = found.same
            picks = Redraw(rng)(replay.choices)
        elif checked is not None:
            replay, picks = checked
        else:
            resume = found.resume
            through = _through(game, analysis, found, drawn, rng)
            if through is not None and through[0].culprit is not None:
                replay, picks = through  # broken where its replay breaks
            else:
                if through is not None:  # the earlier view's steps run through, kept
                    ran, picks = through
                    mark = Mark(
                        len(ran.actions), ran.last, len(ran.forced), len(ran.choices), ran.fresh
                    )
                    resume = ran, mark
                else:  # the unseen dice before the mark, drawn as the kept replay drew them
                    picks = Redraw(rng)(resume[0].choices[: resume[1].choices]) if resume else []
                start = full_start(game, analysis, kinds).with_changes(rng=fresh)
                watch: Watch[Part] | None = Watch() if reuse else None
                replay = replay_army(game, analysis, start, drawn, rng, watch, resume)
                picks += [choice.picked for choice in replay.choices[len(picks) :]]
                if reuse:
                    if len(analysis.replays) >= KEPT:
                        analysis.replays.popitem(last=False)
                    analysis.replays[army_key(drawn, replay.seen)] = replay
        if replay.culprit is not None:
            if replay.culprit in kinds:
                ruled_out.add((replay.culprit, kinds[replay.culprit]))
            continue
        return past(game, replay, kinds, fresh, picks)
    raise NoPast(f"no past of {player}'s view found in {TRIES} samples")


def _through(
    game: Sabot, analysis: Analysis, found: Found, drawn: Army, rng: random.Random
) -> tuple[Replay, list[tuple[int, ...]]] | None:
    """The army ``drawn`` run through the earlier view's replay it answers otherwise at the
    fewest steps, where that runs fewer steps than going on from the latest kept state; None
    where not tried or where it cannot be (``rng`` then as it was)."""
    if found.through is None:
        return None
    earlier, steps = found.through
    end = analysis.earlier[0]
    begins = found.resume[1].step if found.resume else 0
    if 2 * len(steps) >= end - begins:
        return None
    drawing = Undoable(rng)
    ran = run_through(game, analysis, earlier, steps, drawn, drawing, end)
    if ran is None:
        drawing.undo()
    return ran
