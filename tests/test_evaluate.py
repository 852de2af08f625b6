"""Position evaluation for bots: outcomes at the ends, material balance in between."""

import math

import pytest

import wargames
from wargames.bots import RandomBot, play
from wargames.core.game import balance
from wargames.sabotage import Sabotage
from wargames.saw import Saw, Sheet, Unit
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


def _saw_worth(units: tuple[Unit, ...], owner: str, threat: float = 0.0) -> float:
    """The square roots of the units' points left, movement at half (``threat``: expected
    hit points coming to the first of them)."""
    values = [u.sheet.points - u.sheet.traits[0] / 2 for u in units if u.owner == owner]
    values[0] -= threat
    return sum(math.sqrt(v) for v in values)


def _replaced(units: tuple[Unit, ...], unit: Unit) -> tuple[Unit, ...]:
    return tuple(unit if u.id == unit.id else u for u in units)


def test_saw_values_units_by_the_root_of_their_points_movement_at_half() -> None:
    game = Saw()
    state = game.start(seed=1)
    assert game.evaluate(state, "blue") == 0.0, "equal armies"
    r1 = state.units[game.unit_index("r1")]
    traits = r1.sheet.traits
    slowed = _replaced(state.units, r1.with_sheet(Sheet((traits[0] - 2, *traits[1:]))))
    blinded = _replaced(state.units, r1.with_sheet(Sheet((*traits[:3], traits[3] - 2, 4))))
    for units in (slowed, blinded):
        expected = balance(_saw_worth(units, "red"), _saw_worth(units, "blue"))
        assert game.evaluate(state.with_changes(units=units), "red") == pytest.approx(expected)
    assert game.evaluate(state.with_changes(units=slowed), "red") > game.evaluate(
        state.with_changes(units=blinded), "red"
    ), "losing movement costs half"


def test_saw_weighs_a_plotted_attack_by_its_exact_expected_hit_points() -> None:
    game = Saw()
    state = game.start(seed=1)
    plotted = game.apply(state, game.parse_action(state, "b1 attack r1", "blue"))
    b1 = state.units[game.unit_index("b1")].sheet.traits
    r1 = state.units[game.unit_index("r1")].sheet.traits
    # b1 (0103) and r1 (1103) stand 10 hexes apart: range penalty 2.
    expected = float(hit_points(b1[3], r1[1], b1[4], r1[2], 10).mean())
    blue = _saw_worth(state.units, "blue")
    red = _saw_worth(state.units, "red", threat=expected)
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
