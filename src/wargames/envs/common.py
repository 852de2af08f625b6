"""What the adapters share: a game by name, its spaces, and a seat's observation.

An observation is a dictionary, as in PettingZoo's classic environments:
``{"observation": game.observation_tensor(state, seat), "action_mask": ...}``, the mask 1
where the seat's actions are legal now (all 0 when the seat is not to act).  Both are made
from the seat's view alone.

An adapter's positions are the game's own full states (from ``start`` and ``apply``), so it
calls the methods of every step through :class:`Calls`, without the checks at their edges
(:mod:`wargames.core.edges`), which such states pass at their first test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wargames.core.edges import unguarded, unguarded_bound
from wargames.core.game import Game, State
from wargames.core.registry import load

__all__ = ["Calls", "first_to_act", "game_named", "observation", "observation_space"]


class Calls:
    """The methods of ``game`` an adapter calls at every step, bound without the checks at
    their edges (:func:`~wargames.core.edges.unguarded_bound`), for the game's own full
    states only.  Found when made: a method set on the game object later is not seen.
    ``mask`` is the codec's mask when the game's legal mask is the kernel's (``None``
    otherwise), so that :func:`observation` makes it from ``legal_actions`` itself."""

    __slots__ = (
        "legal_actions",
        "legal_mask",
        "mask",
        "observation_tensor",
        "outcome",
        "players",
        "to_act",
    )

    def __init__(self, game: Game[Any, Any]) -> None:
        self.players: tuple[str, ...] = game.players
        self.to_act: Callable[[State], frozenset[str]] = unguarded_bound(game, "to_act")
        self.outcome: Callable[[State], Any] = unguarded_bound(game, "outcome")
        self.legal_mask: Callable[[State, str], Any] = unguarded_bound(game, "legal_mask")
        self.legal_actions: Callable[[State, str], Any] = unguarded_bound(game, "legal_actions")
        self.mask: Callable[[Any], Any] | None = (
            game.action_codec.mask if _plain_legal_mask(game) else None
        )
        self.observation_tensor: Callable[[State, str], Any] = unguarded_bound(
            game, "observation_tensor"
        )


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


def observation(calls: Calls, state: State, seat: str) -> dict[str, Any]:
    """What ``seat`` observes of ``state``: its tensor and its legal-action mask.

    :raises UnknownPlayer: for a ``seat`` that is not a player of the game.
    """
    mask = calls.mask
    return {
        "observation": calls.observation_tensor(state, seat),
        "action_mask": (
            calls.legal_mask(state, seat)
            if mask is None
            else mask(calls.legal_actions(state, seat))
        ),
    }


def _plain_legal_mask(game: Game[Any, Any]) -> bool:
    """Whether ``game``'s legal mask is :meth:`Game.legal_mask`'s, the codec's mask of the
    legal actions, which :func:`observation` then makes itself from the unguarded
    ``legal_actions`` (a step spares the base method's call and the check at the edge of
    the ``legal_actions`` it calls); a game or game object with a mask of its own keeps it."""
    return "legal_mask" not in vars(game) and unguarded(type(game).legal_mask) is unguarded(
        Game.legal_mask
    )


def first_to_act(calls: Calls, state: State) -> str | None:
    """The player to act first, in seating order (``None`` once the game is over)."""
    acting = calls.to_act(state)
    if len(acting) == 1:  # mostly: the one player to act
        (player,) = acting
        return player
    return next((p for p in calls.players if p in acting), None)
