"""Whether the seat or the army wins SABOT at its defaults (issue 38): two bots of one kind
(the ladder's seating: seat ``i`` seeded ``seed * 31 + i``) play each seed twice, once with
the armies the seed deals (blue's and yellow's random platoons, II) and once with the two
armies swapped between the seats, both given to ``start`` by name so the two games draw the
same set-up stream.  Each game prints as it ends (its length in actions); at the end, the
first seat's record, its score's 95% Wilson interval, a two-sided sign test on the games won,
and how the seeds split: the same seat won both (the seat), the same army won both (the
army), or a draw.  Figures only, no assertions::

    python -m benchmarks.sabot_seat --bot greedy --seeds 5300-5309
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Mapping, Sequence

import wargames
from wargames.bots import play
from wargames.bots.specs import make_bot
from wargames.core.rng import Rng
from wargames.sabot.rules import Sabot
from wargames.sabot.setup import deal
from wargames.sabot.turn import PLAYERS
from wargames.simulate import wilson

__all__ = ["dealt", "main", "sign_test"]


def dealt(game: Sabot, seed: int) -> dict[str, tuple[str, ...]]:
    """The platoons ``game.start(seed)`` buys for each player."""
    platoons, _, _ = deal(game, Rng.from_seed(seed))
    return platoons


def sign_test(wins: int, losses: int) -> float:
    """The two-sided binomial sign test's p-value for ``wins`` against ``losses``."""
    n = wins + losses
    tail = sum(math.comb(n, k) for k in range(min(wins, losses) + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def winner(game: Sabot, bot: str, seed: int, armies: Mapping[str, Sequence[str]]) -> str | None:
    """The seat that won one game of ``bot`` against itself (None for a draw)."""
    bots = {p: make_bot(bot, seed * 31 + i) for i, p in enumerate(game.players)}
    match = play(game, bots, seed=seed, setup={"armies": armies})
    won = match.outcome.winners if match.outcome is not None else frozenset()
    print(f"seed {seed}, armies {armies}: {sorted(won) or 'draw'} in {match.length}", flush=True)
    return next(iter(won)) if len(won) == 1 else None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sabot_seat", description=__doc__)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--seeds", default="5300-5309", help="first-last, inclusive")
    args = parser.parse_args(argv)
    low, _, high = args.seeds.partition("-")
    game = wargames.load("sabot")
    assert isinstance(game, Sabot)
    first, second = PLAYERS
    seats = {first: 0, second: 0, None: 0}
    split = {"seat": 0, "army": 0, "drawn": 0}
    for seed in range(int(low), int(high or low) + 1):
        armies = dealt(game, seed)
        same = winner(game, args.bot, seed, armies)
        swapped = winner(game, args.bot, seed, {first: armies[second], second: armies[first]})
        seats[same] += 1
        seats[swapped] += 1
        key = "drawn" if None in (same, swapped) else "seat" if same == swapped else "army"
        split[key] += 1
    n = sum(seats.values())
    lo, hi = wilson(seats[first] + seats[None] / 2, n)
    print(
        f"{first} (first seat) {seats[first]}-{seats[None]}-{seats[second]} of {n}, "
        f"{(seats[first] + seats[None] / 2) / n:.1%} [{lo:.0%}, {hi:.0%}]; sign test on the "
        f"{seats[first] + seats[second]} won: p = {sign_test(seats[first], seats[second]):.3f}"
    )
    print(
        f"seeds: the same seat won both {split['seat']}, the same army won both "
        f"{split['army']}, a draw in either {split['drawn']}"
    )


if __name__ == "__main__":
    main()
