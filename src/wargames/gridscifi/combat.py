"""Declaring and resolving attacks in a real position (rule text: "Attacks", "Actions",
"Troop Units", "Non-Troop Units", "Overwatch", "Psychic Powers", "Transport").

* :func:`aim_problem` — an attack takes an even die (two for intense fire); a troop unit
  attacks once an activation, a non-troop unit up to twice with separate weapons on different
  targets; a pinned unit must unpin first.
* :func:`declare` — the target is chosen: the dice are spent, and the attack is resolved at
  once unless the defender has a choice (:mod:`~wargames.gridscifi.overwatch`).
* :func:`resolve` — the attack (and any fire returned from overwatch) is rolled from the
  state's stream and applied simultaneously: casualties, damage, pins, units destroyed,
  passengers bailing out.  :func:`matchups` gives the same attacks as
  :class:`~wargames.gridscifi.attacks.Matchup` values for exact odds.
"""

from __future__ import annotations

from collections.abc import Iterator

from wargames.core.changes import replace
from wargames.core.errors import excerpt
from wargames.core.rng import Rng
from wargames.gridscifi import targeting
from wargames.gridscifi.activation import spend
from wargames.gridscifi.attacks import Effect, Matchup, effect
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.overwatch import cover_for, responses
from wargames.gridscifi.state import (
    Activation,
    AttackRolled,
    Declared,
    Destroyed,
    GridState,
    ReturnFire,
    Status,
    Unit,
)
from wargames.gridscifi.transports import bail_out, settle
from wargames.gridscifi.units import Profile, Weapon

__all__ = [
    "aim_problem",
    "declaration",
    "declare",
    "matchups",
    "resolve",
    "struck",
    "targets",
    "weapons",
    "wrecked",
]


def aim_problem(
    field_: Battlefield, state: GridState, activation: Activation, weapon_name: str
) -> str | None:
    """Why the active unit may not attack with ``weapon_name`` now, or ``None``."""
    unit = state.units[activation.unit]
    profile = field_.profile(unit)
    weapon = profile.weapon(weapon_name)
    if weapon is None:
        return f"the unit has no weapon {excerpt(weapon_name)}"
    problem = _attacker_problem(field_, unit, profile, activation)
    if problem:
        return problem
    if weapon_name in activation.weapons:
        return "a non-troop unit's second attack uses a separate weapon"
    if not activation.even:
        return "an attack takes an even activation die"
    if next(targets(field_, state, activation, weapon), None) is None:
        return f"no unit can be attacked with the {weapon_name}"
    return None


def weapons(field_: Battlefield, state: GridState, activation: Activation) -> list[Weapon]:
    """The weapons the active unit may attack with now: each one :func:`aim_problem`
    accepts."""
    unit = state.units[activation.unit]
    profile = field_.profile(unit)
    if _attacker_problem(field_, unit, profile, activation) or not activation.even:
        return []
    unused = [weapon for weapon in profile.weapons if weapon.name not in activation.weapons]
    return targeting.armed(field_, state, unit, unused, activation.targets)


def _attacker_problem(
    field_: Battlefield, unit: Unit, profile: Profile, activation: Activation
) -> str | None:
    """Why the active unit may not attack at all now, or ``None``."""
    if unit.status is not Status.TABLE:
        return "a unit inside a transport does not attack"
    if unit.pinned:
        return "a pinned unit's first action must be unpinning"
    most = 1 if profile.troop else field_.tables.numbers.max_attacks_non_troop
    if activation.attacks >= most:
        if profile.troop:
            return "a troop unit attacks once: an attack ends its actions"
        return f"a non-troop unit attacks at most {most} times"
    return None


def targets(
    field_: Battlefield, state: GridState, activation: Activation, weapon: Weapon
) -> Iterator[Unit]:
    """The units the active unit may attack with ``weapon`` (not one it attacked already),
    one by one."""
    attacker = state.units[activation.unit]
    return (
        u
        for u in targeting.targets(field_, state, attacker, weapon)
        if u.id not in activation.targets
    )


def declare(
    field_: Battlefield,
    state: GridState,
    activation: Activation,
    target: int,
    dice: int,
    intense: bool,
) -> GridState:
    """The state after the aimed attack is declared on ``target`` rolling ``dice``."""
    state, declared = declaration(state, activation, target, dice, intense)
    if len(responses(field_, state, declared)) == 1:  # only holding ground
        return resolve(field_, state, declared, cover=False, reply=None)
    return replace(state, declared=declared)


def declaration(
    state: GridState, activation: Activation, target: int, dice: int, intense: bool
) -> tuple[GridState, Declared]:
    """The state with the aimed attack on ``target`` declared (its dice spent), and the
    attack, still to be answered or resolved."""
    weapon = activation.aim
    assert weapon is not None  # a target is chosen for an aimed weapon
    spent = spend(activation, odd=False, count=2 if intense else 1)
    attacked = replace(
        spent,
        aim=None,
        psychic_target=None,
        attacks=activation.attacks + 1,
        weapons=(*activation.weapons, weapon),
        targets=(*activation.targets, target),
    )
    declared = Declared(activation.unit, weapon, target, dice, intense)
    return replace(state, activation=attacked), declared


def _weapon(field_: Battlefield, unit: Unit, name: str) -> Weapon:
    weapon = field_.profile(unit).weapon(name)
    assert weapon is not None  # names come from legal actions
    return weapon


def matchups(
    field_: Battlefield,
    state: GridState,
    declared: Declared,
    cover: bool,
    reply: ReturnFire | None,
) -> tuple[Matchup, Matchup | None]:
    """The attack of ``declared`` (and the fire returned, if any) as match-ups."""
    attacker = state.units[declared.attacker]
    target = state.units[declared.target]
    weapon = _weapon(field_, attacker, declared.weapon)
    aimed = field_.profile(target)
    first = Matchup(
        dice=declared.dice,
        armour=cover_for(field_, state, declared) if cover else aimed.armour,
        troop=aimed.troop,
        cover=cover,
        steady=aimed.steady,
        pinned=target.pinned,
        psychic=weapon.type.psychic,
    )
    if reply is None:
        return first, None
    back = _weapon(field_, target, reply.weapon)
    shooter = field_.profile(attacker)
    second = Matchup(
        dice=reply.dice or back.dice(shooter.troop),
        armour=shooter.armour,
        troop=shooter.troop,
        steady=shooter.steady,
        pinned=attacker.pinned,
        psychic=back.type.psychic,
    )
    return first, second


def resolve(
    field_: Battlefield,
    state: GridState,
    declared: Declared,
    cover: bool,
    reply: ReturnFire | None,
) -> GridState:
    """The state after ``declared`` is rolled and applied, with the defender's choice."""
    first, second = matchups(field_, state, declared, cover, reply)
    rng = state.rng
    faces, rng = first.faces().roll(rng)
    hit = effect(first, faces)
    events: list[object] = [
        AttackRolled(
            declared.attacker, declared.weapon, declared.target, faces, first.armour, *_fields(hit)
        )
    ]
    back: Effect | None = None
    if second is not None and reply is not None:
        back_faces, rng = second.faces().roll(rng)
        back = effect(second, back_faces)
        events.append(
            AttackRolled(
                declared.target,
                reply.weapon,
                declared.attacker,
                back_faces,
                second.armour,
                *_fields(back),
                returned=True,
            )
        )
    units = struck(field_, state, declared, reply, hit, back)
    bailing, rng = _wrecks(field_, state.units, units, rng, events)
    state = replace(
        state,
        rng=rng,
        units=tuple(units),
        declared=None,
        bailing=state.bailing + tuple(bailing),
        log=state.log.with_events(events),
    )
    return settle(field_, state)


def struck(
    field_: Battlefield,
    state: GridState,
    declared: Declared,
    reply: ReturnFire | None,
    hit: Effect,
    back: Effect | None,
) -> list[Unit]:
    """The units once the attack's ``hit`` (and the ``back`` of fire returned) are applied
    simultaneously, before any passenger bails out."""
    units = list(state.units)
    if reply is not None:
        units[declared.target] = replace(units[declared.target], overwatch=False)
    _harm(field_, units, declared.target, hit.hits, hit.pinned)
    _harm(
        field_,
        units,
        declared.attacker,
        hit.self_hits,
        _morale(field_, units, declared.attacker, hit.self_hits),
    )
    if back is not None:
        _harm(field_, units, declared.attacker, back.hits, back.pinned)
        _harm(
            field_,
            units,
            declared.target,
            back.self_hits,
            _morale(field_, units, declared.target, back.self_hits),
        )
    return units


def _fields(hit: Effect) -> tuple[int, bool, int]:
    return hit.hits, hit.pinned, hit.self_hits


def _morale(field_: Battlefield, units: list[Unit], uid: int, hits: int) -> bool:
    """Whether losing ``hits`` models to one roll pins a troop unit ("Troop Units")."""
    profile = field_.profile(units[uid])
    return profile.troop and not profile.steady and hits >= 2


def _harm(field_: Battlefield, units: list[Unit], uid: int, hits: int, pinned: bool) -> None:
    """Apply ``hits`` (casualties or damage) and a pin to a unit in ``units``."""
    unit = units[uid]
    if not unit.alive:
        return
    profile = field_.profile(unit)
    damage = unit.damage + min(hits, profile.strength - unit.damage)
    if damage >= profile.strength:
        units[uid] = replace(
            unit,
            damage=damage,
            status=Status.DESTROYED,
            square=None,
            pinned=False,
            banked=False,
            overwatch=False,
        )
    else:
        units[uid] = replace(unit, damage=damage, pinned=unit.pinned or pinned)


def wrecked(before: tuple[Unit, ...], units: list[Unit]) -> list[Unit]:
    """The units of ``before`` that ``units`` shows destroyed, as they were (in order)."""
    return [old for old in before if old.alive and not units[old.id].alive]


def _wrecks(
    field_: Battlefield, before: tuple[Unit, ...], units: list[Unit], rng: Rng, events: list[object]
) -> tuple[list[int], Rng]:
    """Log the units this attack destroyed, take them off the table, bail their passengers
    out; returns the passengers waiting to be placed."""
    bailing: list[int] = []
    for old in wrecked(before, units):
        unit = units[old.id]
        events.append(Destroyed(unit.id))
        if old.square is not None:
            survivors, rng = bail_out(field_, units, unit, old.square, rng, events)
            bailing += survivors
    return bailing, rng
