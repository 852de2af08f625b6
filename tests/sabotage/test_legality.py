"""The fast move generator and the rule-by-rule checker agree on every candidate move."""

from hypothesis import given

from wargames.sabotage import Move, SabotageState
from wargames.testing import check_legality, states

from .helpers import variant

GAMES = [variant(code) for code in ("SG", "SM", "SC")]


def _agree(state: SabotageState, index: int) -> None:
    game = GAMES[index]
    board = game.board
    candidates = [
        Move(player, origin, target)
        for player in game.players
        for origin in board
        for target in board.surrounding(origin)
    ]
    check_legality(game, state, candidates)


@given(states(GAMES[0], max_steps=60))
def test_regular(state: SabotageState) -> None:
    _agree(state, 0)


@given(states(GAMES[1], max_steps=60))
def test_mini(state: SabotageState) -> None:
    _agree(state, 1)


@given(states(GAMES[2], max_steps=60))
def test_corner(state: SabotageState) -> None:
    _agree(state, 2)
