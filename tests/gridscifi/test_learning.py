"""Grid SciFi for learning agents: the action space and the observation vector's layout."""

from __future__ import annotations

import attrs

from wargames.gridscifi import GridSciFi, Status
from wargames.gridscifi.learning import unit_features
from wargames.gridscifi.state import Activate, Activation, Deploy, Reroll, Target


def test_each_player_activates_only_their_own_units_and_targets_the_enemys() -> None:
    game = GridSciFi()
    state = game.start(1)
    for player in game.players:
        actions = list(game.every_action(player))
        own = {u.id for u in state.units if u.owner == player}
        assert {a.unit for a in actions if isinstance(a, Activate)} == own
        assert {a.unit for a in actions if isinstance(a, Target)} == {
            u.id for u in state.units if u.owner != player
        }
        assert sum(isinstance(a, Deploy) for a in actions) == len(game.field.board)


def test_every_reroll_of_up_to_three_dice_is_an_action() -> None:
    rerolls = [a for a in GridSciFi().every_action("blue") if isinstance(a, Reroll)]
    assert len(rerolls) == 6 + 21 + 56, "multisets of 1, 2 and 3 faces"
    assert all(list(a.faces) == sorted(a.faces) for a in rerolls)


def test_the_vector_shows_a_reserve_units_profile_to_its_owner_only() -> None:
    game = GridSciFi(scenario="skirmish")
    state = next(
        s for s in map(game.start, range(50)) if any(u.status is Status.RESERVE for u in s.units)
    )
    unit = next(u for u in state.units if u.status is Status.RESERVE)
    width = unit_features(game)
    enemy = next(p for p in game.players if p != unit.owner)
    own = game.observation_tensor(state, unit.owner)[unit.id * width : (unit.id + 1) * width]
    seen = game.observation_tensor(state, enemy)[unit.id * width : (unit.id + 1) * width]
    assert own[14] == 1, "the owner knows which unit it is"
    assert own[15:].sum() == 1, "the owner sees its profile"
    assert seen[14] == 0, "the enemy does not know which unit it is"
    assert not seen[15:].any(), "nor sees its profile"
    assert seen[2] == 1 == own[2], "both see that it is in reserve"


def test_the_vector_shows_whether_terrain_has_ended_the_units_movement() -> None:
    """The player must be able to tell a unit that may still move from one that entered or
    left terrain this turn ("Movement"), though both have the same dice left."""
    game = GridSciFi(scenario="brawl")
    state = game.start(1)
    unit = next(u.id for u in state.units if u.owner == "blue" and u.on_table)
    free = attrs.evolve(state, activation=Activation(unit, (3,), moved=True))
    halted = attrs.evolve(state, activation=Activation(unit, (3,), moved=True, halted=True))
    difference = game.observation_tensor(halted, "blue") - game.observation_tensor(free, "blue")
    assert difference.sum() == 1
