"""Every registered game in the tools game-AI researchers run: PettingZoo, Gymnasium, OpenSpiel.

The adapters are thin and generic: a game gives its action space
(:meth:`~wargames.core.game.Game.every_action`) and its observation tensor
(:meth:`~wargames.core.game.Game.encode_view`), and every adapter works for it, a game of your
own included:

* :mod:`wargames.envs.pettingzoo` — ``env(name, **options)``, an AEC environment for every
  game, and ``parallel_env(name, **options)`` (SAW's simultaneous plots);
* :mod:`wargames.envs.gymnasium` — ``make(name, opponent="random", **options)``, one seat
  against bots, and ``gymnasium.make("wargames/<Game>[-<variant>]-v0")`` once imported;
* :mod:`wargames.envs.open_spiel` — ``register()``, then ``pyspiel.load_game("wargames_<name>")``.

They need the extras ``rl`` (numpy, gymnasium, pettingzoo) and ``openspiel`` (open-spiel):
``pip install "tabletop-wargames[rl,openspiel]"``.  Each imports its library only when used.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

__all__ = ["needs"]


@contextlib.contextmanager
def needs(extra: str) -> Iterator[None]:
    """Around an adapter's imports: a missing library names the extra that brings it."""
    try:
        yield
    except ModuleNotFoundError as error:
        hint = f'{error.name} is missing: pip install "tabletop-wargames[{extra}]"'
        raise ModuleNotFoundError(hint, name=error.name) from error
