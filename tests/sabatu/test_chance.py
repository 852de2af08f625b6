"""Sabatu's chance nodes, draw by draw (``Game.drawing``): a roll and a battle listed every
way their draws can come out give the dice and the odds the rules give."""

import itertools
from fractions import Fraction

import pytest

from wargames.core.distribution import Distribution
from wargames.core.errors import UnknownOutcome
from wargames.core.rng import Rng
from wargames.sabatu import Move, Sabatu, SabatuAction, SabatuState, battle
from wargames.sabatu.state import BattleFought
from wargames.testing import every_drawing

from .helpers import TWO, position


def rolled() -> tuple[SabatuState, SabatuAction]:
    state = TWO.start(0)
    (roll,) = TWO.legal_actions(state, TWO.players[state.seat])
    return state, roll


def test_a_roll_is_a_draw_of_six_faces_for_each_die() -> None:
    state, roll = rolled()
    ways = list(every_drawing(TWO, state, roll))
    count = state.dice_count
    assert count == 3, "seed 0 rolls three dice"
    faces = [tuple(d.value for d in drawn.state.dice) for _, drawn in ways if drawn.state]
    assert sorted(faces) == list(itertools.product(range(1, 7), repeat=count))
    assert {p for p, _ in ways} == {Fraction(1, 6**count)}


def test_each_way_is_apply_with_its_draws_forced() -> None:
    state, roll = rolled()
    for _, drawn in itertools.islice(every_drawing(TWO, state, roll), 0, None, 7):
        forced = state.with_changes(rng=Rng(state.rng.key, state.rng.counter, drawn.draws))
        assert drawn.state == TWO.apply(forced, roll)


def test_a_draw_out_of_range_or_one_too_many_is_an_unknown_outcome() -> None:
    state, roll = rolled()
    (drawn,) = [d for _, d in itertools.islice(every_drawing(TWO, state, roll), 1)]
    with pytest.raises(UnknownOutcome, match="cannot come from below"):
        TWO.drawing(state, roll, (6,))
    with pytest.raises(UnknownOutcome, match="makes"):
        TWO.drawing(state, roll, (*drawn.draws, 0))
    for junk in ("12", (1.0,), (True,), (-1,), 3, None):
        with pytest.raises(UnknownOutcome, match="whole numbers"):
            TWO.drawing(state, roll, junk)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("state", "move"),
    [
        (position(armies={"red": ["nw.5"], "blue": ["nw.7"]}, coins={"blue": [1, 3]}, dice=[2]),
         Move("red", "nw.5", 2, "nw.7")),
        (position(armies={"red": ["ne.1"]}, capitals={"ne.capital": ("blue", 1, 2)}, dice=[1]),
         Move("red", "ne.1", 1, "ne.capital")),
    ],
    ids=["open ground, coins to plunder", "walled capital"],
)  # fmt: skip
def test_a_battle_drawn_every_way_comes_to_the_games_odds(state: SabatuState, move: Move) -> None:
    """The dice, then the victor's plunder: each way mapped to who won."""
    won: dict[str, Fraction] = {}
    for p, drawn in every_drawing(TWO, state, move):
        assert drawn.state is not None
        (fought,) = [e for e in drawn.state.log if isinstance(e, BattleFought)]
        won[fought.winner] = won.get(fought.winner, Fraction(0)) + p
    assert Distribution(won) == TWO.odds(state, move)
    assert TWO.odds(state, move) in (battle(), battle(walls=1))


def test_the_bound_is_the_widest_bag_or_deck() -> None:
    tables = Sabatu().tables
    assert Sabatu().max_chance_outcomes == len(tables.numbers.coins) == 48
    assert max(len(tables.armory), len(tables.conquest), len(tables.destiny)) < 48


def test_a_draw_with_one_result_is_made_at_once() -> None:
    """Blue's only coin, plundered by the victor: a draw of one, no chance node."""
    state = position(armies={"red": ["nw.5"], "blue": ["nw.7"]}, coins={"blue": [3]}, dice=[2])
    move = Move("red", "nw.5", 2, "nw.7")
    won = [
        drawn
        for _, drawn in every_drawing(TWO, state, move)
        if drawn.state is not None and drawn.state.realms[0].coins == (3,)
    ]
    assert len(won) == 15, "the 15 rolls of two dice the attacker wins"
    for drawn in won:
        dice = drawn.draws[:2]
        assert TWO.drawing(state, move, dice) == drawn, "no node after the dice"
        assert drawn.draws == (*dice, 0)
        forced = state.with_changes(rng=state.rng.with_forced(*drawn.draws))
        assert drawn.state == TWO.apply(forced, move)
