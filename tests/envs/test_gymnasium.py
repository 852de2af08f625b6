"""Gymnasium's own environment checker, and one seat against bots."""

from __future__ import annotations

import gymnasium
import numpy
import pytest
from gymnasium.utils.env_checker import check_env

from wargames.core.registry import games, variants
from wargames.envs.gymnasium import WargamesEnv, ids, make

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


def test_a_mask_the_agent_changes_does_not_make_an_action_legal() -> None:
    env = make("sabotage", opponent="random", variant="SM")
    seen, _ = env.reset(seed=3)
    before = env.position
    illegal = int((seen["action_mask"] == 0).nonzero()[0][0])
    seen["action_mask"][illegal] = 1  # the env keeps its own copy of the mask
    assert not env.action_masks()[illegal]
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert "illegal_action" in info
    assert env.position is before


def test_action_masks_of_a_position_set_from_outside_are_its_own() -> None:
    env = make("sabotage", variant="SM")
    env.reset(seed=5)
    env.position = env.game.start(6)  # not the position the last observation was of
    expected = env.game.legal_mask(env.position, env.seat).astype(bool)
    assert expected.any()
    assert (env.action_masks() == expected).all()


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


@pytest.mark.parametrize("env_id", sorted(ids()))
def test_every_game_and_variant_has_an_id(env_id: str) -> None:
    name, variant = ids()[env_id]
    env = gymnasium.make(env_id)
    assert isinstance(env.unwrapped, WargamesEnv)
    game = env.unwrapped.game
    assert type(game) is variants(games()[name]).get(variant or "", games()[name])
    assert env.unwrapped.opponent == "random", "random is the default opponent"
    seen, _ = env.reset(seed=1)
    assert env.observation_space.contains(seen)


def test_make_takes_the_module_on_the_way_and_passes_keywords() -> None:
    env = gymnasium.make(
        "wargames.envs.gymnasium:wargames/Sabotage-SM-v0", opponent="greedy", seat="red"
    )
    assert isinstance(env.unwrapped, WargamesEnv)
    assert (env.unwrapped.opponent, env.unwrapped.seat) == ("greedy", "red")
    assert env.unwrapped.game.variant == "SM"


def test_action_masks_is_the_legal_mask_as_booleans() -> None:
    env = make("sabotage", variant="SM")
    seen, _ = env.reset(seed=5)
    terminated = False
    while not terminated:
        masks = env.action_masks()
        assert masks.dtype == numpy.bool_
        assert (masks == seen["action_mask"].astype(bool)).all()
        seen, _, terminated, _, _ = env.step(int(masks.nonzero()[0][-1]))
    assert not env.action_masks().any(), "nothing is legal once the game is over"


def test_an_episode_is_truncated_at_max_steps() -> None:
    env = make("sabotage", variant="SM", max_steps=3)
    seen, _ = env.reset(seed=2)
    ends = []
    for _ in range(3):
        seen, _, terminated, truncated, _ = env.step(int(seen["action_mask"].nonzero()[0][0]))
        ends.append((terminated, truncated))
    assert ends == [(False, False), (False, False), (False, True)]
    env.reset(seed=2)
    assert env.steps == 0
    with pytest.raises(ValueError, match="max_steps"):
        make("sabotage", variant="SM", max_steps=0)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_gymnasiums_vector_envs_play_and_reset(mode: str) -> None:
    envs = gymnasium.make_vec("wargames/Sabotage-SM-v0", num_envs=2, vectorization_mode=mode)
    try:
        seen, _ = envs.reset(seed=[1, 2])  # type: ignore[arg-type]
        assert seen["observation"].shape == (2, 8, 8, 48)  # channels last
        ended = numpy.zeros(2, dtype=bool)
        for _ in range(300):
            legal = [row.nonzero()[0] for row in seen["action_mask"]]
            # After an episode ends the next step only resets it: any action will do.
            actions = numpy.array([row[0] if len(row) else 0 for row in legal])
            seen, rewards, terminated, truncated, _ = envs.step(actions)
            assert set(rewards.tolist()) <= {-1.0, 0.0, 1.0}
            ended |= terminated | truncated
            if ended.all():
                break
        assert ended.all(), "each of the two games ended within 300 steps"
    finally:
        envs.close()
