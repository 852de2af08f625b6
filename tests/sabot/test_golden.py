"""Regression guards: seeded games on both default maps (and one with the set-up as actions
and reinforcements) replay to their committed final-state digests."""

import json

import pytest

from wargames.core.serialize import digest, loads

from .golden import GAMES, HERE


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_replays_reproduce_their_final_state(name: str) -> None:
    record = json.loads((HERE / f"replay-{name}.json").read_text())
    replay = loads(json.dumps(record["replay"]))
    game = replay.load_game()
    final = replay.final_state(game)
    assert digest(game, final) == record["digest"]
    assert str(game.outcome(final)) == record["outcome"]
