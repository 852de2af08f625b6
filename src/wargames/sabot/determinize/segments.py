"""Runs through a kept replay kept for the armies that answer them alike (docs/sabot.md,
"Kept replays"): an army run through a kept replay from the kept state before a step runs
on, from its own state, while that is unlike the kept replay's; the first such runs from a
step are made watched and kept (:class:`Segment`; from the view's fifth sample on), and a
later army that answers every question one asked as it did takes its end without running
it: its break, or the stream's results and move lefts it left, back on the kept replay.

Runs through a purchase are not kept (its shuffle's draws depend on its earlier ones).  A
shot whose rolls the player did not see is run with the first of the rolls that give its
result, and the run keeps them all
(:attr:`~wargames.sabot.determinize.replay.Segment.choices`): an army that takes the run
draws among them from its stream as running the shot would (the same options, in the same
order: which rolls give a result depends on what the shot asked, not on the rolls drawn),
its shot's adjusted rolls moved by as much (:func:`~wargames.sabot.determinize.kept.past`);
so the worlds are those the runs give, byte for byte.  A type that answers every question a
run asked as another did would have run it the same (:mod:`wargames.core.watched`); a move
left is asked as the army's own where it has one (else the kept state's), but one the run
set, which it worked out from what it asked.
What a run copied without looking (a watched value moved elsewhere in the state or into an
event) would differ for another army: a run that did is not taken where it rejoined (a
break is decided by what it asked)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from wargames.core.changes import replace
from wargames.core.watched import Watch, answer, plain
from wargames.sabot.determinize.analysis import Analysis
from wargames.sabot.determinize.dice import Choice, Draws, Miss
from wargames.sabot.determinize.draw import Army
from wargames.sabot.determinize.replay import FIELDS, Replay, Segment, rewatched, run_step
from wargames.sabot.determinize.start import dressed, full_shots, with_lefts
from wargames.sabot.determinize.watching import Part, rewatch
from wargames.sabot.state import Buy, SabotState, Unit

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot


RUNS: Final = 8
"""Runs kept from one step of a kept replay."""
FEW: Final = 4
"""Samples of a view drawn before runs are kept: a greedy bot draws 4 a decision, and the
few armies after a watched run seldom take it (with runs kept from the first sample, its
drawing was slower in 8 of 10 pairs of 8 moves measured; ISMCTS draws 200)."""


def served(
    game: Sabot,
    analysis: Analysis,
    replay: Replay,
    step: int,
    drawn: Army,
    known: Mapping[int, str],
    lefts: Mapping[int, int],
    events: Sequence[Any],
) -> Segment | None:
    """The run of the army ``drawn`` (types ``known``, move ``lefts`` of its own) through
    the kept ``replay`` from its state before ``step`` to where it breaks or is back on the
    kept replay, where a run kept for the replay (or made now, watched, up to :data:`RUNS`
    a step) answered alike tells it and may be taken (see the module); None
    where the army runs the steps itself.  ``events``: the kept replay's last log's."""
    if replay.culprit is not None:
        return None
    if step not in replay.segments:  # (None where the step is a purchase)
        replay.segments[step] = [] if passable(analysis, step) else None
    runs = replay.segments[step]
    if runs is None:
        return None
    run = next((r for r in runs if _answers(game, r, known, lefts)), None)
    if run is None and len(runs) < RUNS and analysis.samples > FEW:
        run = _watched(game, analysis, replay, step, drawn, known, lefts, events)
        runs.append(run)
    return run if run is not None and run.taken else None


def passable(analysis: Analysis, step: int) -> bool:
    """Whether a kept run may go through ``step``: a step of the log that is no purchase
    (whose shuffle's draws depend on its earlier ones,
    :class:`~wargames.sabot.determinize.dice.Redraw`)."""
    return step < len(analysis.steps) and not isinstance(analysis.steps[step][0], Buy)


def _watched(
    game: Sabot,
    analysis: Analysis,
    replay: Replay,
    step: int,
    drawn: Army,
    known: Mapping[int, str],
    lefts: Mapping[int, int],
    events: Sequence[Any],
) -> Segment:
    """The run from ``step`` made watched (see :func:`served`), each step held to the kept
    replay as :func:`~wargames.sabot.determinize.runthrough.run_through` holds it."""
    watch: Watch[Part] = Watch()
    state = rewatched(game, analysis, replay.states[step], known, lefts, watch)
    facts: list[tuple[Part, Hashable, Any]] = []
    faces: list[tuple[int, tuple[int, ...]]] = []
    draws = Draws(_FIRST)
    logs: list[tuple[int, tuple[Any, ...]]] = []  # the steps' events unlike the kept ones
    set_: dict[int, int] = {}  # the move lefts it set, as they are
    for k in range(step, len(replay.states) - 1):
        if not passable(analysis, k):
            break
        at, chosen, logged = replay.counts[k]
        drawn_before = len(draws.choices)
        watch.again()
        watch.on = True
        try:
            _, drew, after = run_step(game, analysis, state, k, drawn, draws, at)
        except Miss as miss:
            _asked(facts, watch, set_)
            asked = _grouped(replay, step, facts)
            return Segment(step, asked, True, miss.culprit, choices=tuple(draws.choices))
        finally:
            watch.on = False
        _asked(facts, watch, set_)
        forced_to, chosen_to, logged_to = replay.counts[k + 1]
        mine = after.log.since(logged)
        kept_events = events[logged:logged_to]
        if (
            len(drew) != forced_to - at
            or len(draws.choices) - drawn_before != chosen_to - chosen
            or not alike(mine, kept_events, draws.choices[drawn_before:], logged)
            or _watched_in(mine)
            or not _clean(analysis, state, after, replay.states[k + 1])
        ):
            break
        faces.append((k, tuple(drew)))
        if list(mine) != list(kept_events):
            logs.append((logged, tuple(mine)))
        after, wrote = rewatch(analysis, after, watch)
        set_.update((u, plain(after.units[u].left)) for u in wrote)
        expected = dressed(game, replay.states[k + 1], known, (), replay.dressings)
        own = {
            u: plain(after.units[u].left)
            for u in analysis.domains
            if u < len(after.units) and after.units[u].left != expected.units[u].left
        }
        expected = with_lefts(game, expected, {}, own)
        if all(getattr(after, f) == getattr(expected, f) for f in FIELDS):
            before, later = replay.states[step].units, replay.states[k + 1].units
            kept = tuple(
                (u, set_.get(u), plain(before[u].left), plain(later[u].left))
                for u in sorted(analysis.domains)
                if u < len(later)
            )
            asked = _grouped(replay, step, facts)
            choices = tuple(draws.choices)
            return Segment(step, asked, True, None, k, tuple(faces), kept, choices, tuple(logs))
        state = after
    return Segment(step, _grouped(replay, step, facts))


def _asked(
    facts: list[tuple[Part, Hashable, Any]], watch: Watch[Part], set_: Mapping[int, int]
) -> None:
    """``facts`` with what ``watch`` saw since added, but for the move lefts the run had
    ``set_`` (worked out from what it asked)."""
    facts += [
        (key, q, got) for key, q, got in watch.facts if key[0] not in set_ or key[1] != "left"
    ]
    watch.facts = []


def _grouped(
    replay: Replay, step: int, facts: Sequence[tuple[Part, Hashable, Any]]
) -> tuple[tuple[Part, Any, tuple[tuple[Hashable, Any], ...]], ...]:
    """``facts`` by counter and part, each with its move left in the kept state before
    ``step`` (asked: what an army with none of its own answers)."""
    by: dict[Part, list[tuple[Hashable, Any]]] = {}
    for key, question, got in facts:
        by.setdefault(key, []).append((question, got))
    units = replay.states[step].units
    return tuple(
        (key, plain(units[key[0]].left) if key[1] == "left" else None, tuple(asked))
        for key, asked in by.items()
    )


def lefts_after(run: Segment, lefts: Mapping[int, int]) -> dict[int, int]:
    """The move lefts of an army's own (``lefts`` before ``run``) after it, where they
    differ from the kept replay's: those the run set, and the others as they were (where
    the run left the kept replay's as it was, only the army's own are looked at)."""
    still = run.still
    own = {u: left for u, left in lefts.items() if u in still and left != still[u]}
    for u, set_, before, after in run.moved:
        left = set_ if set_ is not None else lefts.get(u, before)
        if left != after:
            own[u] = left
    return own


def _answers(game: Sabot, run: Segment, known: Mapping[int, str], lefts: Mapping[int, int]) -> bool:
    """Whether the army of types ``known`` and move ``lefts`` (the kept state's elsewhere)
    answers everything ``run`` asked alike (a shots marker asked: full for the type, as it
    was still as set up)."""
    answered = run.answered
    for key, left, questions in run.asked:
        u, part = key
        value = lefts.get(u, left) if part == "left" else known.get(u)
        alike = answered.get((key, value))
        if alike is None:
            alike = answered[key, value] = _alike(game, part, value, questions)
        if not alike:
            return False
    return True


def _alike(game: Sabot, part: str, value: Any, questions: Sequence[tuple[Hashable, Any]]) -> bool:
    """Whether ``value`` of a counter's ``part`` answers each of ``questions`` as given."""
    if value is None:
        return False
    record = None
    if part == "kind":
        record = game.table.types.get(value)
    elif part == "ammo":
        value = full_shots(game, value)
    try:
        return all(answer(question, value, record) == got for question, got in questions)
    except (AttributeError, TypeError):  # a decoy asked for a type's field
        return False


def _clean(analysis: Analysis, state: SabotState, after: SabotState, kept: SabotState) -> bool:
    """Whether the watched run of a step from ``state`` to ``after`` copied no watched value
    anywhere but where it was (each concealed counter's type, shots marker and move left its
    own, or set plain), and left each shots marker as set up where the ``kept`` state after
    the step does (another army's marker is then full for its own type on both)."""
    if len(after.units) != len(state.units):
        return False
    for f in attrs.fields(SabotState):
        if f.name not in ("units", "log") and _watched_in(getattr(after, f.name)):
            return False
    domains = analysis.domains
    for u, unit in enumerate(after.units):
        was = state.units[u]
        fresh = type(unit.ammo) is not int
        if u in domains and fresh != (u < len(kept.units) and type(kept.units[u].ammo) is not int):
            return False
        if unit is was:
            continue
        if u not in domains:
            if _watched_in(unit):
                return False
            continue
        if (
            unit.kind is not was.kind
            or (fresh and unit.ammo is not was.ammo)
            or (type(unit.left) is not int and unit.left is not was.left)
            or _watched_in([getattr(unit, f) for f in _UNIT_FIELDS])
        ):
            return False
    return True


_UNIT_FIELDS: Final = tuple(
    f.name for f in attrs.fields(Unit) if f.name not in ("kind", "ammo", "left")
)


def _watched_in(value: Any) -> bool:
    """Whether ``value`` holds a watched ``str`` or ``int`` (or any of their subclasses, an
    enum's members among them: taken as one, to be safe)."""
    kind = type(value)
    if kind in (str, int, bool, float, type(None)):
        return False
    if isinstance(value, str | int):
        return True
    if isinstance(value, tuple | list | frozenset | set):
        return any(_watched_in(v) for v in value)
    if isinstance(value, dict):
        return any(_watched_in(k) or _watched_in(v) for k, v in value.items())
    if attrs.has(kind):
        return any(_watched_in(getattr(value, f.name)) for f in attrs.fields(kind))
    return False


def alike(mine: Sequence[Any], kept: Sequence[Any], drawn: Sequence[Choice], at: int) -> bool:
    """Whether a step's events ``mine`` are the kept replay's (the first at ``at`` in the
    log) but for the adjusted rolls of the shots whose rolls the player did not see."""
    if len(mine) != len(kept):
        return False
    unseen = {choice.event - at for choice in drawn if choice.event >= 0}
    return all(
        a == b
        or (i in unseen and replace(a, attack=0, defense=0) == replace(b, attack=0, defense=0))
        for i, (a, b) in enumerate(zip(mine, kept, strict=True))
    )


_T = TypeVar("_T")


class _First:
    """The stream of a watched run's unseen dice: the first option of each (the run keeps
    them all, and an army that takes it draws among them)."""

    def choice(self, seq: Sequence[_T]) -> _T:
        """The first of ``seq``."""
        return seq[0]


_FIRST: Final = _First()
