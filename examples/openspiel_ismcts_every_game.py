"""OpenSpiel's IS-MCTS plays itself, a whole game of each of the five games.

Each game loads through the OpenSpiel adapter (``wargames.envs.open_spiel``): SAW in its
turn-based form, as is Sabatu (``turn_based=true``: SAW's plots and Sabatu's battle tiles
chosen one after the other, each hidden from the other player), since IS-MCTS needs one
player to act at every node.  IS-MCTS resamples
worlds with ``resample_from_infostate`` (``game.sample_state``) and scores a leaf with the
game's own evaluation (``game.evaluate``).  Where a game has explicit chance nodes (its dice),
IS-MCTS samples them in its search by their exact odds, and so does the game loop here; a
move counts a player's decision.

Run: ``python examples/openspiel_ismcts_every_game.py`` (a tiny budget, as CI runs it: two
simulations a move, small armies, short games: SAW one unit a side to three turns, Grid
SciFi's battle to one turn, Sabatu to three rounds, SABOT to three turns) or ``--full`` (100
simulations a move, each game's default options); ``--moves N`` stops each game after N
moves (0, the default: the whole game).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from wargames.envs import open_spiel

TINY: dict[str, str] = {
    "sabotage": "variant=SM",
    "saw": "army=lone,turn_limit=3,turn_based=true",
    "gridscifi": "turns=1",
    "sabatu": "players=2,turn_limit=3,turn_based=true",
    "sabot": "build_points=60,max_turns=3",
}
"""Each game's parameters at the tiny budget."""

FULL: dict[str, str] = {
    name: "turn_based=true" if name in ("saw", "sabatu") else "" for name in TINY
}
"""Each game's parameters at the full budget: its defaults (the simultaneous games, SAW and
Sabatu, turn-based)."""


class Evaluation:
    """An OpenSpiel evaluator from the game's own heuristic (``game.evaluate``)."""

    def evaluate(self, state: Any) -> Any:
        game = state.get_game().game
        return np.array([game.evaluate(state.position, seat) for seat in game.players])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def play(name: str, parameters: str, simulations: int, moves: int, seed: int) -> tuple[int, Any]:
    """One game of ``name`` by IS-MCTS on every seat: its moves and its returns (``None``
    when stopped after ``moves``)."""
    chosen = ",".join(p for p in (parameters, f"seed={seed}") if p)
    spiel_game = pyspiel.load_game(f"{open_spiel.short_name(name)}({chosen})")
    bot = ismcts.ISMCTSBot(
        game=spiel_game,
        evaluator=Evaluation(),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed),
    )
    dice = np.random.RandomState(seed)
    state = spiel_game.new_initial_state()
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():  # a roll: drawn with the exact odds the game lists
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(dice.choice(outcomes, p=odds))
            continue
        if moves and made >= moves:
            return made, None
        state.apply_action(bot.step(state))
        made += 1
    return made, list(state.returns())


def main(argv: Sequence[str] | None = None) -> dict[str, tuple[int, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--full", action="store_true", help="100 simulations, default options")
    parser.add_argument("--simulations", type=int, help="per move (2 tiny, 100 full)")
    parser.add_argument("--moves", type=int, default=0, help="stop each game after N moves")
    parser.add_argument("--games", default=",".join(TINY), help="comma-separated names")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    simulations = args.simulations or (100 if args.full else 2)
    table = FULL if args.full else TINY
    open_spiel.register()
    played = {}
    for name in args.games.split(","):
        began = time.perf_counter()
        made, returns = play(name, table[name], simulations, args.moves, args.seed)
        seconds = time.perf_counter() - began
        ending = f"returns {returns}" if returns is not None else "stopped"
        print(f"{name}: {made} moves, {ending} ({simulations} simulations a move, {seconds:.0f} s)")
        played[name] = (made, returns)
    return played


if __name__ == "__main__":
    main()
