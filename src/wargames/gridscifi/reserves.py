"""Reserves and flyers leaving the table (rule text: "Reserves", "Flyers").

* "One unit per turn may arrive from reserves": between activations the player may call one
  unit from reserve (:class:`~wargames.gridscifi.state.CallReserve`, naming a rank) and place
  it on a vacant square of that rank (:class:`~wargames.gridscifi.state.Place`).  Units arrive
  on their base edge; scouts also on the side edges; flyers and deep-striking units anywhere
  (:func:`zone`).  Choosing the rank first keeps each choice short.  Library default: a unit
  that arrives may be activated in the same turn.
* "Flyers can choose to move off the table and back into their army's reserve": a flyer on
  an edge square spends a step of movement to leave (:func:`leave_problem`), which ends its
  activation; it may come back from reserve in a later turn, with any units inside it.
"""

from __future__ import annotations

from wargames.core.board import Square
from wargames.core.changes import replace
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.movement import may_advance, move_problem
from wargames.gridscifi.state import (
    Activation,
    Arrival,
    Arrived,
    GridState,
    LeftTable,
    Status,
    Unit,
    with_units,
)

__all__ = [
    "arrival_squares",
    "call",
    "call_problem",
    "calls",
    "leave",
    "leave_problem",
    "place",
    "ranks",
    "zone",
]


def zone(field_: Battlefield, unit: Unit) -> list[Square]:
    """Every square ``unit`` may arrive on from reserve (vacant or not)."""
    profile = field_.profile(unit)
    board = field_.board
    if profile.deep_strike:
        return list(board)
    base = field_.base_rank(unit.owner)
    sides = (0, board.width - 1)
    return [s for s in board if s.y == base or (profile.scout and s.x in sides)]


def _zone_ranks(field_: Battlefield, unit: Unit) -> dict[int, tuple[Square, ...]]:
    """The squares of :func:`zone` by rank (1-based; ranks with none left out), in board
    order: the same for every unit of a profile, so worked out once per battlefield."""

    def by_rank() -> dict[int, tuple[Square, ...]]:
        ranked: dict[int, list[Square]] = {}
        for square in zone(field_, unit):
            ranked.setdefault(square.y + 1, []).append(square)
        return {rank: tuple(squares) for rank, squares in sorted(ranked.items())}

    return field_.memo(("reserve zone", unit.owner, unit.profile), by_rank)


def arrival_squares(field_: Battlefield, state: GridState, unit: Unit, rank: int) -> list[Square]:
    """The vacant squares of ``rank`` (1-based) where ``unit`` may arrive."""
    flyer = field_.profile(unit).flyer
    return field_.vacant(state.units, _zone_ranks(field_, unit).get(rank, ()), flyer)


def ranks(field_: Battlefield, state: GridState, unit: Unit) -> list[int]:
    """The ranks (1-based) with a vacant square where ``unit`` may arrive."""
    flyer = field_.profile(unit).flyer
    return [
        rank
        for rank, squares in _zone_ranks(field_, unit).items()
        if field_.any_vacant(state.units, squares, flyer)
    ]


def calls(field_: Battlefield, state: GridState, unit: Unit) -> list[int]:
    """The ranks ``unit`` (one of the player's to act) may be called onto now: each one
    :func:`call_problem` accepts."""
    return [] if _call_problem(state, unit) else ranks(field_, state, unit)


def call_problem(
    field_: Battlefield, state: GridState, player: str, uid: int, rank: int
) -> str | None:
    """Why ``player`` may not call unit ``uid`` from reserve onto ``rank`` now, or ``None``."""
    if not 0 <= uid < len(state.units) or state.units[uid].owner != player:
        return "that is not one of your units"
    unit = state.units[uid]
    problem = _call_problem(state, unit)
    if problem:
        return problem
    if not 1 <= rank <= field_.board.height:
        return f"there is no rank {rank}"
    if not arrival_squares(field_, state, unit, rank):
        return f"the unit has no vacant square to arrive on in rank {rank}"
    return None


def _call_problem(state: GridState, unit: Unit) -> str | None:
    """Why ``unit`` may not be called from reserve now, whatever the rank, or ``None``."""
    if unit.status is not Status.RESERVE:
        return "the unit is not in reserve"
    if state.arrived:
        return "one unit per turn may arrive from reserves"
    if unit.left_turn == state.clock.turn:
        return "a flyer that left the table returns in a later turn"
    return None


def call(state: GridState, uid: int, rank: int) -> GridState:
    """The state after calling ``uid`` onto ``rank``: the unit is now known to both."""
    unit = replace(state.units[uid], revealed=True)
    return replace(state, units=with_units(state.units, unit), arrival=Arrival(uid, rank))


def place(field_: Battlefield, state: GridState, square: Square) -> GridState:
    """The state after the called unit arrives on ``square`` (a legal one)."""
    assert state.arrival is not None  # placement follows a call
    unit = state.units[state.arrival.unit]
    arrived = replace(unit, status=Status.TABLE, square=square)
    return replace(
        state,
        units=with_units(state.units, arrived),
        arrival=None,
        arrived=True,
        log=state.log.with_event(Arrived(unit.id, unit.profile, square)),
    )


def leave_problem(field_: Battlefield, state: GridState, activation: Activation) -> str | None:
    """Why the active unit may not leave the table now, or ``None``."""
    unit = state.units[activation.unit]
    problem = move_problem(unit, activation)
    if problem:
        return problem
    profile = field_.profile(unit)
    if not profile.flyer:
        return "only flyers move off the table into reserve"
    if unit.status is not Status.TABLE or unit.square is None or not field_.on_edge(unit.square):
        return "a flyer leaves the table from an edge square"
    if not may_advance(activation, restricted=False):
        return "leaving the table is a move: it takes an odd activation die"
    return None


def leave(state: GridState, activation: Activation) -> GridState:
    """The state after the active flyer moves off the table (its activation still open)."""
    unit = state.units[activation.unit]
    assert unit.square is not None  # checked by leave_problem
    gone = replace(
        unit, status=Status.RESERVE, square=None, overwatch=False, left_turn=state.clock.turn
    )
    return replace(
        state,
        units=with_units(state.units, gone),
        log=state.log.with_event(LeftTable(unit.id, unit.square)),
    )
