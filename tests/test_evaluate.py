"""Position evaluation for bots: outcomes at the ends, material balance in between."""

import math

import pytest

import wargames
from wargames.bots import RandomBot, play
from wargames.core import hexes
from wargames.core.game import balance
from wargames.sabotage import Sabotage
from wargames.saw import Saw, SawState, Sheet, Unit
from wargames.saw.odds import hit_points


def test_balance() -> None:
    assert balance(0, 0) == 0.0
    assert balance(3, 1) == pytest.approx(0.45)
    assert balance(1, 3) == pytest.approx(-0.45)
    assert -0.9 < balance(1, 10**9) < 0


def test_sabotage_material_and_pressure() -> None:
    game = Sabotage()
    state = game.position({"a1": "gH", "a2": "g5", "a3": "g1", "j10": "rH", "j9": "r1"})
    # Material 12 to 2; pressure: a2 and a3 stand 17 and 16 steps from j10, j9 17 from a1.
    pressure = balance(1 / 17 + 1 / 16, 1 / 17)
    assert game.evaluate(state, "green") == pytest.approx(0.9 * balance(12, 2) + 0.1 * pressure)
    assert game.evaluate(state, "red") == pytest.approx(-game.evaluate(state, "green"))


def test_sabotage_advancing_on_the_headquarters_scores_better() -> None:
    game = Sabotage()
    back = game.position({"a1": "gH", "e5": "g3", "j10": "rH", "j1": "r3"})
    forward = game.position({"a1": "gH", "f5": "g3", "j10": "rH", "j1": "r3"})
    assert game.evaluate(forward, "green") > game.evaluate(back, "green")
    raided = game.position({"a1": "gH", "e5": "g3", "j10": "rH", "b1": "r3"})
    assert game.evaluate(raided, "green") < game.evaluate(back, "green")


@pytest.mark.parametrize("name", ["sabotage", "saw"])
def test_finished_games_score_one_or_minus_one(name: str) -> None:
    game = wargames.load(name)
    match = play(game, {p: RandomBot(i) for i, p in enumerate(game.players)}, seed=5)
    assert match.outcome is not None
    for player in game.players:
        expected = (
            0.0 if match.outcome.is_draw else (1.0 if player in match.outcome.winners else -1.0)
        )
        assert game.evaluate(match.final, player) == expected


def _saw_worth(game: Saw, state: SawState, owner: str, threat: float = 0.0) -> float:
    """An independent reckoning of what ``owner``'s units are worth (``threat``: expected hit
    points coming to the first of them): the root of points left times the best expected
    hit points it deals over the mean it takes, each attacker closing in by its movement."""

    def expected(attacker: Unit, target: Unit) -> float:
        assert attacker.hex is not None
        assert target.hex is not None
        a, t = attacker.sheet.traits, target.sheet.traits
        closest = max(1, hexes.distance(attacker.hex, target.hex) - a[0])
        return float(hit_points(a[3], t[1], a[4], t[2], closest).mean())

    worth = []
    for unit in (u for u in state.units if u.owner == owner and u.alive):
        enemies = [u for u in state.units if u.owner != owner and u.alive]
        dealt = max(expected(unit, enemy) for enemy in enemies)
        taken = sum(expected(enemy, unit) for enemy in enemies) / len(enemies)
        worth.append((float(unit.sheet.points), (dealt + 0.01) / (taken + 0.01)))
    worth[0] = (worth[0][0] - threat, worth[0][1])
    return sum(math.sqrt(left * ratio) for left, ratio in worth)


def _replaced(units: tuple[Unit, ...], unit: Unit) -> tuple[Unit, ...]:
    return tuple(unit if u.id == unit.id else u for u in units)


def _with_traits(game: Saw, state: SawState, unit: str, traits: tuple[int, ...]) -> SawState:
    old = state.units[game.unit_index(unit)]
    return state.with_changes(units=_replaced(state.units, old.with_sheet(Sheet(traits))))


def test_saw_values_a_unit_by_the_hit_points_it_can_deal_before_it_falls() -> None:
    game = Saw()
    state = game.start(seed=1)
    assert game.evaluate(state, "blue") == 0.0, "equal armies"
    for traits in ((2, 4, 4, 4, 4), (4, 4, 4, 2, 4), (4, 1, 4, 4, 4), (0, 0, 0, 0, 1)):
        changed = _with_traits(game, state, "r1", traits)
        expected = balance(_saw_worth(game, changed, "red"), _saw_worth(game, changed, "blue"))
        assert game.evaluate(changed, "red") == pytest.approx(expected)


def test_saw_the_trait_a_hit_point_comes_from_matters() -> None:
    """r1, a Balanced unit, faces a Balanced unit and a Bruiser (damage 6, evasion 0): a point
    of evasion or endurance keeps more of its hit points than a point of accuracy adds to what
    it deals, and movement it cannot use to close in is worth nothing."""
    game = Saw()
    state = game.start(seed=1, hexes={"r1": "0503"})  # 4 hexes from b1: no range to gain

    def losing(trait: int) -> float:
        traits = [4, 4, 4, 4, 4]
        traits[trait] -= 1
        return game.evaluate(_with_traits(game, state, "r1", tuple(traits)), "red")

    movement, evasion, endurance, accuracy, _ = (losing(t) for t in range(5))
    assert movement > accuracy > max(evasion, endurance)


def test_saw_movement_is_worth_the_range_it_gains() -> None:
    game = Saw()
    near = game.start(seed=1, hexes={"r1": "0203", "r2": "0204"})  # next to b1 and b2
    far = game.start(seed=1, hexes={"r1": "0903", "r2": "0904"})  # 8 hexes off: range 2
    costs = []
    for state in (near, far):
        slowed = _with_traits(game, state, "r1", (2, 4, 4, 4, 4))
        costs.append(game.evaluate(state, "red") - game.evaluate(slowed, "red"))
    near_cost, far_cost = costs
    assert 0 < near_cost < far_cost, "slowed far off, r1 can no longer close to range 1"


def test_saw_weighs_a_plotted_attack_by_its_exact_expected_hit_points() -> None:
    game = Saw()
    state = game.start(seed=1)
    plotted = game.apply(state, game.parse_action(state, "b1 attack r1", "blue"))
    b1 = state.units[game.unit_index("b1")].sheet.traits
    r1 = state.units[game.unit_index("r1")].sheet.traits
    # b1 (0103) and r1 (1103) stand 10 hexes apart: range penalty 2.
    expected = float(hit_points(b1[3], r1[1], b1[4], r1[2], 10).mean())
    blue = _saw_worth(game, state, "blue")
    red = _saw_worth(game, state, "red", threat=expected)
    assert game.evaluate(plotted, "blue") == pytest.approx(balance(blue, red))
    assert game.evaluate(plotted, "blue") > game.evaluate(state, "blue")


def test_saw_focused_fire_scores_better_than_spread_fire() -> None:
    game = Saw()
    state = game.start(seed=1)
    r1, r2 = (state.units[game.unit_index(u)] for u in ("r1", "r2"))
    twins = state.with_changes(units=_replaced(state.units, r2.with_sheet(r1.sheet)))
    plotted = twins
    for text in ("b1 attack r1", "b1 done"):
        plotted = game.apply(plotted, game.parse_action(plotted, text, "blue"))
    # b2 (0104) stands 10 hexes from both r1 (1103) and r2 (1104): the same odds.
    focused = game.apply(plotted, game.parse_action(plotted, "b2 attack r1", "blue"))
    spread = game.apply(plotted, game.parse_action(plotted, "b2 attack r2", "blue"))
    assert game.evaluate(focused, "blue") > game.evaluate(spread, "blue")
