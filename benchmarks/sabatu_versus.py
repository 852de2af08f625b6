"""Sabatu bots judging with the evaluation as it is against the same bots judging as before
issue 38's fourth session (no ``threat``, no victory weighed at the chance it holds).

``python -m benchmarks.sabatu_versus --bots greedy,greedy --seeds 10200-10219``

The first bot judges with :class:`~wargames.sabatu.Sabatu`; the second with :class:`Before`,
whose ``evaluate`` is the balance of material alone (``threat`` 0).  The game is played by the
same rules for both, each seed once from each seat.  Prints each game as it ends and the first
bot's record with a 95% Wilson interval of its score.  Nothing here asserts.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import attrs

from wargames.bots import Bot, play
from wargames.bots.specs import make_bot
from wargames.core.game import Action, Game, State, balance
from wargames.sabatu import Sabatu, SabatuState, evaluation
from wargames.simulate import wilson

BEFORE = attrs.evolve(evaluation.WEIGHTS, threat=0.0)
"""The evaluation's weights without the capitals in reach."""


class Before(Sabatu):
    """Sabatu judged by material alone, as its bots judged before the threat and holding."""

    def evaluate(self, state: SabatuState, player: str) -> float:
        if state.result is not None:
            return super().evaluate(state, player)
        seat = self.seat(player)
        worth = [evaluation.material(self, state, s, BEFORE) for s in range(len(self.players))]
        return balance(worth[seat], max(w for s, w in enumerate(worth) if s != seat))


class Judging:
    """``bot`` choosing with ``judge`` as its game (the rules of play are the same)."""

    def __init__(self, bot: Bot, judge: Game[Any, Any]) -> None:
        self.bot, self.judge = bot, judge

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        return self.bot.choose(self.judge, state, player)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sabatu_versus", description=__doc__)
    parser.add_argument("--bots", default="greedy,greedy", help="two bots, comma-separated")
    parser.add_argument("--seeds", default="10200-10219", help="first-last, inclusive")
    args = parser.parse_args(argv)
    first, second = args.bots.split(",")
    low, high = (int(x) for x in args.seeds.split("-"))
    game = Sabatu(players=2)
    now, before = Sabatu(players=2), Before(players=2)
    won = drawn = lost = 0
    for seed in range(low, high + 1):
        for swap in (False, True):
            ours = Judging(make_bot(first, seed), now)
            theirs = Judging(make_bot(second, seed + 1), before)
            red, blue = game.players
            seats = {red: theirs, blue: ours} if swap else {red: ours, blue: theirs}
            outcome = play(game, seats, seed=seed).outcome
            mine = blue if swap else red
            if outcome is None or outcome.is_draw:
                drawn += 1
            elif mine in outcome.winners:
                won += 1
            else:
                lost += 1
            reason = outcome.reason if outcome else "stopped"
            print(f"seed {seed}, {first} (now) as {mine}: {won}-{drawn}-{lost} ({reason})",
                  file=sys.stderr, flush=True)  # fmt: skip
    games = won + drawn + lost
    score = (won + drawn / 2) / games
    low_bound, high_bound = wilson(round(won + drawn / 2), games)
    print(f"{first} (now) v {second} (before): {won}-{drawn}-{lost} of {games}, "
          f"score {score:.0%} ({low_bound:.0%} - {high_bound:.0%})")  # fmt: skip


if __name__ == "__main__":
    main()
