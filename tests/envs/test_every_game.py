"""Every built-in game gives learning agents what the adapters need."""

from __future__ import annotations

import pytest

import wargames
from wargames.core.game import Game

from .conftest import learnable, small

_LEARNING_API = ("every_action", "encode_view", "observation_shape", "max_game_length")


@pytest.mark.parametrize("name", wargames.available())
def test_every_game_is_learnable(name: str) -> None:
    game = wargames.load(name, **small(name))
    for method in _LEARNING_API:
        assert getattr(type(game), method) is not getattr(Game, method), f"{name}: no {method}"
    state = game.start(1)
    player = next(iter(game.to_act(state)))
    assert game.observation_tensor(state, player).shape == game.observation_shape
    assert game.legal_mask(state, player).sum() == len(game.legal_actions(state, player))
    assert game.max_game_length > 0
    assert name in learnable()
