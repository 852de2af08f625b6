"""The special action phase (V) and the special tracked vehicles (II).

* Recovery vehicle: repairs one Disabled vehicle next to it a turn, on a d10 of 5-10, if
  neither was shot at this turn.
* Bridging tank: unfolds in a river hex into a bridge vehicles use from the next turn;
  folds again if nothing crossed it this turn.
* Engineering tank: a prepared position for two move units, in its hex or next to it, in
  grassland, desert, hills or a road through them, never in a river hex.
* Missile reloader: refills one missile tank next to it a turn, if neither was shot at.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from wargames.core.dice import d10
from wargames.core.distribution import Distribution
from wargames.sabot.movement import HALF
from wargames.sabot.scouting import SCOUT_ROLL
from wargames.sabot.state import DISABLED, OK, Rolled, SabotState, Special, Unit
from wargames.sabot.state import with_unit as set_unit
from wargames.sabot.units import UnitType

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["left", "repair_odds", "special", "specials"]


def specials(
    game: Sabot, state: SabotState, player: str, units: Iterable[Unit] | None = None
) -> Iterator[Special]:
    """Repairs, reloads, bridges and prepared positions available to ``player``: of every
    counter, or of ``units`` alone (checking one special action reads no other counter,
    so a sampled past's check asks nothing of the others: docs/sabot.md, "Kept replays")."""
    field = game.map
    for unit in state.units if units is None else units:
        if unit.owner != player:
            continue  # the enemy's counters: never read (their kinds may be hidden here)
        kind = game.kind(unit)
        if kind is None or not kind.special or not unit.on_map:
            continue
        if unit.status != OK or ("special" in unit.used and kind.special != "prepare"):
            continue
        near = set(field.steps[unit.hex])
        if kind.special in ("repair", "reload") and not unit.shot_at:
            for other in state.units:
                if other.owner != player or other.hex not in near or other.shot_at:
                    continue
                other_kind = game.kind(other)
                if other_kind is None:
                    continue
                if kind.special == "repair" and other.status == DISABLED:
                    yield Special(player, unit.id, "repair", other.id)
                refill = other_kind.weapon == "gp_missile" and other.ammo < other_kind.shots
                if kind.special == "reload" and refill and other.status in (OK, DISABLED):
                    yield Special(player, unit.id, "reload", other.id)
        elif kind.special == "bridge":
            if unit.bridge and not unit.crossed:
                yield Special(player, unit.id, "fold")
            if not unit.bridge and field.river[unit.hex] and not field.bridge[unit.hex]:
                yield Special(player, unit.id, "deploy")
        elif kind.special == "prepare" and left(unit, kind) >= 2 * HALF:
            for hex_ in (unit.hex, *near):
                fresh = (player, hex_) not in state.prepared
                if hex_ >= 0 and field.preparable(hex_) and fresh:
                    yield Special(player, unit.id, "prepare", hex_)


def left(unit: Unit, kind: UnitType) -> int:
    """Half move units ``unit`` has not used this turn (all of them if it did not move)."""
    return unit.left if unit.done else HALF * kind.move


def special(game: Sabot, state: SabotState, action: Special) -> SabotState:
    """Carry out a special action."""
    unit = state.units[action.unit]
    state = set_unit(state, unit, used=unit.used | {"special"})
    unit = state.units[unit.id]
    if action.what == "deploy":
        return set_unit(state, unit, bridge=True)
    if action.what == "fold":
        return set_unit(state, unit, bridge=False)
    if action.what == "prepare":  # II: two move units each, as many as it has left
        rest = left(unit, game.table[unit.kind]) - 2 * HALF
        state = set_unit(state, unit, left=rest, done=True)
        return state.with_changes(prepared=state.prepared | {(unit.owner, action.target)})
    other = state.units[action.target]
    if action.what == "reload":
        return set_unit(state, other, ammo=game.table[other.kind].shots, spent=0)
    roll, rng = d10.roll(state.rng)
    state = state.with_changes(rng=rng, log=state.log.with_event(Rolled(other.id, "repair", roll)))
    return set_unit(state, other, status=OK) if roll >= SCOUT_ROLL else state


def repair_odds() -> Distribution[bool]:
    """The exact odds of a repair (II: 5-10 on a d10)."""
    return d10.at_least(SCOUT_ROLL).distribution()
