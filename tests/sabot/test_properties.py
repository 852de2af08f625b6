"""Properties over random games on both default maps (hypothesis): no two units in one hex
(squads aboard aside), no unit in terrain its type cannot enter, views hiding every
concealed counter's identity, decoy status and shots."""

import pytest
from hypothesis import given, settings

from wargames.core.hidden import is_hidden
from wargames.sabot import Sabot, SabotState
from wargames.sabot.movement import stands
from wargames.testing import playouts
from wargames.testing.strategies import Playout

GAMES = {name: Sabot(map=name, build_points=150) for name in ("crossroads", "hills")}


def check(game: Sabot, playout: Playout) -> None:
    for state in playout.states:
        assert isinstance(state, SabotState)
        on_map = [u for u in state.units if u.on_map]
        moving = state.moving.unit if state.moving else -1
        ended = [u.hex for u in on_map if u.id != moving]  # a mover may pass through friends
        assert len(set(ended)) == len(ended)  # VI-c
        for unit in on_map:  # III: terrain its type may enter (or stand in, swimming)
            flying = (
                state.moving is not None and state.moving.unit == unit.id and (state.moving.flying)
            )
            if not flying:
                assert stands(game.map, game.kind(unit), unit.hex), unit
    for state in playout.states[:: max(1, len(playout.states) // 4)]:
        assert isinstance(state, SabotState)
        for player in game.players:
            view = game.view(state, player)
            for seen, real in zip(view.units, state.units, strict=True):
                if real.owner != player:
                    assert is_hidden(seen.kind) != real.revealed  # identity and decoy status
                    assert is_hidden(seen.ammo)  # the shots marker stays under the counter


@pytest.mark.parametrize("name", sorted(GAMES))
def test_stacking_terrain_and_views_hold_in_random_games(name: str) -> None:
    game = GAMES[name]

    @settings(max_examples=8)
    @given(playouts(game, max_steps=150))
    def run(playout: Playout) -> None:
        check(game, playout)

    run()


def test_and_with_set_up_as_actions() -> None:
    game = GAMES["crossroads"]

    @settings(max_examples=8)
    @given(playouts(game, max_steps=150, setup={"deploy": False}))
    def run(playout: Playout) -> None:
        check(game, playout)

    run()
