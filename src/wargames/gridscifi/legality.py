"""Which actions are legal, in one place (rule text: every section; python-chess's
``is_legal`` pattern).

:func:`legal` generates the legal actions at the decision now pending (a unit bailing out,
a defender's answer, an arrival, the activation in progress, or the choice of the next
unit); :func:`problem` names the rule that forbids one action, or returns ``None``, and
``apply`` refuses exactly the actions with one.  Both are built from the same predicates of
each rule's module (a ``..._problem`` function for one action, and beside it the generator
of the actions it accepts), and ``tests/gridscifi/test_legality.py`` checks that they agree
on every action of the game's action space.
"""

from __future__ import annotations

from collections.abc import Iterator

from wargames.core.board import Square
from wargames.core.errors import excerpt
from wargames.gridscifi import activation, combat, movement, reserves, transports
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.overwatch import responses
from wargames.gridscifi.scenario import deployment_area
from wargames.gridscifi.state import (
    Activate,
    Activation,
    Aim,
    BailOut,
    CallReserve,
    Channel,
    Deploy,
    Embark,
    EndActivation,
    EndTurn,
    GridAction,
    GridState,
    HoldGround,
    LeaveTable,
    Overwatch,
    Place,
    Reroll,
    ReturnFire,
    Status,
    Step,
    TakeCover,
    Target,
    Unit,
    Unpin,
)
from wargames.gridscifi.targeting import target_problem
from wargames.gridscifi.units import Weapon

__all__ = ["RESPONSES", "deploy_problem", "deploy_squares", "legal", "problem", "psychic_most"]

RESPONSES = (TakeCover, HoldGround, ReturnFire)
_BETWEEN_ACTIVATIONS = (Activate, CallReserve, EndTurn)


def legal(field_: Battlefield, state: GridState, player: str) -> Iterator[GridAction]:
    """The legal actions of ``player`` (who is to act) at the decision now pending, one by
    one in a fixed order: exactly the actions :func:`problem` finds no fault with.  Between
    activations they come lazily, so asking whether there is any costs little."""
    units = state.units
    found: list[GridAction]
    if _unplaced(state) is not None:
        found = [Deploy(player, square) for square in deploy_squares(field_, state)]
    elif state.bailing:
        stranded = units[state.bailing[0]]
        squares = transports.bail_squares(field_, units, stranded)
        found = [BailOut(player, square) for square in squares]
    elif state.declared is not None:
        found = [*responses(field_, state, state.declared)]
    elif state.arrival is not None:
        unit = units[state.arrival.unit]
        squares = reserves.arrival_squares(field_, state, unit, state.arrival.rank)
        found = [Place(player, square) for square in squares]
    elif state.activation is None:
        return _between_activations(field_, state, player)
    else:
        found = _activation_actions(field_, state, state.activation, player)
    return iter(found)


def _between_activations(
    field_: Battlefield, state: GridState, player: str
) -> Iterator[GridAction]:
    reserve = []
    for unit in state.units:
        if unit.owner != player:
            continue
        if unit.status is Status.RESERVE:
            reserve.append(unit)
        elif not unit.activated and _unit_activate_problem(state.units, unit) is None:
            yield Activate(player, unit.id)
    for unit in reserve:
        yield from (
            CallReserve(player, unit.id, rank) for rank in reserves.calls(field_, state, unit)
        )
    yield EndTurn(player)


def _activation_actions(
    field_: Battlefield, state: GridState, act: Activation, player: str
) -> list[GridAction]:
    unit = state.units[act.unit]
    if act.psychic_target is not None:
        return [Channel(player, n) for n in range(1, psychic_most(field_, state, act) + 1)]
    if act.aim is not None:
        return list(_targets(field_, state, act, player))
    found: list[GridAction] = [Reroll(player, faces) for faces in activation.rerolls(act)]
    found += [Step(player, square) for square in movement.steps(field_, state, act)]
    found += [Embark(player, u.id) for u in transports.carriers(field_, state, act)]
    if reserves.leave_problem(field_, state, act) is None:
        found.append(LeaveTable(player))
    if activation.unpin_problem(unit, act) is None:
        found.append(Unpin(player))
    if activation.overwatch_problem(unit, act) is None:
        found.append(Overwatch(player))
    found += [Aim(player, weapon.name) for weapon in combat.weapons(field_, state, act)]
    found.append(EndActivation(player))
    return found


def _targets(
    field_: Battlefield, state: GridState, act: Activation, player: str
) -> Iterator[Target]:
    """The targets of the aimed weapon, each once and, where it may, with intense fire."""
    assert act.aim is not None
    attacker = state.units[act.unit]
    weapon = field_.profile(attacker).weapon(act.aim)
    assert weapon is not None
    intense = _intense_problem(weapon, act) is None
    for unit in combat.targets(field_, state, act, weapon):
        yield Target(player, unit.id, False)
        if intense:
            yield Target(player, unit.id, True)


def psychic_most(field_: Battlefield, state: GridState, act: Activation) -> int:
    """The most dice the psychic attack being declared may roll ("up to the 4 D6")."""
    assert act.aim is not None
    assert act.psychic_target is not None
    weapon = field_.profile(state.units[act.unit]).weapon(act.aim)
    assert weapon is not None
    troop = field_.profile(state.units[act.psychic_target]).troop
    return min(weapon.dice(troop), field_.tables.numbers.psychic_max_dice)


def _unplaced(state: GridState) -> int | None:
    """The unit to set up next: the lowest id still unplaced (the acting player's, since the
    set-up phase advances once a player has placed all of theirs)."""
    return state._unplaced


def deploy_squares(field_: Battlefield, state: GridState) -> list[Square]:
    """The squares of its owner's deployment area where the next unit to set up may stand."""
    uid = _unplaced(state)
    assert uid is not None
    unit = state.units[uid]
    flyer = field_.profile(unit).flyer
    area = deployment_area(field_, unit.owner, field_.deployment)
    return field_.vacant(state.units, area, flyer)


def deploy_problem(field_: Battlefield, state: GridState, action: Deploy) -> str | None:
    """Why the next unit to set up may not stand on ``action.square`` ("Units", "Flyers";
    the deployment area is the scenario's), or ``None``."""
    uid = _unplaced(state)
    assert uid is not None
    unit = state.units[uid]
    depth = field_.deployment
    if action.square not in deployment_area(field_, unit.owner, depth):
        ranks = "rank" if depth == 1 else f"{depth} ranks"
        return f"a unit sets up in your deployment area: your first {ranks} from your base edge"
    if not field_.free(state.units, action.square, field_.profile(unit).flyer):
        return (
            f"a unit cannot set up on {action.square}: one unit a square, "
            "unless one is a flyer (never two flyers)"
        )
    return None


# -- why an action is illegal -----------------------------------------------------------


def problem(field_: Battlefield, state: GridState, action: GridAction) -> str | None:
    """The rule ``action`` (by a player who is to act) breaks, or ``None`` if it is legal."""
    if _unplaced(state) is not None:
        if not isinstance(action, Deploy):
            return "set up your units first (deploy a square of your deployment area)"
        return deploy_problem(field_, state, action)
    if isinstance(action, Deploy):
        return "set-up is over"
    if state.bailing:
        if not isinstance(action, BailOut):
            return "place the units bailing out of the wreck first (bail out)"
        stranded = state.units[state.bailing[0]]
        if action.square not in transports.bail_squares(field_, state.units, stranded):
            return "the stranded unit bails out onto a vacant square next to the wreck"
        return None
    if isinstance(action, BailOut):
        return "no unit is bailing out of a wreck"
    if state.declared is not None:
        if not isinstance(action, RESPONSES):
            return "the attacked unit answers first: take cover, return fire or no cover"
        if action in responses(field_, state, state.declared):
            return None
        if isinstance(action, TakeCover):
            return "the unit cannot take cover here against this weapon"
        assert isinstance(action, ReturnFire)  # holding ground is always an answer
        return f"the unit cannot return fire with {excerpt(action.weapon)} dice {action.dice}"
    if isinstance(action, RESPONSES):
        return "no attack awaits an answer"
    if state.arrival is not None:
        if not isinstance(action, Place):
            return "place the unit arriving from reserve first"
        unit = state.units[state.arrival.unit]
        squares = reserves.arrival_squares(field_, state, unit, state.arrival.rank)
        if action.square not in squares:
            return f"the arriving unit may not arrive on {action.square}"
        return None
    if isinstance(action, Place):
        return "no unit is arriving from reserve"
    act = state.activation
    if act is None:
        if isinstance(action, Activate):
            return _activate_problem(state, action.unit, action.player)
        if isinstance(action, CallReserve):
            return reserves.call_problem(field_, state, action.player, action.unit, action.rank)
        if isinstance(action, EndTurn):
            return None
        return "activate a unit first"
    if isinstance(action, _BETWEEN_ACTIVATIONS):
        return "finish the active unit's activation first (end activation)"
    return _activation_problem(field_, state, act, action)


def _activate_problem(state: GridState, uid: int, player: str) -> str | None:
    units = state.units
    if not 0 <= uid < len(units) or units[uid].owner != player:
        return "that is not one of your units"
    return _unit_activate_problem(units, units[uid])


def _unit_activate_problem(units: tuple[Unit, ...], unit: Unit) -> str | None:
    """Why the player's ``unit`` may not be activated now, or ``None``."""
    if unit.status is Status.EMBARKED:
        carrier = units[unit.carrier] if unit.carrier is not None else None
        if carrier is None or not carrier.on_table:
            return "the unit is inside a transport that is not on the table"
    elif not unit.on_table:
        return "the unit is not on the table"
    if unit.activated:
        return "the unit has already been activated this turn"
    return None


def _activation_problem(
    field_: Battlefield, state: GridState, act: Activation, action: GridAction
) -> str | None:
    if act.psychic_target is not None:
        if not isinstance(action, Channel):
            return "choose how many dice the psychic attack rolls first"
        most = psychic_most(field_, state, act)
        if not 1 <= action.dice <= most:
            return f"a psychic attack rolls 1 to {most} dice"
        return None
    if act.aim is not None:
        if not isinstance(action, Target):
            return f"choose a target for the {act.aim} first"
        return _target_problem(field_, state, act, action)
    if isinstance(action, Target | Channel):
        return "choose a weapon first (fire ...)"
    unit = state.units[act.unit]
    if isinstance(action, Reroll):
        if action.faces not in activation.rerolls(act):
            if not act.may_reroll:
                return "re-rolls are for units on hills or high buildings, before any action"
            return f"the activation dice are {act.dice}: re-roll some of those faces"
        return None
    if isinstance(action, Step):
        return movement.step_problem(field_, state, act, action.square)
    if isinstance(action, Embark):
        return transports.embark_problem(field_, state, act, action.transport)
    if isinstance(action, LeaveTable):
        return reserves.leave_problem(field_, state, act)
    if isinstance(action, Unpin):
        return activation.unpin_problem(unit, act)
    if isinstance(action, Overwatch):
        return activation.overwatch_problem(unit, act)
    if isinstance(action, Aim):
        return combat.aim_problem(field_, state, act, action.weapon)
    return None  # EndActivation


def _target_problem(
    field_: Battlefield, state: GridState, act: Activation, action: Target
) -> str | None:
    if not 0 <= action.unit < len(state.units):
        return "there is no such unit"
    if action.unit in act.targets:
        return "a non-troop unit's two attacks are on different units"
    assert act.aim is not None
    attacker = state.units[act.unit]
    weapon = field_.profile(attacker).weapon(act.aim)
    assert weapon is not None
    problem = target_problem(field_, state, attacker, weapon, state.units[action.unit])
    if problem:
        return problem
    return _intense_problem(weapon, act) if action.intense else None


def _intense_problem(weapon: Weapon, act: Activation) -> str | None:
    """Why the aimed attack may not be intense fire, or ``None``."""
    if weapon.type.psychic:
        return "a psychic attack chooses its dice instead of intense fire"
    if act.even < 2:
        return "intense fire takes two even activation dice"
    return None
