"""Grid SciFi's values: units, the activation in progress, actions, events and the state.

Hidden information is declared once, on :attr:`Unit.profile`: which unit of the army list a
unit is stays secret from the opponent until it has been on the table (units that start in
reserve or inside a transport, and units still to be set up).  Views, the event log and
errors all go through that rule.  Unit ids are given in an order that depends only on public
facts and the seed, so an id reveals nothing.
"""

from __future__ import annotations

import enum
from functools import cached_property
from operator import attrgetter
from typing import Final, get_args

from attrs import frozen

from wargames.core.board import Square
from wargames.core.events import Event
from wargames.core.game import Action, Outcome, State
from wargames.core.hidden import secret
from wargames.core.phases import Clock

__all__ = [
    "ANNIHILATION",
    "ACTION_TYPES",
    "EVENT_TYPES",
    "Activate",
    "Activated",
    "Activation",
    "Aim",
    "Arrival",
    "Arrived",
    "AttackRolled",
    "BailOut",
    "BailOutRolled",
    "CallReserve",
    "Channel",
    "Declared",
    "Deploy",
    "Deployed",
    "Destroyed",
    "Embark",
    "Embarked",
    "EndActivation",
    "EndTurn",
    "GridAction",
    "GridState",
    "HoldGround",
    "LeaveTable",
    "LeftTable",
    "Moved",
    "Overwatch",
    "Overwatched",
    "Place",
    "Placed",
    "Reroll",
    "Rerolled",
    "ReturnFire",
    "SetUp",
    "Status",
    "Step",
    "Stranded",
    "TakeCover",
    "Target",
    "TurnBegan",
    "Unit",
    "Unpin",
    "Unpinned",
    "with_units",
]

ANNIHILATION: Final = "destroyed the enemy"
"""The reason of a game won when the enemy "has no unit left anywhere" (library default)."""


class Status(enum.Enum):
    """Where a unit is."""

    TABLE = "table"
    RESERVE = "reserve"
    EMBARKED = "embarked"
    """Inside the transport ``Unit.carrier``: it "may not be attacked"."""
    STRANDED = "stranded"
    """Bailed out of a destroyed transport with no vacant square next to it: it stays
    "with the transport in a pinned state until a vacant square is available"."""
    DESTROYED = "destroyed"
    UNPLACED = "unplaced"
    """Still to be set up on the player's deployment area (``start(deploy=False)``)."""


def _known(unit: Unit, player: str) -> bool:
    return player == unit.owner or unit.revealed


@frozen
class Unit:
    """A unit in play.

    ``profile`` names its entry in its owner's army list (secret until ``revealed``).
    ``square`` is where it stands (for a stranded unit, where its transport died).
    ``damage`` counts its casualties (troops) or hits (non-troops).  ``banked``: it went into
    overwatch while pinned, so it unpins at the start of its owner's next turn (the author's
    ruling).  ``left_turn``: the turn a flyer left the table (it may return in a later one).
    """

    id: int
    owner: str
    profile: str = secret(_known)
    status: Status = Status.TABLE
    square: Square | None = None
    carrier: int | None = None
    revealed: bool = True
    damage: int = 0
    pinned: bool = False
    banked: bool = False
    overwatch: bool = False
    activated: bool = False
    left_turn: int = 0

    @property
    def on_table(self) -> bool:
        """Whether the unit stands on the table."""
        return self.status is Status.TABLE

    @property
    def alive(self) -> bool:
        """Whether the unit is not destroyed (on the table or off it)."""
        return self.status is not Status.DESTROYED


@frozen
class Activation:
    """The unit being activated and what is left of its activation dice.

    ``dice``: the unspent faces.  ``may_reroll``: it stands on an observation square and has
    spent nothing yet.  ``move_left``: squares left of the move in progress.  ``moved``: it
    has moved a square; ``halted``: it entered or left a terrain feature, so its movement is
    over for the turn ("Movement").  ``attacks``,
    ``weapons``, ``targets``: the attacks made (a non-troop unit's second attack needs a
    separate weapon and a different target).  ``aim``: the weapon chosen, awaiting a target;
    ``psychic_target``: a psychic attack's target, awaiting the number of dice.
    """

    unit: int
    dice: tuple[int, ...]
    may_reroll: bool = False
    move_left: int = 0
    moved: bool = False
    halted: bool = False
    attacks: int = 0
    weapons: tuple[str, ...] = ()
    targets: tuple[int, ...] = ()
    aim: str | None = None
    psychic_target: int | None = None

    @cached_property
    def odd(self) -> int:
        """Unspent odd dice (counted once: the legal actions ask several times)."""
        return sum(face % 2 for face in self.dice)

    @property
    def even(self) -> int:
        """Unspent even dice."""
        return len(self.dice) - self.odd


@frozen
class Declared:
    """An attack declared and awaiting the defender's choice (take cover, return fire)."""

    attacker: int
    weapon: str
    target: int
    dice: int
    intense: bool = False


@frozen
class Arrival:
    """A unit called from reserve onto a rank, awaiting the square it arrives on."""

    unit: int
    rank: int


# -- actions ---------------------------------------------------------------------------------


@frozen
class Activate(Action):
    """Activate a unit: its activation dice are rolled at once."""

    unit: int

    def __str__(self) -> str:
        return f"activate #{self.unit}"


@frozen
class Reroll(Action):
    """Re-roll these faces of the activation dice (observation advantage)."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return "reroll " + " ".join(map(str, self.faces))


@frozen
class Step(Action):
    """Move the active unit one square (out of its transport: to a square next to it).  The
    first step of a move spends an odd die."""

    square: Square

    def __str__(self) -> str:
        return f"move {self.square}"


@frozen
class Embark(Action):
    """Step into a friendly transport next to the unit; this ends the activation."""

    transport: int

    def __str__(self) -> str:
        return f"embark #{self.transport}"


@frozen
class LeaveTable(Action):
    """A flyer on a table edge moves off the table, back into reserve."""

    def __str__(self) -> str:
        return "leave table"


@frozen
class Unpin(Action):
    """Spend an odd die to remove the pinned token."""

    def __str__(self) -> str:
        return "unpin"


@frozen
class Overwatch(Action):
    """Spend a die to go into overwatch; this ends the activation."""

    def __str__(self) -> str:
        return "overwatch"


@frozen
class Aim(Action):
    """Choose the weapon of an attack."""

    weapon: str

    def __str__(self) -> str:
        return f"fire {self.weapon}"


@frozen
class Target(Action):
    """Choose the target of the aimed weapon; ``intense`` spends two even dice."""

    unit: int
    intense: bool = False

    def __str__(self) -> str:
        return f"at #{self.unit}" + (" intense" if self.intense else "")


@frozen
class Channel(Action):
    """Choose how many dice a psychic attack rolls."""

    dice: int

    def __str__(self) -> str:
        return f"dice {self.dice}"


@frozen
class TakeCover(Action):
    """The defender takes cover: cover value instead of armour, and the unit is pinned."""

    def __str__(self) -> str:
        return "take cover"


@frozen
class HoldGround(Action):
    """The defender neither takes cover nor returns fire."""

    def __str__(self) -> str:
        return "no cover"


@frozen
class ReturnFire(Action):
    """A defender in overwatch engages the attacker in simultaneous combat with ``weapon``
    (``dice``: a psychic weapon's chosen dice, else 0)."""

    weapon: str
    dice: int = 0

    def __str__(self) -> str:
        return f"return fire {self.weapon}" + (f" dice {self.dice}" if self.dice else "")


@frozen
class EndActivation(Action):
    """End the active unit's activation, leaving any dice unspent."""

    def __str__(self) -> str:
        return "end activation"


@frozen
class CallReserve(Action):
    """Bring a unit from reserve onto ``rank`` (1-based); its square is chosen next."""

    unit: int
    rank: int

    def __str__(self) -> str:
        return f"arrive #{self.unit} rank {self.rank}"


@frozen
class Place(Action):
    """The square of the rank chosen where the unit from reserve arrives."""

    square: Square

    def __str__(self) -> str:
        return f"place {self.square}"


@frozen
class BailOut(Action):
    """Place a unit that bailed out of a destroyed transport next to it."""

    square: Square

    def __str__(self) -> str:
        return f"bail out {self.square}"


@frozen
class Deploy(Action):
    """Set-up: put the player's next unit still to be set up (the lowest id) on ``square``
    of their deployment area."""

    square: Square

    def __str__(self) -> str:
        return f"deploy {self.square}"


@frozen
class EndTurn(Action):
    """End the turn: the opponent activates their units."""

    def __str__(self) -> str:
        return "end turn"


GridAction = (
    Activate
    | Reroll
    | Step
    | Embark
    | LeaveTable
    | Unpin
    | Overwatch
    | Aim
    | Target
    | Channel
    | TakeCover
    | HoldGround
    | ReturnFire
    | EndActivation
    | CallReserve
    | Place
    | BailOut
    | Deploy
    | EndTurn
)

ACTION_TYPES: tuple[type[Action], ...] = get_args(GridAction)


# -- events ----------------------------------------------------------------------------------


@frozen
class SetUp(Event):
    """The opening position, logged first: every unit as it started (where it stood, which
    transport it rode in, which were in reserve or still to be set up; a unit's profile as
    secret as in the state) and the clock.  What a player saw of the table before anything
    moved stays in the public history, so a sampled past starts where the real one did."""

    units: tuple[Unit, ...]
    clock: Clock

    def __str__(self) -> str:
        return f"the armies are set up: {len(self.units)} units"


@frozen
class TurnBegan(Event):
    """A player's turn began."""

    player: str
    turn: int


@frozen
class Activated(Event):
    """A unit was activated and rolled these activation dice."""

    unit: int
    dice: tuple[int, ...]


@frozen
class Rerolled(Event):
    """Activation dice re-rolled: ``faces`` became ``result``."""

    unit: int
    faces: tuple[int, ...]
    result: tuple[int, ...]


@frozen
class Moved(Event):
    """A unit moved one square (from its transport's square when it disembarked)."""

    unit: int
    origin: Square
    target: Square


@frozen
class Embarked(Event):
    """A unit stepped into a transport."""

    unit: int
    transport: int


@frozen
class LeftTable(Event):
    """A flyer left the table for its reserve."""

    unit: int
    square: Square


@frozen
class Unpinned(Event):
    """A unit's pinned token was removed (an odd die, or the ruling's next turn)."""

    unit: int


@frozen
class Overwatched(Event):
    """A unit went into overwatch."""

    unit: int


@frozen
class AttackRolled(Event):
    """An attack's dice and what they did.  ``armour`` is the value subtracted (the cover
    value when the target took cover); ``returned``: overwatch fire back at an attacker."""

    attacker: int
    weapon: str
    target: int
    faces: tuple[int, ...]
    armour: int
    hits: int
    pinned: bool
    self_hits: int = 0
    returned: bool = False


@frozen
class Destroyed(Event):
    """A unit lost its last model or hit."""

    unit: int


@frozen
class BailOutRolled(Event):
    """A passenger's bail-out die: the face minus its armour is its hits."""

    unit: int
    face: int
    hits: int


@frozen
class Arrived(Event):
    """A unit arrived from reserve (and is now known to both players)."""

    unit: int
    profile: str
    square: Square


@frozen
class Placed(Event):
    """A unit that bailed out was placed."""

    unit: int
    square: Square


@frozen
class Stranded(Event):
    """A unit that bailed out found no vacant square: it stays pinned with the wreck."""

    unit: int


@frozen
class Deployed(Event):
    """A unit was set up on the table (and is now known to both players)."""

    unit: int
    profile: str
    square: Square


EVENT_TYPES: tuple[type[Event], ...] = (
    SetUp,
    TurnBegan,
    Activated,
    Rerolled,
    Moved,
    Embarked,
    LeftTable,
    Unpinned,
    Overwatched,
    AttackRolled,
    Destroyed,
    BailOutRolled,
    Arrived,
    Placed,
    Stranded,
    Deployed,
)


# -- the state -------------------------------------------------------------------------------


@frozen(kw_only=True)
class GridState(State):
    """A Grid SciFi position.

    ``units`` by id; ``activation``: the unit being activated, if any; ``declared``: an attack
    awaiting the defender's decision; ``arrival``: a reserve unit awaiting its square;
    ``arrived``: a unit has arrived from reserve this turn ("One unit per turn"); ``bailing``:
    units that bailed out and are to be placed, first first.
    """

    units: tuple[Unit, ...]
    clock: Clock
    activation: Activation | None = None
    declared: Declared | None = None
    arrival: Arrival | None = None
    arrived: bool = False
    bailing: tuple[int, ...] = ()
    result: Outcome | None = None

    @cached_property
    def _unplaced(self) -> int | None:
        """The id of the first unit still to be set up, if any (found once per state: the
        legal actions and the checker both start by asking)."""
        statuses = list(map(_STATUS, self.units))  # one pass in C
        return statuses.index(Status.UNPLACED) if Status.UNPLACED in statuses else None


_STATUS = attrgetter("status")


def with_units(units: tuple[Unit, ...], *changed: Unit) -> tuple[Unit, ...]:
    """``units`` with each of ``changed`` put in place of the unit with its id."""
    out = list(units)
    for unit in changed:
        out[unit.id] = unit
    return tuple(out)
