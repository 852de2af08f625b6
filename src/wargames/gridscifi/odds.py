"""Exact odds of an action in a real position (``game.odds``; rule text: "Sequence of Play",
"Attacks", "Overwatch").

* ``Activate`` / ``Reroll``: the (odd dice, even dice) count of the activation roll.
* ``Target`` (not psychic) and ``Channel``: the :class:`~wargames.gridscifi.attacks.Effect`
  of the attack; when the defender has yet to answer, as if it took no cover and did not fire
  back.
* ``TakeCover`` / ``HoldGround``: the effect of the attack with that answer.
* ``ReturnFire``: the pair (effect on the target, effect of the fire returned), independent
  rolls resolved simultaneously.

:func:`attack` is the hypothetical match-up ``wargames odds gridscifi attack`` shows.

Each uses the same dice expressions that ``apply`` rolls
(:meth:`~wargames.gridscifi.attacks.Matchup.roll`, :func:`~wargames.gridscifi.activation.
parity`).
"""

from __future__ import annotations

from typing import Annotated, Any

from wargames.core.distribution import Distribution
from wargames.gridscifi import activation, combat
from wargames.gridscifi.attacks import Effect, attack_dice, matchup
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.legality import RESPONSES
from wargames.gridscifi.state import (
    Activate,
    Channel,
    Declared,
    GridAction,
    GridState,
    Reroll,
    ReturnFire,
    TakeCover,
    Target,
)
from wargames.gridscifi.tables import TABLES

__all__ = ["action_odds", "attack", "declared_by"]


WEAPON_TYPE = "a weapon type: " + ", ".join(sorted(TABLES.weapons))
"""What ``wargames odds gridscifi attack`` accepts as ``weapon``."""

TARGET = "an armour class: " + ", ".join([*sorted(TABLES.armour), "non_troop"])
"""What ``wargames odds gridscifi attack`` accepts as ``target``."""


def attack(
    weapon: Annotated[str, WEAPON_TYPE],
    target: Annotated[str, TARGET] = "full",
    cover: bool = False,
    intense: bool = False,
    psychic_dice: int = 0,
    steady: bool = False,
    pinned: bool = False,
) -> Distribution[str]:
    """The exact effects of a hypothetical attack with the library's tables: ``weapon`` (a
    weapon type, e.g. ``blast``) against a ``target`` armour class (``light``, ``full``,
    ``heavy``) or ``non_troop``, as texts such as ``"1 hit, pinned"``.  The keywords are
    those of :func:`~wargames.gridscifi.attacks.matchup`.

    >>> attack("blast", cover=True)["0 hits, pinned"] > 0
    True
    """
    hypothetical = matchup(
        TABLES,
        weapon,
        target=target,
        cover=cover,
        intense=intense,
        psychic_dice=psychic_dice,
        steady=steady,
        pinned=pinned,
    )
    return hypothetical.roll().distribution().map(_effect_text)


def _effect_text(effect: Effect) -> str:
    parts = [f"{effect.hits} hit" + ("" if effect.hits == 1 else "s")]
    if effect.pinned:
        parts.append("pinned")
    if effect.self_hits:
        parts.append(f"{effect.self_hits} to the attacker")
    return ", ".join(parts)


def action_odds(
    field_: Battlefield, state: GridState, action: GridAction
) -> Distribution[Any] | None:
    """The exact distribution of legal ``action``'s chance result, ``None`` if it has none."""
    act = state.activation
    if isinstance(action, Activate):
        count = activation.dice_count(field_, state.units, state.units[action.unit])
        return activation.parity(count).distribution()
    if isinstance(action, Reroll) and act is not None:
        return activation.reroll_parity(act, action.faces).distribution()
    declared = declared_by(field_, state, action)
    if declared is None:
        return None
    cover = isinstance(action, TakeCover)
    reply = action if isinstance(action, ReturnFire) else None
    first, second = combat.matchups(field_, state, declared, cover, reply)
    if second is None:
        return first.outcomes()
    return first.outcomes().combine(second.outcomes(), _pair)


def declared_by(field_: Battlefield, state: GridState, action: GridAction) -> Declared | None:
    """The attack ``action`` resolves (or declares), ``None`` if it is no attack."""
    if isinstance(action, RESPONSES):
        return state.declared
    act = state.activation
    if act is None or act.aim is None:
        return None
    if isinstance(action, Channel) and act.psychic_target is not None:
        return Declared(act.unit, act.aim, act.psychic_target, action.dice)
    if not isinstance(action, Target):
        return None
    weapon = field_.profile(state.units[act.unit]).weapon(act.aim)
    assert weapon is not None  # the aimed weapon is the unit's
    if weapon.type.psychic:
        return None  # the number of dice is still to choose
    troop = field_.profile(state.units[action.unit]).troop
    dice = attack_dice(weapon.type, troop, field_.tables, intense=action.intense)
    return Declared(act.unit, act.aim, action.unit, dice, action.intense)


def _pair(a: object, b: object) -> tuple[object, object]:
    return a, b
