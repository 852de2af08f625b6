"""The games the adapters are tested on, and options that keep them short."""

from __future__ import annotations

from typing import Any

import wargames

SMALL: dict[str, dict[str, Any]] = {
    "sabotage": {"variant": "SM"},
    "sabot": {"build_points": 60, "max_turns": 3},
}
"""Options that keep a game short enough for the adapters' own test suites."""


def learnable() -> list[str]:
    """Every registered game: each gives an action space and observation tensors
    (``test_every_game_is_learnable`` holds them to it)."""
    return sorted(wargames.available())


def small(name: str) -> dict[str, Any]:
    """The options of :data:`SMALL` for ``name`` (none for a game short already)."""
    return SMALL.get(name, {})


SPIEL_SMALL: dict[str, dict[str, Any]] = {
    "sabatu": {"players": 2, "turn_limit": 6},
    "saw": {"turn_limit": 4},
    "gridscifi": {"turns": 1},
}
"""For OpenSpiel's random simulation, which reads each player's whole information state at
every step (and at every chance node): Sabatu for two and SAW cut to a few turns (a random game
of either runs to hundreds of steps, ending in a draw at the limit), Grid SciFi's battle to
one turn."""


def spiel_parameters(name: str) -> str:
    """:data:`SMALL` (and :data:`SPIEL_SMALL`) as OpenSpiel's game-string parameters, e.g.
    ``(variant=SM)``."""
    chosen = {**small(name), **SPIEL_SMALL.get(name, {})}
    return f"({','.join(f'{k}={v}' for k, v in chosen.items())})" if chosen else ""
