"""OpenSpiel: every game loads through pyspiel and passes its random simulation test."""

from __future__ import annotations

import copy
import math
import random

import attrs
import pyspiel
import pytest

from wargames.envs import open_spiel

from .conftest import learnable, spiel_parameters

open_spiel.register()


@pytest.mark.parametrize("name", learnable())
def test_random_sim_test(name: str) -> None:
    """Games with chance nodes play one game (a chance node is one more step with every
    player's information state); Grid SciFi's, one turn long, also goes through OpenSpiel's
    serialization at every step (it pickles a state and replays its history, chance outcomes
    included)."""
    game = pyspiel.load_game(open_spiel.short_name(name) + spiel_parameters(name))
    explicit = game.max_chance_outcomes() > 0
    serialize = name == "gridscifi"
    pyspiel.random_sim_test(game, num_sims=1 if explicit else 2, serialize=serialize, verbose=False)


def chance_node(spiel: pyspiel.Game, steps: int = 40) -> pyspiel.State:
    """The first chance node of a seeded random walk from ``spiel``'s start."""
    rng = random.Random(0)
    state = spiel.new_initial_state()
    for _ in range(steps):
        if state.is_chance_node():
            return state
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"no chance node in {steps} steps")


def test_a_chance_node_lists_the_games_exact_outcomes_and_applies_each() -> None:
    spiel = pyspiel.load_game("wargames_gridscifi(seed=2,turns=1)")
    assert spiel.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = chance_node(spiel)
    wargame, (action,) = spiel.game, state._pending
    odds = wargame.chance_outcomes(state.position, action)
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.chance_outcomes() == [(i, float(p)) for i, (_, p) in enumerate(odds.items())]
    assert math.isclose(sum(p for _, p in state.chance_outcomes()), 1.0)
    assert state.legal_actions() == list(range(len(odds)))
    assert len(odds) <= spiel.max_chance_outcomes()
    for index, outcome in enumerate(odds.outcomes):
        child = state.child(index)
        assert child.position == wargame.apply_chance(state.position, action, outcome)
        assert not child.is_chance_node()
    with pytest.raises(ValueError, match="chance outcome"):
        state.clone().apply_action(len(odds))


def test_sampled_chance_keeps_the_rolls_inside_the_moves() -> None:
    spiel = pyspiel.load_game("wargames_gridscifi(seed=2,turns=1,sampled_chance=true)")
    assert spiel.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert spiel.max_chance_outcomes() == 0
    with pytest.raises(AssertionError, match="no chance node"):
        chance_node(spiel)


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


def test_the_information_state_tensor_is_the_observation_tensor() -> None:
    """rl.md: no perfect-recall tensor (a fixed-size tensor of a whole history would be
    max_game_length observations); the perfect-recall string carries the log instead."""
    spiel = pyspiel.load_game("wargames_sabotage(variant=SM,seed=1)")
    state = spiel.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert spiel.information_state_tensor_shape() == spiel.observation_tensor_shape()
    for player in (0, 1):
        assert list(state.information_state_tensor(player)) == list(
            state.observation_tensor(player)
        )
    assert '"log"' in state.information_state_string(0)
    assert '"log"' not in state.observation_string(0)


def test_resampling_keeps_what_the_player_knows() -> None:
    state = pyspiel.load_game("wargames_sabotage(variant=SM,seed=1)").new_initial_state()
    sample = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(0) == state.information_state_string(0)


def test_observations_and_clones_never_start_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    spiel = pyspiel.load_game("wargames_sabotage(variant=SM)")  # secret chance: no start kept
    state = spiel.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    wargame = spiel.game

    def no_start(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was started")

    monkeypatch.setattr(wargame, "start", no_start)
    for player in (0, 1):
        assert list(state.observation_tensor(player)) == list(
            wargame.observation_tensor(state.position, wargame.players[player]).ravel()
        )
        assert state.information_state_string(player)
        assert state.observation_string(player)
    clone = state.clone()
    assert clone.position is state.position
    assert clone.history() == state.history()
    assert spiel.observation_tensor_size() == len(state.observation_tensor())
    assert list(spiel.observation_tensor_shape()) == list(wargame.observation_shape)


def test_an_observation_follows_its_state() -> None:
    state = pyspiel.load_game("wargames_sabotage(variant=SM,seed=2)").new_initial_state()
    game = state.get_game().game
    before = state.observation_tensor(0).copy()
    state.apply_action(state.legal_actions()[0])
    after = state.observation_tensor(0)
    assert list(after) == list(game.observation_tensor(state.position, "green").ravel())
    assert list(before) != list(after), "the kept observation was not renewed"
    with pytest.raises(ValueError, match="observes nothing"):
        state.observation_tensor(2)


def test_saw_turn_based_plots_one_player_at_a_time_unseen_by_the_other() -> None:
    spiel = pyspiel.load_game("wargames_saw(turn_based=true,seed=1)")
    assert spiel.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert spiel.num_distinct_actions() == spiel.game.num_distinct_actions, "no wait action"
    state = spiel.new_initial_state()
    while not spiel.game.simultaneous or len(spiel.game.to_act(state.position)) < 2:
        state.apply_action(state.legal_actions()[0])  # to the first plot both players make
    plotter = state.current_player()
    assert plotter == 0, "the first seat plots first"
    other = 1 - plotter
    first, last = state.legal_actions()[0], state.legal_actions()[-1]
    one, two = state.child(first), state.child(last)
    assert one.position != two.position
    assert one.information_state_string(other) == two.information_state_string(other)
    assert list(one.observation_tensor(other)) == list(two.observation_tensor(other))


def test_saw_simultaneous_by_default() -> None:
    spiel = pyspiel.load_game("wargames_saw")
    assert spiel.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS


def test_optional_options_are_parameters_with_a_stand_in_for_none() -> None:
    limited = pyspiel.load_game("wargames_sabatu(players=2,turn_limit=5)")
    assert limited.game.options.turn_limit == 5
    table = pyspiel.load_game("wargames_sabatu(players=2)")
    assert table.game.options.turn_limit is None, "-1 stands for the table's limit"
    assert table.get_type().parameter_specification["turn_limit"] == -1


@pytest.mark.parametrize(
    ("name", "steps"), [("sabatu", 10), ("saw", 400)], ids=["sabatu roll", "saw turn"]
)
def test_chance_drawn_draw_by_draw_is_a_chain_of_uniform_nodes_that_apply_resolves(
    name: str, steps: int
) -> None:
    """Sabatu's first roll and SAW's first turn with attacks, each die a chance node: the
    chain's end is the kernel's ``apply`` with the draws chosen forced into the stream."""
    spiel = pyspiel.load_game(f"wargames_{name}(seed=3,turn_based=true)")
    assert spiel.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = chance_node(spiel, steps)
    wargame, (action,) = spiel.game, state._pending
    before, draws, rng = state.position, (), random.Random(1)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [p for _, p in outcomes] == [1 / len(outcomes)] * len(outcomes)
        assert 2 <= len(outcomes) <= spiel.max_chance_outcomes()
        pick = rng.choice(state.legal_actions())
        draws = (*state._drawn.draws, pick)
        state.apply_action(pick)
    made = state.position.rng.counter - before.rng.counter
    draws += (0,) * (made - len(draws))  # draws of one result, after the last chosen
    assert state.position == wargame.apply(
        before.with_changes(rng=before.rng.with_forced(*draws)), action
    )


GAME_STRINGS = {
    "gridscifi": "wargames_gridscifi(turns=2,scenario=skirmish,sampled_chance=true)",
    "sabatu": "wargames_sabatu(variant=1,players=3,turn_limit=3,action_limit=100,ship_fee=5)",
    "sabot": "wargames_sabot(map=hills,build_points=60,max_turns=3,action_limit=500,decoys=1)",
    "sabotage": "wargames_sabotage(variant=SR,quiet_turn_limit=7,moves_per_turn=3)",
    "saw": "wargames_saw(players=3,turn_limit=5,weapons=2,variable_traits=true,turn_based=true)",
}
"""A game string per game that sets options away from their defaults."""

NOT_PARAMETERS = {
    "gridscifi": {"armies"},
    "sabotage": {"army", "volcanoes", "beliefs"},
    "saw": {"armies", "range_table"},
}
"""The options that are lists or tables (OpenSpiel's parameters are scalars): docs/rl.md names
them."""


@pytest.mark.parametrize("name", learnable())
def test_a_game_string_sets_options_and_round_trips(name: str) -> None:
    spiel = pyspiel.load_game(GAME_STRINGS[name])
    chosen = {k: v for k, v in spiel.get_parameters().items() if k not in ("seed", "variant")}
    options = spiel.game.options
    for key, value in chosen.items():
        if key not in ("turn_based", "sampled_chance"):
            assert getattr(options, key) == value, key
    assert len(chosen) >= 2, "a game's parameters keep what differs from the defaults"
    again = pyspiel.load_game(str(spiel))
    assert again.get_parameters() == spiel.get_parameters()
    assert (again.game.variant, again.game.options) == (spiel.game.variant, options)
    assert spiel.max_game_length() == spiel.game.max_game_length


def test_a_numbered_variant_is_a_number_in_a_game_string() -> None:
    assert pyspiel.load_game("wargames_sabatu(variant=2)").game.variant == "2"
    assert pyspiel.load_game("wargames_sabatu").game.variant == ""
    assert pyspiel.load_game("wargames_sabatu(variant=0)").get_parameters()["variant"] == 0


@pytest.mark.parametrize("name", learnable())
def test_every_option_but_the_lists_is_a_parameter(name: str) -> None:
    spiel = pyspiel.load_game(open_spiel.short_name(name))
    options = set(attrs.fields_dict(type(spiel.game.options)))
    left_out = options - set(spiel.get_type().parameter_specification)
    assert left_out == NOT_PARAMETERS.get(name, set())
