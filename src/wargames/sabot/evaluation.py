"""How a SABOT position looks to a bot (a heuristic, not a rule), read from the victory
condition, VIII: "When one player has lost all his/her units, the other player is the
winner."

A game is won by destroying units, so most of the score is material: the build points each
side still has on the board (a Disabled unit at half its worth, decoys at nothing), as a
:func:`~wargames.core.game.balance`, less what the shots still to come this turn are expected
to take (:func:`exchange`: every unit that has yet to fire, at the target it hurts most from
where it stands, and a shot aimed but not yet rolled in a bot's afterstate,
:mod:`~wargames.sabot.pending`, at its exact odds).  So a shot is worth its odds before its
dice, ending an attack phase with a shot unfired gives that shot up, and a move is weighed by
the fire it draws and the fire it opens.

Material alone is flat until the armies meet, and bots that read only it never closed in:
every game of a 20-turn limit was drawn.  So a side also scores for *closing*: each of its
armed units counts how near the nearest enemy unit it may hurt (:func:`harms`) stands to its
weapons' reach (:func:`~wargames.core.game.closeness`), weighted by its worth, less the move
units the unit may still spend this turn (:func:`moves_left`): a unit that ends its move, or
a player who ends the movement phase, gives up the ground it could have gained.  Only a
side's own closing counts for it, so both sides' bots seek the fight.

A scenario with other victory conditions (VIII: "the first person to meet their victory
conditions wins") overrides :meth:`~wargames.sabot.Sabot.evaluate` with its own reading.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Final

from attrs import frozen

from wargames.core.game import balance, closeness
from wargames.sabot.carriers import exits
from wargames.sabot.firing import (
    _harmless,
    fire_problem,
    hit_chances,
    results,
    weapon_stats,
    weapons,
)
from wargames.sabot.movement import HALF, stands
from wargames.sabot.moving import movable
from wargames.sabot.scouting import sees
from wargames.sabot.state import ABOARD, DESTROYED, DISABLED, OK, memo
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.maps import SabotMap
    from wargames.sabot.rules import Sabot
    from wargames.sabot.state import SabotState, Unit
    from wargames.sabot.units import UnitType

__all__ = [
    "WEIGHTS",
    "Weights",
    "approach",
    "closing",
    "evaluate",
    "exchange",
    "harms",
    "material",
    "moves_left",
    "pending_harm",
    "standing",
    "still_to",
]


@frozen
class Weights:
    """The share of the score each part takes (they sum to at most 1, so a game still on
    scores strictly inside (-1, 1)), and the share of its move units left that the unit
    moving now counts towards closing: less than a unit still to move, so that ground gained
    now beats ground it could still gain (else every step along its way scores the same as
    turning in place, and a one-action look-ahead wanders)."""

    material: float = 0.9
    closing: float = 0.1
    moving: float = 0.5


WEIGHTS = Weights()


def evaluate(game: Sabot, state: SabotState, player: str, weights: Weights = WEIGHTS) -> float:
    """``player``'s score of a game still on: the balance of material after this turn's
    expected exchange, plus its own closing."""
    units, worth, lost = _counted(game, state)
    mine, theirs = (worth[p] - lost[p] for p in (player, game.opponent(player)))
    left = moves_left(game, state, player)
    if state.moving is not None and state.moving.unit in left:
        left[state.moving.unit] *= weights.moving
    return weights.material * balance(mine, theirs) / 0.9 + (
        weights.closing * closing(game, units, player, left)
    )


def _counted(
    game: Sabot, state: SabotState
) -> tuple[list[Unit], dict[str, float], dict[str, float]]:
    """:func:`standing`, :func:`material` and :func:`exchange` of ``state``, worked out once
    for every player who scores it (a search scores each leaf for both)."""
    known = memo(state)
    key = (_counted, game._memo_key)
    found: tuple[list[Unit], dict[str, float], dict[str, float]] | None = known.get(key)
    if found is None:
        units = standing(state)
        found = known[key] = (units, material(game, units), exchange(game, state, units))
    return found


def standing(state: SabotState) -> list[Unit]:
    """The units still in the game (OK or Disabled; decoys are not units, VIII)."""
    return [u for u in state.units if u.status in (OK, DISABLED) and u.kind != DECOY]


def material(game: Sabot, units: Iterable[Unit]) -> dict[str, float]:
    """The build points each player has in ``units`` (:func:`standing`), a Disabled unit at
    half."""
    worth = dict.fromkeys(game.players, 0.0)
    for unit in units:
        worth[unit.owner] += _worth(game, unit)
    return worth


def _worth(game: Sabot, unit: Unit) -> float:
    value = game._worth.get(unit.kind, 0.0)
    return value / 2 if unit.status == DISABLED else value


@lru_cache(maxsize=256)
def _ways(field: SabotMap, kind: UnitType, goal: int) -> tuple[int, ...]:
    """The fewest hexes a unit of ``kind`` walks from each hex to ``goal`` over ground it may
    stand on (III), units and move costs aside; -1 where it cannot."""
    ways = [-1] * len(field.cells)
    ways[goal] = 0
    frontier = [goal]
    while frontier:
        nearer = []
        for here in frontier:
            for there in field.steps[here]:
                if there >= 0 and ways[there] < 0 and stands(field, kind, there):
                    ways[there] = ways[here] + 1
                    nearer.append(there)
        frontier = nearer
    return tuple(ways)


def approach(game: Sabot, kind: UnitType, start: int, goal: int) -> int:
    """How far a unit of ``kind`` at ``start`` stands from ``goal``: the hexes it must walk
    there round what it cannot enter (III: rivers without a bridge, forest for vehicles,
    hills for hovercraft), or the hex distance where it cannot get there at all (and for a
    flyer, which ignores terrain, VI-f)."""
    if kind.flying:
        return game.map.distance(start, goal)
    walk = _ways(game.map, kind, goal)[start]
    return walk if walk >= 0 else game.map.distance(start, goal)


def _gap(game: Sabot, kind: UnitType, reach: int, start: int, goal: int) -> int:
    """How far from ``goal`` a unit of ``kind`` at ``start`` stands: the hex distance within
    its ``reach``, else how far it must walk (:func:`approach`)."""
    within = game.map.distance(start, goal)
    return within if within <= reach else approach(game, kind, start, goal)


def still_to(game: Sabot, state: SabotState, player: str, phase: str) -> bool:
    """Whether ``player``'s part of ``phase`` (movement or attack) is still to come this
    turn, or is under way (V: movement, player 1 then 2; attack, player 1 then 2)."""
    now = game.phase(state)
    if now == "reinforcement" or (now == "movement" and phase == "attack"):
        return True
    if now != phase:
        return False
    clock = state.clock
    return clock.order.index(game.players.index(player)) >= clock.seat


def exchange(game: Sabot, state: SabotState, units: Sequence[Unit]) -> dict[str, float]:
    """The build points each player is expected to lose to the shots still to come this
    turn (VII): every unit whose attack phase is still to come (or under way) and that has
    not fired (a Destroyed unit too, VII-a: fire is simultaneous) fires at the enemy unit of
    ``units`` where its likeliest harm is greatest (a Destroyed result takes the target's
    worth, a Disabled one half of an OK target's; a shot that may scatter counts only on the
    target hex).  It fires with any weapon it may fire there now or, while it still has move
    units to spend this turn (:func:`moves_left`), at any target within its weapon's range
    and those move units, as it could once it has moved (unless it may not move and fire,
    II).  A shot aimed and not yet rolled (an afterstate's) takes what it is expected to
    (:func:`pending_harm`).  What several shots are expected to take from one target is at
    most its worth.  Lasers, which harm nothing by themselves, count nothing."""
    taken = pending_harm(game, state)
    targets = [u for u in units if u.on_map]
    rivals = {p: [u for u in targets if u.owner != p] for p in game.players}
    worth = {u.id: _worth(game, u) for u in targets}
    firing = {p: still_to(game, state, p, "attack") for p in game.players}
    left = {i: n for p in game.players if firing[p] for i, n in moves_left(game, state, p).items()}
    for shooter in state.units:
        if shooter.fired or not firing[shooter.owner] or not shooter.on_map:
            continue
        if shooter.status not in (OK, DISABLED, DESTROYED) or shooter.kind not in game.reaches:
            continue
        kind = game.table[shooter.kind]
        moves = 0.0 if kind.no_move_and_fire else left.get(shooter.id, 0.0)
        near = game.map.distance_from(shooter.hex)
        hill = 1 if game.map.elevation[shooter.hex] else 0
        reach = game.reaches[shooter.kind] + hill + moves
        best, aim = 0.0, -1
        for target in rivals.get(shooter.owner, ()):
            # No shot takes more than its target's worth: a target worth no more than the
            # best found cannot beat it, and is not looked at (the same choice).
            if worth[target.id] <= best or near(target.hex) > reach:
                continue
            harm = _harm(game, state, shooter, target, moves, worth[target.id])
            if harm > best:
                best, aim = harm, target.id
        if aim >= 0:
            taken[aim] = taken.get(aim, 0.0) + best
    lost = dict.fromkeys(game.players, 0.0)
    for aimed, harm in taken.items():
        unit = state.units[aimed]
        lost[unit.owner] += min(harm, _worth(game, unit))
    return lost


HARMS_KEPT: Final = 1 << 16
"""How many pairs of counters :func:`_harm` keeps on a game before it starts afresh."""


def _harm(
    game: Sabot, state: SabotState, shooter: Unit, target: Unit, moves: float, worth: float
) -> float:
    """What ``shooter``'s likeliest harm to ``target`` (worth ``worth``) takes in
    :func:`exchange`, ``moves`` its move units left.  It depends on the two counters, on
    whether the shooter's side painted the target and the target holds a prepared position,
    and on the line of sight between them, and on nothing else in the state: so it is
    reckoned once for a clear line and once for a blocked one, kept on the game for the
    pair (the same counters recur in every state of a search that did not change them),
    and the line of sight is looked at only where the two differ."""
    painted = bool(state.painted) and (shooter.owner, target.id) in state.painted
    prepared = bool(state.prepared) and (target.owner, target.hex) in state.prepared
    key = (id(shooter), id(target), moves, painted, prepared)
    kept = game._harms
    found = kept.get(key)
    if found is None or found[0] is not shooter or found[1] is not target:
        if len(kept) >= HARMS_KEPT:
            kept.clear()
        seen, unseen = (
            _shot_harm(game, state, shooter, target, moves, worth, clear) for clear in (True, False)
        )
        found = kept[key] = (shooter, target, seen, unseen)  # the counters kept: ids stay theirs
    seen, unseen = found[2], found[3]
    if seen == unseen or sees(game, state, shooter, target.hex):
        return seen
    return unseen


def _shot_harm(
    game: Sabot,
    state: SabotState,
    shooter: Unit,
    target: Unit,
    moves: float,
    worth: float,
    clear: bool,
) -> float:
    """The build points ``shooter``'s likeliest harm to ``target`` takes (:func:`exchange`),
    its line of sight ``clear`` or not: the most over the weapons it may fire at it now, or
    once it has moved ``moves`` units nearer; 0 where none may hurt it."""
    kind = game.table[shooter.kind]
    most = 0.0
    for weapon in _armed(kind):
        if _harmless(game, kind, weapon, target):
            continue
        if fire_problem(game, state, shooter, weapon, target, clear=clear) is not None and not (
            moves
            and (weapon not in ("at", "gp") or shooter.ammo > 0)
            and approach(game, kind, shooter.hex, target.hex)
            <= weapon_stats(game, kind, weapon)[0] + moves
        ):
            continue
        destroyed, disabled = hit_chances(game, state, shooter, weapon, target, clear=clear)
        most = max(most, worth * (destroyed + (disabled / 2 if target.status == OK else 0)))
    return most


@cache
def _armed(kind: UnitType) -> tuple[str, ...]:
    """The weapons of ``kind`` that may harm by themselves (lasers only paint, II)."""
    return tuple(w for w in weapons(kind) if w != "laser")


def pending_harm(game: Sabot, state: SabotState) -> dict[int, float]:
    """The build points each unit is expected to lose to the shot ``state`` keeps aimed and
    not yet rolled (:mod:`~wargames.sabot.pending`; none in play), at the exact odds of
    VII-a, scatter included (:func:`~wargames.sabot.firing.results`): a Destroyed result its
    worth, a Disabled one half of an OK unit's; a squad aboard a carrier it destroys half its
    worth (VII-a: an odd roll loses it), all of it where it has no hex to get out into."""
    shot = state.pending
    if shot is None:
        return {}
    harm: dict[int, float] = {}
    for hit, (destroyed, disabled) in results(game, state, shot).items():
        unit = state.units[hit]
        harm[hit] = _worth(game, unit) * destroyed + (
            _worth(game, unit) / 2 * disabled if unit.status == OK else 0.0
        )
        for squad in state.units:
            if destroyed and squad.carrier == hit and squad.hex == ABOARD:
                lost = 0.5 if exits(game, state, squad) else 1.0
                harm[squad.id] = _worth(game, squad) * destroyed * lost
    return harm


def moves_left(game: Sabot, state: SabotState, player: str) -> dict[int, float]:
    """The move units each of ``player``'s units may still spend this turn (VI-a: unused move
    units are lost): a unit's whole allowance while its move is still to come, what is left
    of it while it moves, none once it has moved or its player's movement phase is over."""
    if not still_to(game, state, player, "movement"):
        return {}
    left: dict[int, float] = {}
    current = state.moving if game.phase(state) == "movement" else None
    for unit in state.units:
        if unit.owner != player or unit.kind not in game.reaches:
            continue
        move = game.table[unit.kind].move
        if current is not None and current.unit == unit.id:
            if not current.stopped:
                left[unit.id] = max(0.0, move - current.spent / HALF)
        elif movable(state, unit):
            left[unit.id] = float(move)
    return left


def harms(game: Sabot, kind: UnitType, target: Unit) -> bool:
    """Whether some weapon of a unit of ``kind`` may hurt ``target`` (II, VII-a: Damage 4+
    and GP missiles never hurt a flyer, AT missiles never a soldier)."""
    return any(w != "laser" and not _harmless(game, kind, w, target) for w in weapons(kind))


def _hurts(game: Sabot, kind: UnitType, target: Unit) -> bool:
    """:func:`harms`, kept on the game by the two kinds (a shot's harm depends on the
    target's kind alone)."""
    key = (kind.symbol, target.kind)
    found = game._hurts.get(key)
    if found is None:
        found = game._hurts[key] = harms(game, kind, target)
    return found


GAPS_KEPT: Final = 1 << 16
"""How many units' gaps :func:`closing` keeps on a game before it starts afresh."""


def _gaps(game: Sabot, kind: UnitType, reach: int, unit: Unit, enemies: Sequence[int]) -> int:
    """How far ``unit`` (of ``kind``, ``reach``) stands from the nearest of the hexes
    ``enemies`` (:func:`_gap`), plus how far the hex it faces stands from that one (one more
    where it faces ground it may not enter): twice the distance :func:`closing` weighs,
    before the move units left.  It depends on nothing but the kind, hex and facing of the
    unit and those hexes, so :func:`closing` keeps it on the game for them."""
    ahead = game.map.steps[unit.hex][unit.facing]
    if ahead >= 0 and not stands(game.map, kind, ahead):
        ahead = -1
    crow = game.map.distance_from(unit.hex)
    here, nearest = math.inf, -1
    for enemy in sorted(enemies, key=crow):
        if crow(enemy) >= here:
            break  # a walk is never shorter than the hex distance
        gap = _gap(game, kind, reach, unit.hex, enemy)
        if gap < here:
            here, nearest = gap, enemy
    facing = _gap(game, kind, reach, ahead, nearest) if ahead >= 0 else here + 1
    return int(here + facing)


def closing(
    game: Sabot, units: Sequence[Unit], player: str, left: Mapping[int, float] | None = None
) -> float:
    """In [0, 1]: the worth-weighted mean, over ``player``'s armed units on the map (of
    ``units``, :func:`standing`), of how near the nearest enemy unit on the map that it may
    hurt (:func:`harms`; any enemy where it may hurt none) stands to the unit's reach (1
    within it), less the move units ``left`` to the unit this turn (:func:`moves_left`):
    a tank beside a scout copter it cannot shoot has not closed in.  The distance is the
    mean of the distances from the unit's own hex and from the hex it faces, so that turning
    towards the enemy (VI-a: a unit advances the way it faces) counts before the advance it
    allows."""
    rivals = [u for u in units if u.owner != player and u.on_map]
    left = left or {}
    near = total = 0.0
    aims: dict[str, tuple[int, ...]] = {}  # the hexes of the rivals each kind may hurt
    for unit in units:
        reach = game.reaches.get(unit.kind) if unit.owner == player else None
        if reach is None or not rivals or not unit.on_map:
            continue
        kind = game.table[unit.kind]
        value = game._worth.get(unit.kind, 1.0)
        enemies = aims.get(unit.kind)
        if enemies is None:
            enemies = tuple(u.hex for u in rivals if _hurts(game, kind, u)) or tuple(
                u.hex for u in rivals
            )
            aims[unit.kind] = enemies
        key = (unit.kind, unit.hex, unit.facing, enemies)
        gaps = game._gaps.get(key)
        if gaps is None:
            if len(game._gaps) >= GAPS_KEPT:
                game._gaps.clear()
            gaps = game._gaps[key] = _gaps(game, kind, reach, unit, enemies)
        distance = max(0.0, gaps / 2 - left.get(unit.id, 0.0))
        near += value * closeness(distance, reach)
        total += value
    return near / total if total else 0.0
