"""Determinisation: a full state consistent with what a player has seen (for search bots).

The enemy's counters arrive in batches: the starting army (II: whole platoons within the
build points, plus the decoys, IV) and each turn's reinforcements (V: whole platoons within
that turn's points).  For each batch a mix of platoons is drawn that has exactly as many
units as the batch has non-decoy counters, costs no more than its points and contains every
type already seen in it; then the concealed counters get the mix's remaining types and the
decoys left, each counter only a type that fits what was seen of it
(:func:`~wargames.core.hidden.sample_assignment`):

* a squad aboard a carrier is a soldier; a carrier holds its squads;
* a counter on the map can stand on its hex; an unfolded bridge is a Bridging Tank, a
  counter that made a special action a special vehicle;
* a counter that moved, fired, was Disabled or Destroyed is no decoy.

Shots markers follow the type and the launches seen; the enemy's reinforcement points left
follow the mix bought this turn.  Not used: what the dice of past shots at concealed
counters would make likelier (only their results are seen).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from attrs import evolve

from wargames.core.events import EventLog
from wargames.core.hidden import is_hidden, sample_assignment
from wargames.sabot.movement import stands
from wargames.sabot.state import (
    ABOARD,
    GONE,
    OK,
    UNPLACED,
    Attack,
    Purse,
    Removed,
    SabotState,
    Unit,
)
from wargames.sabot.units import DECOY, UnitTable

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["determinize", "platoon_mix"]

TRIES = 200
"""Mixes of platoons drawn per batch before giving up on one that fits every counter."""


def platoon_mix(
    table: UnitTable, size: int, budget: int, known: Counter[str], rng: random.Random
) -> Counter[str] | None:
    """Platoons (name -> count) with exactly ``size`` units, costing at most ``budget``,
    whose units include ``known``; drawn at random, None if this draw found none."""
    platoons = table.platoons
    mix: Counter[str] = Counter()
    units: Counter[str] = Counter()
    spent = 0

    def add(name: str) -> None:
        nonlocal spent
        mix[name] += 1
        units.update(platoons[name].units)
        spent += platoons[name].cost

    for symbol in sorted(known):
        sellers = sorted(n for n, p in platoons.items() if symbol in p.units)
        while units[symbol] < known[symbol]:
            if not sellers:
                return None
            add(rng.choice(sellers))
    while True:
        count = sum(units.values())
        if count == size:
            return mix if spent <= budget else None
        fits = sorted(
            n for n, p in platoons.items()
            if count + len(p.units) <= size and spent + p.cost <= budget
        )  # fmt: skip
        if not fits:
            return None
        add(rng.choice(fits))


def _domain(game: Sabot, view: SabotState, unit: Unit, may_decoy: bool) -> frozenset[str]:
    """The types ``unit`` may be, given what was seen of it."""
    table = game.table
    aboard = unit.hex == ABOARD and unit.carrier >= 0
    load = sum(1 for o in view.units if o.carrier == unit.id and o.hex == ABOARD)
    kinds = {
        s for s, kind in table.types.items()
        if (not aboard or kind.soldier)
        and kind.capacity >= load
        and (unit.hex < 0 or stands(game.map, kind, unit.hex))
        and (not unit.bridge or kind.special == "bridge")
        and ("special" not in unit.used or kind.special)
    }  # fmt: skip
    if may_decoy and not load and (unit.hex < 0 or stands(game.map, None, unit.hex)):
        kinds.add(DECOY)
    return frozenset(kinds)


def _batch(
    game: Sabot,
    view: SabotState,
    counters: Sequence[Unit],
    budget: int,
    decoys: int,
    left_out: frozenset[int],
    rng: random.Random,
) -> tuple[dict[int, str], int]:
    """Types for the concealed ``counters`` of one batch, and the cost of its mix."""
    known = Counter(str(u.kind) for u in counters if not is_hidden(u.kind) and u.kind != DECOY)
    decoys_left = decoys - sum(1 for u in counters if u.kind == DECOY)
    unknown = [u for u in counters if is_hidden(u.kind)]
    if not unknown:
        return {}, 0
    domains = [
        _domain(
            game, view, u,
            decoys_left > 0 and not u.has_moved and not u.used
            and (u.status in (OK, UNPLACED) or (u.status == GONE and u.id in left_out)),
        )
        for u in unknown
    ]  # fmt: skip
    size = len(counters) - decoys
    table = game.table
    for _ in range(TRIES):
        mix = platoon_mix(table, size, budget, known, rng)
        if mix is None:
            continue
        pool = Counter(s for name in mix.elements() for s in table.platoons[name].units)
        pool.subtract(known)
        pool[DECOY] = decoys_left
        try:
            kinds = sample_assignment(domains, dict(pool), rng)
        except ValueError:
            continue
        cost = sum(table.platoons[name].cost for name in mix.elements())
        return {u.id: k for u, k in zip(unknown, kinds, strict=True)}, cost
    # No mix of whole platoons fits what was seen (a user's odd table): types one by one.
    return {u.id: rng.choice(sorted(d)) for u, d in zip(unknown, domains, strict=True)}, 0


def determinize(game: Sabot, view: SabotState, player: str, rng: random.Random) -> SabotState:
    """A full state with ``view``'s every visible fact, drawn with ``rng``."""
    enemy = game.opponent(player)
    options = game.options
    left_out = frozenset(
        e.unit for e in view.log if isinstance(e, Removed) and e.why == "not set up"
    )
    kinds: dict[int, str] = {}
    spent_now = 0
    batches = sorted({u.arrived for u in view.units if u.owner == enemy})
    for turn in batches:
        counters = [u for u in view.units if u.owner == enemy and u.arrived == turn]
        budget = options.reinforcements if turn else options.build_points
        decoys = 0 if turn else options.decoys
        chosen, cost = _batch(game, view, counters, budget, decoys, left_out, rng)
        kinds.update(chosen)
        if turn == view.clock.turn:
            spent_now = cost
    table = game.table
    units = []
    for u in view.units:
        kind = kinds.get(u.id, u.kind)
        ammo = u.ammo
        if is_hidden(ammo):
            full = 0 if kind == DECOY else table[kind].limited_shots
            ammo = max(0, full - u.spent)
        units.append(evolve(u, kind=kind, ammo=ammo))
    purses = tuple(
        Purse(p.owner, options.reinforcements - spent_now) if is_hidden(p.points) else p
        for p in view.purses
    )
    log = EventLog(
        evolve(e, attack=0, defense=0) if isinstance(e, Attack) and is_hidden(e.defense) else e
        for e in view.log
    )  # hidden rolls against a concealed target: any values give the same view
    return view.with_changes(rng=game.fresh_rng(rng), units=tuple(units), log=log, purses=purses)
