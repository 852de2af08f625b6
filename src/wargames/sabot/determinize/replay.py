"""One army replayed through the log (docs/sabot.md, "Hidden information and sampled
pasts", step 3): every action from the start, the enemy's checked where what its concealed
counters are decides it, each causing exactly the events logged; watched, it keeps what it
asked of each counter, step by step, with the state before each step (:class:`Replay`)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs
from attrs import field, frozen

from wargames.core.errors import IllegalAction
from wargames.core.events import EventLog
from wargames.core.hidden import redact
from wargames.core.rng import Rng
from wargames.core.watched import VALUE, Watch
from wargames.sabot.determinize.analysis import MOVING, Analysis
from wargames.sabot.determinize.dice import Choice, Draws, Miss, event_faces, shuffle_faces
from wargames.sabot.determinize.draw import Army
from wargames.sabot.determinize.start import Dressings, dressed, with_lefts
from wargames.sabot.determinize.watching import Part, rewatch, unwatched, watch_counters
from wargames.sabot.firing import fire_problem
from wargames.sabot.scouting import sees
from wargames.sabot.setup import next_counter
from wargames.sabot.state import (
    Arrived,
    Board,
    Buy,
    Done,
    Embark,
    Entrench,
    Fire,
    Place,
    SabotAction,
    SabotState,
    Scout,
    Select,
    Special,
)

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot


Differences = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]]
"""Of a counter and a type, the steps of a replay that asked the counter something the
type answers otherwise; those that asked more than a stop's move left; and those stops,
each with the move left the type answers."""


Asking = tuple[
    dict[int, tuple[int, ...]],
    dict[int, tuple[tuple[int, ...], tuple[tuple[Hashable, Any], ...]]],
    dict[tuple[int, int], tuple[int, ...]],
]
"""Of each counter, the steps of a replay that set its move left; the steps that asked it,
with each question and answer; and of a counter and a move left, the steps that asked it
something that move left answers otherwise (worked out when first wanted)."""


PREFIXES: Final = 256
"""A replay's logs cut at a length (:attr:`Replay.prefixes`) kept before they are all
dropped."""
LEFT: Final = ("log", "rng")
"""What a step checked through a kept replay may leave unlike it: the unseen rolls of a
shot in the log (drawn for every sample, see :func:`~wargames.sabot.determinize.kept.past`)
and the stream's key."""
FIELDS: Final = tuple(f.name for f in attrs.fields(SabotState) if f.name not in LEFT)
"""The fields of a state held to the kept replay's after a step run through it."""


@frozen
class Mark:
    """Where a replay first asked something of a concealed counter: before its ``step`` (of
    the analysis's steps; their number: the last view's check), the ``state`` then (plain),
    how many stream results and unseen-dice choices the replay had made by then, and the
    counters whose shots markers it had not touched (``fresh``: still as set up)."""

    step: int
    state: SabotState
    forced: int
    choices: int
    fresh: frozenset[int]


@frozen
class Segment:
    """A run through a kept replay from its state before ``step``, for one army, made
    watched while it was unlike the kept replay: what it asked of each concealed counter's
    type, full shots marker or move left (``asked``: by counter and part, the move left's
    value in the kept state and the questions with their answers, as
    :attr:`~wargames.core.watched.Watch.facts`); and where it is ``taken``, either the
    counter to blame where it broke (``culprit``), or the last step it ran (``end``), the
    stream's results of each step it ran (``faces``) and, of each concealed counter, the
    move left it set (None: none), and the kept replay's before and after it (``lefts``),
    back on the kept replay having copied no watched value anywhere.  Either way it keeps
    the unseen dice of the shots it ran (``choices``, each made with the first of its
    options: an army that takes the run draws among them from its own stream) and, where
    it is back, the events of each step it ran that are unlike the kept replay's
    (``logged``: the first one's place in the log, and the events).  ``taken`` False: it
    ran through a purchase or left what the kept replay cannot continue, and an army that
    answers alike runs the steps itself (:mod:`~wargames.sabot.determinize.segments`)."""

    step: int
    asked: tuple[tuple[Part, Any, tuple[tuple[Hashable, Any], ...]], ...]
    taken: bool = False
    culprit: int | None = None
    end: int = -1
    faces: tuple[tuple[int, tuple[int, ...]], ...] = ()
    lefts: tuple[tuple[int, int | None, int, int], ...] = ()
    choices: tuple[Choice, ...] = ()
    logged: tuple[tuple[int, tuple[Any, ...]], ...] = ()
    answered: dict[tuple[Part, Any], bool] = field(factory=dict, eq=False, repr=False)
    """Whether a value answers a counter's part alike, worked out when first wanted."""
    moved: tuple[tuple[int, int | None, int, int], ...] = field(init=False, eq=False, repr=False)
    """Of ``lefts``, the counters whose move left the run set or the kept replay's changed."""
    still: dict[int, int] = field(init=False, eq=False, repr=False)
    """Of ``lefts``, the others, each with the kept replay's move left (the same after)."""

    @moved.default
    def _moved(self) -> tuple[tuple[int, int | None, int, int], ...]:
        return tuple(e for e in self.lefts if e[1] is not None or e[2] != e[3])

    @still.default
    def _still(self) -> dict[int, int]:
        return {
            u: after for u, set_, before, after in self.lefts if set_ is None and before == after
        }


@frozen
class Replay:
    """The replay of one army drawn for a view: ``start`` (with the stream of the sample
    that replayed it), the ``actions``, the stream's results they draw and the ``last``
    state; or, where it broke from what the player saw, the ``culprit`` (the concealed
    counter to blame, -1: unknown; None: it did not break; ``last`` is then the start).
    ``choices`` are the unseen dice drawn on the way, in the order the replay draws them;
    ``looks`` each concealed counter whose type or shots marker it looked at, up to where it
    broke, as (step, counter, type), in the order first looked at (a purchase's counters at
    its step: their types force its shuffle); ``facts`` what it asked of them, each as
    (step, counter, ``"kind"`` or ``"ammo"``, question, answer) (:mod:`wargames.core.watched`),
    with a ``mark`` at each step that asked something new; ``fresh``: the counters whose
    shots markers it left as set up (an unwatched replay: none said)."""

    start: SabotState
    actions: tuple[SabotAction, ...]
    forced: tuple[int, ...]
    last: SabotState
    choices: tuple[Choice, ...]
    culprit: int | None = None
    looks: tuple[tuple[int, int, str], ...] = ()
    marks: tuple[Mark, ...] = ()
    facts: tuple[tuple[int, int, str, Hashable, Any], ...] = ()
    fresh: frozenset[int] = frozenset()
    states: tuple[SabotState, ...] = field(default=(), eq=False, repr=False)
    """The state before each step (watched; the last: before the view's check)."""
    counts: tuple[tuple[int, int, int], ...] = field(default=(), eq=False, repr=False)
    """Before each step: the stream's results and unseen-dice choices drawn, log events."""
    writes: tuple[tuple[int, int], ...] = field(default=(), eq=False, repr=False)
    """(step, counter) where a step set a concealed counter's move left (from nothing it
    asked of the old one: an army whose differed has the kept replay's again after it)."""
    parts: dict[tuple[int, str], Differences] = field(factory=dict, eq=False, repr=False)
    """Of each counter and type, the steps that asked it something the type answers
    otherwise, worked out when first wanted
    (:func:`~wargames.sabot.determinize.kept.answers_otherwise`)."""
    segments: dict[int, list[Segment] | None] = field(factory=dict, eq=False, repr=False)
    """Of each step, the runs from the kept state before it kept for armies run through
    (:class:`Segment`; None: the step draws unseen dice)."""
    dressings: Dressings = field(factory=dict, eq=False, repr=False)
    """Its counters dressed with the types of the armies served
    (:func:`~wargames.sabot.determinize.start.dressed`)."""
    unlike: dict[frozenset[tuple[int, str]], frozenset[int]] = field(
        factory=dict, eq=False, repr=False
    )
    """Of what a view knows, the counters some of its states hold otherwise, worked out when
    first wanted (:func:`~wargames.sabot.determinize.runthrough.run_through`)."""
    asking: list[Asking] = field(factory=list, eq=False, repr=False)
    """Of each counter, the steps that set its move left and those that asked it, worked out
    when first wanted (:func:`~wargames.sabot.determinize.runthrough.run_through`)."""
    listed: list[tuple[Any, ...]] = field(factory=list, eq=False, repr=False)
    """Its last log's events, listed when first wanted (:meth:`events`)."""
    prefixes: dict[tuple[int, int], tuple[EventLog, EventLog]] = field(
        factory=dict, eq=False, repr=False
    )
    """Of a last log (by identity, held) and a length, its first events (:meth:`log_of`;
    shared with the replays run through it, whose last log is mostly its own)."""

    def events(self) -> list[Any]:
        """A list of the events of its last log, to change (walked once a replay: the log
        is a linked list)."""
        if not self.listed:
            self.listed.append(tuple(self.last.log))
        return list(self.listed[0])

    @property
    def seen(self) -> frozenset[int]:
        """The concealed counters it looked at."""
        return frozenset(u for _, u, _ in self.looks)

    def log_of(self, events: Sequence[Any], changed: int, length: int | None = None) -> EventLog:
        """The log of the first ``length`` of ``events`` (all of them by default), which are
        this replay's last log's before ``changed``: its nodes shared up to there
        (:meth:`~wargames.core.events.EventLog.up_to`), the rest in one block
        (:meth:`~wargames.core.events.EventLog.with_block`: the same log, without a node
        linked per event for every sample)."""
        end = len(events) if length is None else length
        first = min(changed, end)
        log = self.last.log
        found = self.prefixes.get((id(log), first))
        if found is None or found[0] is not log:  # (a log walked back once a length)
            if len(self.prefixes) >= PREFIXES:
                self.prefixes.clear()
            found = self.prefixes[id(log), first] = log, log.up_to(first)
        return found[1].with_block(events[first:end])


def _subject(state: SabotState, action: SabotAction) -> int:
    """The counter ``action`` is about (-1: none)."""
    if isinstance(action, Select | Fire | Special):
        return action.unit
    if isinstance(action, MOVING) and state.moving is not None:
        return state.moving.unit
    if isinstance(action, Place | Embark):
        unit = next_counter(state, action.player)
        return -1 if unit is None else unit.id
    return -1


def _illegal(game: Sabot, analysis: Analysis, state: SabotState, action: SabotAction) -> bool:
    """Whether the enemy's ``action`` breaks a rule in the sampled ``state``, checked only
    where what concealed counters are decides it (the rest was legal in the real game)."""
    if isinstance(action, Fire):  # a line of sight past concealed friends
        unit, target = state.units[action.unit], state.units[action.target]
        # Overwatch needs a line of sight whatever the weapon, artillery's too (VII-a;
        # ``overwatch_actions``), where the combat phase's artillery and GP missiles do not.
        clear = sees(game, state, unit, target.hex) if game.phase(state) == "movement" else None
        if clear is False:
            return True
        return fire_problem(game, state, unit, action.weapon, target, clear=clear) is not None
    subject = _subject(state, action)
    concealed = subject in analysis.domains
    if isinstance(action, Select) and game.phase(state) == "attack":
        return concealed and not game._selectable(state, state.units[subject], "attack")
    if isinstance(action, Select):
        return False  # no decoy was drawn for a counter that moved
    unknown = concealed or (isinstance(action, Board) and action.carrier in analysis.domains)
    if unknown or (isinstance(action, Entrench | Done) and game.phase(state) == "set-up"):
        try:
            game.check(state, action)
        except IllegalAction:
            return True
    return False


def replay_army(
    game: Sabot,
    analysis: Analysis,
    start: SabotState,
    drawn: Army,
    rng: random.Random,
    watch: Watch[Part] | None = None,
    resume: tuple[Replay, Mark] | None = None,
) -> Replay:
    """The past from ``start`` with the army ``drawn``: its actions, the stream's results
    they draw and the last state (``start``'s stream, forced action by action, as the past's
    replay draws it), or where it breaks from what the player saw.  With a ``watch``, the
    concealed counters' types and shots markers are watched on the way (``looks`` and
    ``facts``, with a :class:`Mark` where something new was asked).  ``resume``: a kept
    replay whose army answers as ``drawn`` does up to that mark, to go on from (its unseen
    dice up to there are drawn by the caller)."""
    player = analysis.player
    kinds = drawn[0]
    draws = Draws(rng)
    actions: list[SabotAction] = []
    forced: list[int] = []
    looks: list[tuple[int, int, str]] = []
    marks: list[Mark] = []
    facts: list[tuple[int, int, str, Hashable, Any]] = []
    states: list[SabotState] = []
    counts: list[tuple[int, int, int]] = []
    writes: list[tuple[int, int]] = []
    state, begin, fresh = start, 0, frozenset(analysis.domains)
    if resume is not None:
        source, mark = resume
        begin, fresh = mark.step, mark.fresh
        actions, forced = list(source.actions[:begin]), list(source.forced[: mark.forced])
        draws.choices = list(source.choices[: mark.choices])
        # (of an earlier view's replay, a counter since seen by the player is no more asked)
        domains = analysis.domains
        looks = [(s, u, kinds[u]) for s, u, _ in source.looks if s < begin and u in domains]
        facts = [fact for fact in source.facts if fact[0] < begin and fact[1] in domains]
        asked = {fact[0] for fact in facts}
        marks = [m for m in source.marks if m.step in asked]
        states, counts = list(source.states[:begin]), list(source.counts[:begin])
        writes = [(s, u) for s, u in source.writes if s < begin]
        state = dressed(game, mark.state, analysis.known | kinds, fresh)
        state = state.with_changes(rng=Rng(start.rng.key, mark.state.rng.counter))
    ever = {((u, part), question) for _, u, part, question, _ in facts}
    looked_at = {u for _, u, _ in looks}
    if watch is not None:
        state = watch_counters(analysis, state, watch, fresh)
    step = begin

    def looked(before: SabotState, counted: int, chosen: int) -> None:
        """Note what was asked in this step, the counters first looked at, and a mark where
        something was first asked."""
        if watch is None or len(watch.facts) == 0:
            return
        new = watch.facts
        watch.facts = []
        facts.extend((step, u, part, question, got) for (u, part), question, got in new)
        first = sorted({u for (u, _), _, _ in new if u not in looked_at})
        looked_at.update(first)
        looks.extend((step, u, kinds[u]) for u in first)
        novel = {(key, question) for key, question, _ in new} - ever
        if novel:
            ever.update(novel)
            if not marks or marks[-1].step < step:
                bare, untouched = unwatched(analysis, before)
                marks.append(Mark(step, bare, counted, chosen, untouched))

    def kept(culprit: int | None = None) -> Replay:
        last, left = start, frozenset(analysis.domains)  # a broken replay's state: no use
        if watch is not None:
            watch.on = False
        if culprit is None:
            last, left = unwatched(analysis, state) if watch is not None else (state, frozenset())
        return Replay(
            start, tuple(actions), tuple(forced), last, tuple(draws.choices), culprit,
            tuple(looks), tuple(marks), tuple(facts), left,
            tuple(states) if watch is not None else (), tuple(counts), tuple(writes),
        )  # fmt: skip

    counted, chosen = len(forced), len(draws.choices)
    try:
        for step in range(begin, len(analysis.steps)):
            counted, chosen = len(forced), len(draws.choices)
            states.append(state)
            counts.append((counted, chosen, len(state.log)))
            if watch is not None:
                watch.again()  # every question of each step, once
                action, events = analysis.steps[step]
                if isinstance(action, Buy) and action.player == analysis.enemy:
                    for u in next(e.units for e in events if isinstance(e, Arrived)):
                        if u in analysis.domains:  # its shuffle is forced by their types
                            watch.ask((u, "kind"), VALUE, kinds[u])
            action, faces, after = run_step(game, analysis, state, step, drawn, draws, len(forced))
            looked(state, counted, chosen)
            actions.append(action)
            forced.extend(faces)
            state = after
            if watch is not None:
                state, set_ = rewatch(analysis, after, watch)
                writes.extend((step, u) for u in set_)
        step = len(analysis.steps)
        counted, chosen = len(forced), len(draws.choices)
        states.append(state)
        counts.append((counted, chosen, len(state.log)))
        if watch is not None:
            watch.again()
        if game.view(state, player) != analysis.view:
            raise Miss(-1)
        looked(state, counted, chosen)
    except Miss as miss:
        looked(state, counted, chosen)
        return kept(miss.culprit)
    return kept()


def rewatched(
    game: Sabot,
    analysis: Analysis,
    state: SabotState,
    known: Mapping[int, str],
    lefts: Mapping[int, int],
    watch: Watch[Part],
) -> SabotState:
    """A kept replay's ``state`` with ``known`` and the move ``lefts`` put on, watched anew."""
    bare, untouched = unwatched(analysis, state)
    state = with_lefts(game, dressed(game, bare, known, untouched), {}, lefts)
    return watch_counters(analysis, state, watch, untouched)


def run_step(
    game: Sabot,
    analysis: Analysis,
    state: SabotState,
    step: int,
    drawn: Army,
    draws: Draws,
    at: int,
) -> tuple[SabotAction, list[int], SabotState]:
    """Step ``step`` of the past from ``state`` with the army ``drawn``: the action, the
    stream's results it draws (the first at ``at`` among the past's) and the state after.

    :raises Miss: where it breaks from what the player saw.
    """
    player, enemy = analysis.player, analysis.enemy
    action, events = analysis.steps[step]
    kinds, platoons = drawn
    if isinstance(action, Buy) and action.player == enemy:
        group = next(e.units for e in events if isinstance(e, Arrived))
        action = Buy(enemy, platoons[group[0]])
    if action.player == enemy and _illegal(game, analysis, state, action):
        raise Miss(_subject(state, action))
    if isinstance(action, Buy):
        faces = shuffle_faces(game, analysis, kinds, action, events, draws, at)
    else:
        faces = event_faces(game, state, events, draws, at)
    stream = state.rng
    before = state.with_changes(rng=Rng(stream.key, stream.counter, faces))
    after = game.apply_unchecked(before, action)
    if after.rng.forced or after.rng.counter != stream.counter + len(faces):
        raise Miss(_subject(state, action))
    if redact(after.log.since(len(state.log)), player) != events:
        culprit = action.target if isinstance(action, Scout) else _subject(state, action)
        raise Miss(culprit if action.player == enemy or isinstance(action, Scout) else -1)
    if after.result is not None and step + 1 < len(analysis.steps):
        raise Miss(-1)
    return action, faces, after
