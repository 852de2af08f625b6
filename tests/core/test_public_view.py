"""``Game.public_view``: what a spectator may know is what every player knows."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wargames
from wargames.core.game import Game
from wargames.core.hidden import is_hidden
from wargames.core.registry import games
from wargames.testing import Playout, playouts

GAMES = {name: wargames.load(name, **games()[name].demo_options) for name in wargames.available()}


def _playout(name: str) -> st.SearchStrategy[Playout]:
    return playouts(GAMES[name], max_steps=40)


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=8)
@given(data=st.data())
def test_the_public_view_follows_from_every_players_view(name: str, data: Any) -> None:
    """Taken from any one player's view it is the same: it holds nothing that player may not
    know, for every player at once; and redacting it for anybody changes nothing."""
    game: Game[Any, Any] = GAMES[name]
    state = data.draw(_playout(name)).final
    public = game.public_view(state)
    assert is_hidden(public.rng)
    for player in game.players:
        assert game.public_view(game.view(state, player)) == public
        assert game.view(public, player) == public


def test_a_piece_only_its_owner_knows_is_hidden_from_the_audience() -> None:
    """In Sabotage each player knows their own pieces: the audience knows neither army."""
    game = wargames.load("sabotage", "SM")
    state = game.start(3)
    public = game.public_view(state)
    for player in game.players:
        assert game.view(state, player) != public
    assert all(cell is None or is_hidden(cell.kind) for cell in public.cells)
