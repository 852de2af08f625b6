"""Setting up (section IV): buying platoons with build points and placing the counters.

Each player sets up in the hex rows of their side (one row per map tile of depth), counters
face the enemy, soldiers may start inside carriers, each Engineering Tank gives four prepared
positions, and each player adds decoys.  The random set-up draws every choice from the
state's stream, so a seed gives a complete, reproducible game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wargames.core.rng import Rng
from wargames.sabot.maps import SabotMap
from wargames.sabot.state import ABOARD, Unit
from wargames.sabot.units import DECOY, UnitTable, UnitType

__all__ = ["buy", "cost", "place", "random_platoons"]

FACING: tuple[int, int] = (3, 0)
"""Each side's starting facing: towards the enemy (south for the top side, north)."""


def cost(table: UnitTable, platoons: Sequence[str]) -> int:
    """The build points of ``platoons``.  :raises ValueError: for an unknown platoon."""
    unknown = sorted(set(platoons) - set(table.platoons))
    if unknown:
        raise ValueError(f"unknown SABOT platoons {unknown}")
    return sum(table.platoons[p].cost for p in platoons)


def buy(table: UnitTable, platoons: Sequence[str], budget: int) -> tuple[str, ...]:
    """The unit symbols of ``platoons``, in platoon order (section II).

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


def _stands(field: SabotMap, kind: UnitType | None, hex_: int) -> bool:
    terrain = field.terrain[hex_]
    if field.river[hex_] and not field.bridge[hex_]:
        return kind is not None and kind.flying
    return (kind is None and "tracked" in terrain.enter) or (
        kind is not None and (kind.flying or kind.type in terrain.enter)
    )


def place(
    field: SabotMap,
    table: UnitTable,
    armies: Mapping[str, Sequence[str]],
    players: Sequence[str],
    decoys: int,
    rng: Rng,
    first_id: int = 0,
) -> tuple[tuple[Unit, ...], frozenset[tuple[str, int]], Rng]:
    """Counters for each player's ``armies`` plus ``decoys``, placed at random in their
    set-up zone (soldiers may start aboard carriers, by a coin flip each); and four
    prepared positions per Engineering Tank on hexes of the zone that allow them.

    :raises ValueError: if a zone has too few hexes for an army.
    """
    units: list[Unit] = []
    prepared: set[tuple[str, int]] = set()
    for side, player in enumerate(players):
        symbols = [*armies[player], *[DECOY] * decoys]
        zone = field.zones[side]
        room: dict[int, int] = {}
        free = list(zone)
        for symbol in symbols:
            kind = None if symbol == DECOY else table[symbol]
            unit_id = first_id + len(units)
            if kind is not None and kind.soldier and room:
                flip, rng = rng.below(2)
                if flip:
                    carrier = min(room)
                    room[carrier] -= 1
                    if not room[carrier]:
                        del room[carrier]
                    units.append(_counter(unit_id, player, symbol, kind, ABOARD, side, carrier))
                    continue
            spots = [h for h in free if _stands(field, kind, h)]
            if not spots:
                raise ValueError(f"no room to set up {symbol} for {player} on {field.name}")
            spot, rng = rng.choice(spots)
            free.remove(spot)
            units.append(_counter(unit_id, player, symbol, kind, spot, side, -1))
            if kind is not None and kind.capacity:
                room[unit_id] = kind.capacity
        engineers = sum(1 for s in symbols if s != DECOY and table[s].special == "prepare")
        spots = [h for h in zone if field.terrain[h].prepare]
        for _ in range(min(4 * engineers, len(spots))):
            spot, rng = rng.choice(spots)
            spots.remove(spot)
            prepared.add((player, spot))
    return tuple(units), frozenset(prepared), rng


def _counter(
    unit_id: int,
    player: str,
    symbol: str,
    kind: UnitType | None,
    hex_: int,
    side: int,
    carrier: int,
) -> Unit:
    shots = kind.limited_shots if kind else 0
    return Unit(unit_id, player, symbol, shots, hex=hex_, facing=FACING[side], carrier=carrier)
