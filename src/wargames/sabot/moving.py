"""VI. Movement, played as small actions: select a unit, advance one hex, turn one face,
fly (jump troops), scout, reveal, board or leave a carrier, stop.

The rules of one step (costs, facing, zones of control, roads, stacking) are
:class:`~wargames.sabot.movement.Mover`'s; this module drives a move through them and
through the rules that interrupt it: swamps (III), scouting and concealment (VI-g) and
overwatch windows (VII-a).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import TYPE_CHECKING, Final

from wargames.core.changes import replace
from wargames.core.dice import d10
from wargames.sabot.carriers import board, carriers, exits, get_out
from wargames.sabot.movement import Mover
from wargames.sabot.overwatch import open_window, window_opens
from wargames.sabot.scouting import reveal, scout, scout_targets, seen
from wargames.sabot.state import (
    ABOARD,
    GONE,
    OK,
    Advance,
    Board,
    Disembark,
    Moved,
    Moving,
    Reveal,
    Rolled,
    SabotAction,
    SabotState,
    Scout,
    Select,
    Stop,
    TakeOff,
    Turn,
    Unit,
    edit,
)
from wargames.sabot.state import with_unit as set_unit
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["STEPS", "move_actions", "movable", "offers", "reachable", "select", "step", "stop"]

STEPS: Final = (Advance, Turn, TakeOff, Scout, Reveal, Board, Disembark)
"""The small actions of a moving unit, each made by :func:`step`."""


def movable(state: SabotState, unit: Unit) -> bool:
    """Whether ``unit`` may start a move: not a decoy (IV), not moved yet, not Disabled,
    not an unfolded bridge; a squad aboard once its carrier is done or has not moved."""
    if unit.kind == DECOY or unit.status == GONE:
        return False
    if unit.done or unit.status != OK or unit.bridge:
        return False
    if unit.hex == ABOARD:
        carrier = state.units[unit.carrier]
        return not carrier.moved or carrier.done
    return True


def reachable(game: Sabot, state: SabotState, unit_id: int) -> dict[str, tuple[str, ...]]:
    """Every hex where ``unit_id`` may end a move from here, by map label, with the actions
    that take it there (none for a counter off the map or a decoy).  Assumes a soldier
    leaving a swamp rolls even; a move in progress continues."""
    unit = state.units[unit_id]
    if not unit.on_map or unit.kind == DECOY:
        return {}  # aboard a carrier, off the map, or a decoy, which cannot move (IV)
    moving = state.moving if state.moving and state.moving.unit == unit_id else None
    mover = game.mover(state, unit, moving.flying if moving else False)
    out: dict[str, tuple[str, ...]] = {}
    for hex_, path in mover.reachable(moving).items():
        steps = []
        for a, b in pairwise(path):
            if a[0] != b[0]:
                steps.append("advance")
            else:
                steps.append("turn right" if (b[1] - a[1]) % 6 == 1 else "turn left")
        out[game.map.label(hex_)] = tuple(steps)
    return out


def move_actions(game: Sabot, state: SabotState, unit: Unit) -> Iterator[SabotAction]:
    """What the moving ``unit`` may do next."""
    moving = state.moving
    assert moving is not None
    player = unit.owner
    if unit.hex == ABOARD:
        for hex_ in exits(game, state, unit):
            yield Disembark(player, game.map.label(hex_))
        yield Stop(player)
        return
    kind = game.table[unit.kind]
    mover = game.mover(state, unit, moving.flying)
    if unit.status != OK:  # hit by an overwatch shot: its move is over
        yield Stop(player)
        return
    if not moving.stopped:
        if _may_advance(mover, moving):
            yield Advance(player)
        for steps in (-1, 1):
            if _may_turn(mover, moving, steps):
                yield Turn(player, steps)
        if kind.fly and not moving.flying and not unit.moved:
            yield TakeOff(player)
        if kind.soldier:
            for carrier in carriers(game, state, unit, mover):
                yield Board(player, carrier)
    for target in scout_targets(game, state, unit, moving):
        yield Scout(player, target)
    if not unit.revealed:
        yield Reveal(player)
    if mover.can_end(unit.hex):  # VI-a: it ends its move in an empty hex
        yield Stop(player)


def _may_advance(mover: Mover, moving: Moving) -> bool:
    """Whether the moving unit may step ahead: a legal step from which it can still end
    its move in an empty hex (VI-a)."""
    ahead = mover.advance(mover.start_label(moving), moving.spent, explain=False)
    return not isinstance(ahead, str) and mover.onward(ahead, moving.spent)


def _may_turn(mover: Mover, moving: Moving, steps: int) -> bool:
    """Whether the moving unit may turn one face (``steps``: -1 or +1) here (VI-d)."""
    here, facing, turns, road, _, level = mover.start_label(moving)
    if not mover.may_turn(here, turns, road):
        return False
    turned = (here, (facing + steps) % 6, turns + 1, road, False, level)
    return mover.onward((turned, 0), moving.spent)


def offers(game: Sabot, state: SabotState, unit: Unit, action: SabotAction) -> bool:
    """Whether :func:`move_actions` offers ``action`` to the moving ``unit``, deciding the
    common steps (advance, turn, stop) alone with the generator's own tests."""
    moving = state.moving
    assert moving is not None
    if unit.hex == ABOARD or not isinstance(action, Advance | Turn | Stop):
        return action in move_actions(game, state, unit)
    if action.player != unit.owner:
        return False
    mover = game.mover(state, unit, moving.flying)
    if isinstance(action, Stop):
        return unit.status != OK or mover.can_end(unit.hex)
    if unit.status != OK or moving.stopped:
        return False
    if isinstance(action, Advance):
        return _may_advance(mover, moving)
    return action.steps in (-1, 1) and _may_turn(mover, moving, action.steps)


def select(game: Sabot, state: SabotState, action: Select) -> SabotState:
    """Select a unit: to move it (an overwatch window may open on its start hex, VII-a),
    or in the attack phase to fire with it."""
    unit = state.units[action.unit]
    start = unit.hex if unit.hex >= 0 else ABOARD
    road = start >= 0 and game.map.road[start]
    level = game.map.start_level(start, unit.facing) if start >= 0 else -1
    # VII-a: it may be shot at before it leaves its hex (in the attack phase it is the attacker)
    watch = game.phase(state) == "movement" and window_opens(game, state, unit)
    moving = Moving(unit.id, start, unit.owner, road=road, level=level, watch=watch)
    return state.with_changes(moving=moving)


def stop(game: Sabot, state: SabotState) -> SabotState:
    """End the move; the Engineering Tank keeps what its move left (II)."""
    moving = state.moving
    assert moving is not None
    unit = state.units[moving.unit]
    left = 0
    if unit.hex >= 0:
        mover = game.mover(state, unit, moving.flying)
        left = mover.left(moving.spent, moving.road, moving.straight)
    return edit(state, unit, {"done": True, "left": left}, moving=None)


def step(game: Sabot, state: SabotState, action: SabotAction) -> SabotState:
    """One small action of the moving unit."""
    moving = state.moving
    assert moving is not None
    unit = state.units[moving.unit]
    if isinstance(action, Advance):
        return _advance(game, state, unit, moving)
    if isinstance(action, Turn):
        facing = (unit.facing + action.steps) % 6
        return edit(
            state,
            unit,
            {"facing": facing, "moved": True, "has_moved": True},
            moving=replace(moving, turns=moving.turns + 1, straight=False),
            log=state.log.with_event(Moved(unit.id, game.map.label(unit.hex), facing)),
        )
    if isinstance(action, TakeOff):
        return state.with_changes(moving=replace(moving, flying=True))
    if isinstance(action, Reveal):
        return reveal(state, unit, "by choice")
    if isinstance(action, Scout):
        return scout(game, state, unit, moving, state.units[action.target])
    if isinstance(action, Board):
        return board(state, unit, state.units[action.carrier])
    if isinstance(action, Disembark):  # its move ends there, perhaps under overwatch
        state = get_out(game, state, unit, game.map.parse(action.hex))
        state = open_window(game, state.with_changes(moving=replace(moving, stopped=True)))
        watched = state.moving is not None and state.moving.watch
        return state if watched else state.with_changes(moving=None)
    raise AssertionError(f"not a step of a move: {action}")


def _advance(game: Sabot, state: SabotState, unit: Unit, moving: Moving) -> SabotState:
    """One hex ahead: the swamp roll (III), bridges crossed (II), zones of control (VI-b),
    a water crossing's whole allowance (III), concealment (VI-g), an overwatch window."""
    kind = game.table[unit.kind]
    terrain = game.map.terrain[unit.hex]
    rng = state.rng
    log = state.log
    if terrain.stuck and not moving.flying and not moving.swamp_checked and kind.soldier:
        roll, rng = d10.roll(rng)  # III: soldiers leaving a swamp must roll even
        log = log.with_event(Rolled(unit.id, "swamp", roll))
        moving = replace(moving, swamp_checked=True, stopped=roll % 2 == 1)
        if moving.stopped:
            return state.with_changes(rng=rng, log=log, moving=moving)
    mover = game.mover(state, unit, moving.flying)
    ahead = mover.advance(mover.start_label(moving), moving.spent)
    assert not isinstance(ahead, str)
    (there, _, _, road, _, level), cost = ahead
    bridges = [other for other in mover.occupants.get(there, ()) if state.units[other].bridge]
    if bridges and kind.vehicle:  # II: a vehicle crossed the bridging tanks deployed there
        for other in bridges:
            state = set_unit(state, state.units[other], crossed=True)
    stopped = mover.in_zoc(there) or mover.takes_all(cost)  # water entry takes the whole move
    moving = replace(moving, spent=moving.spent + cost, road=road, stopped=stopped, level=level)
    log = log.with_event(Moved(unit.id, game.map.label(there), unit.facing))
    moved = {"hex": there, "moved": True, "has_moved": True}
    state = edit(state, unit, moved, rng=rng, log=log, moving=moving)
    unit = state.units[unit.id]
    if not unit.revealed and seen(game, state, unit):
        state = reveal(state, unit, "moved in sight")
    return open_window(game, state)
