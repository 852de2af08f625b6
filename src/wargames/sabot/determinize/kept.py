"""What a view's kept replays offer an army drawn (docs/sabot.md, "Kept replays"): one
that asked nothing the army answers otherwise (reused whole), the one that did at the fewest
steps (run through, :mod:`~wargames.sabot.determinize.runthrough`), and the latest kept
state before they part (gone on from); and the past a replay gives a sample (:func:`past`).

A type that answers every question a replay asked of a counter (through
:mod:`wargames.core.watched`) as the replay's did would have run the replay the same."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from attrs import frozen

from wargames.core.changes import replace
from wargames.core.history import History
from wargames.core.rng import Rng
from wargames.core.watched import answer
from wargames.sabot.determinize.analysis import Analysis
from wargames.sabot.determinize.draw import Army
from wargames.sabot.determinize.replay import Differences, Mark, Replay
from wargames.sabot.determinize.start import dressed, full_shots
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot


Key = tuple[tuple[tuple[int, str], ...], tuple[tuple[int, str], ...]]
"""A kept replay's key: the platoons bought, and the type of each counter it looked at."""


def army_key(drawn: Army, seen: frozenset[int]) -> Key:
    """What a replay that looked at the counters ``seen`` depends on besides the view and
    the unseen dice: their types and the platoons bought."""
    kinds, platoons = drawn
    return tuple(sorted(platoons.items())), tuple((u, kinds[u]) for u in sorted(seen))


def answers_otherwise(game: Sabot, replay: Replay, kinds: Mapping[int, str]) -> list[int]:
    """The steps at which ``replay`` asked a concealed counter something (its type, a field
    of its type, its shots marker as set up) that ``kinds`` answer otherwise, in order
    (worked out once per counter and type)."""
    steps: set[int] = set()
    parts = replay.parts
    for u in replay.seen:
        kind = kinds.get(u, "")
        found = parts.get((u, kind)) or _differences(game, replay, u, kind)
        steps.update(found[0])
    return sorted(steps)


def lefts_only(game: Sabot, replay: Replay, kinds: Mapping[int, str]) -> dict[int, dict[int, int]]:
    """Of the steps ``kinds`` answer ``replay`` otherwise, those where all they answer
    otherwise is a move's stop's move left (:meth:`~wargames.sabot.units.UnitType.left_after`,
    whose answer the stop writes into the counter and nowhere else): by step, each counter's
    move left after it."""
    others: set[int] = set()
    found: dict[int, dict[int, int]] = {}
    parts = replay.parts
    for u in replay.seen:
        kind = kinds.get(u, "")
        _, steps, lefts = parts.get((u, kind)) or _differences(game, replay, u, kind)
        others.update(steps)
        for step, left in lefts:
            found.setdefault(step, {})[u] = left
    return {step: lefts for step, lefts in found.items() if step not in others}


def _differences(game: Sabot, replay: Replay, unit: int, kind: str) -> Differences:
    """The steps that asked ``unit`` something ``kind`` answers otherwise, those of them
    that asked more than a stop's move left, and those stops with the move left ``kind``
    answers (kept in ``replay.parts``, once per counter and type)."""
    record = game.table.types.get(kind)
    ammo = full_shots(game, kind) if record is not None or kind == DECOY else None
    out: list[int] = []
    lefts: list[tuple[int, int]] = []
    for step, u, part, question, got in replay.facts:
        if u != unit or part == "left" or (out and out[-1] == step):
            continue
        try:
            mine = answer(question, kind, record) if part == "kind" else answer(question, ammo)
        except (AttributeError, TypeError):  # a decoy asked for a type's field
            out.append(step)
            continue
        if mine == got:
            continue
        if part == "kind" and isinstance(question, tuple) and question[:2] == _LEFT_AFTER:
            lefts.append((step, mine))
        else:
            out.append(step)
    every = tuple(sorted({*out, *(step for step, _ in lefts)}))
    found = replay.parts[(unit, kind)] = every, tuple(out), tuple(lefts)
    return found


_LEFT_AFTER: Final = ("()", "left_after")
"""The question of a move's stop for the move left it writes (``UnitType.left_after``)."""


def _mark(replay: Replay, step: int) -> Mark | None:
    """The last mark of ``replay`` at or before ``step`` (None: none after its start)."""
    return next((m for m in reversed(replay.marks) if 0 < m.step <= step), None)


@frozen
class Found:
    """What the kept replays offer an army: one that asked nothing it answers otherwise
    (``same``), the one that did at the fewest steps (``close``, with those ``steps``), and
    the kept state to go on from that is latest before they part (``resume``); and the
    earlier view's replay it answers otherwise at the fewest of its steps (``through``, with
    those steps)."""

    same: Replay | None = None
    close: Replay | None = None
    steps: Sequence[int] = ()
    resume: tuple[Replay, Mark] | None = None
    through: tuple[Replay, Sequence[int]] | None = None


def source(game: Sabot, analysis: Analysis, drawn: Army) -> Found:
    """What the kept replays of this view (and of the earlier view, whose steps run up to a
    mark past their own) offer the army ``drawn`` (see :class:`Found`)."""
    kinds, platoons = drawn
    bought = tuple(sorted(platoons.items()))
    close: tuple[Replay | None, Sequence[int]] = None, ()
    best: tuple[Replay, Mark] | None = None
    for key, replay in analysis.replays.items():
        if key[0] != bought:
            continue
        steps = answers_otherwise(game, replay, kinds)
        if not steps:
            analysis.replays.move_to_end(key)
            return Found(same=replay)
        rank = (replay.culprit is not None, len(steps))  # one that did not break first
        if close[0] is None or rank < (close[0].culprit is not None, len(close[1])):
            close = replay, steps
        mark: Mark | None = _mark(replay, steps[0])
        if mark is not None and (best is None or mark.step > best[1].step):
            best = replay, mark
    # an earlier view's replay, as far as its steps go (a counter then concealed may be known)
    end, earlier = analysis.earlier
    through: tuple[Replay, Sequence[int]] | None = None
    for key, replay in earlier:
        if not set(key[0]) <= set(bought):
            continue
        steps = answers_otherwise(game, replay, analysis.known | kinds)
        if not steps or steps[0] >= end:  # its last state, before its view's check
            mark = Mark(end, replay.last, len(replay.forced), len(replay.choices), replay.fresh)
        else:
            mark = _mark(replay, steps[0])
            before = [s for s in steps if s < end]
            if through is None or len(before) < len(through[1]):
                through = replay, before
        if mark is not None and mark.step and (best is None or mark.step > best[1].step):
            best = replay, mark
    return Found(None, close[0], close[1], best, through)


def past(
    game: Sabot,
    replay: Replay,
    kinds: dict[int, str],
    fresh: Rng,
    picks: Sequence[tuple[int, ...]],
) -> History:
    """The sample's past from ``replay`` (kept, run through or new), with ``kinds`` on the
    concealed counters it never looked at (:func:`~wargames.sabot.determinize.start.dressed`),
    the stream ``fresh`` and the unseen dice ``picks`` (one per choice):
    each forced in its place and each shot's adjusted rolls moved by as much (a shot's
    result and so the play after it are the same for every option)."""
    forced = list(replay.forced)
    events: list[Any] = []
    changed = len(replay.last.log)  # the first event unlike the replay's
    for choice, picked in zip(replay.choices, picks, strict=True):
        if picked == choice.picked:
            continue
        forced[choice.at : choice.at + len(picked)] = picked
        if choice.event >= 0:
            events = events or replay.events()
            shot = events[choice.event]
            events[choice.event] = replace(
                shot,
                attack=shot.attack + picked[0] - choice.picked[0],
                defense=shot.defense + picked[1] - choice.picked[1],
            )
            changed = min(changed, choice.event)
    last = dressed(game, replay.last, kinds, replay.fresh, replay.dressings)
    last = last.with_changes(rng=Rng(fresh.key, replay.last.rng.counter))
    if events:
        last = last.with_changes(log=replay.log_of(events, changed))
    start = dressed(game, replay.start, kinds, kinds, replay.dressings)
    start = start.with_changes(rng=fresh.with_forced(*forced))
    return History(start, replay.actions, end=last)
