"""Golden replays: regression guards that pin a seeded game to its final state.

A golden record is a played game's JSON replay, the :func:`~wargames.core.serialize.digest`
of its final state and its outcome.  Commit records made once with :func:`golden_record`;
:func:`check_golden` replays one (every action checked again) and fails if the rules now
reach another final state, so any change of behaviour shows up as a failing test and a diff
to review.

>>> import wargames
>>> from wargames.bots import RandomBot, play
>>> game = wargames.load("sabotage", variant="SM")
>>> match = play(game, {p: RandomBot(i) for i, p in enumerate(game.players)}, seed=3)
>>> check_golden(golden_record(game, match))
"""

from __future__ import annotations

import json
from typing import Any

from wargames.bots.base import Match
from wargames.core.game import Game
from wargames.core.replay import Replay
from wargames.core.serialize import digest, dumps, loads

__all__ = ["check_golden", "golden_record"]


def golden_record(game: Game[Any, Any], match: Match) -> dict[str, Any]:
    """What to commit for ``match``: its replay (as JSON data), final digest and outcome."""
    return {
        "replay": json.loads(dumps(game, match.replay)),
        "digest": digest(game, match.final),
        "outcome": str(match.outcome),
    }


def check_golden(record: dict[str, Any]) -> None:
    """Replay ``record`` with the rules as they are now.

    :raises AssertionError: if the final state's digest or the outcome differ.
    """
    replay = loads(json.dumps(record["replay"]))
    assert isinstance(replay, Replay), "a golden record holds a replay"
    game = replay.load_game()
    final = replay.final_state(game)
    assert digest(game, final) == record["digest"], "the replay reaches another final state"
    outcome = str(game.outcome(final))
    assert outcome == record["outcome"], f"outcome {outcome!r}, golden {record['outcome']!r}"
