"""Position evaluation for bots: outcomes at the ends, material balance in between."""

import pytest

import wargames
from wargames.bots import RandomBot, play
from wargames.core.game import balance
from wargames.sabotage import Sabotage
from wargames.sabotage.evaluation import PRESSURE, THREAT


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
    position = (1 - PRESSURE) * balance(
        12, 2
    ) + PRESSURE * pressure  # and no threat: (1 - THREAT) of it
    assert game.evaluate(state, "green") == pytest.approx((1 - THREAT) * position)
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
