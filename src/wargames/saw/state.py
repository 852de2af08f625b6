"""SAW's values: units and their secret sheets, plots, actions, events and the state.

Secrecy is declared here and nowhere else (rule text: "Unit traits are kept secret from other
players during the game"; plots go "face-down" until "all players are finished plotting"):

* :attr:`Unit.sheet` — traits, unassigned points, pending hit points — is its owner's;
* :attr:`Plot.orders` is its player's until the plots are revealed (a public event);
* a player's :class:`Diary` is theirs: the order of their own actions and when each player
  finished a simultaneous phase, which the log does not tell (a sampled past must replay it);
* events carry the rest with their own visibility: a unit's owner alone sees its design
  (unless the teaching option ``open_designs`` publishes every design), its re-allocations,
  its damage allocation and the hit points it took; each roll's total is seen by the owner of
  the unit that rolled it; whether an attack hit and whether it did damage are public ("must
  reveal whether the unit takes damage from any particular hit").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from attrs import field, frozen

from wargames.core.events import Event, EventLog
from wargames.core.game import Action, Outcome, State
from wargames.core.hexes import DIRECTION_NAMES, Hex
from wargames.core.hidden import secret
from wargames.core.phases import Clock

__all__ = [
    "LAST_STANDING",
    "Allocate",
    "Allocated",
    "Assign",
    "Attack",
    "Attacked",
    "Deployed",
    "Designed",
    "Destroyed",
    "Diary",
    "Done",
    "Eliminated",
    "Finished",
    "Moved",
    "Order",
    "Plot",
    "PlotRevealed",
    "Reallocated",
    "RecordRevealed",
    "Release",
    "SawAction",
    "SawState",
    "Sheet",
    "Shot",
    "Step",
    "Unit",
    "UnitAction",
    "Wrote",
]

DIRECTIONS: Final = tuple(name.lower() for name in DIRECTION_NAMES)
"""Step directions in notation: ``n ne se s sw nw`` (0-5, clockwise from north)."""
LAST_STANDING: Final = "last side standing"
"""The reason of a game won by the only side with units left on the map."""


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _hexes(values: Iterable[Hex]) -> tuple[Hex, ...]:
    return tuple(values)


def _orders(values: Iterable[Order]) -> tuple[Order, ...]:
    return tuple(values)


def _members(values: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    return tuple((unit, weapon) for unit, weapon in values)


def _placed(values: Iterable[tuple[str, Hex]]) -> tuple[tuple[str, Hex], ...]:
    return tuple((unit, cell) for unit, cell in values)


def _entries(
    values: Iterable[tuple[int, str, Iterable[int]]],
) -> tuple[tuple[int, str, tuple[int, ...]], ...]:
    return tuple((turn, unit, tuple(traits)) for turn, unit, traits in values)


# -- units ---------------------------------------------------------------------------------


@frozen
class Sheet:
    """A unit's record sheet, secret to its owner.

    ``traits`` are the current values (movement, evasion, endurance, then accuracy/damage per
    weapon); ``pool`` the points not yet assigned (during design, or after a re-allocation);
    ``hits`` the hit points still to allocate in the damage phase; ``wounds`` what has been
    allocated to each trait this damage phase (empty when nothing); ``released`` whether the
    unit re-allocated this turn (variable traits).
    """

    traits: tuple[int, ...] = field(converter=_ints)
    pool: int = 0
    hits: int = 0
    wounds: tuple[int, ...] = field(default=(), converter=_ints)
    released: bool = False

    @property
    def points(self) -> int:
        """The points the unit still has: its traits plus any unassigned ones."""
        return sum(self.traits) + self.pool


def _owner_only(unit: Unit, player: str) -> bool:
    return player == unit.owner


@frozen
class Unit:
    """A unit on the map (or destroyed: ``hex`` is ``None``).

    ``id`` is its designation in notation (``b1``: blue's first unit); ``name``, ``points``
    (the total at the start, told to every player) and ``weapons`` are public; ``damaged``
    is public too: whether any hit has done it damage.
    """

    id: str
    owner: str
    name: str
    points: int
    weapons: int
    hex: Hex | None
    sheet: Sheet = secret(_owner_only)
    damaged: bool = False

    @property
    def alive(self) -> bool:
        """Whether the unit is still on the map."""
        return self.hex is not None

    def with_sheet(self, sheet: Sheet, *, damaged: bool | None = None) -> Unit:
        """This unit with a new sheet (and, if given, a new ``damaged`` flag)."""
        flag = self.damaged if damaged is None else damaged
        return Unit(
            self.id, self.owner, self.name, self.points, self.weapons, self.hex, sheet, flag
        )

    def with_hex(self, cell: Hex | None) -> Unit:
        """This unit on ``cell`` (``None``: removed from the map)."""
        return Unit(
            self.id,
            self.owner,
            self.name,
            self.points,
            self.weapons,
            cell,
            self.sheet,
            self.damaged,
        )


# -- plots ---------------------------------------------------------------------------------


@frozen(order=True)
class Shot:
    """One plotted attack: ``weapon`` (from 1) of a unit fires at unit ``target``;
    ``coordinated`` joins the player's other coordinated attacks on that target into one."""

    weapon: int
    target: str
    coordinated: bool = False


def _shots(values: Iterable[Shot]) -> tuple[Shot, ...]:
    return tuple(sorted(values))


@frozen
class Order:
    """One unit's part of a plot: the hexes it will enter, in order, and its attacks (kept
    sorted by weapon, so a plot does not depend on the order it was written in)."""

    unit: str
    path: tuple[Hex, ...] = field(default=(), converter=_hexes)
    shots: tuple[Shot, ...] = field(default=(), converter=_shots)
    done: bool = False


def _own_plot(plot: Plot, player: str) -> bool:
    return player == plot.player


@frozen
class Plot:
    """A player's plot for the turn: one order per living unit, face-down to the others."""

    player: str
    orders: tuple[Order, ...] = secret(_own_plot, converter=_orders)


# -- actions -------------------------------------------------------------------------------


@frozen
class UnitAction(Action):
    """An action about one of the player's units, named by its designation."""

    unit: str


@frozen
class Assign(UnitAction):
    """Put ``points`` more of the unit's unassigned points into ``trait`` (design, and
    re-allocation under "Variable Traits")."""

    trait: str
    points: int

    def __str__(self) -> str:
        return f"{self.unit} assign {self.points} {self.trait}"


@frozen
class Release(UnitAction):
    """Variable traits: take back all of the unit's points to assign them again this turn."""

    def __str__(self) -> str:
        return f"{self.unit} reallocate"


@frozen
class Step(UnitAction):
    """Plot one more hex of the unit's move: the neighbour in ``direction`` (0-5, N to NW)."""

    direction: int

    def __str__(self) -> str:
        name = DIRECTIONS[self.direction] if 0 <= self.direction < 6 else str(self.direction)
        return f"{self.unit} step {name}"


@frozen
class Attack(UnitAction):
    """Plot an attack of the unit's ``weapon`` on enemy unit ``target``; ``coordinated``
    marks it for a coordinated attack (advanced rule)."""

    target: str
    weapon: int = 1
    coordinated: bool = False

    def __str__(self) -> str:
        text = f"{self.unit} attack {self.target}"
        if self.weapon != 1:
            text += f" weapon {self.weapon}"
        return text + (" coordinated" if self.coordinated else "")


@frozen
class Done(UnitAction):
    """The unit's plot is complete (after the last unit's, the player's plot is submitted)."""

    def __str__(self) -> str:
        return f"{self.unit} done"


@frozen
class Allocate(UnitAction):
    """Damage phase: subtract ``points`` of the unit's hit points from ``trait``."""

    trait: str
    points: int

    def __str__(self) -> str:
        return f"{self.unit} lose {self.points} {self.trait}"


SawAction = Assign | Release | Step | Attack | Done | Allocate


# -- events --------------------------------------------------------------------------------


def _to_owner(event: Designed | Reallocated | Allocated, player: str) -> bool:
    return player == event.owner


def _to_owner_unless_published(event: Designed, player: str) -> bool:
    return event.published or player == event.owner


@frozen
class Deployed(Event):
    """Where every unit stands at the start (``hexes``: unit, hex), as the map shows it to every
    player, and whether the game begins with a design phase (``start(design="manual")``): the
    first event of every game."""

    hexes: tuple[tuple[str, Hex], ...] = field(converter=_placed)
    design_phase: bool = False


@frozen
class Designed(Event):
    """A unit's points were divided among its traits: told to its owner only, unless the
    design was ``published`` (the teaching option ``open_designs``)."""

    unit: str
    owner: str
    traits: tuple[int, ...] = secret(_to_owner_unless_published, converter=_ints)
    published: bool = False


@frozen
class Reallocated(Event):
    """Variable traits: the allocation a unit plays this turn with, recorded for every living
    unit every turn (so the record's existence tells nothing) and told to its owner."""

    turn: int
    unit: str
    owner: str
    traits: tuple[int, ...] = secret(_to_owner, converter=_ints)


@frozen
class PlotRevealed(Event):
    """A player's plot, turned face-up once every player has plotted."""

    turn: int
    player: str
    orders: tuple[Order, ...] = field(converter=_orders)


@frozen
class Moved(Event):
    """A unit moved along ``path`` (the hexes it entered); ``blocked`` if it stopped short of
    its plotted path (see :mod:`wargames.saw.movement`)."""

    turn: int
    unit: str
    path: tuple[Hex, ...] = field(converter=_hexes)
    blocked: bool = False


def _to_attacker(event: Attacked, player: str) -> bool:
    return player == event.player


def _to_defender(event: Attacked, player: str) -> bool:
    return player == event.defender


@frozen
class Attacked(Event):
    """An attack was resolved: by ``player``'s ``attackers`` (unit, weapon) — several for a
    coordinated attack — on ``target``, owned by ``defender``, at a total range ``penalty``.

    Public: whether it ``hit`` and whether it ``damaged``.  The attacker's owner sees the
    attack and damage totals; the defender's owner the evasion and endurance totals and the
    ``hit_points`` taken.  The damage totals are ``None`` after a miss.
    """

    turn: int
    player: str
    attackers: tuple[tuple[str, int], ...] = field(converter=_members)
    target: str
    defender: str
    penalty: int
    hit: bool
    damaged: bool
    attack_roll: int = secret(_to_attacker)
    evasion_roll: int = secret(_to_defender)
    damage_roll: int | None = secret(_to_attacker)
    endurance_roll: int | None = secret(_to_defender)
    hit_points: int = secret(_to_defender)


@frozen
class Destroyed(Event):
    """Every trait of ``unit`` is zero: it is removed from the map."""

    turn: int
    unit: str


@frozen
class Allocated(Event):
    """The damage phase is over: ``unit`` subtracted ``amounts`` from its traits (its owner's
    secret; that it took damage is already public)."""

    turn: int
    unit: str
    owner: str
    amounts: tuple[int, ...] = secret(_to_owner, converter=_ints)


@frozen
class Eliminated(Event):
    """All of ``player``'s units are destroyed: the player is out."""

    turn: int
    player: str


@frozen
class RecordRevealed(Event):
    """Variable traits, at the end of the game: every recorded allocation, face-up
    ("must be recorded so that they can be revealed after the game is over").
    ``entries`` are ``(turn, unit, traits)``; turn 0 is the design."""

    entries: tuple[tuple[int, str, tuple[int, ...]], ...] = field(converter=_entries)


# -- what each player remembers --------------------------------------------------------------


@frozen
class Wrote(Event):
    """In a player's diary: an action of theirs, in the order they took it."""

    action: Action


@frozen
class Finished(Event):
    """In every player's diary: ``player`` has done their part of the current simultaneous
    phase (public: it leaves the players to act)."""

    player: str


def _own_diary(diary: Diary, player: str) -> bool:
    return player == diary.player


def _log(values: Iterable[Wrote | Finished]) -> EventLog:
    return values if isinstance(values, EventLog) else EventLog(values)


@frozen
class Diary:
    """What ``player`` remembers that the log does not say, secret to them: their own actions
    in order (:class:`Wrote`) and, between them, each time a player finished a simultaneous
    phase (:class:`Finished`).  The log tells what the phases decided; the diary tells the
    order in which the player saw it happen, so a sampled past can show them the same."""

    player: str
    entries: EventLog = secret(_own_diary, factory=EventLog, converter=_log)

    def noted(self, *entries: Wrote | Finished) -> Diary:
        """This diary with ``entries`` written at the end."""
        return Diary(self.player, self.entries.with_events(entries))


# -- the state -----------------------------------------------------------------------------


@frozen(kw_only=True)
class SawState(State):
    """A SAW position.

    ``units`` lists every unit in seating order, then army order (a fixed order); ``plots``
    holds each player's plot in the plotting phase; ``waiting`` the players who still have
    to act in the current phase (public: who has finished plotting or allocating);
    ``diaries`` one :class:`Diary` per player, in seating order; ``result`` the outcome once
    the game is over.
    """

    clock: Clock
    units: tuple[Unit, ...]
    plots: tuple[Plot, ...]
    waiting: frozenset[str]
    diaries: tuple[Diary, ...]
    result: Outcome | None = None
