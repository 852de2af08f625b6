"""Determinisation: a full state consistent with what a player knows (``sample_state``).

What is hidden (library choice; the text says nothing): which entry of the army list a unit
is, for units the opponent has never seen on the table — those that started in reserve or
inside a transport.  Both players know both army lists, how many units are in reserve and
which unit each passenger rides in (so a hidden unit in reserve with units inside is a
transport with room for them); a unit is revealed for good when it is activated, called from
reserve or bails out.  Such a unit has taken no hits and carries no tokens, so only its
profile is unknown.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs

from wargames.core.hidden import is_hidden, sample_assignment
from wargames.core.rng import Rng
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.state import GridState, Status, Unit, with_units

__all__ = ["determinize"]


def determinize(
    field_: Battlefield, view: GridState, player: str, rng: random.Random, stream: Rng
) -> GridState:
    """``view`` (``player``'s) with each enemy unit ``player`` has not seen given a profile
    from what is left of the enemy's army list (a unit inside a transport: a troop unit; a
    unit with units inside: a transport with room for them), and ``stream`` as its chance."""
    enemy = next(p for p in field_.players if p != player)
    army = field_.armies[enemy]
    hidden = [u for u in view.units if u.owner == enemy and is_hidden(u.profile)]
    left = Counter(army.roster)
    left.subtract(u.profile for u in view.units if u.owner == enemy and not is_hidden(u.profile))
    names = frozenset(name for name, count in left.items() if count > 0)
    troops = frozenset(name for name in names if army.profiles[name].troop)
    aboard = Counter(u.carrier for u in view.units if u.status is Status.EMBARKED)

    def domain(unit: Unit) -> frozenset[str]:
        if unit.status is Status.EMBARKED:
            return troops
        if aboard[unit.id]:
            return frozenset(n for n in names if army.profiles[n].capacity >= aboard[unit.id])
        return names

    domains = [domain(u) for u in hidden]
    chosen = sample_assignment(domains, dict(left), rng)
    filled = [attrs.evolve(u, profile=name) for u, name in zip(hidden, chosen, strict=True)]
    return attrs.evolve(view, rng=stream, units=with_units(view.units, *filled))
