"""The bots' heuristic (not a rule): material, pressure on the enemy Headquarters and an
immediate threat to one."""

import pytest

from wargames.bots import GreedyBot
from wargames.core.game import balance
from wargames.sabotage import Deploy, Kind, Sabotage, SabotageState
from wargames.sabotage.evaluation import PRESSURE, THREAT

from .helpers import variant

GAME = Sabotage()


def test_a_side_without_a_headquarters_on_the_board_is_no_target() -> None:
    """Studies may leave out a Headquarters: pressure then counts only the pieces that have
    one to advance on (no error, no division by zero)."""
    state = GAME.position({"a1": "gH", "a2": "g5", "j9": "r1"})
    # Material 10 to 2; only red's 1 has a Headquarters to press, 9 + 8 = 17 steps from a1.
    pressure = balance(0, 1 / 17)
    position = (1 - PRESSURE) * balance(10, 2) + PRESSURE * pressure
    assert GAME.evaluate(state, "green") == pytest.approx((1 - THREAT) * position)
    assert GAME.evaluate(state, "red") == pytest.approx(-GAME.evaluate(state, "green"))
    neither = GAME.position({"a2": "g5", "j9": "r1"})
    assert GAME.evaluate(neither, "green") == pytest.approx(
        (1 - THREAT) * (1 - PRESSURE) * balance(10, 2)
    )


def _threat(pieces: dict[str, str], to_move: str) -> float:
    """Green's evaluation less what it would be without the threat term."""
    state = GAME.position(pieces, to_move=to_move)
    material = {"green": 0, "red": 0}
    for code in pieces.values():
        material["green" if code[0] == "g" else "red"] += {"H": 0, "1": 2, "5": 10}[code[1]]
    return GAME.evaluate(state, "green") - (1 - THREAT) * (1 - PRESSURE) * balance(
        material["green"], material["red"]
    )


def test_a_piece_next_to_a_headquarters_threatens_it_when_its_side_moves_first() -> None:
    """A piece moves one square a turn, so only a piece next to the enemy Headquarters may
    capture it this turn; the side that moves first wins the race."""
    # Red's 1 stands next to green's Headquarters on a1.
    attacked = {"a1": "gH", "a2": "r1", "h8": "rH", "d4": "g5"}
    assert _threat(attacked, "red") == pytest.approx(-THREAT, abs=PRESSURE * (1 - THREAT))
    # Green moves first and is not threatening: still lost unless it acts (its 5 is far).
    assert _threat(attacked, "green") == pytest.approx(-THREAT, abs=PRESSURE * (1 - THREAT))
    # Green's 5 next to red's Headquarters, green to move: green captures first.
    both = {**attacked, "d4": "g1", "h7": "g5"}
    assert _threat(both, "green") == pytest.approx(THREAT, abs=PRESSURE * (1 - THREAT))
    assert _threat(both, "red") == pytest.approx(-THREAT, abs=PRESSURE * (1 - THREAT))
    # One square further off there is no threat, only pressure.
    apart = {"a1": "gH", "a3": "r1", "h8": "rH", "d4": "g5"}
    assert abs(_threat(apart, "red")) < PRESSURE * (1 - THREAT)


def test_a_piece_that_has_moved_this_turn_threatens_nothing_until_the_next() -> None:
    """ "A piece can only move ... to an adjacent space" once a turn ("You must move two
    pieces per turn"): green's 5 stepping next to red's Headquarters threatens it only once
    red has moved, though green still has a move to make."""
    pieces = {"a1": "gH", "d4": "g1", "h8": "rH", "a8": "r1"}
    standing = GAME.position({**pieces, "h7": "g5"})
    before = GAME.position({**pieces, "g7": "g5"})
    stepped = GAME.apply(before, GAME.parse_action(before, "g7-h7", "green"))
    assert GAME.to_act(stepped) == {"green"}
    assert _threat({**pieces, "h7": "g5"}, "green") == pytest.approx(
        THREAT, abs=PRESSURE * (1 - THREAT)
    )
    # The same pieces on the same squares: only the threat differs.
    assert GAME.evaluate(stepped, "green") == pytest.approx(
        GAME.evaluate(standing, "green") - THREAT
    )


# -- set-up (Mini Sabotage: green's zone is ranks 1-3, red's 6-8, volcanoes c4 c5 f4 f5) ----

MINI = variant("SM")


def _green_setup(*ranks: str) -> SabotageState:
    """Mini Sabotage with green's zone set up from ``ranks`` (rank 1 first, a symbol a file,
    ``-`` an empty square) and red still to set up."""
    symbols = {
        f"{'abcdefgh'[x]}{y + 1}": s for y, rank in enumerate(ranks) for x, s in enumerate(rank)
    }
    state = MINI.start(0, deploy=False)
    for square in MINI.layout.zone(0, MINI.board):
        symbol = symbols[str(square)]
        kind = None if symbol == "-" else Kind.from_symbol(symbol)
        state = MINI.apply(state, Deploy("green", square, kind))
    assert MINI.to_act(state) == {"red"}
    return state


def _safer(better: SabotageState, worse: SabotageState) -> None:
    """Green's evaluation ranks ``better`` above ``worse``, and red's the other way round."""
    assert MINI.evaluate(better, "green") > MINI.evaluate(worse, "green")
    assert MINI.evaluate(better, "red") < MINI.evaluate(worse, "red")


def test_setup_depth_a_headquarters_far_from_the_enemy_is_safer() -> None:
    """The same cover (three landmines and the edge, or a volcano) and the same guard (the 5
    within two steps): on b1 the Headquarters stands five steps from red's zone, on c3 four."""
    deep = _green_setup("MHM33221", "5M211RRR", "SSS4----")
    front = _green_setup("33221RRR", "21M54-1-", "SMHM--SS")
    _safer(deep, front)


def test_setup_cover_landmines_beside_a_headquarters_close_its_sides() -> None:
    """The Headquarters on a1 either way, the 5 on c1: landmines on b1 and a2 leave no side
    open; moved to b2 and c2 (a 2 and a 1 in their place) they leave two."""
    covered = _green_setup("HM543322", "M211RRR-", "M1SSS---")
    open_ = _green_setup("H2543322", "1MM1RRR-", "M1SSS---")
    _safer(covered, open_)


def test_setup_guard_a_strong_piece_near_a_headquarters_defends_it() -> None:
    """The Headquarters on a1 closed by landmines on b1 and a2 either way: the 5 on c1, two
    steps away, or on h3, far off."""
    guarded = _green_setup("HM543322", "M-211RRR", "-SSS1M--")
    alone = _green_setup("HM-43322", "M-211RRR", "-SSS1M-5")
    _safer(guarded, alone)


def test_greedy_sets_up_its_headquarters_in_the_back_rank_behind_landmines() -> None:
    """Set-up piece by piece, one action ahead: each side's Headquarters goes on its back rank
    with every side the edge leaves open closed by a landmine (a random deal puts it anywhere
    in the zone, the front row included)."""
    state = MINI.start(3, deploy=False)
    bots = {"green": GreedyBot(1), "red": GreedyBot(2)}
    while MINI.in_setup(state):
        player = next(iter(MINI.to_act(state)))
        action = bots[player].choose(MINI, state, player)
        assert isinstance(action, Deploy)
        state = MINI.apply(state, action)
    for player, back in (("green", 0), ("red", 7)):
        (at,) = (
            i
            for i, p in enumerate(state.cells)
            if p and p.owner == player and p.kind is Kind.HEADQUARTERS
        )
        square = MINI.board.node(at)
        assert square.y == back
        sides = [state.cells[MINI.board.index(s)] for s in MINI.board.orthogonal(square)]
        assert all(p is not None and p.kind is Kind.LANDMINE for p in sides)


def _greedy_setup(seed: int) -> SabotageState:
    """Both sides set up by greedy, seeded as ``benchmarks.paired`` seeds them."""
    state = MINI.start(seed, deploy=False)
    bots = {"green": GreedyBot(seed * 31), "red": GreedyBot(seed * 31 + 1)}
    while MINI.in_setup(state):
        player = next(iter(MINI.to_act(state)))
        action = bots[player].choose(MINI, state, player)
        assert isinstance(action, Deploy)
        state = MINI.apply(state, action)
    return state


def test_greedy_varies_the_square_of_its_headquarters_among_equally_safe_ones() -> None:
    """Mirror-image squares are equally safe, so greedy's choice between them is its own
    random tie-break, not the zone's fill order: a Headquarters still to place counts the
    best square left (counted at the mean of the squares left, it went on the first square
    of the order that beat the mean, a1 or h8, in every game)."""
    squares: dict[str, set[str]] = {"green": set(), "red": set()}
    for seed in range(12):
        state = _greedy_setup(seed)
        for i, piece in enumerate(state.cells):
            if piece is not None and piece.kind is Kind.HEADQUARTERS:
                squares[piece.owner].add(str(MINI.board.node(i)))
    assert len(squares["green"]) > 1
    assert len(squares["red"]) > 1


def test_setup_reckons_the_squares_still_to_fill_at_their_best() -> None:
    """The rest of the set-up is the player's to make: a Headquarters on c1 with two
    landmines left and its two sides d1 and c2 still to fill scores as if both were
    landmines (it scored less, by the chance a landmine would fall there)."""
    half = MINI.start(0, deploy=False)
    squares = {str(s): s for s in MINI.board}
    for square, symbol in (("a1", "2"), ("b1", "M"), ("c1", "H")):
        half = MINI.apply(half, Deploy("green", squares[square], Kind.from_symbol(symbol)))
    whole = _green_setup("2MHM5321", "1-M1RRR-", "SSS43-2-")
    assert MINI.evaluate(half, "green") == pytest.approx(MINI.evaluate(whole, "green"))


def test_setup_red_ranks_its_placements_alike_whatever_green_hides() -> None:
    """Red sets up second, against green's hidden army: its determinisations differ in where
    green's Headquarters stands, which shifts every placement's score alike and so changes no
    choice."""
    worlds = [
        _green_setup("MHM33221", "5M211RRR", "SSS4----"),
        _green_setup("33221RRR", "21M54-1-", "SMHM--SS"),
    ]
    for _ in range(5):  # a few of red's squares in
        state = worlds[0]
        actions = MINI.legal_actions(state, "red")
        first = [MINI.evaluate(MINI.apply(worlds[0], a), "red") for a in actions]
        second = [MINI.evaluate(MINI.apply(worlds[1], a), "red") for a in actions]
        shift = first[0] - second[0]
        assert shift != 0
        assert [a - b for a, b in zip(first, second, strict=True)] == pytest.approx(
            [shift] * len(actions)
        )
        worlds = [MINI.apply(world, actions[-1]) for world in worlds]


def test_search_bots_weigh_each_set_up_square_as_a_decision_of_its_own() -> None:
    """``game.decision``: a search stops where the next square of the zone is to fill, so
    each placement is weighed by the evaluation of the set-up it leaves; a turn's two moves
    stay one decision."""
    state = MINI.start(0, deploy=False)
    seen = set()
    while MINI.in_setup(state):
        player = next(iter(MINI.to_act(state)))
        seen.add((player, MINI.decision(state, player)))
        state = MINI.apply(state, MINI.legal_actions(state, player)[0])
    assert len(seen) == 2 * len(MINI.layout.zone(0, MINI.board))
    moved = MINI.apply(state, MINI.legal_actions(state, "green")[0])
    assert MINI.to_act(moved) == {"green"}
    assert MINI.decision(moved, "green") == MINI.decision(state, "green")
