"""Hidden Identity (rule text): "Their identity becomes revealed only when they occupy a space
next to one of your Recons"; attacking an unknown piece shows "only the result"."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.hidden import HIDDEN, is_hidden, redact
from wargames.sabotage import Battle, Kind, Revealed, Sabotage, SabotageState
from wargames.testing import states

from .helpers import move, piece_at, variant

GAME = Sabotage()
MINI = variant("SM")


def kind_seen(state: SabotageState, square: str, player: str) -> object:
    return piece_at(GAME, GAME.view(state, player), square).kind


def test_enemy_pieces_start_unidentified() -> None:
    state = GAME.start(seed=1)
    view = GAME.view(state, "green")
    red = [p for p in view.cells if p is not None and p.owner == "red"]
    green = [p for p in view.cells if p is not None and p.owner == "green"]
    assert len(red) == 30
    assert all(is_hidden(p.kind) for p in red)
    assert not any(is_hidden(p.kind) for p in green), "you always know your own pieces"


def test_unidentified_enemy_pieces_appear_as_question_marks() -> None:
    """ "At the start of the game they only appear as question marks"; Generals "appear as
    numbers"; volcanoes "appear on the board as barriers"."""
    state = GAME.position({"e4": "g5", "e6": "r2", "a1": "gH", "j10": "rH"})
    rows = {
        line.split()[0]: line.split()[1:]
        for line in GAME.describe(state, "green").splitlines()[1:11]
    }
    assert rows["6"] == [".", ".", "^^", "^^", "r?", ".", "^^", "^^", ".", "."]
    assert rows["4"][4] == "g5"
    assert rows["10"][9] == "r?"


def test_a_recon_moving_next_to_enemies_exposes_all_eight_around_it() -> None:
    pieces = {"e2": "gR", "d4": "r3", "e4": "r4", "f4": "rS", "e5": "r2", "a1": "gH", "j10": "rH"}
    state = GAME.position(pieces)
    assert kind_seen(state, "d4", "green") is HIDDEN
    state = GAME.apply(state, move("e2-e3"))
    for square, kind in (("d4", Kind.GENERAL_3), ("e4", Kind.GENERAL_4), ("f4", Kind.SABOTEUR)):
        assert kind_seen(state, square, "green") is kind
    assert kind_seen(state, "e5", "green") is HIDDEN, "e5 is two squares away"
    revealed = [e for e in state.log if isinstance(e, Revealed)]
    assert {str(e.square) for e in revealed} == {"d4", "e4", "f4"}


def test_an_enemy_moving_next_to_a_stationary_recon_is_exposed() -> None:
    game = Sabotage(moves_per_turn=1)
    state = game.position(
        {"e2": "gR", "e5": "r2", "a1": "gH", "a2": "g1", "j10": "rH"}, to_move="red"
    )
    state = game.apply(state, move("e5-e4", "red"))
    assert is_hidden(piece_at(game, game.view(state, "green"), "e4").kind), "not next to e2"
    state = game.apply(state, move("a2-a3"))
    state = game.apply(state, move("e4-e3", "red"))
    assert piece_at(game, game.view(state, "green"), "e3").kind is Kind.GENERAL_2


def test_diagonal_neighbours_are_exposed_too() -> None:
    state = GAME.position({"e4": "gR", "f5": "r2", "a1": "gH", "j10": "rH"})
    assert kind_seen(state, "f5", "green") is Kind.GENERAL_2


def test_exposure_is_kept_after_the_pieces_part() -> None:
    state = GAME.position({"e4": "gR", "f5": "r2", "a1": "gH", "j10": "rH"}, to_move="red")
    state = GAME.apply(state, move("f5-f6", "red"))
    assert kind_seen(state, "f6", "green") is Kind.GENERAL_2


def test_only_recons_expose() -> None:
    state = GAME.position({"e4": "g5", "e5": "r2", "a1": "gH", "j10": "rH"})
    assert kind_seen(state, "e5", "green") is HIDDEN
    assert kind_seen(state, "e4", "red") is HIDDEN


def test_a_recon_exposes_only_to_its_owner_side() -> None:
    state = GAME.position({"e4": "gR", "e5": "r2", "d4": "g1", "a1": "gH", "j10": "rH"})
    assert kind_seen(state, "e5", "green") is Kind.GENERAL_2
    assert kind_seen(state, "e4", "red") is HIDDEN, "a Recon is not itself exposed by a General"
    assert kind_seen(state, "d4", "red") is HIDDEN, "nor does it expose its own side's pieces"


def test_attacking_an_unknown_piece_shows_only_the_result() -> None:
    state = GAME.position({"e4": "g3", "e5": "r4", "e9": "r1", "a1": "gH", "j10": "rH"})
    state = GAME.apply(state, move("e4-e5"))
    for player in ("green", "red"):
        view = GAME.view(state, player)
        battle = view.log.newest(1)[0]
        assert isinstance(battle, Battle)
        assert battle.attacker_won is False
        assert piece_at(GAME, view, "e5").kind is (Kind.GENERAL_4 if player == "red" else HIDDEN)
    green_view = GAME.view(state, "green")
    assert all(p.kind is Kind.GENERAL_3 for p in green_view.captured), "you know what you lost"
    assert all(is_hidden(p.kind) for p in GAME.view(state, "red").captured)


def test_the_view_of_a_captured_unknown_piece_stays_hidden() -> None:
    state = GAME.position({"e4": "g5", "e5": "r4", "e9": "r1", "a1": "gH", "j10": "rH"})
    state = GAME.apply(state, move("e4-e5"))
    (lost,) = GAME.view(state, "green").captured
    assert is_hidden(lost.kind)
    winner = piece_at(GAME, GAME.view(state, "red"), "e5")
    assert is_hidden(winner.kind), "the defender does not learn what beat it (library default)"


@given(states(MINI, max_steps=40), st.sampled_from(["green", "red"]), st.randoms())
def test_views_do_not_depend_on_what_the_player_may_not_know(
    state: SabotageState, player: str, rng: random.Random
) -> None:
    other = MINI.sample_state(state, player, rng)
    assert MINI.view(other, player) == MINI.view(state, player)
    assert MINI.legal_actions(other, player) == MINI.legal_actions(state, player)
    assert MINI.describe(other, player) == MINI.describe(state, player)


@given(
    st.sampled_from([GAME, MINI]).flatmap(
        lambda game: st.tuples(
            st.just(game), states(game, max_steps=60) | states(game, setup={"deploy": False})
        )
    ),
    st.sampled_from(["green", "red"]),
)
def test_a_view_is_the_kernels_redaction(
    game_state: tuple[Sabotage, SabotageState], player: str
) -> None:
    """Sabotage builds its views directly: they must be what the kernel's redaction makes,
    field by field, of a state and of a view."""
    game, state = game_state
    view = game.view(state, player)
    assert view == redact(state, player)
    assert [p.kind if p else None for p in view.cells] == [
        p.kind if p else None for p in redact(state, player).cells
    ]
    assert [p.kind for p in view.captured] == [p.kind for p in redact(state, player).captured]
    assert game.view(view, player) == view
    other = game.opponent(player)
    assert game.view(view, other) == redact(redact(state, player), other)


@pytest.mark.parametrize("code", ["SG", "SM"])
def test_every_view_of_long_random_games_is_the_kernels_redaction(code: str) -> None:
    """Whole random games (exposures, captures, both players' views of every state): the
    direct views equal the kernel's redaction, and exposed enemy pieces show."""
    game = variant(code)
    rng = random.Random(7)
    exposed = 0
    for seed in range(3):
        state = game.start(seed)
        while state.result is None:
            for player in game.players:
                view = game.view(state, player)
                assert view == redact(state, player)
                exposed += sum(
                    1 for p in view.cells if p and p.owner != player and not is_hidden(p.kind)
                )
            (acting,) = game.to_act(state)
            state = game.apply(state, rng.choice(game.legal_actions(state, acting)))
    assert exposed, "the games exposed some pieces"


@given(states(MINI, max_steps=40), st.sampled_from(["green", "red"]))
def test_no_unexposed_enemy_kind_is_in_a_view(state: SabotageState, player: str) -> None:
    view = MINI.view(state, player)
    for piece in (*view.cells, *view.captured):
        if piece is not None and piece.owner != player:
            assert is_hidden(piece.kind) != piece.revealed
    assert repr(view.rng) == "HIDDEN", "nobody may know future chance"


@given(states(MINI, max_steps=40), st.sampled_from(["green", "red"]), st.randoms())
def test_swapping_two_unexposed_enemy_pieces_changes_nothing_in_the_view(
    state: SabotageState, player: str, rng: random.Random
) -> None:
    cells = list(state.cells)
    hidden = [
        i for i, p in enumerate(cells) if p is not None and p.owner != player and not p.revealed
    ]
    if len(hidden) < 2:
        return
    i, j = rng.sample(hidden, 2)
    a, b = cells[i], cells[j]
    assert a is not None
    assert b is not None
    cells[i] = type(a)(a.id, a.owner, b.kind, a.revealed, a.left, a.left_turn)
    cells[j] = type(b)(b.id, b.owner, a.kind, b.revealed, b.left, b.left_turn)
    swapped = SabotageState(
        rng=state.rng,
        log=state.log,
        cells=tuple(cells),
        clock=state.clock,
        deployed=state.deployed,
        moved=state.moved,
        quiet=state.quiet,
        offer=state.offer,
        captured=state.captured,
        result=state.result,
    )
    view = MINI.view(swapped, player)
    assert [p.id if p else None for p in view.cells] == [
        p.id if p else None for p in MINI.view(state, player).cells
    ]
    assert [p.kind if p else None for p in view.cells] == [
        p.kind if p else None for p in MINI.view(state, player).cells
    ]


def test_a_replay_redacted_for_a_player_hides_the_other_set_up() -> None:
    from wargames.bots import RandomBot, play
    from wargames.core.hidden import redact
    from wargames.sabotage import Deploy

    match = play(
        MINI,
        {"green": RandomBot(1), "red": RandomBot(2)},
        seed=3,
        max_actions=60,
        setup={"deploy": False},
    )
    seen = redact(match.replay, "red")
    deploys = [a for a in seen.actions if isinstance(a, Deploy)]
    assert deploys, "the set-up was played as actions"
    assert all(is_hidden(a.kind) for a in deploys if a.player == "green")
    assert not any(is_hidden(a.kind) for a in deploys if a.player == "red")
