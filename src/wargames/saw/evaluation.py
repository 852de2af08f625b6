"""What a SAW position is worth to a player, for bots: a heuristic, not a rule.

:meth:`Saw.evaluate <wargames.saw.Saw.evaluate>` weighs two things on a full state (a
determinisation):

* **This turn's exchange.**  While plotting, every attack comes off its target's points at
  its exact expected hit points, from where the plotted paths end: the attacks plotted so far,
  and for a unit still plotting, the attack each of its free weapons would make on the enemy
  it hurts most (:func:`exchange`).  So a plot is weighed as it will be once complete, however
  far it has got: being done without attacking gives the attack up, and a plot half made
  compares fairly with one finished.
* **The rest of the fight.**  A unit is worth the square root of the hit points it can expect
  to deal before it falls: its points left, times the expected hit points of its attack on the
  enemy it hurts most, over the mean expected hit points an enemy's attack does to it.  Units
  move every turn, so these rates do not take today's distances as lasting: each attacker is
  reckoned over the next :data:`HORIZON` turns, closing in by its movement each turn
  (:func:`reach`), from where the plotted paths end.  Movement is worth the range it gains
  in those turns.

The root makes a hit point taken from a weakened unit count more than one from a fresh unit:
fire is focused and units are finished off.

Both are reckoned with **what the player knows** of the other players' units (:func:`known`):
a design is secret ("Unit traits are kept secret from other players"), so unless designs are
published (the teaching option ``open_designs``, without Variable Traits) another player's
unit counts as its points left spread evenly over its traits (:func:`known`), not as the
design a determinisation happened to draw.  A bot judges each action over a few freshly drawn
worlds; valued by their drawn designs (every design of the points equally likely, many with
a trait at 0), the worlds disagreed more than the actions did, and greedy's steps and targets
were chosen by that noise (it lost 4 of 6 to random on seeds 3000-3002).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Final

from wargames.core import hexes
from wargames.core.game import balance
from wargames.core.hexes import Hex
from wargames.saw.arena import RangeTable
from wargames.saw.odds import mean_hit_points
from wargames.saw.state import SawState, Sheet, Unit
from wargames.saw.units import ENDURANCE, EVASION, MOVEMENT, accuracy_index, damage_index

if TYPE_CHECKING:
    from wargames.saw.rules import Saw

__all__ = ["EVEN", "HORIZON", "allocated", "evaluate", "exchange", "known", "reach"]

HORIZON: Final = 10
"""The turns over which a unit's attacks on an enemy are reckoned, closing in by its movement
each turn (library default, for bots)."""
EVEN: Final = 0.01
"""Added to both sides of a unit's exchange of hit points, so that one that cannot hurt or
cannot be hurt still counts (library default, for bots)."""


@cache
def _mean(attack: int, evasion: int, damage: int, endurance: int) -> float:
    return float(mean_hit_points(attack, evasion, damage, endurance))


def _expected(units: Sequence[Unit], accuracy: int, damage: int, target: int) -> float:
    """The exact expected hit points of an attack of ``accuracy`` (its range penalty taken
    off) and ``damage`` on unit ``target``."""
    defender = units[target].sheet.traits
    return _mean(accuracy, defender[EVASION], damage, defender[ENDURANCE])


def evaluate(game: Saw, state: SawState, player: str) -> float:
    """The :func:`~wargames.core.game.balance` of what ``player``'s units are worth against
    what the strongest other player's are worth (see the module docs), on a full state of a
    game not over."""
    units = known(game, state, player)
    state = state.with_changes(units=units)
    standing = {i: game._plotted_end(state, i) for i, unit in enumerate(units) if unit.alive}
    threat = exchange(game, state, standing) if game.phase(state) == "plot" else {}
    for i in standing:
        if units[i].sheet.hits:
            units = allocated(game, units, tuple(standing.items()), i)
    worth: dict[str, float] = dict.fromkeys(game.players, 0.0)
    rates: dict[tuple[int, int], float] = {}  # each pair's reach, worked out once

    def rate(attacker: int, target: int) -> float:
        known = rates.get((attacker, target))
        if known is None:
            known = rates[attacker, target] = reach(game, units, standing, attacker, target)
        return known

    for i in standing:
        enemies = [j for j in standing if units[j].owner != units[i].owner]
        if not enemies:
            continue
        dealt = max(rate(i, j) for j in enemies)
        taken = sum(rate(j, i) for j in enemies) / len(enemies)
        sheet = units[i].sheet
        left = max(0.0, sheet.points - sheet.hits - threat.get(i, 0.0))
        worth[units[i].owner] += math.sqrt(left * (dealt + EVEN) / (taken + EVEN))
    strongest = max(points for owner, points in worth.items() if owner != player)
    return balance(worth[player], strongest)


def known(game: Saw, state: SawState, player: str) -> tuple[Unit, ...]:
    """The units of ``state`` as ``player`` reckons them: its own, and every unit of a
    published design (``open_designs`` without Variable Traits), as they are; every other
    unit with its points left (traits and unassigned pool) spread evenly over its movement,
    evasion, endurance and its own weapons' accuracy and damage, any points that do not divide
    evenly one each in that order (library default, for bots)."""
    options = game.options
    if options.open_designs and not options.variable_traits:
        return state.units
    return tuple(
        unit
        if unit.owner == player or not unit.alive
        else unit.with_sheet(
            Sheet(
                _spread(unit.sheet.points, game.specs[i].weapons, len(unit.sheet.traits)),
                hits=unit.sheet.hits,
            )
        )
        for i, unit in enumerate(state.units)
    )


@lru_cache(maxsize=1 << 12)
def allocated(
    game: Saw, units: tuple[Unit, ...], standing: tuple[tuple[int, Hex], ...], index: int
) -> tuple[Unit, ...]:
    """``units`` with the hit points unit ``index`` still has to allocate taken off its
    traits, one at a time, each where it leaves the unit's exchange (the hit points it can
    deal over those it takes) highest (library default, for bots).

    So a damage phase half allocated is weighed as it will be once complete, as a plot half
    made is: with the hit points left pending, every trait still counted, a partial allocation
    scored above every way of finishing it, and a search that backs up the best continuation
    (taking a position's own value while some continuation is untried) chose the allocation
    it had explored least.  ``standing`` holds where each living unit stands, by index;
    remembered, as a search meets the same pending hit points in leaf after leaf."""
    where = dict(standing)
    enemies = [j for j in where if units[j].owner != units[index].owner]
    unit = units[index]
    traits = list(unit.sheet.traits)

    def exchange_rate(trial: Sequence[int]) -> float:
        tried = [*units]
        tried[index] = unit.with_sheet(Sheet(tuple(trial)))
        dealt = max(reach(game, tried, where, index, j) for j in enemies)
        taken = sum(reach(game, tried, where, j, index) for j in enemies) / len(enemies)
        return (dealt + EVEN) / (taken + EVEN)

    for _ in range(min(unit.sheet.hits, sum(traits))):
        options = [[*traits[:t], v - 1, *traits[t + 1 :]] for t, v in enumerate(traits) if v]
        traits = max(options, key=exchange_rate)
    sheet = Sheet(tuple(traits), pool=unit.sheet.pool)
    return (*units[:index], unit.with_sheet(sheet), *units[index + 1 :])


@lru_cache(maxsize=1 << 10)
def _spread(points: int, weapons: int, size: int) -> tuple[int, ...]:
    """``points`` spread evenly over movement, evasion, endurance and ``weapons`` weapons'
    accuracy and damage, the rest one each in that order; the further attacks of a sheet of
    ``size`` traits (Variable Traits) left empty."""
    order = [MOVEMENT, EVASION, ENDURANCE]
    order += [index(w) for w in range(1, weapons + 1) for index in (accuracy_index, damage_index)]
    share, extra = divmod(points, len(order))
    traits = [0] * size
    for rank, trait in enumerate(order):
        traits[trait] = share + (rank < extra)
    return tuple(traits)


def reach(
    game: Saw, units: Sequence[Unit], standing: Mapping[int, Hex], attacker: int, target: int
) -> float:
    """The expected hit points of ``attacker``'s attacks (all its weapons) on ``target`` per
    turn over the next :data:`HORIZON` turns, closing in by its movement each turn, through
    the cover between them now."""
    source, there = standing[attacker], standing[target]
    traits = units[attacker].sheet.traits
    weapons = tuple(
        (traits[accuracy_index(weapon)], traits[damage_index(weapon)])
        for weapon in range(1, units[attacker].weapons + 1)
        if game.may_fire(attacker, traits, weapon)
    )
    defender = units[target].sheet.traits
    return _reach(
        game.range_table,
        hexes.distance(source, there),
        game.arena.extra_penalty(source, there),
        traits[MOVEMENT],
        weapons,
        defender[EVASION],
        defender[ENDURANCE],
    )


@lru_cache(maxsize=1 << 16)
def _reach(
    table: RangeTable,
    distance: int,
    cover: int,
    movement: int,
    weapons: tuple[tuple[int, int], ...],
    evasion: int,
    endurance: int,
) -> float:
    """:func:`reach` from what it depends on (the weapons' accuracy and damage, the
    target's evasion and endurance), remembered: a search asks for the same few pairs in
    position after position."""
    turns = Counter(
        table.penalty(max(1, distance - turn * movement)) + cover for turn in range(1, HORIZON + 1)
    )
    total = 0.0
    for penalty, count in turns.items():
        for accuracy, damage in weapons:
            total += count * _mean(accuracy - penalty, evasion, damage, endurance)
    return total / HORIZON


def exchange(game: Saw, state: SawState, standing: Mapping[int, Hex]) -> dict[int, float]:
    """The expected hit points each unit takes this turn (by index): every attack plotted so
    far, and the attack each free weapon of a unit still plotting would make on the enemy it
    hurts most, each from where the plotted paths end (``standing``)."""
    units = state.units
    threat: dict[int, float] = {}

    def attack(members: Sequence[tuple[int, int]], target: int) -> float:
        accuracy, damage, penalty = game._attack_sums(
            units, members, standing[target], standing.__getitem__
        )
        return _expected(units, accuracy - penalty, damage, target)

    for _, members, target in game._strikes(state.plots):
        if target in standing:
            threat[target] = threat.get(target, 0.0) + attack(members, target)
    for plot in state.plots:
        enemies = [j for j in standing if units[j].owner != plot.player]
        for order in plot.orders:
            if order.done or not enemies:
                continue
            index = game.unit_index(order.unit)
            used = {shot.weapon for shot in order.shots}
            traits = units[index].sheet.traits
            for weapon in range(1, units[index].weapons + 1):
                if weapon not in used and game.may_fire(index, traits, weapon):
                    best, target = max((attack([(index, weapon)], j), j) for j in enemies)
                    threat[target] = threat.get(target, 0.0) + best
    return threat
