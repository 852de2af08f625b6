"""A CHEATING bot for SAW, to bound what a player on SAW's evaluation can win against greedy
or another bot: ``python -m benchmarks.saw_oracle --seeds 9400-9409 [--search greedy|mcts:200]
[--against greedy|random|BOT] [--no-rival] [--no-designs] [--seats 0,1] [--compare]``.

BENCHMARK ONLY: :class:`Oracle` reads hidden information on purpose (the true designs, and
the rival's real plot) and must never be seated in play.  It plays against greedy (or the
bot ``--against`` names, made by :func:`~wargames.bots.specs.make_bot` as the ladder makes
it) from both seats of each seed, seated and seeded as ``benchmarks.ladder`` seats them
(game ``seed``, bot ``seed * 31 + seat``), and writes each game as the ladder does ("saw
seed N: X v Y: Z won (reason) in K actions"), to stderr.

What it knows, each part switchable:

* **The rival's real plot** (``rival``).  Seated second, it reads the plot the rival has
  written face-down.  Seated first, it asks a copy of the rival bot (its stream as it is now)
  to plot from the rival's own view after a stand-in plot of ours: plots are face-down, so
  the rival's choice cannot depend on ours, and the game loop checks that the rival then
  plots exactly what was foretold (``foretold`` and ``missed`` in the summary).
* **The true designs** (``designs``): the evaluation reads every unit's real traits (a copy
  of the game with ``open_designs``), where a fair bot reckons a secret design by its points.

It decides on that one true world, by greedy's one-ahead choice or by ``mcts`` (the same
search, the worlds all the true one, fresh dice each pass).  The dice it does not know.
With ``--compare`` a fair greedy (seeded apart) is asked at each of its choices too, and the
summary counts by kind of action where the two differ.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from wargames.bots import GreedyBot
from wargames.bots.base import Bot, best_one_ahead, first_to_act, greedy_round, playing
from wargames.bots.mcts import MctsBot
from wargames.bots.specs import make_bot
from wargames.core.game import Action
from wargames.saw import Saw, SawAction, SawState


class Oracle:
    """CHEATS (benchmark only): plays SAW knowing what ``rival`` will plot and, with
    ``designs``, every unit's true traits; ``search`` is ``"greedy"`` or ``"mcts:N"``."""

    def __init__(
        self,
        game: Saw,
        seed: int,
        search: str,
        *,
        rival: bool = True,
        designs: bool = True,
        compare: bool = False,
    ) -> None:
        self.truth = Saw(**{**game.option_values(), "open_designs": True}) if designs else game
        self.rival_bot: Bot | None = None
        self.compare: GreedyBot | None = GreedyBot(seed + 7) if compare else None
        self.rival = rival
        self._random = random.Random(seed)
        name, _, budget = search.partition(":")
        self.search = None if name == "greedy" else MctsBot(seed, iterations=int(budget or 200))
        self.foretold: dict[Any, Any] = {}  # by turn: the rival's plot, as foretold
        self.differs: Counter[str] = Counter()  # where a fair greedy would choose otherwise

    def _foretell(self, game: Saw, state: SawState, player: str, rival: str) -> Any:
        """The rival's plot this turn, as its bot will write it (asked of a copy of it)."""
        key = state.clock
        if key not in self.foretold:
            mine = greedy_round(game, state, player, frozenset(game.players), self._random)
            bot = copy.deepcopy(self.rival_bot)
            assert bot is not None
            world = mine
            while rival in game.to_act(world):
                action = bot.choose(game, world, rival)
                after = game.afterstate(world, cast(SawAction, action))
                if game.awaits_chance(after) or rival not in game.to_act(after):
                    world = after
                    break
                world = after
            self.foretold[key] = world.plots[game.players.index(rival)]
        return self.foretold[key]

    def world(self, game: Saw, state: SawState, player: str) -> SawState:
        """The true state, with the rival's real plot in place while plotting."""
        if not self.rival or game.phase(state) != "plot":
            return state
        (rival,) = (p for p in game.players if p != player)
        if rival not in state.waiting:  # plotted face-down already: read it
            return state
        plot = self._foretell(game, state, player, rival)
        return game.foreseen(
            state,
            player,
            lambda start, _: start.with_changes(
                plots=tuple(
                    plot if i == game.players.index(rival) else p for i, p in enumerate(start.plots)
                )
            ),
        )

    def choose(self, game: Saw, state: SawState, player: str) -> Action:
        actions: Sequence[Action] = playing(game, game.legal_actions(state, player))
        if len(actions) == 1:
            return actions[0]
        world = self.world(game, state, player)
        if self.search is None:
            chosen = best_one_ahead(self.truth, [world], actions, player, self._random)
        else:
            worlds = [world] * self.search.samples
            chosen = self.search.decide(self.truth, world, player, actions, worlds)
        if self.compare:
            fair = self.compare.choose(game, state, player)
            kind = type(chosen).__name__
            self.differs[kind] += 1
            if fair != chosen:
                self.differs[kind + "/" + type(fair).__name__ + " differ"] += 1
        return chosen


def play_one(
    seed: int,
    oracle_seat: int,
    search: str,
    rival: bool,
    designs: bool,
    compare: bool = False,
    against: str = "greedy",
) -> str:
    """One game of the oracle against the bot named ``against`` (a name
    :func:`~wargames.bots.specs.make_bot` reads) on default SAW, as a ladder line."""
    game = Saw()
    state = game.start(seed)
    players = game.players
    bots: dict[str, Any] = {}
    oracle = Oracle(
        game, seed * 31 + oracle_seat, search, rival=rival, designs=designs, compare=compare
    )
    rival_seat = 1 - oracle_seat
    opponent = make_bot(against, seed * 31 + rival_seat)
    oracle.rival_bot = opponent
    bots[players[oracle_seat]] = oracle
    bots[players[rival_seat]] = opponent
    taken = 0
    foretold = missed = 0
    while game.outcome(state) is None:
        player = first_to_act(game, state)
        action = bots[player].choose(game, state, player)
        after = game.afterstate(state, action)
        if (
            player == players[rival_seat]
            and (game.awaits_chance(after) or player not in game.to_act(after))
            and game.phase(state) == "plot"
            and state.clock in oracle.foretold
        ):
            foretold += 1
            missed += oracle.foretold[state.clock] != after.plots[rival_seat]
        state = game.apply(state, action)
        taken += 1
    outcome = game.outcome(state)
    assert outcome is not None
    names = ["oracle", against] if oracle_seat == 0 else [against, "oracle"]
    won = " and ".join(names[players.index(p)] for p in sorted(outcome.winners)) or "nobody"
    return (
        f"saw seed {seed}: {' v '.join(names)}: {won} won ({outcome.reason}) in {taken} "
        f"actions; foretold {foretold}, missed {missed}; {dict(oracle.differs)}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="9400-9409")
    parser.add_argument("--search", default="greedy")
    parser.add_argument("--against", default="greedy", help="the rival bot's name")
    parser.add_argument("--no-rival", action="store_true")
    parser.add_argument("--no-designs", action="store_true")
    parser.add_argument("--seats", default="0,1")
    parser.add_argument("--compare", action="store_true", help="count where fair greedy differs")
    args = parser.parse_args(argv)
    low, _, high = args.seeds.partition("-")
    for seed in range(int(low), int(high or low) + 1):
        for seat in map(int, args.seats.split(",")):
            text = play_one(
                seed,
                seat,
                args.search,
                not args.no_rival,
                not args.no_designs,
                args.compare,
                args.against,
            )
            print(text, file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
