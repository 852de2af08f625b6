"""VI-g. Camouflage and scouting, and the line of sight they and combat share (VII-a, III).

Counters start upside down.  One goes right side up when it moves in the line of sight of,
and within 8 hexes of, an enemy unit; when it attacks; when it is scouted (a d10 plus the
scout's bonus of 5 or more, within 4 hexes: 2 in forest, adjacent in a town, only from the
same building); or by its owner's choice.  Scouted decoys leave the map (IV).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from wargames.core.changes import replace
from wargames.core.dice import d10
from wargames.sabot.combat import line_of_sight
from wargames.sabot.state import (
    GONE,
    Moving,
    Removed,
    Revealed,
    SabotState,
    Scouted,
    Unit,
    edit,
    enemies,
    enemies_on,
    occupants,
)
from wargames.sabot.state import with_unit as set_unit
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["SCOUT_ROLL", "SIGHT", "reveal", "scout", "scout_targets", "seen", "sees"]

SIGHT: Final = 8
"""VI-g: a unit moving in line of sight and within 8 hexes of an enemy is revealed."""
SCOUT_ROLL: Final = 5
"""VI-g: a scouting roll of 5 or more succeeds (II: and a repair roll of 5-10)."""


def sees(game: Sabot, state: SabotState, viewer: Unit, hex_: int, *, public: bool = False) -> bool:
    """Whether ``viewer`` has a line of sight to ``hex_`` (VII-a): enemy units and friendly
    vehicles block it (not for an anti-grav viewer's friends; not ground vehicles for a
    viewer on a hill); a flyer's line is broken only by buildings.

    ``public``: judged only from what both players see, as the automatic reveal must be
    (VI-g): a concealed viewer is a unit on the ground, neither flyer nor anti-grav, and its
    concealed friends block as vehicles."""
    concealed = public and not viewer.revealed
    kind = None if concealed else game.kind(viewer)
    if kind is None and not concealed:
        return False
    agrav = kind is not None and kind.type == "agrav"
    field = game.map
    occupant = occupants(state)
    high = field.elevation[viewer.hex] > 0

    def blocks(i: int) -> bool:
        here = occupant.get(i)
        if here is None:
            return False
        other = state.units[here[-1]]
        ground = not field.elevation[i]
        if other.owner != viewer.owner:  # enemy units; from a hill, not ground vehicles
            known = game.kind(other) if other.revealed else None
            soldier = known is not None and known.soldier
            return not (high and not soldier and ground)
        if public and not other.revealed:
            soldier = False  # a concealed friend: a vehicle, as far as the enemy knows
        else:
            other_kind = game.kind(other)
            soldier = other_kind is None or other_kind.soldier  # decoys do not block either
        return not (soldier or agrav or (high and ground))

    flying = kind is not None and kind.flying
    return line_of_sight(field, viewer.hex, hex_, blocks, flying=flying)


def seen(game: Sabot, state: SabotState, unit: Unit) -> bool:
    """VI-g condition 1: in line of sight of, and within 8 hexes of, an enemy unit, as
    ``unit``'s owner can tell: any concealed enemy counter counts as a unit on the ground
    (decoys too), so that whether it is revealed tells nothing of them."""
    away = game.map.distance_from(unit.hex)
    return any(
        not (e.revealed and e.kind == DECOY) and away(e.hex) <= SIGHT
        and sees(game, state, e, unit.hex, public=True)
        for e in enemies(state, unit.owner)
    )  # fmt: skip


def reveal(state: SabotState, unit: Unit, why: str) -> SabotState:
    """Turn ``unit``'s counter right side up."""
    return edit(
        state, unit, {"revealed": True}, log=state.log.with_event(Revealed(unit.id, unit.kind, why))
    )


def _in_reach(game: Sabot, scout_hex: int, target: int) -> bool:
    field = game.map
    terrain = field.terrain[target]
    distance = field.distance(scout_hex, target)
    if terrain.building:  # III: only adjacent units in that same building
        return distance == 1 and field.building[scout_hex] == field.building[target]
    return distance <= terrain.scout_range


def scout_targets(game: Sabot, state: SabotState, unit: Unit, moving: Moving) -> Iterator[int]:
    """Concealed enemies in scouting reach not yet scouted by this unit this turn (looked
    for on the hexes around it, however many counters stand elsewhere)."""
    field = game.map
    for e in enemies_on(state, unit.owner, field.around(unit.hex, field.scout_reach)):
        if e.revealed or e.id in moving.scouted:
            continue
        if _in_reach(game, unit.hex, e.hex):
            yield e.id


def scout(game: Sabot, state: SabotState, unit: Unit, moving: Moving, target: Unit) -> SabotState:
    """Roll to scout ``target``; a scouted decoy is removed (IV)."""
    bonus = game.table[unit.kind].scouting
    total, rng = (d10 + bonus).roll(state.rng)
    success = total >= SCOUT_ROLL
    log = state.log.with_event(Scouted(unit.id, target.id, total, success))
    state = state.with_changes(
        rng=rng, log=log, moving=replace(moving, scouted=moving.scouted | {target.id})
    )
    if not success:
        return state
    if target.kind == DECOY:
        state = set_unit(state, target, status=GONE, revealed=True)
        return state.with_changes(log=state.log.with_event(Removed(target.id, "decoy scouted")))
    return reveal(state, target, "scouted")
