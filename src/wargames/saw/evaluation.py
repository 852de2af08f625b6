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
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Final

from wargames.core import hexes
from wargames.core.game import balance
from wargames.core.hexes import Hex
from wargames.saw.odds import mean_hit_points
from wargames.saw.state import SawState, Unit
from wargames.saw.units import ENDURANCE, EVASION, MOVEMENT, accuracy_index, damage_index

if TYPE_CHECKING:
    from wargames.saw.rules import Saw

__all__ = ["EVEN", "HORIZON", "evaluate", "exchange", "reach"]

HORIZON: Final = 10
"""The turns over which a unit's attacks on an enemy are reckoned, closing in by its movement
each turn (library default, for bots)."""
EVEN: Final = 0.01
"""Added to both sides of a unit's exchange of hit points, so that one that cannot hurt or
cannot be hurt still counts (library default, for bots)."""


@cache
def _mean(attack: int, evasion: int, damage: int, endurance: int) -> float:
    return float(mean_hit_points(attack, evasion, damage, endurance))


def evaluate(game: Saw, state: SawState, player: str) -> float:
    """The :func:`~wargames.core.game.balance` of what ``player``'s units are worth against
    what the strongest other player's are worth (see the module docs), on a full state of a
    game not over."""
    units = state.units
    plotting = game.phase(state) == "plot"
    standing = {
        i: game._plotted_end(state, i) if plotting else unit.hex
        for i, unit in enumerate(units)
        if unit.alive
    }
    threat = exchange(game, state, standing) if plotting else {}
    worth: dict[str, float] = dict.fromkeys(game.players, 0.0)
    for i, here in standing.items():
        assert here is not None
        enemies = [j for j in standing if units[j].owner != units[i].owner]
        if not enemies:
            continue
        dealt = max(reach(game, units, standing, i, j) for j in enemies)
        taken = sum(reach(game, units, standing, j, i) for j in enemies) / len(enemies)
        sheet = units[i].sheet
        left = max(0.0, sheet.points - sheet.hits - threat.get(i, 0.0))
        worth[units[i].owner] += math.sqrt(left * (dealt + EVEN) / (taken + EVEN))
    strongest = max(points for owner, points in worth.items() if owner != player)
    return balance(worth[player], strongest)


def reach(
    game: Saw,
    units: Sequence[Unit],
    standing: Mapping[int, Hex | None],
    attacker: int,
    target: int,
) -> float:
    """The expected hit points of ``attacker``'s attacks (all its weapons) on ``target`` per
    turn over the next :data:`HORIZON` turns, closing in by its movement each turn, through
    the cover between them now."""
    source, there = standing[attacker], standing[target]
    assert source is not None
    assert there is not None
    traits, defender = units[attacker].sheet.traits, units[target].sheet.traits
    distance = hexes.distance(source, there)
    cover = game.arena.extra_penalty(source, there)
    turns = Counter(
        game.range_table.penalty(max(1, distance - turn * traits[MOVEMENT])) + cover
        for turn in range(1, HORIZON + 1)
    )
    total = 0.0
    for penalty, count in turns.items():
        for weapon in range(1, units[attacker].weapons + 1):
            total += count * _mean(
                traits[accuracy_index(weapon)] - penalty,
                defender[EVASION],
                traits[damage_index(weapon)],
                defender[ENDURANCE],
            )
    return total / HORIZON


def exchange(game: Saw, state: SawState, standing: Mapping[int, Hex | None]) -> dict[int, float]:
    """The expected hit points each unit takes this turn (by index): every attack plotted so
    far, and the attack each free weapon of a unit still plotting would make on the enemy it
    hurts most, each from where the plotted paths end (``standing``)."""
    units = state.units
    threat: dict[int, float] = {}

    def origin(index: int) -> Hex:
        here = standing[index]
        assert here is not None
        return here

    for _, members, target in game._strikes(state.plots):
        there = standing.get(target)
        if there is None:
            continue
        accuracy, damage, penalty = game._attack_sums(units, members, there, origin)
        defender = units[target].sheet.traits
        expected = _mean(accuracy - penalty, defender[EVASION], damage, defender[ENDURANCE])
        threat[target] = threat.get(target, 0.0) + expected
    for plot in state.plots:
        for order in plot.orders:
            if order.done:
                continue
            index = game.unit_index(order.unit)
            used = {shot.weapon for shot in order.shots}
            enemies = [j for j in standing if units[j].owner != plot.player]
            for weapon in range(1, units[index].weapons + 1):
                if weapon in used or not enemies:
                    continue
                best, target = max(
                    (_shot(game, units, standing, index, weapon, j), j) for j in enemies
                )
                threat[target] = threat.get(target, 0.0) + best
    return threat


def _shot(
    game: Saw,
    units: Sequence[Unit],
    standing: Mapping[int, Hex | None],
    attacker: int,
    weapon: int,
    target: int,
) -> float:
    """The expected hit points of one weapon's attack, from and at the plotted ends."""
    source, there = standing[attacker], standing[target]
    assert source is not None
    assert there is not None
    traits, defender = units[attacker].sheet.traits, units[target].sheet.traits
    penalty = game.arena.penalty(source, there, game.range_table)
    return _mean(
        traits[accuracy_index(weapon)] - penalty,
        defender[EVASION],
        traits[damage_index(weapon)],
        defender[ENDURANCE],
    )
