"""Regression guard: seeded bot games replay to the committed final states."""

import json

import pytest

from wargames.testing.golden import check_golden

from .golden import GAMES, HERE


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_replays_reproduce_their_final_state(name: str) -> None:
    check_golden(json.loads((HERE / "replays.json").read_text())[name])
