"""Bots play Sabatu to an end; the material evaluation search bots use."""

import pytest

from wargames.bots import RandomBot, play
from wargames.core.game import balance
from wargames.sabatu import Sabatu, SabatuState
from wargames.sabatu.evaluation import WEIGHTS, Weights, position

from .helpers import TWO
from .helpers import position as at


def position_worth(state: SabatuState, seat: int, weights: Weights = WEIGHTS) -> float:
    return position(TWO, state, seat, weights)


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
    state = at(
        armies={"red": ["nw.5", "home"], "blue": ["se.5"]},
        capitals={"nw.capital": ("red", 1, 2)},
        coins={"red": [1]},
        tiles={"blue": ["ax"]},
    )
    red, blue = (position_worth(state, seat) for seat in (0, 1))
    assert TWO.material(state, 0) == 6 + 2 * 2 + 2 * 2 + 3 + 0.25 + red
    assert TWO.material(state, 1) == 1 + 0.5 + blue
    assert TWO.evaluate(state, "red") == pytest.approx(balance(17.25 + red, 1.5 + blue))
    assert TWO.evaluate(state, "blue") == pytest.approx(-TWO.evaluate(state, "red"))


def test_walls_around_one_capital_beat_walls_spread() -> None:
    """Four walls around one capital win ("Object of the Game"): three walls and one are
    nearer that than two and two, and the same walls around one capital score higher."""

    def walled(*walls: int) -> float:
        names = ("nw.capital", "ne.capital")
        state = at(
            armies={"red": ["home"], "blue": ["se.5"]},
            capitals={name: ("red", 1, n) for name, n in zip(names, walls, strict=False)},
        )
        return TWO.evaluate(state, "red")

    assert walled(2, 2) < walled(3, 1) < walled(4, 0)
    assert walled(2) < walled(1, 1)  # a second capital still outweighs a second wall


def test_an_army_nearer_a_capital_it_does_not_hold_scores_higher() -> None:
    """``approach``: red's army 4 steps from the Northeast capital (nw.7) beats the same army
    10 steps away (nw.13, by red's own capital), by the approach term alone."""

    def worth(place: str, weights: Weights = WEIGHTS) -> float:
        return position_worth(at(armies={"red": [place], "blue": ["se.15"]}), 0, weights)

    assert worth("nw.7") > worth("nw.13")
    idle = Weights(approach=0)
    assert worth("nw.7", idle) == worth("nw.13", idle)


def test_a_capital_an_enemy_can_reach_next_turn_is_worth_less() -> None:
    """``exposed``: a victory is held "until the beginning of their next turn", so red's
    capital with a blue army 3 steps off (se.3) counts less than with it 9 away (se.13)."""

    def blue_at(place: str) -> float:
        state = at(
            armies={"red": ["nw.13"], "blue": [place]}, capitals={"se.capital": ("red", 1, 0)}
        )
        return position_worth(state, 0)

    assert blue_at("se.13") - blue_at("se.3") == pytest.approx(WEIGHTS.exposed * WEIGHTS.capital)


def test_a_victory_out_of_reach_counts_hold() -> None:
    """``hold``: four walls round a capital with no enemy army in reach are worth ``hold``
    more than the same walls with one at the gate."""

    def blue_at(place: str) -> float:
        state = at(
            armies={"red": ["nw.7"], "blue": [place]}, capitals={"nw.capital": ("red", 1, 4)}
        )
        return position_worth(state, 0)

    exposed = WEIGHTS.exposed * (WEIGHTS.capital + 4 * WEIGHTS.wall)
    assert blue_at("se.7") - blue_at("nw.12") == pytest.approx(WEIGHTS.hold + exposed)
