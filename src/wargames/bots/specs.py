"""Bots by name, for the command line and simulations: ``random``, ``greedy``, ``greedy:8``
(8 determinisations), ``mcts``, ``mcts:400`` (400 iterations)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wargames.bots.base import Bot
from wargames.bots.greedy import GreedyBot
from wargames.bots.mcts import MctsBot
from wargames.bots.random import RandomBot

__all__ = ["BOT_NAMES", "BotSpec", "make_bot", "seat_bots"]

_FACTORIES: dict[str, Callable[[int, int | None], Bot]] = {
    "random": lambda seed, _: RandomBot(seed),
    "greedy": lambda seed, n: GreedyBot(seed, samples=n or 4),
    "mcts": lambda seed, n: MctsBot(seed, iterations=n or 200),
}
BOT_NAMES = tuple(_FACTORIES)
BotSpec = str | Callable[[int], Bot]
"""A bot to seat: a name :func:`make_bot` reads (``"greedy"``, ``"mcts:8"``), or a function
from a seed to a bot (``lambda seed: MctsBot(seed, samples=4)``)."""


def make_bot(spec: str, seed: int) -> Bot:
    """The bot named by ``spec`` (``name`` or ``name:number``), seeded with ``seed``.

    :raises ValueError: for an unknown name or a bad number.
    """
    name, _, number = spec.strip().lower().partition(":")
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {spec!r}; the bots are {', '.join(BOT_NAMES)}")
    if number and not number.isdigit():
        raise ValueError(f"bot {spec!r}: the number after ':' must be a whole number")
    return factory(seed, int(number) if number else None)


def seat_bots(players: Sequence[str], specs: Sequence[BotSpec], seed: int) -> dict[str, Bot]:
    """One bot per player, in seat order, the ``i``-th seeded with ``seed * 31 + i``: how
    ``wargames simulate`` seats the bots of a game played from ``seed``.

    :raises ValueError: for a name :func:`make_bot` refuses, or not one bot per player.
    """
    if len(specs) != len(players):
        raise ValueError(f"{len(players)} players, got bots {tuple(specs)}")
    seats = enumerate(zip(players, specs, strict=True))
    return {
        player: make_bot(spec, seed * 31 + i) if isinstance(spec, str) else spec(seed * 31 + i)
        for i, (player, spec) in seats
    }
