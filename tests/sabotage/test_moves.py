"""Moving (rule text: "Object of the Game" to "Hidden Identity", and "Moving Pieces near the
End of the Game"), checked on hand-made positions."""

import attrs
import pytest

from wargames import IllegalAction, NotYourTurn
from wargames.core.serialize import dumps
from wargames.sabotage import Battle, Kind, Move, Moved, OfferDraw, Sabotage, SabotageState

from .helpers import move, piece_at, sq, variant

GAME = Sabotage()


def targets(state: SabotageState, origin: str, player: str = "green") -> set[str]:
    return {
        str(a.target)
        for a in GAME.legal_actions(state, player)
        if isinstance(a, Move) and str(a.origin) == origin
    }


def test_one_square_vertically_or_horizontally_never_diagonally() -> None:
    state = GAME.position({"e2": "g3", "a10": "gH", "j10": "rH", "j9": "r1"})
    assert targets(state, "e2") == {"e1", "e3", "d2", "f2"}
    with pytest.raises(IllegalAction, match="no diagonal"):
        GAME.apply(state, move("e2-f3"))
    with pytest.raises(IllegalAction, match="vertically or horizontally"):
        GAME.apply(state, move("e2-e4"))


def test_onto_empty_or_enemy_squares_only() -> None:
    state = GAME.position({"e2": "g3", "e3": "g1", "d2": "r1", "a1": "gH", "j10": "rH"})
    assert targets(state, "e2") == {"e1", "d2", "f2"}
    with pytest.raises(IllegalAction, match="your own pieces"):
        GAME.apply(state, move("e2-e3"))


def test_volcanoes_are_barriers() -> None:
    state = GAME.position({"c4": "g3", "a1": "gH", "j10": "rH", "j9": "r1"})
    assert "c5" not in targets(state, "c4")
    with pytest.raises(IllegalAction, match="volcano"):
        GAME.apply(state, move("c4-c5"))


@pytest.mark.parametrize("symbol", ["H", "M"])
def test_headquarters_and_landmines_never_move(symbol: str) -> None:
    state = GAME.position(
        {
            "e2": "g" + symbol,
            "a1": "g1",
            "a10": "gH" if symbol == "M" else "gM",
            "j10": "rH",
            "j9": "r1",
        }
    )
    assert targets(state, "e2") == set()
    with pytest.raises(IllegalAction, match="may not be moved"):
        GAME.apply(state, move("e2-e3"))


def test_two_different_pieces_a_turn_in_regular_sabotage() -> None:
    pieces = {"e2": "g3", "g2": "g4", "c2": "g1", "a1": "gH", "j10": "rH", "j9": "r1", "h9": "r2"}
    state = GAME.position(pieces)
    state = GAME.apply(state, move("e2-e3"))
    assert GAME.to_act(state) == {"green"}
    assert targets(state, "e3") == set(), "a piece moves at most once a turn"
    with pytest.raises(IllegalAction, match="already moved"):
        GAME.apply(state, move("e3-e4"))
    state = GAME.apply(state, move("g2-g3"))
    assert GAME.to_act(state) == {"red"}, "two moves, though the 1 on c2 could move too"
    state = GAME.apply(state, move("j9-j8", "red"))
    assert GAME.to_act(state) == {"red"}, "red's turn has two moves too"
    state = GAME.apply(state, move("h9-h8", "red"))
    assert GAME.to_act(state) == {"green"}


@pytest.mark.parametrize(
    ("code", "moves"), [("SG", 2), ("SM", 2), ("SR", 4), ("SO", 5), ("SN", 3), ("SC", 5)]
)
def test_moves_per_turn_by_variant(code: str, moves: int) -> None:
    game = variant(code)
    state = game.start(seed=3)
    for _ in range(moves):
        assert game.to_act(state) == {"green"}
        to_empty = next(
            a
            for a in game.legal_actions(state, "green")
            if isinstance(a, Move) and state.cells[game.board.index(a.target)] is None
        )
        state = game.apply(state, to_empty)
    assert game.to_act(state) == {"red"}


def test_fewer_moves_only_when_fewer_pieces_can_move() -> None:
    game = variant("SR")
    state = game.position({"e2": "g3", "g2": "g4", "a1": "gH", "j10": "rH", "j9": "r1"})
    state = game.apply(state, move("e2-e3"))
    state = game.apply(state, move("g2-g3"))
    assert game.to_act(state) == {"red"}, "two movable pieces: the Rush turn ends after two"


def test_no_moving_back_to_the_square_left_in_the_previous_turn() -> None:
    state = GAME.position({"e2": "g5", "a1": "g1", "a10": "gH", "j10": "rH", "j1": "r1"})
    state = GAME.apply_all(state, [move("e2-e3"), move("a1-a2"), move("j1-j2", "red")])
    assert GAME.to_act(state) == {"green"}
    assert "e2" not in targets(state, "e3")
    with pytest.raises(IllegalAction, match="may not move back to e2"):
        GAME.apply(state, move("e3-e2"))


def test_a_piece_may_move_back_once_more_than_one_turn_has_passed() -> None:
    game = Sabotage(moves_per_turn=1)
    state = game.position({"e2": "g5", "a1": "g1", "a10": "gH", "j10": "rH", "j1": "r1"})
    state = game.apply_all(state, [move("e2-e3"), move("j1-j2", "red")])
    state = game.apply_all(state, [move("a1-a2"), move("j2-i2", "red")])
    assert game.is_legal(state, move("e3-e2")), "the General sat out a turn, so it may go back"
    assert move("e3-e2") in game.legal_actions(state, "green"), "and the move is listed"


def test_the_texts_pictures_of_the_5_star_general() -> None:
    """The worked example of "Moving", in regular Sabotage (two pieces a turn): "the #5 General
    can move in the direction of any of the yellow arrows. If it moves up one space, on the very
    next turn it can only move where the blue arrows point, not back to the red X where it came
    from. But on any turn after that, it will be able to move back to the red X." """
    pieces = {"e3": "g5", "a2": "g1", "b2": "g2", "a1": "gH", "j10": "rH", "j1": "r1", "i1": "r2"}
    state = GAME.position(pieces)
    assert targets(state, "e3") == {"e2", "e4", "d3", "f3"}, "the yellow arrows"
    state = GAME.apply_all(
        state, [move("e3-e4"), move("a2-a3"), move("j1-j2", "red"), move("i1-i2", "red")]
    )
    assert targets(state, "e4") == {"e5", "d4", "f4"}, "the blue arrows: not back to the red X"
    state = GAME.apply_all(
        state, [move("a3-a4"), move("b2-b3"), move("j2-j3", "red"), move("i2-i3", "red")]
    )
    assert targets(state, "e4") == {"e3", "e5", "d4", "f4"}, "any turn after that: back to e3"


def test_only_the_player_to_act_may_act() -> None:
    state = GAME.position({"e2": "g3", "a1": "gH", "j10": "rH", "j9": "r1"})
    with pytest.raises(NotYourTurn):
        GAME.apply(state, move("j9-j8", "red"))
    assert GAME.legal_actions(state, "red") == ()


def test_illegal_actions_leave_the_state_untouched() -> None:
    state = GAME.position({"e2": "g3", "a1": "gH", "j10": "rH", "j9": "r1"})
    before = dumps(GAME, state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, move("e2-g2"))
    assert dumps(GAME, state) == before


def test_a_move_to_an_empty_square_is_logged_as_a_move() -> None:
    state = GAME.position({"e2": "g3", "a1": "gH", "j10": "rH", "j9": "r1"})
    state = GAME.apply(state, move("e2-e1"))
    general = piece_at(GAME, state, "e1")
    assert state.log.newest(1) == (Moved("green", general.id, sq("e2"), sq("e1")),)
    assert GAME.to_act(state) == {"red"}, "the only movable green piece has moved"


def test_the_opponent_sees_which_pieces_moved() -> None:
    """ "you will see blue outlines around the pieces that your opponent changed in his
    previous move": every move and battle is in the opponent's view of the log, by piece id."""
    state = GAME.position({"e2": "g3", "g2": "g4", "g3": "r1", "a1": "gH", "j10": "rH"})
    state = GAME.apply_all(state, [move("e2-e3"), move("g2-g3")])
    moved, battle = GAME.view(state, "red").log.newest(2)
    assert moved == Moved("green", piece_at(GAME, state, "e3").id, sq("e2"), sq("e3"))
    assert isinstance(battle, Battle)
    assert (battle.origin, battle.target, battle.attacker_won) == (sq("g2"), sq("g3"), True)


def test_offer_draw_only_before_moving() -> None:
    state = GAME.position({"e2": "g3", "g2": "g4", "a1": "gH", "j10": "rH", "j9": "r1"})
    assert OfferDraw("green") in GAME.legal_actions(state, "green")
    state = GAME.apply(state, move("e2-e3"))
    assert OfferDraw("green") not in GAME.legal_actions(state, "green")
    with pytest.raises(IllegalAction, match="before moving"):
        GAME.apply(state, OfferDraw("green"))


def test_battle_event_names_pieces_by_id_only() -> None:
    state = GAME.position({"e2": "g3", "e3": "r1", "a1": "gH", "j10": "rH", "j9": "r1"})
    state = GAME.apply(state, move("e2-e3"))
    battle = state.log.newest(1)[0]
    assert isinstance(battle, Battle)
    assert battle.attacker_won
    assert not any(isinstance(getattr(battle, f.name), Kind) for f in attrs.fields(Battle))


def test_the_no_return_rule_is_a_class_setting_for_variants() -> None:
    class Forgetful(Sabotage):
        no_return_turns = 0

    game = Forgetful()
    state = game.position({"e2": "g5", "a1": "g1", "a10": "gH", "j10": "rH", "j1": "r1"})
    state = game.apply_all(state, [move("e2-e3"), move("a1-a2"), move("j1-j2", "red")])
    assert game.is_legal(state, move("e3-e2"))
    assert not GAME.is_legal(
        GAME.apply_all(
            GAME.position({"e2": "g5", "a1": "g1", "a10": "gH", "j10": "rH", "j1": "r1"}),
            [move("e2-e3"), move("a1-a2"), move("j1-j2", "red")],
        ),
        move("e3-e2"),
    )


@pytest.mark.parametrize("code", ["SG", "SM", "SR", "SO", "SN", "SC"])
def test_no_variant_lets_a_piece_move_back_at_once(code: str) -> None:
    """ "In all Sabotage games, you can not move a piece back to the space it came from in
    the previous turn" (one move a turn, to reach the next turn at once)."""
    game = variant(code, moves_per_turn=1)
    state = game.position({"e2": "g5", "a8": "gH", "h8": "rH", "h1": "r1"})
    state = game.apply_all(state, [move("e2-e3"), move("h1-h2", "red")])
    assert move("e3-e2") not in game.legal_actions(state, "green")
    assert not game.is_legal(state, move("e3-e2"))
    assert move("e3-e4") in game.legal_actions(state, "green")


def test_the_turn_ends_when_the_players_own_move_blocked_the_rest() -> None:
    """Library default for "move all that you can": the 1 on a1 could move to b1 until the 2
    took that square, so the Rush turn ends after one move."""
    game = variant("SR")
    state = game.position({"a1": "g1", "a2": "gM", "c1": "g2", "j1": "gH", "j10": "rH", "j9": "r1"})
    assert move("a1-b1") in game.legal_actions(state, "green")
    state = game.apply(state, move("c1-b1"))
    assert game.to_act(state) == {"red"}


def test_the_winner_of_a_battle_takes_the_square_and_the_loser_leaves_the_board() -> None:
    state = GAME.position({"e2": "g3", "e3": "r1", "a1": "gH", "j10": "rH", "j9": "r2"})
    attacker = piece_at(GAME, state, "e2")
    state = GAME.apply(state, move("e2-e3"))
    assert piece_at(GAME, state, "e3").id == attacker.id
    assert state.cells[GAME.board.index(sq("e2"))] is None
    assert [p.kind for p in state.captured] == [Kind.GENERAL_1]


def test_a_landmine_destroys_a_general_and_stays() -> None:
    """ "If a General moves onto an Atomic Landmine, the General is always destroyed" and "the
    Landmine remains on the board"."""
    state = GAME.position({"e2": "g5", "e3": "rM", "a1": "gH", "a2": "g1", "j10": "rH", "j9": "r2"})
    state = GAME.apply(state, move("e2-e3"))
    assert piece_at(GAME, state, "e3").kind is Kind.LANDMINE
    assert state.cells[GAME.board.index(sq("e2"))] is None
    assert [p.kind for p in state.captured] == [Kind.GENERAL_5]


def test_a_saboteur_disarms_a_landmine_and_stands_on_its_square() -> None:
    """ "If a Saboteur moves onto an Atomic Landmine, then the Landmine is destroyed and the
    Saboteur remains on the board"."""
    state = GAME.position({"e2": "gS", "e3": "rM", "a1": "gH", "j10": "rH", "j9": "r2"})
    state = GAME.apply(state, move("e2-e3"))
    assert piece_at(GAME, state, "e3").kind is Kind.SABOTEUR
    assert [p.kind for p in state.captured] == [Kind.LANDMINE]
