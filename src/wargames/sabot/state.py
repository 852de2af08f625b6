"""SABOT's values: counters, the move in progress, actions, events and the state.

Concealment (section VI-g) is declared once, on :class:`Unit`: a counter's ``kind`` (its
unit type, or ``DECOY``) is seen by its owner and, once it is right side up, by everybody;
its ``ammo`` (the shots marker kept under the counter, section IV) only by its owner.
Unit ids are the set-up order, which both players see, so an id reveals nothing.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Hashable, Mapping
from functools import cached_property
from operator import attrgetter
from typing import Any, Final, Self

from attrs import frozen

from wargames.core.changes import replace
from wargames.core.events import Event
from wargames.core.game import Action, Outcome, State
from wargames.core.hidden import secret
from wargames.core.phases import Clock

__all__ = [
    "ABOARD",
    "ANNIHILATION",
    "STATUSES",
    "UNPLACED",
    "Advance",
    "Arrived",
    "Attack",
    "Board",
    "Buy",
    "Disembark",
    "Done",
    "Embark",
    "Embarked",
    "Entrench",
    "Face",
    "Fire",
    "Hold",
    "Initiative",
    "Moved",
    "Moving",
    "Place",
    "Played",
    "Purse",
    "Removed",
    "Reveal",
    "Revealed",
    "Rolled",
    "SabotAction",
    "SabotState",
    "Scout",
    "Scouted",
    "Select",
    "Special",
    "Stop",
    "TakeOff",
    "Turn",
    "Unit",
    "edit",
    "enemies",
    "enemies_on",
    "memo",
    "occupants",
    "side",
    "with_unit",
]

ANNIHILATION: Final = "annihilation"
"""The reason of a game won by the side with units left (VIII)."""
ABOARD: Final = -1
"""The ``hex`` of a squad inside a carrier (or of a counter off the map)."""

OK: Final = "ok"
DISABLED: Final = "disabled"
DESTROYED: Final = "destroyed"
GONE: Final = "gone"
UNPLACED: Final = "unplaced"
"""A counter bought but not yet set up on the map (set-up, reinforcements)."""
STATUSES: Final = (OK, DISABLED, DESTROYED, GONE, UNPLACED)
"""Every status a counter can have, in a fixed order."""


def _owner_or_revealed(unit: Unit, player: str) -> bool:
    return player == unit.owner or unit.revealed


def _owner(counter: Unit | Purse | Moving, player: str) -> bool:
    return player == counter.owner


def _to_actor(action: Action, player: str) -> bool:
    return player == action.player


@frozen
class Unit:
    """A counter.  Turn flags (``moved``, ``done``, ``fired``, ``target``, ``lasered``,
    ``shot_at``) are cleared at the start of each turn.

    ``spent`` counts limited shots fired since the last reload (each launch is seen);
    ``left`` the half move units left after its move (for the Engineering Tank) and
    ``crossed`` (a vehicle crossed this bridge this turn) are its owner's to see: they tell
    what the counters that moved are;
    ``bridge`` a Bridging Tank unfolded as a bridge; ``status`` ok, disabled, destroyed
    (still on the map until the end of combat), gone, or unplaced (not set up yet);
    ``arrived`` the turn it was bought in (0: the starting army; V: reinforcements).
    """

    id: int
    owner: str
    kind: str = secret(_owner_or_revealed)
    ammo: int = secret(_owner)
    hex: int = ABOARD
    facing: int = 0
    carrier: int = -1
    status: str = OK
    revealed: bool = False
    has_moved: bool = False
    spent: int = 0
    moved: bool = False
    done: bool = False
    fired: bool = False
    target: int = -1
    used: frozenset[str] = frozenset()
    shot_at: bool = False
    crossed: bool = secret(_owner, default=False)
    bridge: bool = False
    left: int = secret(_owner, default=0)
    arrived: int = 0

    @property
    def on_map(self) -> bool:
        """On the board (not aboard a carrier, not removed)."""
        return self.hex >= 0 and self.status != GONE


@frozen
class Moving:
    """The unit moving now (section VI), in half move units.

    ``road``: every hex entered so far was entered along a road (and it started on one);
    ``straight``: it has not turned; ``stopped``: it entered an enemy zone of control or
    a rule ended its move; ``flying``: a jump-troop squad that announced a flight;
    ``watch``: an overwatch window is open (VII-a): the opponent may fire at it here;
    ``level``: the road it is on at an overpass (III; -1 elsewhere).  The move units
    ``spent`` and whether it was ``stopped`` are its ``owner``'s to see: they follow from
    what the unit is (the enemy sees the counter move, not its move units).
    """

    unit: int
    start: int
    owner: str = ""
    spent: int = secret(_owner, default=0)
    turns: int = 0
    road: bool = True
    straight: bool = True
    stopped: bool = secret(_owner, default=False)
    flying: bool = False
    swamp_checked: bool = False
    scouted: frozenset[int] = frozenset()
    watch: bool = False
    level: int = -1


# -- actions -------------------------------------------------------------------------------


@frozen
class Select(Action):
    """Movement phase: start moving ``unit`` (each unit once a turn)."""

    unit: int

    def __str__(self) -> str:
        return f"move {self.unit}"


@frozen
class Advance(Action):
    """Move the moving unit one hex straight ahead (section VI-d)."""

    def __str__(self) -> str:
        return "advance"


@frozen
class Turn(Action):
    """Turn the moving unit one hex face: ``+1`` clockwise, ``-1`` counterclockwise."""

    steps: int

    def __str__(self) -> str:
        return "turn right" if self.steps > 0 else "turn left"


@frozen
class TakeOff(Action):
    """Announce that the moving jump-troop squad flies this move (section VI-f)."""

    def __str__(self) -> str:
        return "fly"


@frozen
class Scout(Action):
    """Scout the concealed enemy ``target`` with the moving unit (section VI-g)."""

    target: int

    def __str__(self) -> str:
        return f"scout {self.target}"


@frozen
class Reveal(Action):
    """Turn the moving unit's counter right side up by choice (section VI-g)."""

    def __str__(self) -> str:
        return "reveal"


@frozen
class Board(Action):
    """The moving squad enters the adjacent ``carrier`` (section VI-e)."""

    carrier: int

    def __str__(self) -> str:
        return f"board {self.carrier}"


@frozen
class Disembark(Action):
    """The moving squad leaves its carrier into the adjacent hex ``hex`` (section VI-e)."""

    hex: str

    def __str__(self) -> str:
        return f"out {self.hex}"


@frozen
class Hold(Action):
    """Close an overwatch window: hold fire while the enemy unit moves on (VII-a)."""

    def __str__(self) -> str:
        return "hold"


@frozen
class Stop(Action):
    """End the moving unit's move."""

    def __str__(self) -> str:
        return "stop"


@frozen
class Fire(Action):
    """``unit`` fires ``weapon`` (gun, artillery, gp, at, laser) at ``target``: in the attack
    phase, or in the movement phase as an overwatch attack on the moving unit (VII-a)."""

    unit: int
    weapon: str
    target: int

    def __str__(self) -> str:
        return f"fire {self.unit} {self.weapon} {self.target}"


@frozen
class Special(Action):
    """Special action phase (section V): ``unit`` does ``what`` (repair, reload, deploy,
    fold, prepare) to ``target`` (a unit id; a hex index for prepare; -1 for none)."""

    unit: int
    what: str
    target: int = -1

    def __str__(self) -> str:
        return f"{self.what} {self.unit}" + ("" if self.target < 0 else f" {self.target}")


@frozen
class Place(Action):
    """Set-up (IV) or reinforcement (V): put the player's next counter on ``hex`` of their
    set-up zone, facing the enemy."""

    hex: str

    def __str__(self) -> str:
        return f"place {self.hex}"


@frozen
class Embark(Action):
    """Set-up: the player's next counter, a squad, starts inside friendly ``carrier`` (IV)."""

    carrier: int

    def __str__(self) -> str:
        return f"embark {self.carrier}"


@frozen
class Face(Action):
    """Set-up: turn the counter just placed to face hex direction ``facing`` (0 north,
    clockwise; IV "keep them facing in the desired direction")."""

    facing: int

    def __str__(self) -> str:
        return f"face {self.facing}"


@frozen
class Entrench(Action):
    """Set-up: a prepared position on ``hex`` of the zone (IV: four per Engineering Tank)."""

    hex: str

    def __str__(self) -> str:
        return f"position {self.hex}"


@frozen
class Buy(Action):
    """Reinforcement phase (V): buy ``platoon`` with this turn's reinforcement points.  Only
    the buyer sees ``platoon`` (``buy ?`` once redacted): the enemy sees the counters arrive."""

    platoon: str = secret(_to_actor)

    def __str__(self) -> str:
        return f"buy {self.platoon}"


@frozen
class Done(Action):
    """End the player's part of the current phase."""

    def __str__(self) -> str:
        return "done"


SabotAction = (
    Select | Advance | Turn | TakeOff | Scout | Reveal | Board | Disembark | Stop | Fire | Special
) | (Hold | Done | Place | Embark | Face | Entrench | Buy)

# -- events --------------------------------------------------------------------------------


@frozen
class Initiative(Event):
    """Player-1 determination (section V): the d10 and the resulting player 1."""

    roll: int
    first: str


@frozen
class Moved(Event):
    """A counter moved to hex ``to`` (a map label), facing ``facing``."""

    unit: int
    to: str
    facing: int


@frozen
class Revealed(Event):
    """A counter went right side up: everybody now knows its ``kind``."""

    unit: int
    kind: str
    why: str


@frozen
class Scouted(Event):
    """A scouting roll (section VI-g): ``total`` is the d10 plus the scout's bonus."""

    scout: int
    target: int
    total: int
    success: bool


def _rolls_seen(event: Attack, player: str) -> bool:
    return event.known or player == event.defender


@frozen
class Attack(Event):
    """A shot (section VII): where it landed (``hit``: the unit hit, -1 none), the adjusted
    attack and defense rolls (0 when nothing was rolled) and the result.  "Just attacking a
    unit won't tell you what it is": the defense roll (which shows its Toughness) is seen
    only by the defender while the target is concealed (``known`` False), and so is the
    adjusted attack roll, whose modifiers depend on what the target is (AT missiles -1 at
    flyers, no laser bonus on soldiers, no terrain effects on flyers)."""

    unit: int
    weapon: str
    target: int
    hit: int
    result: str
    defender: str = ""
    known: bool = True
    attack: int = secret(_rolls_seen, default=0)
    defense: int = secret(_rolls_seen, default=0)


@frozen
class Embarked(Event):
    """Set-up: squad ``unit`` starts inside ``carrier`` (IV)."""

    unit: int
    carrier: int


@frozen
class Arrived(Event):
    """Reinforcements (V): ``player`` bought the new counters ``units`` (not what they are)."""

    player: str
    units: tuple[int, ...]


@frozen
class Removed(Event):
    """A counter left the map (``why``: destroyed, decoy scouted)."""

    unit: int
    why: str


@frozen
class Rolled(Event):
    """Any other die roll: ``what`` it decided (swamp, repair, bail-out) and the d10."""

    unit: int
    what: str
    roll: int


@frozen
class Played(Event):
    """An action, as each player may see it (``buy ?`` for the enemy's purchase): the log
    keeps every action, so a player's memory of the game is the log of their view."""

    action: Action

    def __str__(self) -> str:
        return f"{self.action.player}: {self.action}"


# -- the state -----------------------------------------------------------------------------


@frozen
class Purse:
    """Build points ``owner`` has left to spend on reinforcements this turn (V): the
    enemy does not see them, lest they tell what was bought."""

    owner: str
    points: int = secret(_owner)


@frozen(kw_only=True)
class SabotState(State):
    """A SABOT position: counters by id, prepared positions as ``(owner, hex)``, the unit
    moving now, the targets laser-painted this turn as ``(painter's owner, unit)``; in
    set-up and reinforcement phases the counter ``placed`` last (which ``face`` turns) and
    each player's reinforcement points; ``actions``: the game's actions so far (for the
    action limit, :mod:`wargames.core.limits`); ``pending``: a shot aimed and not yet rolled,
    only ever in a bot's afterstate (:mod:`wargames.sabot.pending`), never in play."""

    clock: Clock
    units: tuple[Unit, ...]
    prepared: frozenset[tuple[str, int]] = frozenset()
    moving: Moving | None = None
    painted: frozenset[tuple[str, int]] = frozenset()
    result: Outcome | None = None
    placed: int = -1
    purses: tuple[Purse, ...] = ()
    actions: int = 0
    pending: Fire | None = None

    @cached_property
    def _placement(self) -> _Placement:
        occupants: dict[int, tuple[int, ...]] = {}
        for unit in self.units:
            if unit.hex >= 0 and unit.status != GONE:
                here = occupants.get(unit.hex)
                occupants[unit.hex] = (unit.id,) if here is None else (*here, unit.id)
        return _Placement(self.units, occupants)

    @cached_property
    def _memo(self) -> dict[Hashable, Any]:
        return {}

    def with_changes(self, **changes: Any) -> Self:
        """As :meth:`State.with_changes`; a copy with the same counters keeps what was worked
        out from them (:func:`occupants`, :func:`enemies`), and a copy with other dice alone
        (a search's world with a fresh stream) shares what the rules worked out from the
        state (:func:`memo`: none of it reads the dice)."""
        after = replace(self, **changes)
        if "units" not in changes:
            placed = _worked_out(self)
            if placed is not None:
                object.__setattr__(after, "_placement", placed)
        if changes.keys() == {"rng"}:
            known = _worked_out_memo(self)
            if known is not None:
                object.__setattr__(after, "_memo", known)
        return after


class _Placement:
    """What a state works out from its counters alone, once, and hands on: the counters on
    each hex, and when first asked each owner's counters on the map."""

    __slots__ = ("_sides", "_units", "occupants")

    def __init__(
        self,
        units: tuple[Unit, ...],
        occupants: Mapping[int, tuple[int, ...]],
        sides: Mapping[str, tuple[Unit, ...]] | None = None,
    ) -> None:
        self._units = units
        self.occupants = occupants
        self._sides = sides

    @property
    def sides(self) -> Mapping[str, tuple[Unit, ...]]:
        if self._sides is None:
            found: dict[str, list[Unit]] = {}
            for unit in self._units:
                if unit.hex >= 0 and unit.status != GONE:
                    found.setdefault(unit.owner, []).append(unit)
            self._sides = {owner: tuple(units) for owner, units in found.items()}
        return self._sides


def _worked_out(state: SabotState) -> _Placement | None:
    """The placement of ``state``'s counters if it was worked out, else None."""
    try:
        return object.__getattribute__(state, "_placement")  # type: ignore[no-any-return]
    except AttributeError:
        return None


def _worked_out_memo(state: SabotState) -> dict[Hashable, Any] | None:
    """``state``'s :func:`memo` if something was kept in it, else None."""
    try:
        return object.__getattribute__(state, "_memo")  # type: ignore[no-any-return]
    except AttributeError:
        return None


def occupants(state: SabotState) -> Mapping[int, tuple[int, ...]]:
    """The ids of the counters on each hex of the map, ascending: more than one only where
    a move passes through a friend (VI-a, VI-c).  Worked out once per state and handed on
    to the states made from it by :func:`with_unit` and ``with_changes``."""
    return state._placement.occupants


def _moved(
    found: Mapping[int, tuple[int, ...]], old: Unit, new: Unit
) -> Mapping[int, tuple[int, ...]]:
    """``found`` (the occupants) after counter ``old`` became ``new``."""
    was = old.hex if old.on_map else -1
    now = new.hex if new.on_map else -1
    if was == now:
        return found
    moved = dict(found)
    if was >= 0:
        rest = tuple(i for i in moved[was] if i != old.id)
        if rest:
            moved[was] = rest
        else:
            del moved[was]
    if now >= 0:
        moved[now] = tuple(sorted((*moved.get(now, ()), new.id)))
    return moved


def _resided(
    sides: Mapping[str, tuple[Unit, ...]], old: Unit, new: Unit
) -> Mapping[str, tuple[Unit, ...]]:
    """``sides`` (the counters on the map by owner) after counter ``old`` became ``new``."""
    if not (old.on_map or new.on_map):
        return sides
    side = list(sides.get(old.owner, ()))
    if old.on_map and new.on_map:
        side[bisect_left(side, old.id, key=_BY_ID)] = new
    elif old.on_map:
        del side[bisect_left(side, old.id, key=_BY_ID)]
    else:
        insort(side, new, key=_BY_ID)
    changed = dict(sides)
    if side:
        changed[old.owner] = tuple(side)
    else:
        del changed[old.owner]
    return changed


_BY_ID: Final = attrgetter("id")


def enemies(state: SabotState, player: str) -> tuple[Unit, ...]:
    """The counters on the map that are not ``player``'s, side by side (each side by id);
    the sides are sorted out once per state."""
    others = [units for owner, units in state._placement.sides.items() if owner != player]
    return others[0] if len(others) == 1 else tuple(u for units in others for u in units)


def enemies_on(state: SabotState, player: str, hexes: frozenset[int]) -> list[Unit]:
    """The counters on ``hexes`` that are not ``player``'s, by id: picked from the sides if
    the state sorted them out already, else from the occupants of those hexes (a state with
    nothing worked out pays for the hexes asked about, not for every counter)."""
    placed = state._placement
    if placed._sides is not None:
        return [u for u in enemies(state, player) if u.hex in hexes]
    standing, units = placed.occupants, state.units
    found = sorted(i for h in standing.keys() & hexes for i in standing[h])
    return [units[i] for i in found if units[i].owner != player]


def side(state: SabotState, player: str) -> tuple[Unit, ...]:
    """``player``'s counters on the map, by id (sorted out with :func:`enemies`)."""
    return state._placement.sides.get(player, ())


def memo(state: SabotState) -> dict[Hashable, Any]:
    """Values the rules work out from ``state`` alone and use more than once (listing the
    moves, checking one, making it), kept with the state and handed on only to a copy that
    differs in its dice alone: nothing kept here may read ``state.rng``."""
    return state._memo


def with_unit(state: SabotState, unit: Unit, **changes: Any) -> SabotState:
    """``state`` with counter ``unit`` changed (the one way every rule edits a counter)."""
    return edit(state, unit, changes)


def edit(state: SabotState, unit: Unit, changes: Mapping[str, Any], /, **fields: Any) -> SabotState:
    """``state`` with counter ``unit`` changed by ``changes`` and its own ``fields`` changed,
    built once (as ``with_unit(state, unit, **changes).with_changes(**fields)``)."""
    listed = list(state.units)
    old = listed[unit.id]
    listed[unit.id] = new = replace(unit, **changes)
    units = tuple(listed)
    after = replace(state, units=units, **fields)
    placed = _worked_out(state)
    if placed is not None:
        sides = placed._sides
        occupied = _moved(placed.occupants, old, new)
        moved = _Placement(units, occupied, None if sides is None else _resided(sides, old, new))
        object.__setattr__(after, "_placement", moved)
    return after
