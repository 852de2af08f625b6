"""The time a move takes at each difficulty level (``easy``, ``normal``, ``hard``: the bots
of ``wargames.bots.specs.LEVELS``), per game: ``python -m benchmarks.levels``.

Positions come from a seeded random game of each game (with the options people play: SABOT
at its defaults); at each, every level chooses the move of the player to act once, and the
mean and the longest of those choices are printed.  Figures only, no assertions; a loaded
machine moves them all alike.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import wargames
from wargames.bots import RandomBot
from wargames.bots.base import moves, playing
from wargames.bots.specs import LEVELS, make_bot

__all__ = ["GAMES", "main", "positions"]

GAMES: tuple[tuple[str, str | None, dict[str, Any]], ...] = (
    ("sabotage", "SM", {}),
    ("sabotage", None, {}),
    ("saw", None, {}),
    ("sabatu", None, {"players": 2}),
    ("gridscifi", None, {}),
    ("sabot", None, {}),
)


def positions(game: wargames.Game[Any, Any], count: int, seed: int = 1) -> list[Any]:
    """``count`` states of a random game where the player to act has a choice, spread over
    its first few hundred actions."""
    bots = {p: RandomBot(seed + i) for i, p in enumerate(game.players)}
    found = []
    for i, (_, state) in enumerate(moves(game, bots, game.start(seed), max_actions=600)):
        acting = game.to_act(state)
        if not acting or i % 37:
            continue
        player = next(p for p in game.players if p in acting)
        if len(playing(game, game.legal_actions(state, player))) > 1:
            found.append(state)
        if len(found) == count:
            break
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.levels", description=__doc__)
    parser.add_argument("--positions", type=int, default=3, help="positions per game")
    parser.add_argument("--games", default="", help="only these games (comma-separated)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="only these levels")
    args = parser.parse_args(argv)
    only = set(filter(None, args.games.split(",")))
    print(f"{'game':<16} {'level':<7} {'bot':<9} {'mean s/move':>11} {'longest':>8}")
    for name, variant, options in GAMES:
        if only and name not in only:
            continue
        game = wargames.load(name, variant, **options)
        states = positions(game, args.positions)
        for level in args.levels.split(","):
            times = []
            for i, state in enumerate(states):
                player = next(p for p in game.players if p in game.to_act(state))
                bot = make_bot(level, i)
                started = time.perf_counter()
                bot.choose(game, state, player)
                times.append(time.perf_counter() - started)
            label = " ".join(filter(None, (name, variant)))
            print(
                f"{label:<16} {level:<7} {LEVELS[level]:<9} {sum(times) / len(times):>11.2f}"
                f" {max(times):>8.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
