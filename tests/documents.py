"""Documents for the invariant tests: a real one to tamper with, and the check that a
tampered one is refused naming the broken invariant."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wargames.core.errors import SerializationError
from wargames.core.game import Game
from wargames.core.serialize import dumps, loads


def document(game: Game[Any, Any], value: Any) -> dict[str, Any]:
    """``value`` (a state or a view) as the JSON document ``dumps`` writes, to tamper with."""
    data: dict[str, Any] = json.loads(dumps(game, value))
    return data


def assert_refused(game: Game[Any, Any], tampered: dict[str, Any], problem: str) -> None:
    """``loads`` refuses ``tampered`` with a ``SerializationError`` matching ``problem``."""
    with pytest.raises(SerializationError, match=problem):
        loads(json.dumps(tampered), game)
