"""An army run through a kept replay (docs/sabot.md, "Kept replays"): only the steps
where it answers otherwise, each from the kept state before it with its own types put on,
and held to the kept state after it; a stop where it answers otherwise only the move left
the stop writes (:func:`~wargames.sabot.determinize.kept.lefts_only`) is not run, that
move left carried on."""

from __future__ import annotations

import bisect
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from wargames.core.events import EventLog
from wargames.core.watched import VALUE, Watch, answer, plain
from wargames.sabot.determinize.analysis import Analysis
from wargames.sabot.determinize.dice import Choice, Draws, Miss, Redraw, Stream
from wargames.sabot.determinize.draw import Army
from wargames.sabot.determinize.kept import lefts_only
from wargames.sabot.determinize.replay import FIELDS, Asking, Replay, rewatched, run_step
from wargames.sabot.determinize.segments import alike, lefts_after, served
from wargames.sabot.determinize.start import dressed, with_lefts
from wargames.sabot.determinize.watching import Part, rewatch, unwatched
from wargames.sabot.state import Arrived, Buy, SabotState

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot


_NEVER: Final = 1 << 30
"""No step (past the last)."""


def run_through(
    game: Sabot,
    analysis: Analysis,
    replay: Replay,
    steps: Sequence[int],
    drawn: Army,
    rng: Stream,
    end: int | None = None,
) -> tuple[Replay, list[tuple[int, ...]]] | None:
    """The army ``drawn`` run through the kept ``replay``, which it answers otherwise only at
    ``steps``: each of those run from the kept state before it with the army's types put on
    (the unseen dice drawn as its own replay draws them, the others as the kept replay's), and
    held to the kept state after it (the next step run too while they differ; a move left
    that differs carried on, and a step that asked it otherwise run; unlike it at the end,
    the army's own last state).  The army's replay, or where it breaks, with the unseen dice
    drawn (as :func:`~wargames.sabot.determinize.replay.replay_army` and ``rng`` would give
    them); None where a step draws other dice than the kept replay's, or gets past where the
    kept replay broke (then ``rng`` may have been drawn from: the caller restores it).

    With ``end`` (an earlier view's ``replay``, whose steps are the first ``end`` of this
    view's), the steps run are watched and the army's replay of those ``end`` steps is kept
    whole (:func:`_kept`), to go on from at its last state; None too where its state there is
    unlike the kept replay's."""
    kinds = drawn[0]
    known = analysis.known | kinds if end is not None else _to_dress(analysis, replay, kinds)
    forced, choices = list(replay.forced), list(replay.choices)
    events: list[Any] = replay.events() if replay.culprit is None else []
    changed = len(events)  # the first event unlike the kept replay's
    picks: list[tuple[int, ...]] = []
    draws, redraw = Draws(rng), Redraw(rng)
    lefts: dict[int, int] = {}  # move left (its own) where this army's differs from the kept
    stop = _NEVER if end is None else end
    watch: Watch[Part] | None = None if end is None else Watch()
    ran: dict[int, _Ran] = {}  # of a watched run, each step run

    def broke(culprit: int) -> tuple[Replay, list[tuple[int, ...]]]:
        return Replay(replay.start, (), (), replay.start, (), culprit), picks

    ahead = _Ahead(_lefts_asked(replay))

    # stops where all the army answers otherwise is the move left they write: taken, not run
    stops = lefts_only(game, replay, kinds) if end is None else {}
    queue, step = [s for s in steps if s < stop and s not in stops], -1
    pending = sorted(stops)
    running: SabotState | None = None
    ending: SabotState | None = None
    while True:
        done = step
        next_ = queue[0] if queue else _NEVER
        bounds, asks = ahead(done, lefts) if lefts else ([], _NEVER)
        while pending and pending[0] <= done:
            del pending[0]
        taken = pending[0] if pending else _NEVER
        step = min(next_, asks, taken)
        if step >= stop:
            step = _NEVER
        for u, bound in bounds:  # set alike on the way
            if bound < step:
                del lefts[u]
        if step == _NEVER:
            break
        if step == taken and step < next_ and step < asks and running is None:
            lefts.update(stops[step])  # the kept stop, this army's move lefts written
            continue
        del queue[: bisect.bisect_right(queue, step)]  # (in order)
        at, chosen, logged = replay.counts[step]
        if chosen > len(picks):
            picks += redraw(replay.choices[len(picks) : chosen])
        run = None
        if watch is None and running is None:  # a run kept from here, answered alike
            run = served(game, analysis, replay, step, drawn, known, lefts, events)
        if run is not None and run.choices:  # its shots' unseen dice, drawn as running draws
            picks += redraw(run.choices)
            choices[chosen : chosen + len(run.choices)] = run.choices
        if run is not None and run.culprit is not None:
            return broke(run.culprit)
        if run is not None:
            for k, drew in run.faces:
                forced[replay.counts[k][0] : replay.counts[k + 1][0]] = drew
            for logged_at, mine in run.logged:
                changed = min(changed, _write(events, mine, logged_at))
            own = lefts_after(run, lefts)
            lefts.clear()
            lefts.update(own)
            del queue[: bisect.bisect_right(queue, run.end)]
            step = run.end
            continue
        if watch is None:
            state = running or with_lefts(game, replay.states[step], known, lefts, replay.dressings)
        else:
            state = running or rewatched(game, analysis, replay.states[step], known, lefts, watch)
            watch.on = True
            _asking(analysis, step, kinds, watch)
        if step == len(analysis.steps):  # the view's check
            if game.view(state, analysis.player) != analysis.view:
                return broke(-1)
            ending, running = running, None  # (unlike the kept last state: its own)
            continue
        running = None
        draws.choices = []
        try:
            _, faces, after = run_step(game, analysis, state, step, drawn, draws, at)
        except Miss as miss:
            return broke(miss.culprit)
        if watch is not None:
            watch.on = False
            after, set_ = rewatch(analysis, after, watch)
            ran[step] = _Ran(state, watch.facts, set_)
            watch.facts = []
        if step + 1 == len(replay.states):  # the kept replay broke here, this army did not
            return None
        forced_to, chosen_to, logged_to = replay.counts[step + 1]
        mine = after.log.since(logged)
        if (
            len(faces) != forced_to - at
            or len(draws.choices) != chosen_to - chosen
            or not alike(mine, events[logged:logged_to], draws.choices, logged)
        ):
            return None
        forced[at:forced_to] = faces
        choices[chosen:chosen_to] = draws.choices
        changed = min(changed, _write(events, mine, logged))
        picks += [choice.picked for choice in draws.choices]
        if queue and queue[0] == step + 1:  # the next step goes on from this army's state
            running = after
            continue
        expected = dressed(game, replay.states[step + 1], known, (), replay.dressings)
        for u in analysis.domains:  # a move left of its own may differ: watched on
            if u >= len(after.units):
                lefts.pop(u, None)
                continue
            left, kept = after.units[u].left, expected.units[u].left
            if left is kept or left == kept:  # (the kept one, mostly: no look asked of it)
                lefts.pop(u, None)
            else:
                lefts[u] = plain(left)
        if watch is not None:
            ran[step].lefts = dict(lefts)
        if lefts:
            expected = with_lefts(game, expected, known, lefts)
        if any(getattr(after, f) != getattr(expected, f) for f in FIELDS):
            if step + 1 == stop:  # unlike the kept replay at its end
                return None
            queue.insert(0, step + 1)  # still unlike the kept replay: the next step too
            running = after
    if end is not None:
        redraw_to = replay.counts[end][1]
        picks += redraw(replay.choices[len(picks) : redraw_to])
        log = replay.log_of(events, changed, replay.counts[end][2])
        return _kept(game, analysis, replay, end, ran, forced, choices, log, lefts), picks
    picks += redraw(replay.choices[len(picks) :])
    if replay.culprit is not None:  # broken where the kept replay broke
        return broke(replay.culprit)
    fresh = replay.fresh
    if ending is None:
        last = with_lefts(game, replay.last, {}, lefts)
    else:  # a move's units spent, or whether it was stopped, unlike the kept replay's
        last, fresh = unwatched(analysis, ending)
    last = last.with_changes(log=replay.log_of(events, changed))
    # (the kept replay's dressings: its start is the kept one, its last state the kept one's
    # counters but where this army's move lefts differ)
    ran_through = attrs.evolve(
        replay,
        forced=tuple(forced),
        choices=tuple(choices),
        last=last,
        fresh=fresh,
        dressings=replay.dressings,
        listed=[tuple(events)],  # (its last log's events: no walk of the log to list them)
    )
    return ran_through, picks


class _Ahead:
    """Of an army's move lefts that differ from a kept replay's, as an army runs through
    it: the next step that sets each, and the first step that asked one something it
    answers otherwise (up to the step that sets it)."""

    def __init__(self, asking: Asking) -> None:
        self.asking = asking
        self.nexts: dict[int, tuple[int, int, int]] = {}
        """Of each counter, a move left and the next step that sets it and that asks it
        otherwise, as last looked up."""

    def __call__(self, after: int, lefts: Mapping[int, int]) -> tuple[list[tuple[int, int]], int]:
        """Of each of ``lefts``, the next step past ``after`` that sets it; and the first
        step past ``after`` that asked one of them otherwise, not after the step that
        sets it.  (``after`` never goes back from one call to the next: a move left's next
        set and ask are looked up again only once it has passed one, or where the move left
        is another.)"""
        setting, nexts = self.asking[0], self.nexts
        bounds, first = [], _NEVER
        for u, left in lefts.items():
            found = nexts.get(u)
            if found is None or found[0] != left or after >= found[1] or after >= found[2]:
                sets = setting.get(u, ())
                i = bisect.bisect_right(sets, after)
                asks = _otherwise(self.asking, u, left)
                j = bisect.bisect_right(asks, after)
                found = nexts[u] = (
                    left,
                    sets[i] if i < len(sets) else _NEVER,
                    asks[j] if j < len(asks) else _NEVER,
                )
            _, bound, asked = found
            bounds.append((u, bound))
            if asked <= bound and asked < first:
                first = asked
        return bounds, first


def _lefts_asked(replay: Replay) -> Asking:
    """Of each counter, the steps of ``replay`` that set its move left, and those that asked
    it, with the questions and answers (in the order asked; worked out once a replay); and
    room for :func:`_otherwise`."""
    if not replay.asking:
        setting: dict[int, list[int]] = {}
        for s, v in replay.writes:
            setting.setdefault(v, []).append(s)
        asked: dict[int, list[tuple[int, Hashable, Any]]] = {}
        for s, u, part, question, got in replay.facts:
            if part == "left":
                asked.setdefault(u, []).append((s, question, got))
        replay.asking.append(
            (
                {u: tuple(steps) for u, steps in setting.items()},
                {
                    u: (tuple(s for s, _, _ in facts), tuple((q, got) for _, q, got in facts))
                    for u, facts in asked.items()
                },
                {},
            )
        )
    return replay.asking[0]


def _otherwise(asking: Asking, u: int, left: int) -> tuple[int, ...]:
    """The steps, in order, that asked ``u``'s move left something ``left`` answers
    otherwise (worked out once a replay, counter and move left; a question ``left`` cannot
    answer is answered otherwise)."""
    found = asking[2].get((u, left))
    if found is None:
        steps, questions = asking[1].get(u, ((), ()))
        found = asking[2][u, left] = tuple(
            s for s, (question, got) in zip(steps, questions, strict=True)
            if not _answers(question, left, got)
        )  # fmt: skip
    return found


def _answers(question: Hashable, left: int, got: Any) -> bool:
    """Whether the move left ``left`` answers ``question`` with ``got``."""
    try:
        return bool(answer(question, left) == got)
    except (ArithmeticError, TypeError, ValueError):
        return False


def _to_dress(analysis: Analysis, replay: Replay, kinds: Mapping[int, str]) -> dict[int, str]:
    """The types to put on ``replay``'s states for the army ``kinds``: its own, and those of
    the counters this view knows that some state of the replay holds otherwise (a state
    taken from an earlier view's replay, where they were concealed, watched or of another
    type); the others already have theirs in every state (worked out once a replay and view)."""
    known = analysis.known
    key = frozenset(known.items())
    unlike = replay.unlike.get(key)
    if unlike is None:
        unlike = replay.unlike[key] = _unlike(replay.states, known)
    return {u: known[u] for u in unlike} | dict(kinds)


def _unlike(states: Sequence[SabotState], known: Mapping[int, str]) -> frozenset[int]:
    """The counters of ``known`` that some of ``states`` holds with another type, or with a
    type or shots marker watched (:func:`~wargames.sabot.determinize.start.dressed` would
    change them)."""
    out: set[int] = set()
    for u, kind in known.items():
        last = None
        for state in states:
            if u >= len(state.units) or state.units[u] is last:
                continue
            last = state.units[u]
            if type(last.kind) is not str or last.kind != kind or type(last.ammo) is not int:
                out.add(u)
                break
    return frozenset(out)


class _Ran:
    """A step of a watched run through a kept replay: the state before it (watched), what it
    asked (as :attr:`Watch.facts`), the counters whose move left it set, and the move lefts
    of the army's own after it (where they differ from the kept replay's)."""

    def __init__(self, state: SabotState, facts: list[Any], writes: list[int]) -> None:
        self.state, self.facts, self.writes = state, facts, writes
        self.lefts: dict[int, int] = {}


def _asking(analysis: Analysis, step: int, kinds: Mapping[int, str], watch: Watch[Part]) -> None:
    """Start watching ``step`` as a replay does: a purchase's counters asked their types."""
    watch.again()
    action, events = analysis.steps[step]
    if isinstance(action, Buy) and action.player == analysis.enemy:
        for u in next(e.units for e in events if isinstance(e, Arrived)):
            if u in analysis.domains:
                watch.ask((u, "kind"), VALUE, kinds[u])


def _kept(
    game: Sabot,
    analysis: Analysis,
    replay: Replay,
    end: int,
    ran: Mapping[int, _Ran],
    forced: list[int],
    choices: list[Choice],
    log: EventLog,
    lefts: Mapping[int, int],
) -> Replay:
    """The army's replay of the first ``end`` steps, from the kept ``replay`` and the steps
    ``ran``: what it asked, its states and the move lefts set where they ran, the kept
    replay's elsewhere (answered alike), its ``log`` there; marks only before the first step
    run (a mark's state holds its log, the kept replay's dice in it)."""
    domains = analysis.domains
    first = min(ran, default=end)
    facts: list[tuple[int, int, str, Hashable, Any]] = []
    states: list[SabotState] = []
    writes: list[tuple[int, int]] = []
    own: dict[int, int] = {}
    by_step: dict[int, list[tuple[int, int, str, Hashable, Any]]] = {}
    for fact in replay.facts:
        by_step.setdefault(fact[0], []).append(fact)
    for s in range(end):
        if s in ran:
            step = ran[s]
            facts += [(s, u, part, q, got) for (u, part), q, got in step.facts]
            states.append(step.state)
            writes += [(s, u) for u in step.writes]
            own = dict(step.lefts)
            continue
        facts += [f for f in by_step.get(s, ()) if f[1] in domains]
        states.append(with_lefts(game, replay.states[s], {}, own) if own else replay.states[s])
        for w, u in replay.writes:
            if w == s:
                writes.append((w, u))
                own.pop(u, None)
    looks: list[tuple[int, int, str]] = []
    seen: set[int] = set()
    for s, u, _, _, _ in facts:
        if u not in seen:
            seen.add(u)
            looks.append((s, u, ""))
    looks.sort(key=lambda look: (look[0], look[1]))
    last = with_lefts(game, replay.last, {}, lefts).with_changes(log=log)
    return Replay(
        replay.start, replay.actions[:end], tuple(forced[: replay.counts[end][0]]), last,
        tuple(choices[: replay.counts[end][1]]), None, tuple(looks),
        tuple(m for m in replay.marks if m.step <= first), tuple(facts), replay.fresh,
        tuple(states), replay.counts[:end], tuple(writes),
    )  # fmt: skip


def _write(events: list[Any], mine: Sequence[Any], at: int) -> int:
    """``mine`` written over ``events`` from ``at`` where they differ (one alike: the kept
    one, its node shared); the first place written (past the last: none)."""
    first = _NEVER
    for i, event in enumerate(mine, at):
        if event != events[i]:
            events[i], first = event, min(first, i)
    return first
