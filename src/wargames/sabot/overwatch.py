"""VII-a. Overwatch attacks.

"If a unit enters a hostile unit's attack range and then leaves it again in the same turn,
the hostile unit cannot attack it" — except by overwatch: a unit that did not move this turn
may fire at the moving unit in a hex where it was in range; a mover that is not harmed
finishes its move, and the overwatcher cannot fire in the combat phase.

Each hex a mover enters (and the hex a squad gets out into) opens a *window* when an enemy
counter may have it in range, judged from what both players see, so a window gives nothing
away: the opponent fires (:class:`~wargames.sabot.state.Fire`) or holds
(:class:`~wargames.sabot.state.Hold`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from wargames.core.changes import replace
from wargames.sabot.firing import fire, fire_problem, weapons
from wargames.sabot.scouting import sees
from wargames.sabot.state import DISABLED, OK, Fire, SabotState, Unit, enemies, occupants, side
from wargames.sabot.state import with_unit as set_unit

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["open_window", "overwatch", "overwatch_actions", "watchers", "window_opens"]


def watchers(
    game: Sabot, mover: Unit, counters: Iterable[Unit], *, known: bool = False
) -> Iterator[Unit]:
    """Those of ``counters`` (the other side's counters on the map) that may watch ``mover``,
    from what both players see: those that have not moved this turn and may be in range (a
    concealed one: of the longest reach there is; ``known``: as their owner sees them, of its
    own reach)."""
    away, elevation = game.map.distance_from(mover.hex), game.map.elevation
    for watcher in counters:
        if watcher.moved or watcher.status not in (OK, DISABLED):
            continue
        # A counter right side up watches with its weapons' reach (none: a decoy or unarmed).
        seen = watcher.revealed or known
        longest = game.reaches.get(watcher.kind) if seen else game.longest_reach
        if longest is None:
            continue
        if away(watcher.hex) <= longest + (1 if elevation[watcher.hex] else 0):  # on a hill
            yield watcher


def open_window(game: Sabot, state: SabotState) -> SabotState:
    """Open an overwatch window on the moving unit if any enemy counter may watch it
    (not while it passes through a friend's hex, where it could not stop)."""
    moving = state.moving
    assert moving is not None
    if window_opens(game, state, state.units[moving.unit]):
        return state.with_changes(moving=replace(moving, watch=True))
    return state


def window_opens(game: Sabot, state: SabotState, mover: Unit) -> bool:
    """Whether an overwatch window opens on ``mover`` where it stands in ``state``."""
    if not mover.on_map or len(occupants(state)[mover.hex]) > 1:
        return False  # not in a friend's hex: a harmed mover could not end its move there
    return next(watchers(game, mover, enemies(state, mover.owner)), None) is not None


def overwatch_actions(game: Sabot, state: SabotState, player: str) -> Iterator[Fire]:
    """Shots at the moving unit by ``player``'s units that did not move this turn and have
    it in range, in their arc and in line of sight (lasers do not attack)."""
    assert state.moving is not None
    mover = state.units[state.moving.unit]
    for unit in watchers(game, mover, side(state, player), known=True):  # never the enemy's
        kind = game.table[unit.kind]  # a known kind with a reach: no decoy
        shots = [
            weapon
            for weapon in weapons(kind)
            if weapon != "laser" and fire_problem(game, state, unit, weapon, mover) is None
        ]  # range and arc first: most watchers fail them, and a line of sight costs more
        if shots and sees(game, state, unit, mover.hex):
            for weapon in shots:
                yield Fire(player, unit.id, weapon, mover.id)


def overwatch(game: Sabot, state: SabotState, action: Fire) -> SabotState:
    """An overwatch shot.  The firer may not fire in the combat phase (nor move later this
    turn: it did not move); a mover that is hit and harmed stops here."""
    state = fire(game, state, action)
    state = set_unit(state, state.units[action.unit], fired=True, done=True)
    moving = state.moving
    assert moving is not None
    if state.units[moving.unit].status != OK:
        state = state.with_changes(moving=replace(moving, stopped=True))
    return state
