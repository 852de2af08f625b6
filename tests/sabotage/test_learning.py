"""Sabotage for learning agents: the action space, the observation planes, the length bound."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import wargames
from wargames.core.errors import InvalidAction
from wargames.sabotage import Move, Sabotage
from wargames.sabotage.learning import (
    CHANNELS,
    FIRST,
    KINDS,
    KNOWN,
    OWN,
    OWN_LOST,
    QUIET,
    TO_ACT,
    UNKNOWN,
    VOLCANO,
)
from wargames.sabotage.pieces import Kind

from .helpers import sq, variant


def test_the_action_space_counts_every_placement_step_and_draw_action() -> None:
    game = variant("SM")
    zone = len(game._zones[0]) + len(game._zones[1])
    steps = sum(len(game._steps[i]["green"]) for i in range(len(game.board)))
    assert game.num_distinct_actions == zone * (len(KINDS) + 1) + steps + 3
    without_offers = wargames.load("sabotage", variant="SM", draw_offers=False)
    assert without_offers.num_distinct_actions == game.num_distinct_actions - 3


def test_one_index_is_the_same_step_for_either_player() -> None:
    game = variant("SG")
    state = game.start(1)
    green = Move("green", game.board.parse("e4"), game.board.parse("e5"))
    red = Move("red", game.board.parse("e4"), game.board.parse("e5"))
    assert game.action_index(green) == game.action_index(red)
    index = game.action_index(green)
    assert game.action_from_index(state, "red", index) == red


def test_indices_out_of_the_space_are_refused() -> None:
    game = variant("SM")
    state = game.start(1)
    for index in (-1, game.num_distinct_actions, 1.5, True, "3"):
        with pytest.raises(InvalidAction):
            game.action_from_index(state, "green", index)  # type: ignore[arg-type]
    with pytest.raises(InvalidAction, match="not in the game's action space"):
        game.action_index(Move("green", game.board.parse("a1"), game.board.parse("c3")))
    agent_index: Any = np.int64(0)  # agents hand back numpy integers
    assert game.action_from_index(state, "green", agent_index) is not None


def test_the_planes_show_what_green_sees_and_nothing_more() -> None:
    game = Sabotage()
    state = game.position(
        {"e4": "g3", "e5": "r1", "a1": "gH", "j10": "rH", "b7": "rR"}, revealed=("b7",)
    )
    tensor = game.observation_tensor(state, "green")
    assert tensor.shape == (10, 10, CHANNELS) == game.observation_shape  # channels last
    planes = tensor.transpose(2, 0, 1)  # plane by plane
    y, x = 3, 4  # e4
    assert planes[OWN + KINDS.index(Kind.GENERAL_3), y, x] == 1
    assert planes[UNKNOWN, 4, 4] == 1  # e5: an enemy piece, kind unknown
    assert planes[:UNKNOWN, 4, 4].sum() == 0, "nothing says it is a 1-star General"
    assert planes[KNOWN + KINDS.index(Kind.RECON), 6, 1] == 1  # b7, revealed
    assert planes[VOLCANO].sum() == len(game._volcano)
    assert planes[TO_ACT].all()
    assert planes[FIRST].all()
    red = game.observation_tensor(state, "red").transpose(2, 0, 1)
    assert not red[TO_ACT].any()
    assert not red[FIRST].any()
    assert red[UNKNOWN, 3, 4] == 1
    assert red[OWN + KINDS.index(Kind.GENERAL_1), 4, 4] == 1
    assert planes[QUIET].max() == 0


def test_the_lost_planes_follow_every_capture() -> None:
    game = Sabotage()
    pieces = {"e4": "g3", "e5": "r1", "e6": "r2", "a1": "gH", "j10": "rH", "a10": "r4", "b10": "r5"}
    state = game.position(pieces)
    assert not game.observation_tensor(state, "red")[..., OWN_LOST:].any()
    one, two = (OWN_LOST + KINDS.index(kind) for kind in (Kind.GENERAL_1, Kind.GENERAL_2))
    for origin, target, plane in (("e4", "e5", one), ("e5", "e6", two)):
        while game.to_act(state) == {"red"}:  # red's 4- and 5-star step down, out of the way
            steps = (a for a in game.legal_actions(state, "red") if isinstance(a, Move))
            state = game.apply(state, next(m for m in steps if m.target.y < m.origin.y > 8))
        state = game.apply(state, Move("green", sq(origin), sq(target)))
        lost = game.observation_tensor(state, "red").transpose(2, 0, 1)
        assert np.allclose(lost[plane], 1 / game.army[KINDS[plane - OWN_LOST]])
    assert np.count_nonzero(lost[OWN_LOST:].any(axis=(1, 2))) == 2, "both captures count"


def test_a_tensor_is_the_callers_own() -> None:
    game = variant("SM")
    state = game.start(1)
    first = game.observation_tensor(state, "green")
    first[:] = 7
    assert game.observation_tensor(state, "green").max() == 1
