"""Gymnasium's own environment checker, and one seat against bots."""

from __future__ import annotations

import pytest
from gymnasium.utils.env_checker import check_env

from wargames.envs.gymnasium import make

from .conftest import learnable, small


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", learnable())
def test_check_env(name: str) -> None:
    check_env(make(name, opponent="random", **small(name)), skip_render_check=True)


def test_the_bots_play_their_turns_before_the_agent_sees_the_board() -> None:
    env = make("sabotage", opponent="random", variant="SM", seat="red")
    seen, _ = env.reset(seed=3)
    assert "red" in env.game.to_act(env.position), "green's bot has moved"
    assert seen["action_mask"].any()


def test_an_illegal_action_loses_the_episode_and_says_why() -> None:
    env = make("sabotage", opponent="random", variant="SM")
    seen, _ = env.reset(seed=3)
    before = env.position
    illegal = int((seen["action_mask"] == 0).nonzero()[0][0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "illegal_action" in info
    assert env.position is before


def test_an_episode_ends_with_the_games_return() -> None:
    env = make("sabotage", opponent="random", variant="SM")
    seen, _ = env.reset(seed=4)
    terminated = False
    reward = 0.0
    while not terminated:
        seen, reward, terminated, _, _ = env.step(int(seen["action_mask"].nonzero()[0][0]))
    assert reward == env.game.returns(env.position)[env.seat]


def test_render_draws_only_the_agents_view() -> None:
    env = make("sabotage", opponent="random", variant="SM", render_mode="ansi")
    env.reset(seed=1)
    picture = env.render()
    assert picture == env.game.describe(env.position, "green")
    assert "r?" in picture
