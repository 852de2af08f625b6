"""A bot that fails is said in words to every seat, not by the name of its exception."""

from __future__ import annotations

from typing import Any

import pytest

import wargames
from wargames.core.game import Action, Game, State
from wargames.core.replay import Replay
from wargames.web.matches import Match
from wargames.web.present import payload
from wargames.web.store import Store


class Broken:
    """A bot that cannot choose."""

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        raise KeyError(player)


def test_a_failed_bot_is_told_in_a_sentence() -> None:
    game = wargames.load("sabotage", variant="SM")
    replay = Replay.record(game, 1, [])
    match = Match("m", game, replay, {"green": "random", "red": "human"}, 0, Store(":memory:"))
    match.bots["green"] = Broken()
    with pytest.raises(KeyError):
        match.run_bots()
    said = payload(match, "red")["error"]
    assert said == "Green's bot failed, so the game cannot go on."
