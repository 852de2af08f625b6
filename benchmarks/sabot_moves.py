"""Where a bot's move goes in SABOT at its defaults (issue 38): the CPU time of a move at
positions of a seeded game between two greedy bots (the ladder's seating: seat ``i`` seeded
``seed * 31 + i``), early, in the middle and late, and a digest of the actions chosen.

For each of ``--steps`` (actions into the game), the first player's next ``--moves``
choices (positions with more than one legal action) are made in order on a fresh game
object, as a bot playing the game makes them.  ``--split`` also prints the share of the
time spent in each part: drawing worlds (``determinize``), ``legal_actions``,
``afterstate``, the evaluation's expected exchange of fire and closing
(:mod:`wargames.sabot.evaluation`), and the rest (the search's own bookkeeping, the
turn's structure).  The digest is the same for two codes that choose alike.  Figures only,
no assertions::

    python -m benchmarks.sabot_moves --bot mcts:200 --seed 5200 --split
    python -m benchmarks.sabot_moves --bot greedy --seed 5201 --moves 30
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import time
from collections.abc import Callable, Sequence
from typing import Any

import wargames
from wargames.bots import GreedyBot
from wargames.bots.base import moves as played
from wargames.bots.specs import make_bot
from wargames.core.game import State
from wargames.sabot import evaluation

__all__ = ["main", "positions", "timed_moves"]

PARTS: tuple[str, ...] = ("determinize", "legal_actions", "afterstate", "exchange", "closing")


def positions(seed: int) -> list[State]:
    """Every state of a game of SABOT at its defaults between two greedy bots."""
    game: Any = wargames.load("sabot")
    bots = {p: GreedyBot(seed * 31 + i) for i, p in enumerate(game.players)}
    start = game.start(seed)
    return [start, *(state for _, state in played(game, bots, start))]


def timed_moves(
    bot: str, seed: int, states: Sequence[State], step: int, moves: int, split: bool
) -> tuple[float, str, dict[str, float]]:
    """(CPU ms a move, a digest of the actions, the share of each part) of ``bot`` (seeded
    ``seed``) making the first player's next ``moves`` choices from ``states[step]`` on a
    fresh game."""
    game: Any = wargames.load("sabot")
    player = game.players[0]
    choices = [
        s for s in states[step:]
        if player in game.to_act(s) and len(game.legal_actions(s, player)) > 1
    ][:moves]  # fmt: skip
    game = wargames.load("sabot")  # fresh: nothing kept from the listing above
    spent: dict[str, float] = {}
    if split:
        _watch(game, evaluation, spent)
    chooser = make_bot(bot, seed=seed)
    began = time.process_time()
    chosen = [str(chooser.choose(game, state, player)) for state in choices]
    total = time.process_time() - began
    if split:
        _watch(game, evaluation, spent, undo=True)
    digest = hashlib.sha256(repr(chosen).encode()).hexdigest()[:12]
    shares = {part: spent.get(part, 0.0) / total for part in PARTS}
    shares["the rest"] = 1 - sum(shares.values())
    return 1e3 * total / max(1, len(choices)), digest, shares


_ORIGINALS: dict[str, Callable[..., Any]] = {}


def _watch(game: Any, module: Any, spent: dict[str, float], undo: bool = False) -> None:
    """Time each of :data:`PARTS` (the game's methods, the evaluation's functions), each
    part's time without the parts it calls; ``undo`` puts the originals back."""
    if undo:
        for name in ("exchange", "closing"):
            setattr(module, name, _ORIGINALS.pop(name))
        return
    inner: list[float] = []

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            began = time.process_time()
            inner.append(0.0)
            try:
                return function(*args, **kwargs)
            finally:
                took = time.process_time() - began
                spent[name] = spent.get(name, 0.0) + took - inner.pop()
                if inner:
                    inner[-1] += took

        return wrapper

    for name in ("determinize", "legal_actions", "afterstate"):
        setattr(game, name, timed(name, getattr(game, name)))
    for name in ("exchange", "closing"):
        _ORIGINALS[name] = getattr(module, name)
        setattr(module, name, timed(name, _ORIGINALS[name]))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sabot_moves", description=__doc__)
    parser.add_argument("--bot", default="mcts:200", help="a bot spec (mcts:200, greedy...)")
    parser.add_argument("--seed", type=int, default=5200, help="the greedy game's seed")
    parser.add_argument("--steps", default="200,800,1400", help="actions into the game")
    parser.add_argument("--moves", type=int, default=6, help="choices timed at each step")
    parser.add_argument("--split", action="store_true", help="the share of each part")
    args = parser.parse_args(argv)
    states = positions(args.seed)
    print(f"sabot, greedy game {args.seed} ({len(states) - 1} actions), {args.bot}")
    for step in (int(s) for s in args.steps.split(",")):
        if step >= len(states):
            continue
        ms, digest, shares = timed_moves(args.bot, args.seed, states, step, args.moves, args.split)
        parts = "  ".join(f"{p} {v:.0%}" for p, v in shares.items()) if args.split else ""
        print(f"step {step:>5}: {ms:8.1f} ms a move  digest {digest}  {parts}")


if __name__ == "__main__":
    main()
