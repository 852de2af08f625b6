"""The rules of SABOT (rule text: seeds/000), section by section.

* II/IV set-up — :mod:`wargames.sabot.army` (platoons, zones, decoys, prepared positions);
  the unit table :mod:`wargames.sabot.units`; terrain :mod:`wargames.sabot.terrain`.
* V the turn — :meth:`Sabot._next_phase`: player-1 determination by d10, movement P1/P2,
  attack P1/P2, special actions P1/P2, victory (:attr:`Sabot.victory`).
* VI movement — :mod:`wargames.sabot.movement` (costs, facing, ZOC, roads) driven step by
  step here; loading/unloading, jump flights, swamps; VI-g concealment and scouting.
* VII combat — :mod:`wargames.sabot.combat` (line of sight, arcs, resolution) and
  :meth:`Sabot._fire_problem` / :meth:`Sabot._fire`.
* Special actions (II, V) — :meth:`Sabot._specials`.
* VIII winning — :func:`annihilation`, replaceable by a scenario's condition.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import pairwise
from typing import Any, ClassVar

from attrs import evolve, field, frozen
from attrs.validators import ge, instance_of, optional

from wargames.core.dice import d10
from wargames.core.distribution import Distribution
from wargames.core.errors import InvalidAction, UnknownOption
from wargames.core.events import EventLog
from wargames.core.game import Game, Outcome
from wargames.core.hidden import is_hidden
from wargames.core.phases import Phase, TurnStructure
from wargames.core.rng import Rng
from wargames.render.text import render_hexes
from wargames.sabot import combat
from wargames.sabot.army import buy, place, random_platoons
from wargames.sabot.combat import Modifiers, in_front_arc, line_of_sight, rolls, straight_ahead
from wargames.sabot.maps import SabotMap, default_map, map_names
from wargames.sabot.movement import HALF, Mover
from wargames.sabot.state import (
    ABOARD,
    DESTROYED,
    DISABLED,
    GONE,
    OK,
    Advance,
    Attack,
    Board,
    Disembark,
    Done,
    Fire,
    Hold,
    Initiative,
    Moved,
    Moving,
    Removed,
    Reveal,
    Revealed,
    Rolled,
    SabotAction,
    SabotState,
    Scout,
    Scouted,
    Select,
    Special,
    Stop,
    TakeOff,
    Turn,
    Unit,
)
from wargames.sabot.units import DECOY, DEFAULT_TABLE, UnitType

__all__ = ["PLAYERS", "TURNS", "Sabot", "SabotOptions", "annihilation"]

PLAYERS = ("blue", "yellow")
TURNS = TurnStructure(cycle=(Phase("movement"), Phase("attack"), Phase("special")))
SIGHT = 8
"""VI-g: a unit moving in line of sight and within 8 hexes of an enemy is revealed."""
SCOUT_ROLL = 5
ARTILLERY_SURE = 5
"""VII: SPA shots do not scatter within 5 hexes and in clear line of sight."""
WEAPON_NAMES = ("gun", "artillery", "gp", "at", "laser")


def _map_option(_: object, __: object, value: str) -> None:
    if value in map_names() or re.fullmatch(r"open:\d+x\d+", value):
        return
    raise ValueError(f"unknown map {value!r}: one of {map_names()} or 'open:<cols>x<rows>'")


@frozen
class SabotOptions:
    """``map``: a default map name or ``open:<columns>x<rows>`` (grassland); ``build_points``
    for each army (library default 200); ``decoys`` per player (IV: two); ``max_turns``:
    a draw after that many turns (None: play to the end)."""

    map: str = field(default="crossroads", validator=_map_option)
    build_points: int = field(default=200, validator=[instance_of(int), ge(0)])
    decoys: int = field(default=2, validator=[instance_of(int), ge(0)])
    max_turns: int | None = field(default=None, validator=optional(instance_of(int)))


def annihilation(game: Sabot, state: SabotState) -> Outcome | None:
    """VIII: a player who has lost all his/her units loses (decoys are not units)."""
    alive = {
        p: any(u.owner == p and u.status in (OK, DISABLED) and u.kind != DECOY for u in state.units)
        for p in PLAYERS
    }
    if all(alive.values()):
        return None
    winners = frozenset(p for p, a in alive.items() if a)
    return Outcome(winners, "annihilation" if winners else "mutual annihilation")


class Sabot(Game[SabotState, SabotAction]):
    """S.A.B.O.T.: Simple Armored Battle in Oversized Terrain."""

    name = "sabot"
    Options = SabotOptions
    state_type = SabotState
    action_types = (
        Select, Advance, Turn, TakeOff, Scout, Reveal, Board, Disembark, Stop, Fire, Special, Hold,
        Done,
    )  # fmt: skip
    event_types = (Initiative, Moved, Revealed, Scouted, Attack, Removed, Rolled)
    victory: ClassVar[Callable[[Sabot, SabotState], Outcome | None]] = annihilation
    """VIII: the victory condition, checked in the victory phase; a scenario replaces it."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        name = self.options.map
        if name.startswith("open:"):
            columns, rows = (int(n) for n in name[5:].split("x"))
            try:
                self.map = SabotMap.open_field(columns, rows)
            except ValueError as error:
                raise UnknownOption(f"Sabot: {error}") from error
        else:
            self.map = default_map(name)
        self.table = DEFAULT_TABLE

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    def kind(self, unit: Unit) -> UnitType | None:
        """The unit's type, or None for a decoy."""
        return None if unit.kind == DECOY else self.table[unit.kind]

    # -- starting -----------------------------------------------------------------------

    def start(self, seed: int = 0, **setup: Any) -> SabotState:
        """A new game.  ``armies`` maps each player to a list of platoon names (II); by
        default each player buys platoons at random with the build points.

        :raises TypeError: for an unknown set-up option.
        :raises ValueError: for an army that costs too much or does not fit its zone.
        """
        chosen = setup.pop("armies", None)
        if setup:
            raise TypeError(f"unknown set-up options: {', '.join(sorted(setup))}")
        rng = Rng(seed)
        armies: dict[str, tuple[str, ...]] = {}
        for player in PLAYERS:
            if chosen is not None:
                platoons = tuple(chosen[player])
            else:
                platoons, rng = random_platoons(self.table, self.options.build_points, rng)
            armies[player] = buy(self.table, platoons, self.options.build_points)
        units, prepared, rng = place(
            self.map, self.table, armies, PLAYERS, self.options.decoys, rng
        )
        state = SabotState(rng=rng, clock=TURNS.start(2), units=units, prepared=prepared)
        return self._new_turn(state)

    def position(
        self, units: list[tuple[str, str, str, int]], *, seed: int = 0, phase: str = "movement"
    ) -> SabotState:
        """A position for studies and tests: ``(player, symbol, hex label, facing)`` per
        counter (ids in order), turn 1, blue first, in ``phase``; no initiative roll."""
        counters = tuple(
            Unit(
                i, p, s, 0 if s == DECOY else self.table[s].limited_shots,
                hex=self.map.parse(h), facing=f,
            )
            for i, (p, s, h, f) in enumerate(units)
        )  # fmt: skip
        names = [p.name for p in TURNS.cycle]
        clock = TURNS.start(2)
        clock = type(clock)(1, names.index(phase), 0, (0, 1))
        return SabotState(rng=Rng(seed), clock=clock, units=counters)

    def _new_turn(self, state: SabotState) -> SabotState:
        """V: clear the turn's flags and roll for player 1 (odd: blue)."""
        roll, rng = d10.roll(state.rng)
        order = (0, 1) if roll % 2 else (1, 0)
        clock = state.clock.with_order(order)
        units = tuple(
            evolve(
                u, moved=False, done=False, fired=False, target=-1, used=frozenset(),
                shot_at=False, crossed=False, left=0,
            )
            for u in state.units
        )  # fmt: skip
        log = state.log.with_event(Initiative(roll, PLAYERS[order[0]]))
        return state.with_changes(rng=rng, clock=clock, units=units, painted=frozenset(), log=log)

    # -- whose turn ---------------------------------------------------------------------

    def phase(self, state: SabotState) -> str:
        """The current phase's name: movement, attack or special."""
        return TURNS.phase(state.clock).name

    def to_act(self, state: SabotState) -> frozenset[str]:
        if state.result is not None:
            return frozenset()
        if state.moving is not None and state.moving.watch:  # VII-a: an overwatch window
            return frozenset({self.opponent(state.units[state.moving.unit].owner)})
        return TURNS.actors(state.clock, PLAYERS)

    def outcome(self, state: SabotState) -> Outcome | None:
        return state.result

    # -- legal actions ------------------------------------------------------------------

    def legal_actions(self, state: SabotState, player: str) -> tuple[SabotAction, ...]:
        if player not in self.to_act(state):
            return ()
        return tuple(self._actions(state, player))

    def _actions(self, state: SabotState, player: str) -> Iterator[SabotAction]:
        phase = self.phase(state)
        if state.moving is not None and state.moving.watch:
            yield from self._overwatch_actions(state, player)
            yield Hold(player)
            return
        if state.moving is not None:
            unit = state.units[state.moving.unit]
            if phase == "movement":
                yield from self._move_actions(state, unit)
            else:
                yield from self._fire_actions(state, unit)
            yield Stop(player)
            return
        if phase == "special":
            yield from self._specials(state, player)
        else:
            for unit in state.units:
                if unit.owner == player and self._selectable(state, unit, phase):
                    yield Select(player, unit.id)
        yield Done(player)

    def _selectable(self, state: SabotState, unit: Unit, phase: str) -> bool:
        kind = self.kind(unit)
        if kind is None or unit.status == GONE:
            return False
        if phase == "attack":
            return unit.on_map and not unit.fired and self._may_shoot(state, unit, kind)
        if unit.done or unit.status != OK or unit.bridge:
            return False
        if unit.hex == ABOARD:
            carrier = state.units[unit.carrier]
            return not carrier.moved or carrier.done
        return True

    def _may_shoot(self, state: SabotState, unit: Unit, kind: UnitType) -> bool:
        reach = max(kind.range, self.table.at_range if kind.at_missiles or kind.laser else 0)
        reach += 1 if self.map.elevation[unit.hex] else 0
        return any(
            e.owner != unit.owner and e.on_map and e.status in (OK, DISABLED)
            and self.map.distance(unit.hex, e.hex) <= reach
            for e in state.units
        )  # fmt: skip

    # -- movement (VI) ------------------------------------------------------------------

    def mover(self, state: SabotState, unit: Unit, flying: bool = False) -> Mover:
        """The movement rules of ``unit`` in ``state``."""
        return Mover(self.map, self.table, state, unit, flying)

    def reachable(self, state: SabotState, unit_id: int) -> dict[str, tuple[str, ...]]:
        """VI: every hex where ``unit_id`` may end a move from here, by map label, with the
        actions that take it there (``turn right``, ``advance``...).  Assumes a soldier
        leaving a swamp rolls even; a move in progress continues."""
        unit = state.units[unit_id]
        moving = state.moving if state.moving and state.moving.unit == unit_id else None
        mover = self.mover(state, unit, moving.flying if moving else False)
        out: dict[str, tuple[str, ...]] = {}
        for hex_, path in mover.reachable(moving).items():
            steps = []
            for a, b in pairwise(path):
                if a[0] != b[0]:
                    steps.append("advance")
                else:
                    steps.append("turn right" if (b[1] - a[1]) % 6 == 1 else "turn left")
            out[self.map.label(hex_)] = tuple(steps)
        return out

    def _move_actions(self, state: SabotState, unit: Unit) -> Iterator[SabotAction]:
        moving = state.moving
        assert moving is not None
        player = unit.owner
        if unit.hex == ABOARD:
            for hex_ in self._exits(state, unit):
                yield Disembark(player, self.map.label(hex_))
            return
        kind = self.table[unit.kind]
        mover = self.mover(state, unit, moving.flying)
        if not moving.stopped:
            label = mover.start_label(moving)
            if not isinstance(mover.advance(label, moving.spent), str):
                yield Advance(player)
            if mover.turn_problem(unit.hex, moving.turns, moving.road) is None:
                yield Turn(player, -1)
                yield Turn(player, 1)
            if kind.fly and not moving.flying and not unit.moved:
                yield TakeOff(player)
            if kind.soldier and not moving.flying and moving.spent == 0:
                for carrier in self._carriers(state, unit, mover):
                    yield Board(player, carrier)
        for target in self._scout_targets(state, unit, moving):
            yield Scout(player, target)
        if not unit.revealed:
            yield Reveal(player)

    def _carriers(self, state: SabotState, unit: Unit, mover: Mover) -> Iterator[int]:
        """VI-e: adjacent friendly carriers with room, in a hex the squad could enter."""
        near = set(self.map.steps[unit.hex])
        for c in state.units:
            kind = self.kind(c)
            if c.owner != unit.owner or kind is None or not kind.capacity or c.hex not in near:
                continue
            if (state.moving is not None and state.moving.unit == c.id) or c.status != OK:
                continue
            load = sum(1 for u in state.units if u.carrier == c.id and u.hex == ABOARD)
            if load < kind.capacity and mover.terrain_problem(c.hex) is None:
                yield c.id

    def _exits(self, state: SabotState, unit: Unit) -> list[int]:
        """VI-e: adjacent empty hexes the squad can enter, to leave its carrier."""
        carrier = state.units[unit.carrier]
        outside = evolve(unit, hex=carrier.hex)
        mover = self.mover(state, outside)
        return [
            h for h in self.map.steps[carrier.hex]
            if h >= 0 and mover.can_end(h) and mover.terrain_problem(h) is None
        ]  # fmt: skip

    def _scout_targets(self, state: SabotState, unit: Unit, moving: Moving) -> Iterator[int]:
        """VI-g: concealed enemies in scouting reach not yet scouted by this unit this turn."""
        for e in state.units:
            if e.owner == unit.owner or not e.on_map or e.revealed or e.id in moving.scouted:
                continue
            if self._scout_reach(unit.hex, e.hex):
                yield e.id

    def _scout_reach(self, scout: int, target: int) -> bool:
        terrain = self.map.terrain[target]
        distance = self.map.distance(scout, target)
        if terrain.building:  # III: only adjacent units in that same building
            return distance == 1 and self.map.building[scout] == self.map.building[target]
        return distance <= terrain.scout_range

    def _sees(self, state: SabotState, viewer: Unit, hex_: int) -> bool:
        """Whether ``viewer`` has a line of sight to ``hex_`` (VII-a's rules)."""
        kind = self.kind(viewer)
        if kind is None:
            return False
        occupant = {u.hex: u for u in state.units if u.on_map}
        high = self.map.elevation[viewer.hex] > 0

        def blocks(i: int) -> bool:
            other = occupant.get(i)
            if other is None:
                return False
            other_kind = self.kind(other)
            if other.owner != viewer.owner:
                vehicle = not (other.revealed and other_kind is not None and other_kind.soldier)
                return not (high and vehicle and not self.map.elevation[i])
            if other_kind is None or other_kind.soldier or kind.type == "agrav":
                return False
            return not (high and not self.map.elevation[i])

        return line_of_sight(self.map, viewer.hex, hex_, blocks, flying=kind.flying)

    def _seen(self, state: SabotState, unit: Unit) -> bool:
        """VI-g condition 1: in line of sight of, and within 8 hexes of, an enemy unit."""
        return any(
            e.owner != unit.owner and e.on_map and e.kind != DECOY
            and self.map.distance(e.hex, unit.hex) <= SIGHT and self._sees(state, e, unit.hex)
            for e in state.units
        )  # fmt: skip

    # -- combat (VII) -------------------------------------------------------------------

    def _weapons(self, unit: Unit, kind: UnitType) -> list[str]:
        names = {"gun": "gun", "artillery": "artillery", "gp_missile": "gp"}
        out = [names[kind.weapon]] if kind.weapon in names else []
        if kind.at_missiles:
            out.append("at")
        if kind.laser:
            out.append("laser")
        return out

    def _fire_actions(self, state: SabotState, unit: Unit) -> Iterator[SabotAction]:
        kind = self.table[unit.kind]
        targets = (
            [state.units[unit.target]] if unit.target >= 0
            else [e for e in state.units if e.owner != unit.owner]
        )  # fmt: skip
        for weapon in self._weapons(unit, kind):
            for target in targets:
                if self._fire_problem(state, unit, weapon, target) is None:
                    yield Fire(unit.owner, unit.id, weapon, target.id)

    def _may_watch(self, mover: Unit, watcher: Unit) -> bool:
        """VII-a, from what both players see: an enemy counter that has not moved this turn
        and may be in range of the mover (a concealed one: of the longest reach there is)."""
        if watcher.owner == mover.owner or not watcher.on_map or watcher.moved:
            return False
        if watcher.status not in (OK, DISABLED):
            return False
        kind = self.kind(watcher) if watcher.revealed else None
        if watcher.revealed and (kind is None or not self._weapons(watcher, kind)):
            return False
        reach = self._watch_reach if kind is None else self._reach(kind)
        reach += 1 if self.map.elevation[watcher.hex] else 0
        return self.map.distance(watcher.hex, mover.hex) <= reach

    def _reach(self, kind: UnitType) -> int:
        """The longest range of a unit type's weapons (lasers aside)."""
        return max(kind.range, self.table.at_range if kind.at_missiles else 0)

    @property
    def _watch_reach(self) -> int:
        return max(self._reach(kind) for kind in self.table.types.values())

    def _overwatch_actions(self, state: SabotState, player: str) -> Iterator[SabotAction]:
        """VII-a: shots at the moving unit by ``player``'s units that did not move this turn
        and have it in range, in their arc and in line of sight (lasers do not attack)."""
        assert state.moving is not None
        mover = state.units[state.moving.unit]
        for unit in state.units:
            kind = self.kind(unit)
            if kind is None or unit.owner != player or not self._may_watch(mover, unit):
                continue
            if not self._sees(state, unit, mover.hex):
                continue
            for weapon in self._weapons(unit, kind):
                if weapon != "laser" and self._fire_problem(state, unit, weapon, mover) is None:
                    yield Fire(player, unit.id, weapon, mover.id)

    def weapon_stats(self, kind: UnitType, weapon: str) -> tuple[int, int]:
        """(range, damage) of a unit type's weapon; lasers reach as far as AT missiles
        (library default: the text gives no laser range)."""
        if weapon in ("at", "laser"):
            return self.table.at_range, self.table.at_damage if weapon == "at" else 0
        return kind.range, kind.damage

    def _fire_problem(self, state: SabotState, unit: Unit, weapon: str, target: Unit) -> str | None:
        """Why ``unit`` may not fire ``weapon`` at ``target`` now (VII-a), or None."""
        kind = self.table[unit.kind]
        if weapon not in self._weapons(unit, kind):
            return f"II: a {unit.kind} has no {weapon}"
        if "laser" in unit.used:
            return "II: a unit that uses a laser can't make any other attack in that turn"
        if weapon == "laser" and unit.used:
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
        known = self.kind(target) if target.revealed else None
        if known is not None:
            if known.flying and (weapon == "gp" or (weapon != "at" and kind.damage >= 4)):
                return "VII-a: Damage 4 or higher and GP missiles cannot attack flying units"
            if known.soldier and weapon in ("at", "laser"):
                return "II: AT missiles can't be aimed at soldiers, and soldiers cannot be painted"
        reach, _ = self.weapon_stats(kind, weapon)
        distance = self.map.distance(unit.hex, target.hex)
        if distance > reach + (1 if self.map.elevation[unit.hex] else 0):
            return "VII-a: the target is out of range"
        arc = self._arc_problem(unit, kind, weapon, target.hex)
        if arc:
            return arc
        if weapon not in ("artillery", "gp"):
            if self.map.forest_bound[target.hex] and distance > 1:
                return "III: a unit surrounded by forest is attacked only from next to it"
            if not self._sees(state, unit, target.hex):
                return "VII-a: no clear line of sight"
        return None

    def _arc_problem(self, unit: Unit, kind: UnitType, weapon: str, target: int) -> str | None:
        origin, there = self.map.cells[unit.hex], self.map.cells[target]
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

    def modifiers(self, state: SabotState, unit: Unit, weapon: str, target: Unit) -> Modifiers:
        """Every modifier of a shot by ``unit`` with ``weapon`` at ``target`` (VII-a, III)."""
        kind = self.table[unit.kind]
        defender = self.kind(target)
        assert defender is not None
        field_ = self.map
        missile = weapon in ("at", "gp")
        attack = 0
        if missile and (unit.owner, target.id) in state.painted and not defender.soldier:
            attack += 2
        if target.status == DISABLED:
            attack += 1
        if weapon == "at" and defender.flying:
            attack -= 1
        defense = 0
        here = field_.terrain[target.hex]
        if not defender.flying:
            attack += here.attack
            prepared = (target.owner, target.hex) in state.prepared or (
                here.as_prepared and field_.depression[unit.hex] != field_.depression[target.hex]
            )
            if prepared:
                defense += 1 if kind.flying else 2
            defense += here.defense
            if here.height_defense and field_.elevation[unit.hex] < field_.elevation[target.hex]:
                defense += here.height_defense
            if defender.soldier:
                defense += here.soldier_defense
            if here.building:
                defense += 1 if field_.building[unit.hex] == field_.building[target.hex] else 2
        water = field_.river[target.hex] and not field_.bridge[target.hex]
        fragile = defender.flying or ((here.drowns or water) and not defender.flying)
        return Modifiers(attack, defense, defender.soldier, fragile)

    def _harmless(self, kind: UnitType, weapon: str, target: Unit) -> bool:
        """A shot that cannot hurt its (concealed) target: a flyer hit by Damage 4+ or a GP
        missile, a soldier hit by an AT missile, a decoy."""
        defender = self.kind(target)
        if defender is None:
            return True
        if defender.flying and (weapon == "gp" or (weapon != "at" and kind.damage >= 4)):
            return True
        return defender.soldier and weapon == "at"

    def _scatters(self, state: SabotState, unit: Unit, weapon: str, target: Unit) -> bool:
        """VII-a: artillery (unless within 5 hexes in clear sight) and GP missiles without
        line of sight and not laser-designated may miss the target hex."""
        if weapon not in ("artillery", "gp"):
            return False
        sees = self._sees(state, unit, target.hex)
        if weapon == "artillery":
            return not (sees and self.map.distance(unit.hex, target.hex) <= ARTILLERY_SURE)
        return not sees and (unit.owner, target.id) not in state.painted

    def _landing(self, state: SabotState, unit: Unit, weapon: str, target: Unit, face: int) -> int:
        """The unit a scattered shot hits for scatter die ``face`` (-1: nothing)."""
        scatter = self.map.table.scatter
        if face >= scatter.hit:
            return target.id
        direction = (unit.facing + scatter.directions[face - 1]) % 6
        there = self.map.steps[target.hex][direction]
        hit = next((u for u in state.units if u.on_map and u.hex == there), None)
        if hit is None or (weapon == "gp" and hit.owner == unit.owner):
            return -1  # VII-a: missiles never hit a friendly unit
        if hit.status not in (OK, DISABLED):
            return -1
        return hit.id

    def _shot(self, state: SabotState, unit: Unit, weapon: str, hit: Unit) -> Distribution[str]:
        kind = self.table[unit.kind]
        if self._harmless(kind, weapon, hit):
            return Distribution.certain(combat.MISS)
        defender = self.kind(hit)
        assert defender is not None
        _, damage = self.weapon_stats(kind, weapon)
        return combat.shot(
            damage, defender.tough, self.modifiers(state, unit, weapon, hit)
        ).distribution()

    def odds(self, state: SabotState, action: SabotAction) -> Distribution[Any] | None:
        """The exact distribution of a shot: ``(unit hit or -1, result)``; of a scouting
        roll: success; of a repair: success."""
        if isinstance(action, Fire) and action.weapon != "laser":
            unit, target = state.units[action.unit], state.units[action.target]
            faces = (
                d10.distribution() if self._scatters(state, unit, action.weapon, target)
                else Distribution.certain(10)
            )  # fmt: skip
            table: dict[tuple[int, str], Fraction] = {}
            for face, p in faces.items():
                hit = self._landing(state, unit, action.weapon, target, face)
                results = (
                    Distribution.certain(combat.MISS) if hit < 0
                    else self._shot(state, unit, action.weapon, state.units[hit])
                )  # fmt: skip
                for result, q in results.items():
                    key = (hit, result)
                    table[key] = table.get(key, Fraction(0)) + p * q
            return Distribution(table)
        if isinstance(action, Scout) and state.moving is not None:
            kind = self.table[state.units[state.moving.unit].kind]
            return (d10 + kind.scouting).at_least(SCOUT_ROLL).distribution()
        if isinstance(action, Special) and action.what == "repair":
            return d10.at_least(SCOUT_ROLL).distribution()
        return None

    # -- special actions (II, V) ----------------------------------------------------------

    def _specials(self, state: SabotState, player: str) -> Iterator[SabotAction]:
        """Repairs, reloads, bridges and prepared positions available to ``player``."""
        for unit in state.units:
            kind = self.kind(unit)
            if unit.owner != player or kind is None or not kind.special or not unit.on_map:
                continue
            if unit.status != OK or ("special" in unit.used and kind.special != "prepare"):
                continue
            near = set(self.map.steps[unit.hex])
            if kind.special in ("repair", "reload") and not unit.shot_at:
                for other in state.units:
                    if other.owner != player or other.hex not in near or other.shot_at:
                        continue
                    other_kind = self.kind(other)
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
                if not unit.bridge and self.map.river[unit.hex] and not self.map.bridge[unit.hex]:
                    yield Special(player, unit.id, "deploy")
            elif kind.special == "prepare" and self._left(unit, kind) >= 2 * HALF:
                for hex_ in (unit.hex, *near):
                    fresh = (player, hex_) not in state.prepared
                    if hex_ >= 0 and self.map.terrain[hex_].prepare and fresh:
                        yield Special(player, unit.id, "prepare", hex_)

    @staticmethod
    def _left(unit: Unit, kind: UnitType) -> int:
        """Half move units ``unit`` has not used this turn (all of them if it did not move)."""
        return unit.left if unit.done else HALF * kind.move

    # -- applying -------------------------------------------------------------------------

    def illegal_reason(self, state: SabotState, action: SabotAction) -> str | None:
        if action in self.legal_actions(state, action.player):
            return None
        moving = state.moving
        if (
            isinstance(action, Advance | Turn)
            and moving is not None
            and self.phase(state) == "movement"
        ):
            unit = state.units[moving.unit]
            # Only the mover's own player gets the movement rule spelt out: during an overwatch
            # window the other player acts, and the rules of a concealed unit are secret.
            if unit.hex >= 0 and unit.owner == action.player:
                mover = self.mover(state, unit, moving.flying)
                if moving.stopped:
                    return "VI-b: this unit's move has ended"
                if isinstance(action, Turn):
                    problem = mover.turn_problem(unit.hex, moving.turns, moving.road)
                else:
                    step = mover.advance(mover.start_label(moving), moving.spent)
                    problem = step if isinstance(step, str) else None
                if problem:
                    return problem
        if isinstance(action, Fire) and state.moving is not None:
            firer = action.unit if state.moving.watch else state.moving.unit
            unit = state.units[firer]
            if (
                action.unit == unit.id
                and unit.owner == action.player
                and (0 <= action.target < len(state.units))
            ):
                problem = self._fire_problem(state, unit, action.weapon, state.units[action.target])
                if problem:
                    return problem
        return f"{action} is not a legal action now"

    def apply_unchecked(self, state: SabotState, action: SabotAction) -> SabotState:
        if isinstance(action, Done):
            return self._next_phase(state.with_changes(moving=None))
        if isinstance(action, Hold):
            assert state.moving is not None
            return state.with_changes(moving=evolve(state.moving, watch=False))
        if isinstance(action, Select):
            unit = state.units[action.unit]
            start = unit.hex if unit.hex >= 0 else ABOARD
            road = start >= 0 and self.map.road[start]
            return state.with_changes(moving=Moving(unit.id, start, road=road))
        if isinstance(action, Stop):
            return self._stop(state)
        if isinstance(action, Fire) and self.phase(state) == "movement":
            return self._overwatch(state, action)
        if isinstance(action, Fire):
            return self._fire(state, action)
        if isinstance(action, Special):
            return self._special(state, action)
        return self._step(state, action)

    def _overwatch(self, state: SabotState, action: Fire) -> SabotState:
        """VII-a: an overwatch shot.  The firer may not fire in the combat phase (nor move
        later this turn: it did not move); a mover that is hit and harmed stops here."""
        state = self._fire(state, action)
        state = self._set(state, state.units[action.unit], fired=True, done=True)
        moving = state.moving
        assert moving is not None
        if state.units[moving.unit].status != OK:
            state = state.with_changes(moving=evolve(moving, stopped=True))
        return state

    def _set(self, state: SabotState, unit: Unit, **changes: Any) -> SabotState:
        units = list(state.units)
        units[unit.id] = evolve(unit, **changes)
        return state.with_changes(units=tuple(units))

    def _stop(self, state: SabotState) -> SabotState:
        moving = state.moving
        assert moving is not None
        unit = state.units[moving.unit]
        if self.phase(state) == "attack":
            return self._set(state, unit, fired=True).with_changes(moving=None)
        left = 0
        if unit.hex >= 0:
            mover = self.mover(state, unit, moving.flying)
            left = mover.allowance(moving.road, moving.straight) - moving.spent
        return self._set(state, unit, done=True, left=left).with_changes(moving=None)

    def _step(self, state: SabotState, action: SabotAction) -> SabotState:
        moving = state.moving
        assert moving is not None
        unit = state.units[moving.unit]
        log = state.log
        if isinstance(action, Turn):
            facing = (unit.facing + action.steps) % 6
            state = self._set(state, unit, facing=facing, moved=True)
            moving = evolve(moving, turns=moving.turns + 1, straight=False)
            return state.with_changes(
                moving=moving,
                log=log.with_event(Moved(unit.id, self.map.label(unit.hex), facing)),
            )
        if isinstance(action, TakeOff):
            return state.with_changes(moving=evolve(moving, flying=True))
        if isinstance(action, Reveal):
            return self._reveal(state, unit, "by choice")
        if isinstance(action, Scout):
            return self._scout(state, unit, moving, state.units[action.target])
        if isinstance(action, Board):
            carrier = state.units[action.carrier]
            state = self._set(state, unit, hex=ABOARD, carrier=carrier.id, done=True, moved=True)
            state = self._set(state, carrier, done=True)
            return state.with_changes(moving=None)
        if isinstance(action, Disembark):  # VI-e: the carrier's move is over too
            hex_ = self.map.parse(action.hex)
            state = self._set(state, state.units[unit.carrier], done=True)
            state = self._set(state, unit, hex=hex_, carrier=-1, done=True, moved=True)
            unit = state.units[unit.id]
            state = self._set(state, unit, revealed=self._seen(state, unit))  # VI-g
            return state.with_changes(
                moving=None,
                log=state.log.with_event(Moved(unit.id, action.hex, unit.facing)),
            )
        assert isinstance(action, Advance)
        kind = self.table[unit.kind]
        terrain = self.map.terrain[unit.hex]
        rng = state.rng
        if kind.soldier and not moving.flying and terrain.stuck and not moving.swamp_checked:
            roll, rng = d10.roll(rng)  # III: soldiers leaving a swamp must roll even
            log = log.with_event(Rolled(unit.id, "swamp", roll))
            moving = evolve(moving, swamp_checked=True, stopped=roll % 2 == 1)
            if moving.stopped:
                return state.with_changes(rng=rng, log=log, moving=moving)
        mover = self.mover(state, unit, moving.flying)
        step = mover.advance(mover.start_label(moving), moving.spent)
        assert not isinstance(step, str)
        (there, _, _, road, _), cost = step
        for other in state.units:
            if other.bridge and other.hex == there and kind.vehicle:
                state = self._set(state, other, crossed=True)
        state = self._set(state, unit, hex=there, moved=True, has_moved=True)
        stopped = mover.in_zoc(there) or cost >= mover.base  # water entry takes the whole move
        moving = evolve(moving, spent=moving.spent + cost, road=road, stopped=stopped)
        log = log.with_event(Moved(unit.id, self.map.label(there), unit.facing))
        state = state.with_changes(rng=rng, log=log, moving=moving)
        unit = state.units[unit.id]
        if not unit.revealed and self._seen(state, unit):
            state = self._reveal(state, unit, "moved in sight")
        if any(self._may_watch(unit, other) for other in state.units):
            state = state.with_changes(moving=evolve(moving, watch=True))  # VII-a: overwatch
        return state

    def _reveal(self, state: SabotState, unit: Unit, why: str) -> SabotState:
        state = self._set(state, unit, revealed=True)
        return state.with_changes(log=state.log.with_event(Revealed(unit.id, unit.kind, why)))

    def _scout(self, state: SabotState, unit: Unit, moving: Moving, target: Unit) -> SabotState:
        bonus = self.table[unit.kind].scouting
        total, rng = (d10 + bonus).roll(state.rng)
        success = total >= SCOUT_ROLL
        log = state.log.with_event(Scouted(unit.id, target.id, total, success))
        state = state.with_changes(
            rng=rng, log=log, moving=evolve(moving, scouted=moving.scouted | {target.id})
        )
        if not success:
            return state
        if target.kind == DECOY:  # IV: once scouted, decoys are removed
            state = self._set(state, target, status=GONE, revealed=True)
            return state.with_changes(log=state.log.with_event(Removed(target.id, "decoy scouted")))
        return self._reveal(state, target, "scouted")

    def _fire(self, state: SabotState, action: Fire) -> SabotState:
        unit, target = state.units[action.unit], state.units[action.target]
        kind = self.table[unit.kind]
        if not unit.revealed:
            state = self._reveal(state, unit, "attacked")
            unit = state.units[unit.id]
        ammo, spent = unit.ammo, unit.spent
        if action.weapon in ("at", "gp"):
            ammo, spent = ammo - 1, spent + 1
        state = self._set(
            state, unit, used=unit.used | {action.weapon}, target=target.id, ammo=ammo, spent=spent
        )
        unit = state.units[unit.id]
        if action.weapon == "laser":
            painted = state.painted | {(unit.owner, target.id)}
            event = Attack(
                unit.id, "laser", target.id, target.id, 0, "painted", target.owner, target.revealed
            )
            return state.with_changes(painted=painted, log=state.log.with_event(event))
        state = self._set(state, state.units[target.id], shot_at=True)  # II: even if it misses
        rng = state.rng
        face = 10
        if self._scatters(state, unit, action.weapon, target):
            face, rng = d10.roll(rng)
            state = state.with_changes(
                rng=rng, log=state.log.with_event(Rolled(unit.id, "scatter", face))
            )
        hit_id = self._landing(state, unit, action.weapon, target, face)
        if hit_id < 0:
            event = Attack(
                unit.id, action.weapon, target.id, -1, 0, combat.MISS, target.owner, True
            )
            return state.with_changes(log=state.log.with_event(event))
        hit = state.units[hit_id]
        defender = self.kind(hit)
        _, damage = self.weapon_stats(kind, action.weapon)
        tough = defender.tough if defender else 0
        mods = self.modifiers(state, unit, action.weapon, hit) if defender else Modifiers()
        rolled, rng = rolls(damage, tough, mods).roll(state.rng)
        result = (
            combat.MISS if self._harmless(kind, action.weapon, hit) else combat.judge(rolled, mods)
        )
        event = Attack(
            unit.id,
            action.weapon,
            target.id,
            hit.id,
            rolled[0],
            result,
            hit.owner,
            hit.revealed,
            rolled[1],
        )
        state = state.with_changes(rng=rng, log=state.log.with_event(event))
        state = self._set(state, state.units[hit.id], shot_at=True)
        return self._damage(state, state.units[hit.id], result)

    def _damage(self, state: SabotState, unit: Unit, result: str) -> SabotState:
        """Apply a result: Disabled marker, or Destroyed (removed at once if it has fired;
        squads aboard a destroyed carrier roll: odd lost, even out)."""
        if result == combat.DISABLED:
            return self._set(state, unit, status=DISABLED)
        if result != combat.DESTROYED:
            return state
        gone = bool(unit.used) or unit.fired
        state = self._set(state, unit, status=GONE if gone else DESTROYED)
        if gone:
            state = state.with_changes(log=state.log.with_event(Removed(unit.id, "destroyed")))
        for squad in state.units:
            if squad.carrier != unit.id or squad.hex != ABOARD:
                continue
            roll, rng = d10.roll(state.rng)
            state = state.with_changes(
                rng=rng, log=state.log.with_event(Rolled(squad.id, "bail out", roll))
            )
            exits = self._exits(state, squad) if roll % 2 == 0 else []
            if exits:
                state = self._set(state, squad, hex=exits[0], carrier=-1)
            else:
                state = self._set(state, squad, status=GONE, carrier=-1)
                state = state.with_changes(log=state.log.with_event(Removed(squad.id, "destroyed")))
        return state

    def _special(self, state: SabotState, action: Special) -> SabotState:
        unit = state.units[action.unit]
        state = self._set(state, unit, used=unit.used | {"special"})
        unit = state.units[unit.id]
        if action.what == "deploy":
            return self._set(state, unit, bridge=True)
        if action.what == "fold":
            return self._set(state, unit, bridge=False)
        if action.what == "prepare":  # II: two move units each, as many as it has left
            left = self._left(unit, self.table[unit.kind]) - 2 * HALF
            state = self._set(state, unit, left=left, done=True)
            return state.with_changes(prepared=state.prepared | {(unit.owner, action.target)})
        other = state.units[action.target]
        if action.what == "reload":
            shots = self.table[other.kind].shots
            return self._set(state, other, ammo=shots, spent=0)
        roll, rng = d10.roll(state.rng)  # II: the recovery vehicle repairs on 5-10
        state = state.with_changes(
            rng=rng, log=state.log.with_event(Rolled(other.id, "repair", roll))
        )
        return self._set(state, other, status=OK) if roll >= SCOUT_ROLL else state

    def _next_phase(self, state: SabotState) -> SabotState:
        clock = TURNS.advance(state.clock)
        ending_combat = self.phase(state) == "attack" and TURNS.phase(clock).name == "special"
        state = state.with_changes(clock=clock)
        if ending_combat:  # VII-a: remove all Destroyed units at the end of combat
            for unit in state.units:
                if unit.status == DESTROYED:
                    state = self._set(state, unit, status=GONE)
                    state = state.with_changes(
                        log=state.log.with_event(Removed(unit.id, "destroyed"))
                    )
        if TURNS.phase(clock).name == "movement" and clock.seat == 0:
            result = type(self).victory(self, state)
            limit = self.options.max_turns
            if result is None and limit is not None and clock.turn > limit:
                result = Outcome(frozenset(), f"turn limit {limit}")
            if result is not None:
                return state.with_changes(result=result)
            return self._new_turn(state)
        return state

    # -- notation, views, determinisation ---------------------------------------------------

    def parse_action(self, state: SabotState, text: str, player: str | None = None) -> SabotAction:
        """The inverse of ``str(action)``: ``move 3``, ``advance``, ``turn left``, ``fly``,
        ``scout 9``, ``reveal``, ``board 4``, ``out 0304``, ``stop``, ``fire 3 gun 9``,
        ``repair 5 2``, ``prepare 7 120``, ``deploy 6``, ``done``."""
        if player is None:
            acting = sorted(self.to_act(state))
            if len(acting) != 1:
                raise InvalidAction("say which player acts")
            player = acting[0]
        self.check_player(player)
        words = text.split()
        simple: dict[str, type[Advance | TakeOff | Reveal | Stop | Hold | Done]] = {
            "advance": Advance,
            "hold": Hold,
            "fly": TakeOff,
            "reveal": Reveal,
            "stop": Stop,
            "done": Done,
        }
        try:
            if len(words) == 1 and words[0] in simple:
                return simple[words[0]](player)
            head, *rest = words
            if head == "turn" and rest in (["left"], ["right"]):
                return Turn(player, 1 if rest[0] == "right" else -1)
            if head == "out" and len(rest) == 1:
                self.map.parse(rest[0])
                return Disembark(player, rest[0])
            numbers = [int(w) for w in rest if w not in WEAPON_NAMES]
            if head == "fire" and len(rest) == 3 and rest[1] in WEAPON_NAMES:
                return Fire(player, int(rest[0]), rest[1], int(rest[2]))
            one: dict[str, type[Select | Scout | Board]] = {
                "move": Select,
                "scout": Scout,
                "board": Board,
            }
            if head in one and len(numbers) == 1 == len(rest):
                return one[head](player, numbers[0])
            if head in ("repair", "reload", "prepare", "deploy", "fold") and 1 <= len(rest) <= 2:
                return Special(player, numbers[0], head, numbers[1] if len(numbers) > 1 else -1)
        except ValueError as error:
            raise InvalidAction(f"not a SABOT action: {text!r} ({error})") from None
        raise InvalidAction(f"not a SABOT action: {text!r}")

    def determinize(self, view: SabotState, player: str, rng: random.Random) -> SabotState:
        """Give each counter ``player`` has not identified a type that fits what was seen:
        squads aboard are soldiers, a counter that moved or fired is no decoy, every counter
        can stand on its hex, the opponent's decoys number what is left of them; shots
        markers follow the type and the launches seen."""
        enemy = self.opponent(player)
        removed_decoys = sum(
            1 for u in view.units if u.owner == enemy and u.kind == DECOY and u.status == GONE
        )
        unknown = [u for u in view.units if is_hidden(u.kind)]
        decoys_left = max(0, self.options.decoys - removed_decoys)
        can_decoy = [
            u.id for u in unknown
            if u.on_map and not u.has_moved and not u.used and self._stands(None, u.hex)
        ]  # fmt: skip
        decoys = set(rng.sample(can_decoy, min(decoys_left, len(can_decoy))))
        kinds: dict[int, str] = {}
        symbols = sorted(self.table.types)
        for u in unknown:
            if u.id in decoys:
                kinds[u.id] = DECOY
                continue
            load = sum(1 for o in view.units if o.carrier == u.id and o.hex == ABOARD)
            fits = [
                s for s in symbols
                if (u.hex != ABOARD or self.table[s].soldier)
                and self.table[s].capacity >= load
                and (u.hex < 0 or self._stands(self.table[s], u.hex))
            ]  # fmt: skip
            kinds[u.id] = rng.choice(fits or symbols)
        units = []
        for u in view.units:
            kind = kinds.get(u.id, u.kind)
            ammo = u.ammo
            if is_hidden(ammo):
                full = 0 if kind == DECOY else self.table[kind].limited_shots
                ammo = max(0, full - u.spent)
            units.append(evolve(u, kind=kind, ammo=ammo))
        log = EventLog(
            evolve(e, defense=0) if isinstance(e, Attack) and is_hidden(e.defense) else e
            for e in view.log
        )  # a hidden defense roll: any value gives the same view
        return view.with_changes(rng=self.fresh_rng(rng), units=tuple(units), log=log)

    def _stands(self, kind: UnitType | None, hex_: int) -> bool:
        terrain = self.map.terrain[hex_]
        if kind is not None and kind.flying:
            return True
        water = self.map.river[hex_] and not self.map.bridge[hex_]
        movement = kind.type if kind else "tracked"
        if water:
            return movement in self.map.table.river.enter or bool(kind and kind.amphibious)
        return movement in terrain.enter or bool(kind and kind.amphibious and terrain.amphibious)

    def describe(self, state: SabotState, player: str | None = None) -> str:
        """The map with each counter as owner initial, symbol (``?`` if concealed from
        ``player``) and facing arrow; terrain letters elsewhere."""
        shown = state if player is None else self.view(state, player)
        occupant = {u.hex: u for u in shown.units if u.on_map}
        arrows = "^/\\v/\\"
        letters = {name: char for char, name in (("g", "grassland"), (":", "desert"))}

        def glyph(cell: Any) -> str:
            i = self.map.index(cell)
            unit = occupant.get(i)
            if unit is not None:
                kind = "?" if is_hidden(unit.kind) else unit.kind[:3]
                return f"{unit.owner[0]}{kind}{arrows[unit.facing]}"
            terrain = self.map.terrain[i].name
            mark = "~" if self.map.river[i] else "=" if self.map.road[i] else ""
            return (letters.get(terrain, terrain[:3]) + mark)[:5]

        turn = f"turn {shown.clock.turn}, {self.phase(shown)}, {self.to_act(shown) or 'over'}"
        return f"{turn}\n{render_hexes(self.map.board, glyph)}"
