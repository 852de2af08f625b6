"""OpenSpiel: every game loads through pyspiel and passes its random simulation test."""

from __future__ import annotations

import copy

import pyspiel
import pytest

from wargames.envs import open_spiel

from .conftest import learnable, spiel_parameters

open_spiel.register()


@pytest.mark.parametrize("name", learnable())
def test_random_sim_test(name: str) -> None:
    game = pyspiel.load_game(open_spiel.short_name(name) + spiel_parameters(name))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_parameters_choose_variant_options_and_seed() -> None:
    game = pyspiel.load_game("wargames_sabotage(variant=SM,seed=4,draw_offers=False)")
    wargame = game.game
    assert (wargame.variant, wargame.options.draw_offers) == ("SM", False)
    assert game.new_initial_state().position == wargame.start(4)
    secret = pyspiel.load_game("wargames_sabotage(variant=SM)")
    assert secret.new_initial_state().position != secret.new_initial_state().position


def test_the_game_type_is_truthful() -> None:
    kind = pyspiel.load_game("wargames_sabotage").get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM


def test_a_clone_shares_its_immutable_position() -> None:
    state = pyspiel.load_game("wargames_sabotage(variant=SM,seed=1)").new_initial_state()
    clone = state.clone()
    assert clone.position is state.position
    assert copy.deepcopy(state.position) is state.position
    clone.apply_action(clone.legal_actions()[0])
    assert clone.position is not state.position


def test_strings_and_tensors_come_from_the_players_view() -> None:
    state = pyspiel.load_game("wargames_sabotage(variant=SM,seed=1)").new_initial_state()
    game = state.get_game().game
    infostate = state.information_state_string(0)
    assert '"?": "hidden"' in infostate, "red's pieces are hidden from green"
    assert state.observation_string(0) == game.describe(state.position, "green")
    assert list(state.observation_tensor(0)) == list(
        game.observation_tensor(state.position, "green").ravel()
    )


def test_resampling_keeps_what_the_player_knows() -> None:
    state = pyspiel.load_game("wargames_sabotage(variant=SM,seed=1)").new_initial_state()
    sample = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(0) == state.information_state_string(0)
