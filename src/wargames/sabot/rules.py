"""The rules of SABOT, assembled from one module per section of its rule text.

* II/IV set-up — :mod:`~wargames.sabot.army` (platoons, build points, random set-up) and
  :mod:`~wargames.sabot.setup`; the unit table :mod:`~wargames.sabot.units`; terrain
  :mod:`~wargames.sabot.terrain` and maps :mod:`~wargames.sabot.maps`.
* V the turn — :mod:`~wargames.sabot.turn`.
* VI movement — :mod:`~wargames.sabot.movement` (one step's rules),
  :mod:`~wargames.sabot.moving` (moves as actions), :mod:`~wargames.sabot.carriers` (VI-e),
  :mod:`~wargames.sabot.scouting` (VI-g).
* VII combat — :mod:`~wargames.sabot.combat` (geometry, resolution),
  :mod:`~wargames.sabot.firing` (shots in a position), :mod:`~wargames.sabot.overwatch`.
* Special actions (II, V) — :mod:`~wargames.sabot.special`.
* VIII winning — :func:`~wargames.sabot.turn.annihilation`, replaceable by a scenario's.
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from attrs import Attribute, frozen

from wargames.core.board import HexBoard
from wargames.core.chance import Chance
from wargames.core.changes import replace
from wargames.core.dice import d10
from wargames.core.distribution import Distribution
from wargames.core.errors import InvalidAction, UnknownOption
from wargames.core.game import ArmySetup, Game, Outcome
from wargames.core.hexes import Hex
from wargames.core.history import History
from wargames.core.limits import counted
from wargames.core.options import custom, number, table
from wargames.core.phases import TurnStructure
from wargames.core.rng import Rng, Seed
from wargames.render.svg import Token
from wargames.sabot import (
    combat,
    display,
    evaluation,
    firing,
    invariants,
    learning,
    moving,
    notation,
    overwatch,
    pending,
    reinforcements,
    setup,
    special,
    words,
)
from wargames.sabot.army import worth
from wargames.sabot.chance import action_chance, max_outcomes
from wargames.sabot.combat import Modifiers
from wargames.sabot.determinize import sample_history
from wargames.sabot.maps import SabotMap, default_map, map_names
from wargames.sabot.movement import Mover
from wargames.sabot.scouting import SCOUT_ROLL
from wargames.sabot.state import (
    Advance,
    Arrived,
    Attack,
    Board,
    Buy,
    Disembark,
    Done,
    Embark,
    Embarked,
    Entrench,
    Face,
    Fire,
    Hold,
    Initiative,
    Moved,
    Place,
    Played,
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
    edit,
    memo,
)
from wargames.sabot.turn import PLAYERS, REINFORCED, TURNS, annihilation, next_phase
from wargames.sabot.units import DECOY, DEFAULT_TABLE, UnitTable, UnitType

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

__all__ = ["Sabot", "SabotOptions", "SabotSetup"]


_OPEN_MAP: Final = re.compile(r"open:(\d{1,3})x(\d{1,3})")
_OPEN_SIZES: Final = range(1, 201)
"""Columns and rows of an open map (a library bound that keeps a map to 40,000 hexes)."""
_OPEN_ROWS: Final = range(2, _OPEN_SIZES.stop)
"""Rows of an open map: at least one for each side's set-up zone (IV: each player sets up on
an opposing side; :class:`~wargames.sabot.maps.SabotMap` keeps the zones apart)."""
_OPEN_EXAMPLES: Final = (
    "open:1x2",
    "open:2x2",
    "open:1x5",
    "open:4x4",
    "open:20x3",
    "open:200x2",
    "open:2x200",
)
"""Open maps a test tries: the smallest, the narrowest and flattest, the issue's tiny ones
(the largest, 200x200, takes seconds to build)."""
STANDARD_UNITS: Final = "standard"
"""The ``units`` option's name for the library's table (``data/units.toml``)."""


def _map_option(_: object, attribute: Attribute[str], value: object) -> None:
    if isinstance(value, str) and value in map_names():
        return
    sized = _OPEN_MAP.fullmatch(value) if isinstance(value, str) else None
    shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
    if sized and all(int(n) in _OPEN_SIZES for n in sized.groups()):
        if int(sized[2]) in _OPEN_ROWS:
            return
        raise UnknownOption(
            f"option map={shown} is not allowed: an open map needs at least "
            f"{_OPEN_ROWS.start} rows, one for each side's set-up zone (IV)"
        )
    raise UnknownOption(
        f"option map={shown} is not allowed: expected one of {', '.join(map_names())} or "
        f"'open:<columns>x<rows>' with columns from {_OPEN_SIZES.start} and rows from "
        f"{_OPEN_ROWS.start}, each to {_OPEN_SIZES.stop - 1}"
    )


def _unit_table(text: str) -> UnitTable:
    """A unit table written as TOML text in the shape of ``data/units.toml``."""
    return UnitTable.from_data(tomllib.loads(text))


@frozen
class SabotOptions:
    """``map``: a default map name or ``open:<columns>x<rows>`` (grassland); ``build_points``
    for each army (library default 200); ``decoys`` per player (IV: two);
    ``reinforcements``: build points each player may spend in each turn's reinforcement
    phase (V; 0, the default: no reinforcements); ``units``: ``"standard"`` (the library's
    table, ``data/units.toml``), or a table of your own in its shape: as TOML text, or a
    :class:`pathlib.Path` from your own code (read once; the options keep its text, so
    documents carry the table and never name a file); ``max_turns``: a draw after that many
    turns (library default 20, as the text sets no length; None: play to annihilation, which
    may never come); ``action_limit``: a draw after that many actions (``None``: the library
    default, :data:`ACTIONS_PER_COUNTER` for each counter the game can hold in each turn and
    in the set-up; no limit when ``max_turns`` is None: a step may be answered by the enemy
    after every hex, so the rules bound a game's actions only far above real games)."""

    map: str = custom(
        "crossroads",
        validator=_map_option,
        what="a default map's name or 'open:<columns>x<rows>'",
        examples=(*map_names(), *_OPEN_EXAMPLES),
    )
    build_points: int = number(200, low=0, high=5_000)
    decoys: int = number(2, low=0, high=100)
    reinforcements: int = number(0, low=0, high=5_000)
    units: str = table(
        STANDARD_UNITS, builtins=(STANDARD_UNITS,), parse=_unit_table, what="SABOT unit table"
    )
    max_turns: int | None = number(20, low=1, high=10_000, optional=True)
    action_limit: int | None = number(None, low=1, high=100_000_000, optional=True)


@frozen
class SabotSetup(ArmySetup):
    """The set-up keywords of :meth:`Sabot.start`: ``deploy`` (as every game that deals
    armies), and ``armies``, each player's platoons by name (II)."""

    armies: Mapping[str, Sequence[str]] | None = custom(
        None,
        what="each player's platoons by name (None: each buys platoons at random with the "
        "build points)",
        examples=(None,),
        about="each player's platoons by name (null: bought at random with the build points)",
    )


ACTIONS_PER_COUNTER: Final = 8
"""Library default: the action limit allows this many actions for each counter a game can
hold (:func:`~wargames.sabot.learning.most_counters`), in each turn to ``max_turns`` and in
the set-up (random games of 200 points take about 5 a counter a turn)."""


class Sabot(Game[SabotState, SabotAction]):
    """S.A.B.O.T.: Simple Armored Battle in Oversized Terrain."""

    name = "sabot"
    Options = SabotOptions
    Setup = SabotSetup
    state_type = SabotState
    action_types = (
        Select, Advance, Turn, TakeOff, Scout, Reveal, Board, Disembark, Stop, Fire, Special, Hold,
        Done, Place, Embark, Face, Entrench, Buy,
    )  # fmt: skip
    event_types = (
        Initiative, Moved, Revealed, Scouted, Attack, Removed, Rolled, Embarked, Arrived, Played,
    )  # fmt: skip
    reported_events = (Attack, Removed)
    action_events = (Played,)
    victory: ClassVar[Callable[[Sabot, SabotState], Outcome | None]] = annihilation
    """VIII: the victory condition, checked in the victory phase; a scenario replaces it."""
    demo_options: ClassVar[Mapping[str, Any]] = {"build_points": 60, "max_turns": 40}
    """Random bots take tens of thousands of actions to annihilate 200-point armies."""
    matchups: ClassVar[Mapping[str, Callable[..., Any]]] = {
        "attack": combat.matchup,
        "scatter": combat.scatter,
    }
    """Exact odds of a hypothetical shot (attacker, target, weapon, modifiers) and of where
    a scattering shot lands (``wargames odds sabot attack attacker=RSC defender=HVT ...``)."""

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
        units = self.options.units
        self.table = DEFAULT_TABLE if units == STANDARD_UNITS else _unit_table(units)
        self._worth = worth(self.table)
        # The longest reach in the table (lasers aside): what a concealed counter may have.
        self.longest_reach = max(firing.reach(self, kind) for kind in self.table.types.values())
        # The reach of each unit type that has weapons, by symbol (overwatch, VII-a).
        self.reaches = {
            symbol: firing.reach(self, kind)
            for symbol, kind in self.table.types.items()
            if firing.weapons(kind)
        }
        self.turns: TurnStructure = REINFORCED if self.options.reinforcements else TURNS
        self.action_limit: int | None = self._action_limit()
        # What this game works out in a state (state.memo) is filed under this key: a
        # state may meet other rules, and hashing a game (its options) costs more.
        self._memo_key = object()
        # What the evaluation reckons a shooter's shot at a target takes, by the pair of
        # counters (evaluation.exchange): the same in every state that shares them.
        self._harms: dict[Hashable, tuple[Unit, Unit, float, float]] = {}
        # And what it reckons a unit's distance to its nearest target, by its kind, hex,
        # facing and the targets' hexes (evaluation.closing).
        self._gaps: dict[tuple[str, int, int, tuple[int, ...]], int] = {}
        # And whether a kind of unit may hurt another (evaluation.harms), by their symbols.
        self._hurts: dict[tuple[str, str], bool] = {}

    def _action_limit(self) -> int | None:
        """The option's, else the library default (see :class:`SabotOptions`)."""
        given: int | None = self.options.action_limit
        turns: int | None = self.options.max_turns
        if given is not None or turns is None:
            return given
        return learning.most_counters(self) * ACTIONS_PER_COUNTER * (turns + 1)

    def violations(self, state: SabotState) -> Iterator[str]:
        yield from super().violations(state)
        if isinstance(state, SabotState):
            yield from invariants.violations(self, state)

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    @property
    def board(self) -> HexBoard:
        """The map's hex board (a networkx graph), for pictures (:mod:`wargames.render.svg`)."""
        return self.map.board

    def kind(self, unit: Unit) -> UnitType | None:
        """The unit's type, or None for a decoy."""
        return None if unit.kind == DECOY else self.table[unit.kind]

    # -- starting (II, IV) --------------------------------------------------------------

    def start(self, seed: Seed | None = None, **options: Any) -> SabotState:
        """A new game.  ``armies`` maps each player to a list of platoon names (II); by
        default each player buys platoons at random with the build points.  ``deploy``
        (default True) sets both armies up at random from ``seed``; ``deploy=False`` starts
        in the set-up phase, played as actions (see :mod:`~wargames.sabot.setup`).

        :raises UnknownOption: for an unknown set-up keyword or a bad ``deploy``.
        :raises ValueError: for an army that costs too much (counters that fit nowhere in
            their zone are left out of the game, as in a set-up by hand).
        """
        return setup.start(self, seed, **options)

    def position(
        self, units: list[tuple[str, str, str, int]], *, seed: Seed = 0, phase: str = "movement"
    ) -> SabotState:
        """A position for studies and tests: ``(player, symbol, hex label, facing)`` per
        counter (ids in order), turn 1, blue first, in ``phase``; no initiative roll."""
        return setup.position(self, units, seed=seed, phase=phase)

    # -- whose turn (V) -------------------------------------------------------------------

    def phase(self, state: SabotState) -> str:
        """The current phase's name: set-up, reinforcement, movement, attack or special."""
        return self.turns.phase(state.clock).name

    def to_act(self, state: SabotState) -> frozenset[str]:
        if state.result is not None or state.pending is not None:  # over, or an afterstate
            return frozenset()
        if state.moving is not None and state.moving.watch:  # VII-a: an overwatch window
            return frozenset({self.opponent(state.units[state.moving.unit].owner)})
        return self.turns.actors(state.clock, PLAYERS)

    def outcome(self, state: SabotState) -> Outcome | None:
        return state.result

    # -- legal actions ------------------------------------------------------------------

    def legal_actions(self, state: SabotState, player: str) -> tuple[SabotAction, ...]:
        """The actions ``player`` may take now, in a fixed order; the state keeps them for
        :meth:`check` and the next call (a search lists a world's actions at every descent)."""
        if player not in self.to_act(state):
            return ()
        known = memo(state)
        listed: tuple[SabotAction, ...] | None = known.get((self._memo_key, player))
        if listed is None:
            listed = known[self._memo_key, player] = tuple(self._actions(state, player))
        return listed

    def check(self, state: SabotState, action: SabotAction) -> None:
        """As :meth:`Game.check`; an action that :meth:`legal_actions` listed in this state
        (the usual way to choose one) is legal without a second look."""
        if isinstance(action, self.action_types):
            listed = memo(state).get((self._memo_key, action.player))
            if listed is not None and action in listed:
                return
        super().check(state, action)

    def _actions(self, state: SabotState, player: str) -> Iterator[SabotAction]:
        phase = self.phase(state)
        if phase == "set-up":
            yield from setup.actions(self, state, player)
            return
        if phase == "reinforcement":
            yield from reinforcements.actions(self, state, player)
            return
        if state.moving is not None and state.moving.watch:
            yield from overwatch.overwatch_actions(self, state, player)
            yield Hold(player)
            return
        if state.moving is not None:
            unit = state.units[state.moving.unit]
            if phase == "movement":
                yield from moving.move_actions(self, state, unit)
                return
            yield from firing.fire_actions(self, state, unit)
            yield Stop(player)
            return
        if phase == "special":
            yield from special.specials(self, state, player)
        else:
            for unit in state.units:
                if unit.owner == player and self._selectable(state, unit, phase):
                    yield Select(player, unit.id)
        yield Done(player)

    def _offered(self, state: SabotState, action: SabotAction) -> bool:
        """Whether :meth:`_actions` offers ``action`` to its player (who is to act), deciding
        the common ones alone: holding fire in an overwatch window, selecting a unit, ending
        a phase, a moving unit's advance, turn or stop; the rest are looked for among the
        actions as they are generated."""
        current, phase = state.moving, self.phase(state)
        if current is not None and current.watch:
            if isinstance(action, Hold):
                return True
        elif current is not None and phase == "movement":
            return moving.offers(self, state, state.units[current.unit], action)
        elif current is None and phase in ("movement", "attack", "special"):
            if isinstance(action, Done):
                return True
            if isinstance(action, Select):
                if phase == "special" or action.unit not in range(len(state.units)):
                    return False
                unit = state.units[action.unit]
                return unit.owner == action.player and self._selectable(state, unit, phase)
            if isinstance(action, Special) and phase == "special":  # its own unit's alone
                if action.unit not in range(len(state.units)):
                    return False
                own = (state.units[action.unit],)
                return action in special.specials(self, state, action.player, own)
        return action in self._actions(state, action.player)

    def _selectable(self, state: SabotState, unit: Unit, phase: str) -> bool:
        if phase == "movement":
            return moving.movable(state, unit)
        kind = self.kind(unit)
        return (
            kind is not None
            and unit.on_map
            and not unit.fired
            and firing.may_shoot(self, state, unit, kind)
        )

    # -- movement (VI) --------------------------------------------------------------------

    def mover(self, state: SabotState, unit: Unit, flying: bool = False) -> Mover:
        """The movement rules of ``unit`` in ``state`` (``flying``: a jump-troop flight), worked
        out once per state for listing the moves, checking one and making it."""
        known = memo(state)
        key = (self._memo_key, unit.id, flying)
        found = known.get(key)
        if found is None or found.unit is not unit:
            found = known[key] = Mover(self.map, self.table, state, unit, flying)
        return found

    def reachable(self, state: SabotState, unit_id: int) -> dict[str, tuple[str, ...]]:
        """VI: every hex where ``unit_id`` may end a move from here, by map label, with the
        actions that take it there (``turn right``, ``advance``...)."""
        return moving.reachable(self, state, unit_id)

    # -- combat (VII) ---------------------------------------------------------------------

    def modifiers(self, state: SabotState, unit: Unit, weapon: str, target: Unit) -> Modifiers:
        """Every modifier of a shot by ``unit`` with ``weapon`` at ``target`` (VII-a, III)."""
        return firing.modifiers(self, state, unit, weapon, target)

    def scatter_odds(self, state: SabotState, action: Fire) -> Distribution[str]:
        """Exact odds of the hex (map label; ``off map``) a shot lands in (VII-a scatter)."""
        hexes = firing.scatter_odds(self, state, action)
        return hexes.map(lambda i: self.map.label(i) if i >= 0 else "off map")

    def odds(self, state: SabotState, action: SabotAction) -> Distribution[Any] | None:
        """The distribution of a shot: ``(unit hit or -1, result)``; of a scouting roll:
        success; of a repair: success; as ``action``'s player can know it: from their view,
        a concealed counter being each kind of :func:`~wargames.sabot.firing.kind_prior`
        with its chance.  :meth:`exact_odds` uses the true kinds."""
        if isinstance(action, Fire) and action.weapon != "laser":
            return firing.odds(self, self.view(state, action.player), action)
        return self.exact_odds(state, action)

    def exact_odds(self, state: SabotState, action: SabotAction) -> Distribution[Any] | None:
        """:meth:`odds` from the whole truth, concealed kinds included: for analysis and
        tests, never to be shown to a player while their enemy's counters are concealed."""
        if isinstance(action, Fire) and action.weapon != "laser":
            return firing.odds(self, state, action)
        if isinstance(action, Scout) and state.moving is not None:
            kind = self.table[state.units[state.moving.unit].kind]
            return (d10 + kind.scouting).at_least(SCOUT_ROLL).distribution()
        if isinstance(action, Special) and action.what == "repair":
            return special.repair_odds()
        return None

    explicit_chance = True

    def chance(self, state: SabotState, action: SabotAction) -> Chance[Any] | None:
        """The exact chance of legal ``action`` (see :mod:`wargames.sabot.chance`)."""
        return action_chance(self, state, action)

    @property
    def max_chance_outcomes(self) -> int:
        return max_outcomes(self)

    # -- applying -------------------------------------------------------------------------

    def illegal_reason(self, state: SabotState, action: SabotAction) -> str | None:
        if self._offered(state, action):
            return None
        current = state.moving
        if (
            isinstance(action, Advance | Turn)
            and current is not None
            and self.phase(state) == "movement"
        ):
            unit = state.units[current.unit]
            # Only the mover's own player gets the movement rule spelt out: during an overwatch
            # window the other player acts, and the rules of a concealed unit are secret.
            if unit.hex >= 0 and unit.owner == action.player:
                mover = self.mover(state, unit, current.flying)
                if current.stopped:
                    return "VI-b: this unit's move has ended"
                if isinstance(action, Turn):
                    problem = mover.turn_problem(unit.hex, current.turns, current.road)
                else:
                    ahead = mover.advance(mover.start_label(current), current.spent)
                    problem = ahead if isinstance(ahead, str) else None
                if problem:
                    return problem
                return "VI-a: a unit may pass through friends but must end its move in an empty hex"
        if isinstance(action, Stop) and current is not None and not current.watch:
            unit = state.units[current.unit]
            if unit.owner == action.player and unit.hex >= 0:
                return "VI-c: units cannot end their move in the same hex as another unit"
        if isinstance(action, Fire) and current is not None:
            firer = action.unit if current.watch else current.unit
            shooter = state.units[firer] if 0 <= firer < len(state.units) else None
            if (
                shooter is not None
                and action.unit == shooter.id
                and shooter.owner == action.player
                and (0 <= action.target < len(state.units))
            ):
                target = state.units[action.target]
                problem = firing.fire_problem(self, state, shooter, action.weapon, target)
                if problem:
                    return problem
        return f"it is not one of the actions of the {self.phase(state)} phase now"

    def apply_unchecked(self, state: SabotState, action: SabotAction) -> SabotState:
        """The state after ``action``, which the log keeps (:class:`Played`) after the
        events it caused: the public record of the game a sampled past replays; counted
        against the action limit (a draw when reached: :mod:`wargames.core.limits`)."""
        state = self._apply(state, action)
        state = state.with_changes(log=state.log.with_event(Played(action)))
        return counted(state, self.action_limit)

    def _apply(self, state: SabotState, action: SabotAction) -> SabotState:
        if isinstance(action, moving.STEPS):  # the commonest first
            return moving.step(self, state, action)
        if isinstance(action, Done):
            return next_phase(self, setup.closing(self, state, action.player))
        if isinstance(action, Place | Embark | Face | Entrench):
            return setup.apply(self, state, action)
        if isinstance(action, Buy):
            return reinforcements.buy(self, state, action)
        if isinstance(action, Hold):
            assert state.moving is not None
            return state.with_changes(moving=replace(state.moving, watch=False))
        if isinstance(action, Select):
            return moving.select(self, state, action)
        if isinstance(action, Stop):
            if self.phase(state) == "attack":
                assert state.moving is not None
                unit = state.units[state.moving.unit]
                return edit(state, unit, {"fired": True}, moving=None)
            return moving.stop(self, state)
        if isinstance(action, Fire) and self.phase(state) == "movement":
            return overwatch.overwatch(self, state, action)
        if isinstance(action, Fire):
            return firing.fire(self, state, action)
        assert isinstance(action, Special)
        return special.special(self, state, action)

    def decision(self, state: SabotState, player: str) -> Hashable:
        """For search bots: one unit's move, or its shots, is one decision (VI-a, VII-a: a
        unit moves and fires as a whole before the next), and which unit acts next (or
        ending the phase) another: the search weighs a unit's whole move, not the next
        unit's steps credited to the action that ends this one's soonest."""
        return self.phase(state), None if state.moving is None else state.moving.unit

    def afterstate(self, state: SabotState, action: SabotAction) -> SabotState:
        """A shot aimed, its dice not yet rolled (:mod:`wargames.sabot.pending`): the bots
        weigh it at its odds; any other action's result.  The state keeps it, and a copy of
        the state with other dice (a search's world with a fresh stream, which shares what
        was worked out) takes it with its own dice where the action drew none: a search
        takes the same action in the same world at many descents."""
        known = memo(state)
        key = (self._memo_key, pending.afterstate, action)
        found: tuple[Rng, SabotState] | None = known.get(key)
        if found is not None and found[1].rng is found[0]:  # it drew nothing
            stream, after = found
            return after if stream is state.rng else after.with_changes(rng=state.rng)
        after = pending.afterstate(self, state, action)
        known[key] = (state.rng, after)
        return after

    # -- for learning agents (see wargames.sabot.learning) ----------------------------------

    def every_action(self, player: str) -> Iterator[SabotAction]:
        return learning.every_action(self, player)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return learning.observation_shape(self)

    def encode_view(self, view: SabotState, player: str) -> NDArray[numpy.float32]:
        return learning.encode_view(self, view, player)

    def observation_tensor(self, state: SabotState, player: str) -> NDArray[numpy.float32]:
        """:meth:`encode_view` of the state itself: it reads every secret through redaction."""
        self.check_player(player)
        return learning.encode_view(self, state, player)

    @property
    def max_game_length(self) -> int:
        return learning.max_game_length(self)

    # -- notation, views, determinisation, pictures -----------------------------------------

    def read_action(self, state: SabotState, text: str, player: str | None) -> SabotAction:
        """The inverse of ``str(action)`` (see :mod:`~wargames.sabot.notation`)."""
        if player is None:
            acting = sorted(self.to_act(state))
            if len(acting) != 1:
                raise InvalidAction("say which player acts")
            player = acting[0]
        self.check_player(player)
        return notation.parse(self.map, text, player)

    def sample_history(self, view: SabotState, player: str, rng: random.Random) -> History:
        """A past consistent with all ``player`` saw (see :mod:`~wargames.sabot.determinize`).

        :raises NoPast: if none was found within the sampler's bound.
        """
        return sample_history(self, view, player, rng)

    def odds_words(self, state: SabotState, action: SabotAction) -> str:
        """:meth:`odds` in words (:func:`wargames.sabot.words.odds_words`)."""
        odds = self.odds(state, action)
        return "" if odds is None else words.odds_words(action, odds)

    def outcome_words(self, view: SabotState, action: SabotAction, outcome: Any) -> str:
        """One result of :meth:`odds` in words (:func:`wargames.sabot.words.outcome_words`)."""
        return words.outcome_words(self, view, action, outcome)

    def action_label(self, view: SabotState, action: SabotAction) -> str:
        """``action`` in words (:mod:`wargames.sabot.words`)."""
        said = words.action_label(self, view, action)
        return said[:1].upper() + said[1:]

    def event_sentence(self, view: SabotState, event: Any, viewer: str | None) -> str:
        """``event`` from ``viewer``'s side (:mod:`wargames.sabot.words`)."""
        return words.event_sentence(self, view, event, viewer) or super().event_sentence(
            view, event, viewer
        )

    def describe(self, state: SabotState, player: str | None = None) -> str:
        """The map as text, counters as ``player`` sees them."""
        return display.describe(self, state, player)

    def describe_within(self, state: SabotState, player: str | None = None, *, width: int) -> str:
        """The map as text, or its compact form (no outlines, three characters a column)
        when the full one is wider than ``width`` columns."""
        full = display.describe(self, state, player)
        if max(map(len, full.split("\n"))) <= width:
            return full
        return display.describe(self, state, player, compact=True)

    def unit_place(self, state: SabotState, unit: Hashable) -> Hex | None:
        """The hex unit ``unit`` stands on (units keep the index of their hex), or ``None``
        for one aboard, off the map or unknown."""
        found = next((u for u in state.units if u.id == unit), None)
        return None if found is None or not found.on_map else self.map.cells[found.hex]

    def acting_unit(self, state: SabotState) -> int | None:
        """The unit moving now, which the movement actions (advance, turn, stop) move."""
        return None if state.moving is None else state.moving.unit

    def places(self, state: SabotState, action: SabotAction) -> tuple[Any, ...]:
        """As the kernel reads them, but a prepare's target is a hex index (V), not a unit."""
        if isinstance(action, Special) and action.what == "prepare" and action.target >= 0:
            unit = self.unit_place(state, action.unit)
            return (*(() if unit is None else (unit,)), self.map.cells[action.target])
        return super().places(state, action)

    def legend(self) -> str:
        """What the map's counters and terrain letters mean."""
        return display.legend(self)

    def tokens(self, state: SabotState, player: str | None = None) -> dict[Hex, Token]:
        """The counters as SVG tokens as ``player`` sees them (``?`` when concealed)."""
        return display.tokens(self, state, player)

    def evaluate(self, state: SabotState, player: str) -> float:
        """The outcome if over, else :func:`wargames.sabot.evaluation.evaluate`: the balance
        of build points on the board, and how near ``player``'s units stand to firing."""
        if state.result is not None:
            return super().evaluate(state, player)
        return evaluation.evaluate(self, state, player)
