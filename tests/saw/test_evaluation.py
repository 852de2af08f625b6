"""SAW's evaluation for bots (:mod:`wargames.saw.evaluation`), against an independent
reckoning and in the choices it makes."""

import math
import random

import pytest

from wargames.bots import GreedyBot, MctsBot
from wargames.core import hexes
from wargames.core.game import balance
from wargames.saw import Allocate, Attack, Done, Saw, SawState, Sheet, Step, Unit
from wargames.saw.evaluation import HORIZON, known, reach
from wargames.saw.odds import hit_points, mean_hit_points
from wargames.saw.units import ENDURANCE, EVASION, MOVEMENT, accuracy_index, damage_index

from .helpers import ADVANCED, act, duel, first_seed, playout, side_by_side


def _expected(attacker: Unit, target: Unit, distance: int) -> float:
    a, t = attacker.sheet.traits, target.sheet.traits
    return float(hit_points(a[3], t[1], a[4], t[2], distance).mean())


def _worth(state: SawState, owner: str) -> float:
    """An independent reckoning of what ``owner``'s units are worth at the start of a turn's
    plotting on the open arena: each unit attacks, from where it stands, the enemy it hurts
    most; then a unit is worth the root of its points left times the best of its attacks over
    the next ``HORIZON`` turns (closing in by its movement each turn) over the mean of the
    enemies'."""
    alive = [u for u in state.units if u.alive]

    def distance(a: Unit, b: Unit) -> int:
        assert a.hex is not None
        assert b.hex is not None
        return hexes.distance(a.hex, b.hex)

    def reach(a: Unit, b: Unit) -> float:
        far = distance(a, b)
        turns = range(1, HORIZON + 1)
        closing = (max(1, far - t * a.sheet.traits[0]) for t in turns)
        return sum(_expected(a, b, d) for d in closing) / HORIZON

    threat = dict.fromkeys([u.id for u in alive], 0.0)
    for unit in alive:
        enemies = [u for u in alive if u.owner != unit.owner]
        target = max(enemies, key=lambda e: _expected(unit, e, distance(unit, e)))
        threat[target.id] += _expected(unit, target, distance(unit, target))
    total = 0.0
    for unit in (u for u in alive if u.owner == owner):
        enemies = [u for u in alive if u.owner != owner]
        dealt = max(reach(unit, e) for e in enemies)
        taken = sum(reach(e, unit) for e in enemies) / len(enemies)
        left = max(0.0, unit.sheet.points - threat[unit.id])
        total += math.sqrt(left * (dealt + 0.01) / (taken + 0.01))
    return total


def _with_traits(
    game: Saw, state: SawState, unit: str, traits: tuple[int, ...], pool: int = 0
) -> SawState:
    index = game.unit_index(unit)
    units = list(state.units)
    units[index] = units[index].with_sheet(Sheet(traits, pool=pool))
    return state.with_changes(units=tuple(units))


OPEN = Saw(open_designs=True)
"""The default armies with their designs published, so that the evaluation reckons every unit
by its true traits (as the independent reckonings here do)."""


def test_a_unit_is_worth_the_root_of_the_hit_points_it_deals_before_it_falls() -> None:
    game = OPEN
    state = game.start(seed=1)
    assert game.evaluate(state, "blue") == 0.0, "equal armies"
    for traits in ((2, 4, 4, 4, 4), (4, 4, 4, 2, 4), (4, 1, 4, 4, 4), (0, 0, 0, 0, 1)):
        changed = _with_traits(game, state, "r1", traits)
        expected = balance(_worth(changed, "red"), _worth(changed, "blue"))
        assert game.evaluate(changed, "red") == pytest.approx(expected)


def test_the_trait_a_hit_point_comes_from_matters() -> None:
    """r1, a Balanced unit 4 hexes from b1, faces a Balanced unit and a Bruiser (damage 6,
    evasion 0): a point of evasion or endurance keeps more of its hit points than a point of
    accuracy adds to what it deals, and movement it cannot use to close in is worth nothing."""
    game = OPEN
    state = game.start(seed=1, hexes={"r1": "0503"})

    def losing(trait: int) -> float:
        traits = [4, 4, 4, 4, 4]
        traits[trait] -= 1
        return game.evaluate(_with_traits(game, state, "r1", tuple(traits)), "red")

    movement, evasion, endurance, accuracy, _ = (losing(t) for t in range(5))
    assert movement > accuracy > max(evasion, endurance)


def test_movement_is_worth_the_range_it_gains_over_the_horizon() -> None:
    """r1 slowed to movement 1, its three points kept unassigned (so its hit points stay):
    within five hexes of both blue units, where the range penalty is already its least, the
    lost speed costs nothing; ten hexes off, where it would take five turns to get there, it
    costs."""
    game = OPEN
    near = game.start(seed=1, hexes={"r1": "0503"})  # 4 hexes from b1 and b2
    far = game.start(seed=1)  # 10 hexes from b1 and b2
    costs = []
    for state in (near, far):
        slowed = _with_traits(game, state, "r1", (1, 4, 4, 4, 4), pool=3)
        costs.append(game.evaluate(state, "red") - game.evaluate(slowed, "red"))
    near_cost, far_cost = costs
    assert near_cost == pytest.approx(0.0, abs=1e-12)
    assert far_cost > 0.005


def test_a_plot_is_weighed_as_it_will_be_once_complete() -> None:
    """A unit still plotting counts the attack it would make on the enemy it hurts most: that
    attack plotted changes nothing, one at a worse target costs, and done without attacking
    gives the attack up.  (Counting plotted attacks only, done weighed the same as an attack
    not yet plotted, and a search bot ended its plots without firing.)"""
    game = OPEN
    state = game.start(seed=1)
    base = game.evaluate(state, "blue")
    best, worse = (act(game, state, f"b1 attack {t}") for t in ("r1", "r2"))
    done = act(game, state, "b1 done")
    assert game.evaluate(best, "blue") == pytest.approx(base)
    assert game.evaluate(worse, "blue") < base
    assert game.evaluate(done, "blue") < game.evaluate(worse, "blue")


def test_focused_fire_scores_better_than_spread_fire() -> None:
    game = Saw()
    state = game.start(seed=1)
    r1, r2 = (state.units[game.unit_index(u)] for u in ("r1", "r2"))
    units = tuple(r2.with_sheet(r1.sheet) if u.id == "r2" else u for u in state.units)
    plotted = act(game, state.with_changes(units=units), "b1 attack r1", "b1 done")
    # b2 (0104) stands 10 hexes from both r1 (1103) and r2 (1104): the same odds.
    focused = act(game, plotted, "b2 attack r1")
    spread = act(game, plotted, "b2 attack r2")
    assert game.evaluate(focused, "blue") > game.evaluate(spread, "blue")


@pytest.mark.parametrize("design", [(2, 0, 8, 4, 6), (0, 10, 0, 0, 10), (20, 0, 0, 0, 0)])
def test_a_secret_design_is_reckoned_by_its_points_not_by_its_traits(
    design: tuple[int, ...],
) -> None:
    """Designs are secret, so blue values red's Bruiser, whatever its traits in a world, as its
    20 points spread evenly (4 each), as it does a Balanced unit; red values its own Bruiser by
    its traits.  (Valued by the designs its worlds drew, every design of 20 points equally
    likely, greedy chose its steps and targets by which worlds it drew, and lost to random.)"""
    game = Saw()
    state = game.start(seed=1)
    changed = _with_traits(game, state, "r2", design)
    balanced = _with_traits(game, state, "r2", (4, 4, 4, 4, 4))
    assert game.evaluate(changed, "blue") == game.evaluate(balanced, "blue")
    assert game.evaluate(changed, "red") != game.evaluate(balanced, "red")
    assert known(game, changed, "blue")[2:] == known(game, balanced, "blue")[2:]
    assert known(game, changed, "red")[2:] == changed.units[2:]


def test_worlds_drawn_for_a_player_agree_on_what_it_knows() -> None:
    """Every determinisation of blue's view at the start (red's designs drawn afresh) has one
    value for blue, so a bot's worlds weigh its actions alike; the hit points a unit still has
    to allocate count for the player who cannot see them too."""
    game = Saw()
    view = game.view(game.start(seed=2), "blue")
    rng = random.Random(0)
    worlds = [game.determinize(view, "blue", rng) for _ in range(6)]
    assert len({w.units[3].sheet.traits for w in worlds}) > 1
    assert len({game.evaluate(w, "blue") for w in worlds}) == 1
    world = worlds[0]
    hurt = _with_traits(game, world, "r1", (4, 4, 4, 4, 4))
    units = list(hurt.units)
    units[2] = units[2].with_sheet(Sheet((4, 4, 4, 4, 4), hits=5))
    assert game.evaluate(hurt.with_changes(units=tuple(units)), "blue") > game.evaluate(
        hurt, "blue"
    )


@pytest.mark.parametrize("seed", range(4))
def test_search_bots_attack_before_they_are_done(seed: int) -> None:
    """In the open, b1 can hit either red unit: neither bot ends its plot without firing."""
    game = Saw()
    state = game.start(seed=seed)
    for bot in (GreedyBot(seed), MctsBot(seed, iterations=100)):
        plotted = state
        while game.current_unit(plotted, "blue") == 0:
            action = bot.choose(game, plotted, "blue")
            assert isinstance(action, Step | Attack | Done)
            plotted = game.apply(plotted, action)
        (order, _) = plotted.plots[0].orders
        assert order.shots, f"{bot} was done with b1 before it attacked"


def _reach_worked_out(game: Saw, state: SawState, attacker: int, target: int) -> float:
    """``reach`` as it was before it was remembered: every weapon, turn by turn."""
    units = state.units
    source, there = units[attacker].hex, units[target].hex
    assert source is not None
    assert there is not None
    traits, defender = units[attacker].sheet.traits, units[target].sheet.traits
    cover = game.arena.extra_penalty(source, there)
    turns: dict[int, int] = {}
    for turn in range(1, HORIZON + 1):
        far = max(1, hexes.distance(source, there) - turn * traits[MOVEMENT])
        penalty = game.range_table.penalty(far) + cover
        turns[penalty] = turns.get(penalty, 0) + 1
    total = 0.0
    for penalty, count in turns.items():
        for weapon in range(1, units[attacker].weapons + 1):
            if game.may_fire(attacker, traits, weapon):
                accuracy = traits[accuracy_index(weapon)] - penalty
                mean = mean_hit_points(
                    accuracy, defender[EVASION], traits[damage_index(weapon)], defender[ENDURANCE]
                )
                total += count * float(mean)
    return total / HORIZON


@pytest.mark.parametrize("game", [ADVANCED, Saw(map="ruins")], ids=["advanced", "ruins"])
def test_reach_remembered_is_reach_worked_out(game: Saw) -> None:
    """The remembered ``reach`` (a speed-up) gives exactly what working it out gives, for
    every pair of enemies along a random game: several weapons, variable traits, cover."""
    pairs = 0
    for state in playout(game, seed=3, steps=120)[::10]:
        standing = {i: u.hex for i, u in enumerate(state.units) if u.alive and u.hex is not None}
        for i in standing:
            for j in standing:
                if state.units[i].owner != state.units[j].owner:
                    expected = _reach_worked_out(game, state, i, j)
                    assert reach(game, state.units, standing, i, j) == expected
                    pairs += 1
    assert pairs > 50


def test_a_damage_phase_half_allocated_is_weighed_as_complete() -> None:
    """b1 has five hit points to allocate, more than its movement can take: after its first
    point, blue's evaluation lies among those of the ways of finishing the allocation, never
    above the best.  (With the points left pending and every trait still counted, a first
    point scored above every finished allocation, and MCTS, which takes a position's own
    value while some continuation is untried, chose the allocation it had explored least.)"""
    game = duel()
    state = first_seed(
        lambda seed: _shoot_out(game, seed),
        lambda s: game.to_act(s) == {"blue", "red"} and s.units[0].sheet.hits == 5,
    )

    def finished(start: SawState) -> list[float]:
        """Blue's evaluation of every way of allocating b1's hit points."""
        layer = {start.units[0].sheet.traits: start}
        while any(s.units[0].sheet.hits for s in layer.values()):
            layer = {
                after.units[0].sheet.traits: after
                for s in layer.values()
                for action in game.legal_actions(s, "blue")
                if isinstance(action, Allocate) and action.points == 1
                for after in [game.apply(s, action)]
            }
        return [game.evaluate(s, "blue") for s in layer.values()]

    values = finished(state)
    for action in game.legal_actions(state, "blue"):
        if isinstance(action, Allocate) and action.points == 1:
            assert min(values) <= game.evaluate(game.apply(state, action), "blue") <= max(values)


def _shoot_out(game: Saw, seed: int) -> SawState:
    """Blue's Balanced and red's Bruiser, next to each other, shoot each other."""
    return side_by_side(game, seed, "b1 attack r1", "b1 done", "r1 attack b1", "r1 done")
