"""VII. Combat in a position: who may fire what at whom, the modifiers, scatter, results.

The geometry (line of sight, arcs) and the one definition of a resolution live in
:mod:`wargames.sabot.combat`; this module applies them to counters on the map:

* VII-a: one target a turn (AT missiles may fire several at it; a gun, artillery or GP
  missile once); range (+1 on a hill); line of sight except artillery and GP missiles;
  firing arcs; Damage 4+ and GP missiles not at flyers; MSL/SPA do not move and fire.
* II: lasers (+2 to missiles, not cumulative, not on soldiers, nothing else that turn);
  AT missiles (-1 at flyers, never at soldiers).
* VII-a: scatter, results, simultaneous fire, carriers destroyed with squads aboard.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from wargames.core.chance import Chance
from wargames.core.changes import replace
from wargames.core.dice import d10, pool
from wargames.core.distribution import Distribution
from wargames.core.hidden import is_hidden
from wargames.sabot import combat
from wargames.sabot.carriers import exits
from wargames.sabot.combat import Modifiers, in_front_arc, rolls, straight_ahead
from wargames.sabot.scouting import reveal, sees
from wargames.sabot.state import (
    ABOARD,
    DESTROYED,
    DISABLED,
    GONE,
    OK,
    Attack,
    Fire,
    Removed,
    Rolled,
    SabotState,
    Unit,
    enemies,
    memo,
)
from wargames.sabot.state import with_unit as set_unit
from wargames.sabot.units import DECOY, UnitType

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = [
    "ARTILLERY_SURE",
    "WEAPON_NAMES",
    "aimed",
    "damage",
    "fire",
    "fire_actions",
    "fire_problem",
    "hit_chances",
    "kind_prior",
    "may_shoot",
    "modifiers",
    "odds",
    "reach",
    "results",
    "scatter_odds",
    "shot_chance",
    "weapon_stats",
    "weapons",
]

ARTILLERY_SURE: Final = 5
"""VII-a: SPA shots do not scatter within 5 hexes and in clear line of sight."""
WEAPON_NAMES: Final = ("gun", "artillery", "gp", "at", "laser")


@cache
def weapons(kind: UnitType) -> tuple[str, ...]:
    """The weapons a unit type fires: its main weapon, AT missiles, a laser."""
    names = {"gun": "gun", "artillery": "artillery", "gp_missile": "gp"}
    out = [names[kind.weapon]] if kind.weapon in names else []
    if kind.at_missiles:
        out.append("at")
    if kind.laser:
        out.append("laser")
    return tuple(out)


def weapon_stats(game: Sabot, kind: UnitType, weapon: str) -> tuple[int, int]:
    """(range, damage) of a unit type's weapon; lasers reach as far as AT missiles
    (library default: the text gives no laser range)."""
    if weapon in ("at", "laser"):
        table = game.table
        return table.at_range, table.at_damage if weapon == "at" else 0
    return kind.range, kind.damage


def reach(game: Sabot, kind: UnitType) -> int:
    """The longest range of a unit type's weapons (lasers aside)."""
    return max(kind.range, game.table.at_range if kind.at_missiles else 0)


def may_shoot(game: Sabot, state: SabotState, unit: Unit, kind: UnitType) -> bool:
    """Whether any enemy on the map is within the unit's longest range (lasers too)."""
    longest = max(kind.range, game.table.at_range if kind.at_missiles or kind.laser else 0)
    longest += 1 if game.map.elevation[unit.hex] else 0
    return game.map.any_within(unit.hex, _targets(state, unit.owner), longest)


def _targets(state: SabotState, player: str) -> tuple[int, ...]:
    """The hexes of the enemy units ``player`` may shoot at (VII-a: OK or Disabled), worked
    out once per state (every unit of the player asks in the attack phase)."""
    known = memo(state)
    found: tuple[int, ...] | None = known.get((_targets, player))
    if found is None:
        found = tuple(e.hex for e in enemies(state, player) if e.status in (OK, DISABLED))
        known[_targets, player] = found
    return found


def fire_actions(game: Sabot, state: SabotState, unit: Unit) -> Iterator[Fire]:
    """Attack phase: every shot the selected ``unit`` may take now."""
    kind = game.table[unit.kind]
    targets = (
        [state.units[unit.target]] if unit.target >= 0
        else [e for e in state.units if e.owner != unit.owner]
    )  # fmt: skip
    for weapon in weapons(kind):
        for target in targets:
            if fire_problem(game, state, unit, weapon, target) is None:
                yield Fire(unit.owner, unit.id, weapon, target.id)


def fire_problem(
    game: Sabot,
    state: SabotState,
    unit: Unit,
    weapon: str,
    target: Unit,
    *,
    clear: bool | None = None,
) -> str | None:
    """Why ``unit`` may not fire ``weapon`` at ``target`` now (VII-a, II), or None;
    ``clear``: whether its line of sight to ``target`` is clear, where the caller knows
    (:func:`~wargames.sabot.scouting.sees`)."""
    kind = game.kind(unit)
    if kind is None:
        return "IV: a decoy has no weapons"
    if weapon not in weapons(kind):
        return f"II: a {unit.kind} has no {weapon}"
    if "laser" in unit.used or (weapon == "laser" and unit.used):
        return "II: a unit that uses a laser can't make any other attack in that turn"
    if weapon != "at" and weapon in unit.used:
        return f"VII-a: the {weapon} fires once a turn"
    if weapon in ("at", "gp") and unit.ammo <= 0:
        return "IV: no shots left"
    if unit.target >= 0 and target.id != unit.target:
        return "VII-a: a unit cannot fire at more than one target in the same turn"
    if kind.no_move_and_fire and unit.moved:
        return f"II: a {unit.kind} can't move and fire in the same turn"
    if target.owner == unit.owner or not target.on_map or target.status not in (OK, DISABLED):
        return "VII-a: the target must be an enemy unit on the map"
    known = game.kind(target) if target.revealed else None
    if known is not None:
        if known.flying and (weapon == "gp" or (weapon != "at" and kind.damage >= 4)):
            return "VII-a: Damage 4 or higher and GP missiles cannot attack flying units"
        if known.soldier and weapon in ("at", "laser"):
            return "II: AT missiles can't be aimed at soldiers, and soldiers cannot be painted"
    longest, _ = weapon_stats(game, kind, weapon)
    field = game.map
    distance = field.distance(unit.hex, target.hex)
    if distance > longest + (1 if field.elevation[unit.hex] else 0):
        return "VII-a: the target is out of range"
    arc = _arc_problem(game, unit, kind, weapon, target.hex)
    if arc:
        return arc
    if weapon not in ("artillery", "gp"):
        if field.forest_bound[target.hex] and distance > 1:
            return "III: a unit surrounded by forest is attacked only from next to it"
        if not (sees(game, state, unit, target.hex) if clear is None else clear):
            return "VII-a: no clear line of sight"
    return None


def _arc_problem(game: Sabot, unit: Unit, kind: UnitType, weapon: str, target: int) -> str | None:
    origin, there = game.map.cells[unit.hex], game.map.cells[target]
    if kind.fixed_forward:
        if unit.status == DISABLED:
            if not straight_ahead(origin, unit.facing, there):
                return "VII-a: a Disabled HTD fires only straight ahead"
            return None
        if unit.moved:
            origin = origin.neighbour(unit.facing)
    front = (
        weapon in ("gp", "artillery", "laser")
        or (weapon == "at" and not kind.at_any_direction)
        or kind.type in ("rotary", "foot")
        or kind.fixed_forward
    )
    if front and not in_front_arc(origin, unit.facing, there):
        return "VII-a: it fires only into its front three hexes"
    return None


def modifiers(game: Sabot, state: SabotState, unit: Unit, weapon: str, target: Unit) -> Modifiers:
    """Every modifier of a shot by ``unit`` with ``weapon`` at ``target`` (VII-a, III)."""
    kind = game.table[unit.kind]
    defender = game.kind(target)
    assert defender is not None
    field = game.map
    missile = weapon in ("at", "gp")
    attack = 0
    if missile and (unit.owner, target.id) in state.painted and not defender.soldier:
        attack += 2
    if target.status == DISABLED:
        attack += 1
    if weapon == "at" and defender.flying:
        attack -= 1
    defense = 0
    here = field.terrain[target.hex]
    if not defender.flying:
        attack += here.attack
        prepared = (target.owner, target.hex) in state.prepared or (
            here.as_prepared and field.depression[unit.hex] != field.depression[target.hex]
        )
        if prepared:
            defense += 1 if kind.flying else 2
        defense += here.defense
        if here.height_defense and field.elevation[unit.hex] < field.elevation[target.hex]:
            defense += here.height_defense
        if defender.soldier:
            defense += here.soldier_defense
        if here.building:
            defense += 1 if field.building[unit.hex] == field.building[target.hex] else 2
    water = field.river[target.hex] and not field.bridge[target.hex]
    fragile = defender.flying or here.drowns or water
    return Modifiers(attack, defense, defender.soldier, fragile)


def _harmless(game: Sabot, kind: UnitType, weapon: str, target: Unit) -> bool:
    """A shot that cannot hurt its (concealed) target: a flyer hit by Damage 4+ or a GP
    missile, a soldier hit by an AT missile, a decoy."""
    defender = game.kind(target)
    if defender is None:
        return True
    if defender.flying and (weapon == "gp" or (weapon != "at" and kind.damage >= 4)):
        return True
    return defender.soldier and weapon == "at"


def _scatters(
    game: Sabot,
    state: SabotState,
    unit: Unit,
    weapon: str,
    target: Unit,
    clear: bool | None = None,
) -> bool:
    """Artillery (unless within 5 hexes in clear sight) and GP missiles without line of
    sight and not laser-designated may miss the target hex (``clear``: the line of sight,
    where the caller knows it)."""
    if weapon not in ("artillery", "gp"):
        return False
    if clear is None:
        clear = sees(game, state, unit, target.hex)
    if weapon == "artillery":
        return not (clear and game.map.distance(unit.hex, target.hex) <= ARTILLERY_SURE)
    return not clear and (unit.owner, target.id) not in state.painted


def _landing(
    game: Sabot, state: SabotState, unit: Unit, weapon: str, target: Unit, face: int
) -> int:
    """The unit a scattered shot hits for scatter die ``face`` (-1: nothing)."""
    there = landing_hex(game, unit, target, face)
    if there == target.hex:
        return target.id
    hit = next((u for u in state.units if u.on_map and u.hex == there), None)
    if hit is None or (weapon == "gp" and hit.owner == unit.owner):
        return -1  # VII-a: missiles never hit a friendly unit
    if hit.status not in (OK, DISABLED):
        return -1
    return hit.id


def landing_hex(game: Sabot, unit: Unit, target: Unit, face: int) -> int:
    """The hex a shot at ``target`` lands in for scatter die ``face`` (-1: off the map)."""
    scatter = game.map.table.scatter
    if face >= scatter.hit:
        return target.hex
    return game.map.steps[target.hex][scatter.landing(unit.facing, face)]


def scatter_odds(game: Sabot, state: SabotState, action: Fire) -> Distribution[int]:
    """Exact odds of the hex ``action``'s shot lands in (-1: off the map)."""
    unit, target = state.units[action.unit], state.units[action.target]
    if not _scatters(game, state, unit, action.weapon, target):
        return Distribution.certain(target.hex)
    return d10.distribution().map(lambda face: landing_hex(game, unit, target, face))


def _shot(game: Sabot, state: SabotState, unit: Unit, weapon: str, hit: Unit) -> Distribution[str]:
    kind = game.table[unit.kind]
    if _harmless(game, kind, weapon, hit):
        return Distribution.certain(combat.MISS)
    defender = game.kind(hit)
    assert defender is not None
    _, strength = weapon_stats(game, kind, weapon)
    mods = modifiers(game, state, unit, weapon, hit)
    return combat.shot(strength, defender.tough, mods).distribution()


def odds(game: Sabot, state: SabotState, action: Fire) -> Distribution[Any]:
    """The exact distribution of a shot as ``(unit hit or -1, result)``, scatter included.

    ``state`` may be a player's view: a counter it may hit whose kind is concealed is each
    kind of :func:`kind_prior` with its chance, so the odds tell nothing the view does not.
    """
    unit, target = state.units[action.unit], state.units[action.target]
    faces = (
        d10.distribution() if _scatters(game, state, unit, action.weapon, target)
        else Distribution.certain(10)
    )  # fmt: skip
    table: dict[tuple[int, str], Fraction] = {}
    for face, p in faces.items():
        hit = _landing(game, state, unit, action.weapon, target, face)
        results = (
            Distribution.certain(combat.MISS) if hit < 0
            else _shot_as_known(game, state, unit, action.weapon, state.units[hit])
        )  # fmt: skip
        for result, q in results.items():
            key = (hit, result)
            table[key] = table.get(key, Fraction(0)) + p * q
    return Distribution(table)


def kind_prior(game: Sabot, state: SabotState, counter: Unit) -> Distribution[str]:
    """What a concealed ``counter`` may be, from what its enemy sees (library default; the
    text gives no odds): a decoy with the chance of the decoys not yet unmasked among its
    owner's concealed counters, else each unit type of the table alike."""
    owner = counter.owner
    concealed = sum(
        u.owner == owner and is_hidden(u.kind) and u.status in (OK, DISABLED)
        for u in state.units
    )  # fmt: skip
    unmasked = sum(u.owner == owner and u.kind == DECOY for u in state.units)
    decoys = min(max(game.options.decoys - unmasked, 0), concealed)
    p_decoy = Fraction(decoys, max(concealed, 1))
    kinds = sorted(game.table.types)
    table = {kind: (1 - p_decoy) / len(kinds) for kind in kinds}
    if p_decoy:
        table[DECOY] = p_decoy
    return Distribution(table)


def _shot_as_known(
    game: Sabot, state: SabotState, unit: Unit, weapon: str, hit: Unit
) -> Distribution[str]:
    if not is_hidden(hit.kind):
        return _shot(game, state, unit, weapon, hit)
    mixed: dict[str, Fraction] = {}
    for kind, p in kind_prior(game, state, hit).items():
        for result, q in _shot(game, state, unit, weapon, replace(hit, kind=kind)).items():
            mixed[result] = mixed.get(result, Fraction(0)) + p * q
    return Distribution(mixed)


def aimed(state: SabotState, action: Fire) -> SabotState:
    """The state once ``action``'s shot is aimed, before anything is rolled: the attacker
    revealed, the weapon used (a limited shot spent), the target shot at (II: even if the
    shot misses; not by a laser)."""
    unit, target = state.units[action.unit], state.units[action.target]
    if not unit.revealed:
        state = reveal(state, unit, "attacked")
        unit = state.units[unit.id]
    ammo, spent = unit.ammo, unit.spent
    if action.weapon in ("at", "gp"):
        ammo, spent = ammo - 1, spent + 1
    state = set_unit(
        state, unit, used=unit.used | {action.weapon}, target=target.id, ammo=ammo, spent=spent
    )
    if action.weapon == "laser":
        return state
    return set_unit(state, state.units[target.id], shot_at=True)


def fire(game: Sabot, state: SabotState, action: Fire) -> SabotState:
    """Resolve one shot: the attacker is revealed, a limited shot spent, the target shot at;
    a laser paints, a scattering shot may land next door; then the result."""
    target = state.units[action.target]
    state = aimed(state, action)
    unit = state.units[action.unit]
    if action.weapon == "laser":
        painted = state.painted | {(unit.owner, target.id)}
        event = Attack(
            unit.id, "laser", target.id, target.id, "painted", target.owner, target.revealed
        )
        return state.with_changes(painted=painted, log=state.log.with_event(event))
    face = 10
    if _scatters(game, state, unit, action.weapon, target):
        face, rng = d10.roll(state.rng)
        state = state.with_changes(
            rng=rng, log=state.log.with_event(Rolled(unit.id, "scatter", face))
        )
    hit_id = _landing(game, state, unit, action.weapon, target, face)
    if hit_id < 0:
        event = Attack(unit.id, action.weapon, target.id, -1, combat.MISS, target.owner)
        return state.with_changes(log=state.log.with_event(event))
    hit = state.units[hit_id]
    strength, tough, mods, harmless = _terms(game, state, unit, action.weapon, hit)
    rolled, rng = rolls(strength, tough, mods).roll(state.rng)
    result = combat.MISS if harmless else combat.judge(rolled, mods)
    event = Attack(
        unit.id, action.weapon, target.id, hit.id, result, hit.owner, hit.revealed,
        attack=rolled[0], defense=rolled[1],
    )  # fmt: skip
    state = state.with_changes(rng=rng, log=state.log.with_event(event))
    state = set_unit(state, state.units[hit.id], shot_at=True)
    return damage(game, state, state.units[hit.id], result)


def _terms(
    game: Sabot, state: SabotState, unit: Unit, weapon: str, hit: Unit
) -> tuple[int, int, Modifiers, bool]:
    """What the shot of ``unit``'s ``weapon`` landing on ``hit`` rolls with: strength,
    toughness and modifiers, and whether it is harmless (rolled all the same)."""
    defender = game.kind(hit)
    _, strength = weapon_stats(game, game.table[unit.kind], weapon)
    tough = defender.tough if defender else 0
    mods = modifiers(game, state, unit, weapon, hit) if defender else Modifiers()
    return strength, tough, mods, _harmless(game, game.table[unit.kind], weapon, hit)


def hit_chances(
    game: Sabot,
    state: SabotState,
    unit: Unit,
    weapon: str,
    target: Unit,
    *,
    clear: bool | None = None,
) -> tuple[float, float]:
    """The chances that ``unit``'s shot with ``weapon`` Destroys and Disables ``target``, a
    shot that may scatter counted only when it lands on the target hex (VII-a), as the
    target truly is (for the bots' evaluation of full states); ``clear`` as for
    :func:`fire_problem`."""
    strength, tough, mods, harmless = _terms(game, state, unit, weapon, target)
    if harmless:
        return 0.0, 0.0
    destroyed, disabled = _result_chances(strength, tough, mods)
    if _scatters(game, state, unit, weapon, target, clear):
        on_target = (11 - game.map.table.scatter.hit) / 10
        return destroyed * on_target, disabled * on_target
    return destroyed, disabled


def results(game: Sabot, state: SabotState, action: Fire) -> dict[int, tuple[float, float]]:
    """The chances that the shot of ``action`` (aimed in ``state``) lands on each unit it may
    hit and Destroys or Disables it (VII-a, the scatter die included), as the units truly
    are: the expectation of what :func:`fire` rolls, for the bots' evaluation."""
    unit, target = state.units[action.unit], state.units[action.target]
    faces = range(1, 11) if _scatters(game, state, unit, action.weapon, target) else (10,)
    found: dict[int, tuple[float, float]] = {}
    for face in faces:
        hit = _landing(game, state, unit, action.weapon, target, face)
        if hit < 0:
            continue
        strength, tough, mods, harmless = _terms(game, state, unit, action.weapon, state.units[hit])
        if harmless:
            continue
        destroyed, disabled = _result_chances(strength, tough, mods)
        before = found.get(hit, (0.0, 0.0))
        found[hit] = (before[0] + destroyed / len(faces), before[1] + disabled / len(faces))
    return found


@cache
def _result_chances(strength: int, tough: int, mods: Modifiers) -> tuple[float, float]:
    odds = combat.shot(strength, tough, mods).distribution()
    return float(odds[combat.DESTROYED]), float(odds[combat.DISABLED])


def shot_chance(game: Sabot, state: SabotState, action: Fire) -> Chance[Any] | None:
    """The exact chance of legal ``action`` as :func:`fire` rolls it: ``(unit hit or -1,
    result, bail-outs)``, the bail-outs whether each squad aboard a destroyed carrier rolled
    even (out) or odd (lost); ``None`` for a laser, which rolls nothing."""
    if action.weapon == "laser":
        return None
    target = state.units[action.target]
    state = aimed(state, action)
    unit = state.units[action.unit]
    weapon = action.weapon

    def landing(face: int) -> int:
        return _landing(game, state, unit, weapon, target, face)

    scatters = _scatters(game, state, unit, weapon, target)
    lands = d10.chance().map(landing) if scatters else Chance.certain(landing(10))

    def result(hit_id: int) -> Chance[str]:
        if hit_id < 0:
            return Chance.certain(combat.MISS)
        return _results(*_terms(game, state, unit, weapon, state.units[hit_id]))

    def bail_outs(shot: tuple[int, str]) -> Chance[tuple[bool, ...]]:
        hit_id, outcome = shot
        aboard = sum(
            u.carrier == hit_id and u.hex == ABOARD for u in state.units
        ) if outcome == combat.DESTROYED else 0  # fmt: skip
        return pool(aboard, d10).chance().map(_evens)

    return lands.then(result).then(bail_outs, _joined)


@cache
def _results(strength: int, tough: int, mods: Modifiers, harmless: bool) -> Chance[str]:
    """A shot's results (made once per strength, toughness and modifiers)."""
    if harmless:
        return rolls(strength, tough, mods).chance().map(lambda _: combat.MISS)
    return rolls(strength, tough, mods).chance().map(lambda r: combat.judge(r, mods))


def _evens(faces: tuple[int, ...]) -> tuple[bool, ...]:
    return tuple(face % 2 == 0 for face in faces)


def _joined(shot: tuple[int, str], bailed: tuple[bool, ...]) -> tuple[int, str, tuple[bool, ...]]:
    return (*shot, bailed)


def damage(game: Sabot, state: SabotState, unit: Unit, result: str) -> SabotState:
    """Apply a result: Disabled marker, or Destroyed (removed at once if it has fired;
    squads aboard a destroyed carrier roll: odd lost, even out)."""
    if result == combat.DISABLED:
        return set_unit(state, unit, status=DISABLED)
    if result != combat.DESTROYED:
        return state
    gone = bool(unit.used) or unit.fired
    state = set_unit(state, unit, status=GONE if gone else DESTROYED)
    if gone:
        state = state.with_changes(log=state.log.with_event(Removed(unit.id, "destroyed")))
    for squad in state.units:
        if squad.carrier != unit.id or squad.hex != ABOARD:
            continue
        roll, rng = d10.roll(state.rng)
        state = state.with_changes(
            rng=rng, log=state.log.with_event(Rolled(squad.id, "bail out", roll))
        )
        ways_out = exits(game, state, squad) if roll % 2 == 0 else []
        if ways_out:
            state = set_unit(state, squad, hex=ways_out[0], carrier=-1)
        else:
            state = set_unit(state, squad, status=GONE, carrier=-1)
            state = state.with_changes(log=state.log.with_event(Removed(squad.id, "destroyed")))
    return state
