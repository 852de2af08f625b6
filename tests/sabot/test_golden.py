"""Regression guards: seeded games on both default maps (and one with the set-up as actions
and reinforcements) replay to their committed final-state digests."""

import json

import pytest

from wargames.testing.golden import check_golden

from .golden import GAMES, HERE


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_replays_reproduce_their_final_state(name: str) -> None:
    check_golden(json.loads((HERE / f"replay-{name}.json").read_text()))
