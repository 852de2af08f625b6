"""Bots by name, for the command line and simulations: ``random``, ``greedy``, ``greedy:8``
(8 determinisations), ``mcts``, ``mcts:400`` (400 iterations), ``mcts:400:2`` (a descent
spans two of a player's decisions: ``MctsBot``'s ``horizon``), ``mcts:200+finish`` (a leaf
scored after the rest of the player's round is played greedily: ``MctsBot``'s
``finish_round``), ``mcts:200+foresee`` (each world holds the rivals' parts of a
simultaneous round as greedy would choose them: ``MctsBot``'s ``foresee``); and the
difficulty levels
people choose from, ``easy``, ``normal`` and ``hard`` (:data:`LEVELS`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wargames.bots.base import Bot
from wargames.bots.greedy import GreedyBot
from wargames.bots.mcts import MctsBot
from wargames.bots.random import RandomBot

__all__ = ["BOT_NAMES", "LEVELS", "BotSpec", "make_bot", "seat_bots"]

_FACTORIES: dict[str, Callable[[int, int | None, int | None, frozenset[str]], Bot]] = {
    "random": lambda seed, _, __, ___: RandomBot(seed),
    "greedy": lambda seed, n, _, __: GreedyBot(seed, samples=4 if n is None else n),
    "mcts": lambda seed, n, h, plus: MctsBot(
        seed,
        iterations=200 if n is None else n,
        horizon=1 if h is None else h,
        finish_round=FINISH in plus,
        foresee=FORESEE in plus,
    ),
}
_NUMBERED = {"greedy", "mcts"}
"""The bots whose spec may give a number (``greedy:8`` determinisations, ``mcts:400``
iterations)."""
_HORIZONS = {"mcts"}
"""The bots whose spec may name a horizon after their number (``mcts:400:2``)."""
_FINISHING = {"mcts"}
"""The bots whose spec may end in ``+finish`` or ``+foresee`` (``mcts:400+finish``)."""
FINISH = "+finish"
"""The suffix of a spec whose leaves are scored after the rest of the player's round is
played greedily."""
FORESEE = "+foresee"
"""The suffix of a spec whose worlds hold the rivals' parts of a simultaneous round as
greedy would choose them."""
BOT_NAMES = tuple(_FACTORIES)
LEVELS: dict[str, str] = {"easy": "greedy", "normal": "mcts", "hard": "mcts:800"}
"""Each difficulty level and the bot that plays it: one action ahead; a search of 200
descents; and of 800 (the time a move takes at each, per game: docs/bots.md)."""
BotSpec = str | Callable[[int], Bot]
"""A bot to seat: a name :func:`make_bot` reads (``"greedy"``, ``"mcts:8"``), or a function
from a seed to a bot (``lambda seed: MctsBot(seed, samples=4)``)."""


def make_bot(spec: str, seed: int) -> Bot:
    """The bot named by ``spec`` (``name``, ``name:number``, ``mcts:number:horizon`` or a
    level of :data:`LEVELS`, any of the ``mcts`` ones followed by :data:`FINISH`, by
    :data:`FORESEE` or by both), seeded with ``seed``.

    :raises ValueError: for an unknown name or suffix, a bad number (not a whole number, or one
        the bot refuses, such as ``mcts:0``), a horizon or a suffix for a bot without one.
    """
    spec = spec.strip().lower()
    bare, *suffixes = spec.split("+")
    plus = frozenset(f"+{suffix}" for suffix in suffixes)
    if plus - {FINISH, FORESEE}:
        raise ValueError(f"bot {spec!r}: the suffixes are {FINISH} and {FORESEE}")
    name, _, number = LEVELS.get(bare, bare).partition(":")
    number, colon, horizon = number.partition(":")
    factory = _FACTORIES.get(name)
    if factory is None:
        known = ", ".join((*LEVELS, *BOT_NAMES))
        raise ValueError(f"unknown bot {spec!r}; the bots are {known}")
    if number and name not in _NUMBERED:
        raise ValueError(f"bot {spec!r}: {name} takes no number")
    if colon and name not in _HORIZONS:
        raise ValueError(f"bot {spec!r}: only {', '.join(sorted(_HORIZONS))} takes a horizon")
    if plus and name not in _FINISHING:
        takes = " and ".join(sorted(plus))
        raise ValueError(f"bot {spec!r}: only {', '.join(sorted(_FINISHING))} takes {takes}")
    if not all(part.isdigit() for part in (number, horizon) if part or colon):
        raise ValueError(f"bot {spec!r}: the numbers after ':' must be whole numbers")
    try:
        count, depth = (int(part) if part else None for part in (number, horizon))
        return factory(seed, count, depth, plus)
    except ValueError as refused:  # a count the bot refuses: say which name asked for it
        raise ValueError(f"bot {spec!r}: {refused}") from None


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
