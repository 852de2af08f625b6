"""``max_game_length`` is a true bound that docs/rl.md states: random and greedy games on small
options end within it, and each game's bound is the one the "Length bounds" table gives."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wargames
from wargames.bots import GreedyBot

from .conftest import learnable

TINY: dict[str, tuple[str | None, dict[str, Any]]] = {
    "gridscifi": (None, {"turns": 1}),
    "sabatu": (None, {"players": 2, "turn_limit": 2}),
    "sabot": (None, {"build_points": 60, "max_turns": 1}),
    "sabotage": ("SM", {}),
    "saw": (None, {"turn_limit": 2}),
}
"""Options short enough for a greedy game in well under a second."""

RL_MD = Path(__file__).parents[2] / "docs" / "rl.md"


def _played(name: str, greedy: bool, seed: int = 1) -> tuple[int, int]:
    """The actions of one seeded game of ``name`` on :data:`TINY` options, uniformly random
    over every legal action (as OpenSpiel's random simulation) or greedy; and the bound."""
    variant, options = TINY[name]
    game = wargames.load(name, variant, **options)
    bot, rng = GreedyBot(seed, samples=1), random.Random(seed)
    state, actions = game.start(seed), 0
    while game.outcome(state) is None and actions <= game.max_game_length:
        player = min(game.to_act(state))
        choices = game.legal_actions(state, player)
        action = bot.choose(game, state, player) if greedy else rng.choice(choices)
        state, actions = game.apply(state, action), actions + 1
    return actions, game.max_game_length


@pytest.mark.parametrize("name", learnable())
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_random_games_end_within_max_game_length(name: str, seed: int) -> None:
    actions, bound = _played(name, greedy=False, seed=seed)
    assert 0 < actions <= bound


@pytest.mark.parametrize("name", learnable())
def test_a_greedy_game_ends_within_max_game_length(name: str) -> None:
    actions, bound = _played(name, greedy=True)
    assert 0 < actions <= bound


def _table() -> list[tuple[str, str, int]]:
    """The rows of docs/rl.md's "Length bounds" table: game, options, bound."""
    text = RL_MD.read_text("utf-8")
    section = text.split("### Length bounds", 1)[1].split("\n#", 1)[0]
    row = r"^\| (\w+) \| (?:`([^`]*)`|defaults) \| ([\d,]+) \|"
    rows = re.findall(row, section, re.MULTILINE)
    return [(game, options, int(bound.replace(",", ""))) for game, options, bound in rows]


def _options(text: str) -> dict[str, Any]:
    pairs = (item.split("=", 1) for item in text.split(",") if item)
    return {k: int(v) if v.isdigit() else v for k, v in pairs}


def test_the_bounds_are_those_rl_md_gives() -> None:
    rows = _table()
    assert {game for game, _, _ in rows} == set(learnable()), "a game missing from the table"
    for name, text, bound in rows:
        options = _options(text)
        variant = options.pop("variant", None)
        game = wargames.load(name, None if variant is None else str(variant), **options)
        assert game.max_game_length == bound, (name, text)
