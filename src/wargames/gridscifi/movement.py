"""Movement, one square at a time (rule text: "Movement", "Terrain", "Actions", "Flyers").

Each odd activation die is one move of up to the unit's allowance (normal 1, swift 2, fast
3, flyer 4 squares); a move is made as :class:`~wargames.gridscifi.state.Step` actions, the
first of which spends the die.  A step into or out of a terrain feature must be the unit's
first square of movement in its activation and ends its movement for the turn ("Any unit
moving into or out of a terrain feature can only move one square during a turn", "All
movement must end when a unit enters a terrain feature"), unless the unit ignores terrain
(skimmer, hover, fleet, jump-pack, flyer).  A unit
may not move after attacking ("It cannot attack and move").  Every step lands on a square the
unit may occupy, so units never pass through each other (library default).
"""

from __future__ import annotations

from wargames.core.board import Square
from wargames.core.changes import replace
from wargames.gridscifi.activation import spend
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.state import Activation, GridState, Moved, Status, Unit, with_units
from wargames.gridscifi.units import Profile

__all__ = ["advance", "limited", "may_advance", "move_problem", "step", "step_problem", "steps"]


def move_problem(unit: Unit, activation: Activation) -> str | None:
    """Why the active unit may not move at all now, or ``None``."""
    if activation.attacks:
        return "a unit cannot move after attacking: an attack ends its actions"
    if unit.pinned:
        return "a pinned unit's first action must be unpinning"
    if activation.halted:
        return "entering or leaving a terrain feature ended its movement this turn"
    return None


def limited(field_: Battlefield, profile: Profile, origin: Square, target: Square) -> bool:
    """Whether a step from ``origin`` to ``target`` (a square next to it) enters or leaves a
    terrain feature that restricts ``profile``'s movement."""
    return not profile.ignores_terrain and _restricted_around(field_, origin)[target]


def may_advance(activation: Activation, restricted: bool) -> bool:
    """Whether the active unit may move one more square (:func:`advance`): the move in
    progress goes on, or an odd die starts a new one.  A restricted step must be the unit's
    first square this activation."""
    if activation.halted or (restricted and activation.moved):
        return False
    return bool(activation.move_left and not restricted) or activation.odd > 0


def advance(activation: Activation, allowance: int, restricted: bool) -> Activation:
    """The activation after one more square of movement (one :func:`may_advance` allows); a
    restricted step halts the unit's movement for the turn."""
    if activation.move_left and not restricted:
        return replace(activation, move_left=activation.move_left - 1)
    return spend(
        activation,
        odd=True,
        move_left=0 if restricted else allowance - 1,
        moved=True,
        halted=restricted,
    )


def _origin(field_: Battlefield, state: GridState, unit: Unit) -> Square | None:
    return field_.position(state.units, unit)


def steps(field_: Battlefield, state: GridState, activation: Activation) -> list[Square]:
    """The squares the active unit may step to now: each one :func:`step_problem` accepts."""
    unit = state.units[activation.unit]
    origin = _origin(field_, state, unit)
    if origin is None or move_problem(unit, activation):
        return []
    profile = field_.profile(unit)
    open_step = may_advance(activation, restricted=False)
    restricted_step = may_advance(activation, restricted=True)
    if not open_step and not restricted_step:
        return []
    vacant = field_.vacant(state.units, field_.around(origin), profile.flyer, unit.id)
    if profile.ignores_terrain:
        return vacant if open_step else []
    restricted = _restricted_around(field_, origin)
    return [square for square in vacant if (restricted_step if restricted[square] else open_step)]


def _restricted_around(field_: Battlefield, origin: Square) -> dict[Square, bool]:
    """For each square around ``origin``, whether a step between them enters or leaves a
    terrain feature that restricts movement (for units that do not ignore terrain), worked
    out once per square of the battlefield."""

    def restricted() -> dict[Square, bool]:
        here = field_.terrain_at(origin).restricts_movement
        return {
            square: here or field_.terrain_at(square).restricts_movement
            for square in field_.around(origin)
        }

    return field_.memo(("restricted around", origin), restricted)


def step_problem(
    field_: Battlefield, state: GridState, activation: Activation, square: Square
) -> str | None:
    """Why the active unit may not step to ``square`` now, or ``None``."""
    unit = state.units[activation.unit]
    problem = move_problem(unit, activation)
    if problem:
        return problem
    origin = _origin(field_, state, unit)
    if origin is None:
        return "the unit is not on the table"
    if square not in field_.board:
        return f"{square} is off the table"
    if field_.board.distance(origin, square) != 1:
        if unit.status is Status.EMBARKED:
            return "a unit leaving its transport steps to a square next to it"
        return "a unit moves one square at a time, to one of the 8 squares around it"
    profile = field_.profile(unit)
    if not field_.free(state.units, square, profile.flyer, unit.id):
        return f"{square} is taken: only one unit a square, unless one of them is a flyer"
    restricted = limited(field_, profile, origin, square)
    if not may_advance(activation, restricted):
        if restricted and activation.moved:
            return (
                "moving into or out of a terrain feature must be the unit's only square of "
                "movement this turn"
            )
        return "a move takes an odd activation die"
    return None


def step(
    field_: Battlefield, state: GridState, activation: Activation, square: Square
) -> GridState:
    """The state after the active unit's legal step to ``square``."""
    unit = state.units[activation.unit]
    origin = _origin(field_, state, unit)
    assert origin is not None  # checked by step_problem
    profile = field_.profile(unit)
    moved = advance(activation, profile.allowance, limited(field_, profile, origin, square))
    placed = replace(unit, status=Status.TABLE, square=square, carrier=None)
    return replace(
        state,
        units=with_units(state.units, placed),
        activation=moved,
        log=state.log.with_event(Moved(unit.id, origin, square)),
    )
