"""Bots by name, for the command line and simulations: ``random``, ``greedy``, ``greedy:8``
(8 determinisations), ``mcts``, ``mcts:400`` (400 iterations), ``mcts:400:2`` (a descent
spans two of a player's decisions: ``MctsBot``'s ``horizon``), ``mcts:200+finish`` (a leaf
scored after the rest of the player's round is played greedily: ``MctsBot``'s
``finish_round``), ``mcts:200+foresee`` (each world holds the rivals' parts of a
simultaneous round as greedy would choose them: ``MctsBot``'s ``foresee``), ``mcts:200+own``
(positions scored by the game's evaluation for searches: ``MctsBot``'s ``own_evaluation``),
``mcts:200+means`` (an action after which its player goes on choosing reckoned by the mean of
its visits: ``MctsBot``'s ``means``),
``mcts:200+foresee=off`` (a switch the game turns on, turned off),
``mcts:200+exploration=0.35+samples=40`` (any of :data:`SETTINGS` given); and the difficulty
levels
people choose from, ``easy``, ``normal`` and ``hard`` (:data:`LEVELS`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from wargames.bots.base import Bot
from wargames.bots.greedy import GreedyBot
from wargames.bots.mcts import MctsBot
from wargames.bots.random import RandomBot

__all__ = ["BOT_NAMES", "LEVELS", "BotSpec", "make_bot", "seat_bots"]

_FACTORIES: dict[str, Callable[[int, int | None, int | None, dict[str, Any]], Bot]] = {
    "random": lambda seed, _, __, ___: RandomBot(seed),
    "greedy": lambda seed, n, _, __: GreedyBot(seed, samples=4 if n is None else n),
    "mcts": lambda seed, n, h, settings: MctsBot(
        seed, iterations=200 if n is None else n, horizon=1 if h is None else h, **settings
    ),
}
_NUMBERED = {"greedy", "mcts"}
"""The bots whose spec may give a number (``greedy:8`` determinisations, ``mcts:400``
iterations)."""
_HORIZONS = {"mcts"}
"""The bots whose spec may name a horizon after their number (``mcts:400:2``)."""
_SETTLED = {"mcts"}
"""The bots whose spec may end in :data:`FLAGS` (``mcts:400+finish``) or :data:`SETTINGS`."""
FINISH = "+finish"
"""The suffix of a spec whose leaves are scored after the rest of the player's round is
played greedily."""
FORESEE = "+foresee"
"""The suffix of a spec whose worlds hold the rivals' parts of a simultaneous round as
greedy would choose them."""
OWN = "+own"
"""The suffix of a spec whose search scores its positions by the game's own evaluation for
searches (``Game.search_evaluate``)."""
MEANS = "+means"
"""The suffix of a spec whose search reckons an action after which its player goes on
choosing by the mean of its visits (``Game.search_means``)."""
FLAGS: dict[str, str] = {
    FINISH: "finish_round",
    FORESEE: "foresee",
    OWN: "own_evaluation",
    MEANS: "means",
}
"""The ``MctsBot`` switches a spec may turn on by a suffix, and the keyword each sets; a
suffix with ``=off`` turns its switch off where the game would turn it on
(``mcts:200+foresee=off``), ``=on`` is the suffix alone."""
SWITCHED: dict[str, bool] = {"on": True, "off": False}
SETTINGS: dict[str, type[int] | type[float]] = {
    "exploration": float,
    "samples": int,
    "prior": int,
    "width": int,
    "widening": float,
    "trees": int,
    "rollout_depth": int,
}
"""``MctsBot``'s search settings a spec may give, each as ``+name=value``
(``mcts:200+exploration=0.35``), with the type its value is read as."""
BOT_NAMES = tuple(_FACTORIES)
LEVELS: dict[str, str] = {"easy": "greedy", "normal": "mcts", "hard": "mcts:800"}
"""Each difficulty level and the bot that plays it: one action ahead; a search of 200
descents; and of 800 (the time a move takes at each, per game: docs/bots.md)."""
BotSpec = str | Callable[[int], Bot]
"""A bot to seat: a name :func:`make_bot` reads (``"greedy"``, ``"mcts:8"``), or a function
from a seed to a bot (``lambda seed: MctsBot(seed, samples=4)``)."""


def make_bot(spec: str, seed: int) -> Bot:
    """The bot named by ``spec`` (``name``, ``name:number``, ``mcts:number:horizon`` or a
    level of :data:`LEVELS`, any of the ``mcts`` ones followed by any of :data:`FLAGS`
    or ``+name=value`` settings of :data:`SETTINGS`), seeded with ``seed``.

    :raises ValueError: for an unknown name, a bad number (not a whole number, or one the bot
        refuses, such as ``mcts:0``), a horizon, a flag or a setting for a bot without one,
        or an unknown setting or one whose value does not read as its type.
    """
    spec = spec.strip().lower()
    bare, *extras = spec.split("+")
    settings = _settings(spec, extras)
    flags = [suffix for suffix, keyword in FLAGS.items() if keyword in settings]
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
    if settings and name not in _SETTLED:
        takes = " and ".join(flags) or "settings"
        raise ValueError(f"bot {spec!r}: only {', '.join(sorted(_SETTLED))} takes {takes}")
    if not all(part.isdigit() for part in (number, horizon) if part or colon):
        raise ValueError(f"bot {spec!r}: the numbers after ':' must be whole numbers")
    try:
        count, depth = (int(part) if part else None for part in (number, horizon))
        return factory(seed, count, depth, settings)
    except ValueError as refused:  # a count the bot refuses: say which name asked for it
        raise ValueError(f"bot {spec!r}: {refused}") from None


def _settings(spec: str, extras: list[str]) -> dict[str, Any]:
    """The keywords of ``MctsBot`` that a spec's ``+`` parts give: those of :data:`FLAGS`
    (alone or ``=on``, or ``=off``) and ``name=value`` for a name of :data:`SETTINGS`.

    :raises ValueError: for another part, or a value that does not read as its type.
    """
    settings: dict[str, Any] = {}
    for extra in extras:
        name, equals, value = extra.partition("=")
        flag = FLAGS.get(f"+{name}")
        if flag is not None:
            if equals and value not in SWITCHED:
                raise ValueError(f"bot {spec!r}: {name} is on or off, got {value!r}")
            settings[flag] = SWITCHED[value] if equals else True
        elif not equals or name not in SETTINGS:
            known = ", ".join([*(f.removeprefix("+") for f in FLAGS), *(f"{n}=" for n in SETTINGS)])
            raise ValueError(f"bot {spec!r}: unknown {'+' + extra!r}; after + come {known}")
        else:
            try:
                settings[name] = SETTINGS[name](value)
            except ValueError:
                kind = "whole number" if SETTINGS[name] is int else "number"
                raise ValueError(f"bot {spec!r}: {name} must be a {kind}, got {value!r}") from None
    return settings


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
