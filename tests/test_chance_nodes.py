"""Every game with explicit chance (``Game.explicit_chance``): at the chance nodes of playouts
from any seed, each outcome resolves as the stream would, and an action the game lists no
chance for draws nothing or, in a game whose other chance goes draw by draw, resolves draw
by draw as the stream would, no draw wider than the game's bound
(:func:`wargames.testing.check_chance`)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wargames
from wargames.core.registry import games
from wargames.testing import chance_walk, check_chance

from .gridscifi.test_chance import alike as grid_alike

GAMES: dict[str, tuple[dict[str, Any], Any]] = {
    "gridscifi": ({}, grid_alike),
    "sabot": ({"reinforcements": 60, "build_points": 60, "max_turns": 2}, None),
    "sabatu": ({}, None),
    "saw": ({"army": "lone"}, None),
}
"""Each game with explicit chance: small options, and how a stream's result is told to be an
outcome's (Grid SciFi keeps activation dice in roll order; the chance lists them sorted)."""


def test_every_game_with_explicit_chance_is_checked_here() -> None:
    explicit = {name for name, cls in games().items() if cls.explicit_chance}
    assert explicit == set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_chance_nodes_from_any_seed_resolve_as_the_stream_would(name: str) -> None:
    options, alike = GAMES[name]
    game = wargames.load(name, **options)
    extra = {"alike": alike} if alike else {}

    @settings(max_examples=5)
    @given(st.integers(0, 2**32))
    def walk(seed: int) -> None:
        for state, action in chance_walk(game, seed, 12, prefer=0.9):
            assert check_chance(game, state, action, **extra) <= game.max_chance_outcomes

    walk()
