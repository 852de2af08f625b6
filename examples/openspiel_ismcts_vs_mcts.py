"""OpenSpiel's own IS-MCTS bot against wargames' MctsBot, on Mini Sabotage.

Both search determinisations of what their player knows and score a leaf with the game's
own evaluation, so the match compares the searches, not the heuristics.  IS-MCTS plays
through the OpenSpiel adapter (``wargames.envs.open_spiel``), resampling worlds with
``resample_from_infostate`` (``game.sample_state``); MctsBot plays on the wargames state the
adapter holds.  Seats alternate from game to game.

Run: ``python examples/openspiel_ismcts_vs_mcts.py [--games 10] [--simulations 100]``.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from wargames.bots import MctsBot
from wargames.envs import open_spiel


class Evaluation:
    """An OpenSpiel evaluator from the game's own heuristic (``game.evaluate``)."""

    def evaluate(self, state: Any) -> np.ndarray:
        game = state.get_game().game
        return np.array([game.evaluate(state.position, seat) for seat in game.players])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def play(spiel_game: Any, simulations: int, ismcts_seat: int, seed: int) -> list[float]:
    """One game; the returns of both seats."""
    bot = ismcts.ISMCTSBot(
        game=spiel_game,
        evaluator=Evaluation(),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed),
    )
    ours = MctsBot(seed, iterations=simulations)
    game = spiel_game.game
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == ismcts_seat:
            action = bot.step(state)
        else:
            seat = game.players[player]
            action = game.action_index(ours.choose(game, state.position, seat))
        state.apply_action(action)
    return list(state.returns())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=100)
    args = parser.parse_args()
    open_spiel.register(["sabotage"])
    wins = {"IS-MCTS (OpenSpiel)": 0, "MctsBot (wargames)": 0, "draws": 0}
    began = time.perf_counter()
    for index in range(args.games):
        spiel_game = pyspiel.load_game(f"wargames_sabotage(variant=SM,seed={index})")
        seat = index % 2
        returns = play(spiel_game, args.simulations, seat, seed=index)
        if returns[seat] > 0:
            wins["IS-MCTS (OpenSpiel)"] += 1
        elif returns[1 - seat] > 0:
            wins["MctsBot (wargames)"] += 1
        else:
            wins["draws"] += 1
        print(f"game {index + 1}: IS-MCTS as {spiel_game.game.players[seat]}, returns {returns}")
    seconds = time.perf_counter() - began
    print(f"Mini Sabotage, {args.games} games, {args.simulations} simulations a move each:")
    for name, count in wins.items():
        print(f"  {name}: {count}")
    print(f"  ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
