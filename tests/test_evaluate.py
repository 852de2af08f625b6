"""Position evaluation for bots: outcomes at the ends, material balance in between."""

import pytest

import wargames
from wargames.bots import RandomBot, play
from wargames.core.game import balance
from wargames.sabotage import Sabotage


def test_balance() -> None:
    assert balance(0, 0) == 0.0
    assert balance(3, 1) == pytest.approx(0.45)
    assert balance(1, 3) == pytest.approx(-0.45)
    assert -0.9 < balance(1, 10**9) < 0


def test_sabotage_material() -> None:
    game = Sabotage()
    state = game.position({"a1": "gH", "a2": "g5", "a3": "g1", "j10": "rH", "j9": "r1"})
    assert game.evaluate(state, "green") == pytest.approx(balance(12, 2))
    assert game.evaluate(state, "red") == pytest.approx(-game.evaluate(state, "green"))


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


def test_saw_counts_the_points_left() -> None:
    game = wargames.load("saw")
    assert game.evaluate(game.start(seed=1), "blue") == 0.0, "equal armies"
    match = play(
        game, {p: RandomBot(i) for i, p in enumerate(game.players)}, seed=1, max_actions=200
    )
    assert match.outcome is None, "still fighting after 200 actions"
    left = dict.fromkeys(game.players, 0)
    for unit in match.final.units:  # type: ignore[attr-defined]
        if unit.hex is not None:
            left[unit.owner] += sum(unit.sheet.traits) + unit.sheet.pool
    assert game.evaluate(match.final, "blue") == pytest.approx(balance(left["blue"], left["red"]))
