"""Golden records: a replayed record passes; any change of final state or outcome fails."""

from typing import Any

import pytest

import wargames
from wargames.bots import RandomBot, play
from wargames.testing.golden import check_golden, golden_record


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    game = wargames.load("sabotage", variant="SM")
    match = play(game, {p: RandomBot(i) for i, p in enumerate(game.players)}, seed=2)
    return golden_record(game, match)


def test_a_record_replays_to_its_final_state(record: dict[str, Any]) -> None:
    assert set(record) == {"replay", "digest", "outcome"}
    check_golden(record)


def test_another_final_state_fails(record: dict[str, Any]) -> None:
    with pytest.raises(AssertionError, match="another final state"):
        check_golden({**record, "digest": "0" * len(record["digest"])})


def test_another_outcome_fails(record: dict[str, Any]) -> None:
    with pytest.raises(AssertionError, match="golden"):
        check_golden({**record, "outcome": "None"})


def test_a_shorter_replay_fails(record: dict[str, Any]) -> None:
    data = record["replay"]["data"]
    shortened = {**record["replay"], "data": {**data, "actions": data["actions"][:-1]}}
    with pytest.raises(AssertionError, match="another final state"):
        check_golden({**record, "replay": shortened})
