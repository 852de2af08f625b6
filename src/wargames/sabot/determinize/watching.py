"""The concealed counters of a replay watched (kernel :mod:`wargames.core.watched`):
their types, shots markers and move left say what the replay asked of them, and a kept
state has every watched value taken off."""

from __future__ import annotations

from collections.abc import Collection

from wargames.core.changes import replace
from wargames.core.watched import Watch, plain, watched
from wargames.sabot.determinize.analysis import Analysis
from wargames.sabot.state import SabotState, Unit

Part = tuple[int, str]
"""What a replay watches: a counter's ``"kind"``, its shots marker (``"ammo"``) or its move
left (``"left"``)."""


def watch_counters(
    analysis: Analysis, state: SabotState, watch: Watch[Part], fresh: Collection[int]
) -> SabotState:
    """``state`` with each concealed counter's type watched, and its shots marker where it
    is still as set up (``fresh``: one the replay set was worked out from what it asked)."""
    units = list(state.units)
    for u in analysis.domains:
        if u < len(units):  # (a purchase's counters come later)
            units[u] = _watching(units[u], watch, u in fresh)
    return state.with_changes(units=tuple(units))


def _watching(unit: Unit, watch: Watch[Part], fresh: bool) -> Unit:
    """``unit`` with its type and move left watched, and its shots marker if ``fresh``."""
    u = unit.id
    ammo = watched(unit.ammo, (u, "ammo"), watch) if fresh else unit.ammo
    kind, left = watched(unit.kind, (u, "kind"), watch), watched(unit.left, (u, "left"), watch)
    return replace(unit, kind=kind, ammo=ammo, left=left)


def rewatch(
    analysis: Analysis, state: SabotState, watch: Watch[Part]
) -> tuple[SabotState, list[int]]:
    """``state`` with each concealed counter's move left watched again where a step set it
    (worked out from its type: an army of another type may have another), and those; a
    counter just bought watched whole."""
    units: list[Unit] | None = None
    set_ = []
    for u in analysis.domains:
        if u >= len(state.units):
            continue
        unit = state.units[u]
        if type(unit.kind) is str:  # it arrived in this step
            units = units or list(state.units)
            units[u] = _watching(unit, watch, True)
        elif type(unit.left) is int:
            units = units or list(state.units)
            units[u] = replace(unit, left=watched(unit.left, (u, "left"), watch))
            set_.append(u)
    return (state if units is None else state.with_changes(units=tuple(units))), set_


def unwatched(analysis: Analysis, state: SabotState) -> tuple[SabotState, frozenset[int]]:
    """``state`` with no watched value left (to keep), and the counters whose shots markers
    were never set (still the watched one put on)."""
    units = list(state.units)
    fresh = []
    for u in analysis.domains:
        if u >= len(units):
            continue
        unit = state.units[u]
        if type(unit.ammo) is not int:
            fresh.append(u)
        units[u] = replace(
            unit, kind=plain(unit.kind), ammo=plain(unit.ammo), left=plain(unit.left)
        )
    return state.with_changes(units=tuple(units)), frozenset(fresh)
