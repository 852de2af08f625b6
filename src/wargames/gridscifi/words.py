"""Grid SciFi's events in sentences, from the viewer's side.

A unit is named by its owner, its profile (where the viewer's view shows it) and its letter
on the board ("your Battle Squad D", "Red's unit j"); squares by their names; dice by their
faces.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from wargames.core.distribution import Distribution
from wargames.core.hidden import is_hidden
from wargames.core.words import chances, counted, listed, owner, sentence, subject
from wargames.gridscifi.display import letters
from wargames.gridscifi.state import (
    Activate,
    Activated,
    Aim,
    Arrived,
    AttackRolled,
    BailOut,
    BailOutRolled,
    CallReserve,
    Channel,
    Deploy,
    Deployed,
    Destroyed,
    Embark,
    Embarked,
    EndActivation,
    EndTurn,
    GridState,
    HoldGround,
    LeaveTable,
    LeftTable,
    Moved,
    Overwatch,
    Overwatched,
    Place,
    Placed,
    Reroll,
    Rerolled,
    ReturnFire,
    SetUp,
    Step,
    Stranded,
    TakeCover,
    Target,
    TurnBegan,
    Unpin,
    Unpinned,
)

if TYPE_CHECKING:
    from wargames.gridscifi.battlefield import Battlefield

__all__ = ["action_label", "action_sentence", "event_sentence", "odds_words", "outcome_words"]


def _unit(field_: Battlefield, view: GridState, unit_id: int, viewer: str | None) -> str:
    """``"your Battle Squad D"``, ``"Red's unit j"`` (its profile hidden)."""
    letter = letters(field_, view.units).get(unit_id, "")
    for unit in view.units:
        if unit.id == unit_id:
            kind = "unit" if is_hidden(unit.profile) else unit.profile
            return f"{owner(unit.owner, viewer)} {kind} {letter}"
    return f"unit {letter}" if letter else "a unit that is not in the game"


def _next_to_set_up(field_: Battlefield, view: GridState, player: str) -> str:
    """The unit the next :class:`Deploy` sets up (``"your Sniper Team A"``), as ``player``
    sees it; ``"the next unit"`` when none is left."""
    index = view._unplaced
    if index is None:
        return "the next unit"
    return _unit(field_, view, view.units[index].id, player)


def event_sentence(
    field_: Battlefield, view: GridState, event: Any, viewer: str | None
) -> str | None:
    """``event`` in a sentence for ``viewer``; ``None`` for an event that is not Grid SciFi's."""
    if isinstance(event, SetUp):
        return f"The armies are set up: {counted(len(event.units), 'unit')}."
    if isinstance(event, TurnBegan):
        whose = owner(event.player, viewer)
        return f"Turn {event.turn}: {whose} turn begins."
    if isinstance(event, AttackRolled):
        return _attack(field_, view, event, viewer)
    unit = _unit(field_, view, getattr(event, "unit", -1), viewer)
    if isinstance(event, Activated):
        return sentence(f"{unit} is activated and rolls {listed(event.dice)}")
    if isinstance(event, Rerolled):
        return sentence(
            f"{unit} re-rolls its activation dice {listed(event.faces)}: "
            f"they come up {listed(event.result)}"
        )
    if isinstance(event, Moved):
        return sentence(f"{unit} moves from {event.origin} to {event.target}")
    if isinstance(event, Embarked):
        return sentence(f"{unit} boards {_unit(field_, view, event.transport, viewer)}")
    if isinstance(event, LeftTable):
        return sentence(f"{unit} leaves the table from {event.square} for its reserve")
    if isinstance(event, Unpinned):
        return sentence(f"{unit} is no longer pinned")
    if isinstance(event, Overwatched):
        return sentence(f"{unit} goes into overwatch")
    if isinstance(event, Destroyed):
        return sentence(f"{unit} is destroyed")
    if isinstance(event, BailOutRolled):
        return sentence(f"{unit} bails out and rolls {event.face}: {counted(event.hits, 'hit')}")
    if isinstance(event, Arrived):
        return sentence(f"{unit} arrives from reserve at {event.square}")
    if isinstance(event, Placed):
        return sentence(f"{unit} is placed at {event.square}")
    if isinstance(event, Stranded):
        return sentence(f"{unit} finds no vacant square and stays pinned by the wreck")
    if isinstance(event, Deployed):
        return sentence(f"{unit} is set up at {event.square}")
    return None


def _attack(field_: Battlefield, view: GridState, event: AttackRolled, viewer: str | None) -> str:
    """An attack's dice and what they did, as either side reads it."""
    attacker = _unit(field_, view, event.attacker, viewer)
    target = _unit(field_, view, event.target, viewer)
    back = " in overwatch fire back" if event.returned else ""
    said = [
        sentence(f"{attacker} fires its {event.weapon} at {target}{back}"),
        sentence(
            f"it rolls {listed(event.faces)} against armour {event.armour}: "
            + (counted(event.hits, "hit") if event.hits else "no hits")
        ),
    ]
    if event.pinned:
        said.append("The target is pinned.")
    if event.self_hits:
        said.append(f"The attacker takes {counted(event.self_hits, 'hit')} itself.")
    return " ".join(said)


def action_label(field_: Battlefield, view: GridState, action: Any) -> str:
    """``action`` as its player would say it ("Activate your Battle Squad D")."""
    player = action.player
    if isinstance(action, Activate):
        return f"Activate {_unit(field_, view, action.unit, player)}"
    if isinstance(action, Reroll):
        return f"Re-roll the {listed(action.faces)}"
    if isinstance(action, Step):
        return f"Move to {action.square}"
    if isinstance(action, Embark):
        return f"Board {_unit(field_, view, action.transport, player)}"
    if isinstance(action, Aim):
        return f"Fire the {action.weapon}"
    if isinstance(action, Target):
        intense = " with intense fire" if action.intense else ""
        return f"Fire at {_unit(field_, view, action.unit, player)}{intense}"
    if isinstance(action, Channel):
        return f"Channel {counted(action.dice, 'die', 'dice')}"
    if isinstance(action, ReturnFire):
        dice = f" with {counted(action.dice, 'die', 'dice')}" if action.dice else ""
        return f"Return fire with the {action.weapon}{dice}"
    if isinstance(action, CallReserve):
        unit = _unit(field_, view, action.unit, player)
        return f"Call {unit} from reserve onto rank {action.rank}"
    if isinstance(action, Deploy):
        return f"Set up {_next_to_set_up(field_, view, player)} at {action.square}"
    if isinstance(action, Place | BailOut):
        verb = {Place: "Place the unit", BailOut: "Bail out"}
        return f"{verb[type(action)]} at {action.square}"
    return PLAIN.get(type(action), str(action))


PLAIN: dict[type, str] = {
    LeaveTable: "Leave the table for the reserve",
    Unpin: "Remove the pinned token",
    Overwatch: "Go into overwatch",
    TakeCover: "Take cover",
    HoldGround: "Stand without taking cover",
    EndActivation: "End the activation",
    EndTurn: "End the turn",
}
"""The labels of the actions that name nothing."""


def _effects(odds: Distribution[Any], whom: str) -> list[tuple[Fraction, str]]:
    return [
        (odds.probability(lambda effect: effect.hits > 0), f"{whom} hit"),
        (odds.probability(lambda effect: effect.pinned), f"{whom} pinned"),
    ]


def odds_words(action: Any, odds: Distribution[Any]) -> str:
    """:meth:`GridSciFi.odds` of an attack in words: the chances that its target is hit and
    pinned (the answering unit's own, when it answers an attack; its returned fire's too).
    An activation roll's odds are not worded."""
    if isinstance(action, ReturnFire):
        incoming = odds.map(lambda pair: pair[0])
        back = odds.map(lambda pair: pair[1])
        return chances([*_effects(incoming, "you are"), *_effects(back, "they are")])
    if isinstance(action, TakeCover | HoldGround):
        return chances(_effects(odds, "you are"))
    if isinstance(action, Target | Channel):
        return chances(_effects(odds, "target")) or "no chance to harm"
    return ""


def _effect(effect: Any, whom: str) -> str:
    """``"target: 2 hits and pinned"``: one attack's effect in words."""
    said = [counted(effect.hits, "hit") if effect.hits else "no hits"]
    if effect.pinned:
        said.append("pinned")
    if effect.self_hits:
        said.append(f"{counted(effect.self_hits, 'hit')} on the attacker itself")
    return f"{whom}: {listed(said)}"


def outcome_words(action: Any, outcome: Any) -> str:
    """One result of :meth:`GridSciFi.odds` in words: an activation roll's odd dice (moves)
    and even dice (attacks), or what an attack does to its target (to you and to them, when
    you answer one)."""
    if isinstance(action, Activate | Reroll):
        odd, even = outcome
        dice = [counted(odd, "odd die", "odd dice"), counted(even, "even die", "even dice")]
        return listed(d for d in dice if not d.startswith("0 ")) or "no dice"
    if isinstance(action, ReturnFire):
        incoming, back = outcome
        return f"{_effect(incoming, 'you')}; {_effect(back, 'them')}"
    if isinstance(action, TakeCover | HoldGround):
        return _effect(outcome, "you")
    return _effect(outcome, "target")


def action_sentence(
    field_: Battlefield, view: GridState, action: Any, viewer: str | None
) -> str | None:
    """An action that logs no event, once taken, for ``viewer``; ``None`` for another."""
    if isinstance(action, CallReserve):
        unit = _unit(field_, view, action.unit, viewer)
        return sentence(f"{unit} is called from reserve onto rank {action.rank}")
    ended = {EndActivation: "the activation", EndTurn: "the turn"}.get(type(action))
    return None if ended is None else f"{subject(action.player, viewer)} ended {ended}."
