"""Sabatu bots judging by this library's bot aids against bots judging as before them.

``python -m benchmarks.sabatu_versus --bots mcts:200,mcts:200 --seeds 4000-4009``

The first bot judges with Sabatu as it is: a battle weighed at its exact odds before its dice
and a turn searched to its end (``Sabatu.afterstate``), and the evaluation's position terms
(``approach``, ``exposed``, ``hold``).  The second judges with :class:`Plain`: every action's
chance drawn as in play (the kernel's default afterstate) and those terms at 0, as Sabatu's
bots judged before issue 38's second session.  The game itself is played by the rules, the
same for both; each seed once from each seat.  Prints each game as it ends and the first
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
from wargames.sabatu import Sabatu, SabatuAction, SabatuState, evaluation
from wargames.simulate import wilson

BEFORE = attrs.evolve(evaluation.WEIGHTS, approach=0, exposed=0, hold=0)
"""The evaluation's weights before the position terms."""


class Plain(Sabatu):
    """Sabatu judged as before: chance drawn inside every action, no position terms."""

    def afterstate(self, state: SabatuState, action: SabatuAction) -> SabatuState:
        return self.apply_unchecked(state, action)

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
    parser.add_argument("--bots", default="mcts:200,mcts:200", help="two bots, comma-separated")
    parser.add_argument("--seeds", default="4000-4009", help="first-last, inclusive")
    args = parser.parse_args(argv)
    first, second = args.bots.split(",")
    low, high = (int(x) for x in args.seeds.split("-"))
    game = Sabatu(players=2)
    judges = (Sabatu(players=2), Plain(players=2))
    won = drawn = lost = 0
    for seed in range(low, high + 1):
        for swap in (False, True):
            ours = Judging(make_bot(first, seed), judges[0])
            theirs = Judging(make_bot(second, seed + 1), judges[1])
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
            print(f"seed {seed}, {first} (new) as {mine}: {won}-{drawn}-{lost} ({reason})",
                  file=sys.stderr, flush=True)  # fmt: skip
    games = won + drawn + lost
    score = (won + drawn / 2) / games
    low_bound, high_bound = wilson(round(won + drawn / 2), games)
    print(f"{first} (new) v {second} (plain): {won}-{drawn}-{lost} of {games}, "
          f"score {score:.0%} ({low_bound:.0%} - {high_bound:.0%})")  # fmt: skip


if __name__ == "__main__":
    main()
