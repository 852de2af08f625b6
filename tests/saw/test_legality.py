"""The checker and the generator agree (``apply`` decides one action with the rules'
predicates, ``legal_actions`` generates with the same ones): an action is legal exactly when
``illegal_reason`` finds nothing against it, over the whole action space and near misses
outside it, in every phase and under every advanced rule."""

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.saw import Attack, Saw, SawAction, SawState, Step
from wargames.testing import check_legality, states

GAMES: dict[str, tuple[Saw, dict[str, Any]]] = {
    "basic": (Saw(), {}),
    "four players": (Saw(players=4, army="skirmish"), {}),
    "every rule, designed by hand": (
        Saw(
            players=3,
            army="gunships",
            weapons=2,
            weapon_cap=6,
            coordination=True,
            variable_traits=True,
            attacks=3,
            map="ruins",
        ),
        {"design": "manual"},
    ),
    "terrain, hold": (Saw(army="patrol", map="ruins", collisions="hold"), {}),
}


def near_misses(game: Saw, player: str) -> list[SawAction]:
    """Actions outside the action space that only just miss it: a seventh direction, an
    attack on an own unit, a weapon too many."""
    misses: list[SawAction] = []
    for unit, owner in zip(game.ids, game.owners, strict=True):
        if owner == player:
            weapons = max(game.weapons)
            misses += [
                Step(player, unit, 6),
                Step(player, unit, -1),
                Attack(player, unit, unit),
                *(Attack(player, unit, target, weapons + 1) for target in game.ids),
            ]
    return misses


def assert_agree(game: Saw, state: SawState) -> None:
    """Every action of the action space and every near miss (:func:`check_legality`); no
    action for a player who is not to act."""
    for player in set(game.players) - game.to_act(state):
        assert game.legal_actions(state, player) == ()
    check_legality(game, state, [m for p in game.players for m in near_misses(game, p)])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_checker_and_generator_agree(name: str) -> None:
    game, setup = GAMES[name]

    @settings(max_examples=12, deadline=None)
    @given(states(game, max_steps=150, setup=setup))
    def check(state: SawState) -> None:
        assert_agree(game, state)

    check()


@given(st.integers(0, 10_000))
@settings(max_examples=3, deadline=None)
def test_agree_at_every_state_of_a_game(seed: int) -> None:
    game, setup = GAMES["every rule, designed by hand"]
    state = game.start(seed, **setup)
    rng = random.Random(seed)
    for _ in range(300):
        if game.outcome(state) is not None:
            break
        assert_agree(game, state)
        player = rng.choice(sorted(game.to_act(state)))
        state = game.apply(state, rng.choice(game.legal_actions(state, player)))
