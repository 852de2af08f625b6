"""IV. Setting up the game.

Each army (II: whole platoons within the build points) plus two decoys is shuffled into
counters whose ids say nothing of what they are.  ``start(seed)`` sets them up at random
(:func:`~wargames.sabot.army.place`); ``start(seed, deploy=False)`` opens the set-up phase
(blue, then yellow) where the player places counter after counter as small actions:

* ``place 0304``: the next counter goes on an empty hex of the player's zone (one hex row
  per map tile of depth) where it can stand, facing the enemy;
* ``embark 4``: the next counter, a squad, starts inside a friendly carrier with room;
* ``face 2``: the counter just placed faces another way;
* ``position 0304``: once every counter is placed, a prepared position in the zone, up to
  four per Engineering Tank;
* ``done``: set-up over (counters that fit nowhere are left out of the game).

The enemy sees where counters go, never what they are.  The reinforcement phase (V) places
the counters it buys the same way (:mod:`~wargames.sabot.reinforcements`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wargames.core.events import Event, EventLog
from wargames.core.phases import Clock
from wargames.core.rng import Rng, Seed
from wargames.sabot.army import FACING, buy, counter, engineers, place, random_platoons
from wargames.sabot.carriers import load
from wargames.sabot.movement import stands
from wargames.sabot.state import (
    ABOARD,
    GONE,
    OK,
    UNPLACED,
    Done,
    Embark,
    Embarked,
    Entrench,
    Face,
    Moved,
    Place,
    Removed,
    SabotAction,
    SabotState,
    Unit,
)
from wargames.sabot.state import with_unit as set_unit
from wargames.sabot.turn import PLAYERS, new_turn
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = [
    "actions",
    "apply",
    "deal",
    "facings",
    "finish",
    "next_counter",
    "placed",
    "placing",
    "position",
    "start",
]


def start(game: Sabot, seed: Seed | None, **options: Any) -> SabotState:
    """A new game (see :meth:`Sabot.start <wargames.sabot.rules.Sabot.start>`)."""
    setup = game.read_setup(options)
    _, counters, rng = deal(game, Rng.from_seed(seed), setup.armies)
    if not setup.deploy:
        units = tuple(
            counter(game.table, i, player, symbol, side)
            for i, (side, player, symbol) in enumerate(
                (side, player, symbol)
                for side, player in enumerate(PLAYERS)
                for symbol in counters[player]
            )
        )
        return SabotState(rng=rng, clock=game.turns.start(2), units=units)
    units, prepared, rng = place(game.map, game.table, counters, PLAYERS, rng)
    clock = Clock(1, len(game.turns.setup), 0, (0, 1))
    log = EventLog(placed(game, units))
    state = SabotState(rng=rng, clock=clock, units=units, prepared=prepared, log=log)
    return new_turn(game, state)


def deal(
    game: Sabot, rng: Rng, chosen: Mapping[str, Sequence[str]] | None = None
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]], Rng]:
    """Each player's platoons (``chosen``, else bought at random within the build points,
    II) and counters (the army with its decoys, shuffled), drawn from ``rng`` in seating
    order, each army bought and shuffled before the next; and the stream after them."""
    platoons: dict[str, tuple[str, ...]] = {}
    counters: dict[str, tuple[str, ...]] = {}
    for player in PLAYERS:
        if chosen is not None:
            platoons[player] = tuple(chosen[player])
        else:
            platoons[player], rng = random_platoons(game.table, game.options.build_points, rng)
        army = buy(game.table, platoons[player], game.options.build_points)
        counters[player], rng = rng.shuffled([*army, *[DECOY] * game.options.decoys])
    return platoons, counters, rng


def placed(game: Sabot, units: tuple[Unit, ...]) -> Iterator[Event]:
    """The random set-up as both players see it, counter by counter, as a set-up by hand
    logs it: where each went, which squad starts in which carrier, which fits nowhere."""
    for unit in units:
        if unit.status == GONE:
            yield Removed(unit.id, "not set up")
        elif unit.hex == ABOARD:
            yield Embarked(unit.id, unit.carrier)
        else:
            yield Moved(unit.id, game.map.label(unit.hex), unit.facing)


def position(
    game: Sabot, units: list[tuple[str, str, str, int]], *, seed: Seed = 0, phase: str = "movement"
) -> SabotState:
    """A position for studies and tests: ``(player, symbol, hex label, facing)`` per counter
    (ids in order), turn 1, blue first, in ``phase``; no initiative roll."""
    counters = tuple(
        Unit(
            i, p, s, 0 if s == DECOY else game.table[s].limited_shots,
            hex=game.map.parse(h), facing=f,
        )
        for i, (p, s, h, f) in enumerate(units)
    )  # fmt: skip
    names = [p.name for p in game.turns.phases]
    clock = Clock(1, names.index(phase), 0, (0, 1))
    return SabotState(rng=Rng.from_seed(seed), clock=clock, units=counters)


# -- placing counters (set-up and reinforcements) ------------------------------------------


def next_counter(state: SabotState, player: str) -> Unit | None:
    """The player's next counter to set up (the lowest id not placed yet), if any."""
    return next((u for u in state.units if u.owner == player and u.status == UNPLACED), None)


def _zone(game: Sabot, player: str) -> tuple[int, ...]:
    return game.map.zones[PLAYERS.index(player)]


def placing(game: Sabot, state: SabotState, unit: Unit) -> Iterator[SabotAction]:
    """Where ``unit``, the next counter, may go: empty zone hexes it can stand on; for a
    squad, friendly carriers of the same purchase with room (IV)."""
    player = unit.owner
    kind = game.kind(unit)
    taken = {u.hex for u in state.units if u.on_map}
    for hex_ in _zone(game, player):
        if hex_ not in taken and stands(game.map, kind, hex_):
            yield Place(player, game.map.label(hex_))
    if kind is None or not kind.soldier:
        return
    for carrier in state.units:
        if carrier.owner != player:
            continue  # and an enemy's kind may be hidden from the player
        room = game.kind(carrier)
        if (
            room is not None and room.capacity
            and carrier.arrived == unit.arrived and carrier.status in (OK, UNPLACED)
            and load(state, carrier) < room.capacity
        ):  # fmt: skip
            yield Embark(player, carrier.id)


def facings(state: SabotState, player: str) -> Iterator[Face]:
    """Other facings for the counter the player placed last."""
    if state.placed >= 0 and state.units[state.placed].owner == player:
        unit = state.units[state.placed]
        if unit.on_map:
            for facing in range(6):
                if facing != unit.facing:
                    yield Face(player, facing)


def actions(game: Sabot, state: SabotState, player: str) -> Iterator[SabotAction]:
    """The set-up phase's actions for ``player``, ``done`` last (see the module)."""
    unit = next_counter(state, player)
    spots = list(placing(game, state, unit)) if unit is not None else []
    yield from spots
    yield from facings(state, player)
    if unit is None:
        mine = [u.kind for u in state.units if u.owner == player and u.status != GONE]
        dug = sum(1 for owner, _ in state.prepared if owner == player)
        if dug < engineers(game.table, mine):
            for hex_ in _zone(game, player):
                if game.map.preparable(hex_) and (player, hex_) not in state.prepared:
                    yield Entrench(player, game.map.label(hex_))
    if not spots:
        yield Done(player)


def apply(game: Sabot, state: SabotState, action: SabotAction) -> SabotState:
    """Carry out a placing action."""
    if isinstance(action, Face):
        turned = state.units[state.placed]
        state = set_unit(state, turned, facing=action.facing)
        event = Moved(turned.id, game.map.label(turned.hex), action.facing)
        return state.with_changes(log=state.log.with_event(event))
    if isinstance(action, Entrench):
        spot = (action.player, game.map.parse(action.hex))
        return state.with_changes(prepared=state.prepared | {spot})
    unit = next_counter(state, action.player)
    assert unit is not None
    if isinstance(action, Embark):
        state = set_unit(state, unit, status=OK, hex=ABOARD, carrier=action.carrier)
        return state.with_changes(log=state.log.with_event(Embarked(unit.id, action.carrier)))
    assert isinstance(action, Place)
    hex_ = game.map.parse(action.hex)
    facing = FACING[PLAYERS.index(unit.owner)]
    state = set_unit(state, unit, status=OK, hex=hex_, facing=facing)
    event = Moved(unit.id, action.hex, facing)
    return state.with_changes(placed=unit.id, log=state.log.with_event(event))


def closing(game: Sabot, state: SabotState, player: str) -> SabotState:
    """The state as ``player``'s Done closes their part of the phase: their placing finished
    in the set-up and reinforcement phases (:func:`finish`), no unit moving."""
    if game.phase(state) in ("set-up", "reinforcement"):
        state = finish(state, player)
    return state.with_changes(moving=None)


def finish(state: SabotState, player: str) -> SabotState:
    """End the player's placing: counters that found no place leave the game, with any
    squads inside them."""
    left_out = [
        u for u in state.units
        if u.owner == player and (
            u.status == UNPLACED
            or (u.hex == ABOARD and u.carrier >= 0 and state.units[u.carrier].status == UNPLACED)
        )
    ]  # fmt: skip
    for unit in left_out:
        state = set_unit(state, unit, status=GONE, carrier=-1)
        state = state.with_changes(log=state.log.with_event(Removed(unit.id, "not set up")))
    return state.with_changes(placed=-1)
