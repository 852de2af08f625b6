"""Every game's sampler at positions the built-in bots reach (issue 31): at a third, two
thirds and the end of a seeded match between bots, every player's sampled past replays to
what they saw (``wargames.testing.check_samples``).  The bots also sample at every decision
they weigh, from their own view, so a sampler that runs out of tries stops the match.

Random playouts alone proved the samplers before; bots focus their fire and keep their units
alive, and SAW's sampler failed in a greedy bot's game."""

import random
from typing import Any

import pytest

import wargames
from wargames.testing import BotSpec, bot_match, check_samples, quick_mcts

GREEDY_MCTS: tuple[BotSpec, ...] = ("greedy", quick_mcts)
RANDOM_GREEDY: tuple[BotSpec, ...] = ("random", "greedy")
MCTS_RANDOM: tuple[BotSpec, ...] = (quick_mcts, "random", "greedy")
CASES: list[tuple[str, str | None, dict[str, Any], dict[str, Any], tuple[BotSpec, ...]]] = [
    ("saw", None, {}, {}, GREEDY_MCTS),
    ("saw", None, {"players": 3, "army": "patrol"}, {}, RANDOM_GREEDY),
    (
        "saw",
        None,
        {
            "army": "gunships",
            "weapons": 2,
            "coordination": True,
            "variable_traits": True,
            "attacks": 3,
        },
        {},
        MCTS_RANDOM,
    ),
    ("sabot", None, {"map": "crossroads", "build_points": 60}, {}, GREEDY_MCTS),
    ("sabot", None, {"map": "hills", "build_points": 60}, {"deploy": False}, MCTS_RANDOM),
    ("sabatu", None, {"players": 2}, {}, GREEDY_MCTS),
    ("sabatu", "1", {"players": 3}, {}, MCTS_RANDOM),
    ("sabatu", "2", {"players": 3}, {}, RANDOM_GREEDY),
    ("sabatu", "3", {"players": 2}, {}, GREEDY_MCTS),
    ("gridscifi", None, {}, {}, GREEDY_MCTS),
    ("gridscifi", None, {"scenario": "brawl"}, {}, MCTS_RANDOM),
    *[
        ("sabotage", code, {}, {}, lineup)
        for code, lineup in zip(
            ("SG", "SM", "SR", "SO", "SN", "SC"),
            (GREEDY_MCTS, MCTS_RANDOM, RANDOM_GREEDY) * 2,
            strict=True,
        )
    ],
    ("sabotage", "SM", {}, {"deploy": False}, GREEDY_MCTS),
]


@pytest.mark.parametrize(
    ("name", "variant", "options", "setup", "bots"),
    CASES,
    ids=[f"{c[0]}-{c[1] or ''}-{i}" for i, c in enumerate(CASES)],
)
def test_samples_hold_where_bots_play(
    name: str,
    variant: str | None,
    options: dict[str, Any],
    setup: dict[str, Any],
    bots: tuple[BotSpec, ...],
) -> None:
    game = wargames.load(name, variant, **options)
    seated = (bots * len(game.players))[: len(game.players)]
    match = bot_match(game, seated, 7, max_steps=80, setup=setup)
    assert len(match.states) == len(match.actions) + 1 > 1
    check_samples(game, match.states, random.Random(7), moments=3)
