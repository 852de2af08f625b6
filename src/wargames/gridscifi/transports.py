"""Transports (rule text: "Transport").

* Troop units embark into a friendly transport next to them with a step of movement
  (:func:`embark_problem`, library default: embarking ends the unit's activation), and leave
  it by stepping to a square next to it when activated (:mod:`~wargames.gridscifi.movement`).
  Units inside "may not be attacked" and move with their transport.
* When a transport is destroyed, each unit inside rolls a D6 minus its armour as hits
  (:func:`bail_out_roll`) and is then placed by its owner in a vacant square next to the
  wreck (:class:`~wargames.gridscifi.state.BailOut` actions).  With no vacant square, it stays
  with the wreck, pinned, until one is free (checked when placing and at the start of each of
  its owner's turns).
"""

from __future__ import annotations

from functools import partial

from wargames.core.board import Square
from wargames.core.changes import replace
from wargames.core.dice import DiceExpr, d6
from wargames.core.rng import Rng
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.movement import advance, may_advance, move_problem
from wargames.gridscifi.state import (
    Activation,
    BailOutRolled,
    Destroyed,
    Embarked,
    GridState,
    Placed,
    Status,
    Stranded,
    Unit,
    with_units,
)

__all__ = [
    "bail_out",
    "bail_out_roll",
    "bail_squares",
    "carriers",
    "embark",
    "embark_problem",
    "passengers",
    "place_bailed",
    "settle",
]


def passengers(units: tuple[Unit, ...] | list[Unit], transport: int) -> list[Unit]:
    """The units inside ``transport``."""
    return [u for u in units if u.status is Status.EMBARKED and u.carrier == transport]


def embark_problem(
    field_: Battlefield, state: GridState, activation: Activation, transport: int
) -> str | None:
    """Why the active unit may not embark into ``transport`` now, or ``None``."""
    unit = state.units[activation.unit]
    problem = move_problem(unit, activation)
    if problem:
        return problem
    if not 0 <= transport < len(state.units):
        return "there is no such unit"
    if not _boards(field_, unit):
        return "only troop units on the table embark"
    problem = _carrier_problem(field_, state.units, unit, state.units[transport])
    if problem:
        return problem
    if not may_advance(activation, restricted=False):
        return "embarking is a move: it takes an odd activation die"
    return None


def carriers(field_: Battlefield, state: GridState, activation: Activation) -> list[Unit]:
    """The transports the active unit may embark into now: each one :func:`embark_problem`
    accepts."""
    unit = state.units[activation.unit]
    if (
        move_problem(unit, activation)
        or not _boards(field_, unit)
        or not may_advance(activation, restricted=False)
    ):
        return []
    return [
        carrier
        for carrier in state.units
        if carrier.owner == unit.owner
        and field_.profile(carrier).capacity
        and _carrier_problem(field_, state.units, unit, carrier) is None
    ]


def _boards(field_: Battlefield, unit: Unit) -> bool:
    """Whether ``unit`` is of a kind and in a place to embark: a troop unit on the table."""
    return field_.profile(unit).troop and unit.status is Status.TABLE and unit.square is not None


def _carrier_problem(
    field_: Battlefield, units: tuple[Unit, ...], unit: Unit, carrier: Unit
) -> str | None:
    """Why ``unit`` (a troop unit on the table) may not step into ``carrier``, or ``None``."""
    transport = carrier.id
    if carrier.owner != unit.owner or carrier.status is not Status.TABLE or carrier.square is None:
        return "the transport is not a friendly unit on the table"
    room = field_.profile(carrier).capacity - len(passengers(units, transport))
    if room <= 0:
        return "the transport has no room for another unit"
    assert unit.square is not None  # a unit that boards stands on the table
    if field_.board.distance(unit.square, carrier.square) > 1:
        return "the transport is not next to the unit"
    return None


def embark(
    field_: Battlefield, state: GridState, activation: Activation, transport: int
) -> GridState:
    """The state after the active unit's legal embarkation (its activation still open)."""
    unit = state.units[activation.unit]
    moved = advance(activation, field_.profile(unit).allowance, restricted=False)
    inside = replace(unit, status=Status.EMBARKED, square=None, carrier=transport)
    return replace(
        state,
        units=with_units(state.units, inside),
        activation=moved,
        log=state.log.with_event(Embarked(unit.id, transport)),
    )


def _hits(armour: int, face: int) -> int:
    return max(0, face - armour)


def bail_out_roll(armour: int) -> DiceExpr[int]:
    """A unit's bail-out hits: "roll a D6 ... subtracting their armour value"."""
    return d6.map(partial(_hits, armour), f"d6-{armour} bail-out hits")


def bail_out(
    field_: Battlefield,
    units: list[Unit],
    transport: Unit,
    wreck: Square,
    rng: Rng,
    events: list[object],
) -> tuple[list[int], Rng]:
    """The units inside the destroyed ``transport`` bail out at ``wreck``: each takes its
    bail-out hits and, if it survives, waits by the wreck to be placed.  Returns their ids.
    """
    survivors = []
    for unit in passengers(units, transport.id):
        profile = field_.profile(unit)
        face, rng = d6.roll(rng)
        hits = _hits(profile.armour, face)
        events.append(BailOutRolled(unit.id, face, hits))
        damage = unit.damage + min(hits, profile.strength - unit.damage)
        if damage >= profile.strength:
            units[unit.id] = replace(
                unit, status=Status.DESTROYED, carrier=None, damage=damage, revealed=True
            )
            events.append(Destroyed(unit.id))
            continue
        units[unit.id] = replace(
            unit, status=Status.STRANDED, square=wreck, carrier=None, damage=damage, revealed=True
        )
        survivors.append(unit.id)
    return survivors, rng


def bail_squares(field_: Battlefield, units: tuple[Unit, ...], unit: Unit) -> list[Square]:
    """The vacant squares next to the wreck ``unit`` waits by."""
    if unit.status is not Status.STRANDED or unit.square is None:
        return []
    flyer = field_.profile(unit).flyer
    return field_.vacant(units, field_.around(unit.square), flyer)


def settle(field_: Battlefield, state: GridState) -> GridState:
    """Units waiting to bail out with no vacant square stay with the wreck, pinned; the
    queue then starts with one that can be placed (or is empty)."""
    queue = list(state.bailing)
    units = state.units
    log = state.log
    while queue and not bail_squares(field_, units, units[queue[0]]):
        stuck = units[queue.pop(0)]
        units = with_units(units, replace(stuck, pinned=True))
        log = log.with_event(Stranded(stuck.id))
    if units is state.units:
        return state  # nobody is stranded
    return replace(state, units=units, bailing=tuple(queue), log=log)


def place_bailed(field_: Battlefield, state: GridState, square: Square) -> GridState:
    """The state after placing the first unit waiting to bail out on ``square``."""
    unit = state.units[state.bailing[0]]
    placed = replace(unit, status=Status.TABLE, square=square)
    state = replace(
        state,
        units=with_units(state.units, placed),
        bailing=state.bailing[1:],
        log=state.log.with_event(Placed(unit.id, square)),
    )
    return settle(field_, state)
