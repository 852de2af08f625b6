"""An army run through a kept replay (docs/sabot.md, "Kept replays"): only the steps
where it answers otherwise, each from the kept state before it with its own types put on,
and held to the kept state after it."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from wargames.core.changes import replace
from wargames.core.events import EventLog
from wargames.core.watched import answer, plain
from wargames.sabot.determinize.analysis import Analysis
from wargames.sabot.determinize.dice import Choice, Draws, Miss, Redraw
from wargames.sabot.determinize.draw import Army
from wargames.sabot.determinize.replay import Replay, run_step
from wargames.sabot.determinize.start import dressed
from wargames.sabot.determinize.watching import unwatched
from wargames.sabot.state import SabotState

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot


_NEVER: Final = 1 << 30
"""No step (past the last)."""
_LEFT: Final = ("log", "rng")
"""What a step checked through a kept replay may leave unlike it: the unseen rolls of a
shot in the log (drawn for every sample, see :func:`~wargames.sabot.determinize.kept.past`)
and the stream's key."""


def run_through(
    game: Sabot,
    analysis: Analysis,
    replay: Replay,
    steps: Sequence[int],
    drawn: Army,
    rng: random.Random,
) -> tuple[Replay, list[tuple[int, ...]]] | None:
    """The army ``drawn`` run through the kept ``replay``, which it answers otherwise only at
    ``steps``: each of those run from the kept state before it with the army's types put on
    (the unseen dice drawn as its own replay draws them, the others as the kept replay's), and
    held to the kept state after it (the next step run too while they differ; a move left
    that differs carried on, and a step that asked it otherwise run; unlike it at the end,
    the army's own last state).  The army's replay, or where it breaks, with the unseen dice
    drawn (as :func:`~wargames.sabot.determinize.replay.replay_army` and ``rng`` would give
    them); None where a step draws other dice than the kept replay's, or gets past where the
    kept replay broke (then ``rng`` has been drawn from: the caller restores it)."""
    kinds = drawn[0]
    known = analysis.known | kinds
    forced, choices = list(replay.forced), list(replay.choices)
    events: list[Any] = list(replay.last.log) if replay.culprit is None else []
    picks: list[tuple[int, ...]] = []
    draws, redraw = Draws(rng), Redraw(rng)
    lefts: dict[int, int] = {}  # move left (its own) where this army's differs from the kept

    def broke(culprit: int) -> tuple[Replay, list[tuple[int, ...]]]:
        return Replay(replay.start, (), (), replay.start, (), culprit), picks

    def until(u: int, after: int) -> int:
        """The next step past ``after`` that sets ``u``'s move left."""
        return next((s for s, v in replay.writes if v == u and s > after), _NEVER)

    def asked(after: int) -> int:
        """The first step past ``after`` that asked a move left that differs (up to the
        step that sets it)."""
        return min(
            (step for step, u, part, question, got in replay.facts
             if step > after and part == "left" and u in lefts and step <= until(u, after)
             and answer(question, lefts[u]) != got),
            default=_NEVER,
        )  # fmt: skip

    queue, step = list(steps), -1
    running: SabotState | None = None
    ending: SabotState | None = None
    while True:
        done, step = step, min(queue[0] if queue else _NEVER, asked(step) if lefts else _NEVER)
        for u in [u for u in lefts if until(u, done) < step]:  # set alike on the way
            del lefts[u]
        if step == _NEVER:
            break
        queue = [s for s in queue if s > step]
        at, chosen, logged = replay.counts[step]
        picks += redraw(replay.choices[len(picks) : chosen])
        state = running or _lefts(game, replay.states[step], known, lefts)
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
        if step + 1 == len(replay.states):  # the kept replay broke here, this army did not
            return None
        forced_to, chosen_to, logged_to = replay.counts[step + 1]
        mine = after.log.since(logged)
        if (
            len(faces) != forced_to - at
            or len(draws.choices) != chosen_to - chosen
            or not _alike(mine, events[logged:logged_to], draws.choices, logged)
        ):
            return None
        forced[at:forced_to] = faces
        choices[chosen:chosen_to] = draws.choices
        events[logged:logged_to] = mine
        picks += [choice.picked for choice in draws.choices]
        if queue and queue[0] == step + 1:  # the next step goes on from this army's state
            running = after
            continue
        expected = dressed(game, replay.states[step + 1], known, ())
        for u in analysis.domains:  # a move left of its own may differ: watched on
            if u >= len(after.units) or after.units[u].left == expected.units[u].left:
                lefts.pop(u, None)
            else:
                lefts[u] = plain(after.units[u].left)
        if lefts:
            expected = _lefts(game, expected, known, lefts)
        if any(getattr(after, f) != getattr(expected, f) for f in _FIELDS):
            queue.insert(0, step + 1)  # still unlike the kept replay: the next step too
            running = after
    picks += redraw(replay.choices[len(picks) :])
    if replay.culprit is not None:  # broken where the kept replay broke
        return broke(replay.culprit)
    fresh = replay.fresh
    if ending is None:
        last = _lefts(game, replay.last, {}, lefts)
    else:  # a move's units spent, or whether it was stopped, unlike the kept replay's
        last, fresh = unwatched(analysis, ending)
    last = last.with_changes(log=EventLog(events))
    return (
        attrs.evolve(replay, forced=tuple(forced), choices=tuple(choices), last=last, fresh=fresh),
        picks,
    )


def _lefts(
    game: Sabot, state: SabotState, kinds: Mapping[int, str], lefts: Mapping[int, int]
) -> SabotState:
    """A kept replay's ``state`` with ``kinds`` put on
    (:func:`~wargames.sabot.determinize.start.dressed`) and the move ``lefts`` of an army
    whose differ."""
    state = dressed(game, state, kinds, ())
    if not lefts:
        return state
    units = list(state.units)
    for u, left in lefts.items():
        units[u] = replace(units[u], left=left)
    return state.with_changes(units=tuple(units))


_FIELDS: Final = tuple(f.name for f in attrs.fields(SabotState) if f.name not in _LEFT)


def _alike(mine: Sequence[Any], kept: Sequence[Any], drawn: Sequence[Choice], at: int) -> bool:
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
