"""SAW's events in sentences, from the viewer's side.

A unit is named by its design's name and its designation, as the map labels it ("your
Balanced b1", "Red's Bruiser r2"); hexes by their map labels ("0103"); rolls and trait
points only where the viewer's view of the event holds them (the attacker sees the attack and
damage rolls, the defender the evasion and endurance rolls and the hit points taken).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from wargames.core.distribution import Distribution
from wargames.core.hidden import is_hidden
from wargames.core.words import chances, counted, listed, owner, sentence, subject
from wargames.saw.state import (
    DIRECTIONS,
    Allocate,
    Allocated,
    Assign,
    Attacked,
    Deployed,
    Designed,
    Destroyed,
    Done,
    Eliminated,
    Finished,
    Moved,
    Order,
    PlotRevealed,
    Reallocated,
    RecordRevealed,
    Release,
    SawState,
    Step,
    Wrote,
)
from wargames.saw.state import (
    Attack as PlotAttack,
)

if TYPE_CHECKING:
    from wargames.saw.rules import Saw

__all__ = ["action_label", "action_sentence", "event_sentence", "odds_words", "outcome_words"]


def _unit(game: Saw, view: SawState, unit_id: str, viewer: str | None) -> str:
    """``"your Balanced b1"``, ``"Red's Bruiser r2"``."""
    for unit in view.units:
        if unit.id == unit_id:
            return f"{owner(unit.owner, viewer)} {unit.name} {unit.id}"
    return unit_id


def _points(game: Saw, view: SawState, unit_id: str, points: Sequence[int]) -> str:
    """``"4 movement, 2 evasion and 1 damage"``: the non-zero points by trait."""
    index = next((i for i, u in enumerate(view.units) if u.id == unit_id), 0)
    names = game.traits[index]
    return listed(f"{p} {n}" for n, p in zip(names, points, strict=False) if p) or "nothing"


def _path(game: Saw, path: Sequence[Any]) -> str:
    """``"to 0102"``, ``"through 0102 and 0202 to 0201"``."""
    labels = [game.arena.board.label(cell) for cell in path]
    through = f"through {listed(labels[:-1])} " if len(labels) > 1 else ""
    return f"{through}to {labels[-1]}"


def _order(game: Saw, order: Order) -> str:
    told = f"{order.unit} " + (f"moves {_path(game, order.path)}" if order.path else "stays")
    if order.shots:
        told += " and attacks " + listed(
            shot.target
            + (f" with weapon {shot.weapon}" if shot.weapon != 1 else "")
            + (" in a coordinated attack" if shot.coordinated else "")
            for shot in order.shots
        )
    return told


def event_sentence(game: Saw, view: SawState, event: Any, viewer: str | None) -> str | None:
    """``event`` in a sentence for ``viewer``; ``None`` for an event that is not SAW's."""
    label = game.arena.board.label
    if isinstance(event, Deployed):
        where = listed(f"{_unit(game, view, u, viewer)} at {label(h)}" for u, h in event.hexes)
        design = " Each side designs its units first." if event.design_phase else ""
        return sentence(f"The units are deployed: {where}") + design
    if isinstance(event, Designed):
        unit = _unit(game, view, event.unit, viewer)
        if is_hidden(event.traits):
            return sentence(f"{unit} is designed in secret")
        return sentence(f"{unit} is designed with {_points(game, view, event.unit, event.traits)}")
    if isinstance(event, Reallocated):
        unit = _unit(game, view, event.unit, viewer)
        if is_hidden(event.traits):
            return f"Turn {event.turn}: {unit} has its points allocated in secret."
        points = _points(game, view, event.unit, event.traits)
        return f"Turn {event.turn}: {unit} plays with {points}."
    if isinstance(event, PlotRevealed):
        orders = "; ".join(_order(game, order) for order in event.orders)
        return f"Turn {event.turn}: {owner(event.player, viewer)} plot is revealed: {orders}."
    if isinstance(event, Moved):
        unit = _unit(game, view, event.unit, viewer)
        if not event.path:
            return sentence(f"{unit} stays where it is")
        blocked = ", blocked short of its plotted path" if event.blocked else ""
        return sentence(f"{unit} moves {_path(game, event.path)}{blocked}")
    if isinstance(event, Attacked):
        return _attacked(game, view, event, viewer)
    if isinstance(event, Destroyed):
        return sentence(f"{_unit(game, view, event.unit, viewer)} is destroyed")
    if isinstance(event, Allocated):
        unit = _unit(game, view, event.unit, viewer)
        if is_hidden(event.amounts):
            return sentence(f"{unit} takes its damage off its traits in secret")
        return sentence(f"{unit} loses {_points(game, view, event.unit, event.amounts)}")
    if isinstance(event, Eliminated):
        if event.player == viewer:
            return "You are out: all your units are destroyed."
        return f"{subject(event.player, viewer)} is out: all its units are destroyed."
    if isinstance(event, RecordRevealed):
        entries = "; ".join(
            f"{unit} {'as designed' if turn == 0 else f'on turn {turn}'}: "
            + _points(game, view, unit, traits)
            for turn, unit, traits in event.entries
        )
        return f"The recorded allocations are revealed: {entries}."
    if isinstance(event, Wrote):
        return f"You wrote {event.action}."
    if isinstance(event, Finished):
        return sentence(f"{subject(event.player, viewer)} finished")
    return None


def _attacked(game: Saw, view: SawState, event: Attacked, viewer: str | None) -> str:
    """An attack told from either side, with the rolls that side's view holds."""
    attackers = listed(
        _unit(game, view, unit, viewer) + (f" (weapon {weapon})" if weapon != 1 else "")
        for unit, weapon in event.attackers
    )
    target = _unit(game, view, event.target, viewer)
    said = [sentence(f"{attackers} attacks {target} at a range penalty of {event.penalty}")]
    if not is_hidden(event.attack_roll):
        said.append(f"The attack roll is {event.attack_roll}.")
    if not is_hidden(event.evasion_roll):
        said.append(f"The evasion roll is {event.evasion_roll}.")
    if not event.hit:
        said.append("It misses.")
        return " ".join(said)
    if event.damage_roll is not None and not is_hidden(event.damage_roll):
        said.append(f"It hits; the damage roll is {event.damage_roll}.")
    else:
        said.append("It hits.")
    if event.endurance_roll is not None and not is_hidden(event.endurance_roll):
        said.append(f"The endurance roll is {event.endurance_roll}.")
    if not event.damaged:
        said.append("No damage is done.")
    elif not is_hidden(event.hit_points):
        said.append(f"It takes {counted(event.hit_points, 'hit point')}.")
    else:
        said.append("It is damaged.")
    return " ".join(said)


def action_label(view: SawState, action: Any) -> str:
    """``action`` as its player would say it ("Plot b1 one hex north-east")."""
    if isinstance(action, Assign):
        return f"Put {counted(action.points, 'point')} of {action.unit} into {action.trait}"
    if isinstance(action, Release):
        return f"Take back {action.unit}'s points to allocate them again"
    if isinstance(action, Step):
        direction = DIRECTIONS[action.direction] if 0 <= action.direction < 6 else "?"
        return f"Plot {action.unit} one hex {WAYS.get(direction, direction)}"
    if isinstance(action, PlotAttack):
        weapon = f" with weapon {action.weapon}" if action.weapon != 1 else ""
        joint = " in a coordinated attack" if action.coordinated else ""
        return f"Plot {action.unit}'s attack on {action.target}{weapon}{joint}"
    if isinstance(action, Done):
        return f"Finish {action.unit}'s plot"
    if isinstance(action, Allocate):
        return f"Take {counted(action.points, 'hit point')} of {action.unit} off {action.trait}"
    return str(action)


WAYS = {
    "n": "north",
    "ne": "north-east",
    "se": "south-east",
    "s": "south",
    "sw": "south-west",
    "nw": "north-west",
}
"""The notation's directions in words."""


def odds_words(odds: Distribution[int]) -> str:
    """:meth:`Saw.odds` of an attack (the hit points it inflicts) in words."""
    hurt = odds.probability(lambda points: points > 0)
    if not hurt:
        return "no chance to do damage"
    return f"{chances([(hurt, 'to do damage')])}, {float(odds.mean()):.1f} hit points on average"


def outcome_words(points: int) -> str:
    """One result of :meth:`Saw.odds` (the hit points an attack inflicts) in words."""
    return counted(points, "hit point") if points else "no damage"


def action_sentence(game: Saw, view: SawState, action: Any, viewer: str | None) -> str | None:
    """A plot's last order, once given, for ``viewer`` (its orders stay face down until
    both plots are in); ``None`` for another action."""
    if not isinstance(action, Done):
        return None
    unit = _unit(game, view, action.unit, viewer)
    return sentence(f"{unit} has its orders for this turn")
