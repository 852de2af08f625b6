"""SABOT's events and actions in words, from the viewer's side.

A counter is named by its owner and its unit type from the table ("your Heavy Tank", "Red's
hidden counter" while it is concealed: "Just attacking a unit won't tell you what it is"),
and by the hex it stands on now where the viewer's view shows it; hexes by their map labels;
dice by their faces.  Rolls a side may not see are left out of its sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wargames.core.distribution import Distribution
from wargames.core.hidden import is_hidden
from wargames.core.words import a, chances, counted, owner, sentence, subject
from wargames.sabot.combat import DESTROYED, DISABLED, MISS
from wargames.sabot.setup import next_counter
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
    SabotState,
    Scout,
    Scouted,
    Select,
    Special,
    Stop,
    TakeOff,
    Turn,
)
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["action_label", "action_words", "event_sentence", "odds_words", "outcome_words"]

FACINGS = ("north", "north-east", "south-east", "south", "south-west", "north-west")
"""Hex facings 0-5 in words (0 north, clockwise: section IV)."""

WEAPON_NAMES = {"gp": "GP missile", "gp_missile": "GP missile", "at": "AT missile"}
"""Weapons by name where the notation's word is not the rule text's."""

REMOVALS = {
    "destroyed": "is destroyed",
    "decoy scouted": "is found to be a decoy and is removed",
    "not set up": "was not set up and leaves the game",
}


def _kind(game: Sabot, kind: Any) -> str:
    if is_hidden(kind):
        return "hidden counter"
    if kind == DECOY:
        return "decoy"
    found = game.table.types.get(kind)
    return found.unit if found is not None else str(kind)


def _unit(
    game: Sabot,
    view: SabotState,
    unit_id: int,
    viewer: str | None,
    *,
    place: bool = True,
    actor: str | None = None,
) -> str:
    """``"your Heavy Tank at 0803"``, ``"Red's hidden counter at 0503"``; ``"its Heavy
    Tank"`` where it is ``actor``'s, told to another ("Red chose to move its Heavy Tank")."""
    for unit in view.units:
        if unit.id == unit_id:
            whose = "its" if unit.owner == actor != viewer else owner(unit.owner, viewer)
            named = f"{whose} {_kind(game, unit.kind)}"
            if place and unit.hex >= 0 and unit.carrier < 0:
                named += f" at {game.map.label(unit.hex)}"
            return named
    return "a counter"


def _weapon(weapon: str) -> str:
    return WEAPON_NAMES.get(weapon, weapon)


def action_words(game: Sabot, view: SabotState, action: Any, viewer: str | None) -> str:
    """``action`` as its player would say it, lower case ("move your Heavy Tank at 0803"),
    or as ``viewer`` is told another side chose it ("move its Heavy Tank at 0803")."""

    def named(unit_id: int, *, place: bool = True) -> str:
        return _unit(game, view, unit_id, viewer, place=place, actor=action.player)

    if isinstance(action, Select):
        return f"move {named(action.unit)}"
    if isinstance(action, Advance):
        return "advance one hex"
    if isinstance(action, Turn):
        return "turn right" if action.steps > 0 else "turn left"
    if isinstance(action, TakeOff):
        return "fly this move"
    if isinstance(action, Scout):
        return f"scout {named(action.target)}"
    if isinstance(action, Reveal):
        return "turn the moving counter face up"
    if isinstance(action, Board):
        return f"board {named(action.carrier)}"
    if isinstance(action, Disembark):
        return f"get out at {action.hex}"
    if isinstance(action, Hold):
        return "hold fire"
    if isinstance(action, Stop):
        return "stop"
    if isinstance(action, Fire):
        shooter = named(action.unit, place=False)
        where = next((u.hex for u in view.units if u.id == action.unit and u.hex >= 0), None)
        origin = "" if where is None else f" from {game.map.label(where)}"
        return f"fire {shooter}'s {_weapon(action.weapon)}{origin} at {named(action.target)}"
    if isinstance(action, Special):
        target = "" if action.target < 0 else _special_target(game, view, action, viewer)
        return f"{action.what} with {named(action.unit)}{target}"
    if isinstance(action, Place):
        return f"place a counter at {action.hex}"
    if isinstance(action, Embark):
        return f"put a squad aboard {named(action.carrier)}"
    if isinstance(action, Face):
        return f"face it {FACINGS[action.facing % 6]}"
    if isinstance(action, Entrench):
        return f"prepare a position at {action.hex}"
    if isinstance(action, Buy):
        return "buy a platoon" if is_hidden(action.platoon) else f"buy {action.platoon}"
    if isinstance(action, Done):
        return "end this phase"
    return str(action)


def action_label(game: Sabot, view: SabotState, action: Any) -> str:
    """``action`` as its player says it from ``view``, the state it is legal in, lower case:
    a set-up or reinforcement action names the counter it puts down, the player's next
    (IV: "place your Heavy Tank at 0601"), where :func:`action_words`, which also tells a
    move after it is taken, says only "a counter"."""
    player = action.player
    if isinstance(action, Place | Embark):
        unit = next_counter(view, player)
        if unit is not None:
            counter = _unit(game, view, unit.id, player, place=False)
            if isinstance(action, Place):
                return f"place {counter} at {action.hex}"
            carrier = _unit(game, view, action.carrier, player, actor=player)
            return f"put {counter} aboard {carrier}"
    return action_words(game, view, action, player)


def _special_target(game: Sabot, view: SabotState, action: Special, viewer: str | None) -> str:
    if action.what == "prepare":
        return f" at {game.map.label(action.target)}"
    return f" on {_unit(game, view, action.target, viewer, actor=action.player)}"


def event_sentence(game: Sabot, view: SabotState, event: Any, viewer: str | None) -> str | None:
    """``event`` in a sentence for ``viewer``; ``None`` for an event that is not SABOT's."""
    if isinstance(event, Initiative):
        first = "you are" if event.first == viewer else f"{subject(event.first, viewer)} is"
        return f"The initiative roll is {event.roll}: {first} player 1."
    if isinstance(event, Played):
        said = action_words(game, view, event.action, viewer)
        return f"{subject(event.action.player, viewer)} chose to {said}."
    if isinstance(event, Attack):
        return _attack(game, view, event, viewer)
    if isinstance(event, Scouted):
        scout = _unit(game, view, event.scout, viewer)
        target = _unit(game, view, event.target, viewer)
        outcome = "it succeeds" if event.success else "it fails"
        return sentence(f"{scout} scouts {target} with a total of {event.total}: {outcome}")
    if isinstance(event, Arrived):
        new = counted(len(event.units), "new counter")
        return f"{subject(event.player, viewer)} brought on {new}."
    unit = _unit(game, view, getattr(event, "unit", -1), viewer, place=False)
    if isinstance(event, Moved):
        return sentence(f"{unit} moves to {event.to}, facing {FACINGS[event.facing % 6]}")
    if isinstance(event, Revealed):
        whose = next((u.owner for u in view.units if u.id == event.unit), "")
        kind = a(_kind(game, event.kind))
        return sentence(f"{owner(whose, viewer)} counter is turned face up ({event.why}): {kind}")
    if isinstance(event, Embarked):
        return sentence(f"{unit} starts aboard {_unit(game, view, event.carrier, viewer)}")
    if isinstance(event, Removed):
        return sentence(f"{unit} {REMOVALS.get(event.why, 'is removed from the map')}")
    if isinstance(event, Rolled):
        return sentence(f"{unit} rolls {event.roll} for {event.what}")
    return None


def _attack(game: Sabot, view: SabotState, event: Attack, viewer: str | None) -> str:
    """A shot as the firer, the target's side or a bystander reads it."""
    shooter = _unit(game, view, event.unit, viewer, place=False)
    target = _unit(game, view, event.target, viewer, place=False)
    said = [sentence(f"{shooter} fires its {_weapon(event.weapon)} at {target}")]
    if event.hit < 0:
        said.append("The shot misses.")
    else:
        if event.hit != event.target:
            hit = _unit(game, view, event.hit, viewer, place=False)
            said.append(sentence(f"it lands on {hit}"))
        if not is_hidden(event.attack) and (event.attack or event.defense):
            said.append(f"The attack roll is {event.attack} against a defense of {event.defense}.")
        said.append(
            "It has no effect." if event.result == "miss" else f"The target is {event.result}."
        )
    return " ".join(said)


def odds_words(action: Any, odds: Distribution[Any]) -> str:
    """:meth:`Sabot.odds` of ``action`` in words: a shot's chances to destroy or disable its
    target (and to harm another counter, where it may scatter), a roll's to succeed."""
    if isinstance(action, Fire):
        target = action.target
        return (
            chances(
                [
                    (odds.probability(lambda o: o == (target, DESTROYED)), "destroy"),
                    (odds.probability(lambda o: o == (target, DISABLED)), "disable"),
                    (
                        odds.probability(lambda o: o[0] not in (-1, target) and o[1] != MISS),
                        "harm another counter",
                    ),
                ]
            )
            or "no chance to harm"
        )
    return chances([(odds.probability(bool), "success")]) or "no chance of success"


def outcome_words(game: Sabot, view: SabotState, action: Any, outcome: Any) -> str:
    """One result of :meth:`Sabot.odds` in words, as ``action``'s player reads it from their
    ``view``: where a shot lands and what it does, or whether a roll succeeds."""
    if not isinstance(action, Fire):
        return "success" if outcome else "failure"
    hit, result = outcome
    if hit < 0 or result == MISS:
        return "no effect" if hit >= 0 else "a miss"
    if hit == action.target:
        return f"the target is {result}"
    return f"it lands on {_unit(game, view, hit, action.player)}, which is {result}"
