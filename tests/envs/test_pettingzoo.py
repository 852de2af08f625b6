"""PettingZoo's own API, seed and parallel tests, on every game with an action space."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from wargames import IllegalAction, UnknownPlayer
from wargames.envs.pettingzoo import env, parallel_env

from .conftest import learnable, small


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", learnable())
def test_api_test(name: str) -> None:
    api_test(env(name, **small(name)), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", learnable())
def test_parallel_api_test(name: str) -> None:
    parallel_api_test(parallel_env(name, **small(name)), num_cycles=200)


@pytest.mark.parametrize("name", learnable())
def test_seed_test(name: str) -> None:
    seed_test(lambda: env(name, **small(name)), num_cycles=30)


def test_an_observation_is_the_agents_view_and_its_legal_actions() -> None:
    table = env("sabotage", variant="SM")
    table.reset(seed=2)
    agent = table.agent_selection
    seen = table.observe(agent)
    game = table.game
    assert (seen["observation"] == game.observation_tensor(table.position, agent)).all()
    legal = {game.action_index(a) for a in game.legal_actions(table.position, agent)}
    assert set(seen["action_mask"].nonzero()[0]) == legal
    other = next(p for p in game.players if p != agent)
    assert not table.observe(other)["action_mask"].any(), "not to act: nothing legal"


@pytest.mark.parametrize("name", learnable())
def test_an_unknown_agent_is_refused_though_the_edges_are_not_checked(name: str) -> None:
    """The environment calls the game without the checks at its edges (its positions are
    the game's own states), but a player is still checked by the game's rules."""
    table = env(name, **small(name))
    with pytest.raises(UnknownPlayer, match="no player 'nobody'"):
        table.observe("nobody")


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    table = env("sabotage", variant="SM")
    table.reset(seed=2)
    before = table.position
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int((mask == 0).nonzero()[0][0])
    with pytest.raises(IllegalAction):
        table.step(illegal)
    assert table.position is before


def test_a_finished_game_rewards_winner_and_loser() -> None:
    table = env("sabotage", variant="SM")
    table.reset(seed=5)
    for _ in table.agent_iter():
        seen, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)  # type: ignore[arg-type]  # PettingZoo's way for a done agent
            continue
        table.step(int(seen["action_mask"].nonzero()[0][0]))
    outcome = table.game.outcome(table.position)
    assert outcome is not None
    returns = table.game.returns(table.position)
    assert sorted(returns.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_mask_the_agent_changes_does_not_make_an_action_legal() -> None:
    table = env("sabotage", variant="SM")
    table.reset(seed=2)
    seen = table.observe(table.agent_selection)
    illegal = int((seen["action_mask"] == 0).nonzero()[0][0])
    seen["action_mask"][illegal] = 1
    before = table.position
    with pytest.raises(IllegalAction):
        table.step(illegal)
    assert table.position is before


def test_rewards_and_terminations_stay_put_in_play_and_after_an_illegal_action() -> None:
    """Until the end every reward is 0 and nobody is done; a refused action changes neither
    them nor the agent to act."""
    table = env("sabotage", variant="SM")
    table.reset(seed=5)
    for _ in range(60):
        agent = table.agent_selection
        seen, reward, terminated, truncated, info = table.last()
        assert (reward, terminated, truncated, info) == (0.0, False, False, {})
        assert set(table.rewards.values()) == {0.0}
        assert not any(table.terminations.values())
        illegal = int((seen["action_mask"] == 0).nonzero()[0][0])
        with pytest.raises(IllegalAction):
            table.step(illegal)
        assert table.agent_selection == agent
        assert set(table.rewards.values()) == {0.0}
        assert not any(table.terminations.values())
        assert not any(table.truncations.values())
        table.step(int(seen["action_mask"].nonzero()[0][0]))


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_at_the_end_each_agent_is_done_with_its_return(seed: int) -> None:
    table = env("sabotage", variant="SM")
    table.reset(seed=seed)
    while not any(table.terminations.values()):
        table.step(int(table.observe(table.agent_selection)["action_mask"].nonzero()[0][0]))
    returns = table.game.returns(table.position)
    assert sorted(returns.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert table.rewards == returns
    assert table._cumulative_rewards == returns
    assert all(table.terminations.values())
    assert not any(table.truncations.values())
    done = []
    while table.agents:
        _, reward, terminated, _, _ = table.last()
        assert (reward, terminated) == (returns[table.agent_selection], True)
        done.append(table.agent_selection)
        table.step(None)  # type: ignore[arg-type]  # PettingZoo's way for a done agent
    assert sorted(done) == sorted(table.possible_agents)


def test_a_mask_of_the_game_objects_own_is_the_one_observed() -> None:
    """The environment makes the mask from the game's legal actions itself only when the
    game's mask is the base one; a game object with a mask of its own keeps it."""
    table = env("sabotage", variant="SM")
    game = table.game
    only = game.action_index(game.legal_actions(table.position, table.agent_selection)[0])

    def first_only(state: object, player: str) -> object:
        mask = game.action_codec.mask([])
        mask[only] = 1
        return mask

    game.legal_mask = first_only  # type: ignore[method-assign,assignment]
    masked = env(game)
    assert masked.observe(masked.agent_selection)["action_mask"].nonzero()[0].tolist() == [only]
    assert table.observe(table.agent_selection)["action_mask"].sum() > 1
