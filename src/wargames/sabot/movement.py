"""Movement (section VI) for one unit: entry costs, facing, zones of control, roads.

A :class:`Mover` is built once per moving unit and position; the step-by-step actions
(:class:`~wargames.sabot.state.Advance`, :class:`~wargames.sabot.state.Turn`) and the
:meth:`Mover.reachable` query share its rules.  Costs are in *half* move units, so that a
wheeled vehicle's half-unit road steps stay integers.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Final

from wargames.core.movement import reach, reaches
from wargames.sabot.maps import SabotMap
from wargames.sabot.state import Moving, SabotState, Unit, occupants
from wargames.sabot.units import DECOY, UnitTable, UnitType

__all__ = ["Label", "Mover", "stands"]

HALF: Final = 2
"""Half move units per move unit."""
ROAD_TURNS: Final = 3
"""Hex faces a wheeled vehicle may turn while it moves on roads (VI-d)."""
_CANNOT: Final = "III: it cannot enter that hex"
"""Why a step is illegal where the words are not wanted (:meth:`Mover.advance`)."""

Label = tuple[int, int, int, bool, bool, int]
"""A search label: hex, facing, turns used, all-road so far, not turned so far, and the road
level it is on at an overpass (-1 elsewhere or off the road)."""


def stands(field: SabotMap, kind: UnitType | None, hex_: int) -> bool:
    """Whether a unit of ``kind`` may stand on ``hex_`` (None: a decoy, which sets up like a
    tracked vehicle): flyers anywhere, amphibious units in water they may swim (III)."""
    if kind is not None and kind.flying:
        return True
    water = field.river[hex_] and not field.bridge[hex_]
    if kind is None:
        return "tracked" in (field.table.river.enter if water else field.terrain[hex_].enter)
    return _may_enter(field, kind, hex_, water)


def _may_enter(field: SabotMap, kind: UnitType, hex_: int, water: bool) -> bool:
    """Whether a unit of ``kind``, not flying, may enter ``hex_`` (III): its movement type
    among those the hex admits (``water``: a river no bridge spans, else its terrain), or
    swimming it as an amphibious unit."""
    terrain = field.terrain[hex_]
    if kind.moves_in(field.table.river.enter if water else terrain.enter):
        return True
    if water:
        return kind.swims(river=True)
    return bool(terrain.amphibious and kind.swims(river=False))


class Mover:
    """The movement rules of ``unit`` in ``state`` (``flying``: a jump-troop flight)."""

    def __init__(
        self, field: SabotMap, table: UnitTable, state: SabotState, unit: Unit, flying: bool
    ) -> None:
        self.map = field
        self.unit = unit
        kind: UnitType = table[unit.kind]
        self.kind = kind
        self.flying = flying or kind.flying
        self.lands = flying and not kind.flying
        """A jump-troop flight, which ends by landing (II, VI-f)."""
        self.owner = unit.owner
        self.units = state.units
        self.occupants = occupants(state)
        # The one hex where the unit may stand among others: itself left out there.
        others = [i for i in self.occupants.get(unit.hex, ()) if i != unit.id]
        self.beside: Unit | None = state.units[others[-1]] if others else None
        self.prepared = state.prepared
        self.table = table
        self._zoc: dict[int, frozenset[int]] = {}
        self._flight = flying
        # The hex the move began in (VI-b: a unit starting its move in a zone of control).
        moving = state.moving
        self.start = moving.start if moving is not None and moving.unit == unit.id else unit.hex

    @cached_property
    def base(self) -> int:
        """Half move units of its allowance before any road bonus (VI-a), worked out when
        a rule first needs the number (most ask only :meth:`affords` or :meth:`takes_all`)."""
        return HALF * (self.kind.fly if self._flight else self.kind.move)

    # -- the rules of one step ---------------------------------------------------------

    def occupant(self, hex_: int) -> Unit | None:
        """The other counter standing on ``hex_`` (the last by id), or None."""
        if hex_ == self.unit.hex:
            return self.beside
        here = self.occupants.get(hex_)
        return self.units[here[-1]] if here else None

    def bridged(self, hex_: int) -> bool:
        """II: whether a Bridging Tank has unfolded as a bridge on ``hex_``."""
        return any(self.units[i].bridge for i in self.occupants.get(hex_, ()))

    def water(self, hex_: int) -> bool:
        """Whether ``hex_`` is water to this unit: a river that neither a bridge (III) nor an
        unfolded Bridging Tank (II) spans."""
        field = self.map
        return field.river[hex_] and not field.bridge[hex_] and not self.bridged(hex_)

    def allowance(self, road: bool, straight: bool) -> int:
        """Half move units this move may spend: +1 unit for an all-road tracked move, or an
        all-road straight hover move (section III, "Road")."""
        return self.base + self._bonus(road, straight)

    def left(self, spent: int, road: bool, straight: bool) -> int:
        """What :meth:`allowance` leaves after ``spent`` half move units."""
        return self.kind.left_after(spent - self._bonus(road, straight), self._flight)

    def affords(self, half_units: int, road: bool, straight: bool) -> bool:
        """Whether :meth:`allowance` is at least ``half_units``."""
        return self.kind.allows(half_units - self._bonus(road, straight), self._flight)

    def takes_all(self, half_units: int) -> bool:
        """Whether ``half_units`` are its whole allowance before any road bonus or more (a
        water crossing, III)."""
        return not self.kind.allows(half_units + 1, self._flight)

    def _bonus(self, road: bool, straight: bool) -> int:
        """The road bonus of :meth:`allowance`, in half move units."""
        if not road or self.flying:
            return 0
        kind = self.kind
        return HALF if kind.moves_as("tracked") or (straight and kind.moves_as("hover")) else 0

    def turn_limit(self, road: bool) -> int:
        """Hex faces it may turn (VI-d): wheeled vehicles 3 while moving on roads."""
        return ROAD_TURNS if self._wheels_on_road(road) else self.kind.turns

    def _wheels_on_road(self, road: bool) -> bool:
        """Whether it is a wheeled vehicle moving on roads (VI-d: it turns up to 3 faces)."""
        return road and self.kind.moves_as("wheeled")

    def in_zoc(self, hex_: int) -> bool:
        """Whether ``hex_`` is in a zone of control that binds this unit (VI-b)."""
        return bool(self.zoc(hex_))

    def zoc(self, hex_: int) -> frozenset[int]:
        """The ids of the enemy units whose zone of control (the six hexes around them) covers
        ``hex_`` and binds this unit (VI-b): none for a flyer; flying units have none, but a
        concealed counter does.  Worked out for the hexes asked about, once each."""
        found = self._zoc.get(hex_)
        if found is None:
            found = frozenset(
                enemy.id
                for around in self.map.steps[hex_]
                if around >= 0
                and (enemy := self.occupant(around)) is not None
                and enemy.owner != self.owner
                and not self.flying
                and not (enemy.revealed and enemy.kind != DECOY and self.table[enemy.kind].flying)
            )
            self._zoc[hex_] = found
        return found

    def may_turn(self, hex_: int, turns: int, road: bool) -> bool:
        """Whether it may turn one more face here, ``turns`` turned (VI-d)."""
        if self.in_zoc(hex_):
            return False
        if self._wheels_on_road(road):
            return turns < ROAD_TURNS
        return self.kind.turns_beyond(turns)

    def turn_problem(self, hex_: int, turns: int, road: bool) -> str | None:
        """Why it may not turn one more face here, or None."""
        if self.may_turn(hex_, turns, road):
            return None
        if self.in_zoc(hex_):
            return "VI-d: no turning in an enemy unit's zone of control"
        return f"VI-d: a {self.kind.type} unit turns at most {self.turn_limit(road)} faces"

    def enters(self, there: int) -> bool:
        """Whether this unit could ever enter hex ``there`` (section III)."""
        return self.flying or _may_enter(self.map, self.kind, there, self.water(there))

    def terrain_problem(self, there: int) -> str | None:
        """Why this unit could never enter hex ``there``, or None (section III)."""
        if self.enters(there):
            return None
        if self.water(there):
            return "III: only hover, anti-grav, flying and amphibious units enter a river"
        return f"III: a {self.kind.type} unit cannot enter {self.map.terrain[there].name}"

    def cost(
        self,
        here: int,
        there: int,
        spent: int,
        road: bool,
        straight: bool,
        along: bool,
        explain: bool = True,
    ) -> int | str:
        """Half move units to enter ``there`` from ``here`` (``along``: following a road),
        or why it may not (``explain=False``: that it may not, the unit's type not named)."""
        if not self.enters(there):
            return (self.terrain_problem(there) or _CANNOT) if explain else _CANNOT
        field = self.map
        if self.flying:
            return HALF
        road_step = along and self.kind.moves_as("wheeled")
        if (self.owner, there) in self.prepared:  # III: a friendly prepared position: 1 unit
            return 1 if road_step else HALF
        enter = field.table.river.enter if self.water(there) else field.terrain[there].enter
        needs_swim = not self.kind.moves_in(enter)
        if needs_swim:
            if spent:
                return "III: an amphibious unit needs its full allowance to enter water"
            return self.allowance(road, straight)
        if road_step:
            return 1  # III: half a move unit from road hex to road hex
        return HALF + self.extra(here, there)

    def extra(self, here: int, there: int) -> int:
        """III: the extra half move units of a step, added together: entering a hilltop,
        entering a hillside from ground level, entering and leaving a depression; none for
        a unit with one move unit."""
        if not self.kind.allows(2 * HALF):  # a Move of 1
            return 0
        source, terrain = self.map.terrain[here], self.map.terrain[there]
        climbs = terrain.extra == "enter" or (terrain.extra == "climb" and not source.elevation)
        enters = terrain.extra == "both" and source.extra != "both"
        leaves = source.extra == "both" and terrain.extra != "both"
        return HALF * (climbs + enters + leaves)

    def advance(self, label: Label, spent: int, explain: bool = True) -> tuple[Label, int] | str:
        """The label after one step ahead and its cost, or why the step is illegal (with
        ``explain=False``, for a search or a check: not why in words that ask the unit's
        type more than the rule does)."""
        here, facing, turns, road, straight, level = label
        there = self.map.steps[here][facing]
        if there < 0:
            return "VI-a: the hex ahead is off the map"
        other = self.occupant(there)
        if other is not None and not self.flying:
            if other.owner != self.owner:
                return "VI-a: only flying units pass through enemy units"
            if self.map.bridge[there]:
                return "III: units cannot pass through friendly units on a bridge"
        if here == self.start and not self.flying:
            binding = self.zoc(here) & self.zoc(there)
            if binding:
                return "VI-b: it started in that enemy's zone of control and must leave it first"
        along, arrive = self.map.road_step(here, level, there)
        cost = self.cost(here, there, spent, road, straight, along, explain)
        if isinstance(cost, str):
            return cost
        on_road = road and along
        if not self.affords(spent + cost, on_road, straight):
            return "VI-a: not enough move units left"
        return (there, facing, turns, on_road, straight, arrive), cost

    def can_end(self, hex_: int) -> bool:
        """VI-c: a move ends only in an empty hex.  II: air-dropped jump troops "always land
        exactly where you want them (no scattering)": a flight ends where it is steered, so
        only over ground the squad may stand on once landed (VI-f)."""
        if self.occupant(hex_) is not None:
            return False
        return not self.lands or stands(self.map, self.kind, hex_)

    def onward(self, step: tuple[Label, int], spent: int) -> bool:
        """Whether the move may take ``step`` (a label and its cost) ``spent`` half units in:
        into a friend's hex only if it can still go on to end in an empty hex (VI-a)."""
        label, cost = step
        if self.can_end(label[0]):
            return True
        if self.takes_all(cost) or self.in_zoc(label[0]):
            return False  # a water crossing or an enemy zone would end the move there
        return reaches(
            label,
            lambda here, used: self._expand(here, used + spent + cost),
            lambda here: self.can_end(here[0]),
            stops=lambda here: self.in_zoc(here[0]),
        )

    # -- the search ---------------------------------------------------------------------

    def start_label(self, moving: Moving | None = None) -> Label:
        """The label of the unit now (of its move so far, if it is moving)."""
        u = self.unit
        if moving is None:
            level = self.map.start_level(u.hex, u.facing)
            return (u.hex, u.facing, 0, self.map.road[u.hex], True, level)
        return (u.hex, u.facing, moving.turns, moving.road, moving.straight, moving.level)

    def _expand(self, label: Label, spent: int) -> Iterator[tuple[Label, int]]:
        here, facing, turns, road, _, level = label
        if self.may_turn(here, turns, road):
            yield (here, (facing + 1) % 6, turns + 1, road, False, level), 0
            yield (here, (facing - 1) % 6, turns + 1, road, False, level), 0
        step = self.advance(label, spent, explain=False)
        if not isinstance(step, str):
            yield step

    def reachable(self, moving: Moving | None = None) -> dict[int, tuple[Label, ...]]:
        """Every hex where this move may end, with the cheapest path of labels to it
        (turns and steps).  A move in progress continues from ``moving``."""
        if moving is not None and moving.stopped:
            return (
                {self.unit.hex: (self.start_label(moving),)} if self.can_end(self.unit.hex) else {}
            )
        start = self.start_label(moving)
        spent = moving.spent if moving else 0
        tree = reach(
            start,
            lambda label, cost: self._expand(label, cost + spent),
            stops=lambda label: self.in_zoc(label[0]),
        )
        ends = tree.best(lambda label: label[0], lambda label: self.can_end(label[0]))
        if self.can_end(self.unit.hex):
            ends[self.unit.hex] = start
        return {hex_: tree.path(label) for hex_, label in ends.items()}
