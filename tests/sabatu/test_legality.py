"""The move generator and the one-move checker agree ("Moving Around the Board"): every
move of every army place, die and destination a die could reach, and "pass", is legal for
the checker exactly when the generator lists it — whether or not the game has just listed
the moves of that very position (it remembers the last moves it worked out)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.sabatu import Move, Pass, Sabatu, SabatuAction, SabatuMercenaries, SabatuState
from wargames.sabatu.armies import places
from wargames.sabatu.memo import Remembered
from wargames.testing import check_legality, states

GAMES = {
    "2 players": Sabatu(players=2),
    "6 players": Sabatu(players=6),
    "Variant #2": SabatuMercenaries(players=3),
}


def _candidates(game: Sabatu, state: SabatuState, player: str) -> list[SabatuAction]:
    """Pass, and a move of every army of every player with every die to every place a
    path of that die's length reaches (most of them illegal here)."""
    board = game.board
    found: list[SabatuAction] = [Pass(player)]
    origins = sorted({p for seat in range(len(game.players)) for p in places(game, state, seat)})
    for origin in origins:
        for die in range(1, 7):
            targets = sorted({walk[0] for walk in board.walks(origin, die)})
            found.extend(Move(player, board.node(origin), die, board.node(t)) for t in targets)
    return found


def _agree(game: Sabatu, state: SabatuState) -> None:
    candidates = [c for p in sorted(game.to_act(state)) for c in _candidates(game, state, p)]
    check_legality(game, state, candidates)  # the same state, just listed
    # An equal state of new values (new tuples), which the game cannot know it has seen.
    listed = {a for p in game.to_act(state) for a in game.legal_actions(state, p)}
    fresh = state.with_changes(capitals=(*state.capitals,))
    for candidate in candidates:
        game.remembered = Remembered()  # nothing worked out: each move searched on its own
        cold = game.illegal_reason(fresh, candidate) is None
        assert cold == (candidate in listed), str(candidate)


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=15)
@given(data=st.data())
def test_the_checker_and_the_generator_agree(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    state = data.draw(states(game, max_steps=150))
    assert isinstance(state, SabatuState)
    _agree(game, state)
