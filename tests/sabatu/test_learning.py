"""Sabatu for learning agents: the action space and the observation vector, seat-relative."""

from __future__ import annotations

from wargames.sabatu import Sabatu
from wargames.sabatu.learning import die_values
from wargames.sabatu.state import Move


def test_every_move_a_die_can_make_is_in_the_space() -> None:
    game = Sabatu(players=2)
    moves = [a for a in game.every_action("red") if isinstance(a, Move)]
    assert {m.die for m in moves} == set(die_values(game))
    state = game.start(3)
    for player in game.players:
        for action in game.legal_actions(state, player):
            game.action_index(action)  # raises for an action missing from the space


def test_the_vector_is_counted_from_the_players_seat() -> None:
    game = Sabatu(players=2)
    state = game.start(1)
    red = game.observation_tensor(state, "red")
    blue = game.observation_tensor(state, "blue")
    places = len(game.board)
    seats = 2
    red_home = game.home(0)
    blue_home = game.home(1)
    assert red[red_home * seats + 0] > 0, "red's army at red's Home: seat 0 for red"
    assert blue[red_home * seats + 1] > 0, "the same army: seat 1 for blue"
    assert blue[blue_home * seats + 0] > 0
    assert red.shape == blue.shape == game.observation_shape
    assert places * seats < red.shape[0]
