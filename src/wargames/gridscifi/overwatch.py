"""The defender's answer to an attack (rule text: "Overwatch", "Take Cover", "Attacks").

When an attack is declared the defending player chooses, as their own action:

* :class:`~wargames.gridscifi.state.TakeCover` — if the unit may take cover: it uses the
  cover value instead of its armour and is pinned;
* :class:`~wargames.gridscifi.state.ReturnFire` — if the unit is in overwatch and not
  pinned, and one of its weapons may attack the attacker: "simultaneous combat";
* :class:`~wargames.gridscifi.state.HoldGround` — neither.

Library defaults where the text is silent: taking cover and returning fire exclude each other
(a unit that takes cover is pinned, and pinned units do not attack); returning fire spends
the overwatch; the attacker cannot take cover against fire returned at it.  When the only
answer is to hold ground, the attack is resolved at once.
"""

from __future__ import annotations

from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.state import Declared, GridState, HoldGround, ReturnFire, TakeCover
from wargames.gridscifi.targeting import cover_value, target_problem

__all__ = ["Response", "cover_for", "responses", "return_fire"]

Response = TakeCover | HoldGround | ReturnFire


def cover_for(field_: Battlefield, state: GridState, declared: Declared) -> int:
    """The cover value the target of ``declared`` may use, 0 if it may not take cover."""
    attacker = state.units[declared.attacker]
    weapon = field_.profile(attacker).weapon(declared.weapon)
    assert weapon is not None  # a declared attack names one of the attacker's weapons
    return cover_value(field_, attacker, weapon, state.units[declared.target])


def return_fire(field_: Battlefield, state: GridState, declared: Declared) -> list[ReturnFire]:
    """The defender's ways to fire back: each weapon that may attack the attacker (a psychic
    weapon once per number of dice)."""
    defender = state.units[declared.target]
    attacker = state.units[declared.attacker]
    if not defender.overwatch or defender.pinned:
        return []
    profile = field_.profile(defender)
    troop = field_.profile(attacker).troop
    options: list[ReturnFire] = []
    for weapon in profile.weapons:
        if target_problem(field_, state, defender, weapon, attacker) is not None:
            continue
        if weapon.type.psychic:
            most = min(weapon.dice(troop), field_.tables.numbers.psychic_max_dice)
            options += [ReturnFire(defender.owner, weapon.name, n) for n in range(1, most + 1)]
        else:
            options.append(ReturnFire(defender.owner, weapon.name))
    return options


def responses(field_: Battlefield, state: GridState, declared: Declared) -> list[Response]:
    """Every answer the defender may give to ``declared``; holding ground always last."""
    owner = state.units[declared.target].owner
    options: list[Response] = []
    if cover_for(field_, state, declared):
        options.append(TakeCover(owner))
    options += return_fire(field_, state, declared)
    options.append(HoldGround(owner))
    return options
