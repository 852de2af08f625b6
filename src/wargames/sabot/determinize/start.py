"""An army drawn put on a state: the full start of the past (IV: the random set-up as
logged, or the set-up phase), a study position's counters, and a kept replay's state
(:func:`dressed`), each counter's shots marker full for its type where it was never set."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Final

from wargames.core.changes import replace
from wargames.core.events import EventLog
from wargames.core.hidden import is_hidden
from wargames.core.phases import Clock
from wargames.core.rng import Rng
from wargames.sabot.army import counter
from wargames.sabot.determinize.analysis import Analysis
from wargames.sabot.state import GONE, OK, Embarked, Initiative, Moved, Removed, SabotState, Unit
from wargames.sabot.turn import PLAYERS, new_turn
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot


_KEY: Final = bytes(32)
"""A stream to build a start with (the sampler gives the start a fresh one)."""


def full_start(game: Sabot, analysis: Analysis, kinds: dict[int, str]) -> SabotState:
    """The full start: the random set-up as logged (with its initiative roll), or the set-up
    phase with every counter still to place."""
    view = analysis.view
    table = game.table
    units = []
    for u in view.units:
        if u.arrived:
            continue
        kind = analysis.known.get(u.id) or kinds[u.id]
        units.append(counter(table, u.id, u.owner, kind, PLAYERS.index(u.owner)))
    roll = next((e.roll for e in analysis.start_events if isinstance(e, Initiative)), None)
    if roll is None:
        return SabotState(rng=Rng(_KEY), clock=game.turns.start(2), units=tuple(units))
    for event in analysis.start_events:
        if isinstance(event, Moved):
            hex_ = game.map.parse(event.to)
            units[event.unit] = replace(units[event.unit], status=OK, hex=hex_, facing=event.facing)
        elif isinstance(event, Embarked):
            units[event.unit] = replace(units[event.unit], status=OK, carrier=event.carrier)
        elif isinstance(event, Removed):
            units[event.unit] = replace(units[event.unit], status=GONE)
    setup = [e for e in analysis.start_events if not isinstance(e, Initiative)]
    state = SabotState(
        rng=Rng(_KEY).with_forced(roll - 1),
        clock=Clock(1, len(game.turns.setup), 0, (0, 1)),
        units=tuple(units),
        prepared=analysis.prepared,
        log=EventLog(setup),
    )
    return new_turn(game, state)


def position(game: Sabot, analysis: Analysis, kinds: dict[int, str]) -> SabotState:
    """A view with no past (a study position): its counters filled in, nothing before."""
    table = game.table
    units = []
    for u in analysis.view.units:
        kind = analysis.known.get(u.id) or kinds[u.id]
        ammo = u.ammo
        if is_hidden(ammo):
            ammo = max(0, (0 if kind == DECOY else table[kind].limited_shots) - u.spent)
        units.append(replace(u, kind=kind, ammo=ammo, left=0, crossed=False))
    moving = analysis.view.moving
    if moving is not None:
        moving = replace(moving, spent=0, stopped=False)
    return analysis.view.with_changes(units=tuple(units), moving=moving, rng=Rng(_KEY))


def full_shots(game: Sabot, kind: str) -> int:
    """The number on a new counter's shots marker (IV)."""
    return 0 if kind == DECOY else game.table.types[kind].limited_shots


Dressings = dict[tuple[int, str, bool], tuple[Unit, Unit]]
"""Counters of kept states already dressed (:func:`dressed`): by the counter's identity, the
type put on and whether its shots marker is full, the counter and the counter dressed (held,
so its identity is not taken by another)."""
DRESSINGS: Final = 1 << 14
"""Counters a kept replay's :data:`Dressings` holds before they are all dropped (its armies'
own last states are dressed with them too)."""


def dressed(
    game: Sabot,
    state: SabotState,
    kinds: Mapping[int, str],
    fresh: Collection[int],
    cache: Dressings | None = None,
) -> SabotState:
    """``state`` of a replay (whose army answers every question it asked as ``kinds``
    does) with ``kinds`` on the counters, the shots markers it left as set up (``fresh``)
    full for their type; a marker it set was set from what it asked, the same for both.
    With a ``cache`` (a kept replay's), a counter already dressed so is not made again: a
    kept replay's states share their counters, and its armies share types."""
    units = list(state.units)
    for u, kind in kinds.items():
        if u >= len(units):
            continue
        unit = units[u]
        full = type(unit.ammo) is not int or u in fresh
        if not full and type(unit.kind) is str and unit.kind == kind:
            continue  # (a known counter: as it is)
        key = (id(unit), kind, full)
        hit = None if cache is None else cache.get(key)
        if hit is not None and hit[0] is unit:
            units[u] = hit[1]
            continue
        units[u] = replace(unit, kind=kind, ammo=full_shots(game, kind) if full else unit.ammo)
        if cache is not None:
            if len(cache) >= DRESSINGS:
                cache.clear()
            cache[key] = unit, units[u]
    return state.with_changes(units=tuple(units))


def with_lefts(
    game: Sabot,
    state: SabotState,
    kinds: Mapping[int, str],
    lefts: Mapping[int, int],
    cache: Dressings | None = None,
) -> SabotState:
    """A kept replay's ``state`` with ``kinds`` put on (:func:`dressed`, with its
    ``cache``) and the move
    ``lefts`` of an army whose differ."""
    state = dressed(game, state, kinds, (), cache)
    if not lefts:
        return state
    units = list(state.units)
    for u, left in lefts.items():
        units[u] = replace(units[u], left=left)
    return state.with_changes(units=tuple(units))
