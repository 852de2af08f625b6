"""The rules of SAW (rule text: seeds/001), section by section.

* Creating Units — :meth:`Saw.start` (ready designs, designs drawn from the seed, or a design
  phase of :class:`~wargames.saw.state.Assign` actions), :func:`~wargames.saw.units.check_design`.
* Plotting — :meth:`Saw._plot_problem`: each unit's move, hex by hex
  (:class:`~wargames.saw.state.Step`), within its movement and the terrain's costs, and its
  attacks (:class:`~wargames.saw.state.Attack`); all players at once, face-down
  (:class:`~wargames.saw.state.Plot`), revealed together (:meth:`Saw._resolve`).
* Movement — :meth:`Saw._resolve` with a collision rule of :mod:`wargames.saw.movement`.
* Attack — :meth:`Saw._strikes` and :mod:`wargames.saw.odds` (the dice), after all movement.
* Damage — :class:`~wargames.saw.state.Allocate` actions, :meth:`Saw._begin_damage`: every
  hit point subtracted from a trait, none below zero, all zero is destroyed.
* Winning (the text is silent) — :meth:`Saw._begin_damage` and :meth:`Saw._end_turn`.
* Advanced rules — options (:class:`~wargames.saw.options.SawOptions`): multiple attacks,
  coordinated attacks (:meth:`Saw._strikes`), variable traits (:class:`~wargames.saw.state.
  Release`, :class:`~wargames.saw.state.RecordRevealed`), obstacles and terrain
  (:class:`~wargames.saw.arena.Arena`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple

from wargames.core.board import HexBoard
from wargames.core.dice import d6
from wargames.core.distribution import Distribution
from wargames.core.errors import IllegalAction, InvalidAction, UnknownOption, excerpt
from wargames.core.events import EventLog
from wargames.core.game import Game, Outcome
from wargames.core.hexes import Hex
from wargames.core.hidden import is_hidden
from wargames.core.history import History
from wargames.core.phases import Mode, Phase, TurnStructure
from wargames.core.rng import Rng, Seed
from wargames.render.svg import Token
from wargames.saw import evaluation, invariants, learning, words
from wargames.saw.arena import Arena, RangeTable, load_maps, load_rules
from wargames.saw.movement import RULES, CollisionRule
from wargames.saw.odds import (
    DEFAULT_RANGE,
    attack_dice,
    design_prior,
    hit_chance,
    hit_points,
    hit_points_against,
)
from wargames.saw.options import DESIGNS, SawOptions, SawSetup
from wargames.saw.state import (
    DIRECTIONS,
    LAST_STANDING,
    Allocate,
    Allocated,
    Assign,
    Attack,
    Attacked,
    Deployed,
    Designed,
    Destroyed,
    Diary,
    Done,
    Eliminated,
    Finished,
    Moved,
    Order,
    Plot,
    PlotRevealed,
    Reallocated,
    RecordRevealed,
    Release,
    SawAction,
    SawState,
    Sheet,
    Shot,
    Step,
    Unit,
    Wrote,
)
from wargames.saw.units import (
    ACCURACY,
    ENDURANCE,
    EVASION,
    MOVEMENT,
    UnitSpec,
    accuracy_index,
    check_design,
    damage_index,
    load_armies,
    random_design,
    trait_names,
)

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

__all__ = ["DESIGNS", "PLAYER_NAMES", "TURNS", "PlotBatch", "Saw"]

_DATA = load_rules()
PLAYER_NAMES: Final[tuple[str, ...]] = tuple(_DATA["game"]["players"])
"""Seat names when the armies do not name the players (library default)."""
ARMIES = load_armies()
TERRAINS, MAPS = load_maps()
TURNS = TurnStructure(
    setup=(Phase("design", Mode.SIMULTANEOUS),),
    cycle=(Phase("plot", Mode.SIMULTANEOUS), Phase("damage", Mode.SIMULTANEOUS)),
)
"""The turn: "Plotting", then "Damage"; movement and attacks have no decisions and are
resolved inside :meth:`Saw.apply` when the last plot is in.  Design is played only with
``start(design="manual")``."""
DESIGN, PLOT, DAMAGE = "design", "plot", "damage"
_PHASE_ACTIONS: Final[dict[str, tuple[type, ...]]] = {
    DESIGN: (Assign,),
    PLOT: (Assign, Release, Step, Attack, Done),
    DAMAGE: (Allocate,),
}
_NAME = re.compile(r"[a-z]+")


class Saw(Game[SawState, SawAction]):
    """SAW, the Simple Abstract Wargame, with every advanced rule as an option."""

    name = "saw"
    Options = SawOptions
    Setup = SawSetup
    state_type = SawState
    action_types = (Assign, Release, Step, Attack, Done, Allocate)
    matchups: ClassVar[Mapping[str, Callable[..., Any]]] = {
        "hit": hit_chance,
        "hit_points": hit_points,
    }
    simultaneous = True
    event_types = (
        Deployed,
        Designed,
        Reallocated,
        PlotRevealed,
        Moved,
        Attacked,
        Destroyed,
        Allocated,
        Eliminated,
        RecordRevealed,
        Wrote,
        Finished,
    )
    reported_events = (Attacked, Destroyed, Eliminated)
    chunks: ClassVar[tuple[int, ...]] = tuple(_DATA["game"]["chunks"])
    """The points one assign or lose action moves (library default: 1 or 5)."""
    collision_rules: ClassVar[Mapping[str, CollisionRule]] = RULES
    """The collision rules the option ``collisions`` names; a variant may add its own."""
    options: SawOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        try:
            self._configure()
        except (ValueError, KeyError) as error:
            message = error.args[0] if error.args else error
            raise UnknownOption(f"{type(self).__name__}: {message}") from None

    def _configure(self) -> None:
        opts = self.options  # typed and bounded by SawOptions; here what depends on the game
        if opts.collisions not in self.collision_rules:
            raise ValueError(f"collisions must be one of {', '.join(self.collision_rules)}")
        self.collide: CollisionRule = self.collision_rules[opts.collisions]
        self.range_table = (
            DEFAULT_RANGE if opts.range_table is None else RangeTable(opts.range_table)
        )
        armies = self._armies()
        self._players = tuple(player for player, _ in armies)
        self.specs: tuple[UnitSpec, ...] = tuple(spec for _, units in armies for spec in units)
        """Every unit's spec, in the order of :attr:`SawState.units`."""
        self.owners: tuple[str, ...] = tuple(player for player, units in armies for _ in units)
        self.ids: tuple[str, ...] = _designations(self._players, self.owners)
        """Unit designations (``b1`` is blue's first unit), in unit order."""
        self._index = {unit: i for i, unit in enumerate(self.ids)}
        self._owned = {
            p: tuple(i for i, owner in enumerate(self.owners) if owner == p) for p in self._players
        }
        self._seat = {player: seat for seat, player in enumerate(self._players)}
        self._seats = tuple(self._seat[owner] for owner in self.owners)
        variable = opts.variable_traits
        self.weapons: tuple[int, ...] = tuple(
            max(s.weapons, opts.attacks) if variable else s.weapons for s in self.specs
        )
        """Each unit's attacks (accuracy/damage pairs): its own weapons, and under Variable
        Traits as many as the option ``attacks`` allows ("one, two, or ten attacks")."""
        self.traits: tuple[tuple[str, ...], ...] = tuple(trait_names(w) for w in self.weapons)
        """Each unit's trait names, in trait order."""
        self._trait_index = tuple({n: i for i, n in enumerate(names)} for names in self.traits)
        self.arena = self._arena()
        self._menus: list[_Menu | None] = [None] * len(self.ids)  # built as units first act
        self._blank: dict[tuple[bool, ...], tuple[Plot, ...]] = {}  # by the living units
        self.kept_runs: dict[str, dict[int, Any]] = {}
        """:mod:`wargames.saw.history`'s plotting runs, by player and diary entry."""

    def _armies(self) -> list[tuple[str, tuple[UnitSpec, ...]]]:
        """Each player and their units, checked ("Creating Units")."""
        opts = self.options
        if opts.armies is None:
            given: Sequence[tuple[str, Any]] = [
                (p, opts.army) for p in PLAYER_NAMES[: opts.players]
            ]
        else:
            given = opts.armies
        if len(given) < 2:
            raise ValueError("SAW needs at least 2 players")
        armies = []
        for player, army in given:
            if not _NAME.fullmatch(player):
                raise ValueError(f"player names are lowercase letters, got {player!r}")
            if isinstance(army, str):
                if army not in ARMIES:
                    raise ValueError(f"unknown army {army!r}; built in: {', '.join(ARMIES)}")
                army = ARMIES[army]
            units = tuple(UnitSpec.from_data(unit, opts.weapons) for unit in army)
            if not units:
                raise ValueError(f"{player} has no units")
            for spec in units:
                if spec.traits is not None:
                    check_design(spec.traits, spec.points, spec.weapons, opts.weapon_cap)
            armies.append((player, units))
        players = [player for player, _ in armies]
        if len(set(players)) != len(players):
            raise ValueError(f"player names repeat: {players}")
        return armies

    def _arena(self) -> Arena:
        """The map of the option ``map``, checked to have a zone for every army."""
        name = self.options.map
        if name not in MAPS and "\n" not in name.strip():
            raise ValueError(f"unknown map {name!r}; built in: {', '.join(MAPS)}")
        arena = Arena(MAPS.get(name, name), TERRAINS, name if name in MAPS else "custom")
        if len(arena.zones) < len(self._players):
            raise ValueError(f"the map has deployment zones for {len(arena.zones)} players")
        for seat, player in enumerate(self._players):
            if len(arena.zones[seat]) < len(self._owned[player]):
                raise ValueError(f"zone {seat + 1} of the map is too small for {player}'s army")
        return arena

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    def unit_index(self, unit: str) -> int:
        """The position of unit ``unit`` (a designation) in :attr:`SawState.units`.

        :raises InvalidAction: for a designation of no unit.
        """
        try:
            return self._index[unit]
        except KeyError:
            units = " ".join(self.ids)
            raise InvalidAction(f"there is no unit {excerpt(unit)}; units: {units}") from None

    def evaluate(self, state: SawState, player: str) -> float:
        """For bots, on a full state (a determinisation): the outcome if over, else what
        ``player``'s units are worth against the strongest other player's, this turn's
        plotted attacks reckoned at their expected hit points (:mod:`wargames.saw.evaluation`).
        A heuristic, not a rule."""
        if state.result is not None:
            return super().evaluate(state, player)
        return evaluation.evaluate(self, state, player)

    # -- starting ---------------------------------------------------------------------------

    def start(self, seed: Seed | None = None, **setup: Any) -> SawState:
        """A new game.  Units stand on their players' deployment zones (or the hexes given
        by ``hexes={"b1": "0305", ...}``).

        ``design``: ``"preset"`` (the default) uses each army's ready designs and draws the
        others uniformly from the seed; ``"random"`` draws every design from the seed;
        ``"manual"`` starts with the design phase, where each player assigns their units'
        points with :class:`~wargames.saw.state.Assign` actions.  In every mode a design is
        its owner's secret ("Unit traits are kept secret from other players"), only its point
        total public, unless the option ``open_designs`` (a teaching mode) publishes it.

        :raises UnknownOption: for an unknown set-up keyword or design mode.
        :raises ValueError: for a bad hex.
        """
        chosen: SawSetup = self.read_setup(setup)
        design, placed = chosen.design, chosen.hexes or {}
        unknown = sorted(set(placed) - set(self.ids))
        if unknown:
            raise ValueError(f"hexes given for unknown units {unknown}; units: {self.ids}")
        rng = Rng.from_seed(seed)
        open_designs = self.options.open_designs
        units: list[Unit] = []
        events: list[Deployed | Designed] = []
        for i, spec in enumerate(self.specs):
            if design == "manual":
                sheet = Sheet((0,) * len(self.traits[i]), pool=spec.points)
            else:
                traits = spec.traits if design == "preset" else None
                if traits is None:
                    traits, rng = _rng_design(spec, self.options.weapon_cap, rng)
                traits = self.padded(i, traits)
                sheet = Sheet(traits)
                events.append(Designed(self.ids[i], self.owners[i], traits, open_designs))
            units.append(
                Unit(
                    self.ids[i],
                    self.owners[i],
                    spec.name,
                    spec.points,
                    self.weapons[i],
                    self._deployment(i, placed),
                    sheet,
                )
            )
        self._check_apart(units)
        hexes = [(u.id, u.hex) for u in units if u.hex is not None]
        events.insert(0, Deployed(hexes, design_phase=design == "manual"))
        clock = TURNS.start(len(self.players))
        if design != "manual":
            clock = TURNS.advance(clock)
        return SawState(
            rng=rng,
            log=EventLog(events),
            clock=clock,
            units=tuple(units),
            plots=self._fresh_plots(units),
            waiting=frozenset(self.players),
            diaries=tuple(Diary(player) for player in self.players),
        )

    def padded(self, index: int, traits: Sequence[int]) -> tuple[int, ...]:
        """A design of unit ``index``'s own weapons with its further attacks (Variable
        Traits) at zero: ready and drawn designs cover the unit's own weapons, and points
        reach the further attacks by re-allocation "in the middle of play"."""
        return (*traits, *[0] * (len(self.traits[index]) - len(traits)))

    def may_fire(self, index: int, traits: Sequence[int], weapon: int) -> bool:
        """Whether unit ``index`` with ``traits`` may attack with ``weapon``: any of its own
        weapons may; a further attack of Variable Traits only while it holds points ("they
        can choose to allocate points to one, two, or ten attacks at will")."""
        if weapon <= self.specs[index].weapons:
            return True
        return traits[accuracy_index(weapon)] + traits[damage_index(weapon)] > 0

    def _deployment(self, index: int, placed: Mapping[str, str]) -> Hex:
        """Where unit ``index`` starts: the hex given for it, else the next of its zone."""
        unit = self.ids[index]
        if unit in placed:
            return self.arena.board.parse(placed[unit])
        owner = self.owners[index]
        zone = self.arena.zones[self.players.index(owner)]
        return zone[self._owned[owner].index(index)]

    def _check_apart(self, units: Sequence[Unit]) -> None:
        """:raises ValueError: if two units share a hex or one stands on impassable ground."""
        seen: dict[Hex, str] = {}
        for unit in units:
            assert unit.hex is not None
            if self.arena.entry_cost(unit.hex) is None:
                raise ValueError(f"{unit.id} cannot stand on impassable {self._label(unit.hex)}")
            if unit.hex in seen:
                raise ValueError(
                    f"{seen[unit.hex]} and {unit.id} on one hex {self._label(unit.hex)}"
                )
            seen[unit.hex] = unit.id

    def _fresh_plots(self, units: Sequence[Unit]) -> tuple[Plot, ...]:
        """Blank plots: an order, not yet done, for each living unit (built once for each set
        of living units: values, shared by every state that has them)."""
        living = tuple(unit.alive for unit in units)
        blank = self._blank.get(living)
        if blank is None:
            blank = self._blank[living] = tuple(
                Plot(player, tuple(Order(units[i].id) for i in self._owned[player] if living[i]))
                for player in self.players
            )
        return blank

    # -- whose turn ---------------------------------------------------------------------------

    def to_act(self, state: SawState) -> frozenset[str]:
        return frozenset() if state.result is not None else state.waiting

    def violations(self, state: SawState) -> Iterator[str]:
        yield from super().violations(state)
        if isinstance(state, SawState):
            yield from TURNS.clock_problems(state.clock, len(self.players))
            yield from invariants.violations(self, state)

    def outcome(self, state: SawState) -> Outcome | None:
        return state.result

    def phase(self, state: SawState) -> str:
        """``"design"``, ``"plot"`` or ``"damage"``."""
        return TURNS.phase(state.clock).name

    def decision(self, state: SawState, player: str) -> Hashable:
        """For search bots: a player's actions decide one unit at a time (its design, its
        order, where its hit points go), so the search weighs one unit's before the next's."""
        return self.phase(state), self.current_unit(state, player)

    def foreseen(
        self, world: SawState, player: str, plan: Callable[[SawState, str], SawState]
    ) -> SawState:
        """For search bots, while plotting: each other player's plot as ``plan`` makes it
        from the turn's start (every plot blank, every player with units to plot), and that
        player done, in place of the plot ``world`` holds (one still to be made, or the random
        plot a determinisation draws for one face-down).  Outside plotting, ``world``."""
        if self.phase(world) != PLOT:
            return world
        start = world.with_changes(
            plots=self._fresh_plots(world.units), waiting=self._standing(world.units)
        )
        plots, waiting = world.plots, world.waiting
        for rival in self.players:
            if rival != player and rival in start.waiting:
                seat = self._seat[rival]
                plots = _replace(plots, seat, plan(start, rival).plots[seat])
                waiting -= {rival}
        return world.with_changes(plots=plots, waiting=waiting)

    def current_unit(self, state: SawState, player: str) -> int | None:
        """The index of the unit ``player`` acts for next (units go in army order): in design,
        the first with points to assign; in plotting, the first whose order is not done; in
        the damage phase, the first with hit points to allocate.  ``None`` if nothing is left.
        """
        return self._current(state, player, self.phase(state))

    def _current(self, state: SawState, player: str, phase: str) -> int | None:
        units = state.units
        if phase == PLOT:
            plot = state.plots[self._seat[player]]
            return next((self._index[o.unit] for o in plot.orders if not o.done), None)
        for i in self._owned[player]:
            sheet = units[i].sheet
            if (sheet.pool if phase == DESIGN else sheet.hits) > 0:
                return i
        return None

    # -- legality -----------------------------------------------------------------------------

    def legal_actions(self, state: SawState, player: str) -> tuple[SawAction, ...]:
        self.check_player(player)
        if player not in self.to_act(state):
            return ()
        phase = self.phase(state)
        index = self._current(state, player, phase)
        if index is None:
            return ()
        menu = self._menus[index] or self._menu(index)
        if phase == PLOT and not state.units[index].sheet.pool:
            return tuple(self._plot_actions(state, player, index, menu))
        candidates = menu.allocations if phase == DAMAGE else menu.assigns
        plotting = self._plotting(state, index) if phase == PLOT else None
        return tuple(a for a in candidates if self._unit_problem(state, index, a, plotting) is None)

    def _menu(self, index: int) -> _Menu:
        menu = self._menus[index] = _Menu.of(self, index)
        return menu

    def _plot_actions(
        self, state: SawState, player: str, index: int, menu: _Menu
    ) -> Iterator[SawAction]:
        """The legal plotting actions of unit ``index`` (with no points to assign): re-allocate,
        the six steps, each attack on each enemy, done; each judged by the checker's rule."""
        plotting = self._plotting(state, index)
        if self._release_problem(plotting) is None:
            yield menu.release
        for direction, step in enumerate(menu.steps):
            if plotting.may_enter(direction):
                yield step
        for attacks, other in zip(menu.attacks, state.units, strict=True):
            if other.owner != player and other.alive:
                for attack in attacks:
                    if self._attack_problem(state, index, plotting.order, attack) is None:
                        yield attack
        yield menu.done

    def illegal_reason(self, state: SawState, action: SawAction) -> str | None:
        phase = self.phase(state)
        allowed = _PHASE_ACTIONS[phase]
        if not isinstance(action, allowed):
            kinds = " or ".join(cls.__name__.lower() for cls in allowed)
            return f"this is the {phase} phase: only {kinds} actions now"
        index = self._index.get(action.unit)
        if index is None:
            return f"there is no unit {excerpt(action.unit)}"
        unit = state.units[index]
        if unit.owner != action.player:
            return f"{action.unit} is not one of your units"
        if not unit.alive:
            return f"{action.unit} has been destroyed"
        current = self._current(state, action.player, phase)
        if current is None:
            return f"you have nothing left to do in the {phase} phase"
        if current != index:
            what = {DESIGN: "design", PLOT: "plot", DAMAGE: "allocate damage to"}[phase]
            return f"{what} your units in order: {self.ids[current]} is next"
        plotting = self._plotting(state, index) if phase == PLOT else None
        return self._unit_problem(state, index, action, plotting)

    def _unit_problem(
        self, state: SawState, index: int, action: SawAction, plotting: _Plotting | None
    ) -> str | None:
        """What forbids ``action`` for the player's current unit ``index``, or ``None``;
        ``plotting`` is the unit's order as :meth:`_plotting` reads it, in the plotting phase
        (``None`` in the others)."""
        sheet = state.units[index].sheet
        if isinstance(action, Allocate):
            return self._allocate_problem(index, sheet, action)
        if plotting is None:
            assert isinstance(action, Assign)
            return self._assign_problem(index, sheet, action)
        return self._plot_problem(state, index, plotting, action)

    def _points_problem(self, index: int, trait: str, points: int) -> str | None:
        if trait not in self._trait_index[index]:
            names = " ".join(self.traits[index])
            return f"{self.ids[index]} has no trait {excerpt(trait)}; its traits: {names}"
        if points not in self.chunks:
            return f"points per action are {' or '.join(map(str, self.chunks))}, not {points}"
        return None

    def _assign_problem(self, index: int, sheet: Sheet, action: Assign) -> str | None:
        """Creating Units: whole points from the unit's total, each weapon under the cap."""
        problem = self._points_problem(index, action.trait, action.points)
        if problem:
            return problem
        if action.points > sheet.pool:
            return f"{action.unit} has only {sheet.pool} point(s) left to assign"
        cap = self.options.weapon_cap
        slot = self._trait_index[index][action.trait]
        if cap is not None and slot >= ACCURACY:
            weapon = (slot - ACCURACY) // 2 + 1
            traits = sheet.traits
            pair = traits[accuracy_index(weapon)] + traits[damage_index(weapon)] + action.points
            if pair > cap:
                return f"a weapon's accuracy + damage may not exceed {cap} (Multiple Attacks)"
        return None

    def _allocate_problem(self, index: int, sheet: Sheet, action: Allocate) -> str | None:
        """Damage: the owner subtracts every hit point; "Traits may not go below zero"."""
        problem = self._points_problem(index, action.trait, action.points)
        if problem:
            return problem
        if action.points > sheet.hits:
            return f"{action.unit} has only {sheet.hits} hit point(s) left to allocate"
        if sheet.traits[self._trait_index[index][action.trait]] < action.points:
            return f"{action.trait} of {action.unit} may not go below zero"
        return None

    def _plotting(self, state: SawState, index: int) -> _Plotting:
        """Unit ``index``'s order so far, read once for every action judged against it."""
        unit = state.units[index]
        order = self._order(state, index)
        here = order.path[-1] if order.path else unit.hex
        assert here is not None
        left = unit.sheet.traits[MOVEMENT] - self.arena.path_cost(order.path)
        return _Plotting(unit, order, self.arena.exits(here), left)

    def _plot_problem(
        self, state: SawState, index: int, plotting: _Plotting, action: SawAction
    ) -> str | None:
        """Plotting: where the unit moves and what it attacks."""
        variable = self.options.variable_traits
        sheet = plotting.unit.sheet
        if isinstance(action, Assign):
            if not variable:
                return "re-allocating points needs the option variable_traits (Variable Traits)"
            if not sheet.pool:
                return f"{action.unit} has no points to assign: reallocate first"
            return self._assign_problem(index, sheet, action)
        if sheet.pool:
            return f"{action.unit} must first assign its {sheet.pool} released point(s)"
        if isinstance(action, Release):
            return self._release_problem(plotting)
        if isinstance(action, Step):
            return self._step_problem(plotting, action.direction)
        if isinstance(action, Attack):
            return self._attack_problem(state, index, plotting.order, action)
        return None

    def _release_problem(self, plotting: _Plotting) -> str | None:
        """Variable traits: "During the plotting phase of each turn, players may re-allocate
        any remaining points", once a turn, before the unit's move and attacks are plotted."""
        if not self.options.variable_traits:
            return "re-allocating points needs the option variable_traits (Variable Traits)"
        if plotting.unit.sheet.released:
            return f"{plotting.unit.id} has already re-allocated this turn"
        if plotting.order.path or plotting.order.shots:
            return "re-allocate before plotting the unit's move and attacks"
        return None

    def _order(self, state: SawState, index: int) -> Order:
        plot = state.plots[self._seats[index]]
        return plot.orders[self._order_place(plot, self.ids[index])]

    @staticmethod
    def _order_place(plot: Plot, unit: str) -> int:
        """Where the order of ``unit`` (living: it has one) is in ``plot``."""
        for place, order in enumerate(plot.orders):
            if order.unit == unit:
                return place
        raise AssertionError(f"{unit} has no order")

    def _step_problem(self, plotting: _Plotting, direction: int) -> str | None:
        """Movement: each hex entered costs its terrain's movement; some are impassable."""
        if not isinstance(direction, int) or not 0 <= direction < 6:
            names = " ".join(DIRECTIONS)
            return f"a step goes in a direction 0-5 ({names}), not {excerpt(direction)}"
        if plotting.may_enter(direction):
            return None
        unit = plotting.unit
        there, cost = plotting.exits[direction]
        if there is None:
            return f"{unit.id} would step off the map"
        if cost is None:
            kind = self.arena.terrain[self.arena.board.index(there)].name
            return f"{self._label(there)} is impassable ({kind}; Obstacles and Terrain)"
        movement = unit.sheet.traits[MOVEMENT]
        return (
            f"{unit.id} has movement {movement}; entering {self._label(there)} would make "
            f"its move cost {movement - plotting.left + cost}"
        )

    def _attack_problem(
        self, state: SawState, index: int, order: Order, action: Attack
    ) -> str | None:
        """Plotting: "what enemy units, if any, they will attack"; one attack per weapon."""
        target = self._index.get(action.target)
        if target is None:
            return f"there is no unit {excerpt(action.target)}"
        if self.owners[target] == action.player:
            return f"{action.target} is one of your own units"
        if not state.units[target].alive:
            return f"{action.target} has been destroyed"
        weapons = state.units[index].weapons
        if not isinstance(action.weapon, int) or not 1 <= action.weapon <= weapons:
            return f"{action.unit} has {weapons} weapon(s), no weapon {action.weapon}"
        if not self.may_fire(index, state.units[index].sheet.traits, action.weapon):
            return (
                f"weapon {action.weapon} of {action.unit} has no points: an attack beyond its "
                f"own {self.specs[index].weapons} needs points allocated (Variable Traits)"
            )
        if any(shot.weapon == action.weapon for shot in order.shots):
            return f"weapon {action.weapon} of {action.unit} already attacks this turn"
        if action.coordinated:
            if not self.options.coordination:
                return "coordinated attacks need the option coordination (Coordinated attacks)"
            if any(s.coordinated and s.target == action.target for s in order.shots):
                return (
                    f"{action.unit} already takes part in a coordinated attack on {action.target}"
                )
        return None

    # -- applying ---------------------------------------------------------------------------------

    def apply_unchecked(self, state: SawState, action: SawAction) -> SawState:
        diaries = _noted(state, self._seat[action.player], Wrote(action))
        index = self._index[action.unit]
        unit = state.units[index]
        sheet = unit.sheet
        if isinstance(action, Assign | Allocate):
            slot = self._trait_index[index][action.trait]
            return self._with_points(state.with_changes(diaries=diaries), index, slot, action)
        if isinstance(action, Release):
            released = Sheet((0,) * len(sheet.traits), sheet.points, released=True)
            units = _replace(state.units, index, unit.with_sheet(released))
            return state.with_changes(units=units, diaries=diaries)
        plots = self._plotted(state.plots, state.units, action)
        state = state.with_changes(plots=plots, diaries=diaries)
        if isinstance(action, Done) and self._plot_complete(plots, action.player):
            return self._finished(state, action.player)
        return state

    def afterstate(self, state: SawState, action: SawAction) -> SawState:
        """The last plot in, its movement and attacks not yet resolved: every plot stays on
        the state and nobody is to act, so :meth:`evaluate` reckons each plotted attack at
        its exact expected hit points rather than by one roll of the dice."""
        if not isinstance(action, Done) or state.waiting != {action.player}:
            return self.apply_unchecked(state, action)
        diaries = _noted(state, self._seat[action.player], Wrote(action))
        plots = self._plotted(state.plots, state.units, action)
        state = state.with_changes(plots=plots, diaries=diaries)
        if self._plot_complete(plots, action.player):
            diaries = tuple(diary.noted(Finished(action.player)) for diary in state.diaries)
            return state.with_changes(waiting=frozenset(), diaries=diaries)
        return state

    def _plotted(
        self, plots: tuple[Plot, ...], units: Sequence[Unit], action: Step | Attack | Done
    ) -> tuple[Plot, ...]:
        """``plots`` with ``action`` written into its unit's order (a first step leaves from
        where the unit stands in ``units``)."""
        index = self._index[action.unit]
        seat = self._seats[index]
        plot = plots[seat]
        place = self._order_place(plot, action.unit)
        order = plot.orders[place]
        if isinstance(action, Step):
            here = order.path[-1] if order.path else units[index].hex
            assert here is not None
            there = self.arena.step(here, action.direction)
            assert there is not None
            order = Order(order.unit, (*order.path, there), order.shots)
        elif isinstance(action, Attack):
            shot = Shot(action.weapon, action.target, action.coordinated)
            order = Order(order.unit, order.path, (*order.shots, shot))
        else:
            order = Order(order.unit, order.path, order.shots, done=True)
        orders = _replace(plot.orders, place, order)
        return _replace(plots, seat, Plot(plot.player, orders))

    def _plot_complete(self, plots: tuple[Plot, ...], player: str) -> bool:
        """Whether every order of ``player``'s plot in ``plots`` is done."""
        return all(o.done for o in plots[self._seat[player]].orders)

    def plot_batch(self, state: SawState, actions: Iterable[Step | Attack | Done]) -> PlotBatch:
        """What the plotting ``actions`` (legal, in order; only the last may finish the
        phase) do to ``state`` short of resolving the turn: the plots, who still plots, and
        what each diary notes.  It reads only the plots, who plots and where the units stand,
        so a sampled past (:mod:`wargames.saw.history`) works it out once for all the pasts
        that agree on those and applies it with :meth:`with_plot_batch`."""
        plots, waiting = state.plots, state.waiting
        notes: list[list[Wrote | Finished]] = [[] for _ in self.players]
        for action in actions:
            notes[self._seat[action.player]].append(Wrote(action))
            plots = self._plotted(plots, state.units, action)
            player = action.player
            if isinstance(action, Done) and self._plot_complete(plots, player):
                waiting = waiting - {player}
                for note in notes:
                    note.append(Finished(player))
        return PlotBatch(plots, waiting, tuple(tuple(note) for note in notes))

    def with_plot_batch(self, state: SawState, batch: PlotBatch) -> SawState:
        """``state`` after the actions of ``batch`` (:meth:`plot_batch` of a state with the
        same plots, players plotting and units' hexes): the state :meth:`apply_unchecked`
        reaches with them one by one, the turn resolved if the last plot came in."""
        diaries = tuple(
            diary.noted(*note) if note else diary
            for diary, note in zip(state.diaries, batch.notes, strict=True)
        )
        state = state.with_changes(plots=batch.plots, waiting=batch.waiting, diaries=diaries)
        return state if batch.waiting else self._resolve(state)

    def _with_points(
        self, state: SawState, index: int, slot: int, action: Assign | Allocate
    ) -> SawState:
        unit = state.units[index]
        sheet = unit.sheet
        traits = list(sheet.traits)
        if isinstance(action, Assign):
            traits[slot] += action.points
            sheet = Sheet(traits, sheet.pool - action.points, released=sheet.released)
        else:
            traits[slot] -= action.points
            wounds = list(sheet.wounds or (0,) * len(traits))
            wounds[slot] += action.points
            sheet = Sheet(traits, hits=sheet.hits - action.points, wounds=wounds)
        state = state.with_changes(units=_replace(state.units, index, unit.with_sheet(sheet)))
        if self.phase(state) == PLOT or self.current_unit(state, action.player) is not None:
            return state
        return self._finished(state, action.player)

    def _finished(self, state: SawState, player: str) -> SawState:
        """``player`` has done their part of a simultaneous phase; after the last, go on."""
        waiting = state.waiting - {player}
        diaries = tuple(diary.noted(Finished(player)) for diary in state.diaries)
        state = state.with_changes(waiting=waiting, diaries=diaries)
        if waiting:
            return state
        phase = self.phase(state)
        if phase == DESIGN:
            return self._begin_play(state)
        if phase == PLOT:
            return self._resolve(state)
        return self._end_turn(state)

    def _begin_play(self, state: SawState) -> SawState:
        """Every unit is designed: record the designs (each told to its owner, or to every
        player with ``open_designs``) and plot."""
        published = self.options.open_designs
        events = [Designed(u.id, u.owner, u.sheet.traits, published) for u in state.units]
        return state.with_changes(
            log=state.log.with_events(events),
            clock=TURNS.advance(state.clock),
            waiting=frozenset(self.players),
        )

    # -- movement and attack ------------------------------------------------------------------

    def _resolve(self, state: SawState) -> SawState:
        """Every plot is in: reveal them, move every unit at once, then resolve every attack."""
        turn = state.clock.turn
        units = list(state.units)
        events: list[Any] = []
        if self.options.variable_traits:
            events += [Reallocated(turn, u.id, u.owner, u.sheet.traits) for u in units if u.alive]
        orders = {o.unit: o for plot in state.plots for o in plot.orders}
        events += [
            PlotRevealed(turn, plot.player, plot.orders) for plot in state.plots if plot.orders
        ]
        alive = [i for i, u in enumerate(units) if u.alive]
        moves = []
        for i in alive:
            start = units[i].hex
            assert start is not None
            moves.append((start, orders[self.ids[i]].path))
        for i, (start, path), steps in zip(alive, moves, self.collide(moves), strict=True):
            if path:
                where = path[steps - 1] if steps else start
                units[i] = units[i].with_hex(where)
                events.append(Moved(turn, self.ids[i], path[:steps], steps < len(path)))
        rng = state.rng
        taken = [0] * len(units)
        for player, members, target in self._strikes(state.plots):
            defender = units[target]
            assert defender.hex is not None
            accuracy, damage, penalty = self._attack_sums(
                units, members, defender.hex, lambda i: units[i].hex
            )
            own = defender.sheet.traits
            dice = attack_dice(accuracy, own[EVASION], damage, own[ENDURANCE], penalty)
            rolls, rng = dice.rolls(rng)
            wound = rolls.to_wound
            points = rolls.hit_points
            events.append(
                Attacked(
                    turn,
                    player,
                    tuple((self.ids[i], weapon) for i, weapon in members),
                    defender.id,
                    defender.owner,
                    penalty,
                    rolls.hit,
                    points > 0,
                    rolls.to_hit[0],
                    rolls.to_hit[1],
                    None if wound is None else wound[0],
                    None if wound is None else wound[1],
                    points,
                )
            )
            taken[target] += points
        plots = tuple(Plot(plot.player, ()) for plot in state.plots)
        state = state.with_changes(
            rng=rng,
            units=tuple(units),
            plots=plots,
            log=state.log.with_events(events),
            clock=TURNS.advance(state.clock),
        )
        return self._begin_damage(state, taken)

    def _strikes(self, plots: Sequence[Plot]) -> list[tuple[str, tuple[tuple[int, int], ...], int]]:
        """Every attack to resolve, as ``(player, ((unit, weapon), ...), target)``, in seating
        order, then unit order, then weapon order.  A player's coordinated shots at one
        target are one attack ("rolled as one attack"), placed where the first of them is."""
        strikes: list[tuple[str, list[tuple[int, int]], int]] = []
        groups: dict[tuple[str, str], list[tuple[int, int]]] = {}
        for plot in plots:
            for order in plot.orders:
                for shot in order.shots:
                    member = (self._index[order.unit], shot.weapon)
                    if not shot.coordinated:
                        strikes.append((plot.player, [member], self._index[shot.target]))
                        continue
                    key = (plot.player, shot.target)
                    if key not in groups:
                        groups[key] = []
                        strikes.append((plot.player, groups[key], self._index[shot.target]))
                    groups[key].append(member)
        return [(player, tuple(members), target) for player, members, target in strikes]

    def _attack_sums(
        self,
        units: Sequence[Unit],
        members: Iterable[tuple[int, int]],
        there: Hex,
        origin: Callable[[int], Hex | None],
    ) -> tuple[int, int, int]:
        """The accuracy, damage and range penalty of one attack by ``members`` (unit index,
        weapon) on a target standing on ``there``, each attacker firing from ``origin(index)``:
        for a coordinated attack, "their accuracy and damage traits are added together ...
        Range modifiers are subtracted for both weapons"."""
        accuracy = damage = penalty = 0
        for i, weapon in members:
            source = origin(i)
            assert source is not None
            traits = units[i].sheet.traits
            accuracy += traits[accuracy_index(weapon)]
            damage += traits[damage_index(weapon)]
            penalty += self.arena.penalty(source, there, self.range_table)
        return accuracy, damage, penalty

    # -- damage and the end of a turn ------------------------------------------------------------

    def _begin_damage(self, state: SawState, taken: Sequence[int]) -> SawState:
        """ "Each unit must subtract all of the hit points taken during the turn from its
        traits": a unit that took at least what it has left is reduced to zero (destroyed,
        "removed from the map") at once; the others' owners allocate the hit points."""
        turn = state.clock.turn
        units = list(state.units)
        events: list[Any] = []
        standing = self._standing(units)
        waiting: set[str] = set()
        for i, points in enumerate(taken):
            if not points:
                continue
            unit = units[i]
            left = sum(unit.sheet.traits)
            if points >= left:
                zero = Sheet((0,) * len(unit.sheet.traits))
                units[i] = unit.with_sheet(zero, damaged=True).with_hex(None)
                events.append(Destroyed(turn, unit.id))
            else:
                units[i] = unit.with_sheet(Sheet(unit.sheet.traits, hits=points), damaged=True)
                waiting.add(unit.owner)
        left_standing = self._standing(units)
        events += [Eliminated(turn, p) for p in self.players if p in standing - left_standing]
        state = state.with_changes(
            units=tuple(units), log=state.log.with_events(events), waiting=frozenset(waiting)
        )
        if len(left_standing) <= 1:
            return self._game_over(state, left_standing)
        if waiting:
            return state
        return self._end_turn(state)

    def _standing(self, units: Iterable[Unit]) -> frozenset[str]:
        """The players with a unit on the map."""
        return frozenset(u.owner for u in units if u.alive)

    def _end_turn(self, state: SawState) -> SawState:
        """Record every damage allocation, then the next turn's plotting (or the turn limit)."""
        turn = state.clock.turn
        events = []
        units = list(state.units)
        for i, unit in enumerate(units):
            sheet = unit.sheet
            if sheet.wounds or sheet.released:
                if sheet.wounds:
                    events.append(Allocated(turn, unit.id, unit.owner, sheet.wounds))
                units[i] = unit.with_sheet(Sheet(sheet.traits))
        state = state.with_changes(units=tuple(units), log=state.log.with_events(events))
        limit = self.options.turn_limit
        if limit is not None and turn >= limit:
            return self._game_over(state, self._standing(units), limit=limit)
        return state.with_changes(
            clock=TURNS.advance(state.clock),
            plots=self._fresh_plots(units),
            waiting=self._standing(units),
        )

    def _game_over(
        self, state: SawState, standing: frozenset[str], limit: int | None = None
    ) -> SawState:
        """The last side standing wins; none standing is a draw; at the turn limit, a draw."""
        if limit is not None:
            names = ", ".join(p for p in self.players if p in standing)
            result = Outcome(frozenset(), f"turn limit of {limit} reached with {names} standing")
        elif standing:
            result = Outcome(standing, LAST_STANDING)
        else:
            result = Outcome(frozenset(), "every remaining unit destroyed in the same turn")
        log = state.log
        if self.options.variable_traits:
            log = log.with_event(RecordRevealed(_record(log)))
        return state.with_changes(log=log, waiting=frozenset(), result=result)

    # -- for learning agents (see wargames.saw.learning) -------------------------------------

    def every_action(self, player: str) -> Iterator[SawAction]:
        return learning.every_action(self, player)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return learning.observation_shape(self)

    def encode_view(self, view: SawState, player: str) -> NDArray[numpy.float32]:
        return learning.encode_view(self, view, player)

    def observation_tensor(self, state: SawState, player: str) -> NDArray[numpy.float32]:
        """:meth:`encode_view` of the state itself: it reads only what ``player`` may see."""
        self.check_player(player)
        return learning.encode_view(self, state, player)

    @property
    def max_game_length(self) -> int:
        return learning.max_game_length(self)

    # -- notation, determinisation, odds, text -----------------------------------------------

    def read_action(self, state: SawState, text: str, player: str | None) -> SawAction:
        """Read ``b1 step ne``, ``b1 attack r2``, ``b1 attack r2 weapon 2 coordinated``,
        ``b1 done``, ``b1 assign 5 evasion``, ``b1 reallocate``, ``b1 lose 1 endurance``.
        Without ``player``, the unit's owner acts.

        :raises InvalidAction: for text that is none of these or names no unit.
        """
        from wargames.saw.notation import parse

        return parse(self, text, player)

    def sample_history(self, view: SawState, player: str, rng: random.Random) -> History:
        """A past that replays to ``view`` for ``player``, every secret drawn consistent with
        what they saw; see :mod:`wargames.saw.history`."""
        from wargames.saw.history import sample_history

        return sample_history(self, view, player, rng)

    explicit_chance = True
    chance_by_draw = True
    """The resolution of a turn goes draw by draw (:meth:`drawing`): every die of every
    attack, in the order the attacks are rolled (docs/saw.md, "Chance nodes")."""

    @property
    def max_chance_outcomes(self) -> int:
        """A die's faces: in play the stream draws nothing but the attacks' d6s (designs are
        drawn at the start, which is always sampled)."""
        return len(d6.faces)

    def odds(self, state: SawState, action: SawAction) -> Distribution[int] | None:
        """For an :class:`~wargames.saw.state.Attack`: the exact distribution of the hit points
        the attack will inflict, as its player can know it, else ``None``.

        Uses only ``view(state, action.player)``: the player's own traits and plot (the attack
        joins the player's coordinated attacks on the target already plotted), distances from
        where the attackers' plotted paths end to where the target stands now (its own move is
        secret), the terrain, and the target's evasion and endurance: as published while it
        still has its published design (:meth:`published_design`), else by
        :func:`~wargames.saw.odds.design_prior`, every design of its points equally likely.
        :meth:`exact_odds` uses the true traits instead.
        """
        if not isinstance(action, Attack):
            return None
        view = self.view(state, action.player)
        accuracy, damage, penalty, target = self._attack_terms(view, action)
        known = self.published_design(view, target)
        if known is not None:
            evasion, endurance = known[EVASION], known[ENDURANCE]
            return attack_dice(accuracy, evasion, damage, endurance, penalty).distribution()
        unit = view.units[target]
        prior = design_prior(unit.points, unit.weapons, self.options.weapon_cap, unit.damaged)
        return hit_points_against(accuracy, damage, penalty, prior)

    def published_design(self, state: SawState, index: int) -> tuple[int, ...] | None:
        """The traits of unit ``index`` if every player knows them: its design was published
        (the teaching option ``open_designs``), it has taken no damage and its traits cannot be
        re-allocated (no Variable Traits).  ``None`` otherwise."""
        unit = state.units[index]
        if unit.damaged or self.options.variable_traits:
            return None
        for event in state.log:
            if isinstance(event, Designed) and event.unit == unit.id:
                return event.traits if event.published else None
        return None

    def exact_odds(self, state: SawState, action: Attack) -> Distribution[int]:
        """The exact distribution of the hit points of a plotted attack, from the true traits
        in ``state`` (omniscient: for analysis, or on a state from :meth:`sample_state`).

        :raises ValueError: if ``state`` hides the traits involved (it is a view).
        """
        accuracy, damage, penalty, target = self._attack_terms(state, action)
        sheet = state.units[target].sheet
        if is_hidden(sheet):
            raise ValueError(f"the traits of {action.target} are hidden in this state")
        return attack_dice(
            accuracy, sheet.traits[EVASION], damage, sheet.traits[ENDURANCE], penalty
        ).distribution()

    def _attack_terms(self, state: SawState, action: Attack) -> tuple[int, int, int, int]:
        """Total accuracy, damage and range penalty of the attack ``action`` belongs to, with
        the player's coordinated shots on the same target, and the target's index."""
        index = self.unit_index(action.unit)
        target = self.unit_index(action.target)
        if self.owners[index] != action.player or self.owners[target] == action.player:
            attack = excerpt(str(action))
            raise IllegalAction(f"{attack} is not an attack of {action.player} on an enemy")
        members = {(index, action.weapon)}
        if action.coordinated:
            plot = state.plots[self.players.index(action.player)]
            if not is_hidden(plot.orders):
                for order in plot.orders:
                    for shot in order.shots:
                        if shot.coordinated and shot.target == action.target:
                            members.add((self._index[order.unit], shot.weapon))
        there = state.units[target].hex
        if there is None:
            raise IllegalAction(f"{excerpt(action.target)} has been destroyed")
        hidden = [self.ids[i] for i, _ in sorted(members) if is_hidden(state.units[i].sheet)]
        if hidden:
            raise ValueError(f"the traits of {hidden[0]} are hidden in this state")
        accuracy, damage, penalty = self._attack_sums(
            state.units, sorted(members), there, lambda i: self._plotted_end(state, i)
        )
        return accuracy, damage, penalty, target

    def unit_place(self, state: SawState, unit: Hashable) -> Hex | None:
        """Where unit ``unit`` will be once the move plotted so far goes through (its hex
        outside the plot, or when the plot is hidden from the view); ``None`` for one
        destroyed or unknown."""
        if unit not in self.ids or state.units[self.ids.index(str(unit))].hex is None:
            return None
        return self._plotted_end(state, self.ids.index(str(unit)))

    def _plotted_end(self, state: SawState, index: int) -> Hex:
        """Where unit ``index`` will be if its plotted move (as far as plotted) goes through."""
        here = state.units[index].hex
        assert here is not None
        plot = state.plots[self.players.index(self.owners[index])]
        if is_hidden(plot.orders) or self.phase(state) != PLOT:
            return here
        order = next((o for o in plot.orders if o.unit == self.ids[index]), None)
        return order.path[-1] if order is not None and order.path else here

    def odds_words(self, state: SawState, action: SawAction) -> str:
        """:meth:`odds` in words (:func:`wargames.saw.words.odds_words`)."""
        odds = self.odds(state, action)
        return "" if odds is None else words.odds_words(odds)

    def outcome_words(self, view: SawState, action: SawAction, outcome: Any) -> str:
        """One result of :meth:`odds` in words (:func:`wargames.saw.words.outcome_words`)."""
        return words.outcome_words(outcome)

    def action_sentence(self, view: SawState, action: SawAction, viewer: str | None) -> str:
        """``action`` taken, for ``viewer`` (:func:`wargames.saw.words.action_sentence`)."""
        said = words.action_sentence(self, view, action, viewer)
        return said or super().action_sentence(view, action, viewer)

    def action_label(self, view: SawState, action: SawAction) -> str:
        """``action`` in words (:mod:`wargames.saw.words`)."""
        return words.action_label(view, action)

    def event_sentence(self, view: SawState, event: Any, viewer: str | None) -> str:
        """``event`` from ``viewer``'s side (:mod:`wargames.saw.words`)."""
        return words.event_sentence(self, view, event, viewer) or super().event_sentence(
            view, event, viewer
        )

    def describe(self, state: SawState, player: str | None = None) -> str:
        """The map as text (unit designations on their hexes, terrain symbols), each unit's
        record as ``player`` may see it, then the turn and who is to act, or the outcome."""
        from wargames.saw.text import describe

        return describe(self, state, player)

    def legend(self) -> str:
        """What the map's designations and terrain symbols mean."""
        from wargames.saw.text import legend

        return legend(self)

    @property
    def board(self) -> HexBoard:
        """The map's hex board (the arena's), for pictures (:mod:`wargames.render.svg`)."""
        return self.arena.board

    def tokens(self, state: SawState, player: str | None = None) -> dict[Hex, Token]:
        """The units as SVG tokens, as ``player`` sees them (see
        :func:`wargames.saw.text.tokens`)."""
        from wargames.saw.text import tokens

        return tokens(self, state, player)

    def _label(self, cell: Hex) -> str:
        return self.arena.board.label(cell)


class PlotBatch(NamedTuple):
    """What a run of plotting actions does (:meth:`Saw.plot_batch`): the plots after it, the
    players still plotting, and the entries it adds to each diary (in seating order)."""

    plots: tuple[Plot, ...]
    waiting: frozenset[str]
    notes: tuple[tuple[Wrote | Finished, ...], ...]


class _Plotting(NamedTuple):
    """What the plotting rules read of one unit's order, worked out once for all the actions
    judged against it: the unit, its order, the hexes next to where its plotted move ends so
    far with what each costs to enter (:meth:`Arena.exits`), and the movement left."""

    unit: Unit
    order: Order
    exits: tuple[tuple[Hex | None, int | None], ...]
    left: int

    def may_enter(self, direction: int) -> bool:
        """Movement: whether the unit may plot one more hex in ``direction`` (0-5): on the
        map, passable, and costing no more than the movement left ("how many spaces a unit
        may move in one round"; terrain costs: Obstacles and Terrain)."""
        cost = self.exits[direction][1]
        return cost is not None and cost <= self.left


class _Menu(NamedTuple):
    """Every action of one unit, built once (actions are values) for :meth:`Saw.legal_actions`
    to pick from, in its order: the point assignments and damage allocations (each trait,
    each chunk of points), the re-allocation, the six steps, the attacks on each unit by unit
    index (each weapon, coordinated or not when the advanced rule is on; none on the unit's
    own side), and done."""

    assigns: tuple[Assign, ...]
    allocations: tuple[Allocate, ...]
    release: Release
    steps: tuple[Step, ...]
    attacks: tuple[tuple[Attack, ...], ...]
    done: Done

    @classmethod
    def of(cls, game: Saw, index: int) -> _Menu:
        player, unit = game.owners[index], game.ids[index]
        points = [(t, n) for t in game.traits[index] for n in game.chunks]
        flags = (False, True) if game.options.coordination else (False,)
        weapons = range(1, game.weapons[index] + 1)
        return cls(
            tuple(Assign(player, unit, t, n) for t, n in points),
            tuple(Allocate(player, unit, t, n) for t, n in points),
            Release(player, unit),
            tuple(Step(player, unit, d) for d in range(6)),
            tuple(
                tuple(Attack(player, unit, target, w, c) for w in weapons for c in flags)
                if owner != player
                else ()
                for target, owner in zip(game.ids, game.owners, strict=True)
            ),
            Done(player, unit),
        )


def _designations(players: Sequence[str], owners: Sequence[str]) -> tuple[str, ...]:
    """Each unit's designation: the shortest prefix that tells every player apart, then the
    unit's number in its army (``b1``, ``r2``)."""
    length = next(
        (
            n
            for n in range(1, max(map(len, players)) + 1)
            if len({p[:n] for p in players}) == len(players)
        ),
        max(map(len, players)),
    )
    counts: dict[str, int] = {}
    ids = []
    for owner in owners:
        counts[owner] = counts.get(owner, 0) + 1
        ids.append(f"{owner[:length]}{counts[owner]}")
    return tuple(ids)


def _rng_design(spec: UnitSpec, cap: int | None, rng: Rng) -> tuple[tuple[int, ...], Rng]:
    """A uniformly drawn design from the state's stream."""
    stream = [rng]

    def below(n: int) -> int:
        if n <= 1 << 64:
            value, stream[0] = stream[0].below(n)
            return value
        # Wider than one draw: whole 64-bit parts, rejecting the uneven top.
        parts = (n.bit_length() + 63) // 64
        limit = (1 << (64 * parts)) // n * n
        while True:
            value = 0
            for _ in range(parts):
                part, stream[0] = stream[0].below(1 << 64)
                value = (value << 64) | part
            if value < limit:
                return value % n

    traits = random_design(spec.points, spec.weapons, below, cap=cap)
    return traits, stream[0]


def _record(log: EventLog) -> tuple[tuple[int, str, tuple[int, ...]], ...]:
    """Every design and re-allocation in the log, as ``(turn, unit, traits)``."""
    return tuple(
        (0, e.unit, e.traits) if isinstance(e, Designed) else (e.turn, e.unit, e.traits)
        for e in log
        if isinstance(e, Designed | Reallocated)
    )


def _noted(state: SawState, seat: int, entry: Wrote) -> tuple[Diary, ...]:
    """The diaries of ``state`` with ``entry`` written in that of the player in ``seat``."""
    return _replace(state.diaries, seat, state.diaries[seat].noted(entry))


def _replace(items: tuple[Any, ...], index: int, item: Any) -> tuple[Any, ...]:
    return (*items[:index], item, *items[index + 1 :])
