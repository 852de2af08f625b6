"""SABOT for learning agents: counter slots, the action space and the vector's layout."""

from __future__ import annotations

import pytest

from wargames.sabot import Sabot
from wargames.sabot.learning import counter_features, most_counters
from wargames.sabot.state import Buy, Fire, Select


def test_the_slots_hold_every_counter_the_build_points_and_purchases_can_make() -> None:
    game = Sabot(build_points=60, decoys=2)
    assert most_counters(game) == 2 * (60 * 4 // 30 + 2), "30-point platoons of 4, 2 decoys"
    reinforced = Sabot(build_points=60, decoys=2, reinforcements=30, max_turns=3)
    assert most_counters(reinforced) == most_counters(game) + 2 * 4 * 3
    for seed in range(5):
        assert len(game.start(seed).units) <= most_counters(game)


def test_without_a_turn_limit_reinforcements_have_no_bound() -> None:
    with pytest.raises(NotImplementedError, match="max_turns"):
        _ = Sabot(reinforcements=30, max_turns=None).num_distinct_actions


def test_every_slot_may_select_and_fire_every_weapon_at_every_slot() -> None:
    game = Sabot(build_points=30, decoys=0)
    actions = list(game.every_action("blue"))
    slots = most_counters(game)
    assert sum(isinstance(a, Select) for a in actions) == slots
    weapons = {a.weapon for a in actions if isinstance(a, Fire)}
    assert weapons == {"gun", "artillery", "gp", "at", "laser"}
    assert sum(isinstance(a, Fire) for a in actions) == slots * len(weapons) * slots
    assert {a.platoon for a in actions if isinstance(a, Buy)} == set(game.table.platoons)


def test_the_vector_hides_a_concealed_counters_kind_and_the_enemys_shots() -> None:
    game = Sabot()
    state = game.start(2)
    width = counter_features(game)
    kinds = len(game.table.types) + 1
    unit = next(u for u in state.units if u.owner == "yellow" and not u.revealed and u.ammo)
    own = game.observation_tensor(state, "yellow")[unit.id * width : (unit.id + 1) * width]
    seen = game.observation_tensor(state, "blue")[unit.id * width : (unit.id + 1) * width]
    assert own[2] == 1, "its owner knows its kind"
    assert own[3 : 3 + kinds].sum() == 1
    assert seen[2] == 0, "its kind is concealed"
    assert not seen[3 : 3 + kinds].any()
    assert own[25 + kinds] > 0, "its owner sees its shots marker"
    assert seen[25 + kinds] == 0, "the enemy does not"
    assert seen[0] == own[0] == 1
    assert (seen[1], own[1]) == (0, 1), "the counter is yellow's"
