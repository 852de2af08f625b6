"""Bots play Sabatu to an end; the material evaluation search bots use."""

import pytest

from wargames.bots import RandomBot, play
from wargames.core.game import balance
from wargames.sabatu import Sabatu, SabatuState

from .helpers import TWO, position


def test_random_bots_finish_a_game() -> None:
    game = Sabatu(players=2)
    match = play(game, {p: RandomBot(i) for i, p in enumerate(game.players)}, seed=3)
    assert match.outcome is not None
    final = match.final
    assert isinstance(final, SabatuState)
    for player in game.players:
        score = game.evaluate(final, player)
        assert score in (-1.0, 0.0, 1.0)


def test_material_counts_capitals_walls_armies_tiles_and_coins() -> None:
    """6 a capital, 2 a wall and 2 more a wall of the most walled capital, 1 an army, 0.5 a
    tile, 0.25 a Spoils point."""
    state = position(
        armies={"red": ["nw.5", "home"], "blue": ["se.5"]},
        capitals={"nw.capital": ("red", 1, 2)},
        coins={"red": [1]},
        tiles={"blue": ["ax"]},
    )
    assert TWO.material(state, 0) == 6 + 2 * 2 + 2 * 2 + 3 + 0.25
    assert TWO.material(state, 1) == 1 + 0.5
    assert TWO.evaluate(state, "red") == pytest.approx(balance(17.25, 1.5))
    assert TWO.evaluate(state, "blue") == pytest.approx(-TWO.evaluate(state, "red"))


def test_walls_around_one_capital_beat_walls_spread() -> None:
    """Four walls around one capital win ("Object of the Game"): three walls and one are
    nearer that than two and two, and the same walls around one capital score higher."""

    def walled(*walls: int) -> float:
        names = ("nw.capital", "ne.capital")
        state = position(
            armies={"red": ["home"], "blue": ["se.5"]},
            capitals={name: ("red", 1, n) for name, n in zip(names, walls, strict=False)},
        )
        return TWO.evaluate(state, "red")

    assert walled(2, 2) < walled(3, 1) < walled(4, 0)
    assert walled(2) < walled(1, 1)  # a second capital still outweighs a second wall
