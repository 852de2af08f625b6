"""The exact chance of an action in a real position, with the draws that give each outcome
(``game.chance``, :mod:`wargames.core.chance`; rule text: "Sequence of Play", "Attacks",
"Overwatch", "Transport").  The outcomes are effect classes, few and exact:

* ``Activate`` / ``Reroll``: the activation dice rolled, sorted (at most 56 for three dice);
  the state keeps them in that order.
* an attack resolved (``Target`` or ``Channel`` the defender cannot answer, ``TakeCover``,
  ``HoldGround``, ``ReturnFire``): the :class:`~wargames.gridscifi.attacks.Effect` on the
  target, the effect of any fire returned (else ``None``), and the bail-out hits of each unit
  inside a transport the attack destroyed, in the order they roll.

Each is built from the dice expressions ``apply`` rolls, so the two cannot disagree; the
state an outcome leads to shows the first roll of its class (the highest die that did it).
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from wargames.core.chance import Chance
from wargames.core.dice import d6, pool
from wargames.gridscifi import activation, combat
from wargames.gridscifi.attacks import MOST_DICE, Effect, Matchup
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.legality import RESPONSES
from wargames.gridscifi.odds import declared_by
from wargames.gridscifi.overwatch import responses
from wargames.gridscifi.state import (
    Activate,
    Declared,
    GridAction,
    GridState,
    Reroll,
    ReturnFire,
    TakeCover,
)
from wargames.gridscifi.transports import bail_out_roll, passengers

__all__ = ["action_chance", "attack_chance", "max_outcomes"]

Resolved = tuple[Effect, Effect | None, tuple[int, ...]]
"""An attack's outcome: the effect on the target, of the fire returned, and the bail-outs."""


def action_chance(field_: Battlefield, state: GridState, action: GridAction) -> Chance[Any] | None:
    """The chance legal ``action`` sets off, ``None`` if it draws nothing."""
    act = state.activation
    if isinstance(action, Activate):
        return _dice(activation.dice_count(field_, state.units, state.units[action.unit]))
    if isinstance(action, Reroll):
        return _dice(len(action.faces))
    if isinstance(action, RESPONSES):
        assert state.declared is not None
        reply = action if isinstance(action, ReturnFire) else None
        return attack_chance(field_, state, state.declared, isinstance(action, TakeCover), reply)
    declared = declared_by(field_, state, action)
    if declared is None or act is None:
        return None
    after, attack = combat.declaration(state, act, declared.target, declared.dice, declared.intense)
    if len(responses(field_, after, attack)) > 1:
        return None  # the defender answers first
    return attack_chance(field_, after, attack, False, None)


def max_outcomes(field_: Battlefield) -> int:
    """The most outcomes one action's chance can have: the sorted rolls of the most
    activation dice, or an attack's (at most 6 highest dice times 7 counts of 1s for each of
    the attack and the fire returned, times 6 bail-out results for each unit inside the
    attacker and the target)."""
    numbers = field_.tables.numbers
    most_dice: int = max(*field_.tables.quality.values(), numbers.led_dice, numbers.commanded_dice)
    rolls = math.comb(most_dice + 5, 5)
    capacity = max(
        (p.capacity for army in field_.armies.values() for p in army.profiles.values()),
        default=0,
    )
    effects = 6 * (MOST_DICE + 1)
    attacks: int = effects * effects * 6 ** (2 * capacity)
    return max(rolls, attacks)


def _sorted(faces: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(faces))


@cache
def _dice(count: int) -> Chance[tuple[int, ...]]:
    """``count`` activation dice, as the sorted faces."""
    return pool(count, d6).chance().map(_sorted)


def attack_chance(
    field_: Battlefield,
    state: GridState,
    declared: Declared,
    cover: bool,
    reply: ReturnFire | None,
) -> Chance[Resolved]:
    """The chance of ``declared`` resolved with the defender's choice (as
    :func:`~wargames.gridscifi.combat.resolve` rolls it)."""
    first, second = combat.matchups(field_, state, declared, cover, reply)
    hits: Chance[tuple[Effect, Effect | None]]
    if second is None:
        hits = _effects(first).map(_alone)
    else:
        hits = _effects(first).combine(_effects(second), _both)

    def bail_outs(effects: tuple[Effect, Effect | None]) -> Chance[tuple[int, ...]]:
        units = combat.struck(field_, state, declared, reply, *effects)
        rolls: Chance[tuple[int, ...]] = Chance.certain(())
        for old in combat.wrecked(state.units, units):
            if old.square is None:
                continue
            for unit in passengers(units, old.id):
                armour = field_.profile(unit).armour
                rolls = rolls.combine(_bail_out(armour), _append)
        return rolls

    return hits.then(bail_outs, _resolved)


@cache
def _effects(matchup: Matchup) -> Chance[Effect]:
    """The effects of an attack (made once per match-up)."""
    return matchup.roll().chance()


@cache
def _bail_out(armour: int) -> Chance[int]:
    """A bail-out's hits (made once per armour)."""
    return bail_out_roll(armour).chance()


def _alone(hit: Effect) -> tuple[Effect, Effect | None]:
    return hit, None


def _both(hit: Effect, back: Effect) -> tuple[Effect, Effect | None]:
    return hit, back


def _append(rolled: tuple[int, ...], hits: int) -> tuple[int, ...]:
    return (*rolled, hits)


def _resolved(effects: tuple[Effect, Effect | None], bailed: tuple[int, ...]) -> Resolved:
    return (*effects, bailed)
