"""Sampled pasts (issue 23): every sample's past replays to exactly what the player saw, so
a sample keeps what the history proves, not only what the board shows."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.errors import NoPast
from wargames.core.history import History
from wargames.sabotage import (
    DeclineDraw,
    Kind,
    OfferDraw,
    Sabotage,
    SabotageState,
)
from wargames.sabotage.pieces import IMMOVABLE
from wargames.testing import check_history
from wargames.testing.strategies import Playout, playouts

from .helpers import move, piece_at, variant

GAME = Sabotage()  # regular Sabotage: two moves a turn
RED_FAR = {"a1": "gH", "b1": "g1", "j10": "rH"}


def sampled_kinds(
    game: Sabotage, state: SabotageState, player: str, squares: list[str], n: int = 60
) -> list[tuple[Kind, ...]]:
    """The kinds ``n`` of ``player``'s samples give the pieces on ``squares``."""
    rng = random.Random(23)
    samples = [game.sample_state(state, player, rng) for _ in range(n)]
    return [tuple(piece_at(game, s, name).kind for name in squares) for s in samples]


def replays(game: Sabotage, states: list[SabotageState]) -> None:
    """Every player's sampled pasts of ``states`` replay to what they saw."""
    for player in game.players:
        for seed in range(5):
            check_history(game, states, player, random.Random(seed))


# -- the two deductions -------------------------------------------------------------


def test_a_turn_ended_early_leaves_every_other_piece_that_could_move_immovable() -> None:
    """Red moved 1 of its 2 pieces: no other red piece with an empty neighbour could move."""
    pieces = {**RED_FAR, "e8": "r3", "a10": "rM", "c10": "rM", "h10": "rM"}
    start = GAME.position(pieces, to_move="red")
    state = GAME.apply(start, move("e8-e7", "red"))
    assert GAME.to_act(state) == {"green"}, "red's turn ended after one move"
    for kinds in sampled_kinds(GAME, state, "green", ["a10", "c10", "h10", "j10", "e7"]):
        assert set(kinds[:4]) <= IMMOVABLE
        assert kinds[4].movable
    replays(GAME, [start, state])


def test_a_piece_that_exposed_a_stationary_enemy_on_arrival_is_a_recon() -> None:
    """Red's f6 piece was exposed the moment green's piece reached e5, the only green piece
    ever near it: that green piece is a Recon."""
    start = GAME.position({**RED_FAR, "e4": "gR", "f6": "r3"})
    state = GAME.apply(start, move("e4-e5"))
    assert piece_at(GAME, GAME.view(state, "red"), "f6").revealed
    assert set(sampled_kinds(GAME, state, "red", ["e5"])) == {(Kind.RECON,)}
    replays(GAME, [start, state])


# -- more of what exposures prove -----------------------------------------------------------


def test_a_piece_exposed_on_arrival_next_to_several_enemies_has_a_recon_among_them() -> None:
    """Either neighbour may be the Recon that exposed green's piece; at least one is."""
    start = GAME.position({**RED_FAR, "e6": "g1", "d8": "r3", "f8": "rR"})
    state = GAME.apply(start, move("e6-e7"))
    assert piece_at(GAME, GAME.view(state, "green"), "e7").revealed
    kinds = sampled_kinds(GAME, state, "green", ["d8", "f8"], n=100)
    assert all(Kind.RECON in pair for pair in kinds)
    assert {pair.index(Kind.RECON) for pair in kinds} == {0, 1}, "either may be the Recon"
    replays(GAME, [start, state])


def test_an_enemy_that_exposed_a_piece_by_moving_next_to_it_is_a_recon() -> None:
    """The exposure happens whichever of the two moved: here the red piece did."""
    start = GAME.position({**RED_FAR, "e5": "g1", "f7": "rR"}, to_move="red")
    state = GAME.apply(start, move("f7-f6", "red"))
    assert piece_at(GAME, GAME.view(state, "green"), "e5").revealed
    assert set(sampled_kinds(GAME, state, "green", ["f6"])) == {(Kind.RECON,)}
    replays(GAME, [start, state])


def test_a_piece_not_exposed_next_to_an_enemy_proves_the_enemy_is_no_recon() -> None:
    """Negative evidence: green's piece reached e5 next to f6 and stayed unidentified."""
    start = GAME.position({**RED_FAR, "e4": "g1", "f6": "r3"})
    state = GAME.apply(start, move("e4-e5"))
    assert not piece_at(GAME, GAME.view(state, "green"), "e5").revealed
    assert (Kind.RECON,) not in sampled_kinds(GAME, state, "green", ["f6"], n=100)
    replays(GAME, [start, state])


def test_an_enemy_that_arrived_without_exposing_anything_is_no_recon() -> None:
    start = GAME.position({**RED_FAR, "e5": "g1", "f7": "r3"}, to_move="red")
    state = GAME.apply(start, move("f7-f6", "red"))
    assert (Kind.RECON,) not in sampled_kinds(GAME, state, "green", ["f6"], n=100)
    replays(GAME, [start, state])


# -- what the game going on (or ending) proves ----------------------------------------------


def test_a_player_to_move_could_move() -> None:
    """Red is to move, so red was not immobilised: its one piece free to move is movable."""
    pieces = {"a1": "gH", "b1": "g1", "e8": "r3", "i10": "rM", "j9": "rM", "j10": "rH"}
    state = GAME.position(pieces, to_move="red", revealed=("i10", "j9", "j10"))
    assert all(kinds[0].movable for kinds in sampled_kinds(GAME, state, "green", ["e8"], n=100))
    replays(GAME, [state])


def test_taking_the_last_movable_piece_leaves_only_immovable_ones() -> None:
    start = GAME.position({**RED_FAR, "e4": "g5", "e5": "r2", "a10": "rM", "c10": "rM"})
    state = GAME.apply(start, move("e4-e5"))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "captured every movable piece"
    for kinds in sampled_kinds(GAME, state, "green", ["a10", "c10", "j10"]):
        assert set(kinds) <= IMMOVABLE
    replays(GAME, [start, state])


def test_a_captured_piece_that_did_not_end_the_game_is_no_headquarters() -> None:
    start = GAME.position({**RED_FAR, "e4": "g5", "e5": "r2", "a10": "rM", "c10": "r1"})
    state = GAME.apply(start, move("e4-e5"))
    assert GAME.outcome(state) is None
    rng = random.Random(1)
    for _ in range(40):
        (taken,) = GAME.sample_state(state, "green", rng).captured
        assert taken.kind is not Kind.HEADQUARTERS
    replays(GAME, [start, state])


@pytest.mark.parametrize("revealed", [(), ("e5",)])
def test_a_captured_headquarters_is_replayed_exposed_when_it_was(revealed: tuple[str]) -> None:
    """Whether the Headquarters was exposed before its capture, the log tells."""
    pieces = {"e4": "gS", "e5": "rH", "e9": "r1", "a1": "gH", "a2": "g1"}
    start = GAME.position(pieces, revealed=revealed)
    replays(GAME, [start, GAME.apply(start, move("e4-e5"))])


def test_draw_offers_and_answers_are_part_of_the_past() -> None:
    start = GAME.position({**RED_FAR, "e8": "r3", "e2": "g2"})
    states = [start]
    for action in (OfferDraw("green"), DeclineDraw("red"), move("e2-e3"), move("b1-b2")):
        states.append(GAME.apply(states[-1], action))
    states.append(GAME.apply(states[-1], OfferDraw("red")))
    replays(GAME, states)


def test_the_quiet_turn_draw_is_replayed() -> None:
    game = variant("SM", quiet_turn_limit=2)
    state = game.start(5)
    states = [state]
    chooser = random.Random(5)
    while game.outcome(state) is None:
        player = next(iter(game.to_act(state)))
        legal = [a for a in game.legal_actions(state, player) if not isinstance(a, OfferDraw)]
        state = game.apply(state, chooser.choice(legal))
        states.append(state)
    assert game.outcome(state) is not None
    assert "no capture" in str(game.outcome(state))
    replays(game, states)


def test_a_view_no_army_can_give_has_no_past() -> None:
    """A study whose pieces the army cannot supply: red's turn ended early, so both red pieces
    left are immovable, but the army has one immovable piece.  A typed error, not a past that
    contradicts the view."""
    game = Sabotage(army={"H": 1, "1": 3})
    start = game.position(
        {"a1": "gH", "b1": "g1", "e8": "r1", "a10": "rM", "j10": "rH"}, to_move="red"
    )
    state = game.apply(start, move("e8-e7", "red"))
    with pytest.raises(NoPast, match="no kinds fit"):
        game.sample_state(state, "green", random.Random(0))


# -- how a past is built --------------------------------------------------------------------


def test_a_sampled_random_set_up_is_one_the_rules_deal() -> None:
    game = variant("SM")
    state = game.start(3)
    for action in ("a3-a4", "b3-b4"):
        state = game.apply(state, move(action))
    history = game.sample_history(game.view(state, "green"), "green", random.Random(0))
    start = history.start
    assert isinstance(start, SabotageState)
    orders = [[start.cells[i] for i in zone] for zone in game._zones]
    kinds = [[None if p is None else p.kind for p in order] for order in orders]
    assert start == game._dealt(game._new(start.rng), kinds)
    assert history.final(game) == History(start, history.actions).final(game)


def test_a_sampled_position_is_one_position_makes() -> None:
    start = GAME.position({**RED_FAR, "e4": "gR", "f6": "r3", "c9": "r1"}, revealed=("c9",))
    state = GAME.apply(start, move("e4-e5"))
    history = GAME.sample_history(GAME.view(state, "red"), "red", random.Random(0))
    sampled = history.start
    assert isinstance(sampled, SabotageState)
    drawn = {
        str(GAME.board.node(i)): piece.owner[0] + piece.kind.symbol
        for i, piece in enumerate(sampled.cells)
        if piece is not None
    }
    assert drawn.keys() == {str(GAME.board.node(i)) for i, p in enumerate(start.cells) if p}
    assert sampled == GAME.position(drawn, revealed=("c9",), seed=sampled.rng.key)


@pytest.mark.parametrize("code", ["SG", "SM", "SR", "SO", "SN", "SC"])
@settings(max_examples=15)
@given(st.data())
def test_every_sampled_past_replays_to_what_the_player_saw(code: str, data: st.DataObject) -> None:
    game = variant(code)
    deploy = data.draw(st.booleans(), label="deploy")
    playout: Playout = data.draw(playouts(game, max_steps=160, setup={"deploy": deploy}))
    end = data.draw(st.integers(0, len(playout.states) - 1), label="moment")
    player = data.draw(st.sampled_from(game.players), label="player")
    check_history(game, list(playout.states[: end + 1]), player, random.Random(end))
