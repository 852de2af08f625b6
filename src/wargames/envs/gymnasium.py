"""A Gymnasium environment: one seat of any registered game, the others played by bots.

>>> import gymnasium
>>> import wargames.envs.gymnasium  # registers the ids
>>> env = gymnasium.make("wargames/Sabotage-SM-v0")
>>> seen, info = env.reset(seed=1)
>>> legal = seen["action_mask"].nonzero()[0]
>>> seen, reward, terminated, truncated, info = env.step(int(legal[0]))

Importing this module registers one id per game and variant: ``wargames/<Game>-v0`` (the
game's class name, default variant) and ``wargames/<Game>-<variant>-v0``, e.g.
``wargames/Sabotage-SM-v0``, ``wargames/Sabatu-2-v0``; :func:`ids` lists them.
``gymnasium.make("wargames.envs.gymnasium:wargames/Saw-v0")`` imports it on the way.
Keywords of ``gymnasium.make`` reach :func:`make` (``opponent``, ``seat``, ``max_steps``, any
game option).  :func:`make` itself takes a game's registry name.

The agent plays ``seat`` (the game's first player unless named); every other seat is a bot
(``opponent``: ``"random"``, the default, ``"greedy"``, ``"mcts"`` or ``"mcts:400"``, as on
the command line, or a bot object), which plays its turns before the agent's next
observation.  ``action_masks()`` is the legal mask as booleans (what sb3-contrib's
MaskablePPO asks for).  An episode is truncated after ``max_steps`` of the agent's steps
(:data:`MAX_STEPS` unless given; ``None``: never), and ends, terminated, when the game does.
Observations are ``{"observation": float32 tensor, "action_mask": int8 vector}`` from the
agent's view alone; the reward is the game's return at the end (1 a win, -1 a loss, 0 a draw).

An illegal action (an agent that ignores the mask) ends the episode as a loss, with
``info["illegal_action"]`` naming it: the state is not changed by it, and training sees the
mistake.  ``reset(seed=...)`` replays a game and its bots; ``reset()`` starts with secret
chance.  ``render()`` (``render_mode="ansi"``) draws the agent's view.
"""

from __future__ import annotations

import secrets
from typing import Any, Final

from wargames.bots.base import Bot
from wargames.bots.specs import make_bot
from wargames.core.codec import numpy_or_explain
from wargames.core.errors import InvalidAction
from wargames.core.game import Game, State
from wargames.core.registry import games, variants
from wargames.envs import needs
from wargames.envs.common import (
    Calls,
    first_to_act,
    game_named,
    observation,
    observation_space,
)

with needs("rl"):
    import gymnasium

__all__ = ["MAX_STEPS", "WargamesEnv", "ids", "make"]

MAX_STEPS: Final = 5_000
"""The agent's steps after which an episode is truncated, unless ``max_steps`` says
otherwise: a bound on a learner that wanders, far beyond a game of Mini Sabotage (about 35 of
the agent's steps against a random bot) and beyond the longest measured games of SABOT and
four-player Sabatu at their defaults (a random agent against random bots: 1,079 and 1,046
steps, where 1,000 would have cut them)."""


class WargamesEnv(gymnasium.Env[dict[str, Any], Any]):
    """One seat of a game against bots (see the module docs)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's own attribute)

    def __init__(
        self,
        game: Game[Any, Any],
        opponent: str | Bot = "random",
        *,
        seat: str | None = None,
        render_mode: str | None = None,
        max_steps: int | None = MAX_STEPS,
    ) -> None:
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1 (or None), got {max_steps}")
        self.game = game
        self.calls = Calls(game)
        self.max_steps = max_steps
        self.steps = 0
        self.seat = seat if seat is not None else game.players[0]
        game.check_player(self.seat)
        self.opponent = opponent
        self.render_mode = render_mode
        self.observation_space = observation_space(game)
        self.action_space = gymnasium.spaces.Discrete(game.num_distinct_actions)
        self.position: State = game.start(0)
        self.bots: dict[str, Bot] = {}
        self._seen: tuple[State | None, bytes] = (None, b"")

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.steps = 0
        self.position = self.game.start(seed)
        bot_seed = secrets.randbits(32) if seed is None else seed
        others = [p for p in self.game.players if p != self.seat]
        self.bots = {
            player: make_bot(self.opponent, bot_seed + i) if isinstance(self.opponent, str)
            else self.opponent
            for i, player in enumerate(others)
        }  # fmt: skip
        self._let_bots_play()
        return self._observation(), {}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        try:
            chosen = self.game.action_from_index(self.position, self.seat, int(action))
            position, mask = self._seen
            # Legality is not checked twice when the agent's last observation of this very
            # (immutable) position marked the index legal.
            legal = position is self.position and mask[int(action)]
            apply = self.game.apply_unchecked if legal else self.game.apply
            self.position = apply(self.position, chosen)
        except InvalidAction as error:
            return self._observation(), -1.0, True, False, {"illegal_action": str(error)}
        self._let_bots_play()
        self.steps += 1
        over = self.calls.outcome(self.position) is not None
        reward = self.game.returns(self.position)[self.seat] if over else 0.0
        truncated = not over and self.max_steps is not None and self.steps >= self.max_steps
        return self._observation(), reward, over, truncated, {}

    def _observation(self) -> dict[str, Any]:
        """The agent's observation now, its mask kept (a copy as bytes: the agent may write
        on its own) for :meth:`step` and :meth:`action_masks`."""
        seen = observation(self.calls, self.position, self.seat)
        self._seen = (self.position, seen["action_mask"].tobytes())
        return seen

    def action_masks(self) -> Any:
        """The agent's legal actions now, as booleans (all ``False`` once the game is over):
        the last observation's mask when it is of this position, not worked out again."""
        position, kept = self._seen
        if position is not self.position:
            return self.game.legal_mask(self.position, self.seat).astype(bool)
        return numpy_or_explain().frombuffer(kept, dtype=bool).copy()

    def _let_bots_play(self) -> None:
        """Bots take their turns until the agent is to act or the game is over."""
        while (player := first_to_act(self.calls, self.position)) not in (None, self.seat):
            if self.seat in self.game.to_act(self.position):  # acting together: agent first
                return
            action = self.bots[player].choose(self.game, self.position, player)
            self.position = self.game.apply(self.position, action)

    def render(self) -> str | None:
        """The agent's view as text."""
        if self.render_mode != "ansi":
            return None
        return self.game.describe(self.position, self.seat)


def make(
    name: str | Game[Any, Any],
    opponent: str | Bot = "random",
    *,
    seat: str | None = None,
    render_mode: str | None = None,
    max_steps: int | None = MAX_STEPS,
    **options: Any,
) -> WargamesEnv:
    """The registered game ``name`` with ``options`` (``variant`` too), or a game instance, as
    a single-agent environment against ``opponent`` bots."""
    game = game_named(name, options)
    return WargamesEnv(game, opponent, seat=seat, render_mode=render_mode, max_steps=max_steps)


def ids() -> dict[str, tuple[str, str | None]]:
    """Every Gymnasium id of a registered game: its game name and variant (``None``: the
    default)."""
    found: dict[str, tuple[str, str | None]] = {}
    for name, game_class in games().items():
        title = game_class.__name__
        found[f"wargames/{title}-v0"] = (name, None)
        for variant in variants(game_class):
            found[f"wargames/{title}-{variant}-v0"] = (name, variant)
    return found


def _register() -> None:
    """Register :func:`ids` with Gymnasium (again harmlessly)."""
    for env_id, (name, variant) in ids().items():
        if env_id in gymnasium.registry:
            continue
        chosen = {"name": name} if variant is None else {"name": name, "variant": variant}
        gymnasium.register(env_id, entry_point=f"{__name__}:make", kwargs=chosen)


_register()
