"""II. Armies: platoons bought with build points; IV. the random set-up.

Soldiers come in platoons of two Infantry, one Heavy-Weapons and one Jump-Troop squad;
special tracked vehicles one of each; every other platoon is four of a kind.  The random
set-up places each counter in its side's zone (one hex row per map tile of depth), facing
the enemy; soldiers may start inside carriers; each Engineering Tank gives four prepared
positions.  Every choice is drawn from the state's stream, so a seed gives a whole game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

from wargames.core.changes import replace
from wargames.core.rng import Rng
from wargames.sabot.maps import SabotMap
from wargames.sabot.movement import stands
from wargames.sabot.state import GONE, OK, UNPLACED, Unit
from wargames.sabot.units import DECOY, UnitTable

__all__ = [
    "FACING",
    "buy",
    "cost",
    "counter",
    "engineers",
    "most_counters",
    "place",
    "random_platoons",
    "worth",
]

FACING: tuple[int, int] = (3, 0)
"""Each side's starting facing: towards the enemy (south for the top side, north)."""
PREPARED_PER_ENGINEER = 4
"""IV: four prepared positions for each Engineering Tank."""


def most_counters(table: UnitTable, build_points: int) -> int:
    """The most counters whole platoons bought with ``build_points`` can make (decoys
    aside): no army has more counters a point than the platoon with the most."""
    per_point = max(Fraction(len(p.units), p.cost) for p in table.platoons.values())
    return math.floor(build_points * per_point)


def cost(table: UnitTable, platoons: Sequence[str]) -> int:
    """The build points of ``platoons``.  :raises ValueError: for an unknown platoon."""
    unknown = sorted(set(platoons) - set(table.platoons))
    if unknown:
        raise ValueError(f"unknown SABOT platoons {unknown}")
    return sum(table.platoons[p].cost for p in platoons)


def buy(table: UnitTable, platoons: Sequence[str], budget: int) -> tuple[str, ...]:
    """The unit symbols of ``platoons``, in platoon order.

    :raises ValueError: if they cost more than ``budget`` or a platoon is unknown.
    """
    spent = cost(table, platoons)
    if spent > budget:
        raise ValueError(f"the platoons cost {spent} build points, more than {budget}")
    return tuple(symbol for p in platoons for symbol in table.platoons[p].units)


def random_platoons(table: UnitTable, budget: int, rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """Platoons bought at random until no affordable one is left."""
    bought: list[str] = []
    left = budget
    names = sorted(table.platoons)
    while True:
        affordable = [n for n in names if table.platoons[n].cost <= left]
        if not affordable:
            return tuple(bought), rng
        choice, rng = rng.choice(affordable)
        bought.append(choice)
        left -= table.platoons[choice].cost


def worth(table: UnitTable) -> dict[str, float]:
    """Build points per unit of each type: its platoon's cost shared by its units (the
    cheapest platoon that has it), for material counts."""
    return {
        symbol: min(p.cost / len(p.units) for p in table.platoons.values() if symbol in p.units)
        for symbol in table.types
        if any(symbol in p.units for p in table.platoons.values())
    }


def engineers(table: UnitTable, symbols: Sequence[str]) -> int:
    """How many prepared positions ``symbols`` may make at set-up (IV)."""
    return PREPARED_PER_ENGINEER * sum(
        1 for s in symbols if s != DECOY and table[s].special == "prepare"
    )


def counter(
    table: UnitTable, unit_id: int, player: str, symbol: str, side: int, turn: int = 0
) -> Unit:
    """A new counter not set up yet: facing the enemy, its shots marker full (IV)."""
    shots = 0 if symbol == DECOY else table[symbol].limited_shots
    return Unit(unit_id, player, symbol, shots, facing=FACING[side], status=UNPLACED, arrived=turn)


def place(
    field: SabotMap,
    table: UnitTable,
    counters: Mapping[str, Sequence[str]],
    players: Sequence[str],
    rng: Rng,
) -> tuple[tuple[Unit, ...], frozenset[tuple[str, int]], Rng]:
    """Each player's ``counters`` (unit symbols and decoys, in id order) placed at random in
    their set-up zone (a soldier starts aboard a carrier with room by a coin flip), and
    four prepared positions per Engineering Tank on zone hexes that allow them.  A counter
    that finds no hex where it can stand is left out of the game (``gone``), as a counter
    that fits nowhere is in a set-up by hand.
    """
    units: list[Unit] = []
    prepared: set[tuple[str, int]] = set()
    for side, player in enumerate(players):
        symbols = counters[player]
        zone = field.zones[side]
        room: dict[int, int] = {}
        free = list(zone)
        for symbol in symbols:
            kind = None if symbol == DECOY else table[symbol]
            new = counter(table, len(units), player, symbol, side)
            if kind is not None and kind.soldier and room:
                flip, rng = rng.below(2)
                if flip:
                    carrier = min(room)
                    room[carrier] -= 1
                    if not room[carrier]:
                        del room[carrier]
                    units.append(replace(new, status=OK, carrier=carrier))
                    continue
            spots = [h for h in free if stands(field, kind, h)]
            if not spots:  # as in a set-up by hand: a counter that fits nowhere is left out
                units.append(replace(new, status=GONE))
                continue
            spot, rng = rng.choice(spots)
            free.remove(spot)
            units.append(replace(new, status=OK, hex=spot))
            if kind is not None and kind.capacity:
                room[new.id] = kind.capacity
        spots = [h for h in zone if field.preparable(h)]
        for _ in range(min(engineers(table, symbols), len(spots))):
            spot, rng = rng.choice(spots)
            spots.remove(spot)
            prepared.add((player, spot))
    return tuple(units), frozenset(prepared), rng
