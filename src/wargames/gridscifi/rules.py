"""The rules of Grid-Based SciFi (rule text: seeds/004), section by section.

* Set-up — ``start(seed)`` deploys both armies at random from the seed;
  ``start(seed, deploy=False)`` starts in the set-up phase, where each player in turn order
  places their units with :class:`~wargames.gridscifi.state.Deploy` actions
  (:meth:`GridSciFi._deploy`).
* Sequence of Play (IGO-UGO) — :meth:`GridSciFi._begin_turn`, :meth:`GridSciFi._end_turn`:
  a player activates their units one at a time, then ends the turn; overwatch ends at the
  start of its owner's turn.
* Actions — one action per die spent (:mod:`~wargames.gridscifi.activation`,
  :mod:`~wargames.gridscifi.movement`, :mod:`~wargames.gridscifi.combat`).
* Attacks — :mod:`~wargames.gridscifi.attacks` (dice), :mod:`~wargames.gridscifi.targeting`
  (range, sight, cover), :mod:`~wargames.gridscifi.overwatch` (the defender's answer).
* Transport, Reserves, Flyers — :mod:`~wargames.gridscifi.transports`,
  :mod:`~wargames.gridscifi.reserves`.
* Winning — :mod:`~wargames.gridscifi.scenario` and :meth:`GridSciFi.victory`.

Legality lives in one place (:mod:`~wargames.gridscifi.legality`):
:meth:`GridSciFi.illegal_reason` names the rule an action breaks, and
:meth:`GridSciFi.legal_actions` generates the actions it finds no fault with, from the same
predicates.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from attrs import frozen

from wargames.core.board import Square, SquareBoard
from wargames.core.chance import Chance
from wargames.core.changes import replace
from wargames.core.distribution import Distribution
from wargames.core.errors import InvalidAction, UnknownOption, excerpt
from wargames.core.events import EventLog
from wargames.core.game import ArmySetup, Game, Outcome
from wargames.core.history import History
from wargames.core.options import custom, flag, number, table, text
from wargames.core.phases import Clock, Phase, TurnStructure
from wargames.core.rng import Rng, Seed
from wargames.core.words import listed, side
from wargames.gridscifi import (
    activation,
    combat,
    display,
    evaluation,
    invariants,
    learning,
    movement,
    notation,
    reserves,
    transports,
    words,
)
from wargames.gridscifi.attacks import attack_dice
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.chance import action_chance, max_outcomes
from wargames.gridscifi.legality import RESPONSES, legal, problem
from wargames.gridscifi.odds import action_odds, attack
from wargames.gridscifi.past import sample_past
from wargames.gridscifi.scenario import (
    Scenario,
    annihilation,
    deploy,
    load_scenarios,
    objectives_outcome,
    scenario_text,
    scenarios_in,
)
from wargames.gridscifi.state import (
    ACTION_TYPES,
    EVENT_TYPES,
    Activate,
    Activated,
    Activation,
    Aim,
    AttackRolled,
    BailOut,
    BailOutRolled,
    CallReserve,
    Channel,
    Deploy,
    Deployed,
    Destroyed,
    Embark,
    EndTurn,
    GridAction,
    GridState,
    LeaveTable,
    Overwatch,
    Overwatched,
    Place,
    Reroll,
    Rerolled,
    ReturnFire,
    SetUp,
    Status,
    Step,
    TakeCover,
    Target,
    TurnBegan,
    Unit,
    Unpin,
    Unpinned,
    with_units,
)
from wargames.gridscifi.tables import TABLES, Tables
from wargames.gridscifi.units import Army, armies_from_data, load_armies
from wargames.render.svg import Token

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

__all__ = ["PLAYERS", "TURNS", "GridSciFi", "GridSciFiOptions"]

PLAYERS = ("blue", "red")
"""Blue plays first each turn."""
TURNS = TurnStructure(setup=(Phase("set-up"),), cycle=(Phase("activation"),))
ARMIES: dict[str, Army] = load_armies(TABLES)
SCENARIOS: dict[str, Scenario] = load_scenarios()


def _armies_option(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    names = list(value) if isinstance(value, list | tuple) else None
    if names is None or len(names) != len(PLAYERS) or not all(isinstance(n, str) for n in names):
        raise ValueError(f"armies: two army names, got {excerpt(value)}")
    return tuple(names)


@frozen
class GridSciFiOptions:
    """Options: ``scenario`` is a built-in scenario's name, or a scenario of your own: its
    TOML text, or a :class:`pathlib.Path` from your own code (read once: the options keep the
    text, so documents carry the scenario and never name a file); ``scenario_name`` chooses
    one of several scenarios in that text; ``turns`` and ``armies`` (two army names) replace
    the scenario's; ``tiebreak`` (on by default; the text leaves victory to the scenario)
    decides an equal count of objectives by the strength each side has left, and ``False``
    keeps the bare count (an equal count is a draw)."""

    scenario: str = table(
        "skirmish", builtins=tuple(SCENARIOS), parse=scenarios_in, what="Grid SciFi scenario"
    )
    scenario_name: str | None = text(
        None, what="the name of a scenario in your text", max_length=100, optional=True
    )
    turns: int | None = number(None, low=1, high=1_000, optional=True)
    armies: tuple[str, ...] | None = custom(
        None,
        converter=_armies_option,
        what="two army names, one per player (None: the scenario's)",
        examples=(None, *((a, b) for a in ARMIES for b in ARMIES)),
    )
    tiebreak: bool = flag(True)


class GridSciFi(Game[GridState, GridAction]):
    """Grid-Based SciFi on a scenario's battlefield.  Subclasses may override
    :meth:`make_scenario` and :meth:`victory` to play battles of their own."""

    name = "gridscifi"
    Options = GridSciFiOptions
    Setup = ArmySetup
    state_type = GridState
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    reported_events = (AttackRolled, Destroyed, BailOutRolled)
    tables: ClassVar[Tables] = TABLES
    matchups: ClassVar[Mapping[str, Callable[..., Any]]] = {"attack": attack}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        try:
            scenario, armies = self.make_scenario()
            chosen = self.options.armies or scenario.armies
            if len(chosen) != 2 or any(name not in armies for name in chosen):
                raise ValueError(f"armies must be two of {sorted(armies)}, got {list(chosen)}")
            self.scenario = replace(scenario, armies=chosen)
            self.field = Battlefield(
                self.tables,
                scenario.map,
                {player: armies[name] for player, name in zip(PLAYERS, chosen, strict=True)},
                scenario.objectives,
                scenario.name,
                scenario.deployment,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise UnknownOption(f"{type(self).__name__}: {error}") from error
        self.turns: int = self.options.turns or scenario.turns

    def make_scenario(self) -> tuple[Scenario, Mapping[str, Army]]:
        """The scenario to play and the armies it may use (from the ``scenario`` option).

        Override it to build a battle in code.
        """
        chosen, name = self.options.scenario, self.options.scenario_name
        if chosen in SCENARIOS:
            if name is not None:
                raise ValueError("scenario_name chooses among the scenarios of your own text")
            return SCENARIOS[chosen], ARMIES
        scenario, extra = scenario_text(chosen, name)
        return scenario, {**ARMIES, **armies_from_data(self.tables, extra)}

    def victory(self, state: GridState) -> Outcome | None:
        """How the game ends when a full turn is over (both players have played): by
        default the objectives decide at the end of the last turn.  Destroying every enemy
        unit always wins at once."""
        if state.clock.turn >= self.turns:
            return objectives_outcome(
                self.field, state.units, self.turns, tiebreak=self.options.tiebreak
            )
        return None

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    # -- starting -------------------------------------------------------------------------

    def start(self, seed: Seed | None = None, **setup: Any) -> GridState:
        """A new game.  ``deploy=True`` (the default) sets up both armies at random from
        ``seed`` (see :func:`~wargames.gridscifi.scenario.deploy`); ``deploy=False`` starts in
        the set-up phase, where each player in turn order places their units bound for the
        table with :class:`~wargames.gridscifi.state.Deploy` actions (which units start in
        reserve or inside a transport is still drawn from ``seed``).

        :raises UnknownOption: for an unknown set-up keyword or a bad value.
        """
        at_random = self.read_setup(setup).deploy
        units, rng = deploy(self.field, self.scenario, Rng.from_seed(seed), place=at_random)
        return self.opening(units, TURNS.start(len(PLAYERS)), rng)

    def opening(self, units: tuple[Unit, ...], clock: Clock, rng: Rng) -> GridState:
        """The first state of a game from ``units`` and ``clock`` as set up: the set-up is
        logged (:class:`~wargames.gridscifi.state.SetUp`), then play (or the players'
        set-up) begins."""
        log = EventLog((SetUp(units, clock),))
        state = GridState(rng=rng, units=units, clock=clock, log=log)
        return self._set_up(state) if TURNS.in_setup(clock) else state

    def in_setup(self, state: GridState) -> bool:
        """Whether the players are still setting up."""
        return TURNS.in_setup(state.clock)

    def _set_up(self, state: GridState) -> GridState:
        """Move the set-up on past players with no unit left to place; the first turn begins
        when nobody has."""
        while TURNS.in_setup(state.clock):
            player = self.active(state)
            if any(u.owner == player and u.status is Status.UNPLACED for u in state.units):
                return state
            state = replace(state, clock=TURNS.advance(state.clock))
        return self._begin_turn(state)

    def _deploy(self, state: GridState, square: Square) -> GridState:
        """Put the next unit to set up on ``square``: it is on the table and known to both."""
        index = state._unplaced
        assert index is not None  # checked: a unit is left to set up
        unit = state.units[index]
        placed = replace(unit, status=Status.TABLE, square=square, revealed=True)
        return self._set_up(
            replace(
                state,
                units=with_units(state.units, placed),
                log=state.log.with_event(Deployed(unit.id, unit.profile, square)),
            )
        )

    def position(
        self,
        units: Sequence[Unit],
        *,
        player: str = "blue",
        turn: int = 1,
        seed: Seed = 0,
    ) -> GridState:
        """A position in play, for studies and tests: ``units`` (ids 0, 1, ... in order),
        ``player`` to act in ``turn``, between activations.  Nothing is reset: tokens are as
        given.

        :raises ValueError: for ids out of order, unknown owners or profiles, or two units
            where the rules forbid it.
        """
        self.check_player(player)
        for index, unit in enumerate(units):
            if unit.id != index or unit.owner not in PLAYERS:
                raise ValueError(f"unit {index} must have id {index} and a player as owner")
            if unit.profile not in self.field.armies[unit.owner].profiles:
                raise ValueError(f"{unit.owner} has no unit {unit.profile!r}")
        clock = TURNS.start(len(PLAYERS))
        while TURNS.in_setup(clock) or clock.turn < turn or TURNS.actor(clock, PLAYERS) != player:
            clock = TURNS.advance(clock)
        state = self.opening(tuple(units), clock, Rng.from_seed(seed))
        for unit in state.units:
            square = unit.square
            if unit.on_table and square is not None:
                flyer = self.field.profile(unit).flyer
                if square not in self.field.board or not self.field.free(
                    state.units, square, flyer, unit.id
                ):
                    raise ValueError(f"#{unit.id} cannot stand on {square}")
        return state

    # -- whose turn -------------------------------------------------------------------------

    def active(self, state: GridState) -> str:
        """The player whose turn it is."""
        return TURNS.actor(state.clock, PLAYERS)

    def to_act(self, state: GridState) -> frozenset[str]:
        if state.result is not None:
            return frozenset()
        if state.bailing:
            return frozenset((state.units[state.bailing[0]].owner,))
        if state.declared is not None:
            return frozenset((state.units[state.declared.target].owner,))
        return TURNS.actors(state.clock, PLAYERS)

    def violations(self, state: GridState) -> Iterator[str]:
        yield from super().violations(state)
        if isinstance(state, GridState):
            yield from TURNS.clock_problems(state.clock, len(PLAYERS))
            yield from invariants.violations(self, state)

    def outcome(self, state: GridState) -> Outcome | None:
        return state.result

    # -- legal actions ------------------------------------------------------------------------

    def legal_actions(self, state: GridState, player: str) -> tuple[GridAction, ...]:
        self.check_player(player)
        if player not in self.to_act(state):
            return ()
        return tuple(legal(self.field, state, player))

    def illegal_reason(self, state: GridState, action: GridAction) -> str | None:
        return problem(self.field, state, action)

    # -- applying -------------------------------------------------------------------------

    def apply_unchecked(self, state: GridState, action: GridAction) -> GridState:
        field_ = self.field
        if isinstance(action, Deploy):
            return self._deploy(state, action.square)
        if isinstance(action, BailOut):
            return self._idle(transports.place_bailed(field_, state, action.square))
        if isinstance(action, RESPONSES):
            assert state.declared is not None
            reply = action if isinstance(action, ReturnFire) else None
            cover = isinstance(action, TakeCover)
            return self._after_attack(
                combat.resolve(field_, state, state.declared, cover=cover, reply=reply)
            )
        if isinstance(action, Place):
            return self._idle(reserves.place(field_, state, action.square))
        if isinstance(action, Activate):
            return self._activate(state, action.unit)
        if isinstance(action, CallReserve):
            return reserves.call(state, action.unit, action.rank)
        if isinstance(action, EndTurn):
            return self._end_turn(state)
        act = state.activation
        assert act is not None  # every other action is part of an activation
        return self._act(state, act, action)

    def _act(self, state: GridState, act: Activation, action: GridAction) -> GridState:
        field_ = self.field
        unit = state.units[act.unit]
        if isinstance(action, Reroll):
            rolled, rng = activation.reroll(act, action.faces, state.rng)
            event = Rerolled(unit.id, action.faces, rolled.dice)
            return replace(state, rng=rng, activation=rolled, log=state.log.with_event(event))
        if isinstance(action, Step):
            return self._continue(movement.step(field_, state, act, action.square))
        if isinstance(action, Embark):
            return self._close(transports.embark(field_, state, act, action.transport))
        if isinstance(action, LeaveTable):
            return self._close(reserves.leave(state, act))
        if isinstance(action, Unpin):
            freed = replace(unit, pinned=False, banked=False)
            return self._continue(
                replace(
                    state,
                    units=with_units(state.units, freed),
                    activation=activation.spend(act, odd=True),
                    log=state.log.with_event(Unpinned(unit.id)),
                )
            )
        if isinstance(action, Overwatch):
            watching = replace(unit, overwatch=True, banked=unit.pinned)
            return self._close(
                replace(
                    state,
                    units=with_units(state.units, watching),
                    log=state.log.with_event(Overwatched(unit.id)),
                )
            )
        if isinstance(action, Aim):
            return replace(state, activation=replace(act, aim=action.weapon, may_reroll=False))
        if isinstance(action, Target):
            return self._target(state, act, action)
        if isinstance(action, Channel):
            assert act.psychic_target is not None
            declared = combat.declare(field_, state, act, act.psychic_target, action.dice, False)
            return self._after_attack(declared)
        return self._close(state)  # EndActivation

    def _target(self, state: GridState, act: Activation, action: Target) -> GridState:
        field_ = self.field
        assert act.aim is not None
        weapon = field_.profile(state.units[act.unit]).weapon(act.aim)
        assert weapon is not None
        if weapon.type.psychic:
            return replace(state, activation=replace(act, psychic_target=action.unit))
        troop = field_.profile(state.units[action.unit]).troop
        dice = attack_dice(weapon.type, troop, self.tables, intense=action.intense)
        return self._after_attack(
            combat.declare(field_, state, act, action.unit, dice, action.intense)
        )

    def _activate(self, state: GridState, uid: int) -> GridState:
        unit = state.units[uid]
        act, rng = activation.start(self.field, state, unit)
        units = state.units
        if not unit.revealed:
            units = with_units(units, replace(unit, revealed=True))
        return replace(
            state,
            units=units,
            rng=rng,
            activation=act,
            log=state.log.with_event(Activated(uid, act.dice)),
        )

    def _continue(self, state: GridState) -> GridState:
        """After a move or an unpin: the activation ends once nothing is left to do."""
        act = state.activation
        if act is not None and activation.finish(act):
            return self._close(state)
        return state

    def _after_attack(self, state: GridState) -> GridState:
        """After an attack is declared: wait for the defender, or see what follows."""
        if state.declared is not None:
            return state
        over = annihilation(self.field, state.units)
        if over is not None:
            return replace(state, result=over, activation=None)
        act = state.activation
        if act is None:
            return self._idle(state)
        unit = state.units[act.unit]
        most = self.tables.numbers.max_attacks_non_troop
        profile = self.field.profile(unit)
        if unit.alive and not profile.troop and act.attacks < most and act.even:
            return state
        return self._close(state)

    def _close(self, state: GridState) -> GridState:
        """End the activation in progress."""
        act = state.activation
        assert act is not None
        unit = state.units[act.unit]
        units = (
            with_units(state.units, replace(unit, activated=True)) if unit.alive else state.units
        )
        return self._idle(replace(state, units=units, activation=None))

    def _idle(self, state: GridState) -> GridState:
        """Between activations with nothing pending: end the turn if the player has no unit
        to activate and none to bring from reserve.  A unit in reserve that may still be
        called this turn keeps the turn open even with no square to arrive on: where it may
        arrive depends on what it is, so ending by itself would tell the enemy."""
        if (
            state.result is not None
            or state.bailing
            or state.declared is not None
            or state.arrival is not None
            or state.activation is not None
        ):
            return state
        player = self.active(state)
        if not state.arrived and any(
            u.owner == player and u.status is Status.RESERVE and u.left_turn != state.clock.turn
            for u in state.units
        ):
            return state
        if any(not isinstance(action, EndTurn) for action in legal(self.field, state, player)):
            return state
        return self._end_turn(state)

    # -- turns ------------------------------------------------------------------------------

    def _end_turn(self, state: GridState) -> GridState:
        if state.clock.seat == len(PLAYERS) - 1:
            over = self.victory(state)
            if over is not None:
                return replace(state, result=over)
        state = replace(state, clock=TURNS.advance(state.clock), arrived=False)
        return self._begin_turn(state)

    def _begin_turn(self, state: GridState) -> GridState:
        """The start of a player's turn: their overwatch ends, units that banked an activation
        while pinned unpin, stranded units with a vacant square bail out."""
        player = self.active(state)
        units = list(state.units)
        events: list[object] = [TurnBegan(player, state.clock.turn)]
        bailing = []
        for unit in state.units:
            if unit.owner != player:
                continue
            if unit.banked:
                events.append(Unpinned(unit.id))
            if unit.activated or unit.overwatch or unit.banked:
                units[unit.id] = replace(
                    unit,
                    activated=False,
                    overwatch=False,
                    banked=False,
                    pinned=unit.pinned and not unit.banked,
                )
            if transports.bail_squares(self.field, state.units, unit):
                bailing.append(unit.id)
        state = replace(
            state,
            units=tuple(units),
            bailing=tuple(bailing),
            log=state.log.with_events(events),
        )
        return self._idle(transports.settle(self.field, state))

    # -- for learning agents (see wargames.gridscifi.learning) ------------------------------

    def every_action(self, player: str) -> Iterator[GridAction]:
        return learning.every_action(self, player)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return learning.observation_shape(self)

    def encode_view(self, view: GridState, player: str) -> NDArray[numpy.float32]:
        return learning.encode_view(self, view, player)

    def observation_tensor(self, state: GridState, player: str) -> NDArray[numpy.float32]:
        """:meth:`encode_view` of the state itself: it reads every secret through redaction."""
        self.check_player(player)
        return learning.encode_view(self, state, player)

    @property
    def max_game_length(self) -> int:
        return learning.max_game_length(self)

    # -- odds -------------------------------------------------------------------------------

    def odds(self, state: GridState, action: GridAction) -> Distribution[Any] | None:
        """The exact distribution of ``action``'s chance (see :func:`wargames.gridscifi.odds.
        action_odds`); ``None`` for actions without chance.

        :raises IllegalAction: if ``action`` is not legal here.
        """
        self.check(state, action)
        return action_odds(self.field, state, action)

    explicit_chance = True

    def chance(self, state: GridState, action: GridAction) -> Chance[Any] | None:
        """The exact chance of legal ``action`` (see :mod:`wargames.gridscifi.chance`)."""
        return action_chance(self.field, state, action)

    @property
    def max_chance_outcomes(self) -> int:
        return max_outcomes(self.field)

    # -- notation ---------------------------------------------------------------------------

    def read_action(self, state: GridState, text: str, player: str | None) -> GridAction:
        """Read an action in the notation of :mod:`wargames.gridscifi.notation`.

        :raises InvalidAction: for text that is not an action of this game.
        """
        if player is None:
            acting = self.to_act(state)
            if len(acting) != 1:
                raise InvalidAction("nobody is to act; name the player")
            (player,) = acting
        self.check_player(player)
        return notation.parse(text, player, self.field.board)

    # -- sampled pasts ------------------------------------------------------------------------

    def sample_history(self, view: GridState, player: str, rng: random.Random) -> History:
        """A past that shows ``player`` what gave them ``view`` (see
        :mod:`wargames.gridscifi.past`); ``sample_state`` is its last state.

        :raises NoPast: if no past of this game gives ``player`` the view.
        """
        return sample_past(self, view, player, rng)

    # -- evaluation (for bots) ---------------------------------------------------------------

    def evaluate(self, state: GridState, player: str) -> float:
        """The outcome if over, else :func:`wargames.gridscifi.evaluation.evaluate`: the
        objectives each side holds (by units that can still reach them before the end) and
        the strength it has left."""
        if state.result is not None:
            return super().evaluate(state, player)
        left = evaluation.moves_left(PLAYERS, state.clock, self.turns)
        return evaluation.evaluate(self.field, state.units, player, left)

    def decision(self, state: GridState, player: str) -> Hashable:
        """For search bots: one activation is one decision, from choosing the unit through
        its dice to its last action ("Sequence of Play": a player activates their units one
        at a time), and calling a unit from reserve with its square another; in set-up each
        unit placed.  So the search weighs a unit's activation whole, leaving the next
        unit's to :meth:`evaluate`, and does not credit the actions that end an activation
        soonest with what the next one adds.  It changes when an activation ends (the unit
        is marked activated, or destroyed by the fire it drew) or a reserve arrives."""
        if TURNS.in_setup(state.clock):
            return "set-up", state._unplaced
        done = frozenset(
            u.id for u in state.units if u.owner == player and (u.activated or not u.alive)
        )
        return state.clock, state.arrived, done

    # -- text -------------------------------------------------------------------------------

    def legend(self) -> str:
        """What the board's letters and symbols mean."""
        return display.legend(self.field)

    def odds_words(self, state: GridState, action: GridAction) -> str:
        """:meth:`odds` in words (:func:`wargames.gridscifi.words.odds_words`)."""
        odds = self.odds(state, action)
        return "" if odds is None else words.odds_words(action, odds)

    def outcome_words(self, view: GridState, action: GridAction, outcome: Any) -> str:
        """One result of :meth:`odds` in words (:func:`wargames.gridscifi.words.outcome_words`)."""
        return words.outcome_words(action, outcome)

    def action_sentence(self, view: GridState, action: GridAction, viewer: str | None) -> str:
        """``action`` taken, for ``viewer`` (:func:`wargames.gridscifi.words.action_sentence`)."""
        said = words.action_sentence(self.field, view, action, viewer)
        return said or super().action_sentence(view, action, viewer)

    def action_label(self, view: GridState, action: GridAction) -> str:
        """``action`` in words (:mod:`wargames.gridscifi.words`)."""
        return words.action_label(self.field, view, action)

    def event_sentence(self, view: GridState, event: Any, viewer: str | None) -> str:
        """``event`` from ``viewer``'s side (:mod:`wargames.gridscifi.words`)."""
        return words.event_sentence(self.field, view, event, viewer) or super().event_sentence(
            view, event, viewer
        )

    def describe(self, state: GridState, player: str | None = None) -> str:
        """The board as text (see :mod:`wargames.gridscifi.display`), as ``player`` sees it."""
        shown = state if player is None else self.view(state, player)
        heading = f"{self.scenario.title} ({self.scenario.armies[0]} v {self.scenario.armies[1]})"
        if state.result is not None:
            status = f"Game over. {state.result.sentence(player)}"
        elif self.in_setup(state):
            status = f"Set-up: {side(self.active(state))} to deploy"
        else:
            acting = listed(side(p) for p in sorted(self.to_act(state)))
            turn = f"Turn {state.clock.turn} of {self.turns}, {side(self.active(state))}'s turn"
            status = f"{turn}: {acting} to act"
        return display.describe(self.field, shown, heading, status)

    @property
    def board(self) -> SquareBoard:
        """The battlefield's board, for pictures (:mod:`wargames.render.svg`)."""
        return self.field.board

    def acting_unit(self, state: GridState) -> int | None:
        """The unit an action naming none concerns: the target answering a declared attack,
        else the unit being activated (or called from reserve)."""
        if state.declared is not None:
            return state.declared.target
        if state.activation is not None:
            return state.activation.unit
        return None if state.arrival is None else state.arrival.unit

    def tokens(self, state: GridState, player: str | None = None) -> dict[Square, Token]:
        """The units on the table as SVG tokens, as ``player`` sees them (everything for
        ``None``; see :func:`wargames.gridscifi.display.tokens`)."""
        shown = state if player is None else self.view(state, player)
        return display.tokens(self.field, shown)
