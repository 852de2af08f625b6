"""Game lengths against ``max_game_length``: the longest of seeded games of each game, by
three kinds of play, beside the bound OpenSpiel is given (docs/rl.md, "Length bounds").

``uniform`` picks uniformly among all legal actions (draw offers and trades included), as
OpenSpiel's random simulation does; ``random`` is :class:`~wargames.bots.RandomBot` (no
offers unless answering one); ``greedy`` is :class:`~wargames.bots.GreedyBot` with one
sample.  A game still going after ``--seconds`` is cut and its length marked ``+``.

Figures only, no assertions::

    python -m benchmarks.lengths --seeds 10 --kinds uniform,random
    python -m benchmarks.lengths --games sabot --options "build_points=60,max_turns=3"
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

from wargames import Game, load
from wargames.bots import GreedyBot, RandomBot

__all__ = ["GAMES", "longest", "main", "playout"]

GAMES: dict[str, tuple[str | None, dict[str, Any]]] = {
    "gridscifi": (None, {}),
    "sabatu": (None, {}),
    "sabot": (None, {}),
    "sabotage": ("SG", {}),
    "saw": (None, {}),
}
"""The games measured, each at its defaults (Sabotage: the full game, SG)."""


def playout(game: Game[Any, Any], seed: int, kind: str, seconds: float) -> tuple[int, bool]:
    """The actions of one seeded game played by ``kind``, and whether it ended in time."""
    state = game.start(seed)
    rng = random.Random(seed)
    bots: dict[str, Any] = {}
    actions = 0
    deadline = time.process_time() + seconds
    while game.outcome(state) is None:
        player = min(game.to_act(state))
        if kind == "uniform":
            action = rng.choice(game.legal_actions(state, player))
        else:
            make = RandomBot if kind == "random" else _greedy
            action = bots.setdefault(player, make(seed)).choose(game, state, player)
        state = game.apply_unchecked(state, action)
        actions += 1
        if time.process_time() > deadline:
            return actions, False
    return actions, True


def _greedy(seed: int) -> GreedyBot:
    return GreedyBot(seed, samples=1)


def longest(game: Game[Any, Any], kind: str, seeds: int, seconds: float) -> str:
    """The longest of ``seeds`` games, with ``+`` if any was cut."""
    played = [playout(game, seed, kind, seconds) for seed in range(seeds)]
    most = max(n for n, _ in played)
    return f"{most:,}" + ("" if all(ended for _, ended in played) else "+")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lengths", description=__doc__)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    parser.add_argument("--options", default="", help="options for every game: k=v,k=v")
    parser.add_argument("--kinds", default="uniform,random,greedy", help="kinds of play")
    parser.add_argument("--seeds", type=int, default=10, help="games of each kind")
    parser.add_argument("--seconds", type=float, default=120.0, help="processor time a game")
    args = parser.parse_args(argv)
    given = dict(kv.split("=", 1) for kv in args.options.split(",") if kv)
    kinds = args.kinds.split(",")
    print(f"{'game':<12}{'bound':>10}" + "".join(f"{kind:>10}" for kind in kinds))
    for name in args.games.split(","):
        variant, options = GAMES.get(name, (None, {}))
        game = load(name, variant, **{**options, **{k: _value(v) for k, v in given.items()}})
        cells = [longest(game, kind, args.seeds, args.seconds) for kind in kinds]
        print(f"{name:<12}{game.max_game_length:>10,}" + "".join(f"{c:>10}" for c in cells))


def _value(text: str) -> Any:
    return int(text) if text.lstrip("-").isdigit() else text


if __name__ == "__main__":
    main()
