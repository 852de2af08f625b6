"""Object of the Game and "Draw Situation in Sabotage"."""

import pytest

from wargames import IllegalAction, NotYourTurn, Outcome
from wargames.sabotage import (
    AcceptDraw,
    DeclineDraw,
    DrawAnswered,
    DrawOffered,
    Kind,
    Move,
    OfferDraw,
    Revealed,
    Sabotage,
)

from .helpers import move, sq

GAME = Sabotage()


def test_capturing_the_headquarters_wins_at_once() -> None:
    state = GAME.position({"e4": "gR", "e5": "rH", "e9": "r1", "a1": "gH", "a2": "g1"})
    state = GAME.apply(state, move("e4-e5"))
    assert GAME.outcome(state) == Outcome(frozenset({"green"}), "captured the Headquarters")
    assert GAME.to_act(state) == frozenset()
    assert all(GAME.legal_actions(state, p) == () for p in GAME.players)
    with pytest.raises(IllegalAction, match="game is over"):
        GAME.apply(state, move("a2-a3"))


def test_the_captured_headquarters_is_known_to_both() -> None:
    state = GAME.position({"e4": "gS", "e5": "rH", "e9": "r1", "a1": "gH", "a2": "g1"})
    state = GAME.apply(state, move("e4-e5"))
    (headquarters,) = GAME.view(state, "green").captured
    assert headquarters.kind.symbol == "H"
    assert state.log.newest(1) == (Revealed(headquarters.id, sq("e5"), Kind.HEADQUARTERS),)


def test_a_headquarters_already_exposed_is_not_exposed_again_when_captured() -> None:
    pieces = {"e4": "gS", "e5": "rH", "e9": "r1", "a1": "gH", "a2": "g1"}
    state = GAME.position(pieces, revealed=("e5",))
    state = GAME.apply(state, move("e4-e5"))
    assert not any(isinstance(e, Revealed) for e in state.log)


def test_capturing_every_movable_piece_wins() -> None:
    state = GAME.position({"e4": "g3", "e5": "r2", "j9": "rM", "j10": "rH", "a1": "gH"})
    state = GAME.apply(state, move("e4-e5"))
    assert GAME.outcome(state) == Outcome(frozenset({"green"}), "captured every movable piece")


def test_losing_your_last_movable_piece_by_attacking_loses() -> None:
    state = GAME.position({"e4": "g3", "e5": "rM", "j9": "r1", "j10": "rH", "a1": "gH"})
    state = GAME.apply(state, move("e4-e5"))
    assert GAME.outcome(state) == Outcome(frozenset({"red"}), "captured every movable piece")


def test_an_immobilised_player_loses() -> None:
    # Red's only movable piece is boxed in by its own landmines and the board edge.
    state = GAME.position(
        {"j10": "r1", "i10": "rM", "j9": "rM", "a10": "rH", "a1": "gH", "e4": "g2"}
    )
    state = GAME.apply(state, move("e4-e5"))
    assert GAME.outcome(state) == Outcome(frozenset({"green"}), "red cannot move")
    boxed = GAME.position(
        {"j10": "r1", "i10": "rM", "j9": "rM", "a10": "rH", "a1": "gH", "e4": "g2"}, to_move="red"
    )
    assert GAME.outcome(boxed) == Outcome(frozenset({"green"}), "red cannot move"), "at once"


def test_a_player_whose_only_move_is_back_is_immobilised() -> None:
    """Reading of "they have no legal moves left": a move back to the square left in the
    previous turn is not legal, so a player left with only that move has lost."""
    pieces = {"j8": "r1", "j10": "rH", "i9": "rM", "a1": "gH", "a3": "g1"}
    state = GAME.position(pieces, to_move="red")
    state = GAME.apply_all(state, [move("j8-j9", "red"), move("a3-a4")])
    assert GAME.outcome(state) == Outcome(frozenset({"green"}), "red cannot move")


def test_no_capture_for_the_limit_of_moves_per_player_is_a_draw() -> None:
    game = Sabotage(quiet_turn_limit=2, moves_per_turn=1)
    state = game.position({"a1": "gH", "a3": "g1", "j10": "rH", "j8": "r1"})
    shuffle = ["a3-b3", "j8-i8", "b3-b2", "i8-i9"]
    for step, text in enumerate(shuffle):
        assert game.outcome(state) is None, f"not yet a draw before move {step}"
        state = game.apply(state, move(text, "green" if step % 2 == 0 else "red"))
    assert game.outcome(state) == Outcome(frozenset(), "no capture for 2 moves each")


def test_a_capture_restarts_the_no_capture_count() -> None:
    game = Sabotage(quiet_turn_limit=2, moves_per_turn=1)
    state = game.position({"a1": "gH", "a3": "g1", "j10": "rH", "j8": "r1", "a4": "r2", "e5": "g2"})
    state = game.apply_all(state, [move("e5-e6"), move("j8-i8", "red")])
    assert state.quiet == 2
    state = game.apply_all(state, [move("e6-e7"), move("a4-a3", "red")])
    assert state.quiet == 0, "red's 2 took green's 1"
    state = game.apply_all(state, [move("e7-e8"), move("i8-h8", "red")])
    assert game.outcome(state) is None
    assert state.quiet == 2


@pytest.mark.parametrize(
    ("code", "limit"), [("SG", 50), ("SR", 50), ("SM", 35), ("SO", 50), ("SN", 35), ("SC", 50)]
)
def test_draw_limits_by_variant(code: str, limit: int) -> None:
    assert Sabotage.variants[code]().layout.quiet_turn_limit == limit  # type: ignore[attr-defined]


def test_a_draw_may_be_offered_and_accepted() -> None:
    state = GAME.position({"a1": "gH", "a3": "g1", "j10": "rH", "j8": "r1"})
    assert OfferDraw("green") in GAME.legal_actions(state, "green")
    state = GAME.apply(state, OfferDraw("green"))
    assert GAME.to_act(state) == {"red"}
    assert GAME.legal_actions(state, "red") == (AcceptDraw("red"), DeclineDraw("red"))
    done = GAME.apply(state, AcceptDraw("red"))
    assert GAME.outcome(done) == Outcome(frozenset(), "draw agreed")


def test_a_declined_draw_returns_the_turn_and_cannot_be_repeated_this_turn() -> None:
    state = GAME.position({"a1": "gH", "a3": "g1", "j10": "rH", "j8": "r1"})
    state = GAME.apply_all(state, [OfferDraw("green"), DeclineDraw("red")])
    assert GAME.to_act(state) == {"green"}
    assert OfferDraw("green") not in GAME.legal_actions(state, "green")
    assert all(isinstance(a, Move) for a in GAME.legal_actions(state, "green"))
    with pytest.raises(NotYourTurn):
        GAME.apply(state, AcceptDraw("red"))
    with pytest.raises(IllegalAction, match="no draw offer"):
        GAME.apply(state, AcceptDraw("green"))


def test_draw_offers_can_be_turned_off() -> None:
    game = Sabotage(draw_offers=False)
    state = game.start(seed=2)
    assert OfferDraw("green") not in game.legal_actions(state, "green")
    with pytest.raises(IllegalAction, match="turned off"):
        game.apply(state, OfferDraw("green"))


def test_every_draw_offer_and_answer_is_in_the_log() -> None:
    """The last offer alone is in the state; the log keeps them all, so that a player (and a
    sampled past) knows every offer made and how it was answered."""
    state = GAME.position({"a1": "gH", "a3": "g1", "j10": "rH", "j8": "r1"})
    state = GAME.apply_all(state, [OfferDraw("green"), DeclineDraw("red"), move("a3-a4")])
    state = GAME.apply_all(state, [OfferDraw("red"), AcceptDraw("green")])
    offers = [e for e in GAME.view(state, "red").log if isinstance(e, DrawOffered | DrawAnswered)]
    assert offers == [
        DrawOffered("green"),
        DrawAnswered("red", accepted=False),
        DrawOffered("red"),
        DrawAnswered("green", accepted=True),
    ]
