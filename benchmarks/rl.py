"""Masked random play through the adapters against the raw engine, on Mini Sabotage.

A raw step is what a learning loop on the engine does: ``to_act``, ``legal_actions``, a random
choice, checked ``apply``, ``outcome``.  An AEC step is PettingZoo's loop: ``last()`` (the
acting agent's observation: its tensor and legal mask), a random legal index from the mask,
``step``.  Both loops start the next game from the next seed when one ends (``start`` for the
engine, ``reset`` for the environment), so they do the same work but for the adapter.  The
target: the AEC loop at least half the raw engine's steps per second.  Also the
Gymnasium environment against a random bot, and an OpenSpiel ``apply_action`` loop.

Figures only: ``python -m benchmarks.rl [--seconds 2]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

import wargames
from wargames.envs.gymnasium import make
from wargames.envs.pettingzoo import env

__all__ = ["main", "run"]

CHUNK = 16


def _rate(step: Callable[[], None], seconds: float) -> float:
    """Steps per second of ``step`` over ``seconds``."""
    count = 0
    began = time.perf_counter()
    deadline = began + seconds
    while True:
        for _ in range(CHUNK):
            step()
        count += CHUNK
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - began)


def raw_rate(seconds: float, seed: int = 1) -> float:
    """Random engine steps per second on Mini Sabotage, a new seeded game at each end."""
    game = wargames.load("sabotage", variant="SM")
    rng = random.Random(seed)
    games = [seed]
    state = [game.start(seed)]

    def step() -> None:
        if game.outcome(state[0]) is not None:
            games[0] += 1
            state[0] = game.start(games[0])
            return
        player = next(iter(game.to_act(state[0])))
        state[0] = game.apply(state[0], rng.choice(game.legal_actions(state[0], player)))

    return _rate(step, seconds)


def aec_rate(seconds: float, seed: int = 1) -> float:
    """Masked random PettingZoo AEC steps per second on Mini Sabotage."""
    table = env("sabotage", variant="SM")
    table.reset(seed=seed)
    rng = random.Random(seed)
    games = [seed]

    def step() -> None:
        seen, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            games[0] += 1
            table.reset(seed=games[0])
            return
        table.step(rng.choice(seen["action_mask"].nonzero()[0].tolist()))

    return _rate(step, seconds)


def gymnasium_rate(seconds: float, seed: int = 1) -> float:
    """Masked random Gymnasium steps per second (each includes the random bot's turns)."""
    environment = make("sabotage", opponent="random", variant="SM")
    seen, _ = environment.reset(seed=seed)
    rng = random.Random(seed)
    latest = [seen]
    games = [seed]

    def step() -> None:
        seen, _, terminated, _, _ = environment.step(
            rng.choice(latest[0]["action_mask"].nonzero()[0].tolist())
        )
        if terminated:
            games[0] += 1
            seen, _ = environment.reset(seed=games[0])
        latest[0] = seen

    return _rate(step, seconds)


def open_spiel_rate(seconds: float, seed: int = 1) -> float:
    """Random OpenSpiel ``legal_actions`` + ``apply_action`` steps per second."""
    import pyspiel

    from wargames.envs import open_spiel

    open_spiel.register(["sabotage"])
    game = pyspiel.load_game(f"wargames_sabotage(variant=SM,seed={seed})")
    rng = random.Random(seed)
    state = [game.new_initial_state()]

    def step() -> None:
        if state[0].is_terminal():
            state[0] = game.new_initial_state()
            return
        state[0].apply_action(rng.choice(state[0].legal_actions()))

    return _rate(step, seconds)


def run(seconds: float = 2.0, repeats: int = 3) -> None:
    raw = max(raw_rate(seconds / repeats) for _ in range(repeats))
    aec = max(aec_rate(seconds / repeats) for _ in range(repeats))
    gym = max(gymnasium_rate(seconds / repeats) for _ in range(repeats))
    spiel = max(open_spiel_rate(seconds / repeats) for _ in range(repeats))
    print("Mini Sabotage, masked random play (best of each measurement's repeats):")
    print(f"  raw engine               {raw:>9,.0f} steps/s")
    ratio = aec / raw
    verdict = "met" if ratio >= 0.5 else "NOT met"
    target = f"{ratio:.2f}x raw (target >= 0.5x: {verdict})"
    print(f"  PettingZoo AEC           {aec:>9,.0f} steps/s  {target}")
    print(f"  Gymnasium vs random bot  {gym:>9,.0f} steps/s  (agent steps; bot turns inside)")
    print(f"  OpenSpiel apply_action   {spiel:>9,.0f} steps/s")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    run(args.seconds, args.repeats)


if __name__ == "__main__":
    main()
