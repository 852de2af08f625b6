"""What a bot without search wins against RandomBot at default SAW:
``python -m benchmarks.saw_ceiling [-n 1000]``.

Plays a fixed policy, :class:`Steadfast`, against RandomBot over seeded games (the seats and
the random bots' seeds as in ``benchmarks.bots``) on 2 worker processes and prints its win
rate with a 95% Wilson interval, and the same policy's with its damage allocation reversed.
Nothing asserts.

Steadfast never moves; every turn each unit fires at the enemy it expects to hurt most
(``game.odds`` on its view), and it takes damage from its traits in a fixed order per design
(``ALLOCATION``, the best of the orders tried).  The two armies are alike, so most of a game
is decided by the dice and by firing every turn at the right target: the figures are the
reference the search bots' win rates are read against.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final

import wargames
from wargames.bots import RandomBot, play
from wargames.core.game import Action, Game, State
from wargames.saw import Allocate, Attack, Done, Saw, SawState
from wargames.simulate import wilson

ALLOCATION: Final[Mapping[str, tuple[str, ...]]] = {
    "Balanced": ("movement", "endurance", "accuracy", "damage", "evasion"),
    "Bruiser": ("movement", "accuracy", "endurance", "damage", "evasion"),
}
"""The order in which each design of the default army gives up its traits to damage."""


class Steadfast:
    """Never moves, fires each unit at the enemy it expects to hurt most, and allocates
    damage to each design's traits in the ``allocation`` order."""

    def __init__(self, allocation: Mapping[str, tuple[str, ...]]) -> None:
        self.allocation = allocation

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        assert isinstance(game, Saw)
        assert isinstance(state, SawState)
        view = game.view(state, player)
        legal = game.legal_actions(view, player)
        index = game.current_unit(view, player)
        if index is None:
            return legal[0]
        unit = view.units[index]
        allocations = [a for a in legal if isinstance(a, Allocate) and a.points == 1]
        if allocations:
            order = self.allocation[unit.name]
            return min(allocations, key=lambda a: order.index(a.trait))
        attacks = [a for a in legal if isinstance(a, Attack)]
        if attacks:
            return max(attacks, key=lambda a: _expected(game, view, a))
        return next(a for a in legal if isinstance(a, Done))


def _expected(game: Saw, view: SawState, attack: Attack) -> float:
    odds = game.odds(view, attack)
    assert odds is not None
    return float(odds.mean())


POLICIES: Final[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
    "steadfast": ALLOCATION,
    "steadfast, reversed allocation": {name: order[::-1] for name, order in ALLOCATION.items()},
}
"""The policies measured, by name: Steadfast with each allocation order."""


def _game(policy: str, seed: int) -> bool:
    game = wargames.load("saw")
    players = game.players
    mine = players[seed % len(players)]
    bots = {
        p: Steadfast(POLICIES[policy]) if p == mine else RandomBot(seed * 31 + i)
        for i, p in enumerate(players)
    }
    match = play(game, bots, seed=seed)
    assert match.outcome is not None
    return mine in match.outcome.winners


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.saw_ceiling", description=__doc__)
    parser.add_argument("-n", type=int, default=1000, help="games per policy")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    for policy in POLICIES:
        with ProcessPoolExecutor(args.workers) as pool:
            wins = sum(pool.map(_game, [policy] * args.n, range(args.n), chunksize=20))
        low, high = wilson(wins, args.n)
        print(
            f"{policy:<32} {wins:>5}/{args.n:<5} {wins / args.n:6.1%}  [{low:.1%}, {high:.1%}]",
            flush=True,
        )


if __name__ == "__main__":
    main()
