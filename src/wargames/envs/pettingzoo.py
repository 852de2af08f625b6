"""PettingZoo environments for every registered game.

>>> from wargames.envs.pettingzoo import env
>>> table = env("sabotage", variant="SM")
>>> _ = table.reset(seed=1)
>>> agent = table.agent_selection
>>> seen = table.observe(agent)
>>> sorted(seen)
['action_mask', 'observation']
>>> table.step(int(seen["action_mask"].nonzero()[0][0]))

* :func:`env` — an AEC environment: the agents are the game's players, the one to act first
  (in seating order) is selected; in a simultaneous phase (SAW's plots) each player in turn
  gives their orders, which the others' observations never show.
* :func:`parallel_env` — a parallel environment: each step takes an action from every player
  who is to act (the others' are ignored; their masks are all 0).

Observations are ``{"observation": float32 tensor, "action_mask": int8 vector}`` from the
agent's view alone; rewards come at the end, from ``game.returns`` (1 a win, -1 a loss, 0 a
draw).  An action that is not legal raises :class:`~wargames.core.errors.IllegalAction` and
changes nothing.  ``reset(seed=...)`` replays a game; ``reset()`` starts one with secret
chance.  ``render()`` (``render_mode="ansi"``) is the whole board, for a spectator.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, ClassVar

from wargames.core.game import Game, State
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
    from pettingzoo import AECEnv, ParallelEnv

__all__ = ["WargamesAECEnv", "WargamesParallelEnv", "env", "parallel_env"]

_METADATA = {"render_modes": ["ansi"], "is_parallelizable": True}


class _Table:
    """The game, its spaces and the position: what both environments hold."""

    game: Game[Any, Any]
    calls: Calls
    position: State
    render_mode: str | None

    @cached_property
    def _observation_space(self) -> Any:
        return observation_space(self.game)

    @cached_property
    def _action_space(self) -> gymnasium.spaces.Discrete:
        return gymnasium.spaces.Discrete(self.game.num_distinct_actions)

    def observation_space(self, agent: str) -> Any:
        """The same space object for every agent and call."""
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """The same space object for every agent and call."""
        return self._action_space

    def render(self) -> str | None:
        """The whole board as text (for a spectator: it shows every secret)."""
        return self.game.describe(self.position) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""


class WargamesAECEnv(_Table, AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A game as a PettingZoo AEC environment (see the module docs)."""

    metadata: ClassVar[dict[str, Any]] = {**_METADATA, "name": "wargames_aec"}

    def __init__(self, game: Game[Any, Any], render_mode: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.calls = Calls(game)
        # Found once, as Calls finds its methods: a step reads one attribute for each.
        self._decode = game.action_codec.decode
        self._apply_unchecked = game.apply_unchecked
        self.render_mode = render_mode
        self.possible_agents = list(game.players)
        self.reset()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.position = self.game.start(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = first_to_act(self.calls, self.position) or self.agents[0]
        self._observed: tuple[State | None, str, bytes] = (None, "", b"")

    def observe(self, agent: str) -> dict[str, Any]:
        seen = observation(self.calls, self.position, agent)
        # The mask as bytes: a copy (the agent may write on its own), cheaper to make and
        # to read one place of than an array.
        self._observed = (self.position, agent, seen["action_mask"].tobytes())
        return seen

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = int(action)
        chosen = self._decode(agent, index)  # the agent to act: a player
        # Legality is not checked twice when the agent's last observation of this very
        # (immutable) position marked the index legal.
        position, seat, mask = self._observed
        if position is self.position and seat == agent and mask[index]:
            self.position = self._apply_unchecked(position, chosen)
        else:
            self.position = self.game.apply(self.position, chosen)
        if self.calls.outcome(self.position) is None:
            # Rewards come only at the end: until then every reward stays 0.
            self.agent_selection = first_to_act(self.calls, self.position) or agent
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = self.game.returns(self.position)
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()


class WargamesParallelEnv(_Table, ParallelEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A game as a PettingZoo parallel environment (see the module docs)."""

    metadata: ClassVar[dict[str, Any]] = {**_METADATA, "name": "wargames_parallel"}

    def __init__(self, game: Game[Any, Any], render_mode: str | None = None) -> None:
        self.game = game
        self.calls = Calls(game)
        self.render_mode = render_mode
        self.possible_agents = list(game.players)
        self.agents = self.possible_agents[:]
        self.position = game.start(0)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        self.position = self.game.start(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def _observations(self) -> dict[str, dict[str, Any]]:
        return {agent: observation(self.calls, self.position, agent) for agent in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, dict[str, Any]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:  # fmt: skip
        acting = self.game.to_act(self.position)
        for agent in self.game.players:
            if agent in acting and agent in self.game.to_act(self.position):
                chosen = self.game.action_from_index(self.position, agent, int(actions[agent]))
                self.position = self.game.apply(self.position, chosen)
        observations = self._observations()
        over = self.game.outcome(self.position) is not None
        rewards = self.game.returns(self.position) if over else dict.fromkeys(self.agents, 0.0)
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def env(
    name: str | Game[Any, Any], render_mode: str | None = None, **options: Any
) -> WargamesAECEnv:
    """An AEC environment of the registered game ``name`` with ``options`` (``variant`` too),
    or of a game instance."""
    return WargamesAECEnv(game_named(name, options), render_mode)


def parallel_env(
    name: str | Game[Any, Any], render_mode: str | None = None, **options: Any
) -> WargamesParallelEnv:
    """A parallel environment of the registered game ``name`` with ``options``."""
    return WargamesParallelEnv(game_named(name, options), render_mode)
