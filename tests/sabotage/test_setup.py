"""Set-up: each player places their army in their own zone, as actions; the default start
deploys both armies at random from the seed."""

from collections import Counter

import pytest

from wargames import IllegalAction, UnknownOption
from wargames.core.hidden import is_hidden
from wargames.sabotage import Deploy, Deployed, Kind, Move, Sabotage, SetUpDrawn

from .helpers import sq, variant


@pytest.mark.parametrize("code", ["SG", "SM", "SR", "SO", "SN", "SC"])
def test_default_start_deploys_the_whole_army_in_each_zone(code: str) -> None:
    game = variant(code)
    state = game.start(seed=5)
    for p, player in enumerate(game.players):
        zone = set(game.layout.zone(p, game.board))
        mine = [
            (game.board.node(i), c)
            for i, c in enumerate(state.cells)
            if c is not None and c.owner == player
        ]
        assert {s for s, _ in mine} <= zone
        assert Counter(c.kind for _, c in mine) == Counter(dict(game.layout.army))
    assert game.to_act(state) == {"green"}, "Green has the first move"


@pytest.mark.parametrize(
    ("code", "pieces", "size"),
    [("SG", 30, 10), ("SM", 20, 8), ("SR", 30, 10), ("SO", 30, 10), ("SN", 20, 8), ("SC", 36, 10)],
)
def test_army_sizes_and_boards(code: str, pieces: int, size: int) -> None:
    game = variant(code)
    assert game.layout.pieces == pieces
    assert (game.layout.width, game.layout.height) == (size, size)


def test_corner_sabotage_adds_the_six_pieces_to_open_rush() -> None:
    extra = Counter(dict(variant("SC").layout.army)) - Counter(dict(variant("SO").layout.army))
    assert extra == Counter(
        {Kind.GENERAL_1: 2, Kind.GENERAL_2: 1, Kind.GENERAL_3: 1, Kind.RECON: 1, Kind.LANDMINE: 1}
    )


def test_corner_zones_are_triangles_in_opposite_corners() -> None:
    game = variant("SC")
    green, red = (set(game.layout.zone(p, game.board)) for p in (0, 1))
    assert sq("a1") in green
    assert sq("h1") in green
    assert sq("a8") in green
    assert sq("i1") not in green
    assert sq("b8") not in green
    assert sq("j10") in red
    assert sq("c10") in red
    assert all(s.x + s.y <= 7 for s in green)


@pytest.mark.parametrize(
    ("code", "volcanoes"), [("SG", 8), ("SR", 8), ("SM", 4), ("SO", 0), ("SN", 0), ("SC", 0)]
)
def test_volcanoes_by_variant(code: str, volcanoes: int) -> None:
    game = variant(code)
    assert sum(game.board.terrain(s) == "volcano" for s in game.board) == volcanoes


def test_setup_as_actions_fills_the_zone_in_order() -> None:
    game = variant("SM")
    state = game.start(seed=0, deploy=False)
    assert game.in_setup(state)
    first = game.legal_actions(state, "green")
    assert {a.square for a in first if isinstance(a, Deploy)} == {sq("a1")}
    assert {a.kind for a in first if isinstance(a, Deploy)} == {*Kind, None}
    with pytest.raises(IllegalAction, match="next square is a1"):
        game.apply(state, Deploy("green", sq("b1"), Kind.RECON))
    state = game.apply(state, Deploy("green", sq("a1"), Kind.HEADQUARTERS))
    assert Deploy("green", sq("b1"), Kind.HEADQUARTERS) not in game.legal_actions(state, "green")
    with pytest.raises(IllegalAction, match="no Headquarters is left"):
        game.apply(state, Deploy("green", sq("b1"), Kind.HEADQUARTERS))
    with pytest.raises(IllegalAction, match="set up your pieces first"):
        game.apply(state, Move("green", sq("a1"), sq("a2")))


def test_the_headquarters_may_be_placed_on_any_square_of_the_zone() -> None:
    """ "The headquarters may be placed anywhere during your initial setup": it is offered on
    every square of the zone, back rank to front, while it is unplaced."""
    game = variant("SM")
    state = game.start(seed=0, deploy=False)
    offered = []
    while game.to_act(state) == {"green"}:
        actions = game.legal_actions(state, "green")
        square = actions[0].square  # type: ignore[union-attr]
        offered.append(Deploy("green", square, Kind.HEADQUARTERS) in actions)
        rest = [a for a in actions if a.kind is not Kind.HEADQUARTERS]  # type: ignore[union-attr]
        state = game.apply(state, (rest or actions)[0])  # the Headquarters on the last square
    assert len(offered) == 24
    assert all(offered)


def test_mini_leaves_exactly_four_squares_empty() -> None:
    game = variant("SM")
    state = game.start(seed=0, deploy=False)
    empties = 0
    while game.in_setup(state) and game.to_act(state) == {"green"}:
        actions = game.legal_actions(state, "green")
        blank = Deploy("green", actions[0].square, None)  # type: ignore[union-attr]
        if blank in actions:
            state, empties = game.apply(state, blank), empties + 1
        else:
            state = game.apply(state, actions[0])
    assert empties == 4
    assert sum(1 for c in state.cells if c is not None and c.owner == "green") == 20
    assert game.to_act(state) == {"red"}


def test_the_opponent_sees_where_pieces_were_set_up_but_not_which() -> None:
    game = variant("SM")
    state = game.start(seed=0, deploy=False)
    state = game.apply(state, Deploy("green", sq("a1"), Kind.HEADQUARTERS))
    seen = game.view(state, "red")
    piece = seen.cells[game.board.index(sq("a1"))]
    assert piece is not None
    assert is_hidden(piece.kind)
    (deployed,) = seen.log.newest(1)
    assert deployed == Deployed("green", piece.id, sq("a1")), "the log names no kind"
    own = game.view(state, "green").cells[game.board.index(sq("a1"))]
    assert own is not None
    assert own.kind is Kind.HEADQUARTERS


def test_the_log_says_whether_the_armies_were_set_up_at_random() -> None:
    """Both players know how the game began: at random, or square by square."""
    game = variant("SM")
    dealt = list(game.view(game.start(seed=0), "red").log)
    assert dealt[0] == SetUpDrawn()
    assert all(isinstance(e, Deployed) for e in dealt[1:])
    by_hand = game.start(seed=0, deploy=False)
    by_hand = game.apply(by_hand, Deploy("green", sq("a1"), Kind.HEADQUARTERS))
    assert not any(isinstance(e, SetUpDrawn) for e in by_hand.log)


def test_layout_options_replace_the_variant_data() -> None:
    game = Sabotage(volcanoes=["e5"], army={"H": 1, "general_1": 3, "M": 1}, moves_per_turn=1)
    assert game.layout.pieces == 5
    assert game.board.terrain(sq("e5")) == "volcano"
    state = game.start(seed=1)
    assert sum(c is not None for c in state.cells) == 10


@pytest.mark.parametrize(
    "options",
    [
        {"army": {"H": 2}},
        {"army": {"1": 40, "H": 1}},
        {"volcanoes": ["a1"]},
        {"moves_per_turn": 0},
        {"colour": "blue"},
    ],
)
def test_bad_layout_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - UnknownOption is the ValueError meant here
        Sabotage(**options)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"moves_per_turn": "x"}, "option moves_per_turn='x' is not allowed: expected a whole"),
        ({"moves_per_turn": 10**9}, "expected a whole number from 1 to 10, or null"),
        ({"quiet_turn_limit": 2.5}, "option quiet_turn_limit=2.5 is not allowed"),
        ({"draw_offers": "no"}, "option draw_offers='no' is not allowed: expected true or false"),
        ({"army": {"5": 1.5}}, r"army: a kind's name and a whole count, got \('5', 1.5\)"),
        ({"army": {"5": 10**9}}, "army: 1000000000 5 is not from 0 to 64"),
        ({"army": 7}, "bad option value"),
        ({"volcanoes": [1, 2]}, "volcanoes: at most 64 squares as text"),
    ],
)
def test_options_of_the_wrong_type_or_size_are_refused(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(UnknownOption, match=message):
        Sabotage(**options)


def test_sequence_options_survive_a_replay_round_trip() -> None:
    from wargames.core.replay import Replay
    from wargames.core.serialize import dumps, loads

    game = Sabotage(volcanoes=("e5", "f5"), army={"H": 1, "1": 3})
    replay = Replay.record(game, 3, [])
    copy = loads(dumps(game, replay))
    assert copy == replay
    assert copy.load_game() == game


@pytest.mark.parametrize("code", ["SM", "SC"])
def test_the_random_start_is_the_set_up_played_as_actions(code: str) -> None:
    game = variant(code)
    dealt = game.start(seed=7)
    state = game.start(seed=7, deploy=False)
    for p, player in enumerate(game.players):
        for square in game.layout.zone(p, game.board):
            piece = dealt.cells[game.board.index(square)]
            state = game.apply(state, Deploy(player, square, piece.kind if piece else None))
    assert list(dealt.log) == [SetUpDrawn(), *state.log], "the same events, marked as dealt"
    assert state.with_changes(rng=dealt.rng, log=dealt.log) == dealt
