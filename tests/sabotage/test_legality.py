"""The fast move generator and the rule-by-rule checker agree on every candidate move."""

from hypothesis import given

from wargames.sabotage import Move, SabotageState
from wargames.testing import states

from .helpers import variant

GAMES = [variant(code) for code in ("SG", "SM", "SC")]


def _agree(state: SabotageState, index: int) -> None:
    game = GAMES[index]
    for player in game.to_act(state):
        legal = set(game.legal_actions(state, player))
        for origin in game.board:
            for target in game.board.surrounding(origin):
                candidate = Move(player, origin, target)
                assert (candidate in legal) == game.is_legal(state, candidate), str(candidate)


@given(states(GAMES[0], max_steps=60))
def test_regular(state: SabotageState) -> None:
    _agree(state, 0)


@given(states(GAMES[1], max_steps=60))
def test_mini(state: SabotageState) -> None:
    _agree(state, 1)


@given(states(GAMES[2], max_steps=60))
def test_corner(state: SabotageState) -> None:
    _agree(state, 2)
