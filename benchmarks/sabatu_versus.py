"""Sabatu bots judging with the evaluation as it is against the same bots judging as before
issue 38's fourth session (no ``threat``, no victory weighed at the chance it holds).

``python -m benchmarks.sabatu_versus --bots greedy,greedy --seeds 10200-10219``

The first bot judges with :class:`~wargames.sabatu.Sabatu`; the second with :class:`Before`,
whose ``evaluate`` is the balance of material alone (``threat`` 0).  The game is played by the
same rules for both, each seed once from each seat, as :mod:`benchmarks.paired` plays and
reports them.  Nothing here asserts.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import attrs

from benchmarks.paired import play_paired
from wargames.bots import Bot
from wargames.bots.specs import make_bot
from wargames.core.game import Action, Game, State, balance
from wargames.sabatu import Sabatu, SabatuState, evaluation

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
    now, before = f"{first} (now)", f"{second} (before)"
    judges = {now: Sabatu(players=2), before: Before(players=2)}
    specs = {now: first, before: second}

    def make(name: str, seed: int, _seat: int) -> Bot:
        """Each bot seeded by the deal and by which bot it is (``seed``, ``seed + 1``)."""
        return Judging(make_bot(specs[name], seed + (name == before)), judges[name])

    play_paired(Sabatu(players=2), (now, before), make, range(low, high + 1))


if __name__ == "__main__":
    main()
