"""A learning loop on the Gymnasium environment: REINFORCE against a random opponent.

The policy is a masked softmax over action preferences, one per action index (which squares a
piece is set up on, which steps it takes): numpy alone, no RL library.  Each episode is one
game of Mini Sabotage against the random bot (``gymnasium.make("wargames/Sabotage-SM-v0")``);
after every batch of episodes the preferences move along the return-weighted gradient of the
chosen actions' log-probabilities, and the win rate of each batch is printed.

Run: ``python examples/gymnasium_reinforce.py`` (a tiny budget, as CI runs it) or
``--full`` (the figures in docs/rl.md).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

import wargames.envs.gymnasium  # noqa: F401  (registers the ids)


class Policy:
    """Masked softmax over a preference per action."""

    def __init__(self, actions: int, rng: np.random.Generator) -> None:
        self.bias = np.zeros(actions)
        self.rng = rng

    def probabilities(self, mask: Any) -> Any:
        logits = np.where(mask, self.bias, -np.inf)
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()

    def choose(self, mask: Any) -> int:
        return int(self.rng.choice(len(mask), p=self.probabilities(mask)))

    def learn(self, episodes: list[tuple[list[tuple[Any, int]], float]], rate: float) -> None:
        """One REINFORCE step over ``episodes`` (their steps and returns), the batch's mean
        return as the baseline."""
        baseline = float(np.mean([ret for _, ret in episodes]))
        for steps, ret in episodes:
            advantage = (ret - baseline) * rate / len(episodes)
            for mask, action in steps:
                grad = -self.probabilities(mask)
                grad[action] += 1.0
                self.bias += advantage * grad


def train(batches: int, batch: int, rate: float, seed: int) -> list[float]:
    """The win rate of each batch against the random bot."""
    env = gymnasium.make("wargames/Sabotage-SM-v0")
    space = env.action_space
    assert isinstance(space, gymnasium.spaces.Discrete)
    policy = Policy(int(space.n), np.random.default_rng(seed))
    rates = []
    game = seed * 100_000
    for index in range(batches):
        episodes = []
        wins = 0
        for _ in range(batch):
            game += 1
            seen, _ = env.reset(seed=game)
            steps = []
            done = False
            ret = 0.0
            while not done:
                mask = seen["action_mask"].astype(bool)
                action = policy.choose(mask)
                steps.append((mask, action))
                seen, reward, terminated, truncated, _ = env.step(action)
                ret = float(reward)
                done = terminated or truncated
            wins += ret > 0
            episodes.append((steps, float(ret)))
        policy.learn(episodes, rate)
        rates.append(wins / batch)
        print(f"batch {index + 1}: won {wins} of {batch}", flush=True)
    return rates


def main(argv: Sequence[str] | None = None) -> list[float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--full", action="store_true", help="30 batches of 40 games")
    parser.add_argument("--rate", type=float, default=4.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    batches, batch = (30, 40) if args.full else (3, 4)
    rates = train(batches, batch, args.rate, args.seed)
    third = max(len(rates) // 3, 1)
    print(
        f"win rate: first {third} batches {np.mean(rates[:third]):.2f}, "
        f"last {third} {np.mean(rates[-third:]):.2f}"
    )
    return rates


if __name__ == "__main__":
    main()
