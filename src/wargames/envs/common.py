"""What the adapters share: a game by name, its spaces, and a seat's observation.

An observation is a dictionary, as in PettingZoo's classic environments:
``{"observation": game.observation_tensor(state, seat), "action_mask": ...}``, the mask 1
where the seat's actions are legal now (all 0 when the seat is not to act).  Both are made
from the seat's view alone.
"""

from __future__ import annotations

from typing import Any

from wargames.core.game import Game, State
from wargames.core.registry import load

__all__ = ["first_to_act", "game_named", "observation", "observation_space"]


def game_named(name: str | Game[Any, Any], options: dict[str, Any]) -> Game[Any, Any]:
    """The game ``name`` (or the game given) with ``options``; ``variant`` among them picks
    the variant."""
    if isinstance(name, Game):
        if options:
            raise TypeError("pass options to the game itself, not with a game instance")
        return name
    variant = options.pop("variant", None)
    return load(name, variant, **options)


def observation_space(game: Game[Any, Any]) -> Any:
    """The gymnasium space of a seat's observation dictionary."""
    import numpy
    from gymnasium import spaces

    size = game.num_distinct_actions
    return spaces.Dict(
        {
            "observation": spaces.Box(
                *game.observation_range, shape=game.observation_shape, dtype=numpy.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=numpy.int8),
        }
    )


def observation(game: Game[Any, Any], state: State, seat: str) -> dict[str, Any]:
    """What ``seat`` observes of ``state``: its tensor and its legal-action mask."""
    return {
        "observation": game.observation_tensor(state, seat),
        "action_mask": game.legal_mask(state, seat),
    }


def first_to_act(game: Game[Any, Any], state: State) -> str | None:
    """The player to act first, in seating order (``None`` once the game is over)."""
    acting = game.to_act(state)
    if len(acting) == 1:  # mostly: the one player to act
        (player,) = acting
        return player
    return next((p for p in game.players if p in acting), None)
