"""Determinisation (``sample_state``): hidden counters, decoys and shots markers resampled
consistently with what the player has seen, as whole platoons within the build points."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.sabot import Sabot, SabotState, UnitTable
from wargames.sabot.determinize import platoon_mix
from wargames.testing import states

GAME = Sabot(build_points=150, reinforcements=40)


def whole_platoons(table: UnitTable, kinds: Counter[str], budget: int) -> bool:
    """Whether ``kinds`` splits into whole platoons costing at most ``budget``."""
    if not +kinds:
        return True
    symbol = min(+kinds)
    for platoon in table.platoons.values():
        need = Counter(platoon.units)
        fits = symbol in need and platoon.cost <= budget and not need - kinds
        if fits and whole_platoons(table, kinds - need, budget - platoon.cost):
            return True
    return False


def armies_are_legal(game: Sabot, state: SabotState) -> bool:
    options = game.options
    for player in game.players:
        for turn in {u.arrived for u in state.units if u.owner == player}:
            batch = [u for u in state.units if u.owner == player and u.arrived == turn]
            kinds = Counter(u.kind for u in batch if u.kind != "DECOY")
            decoys = sum(u.kind == "DECOY" for u in batch)
            budget = options.reinforcements if turn else options.build_points
            if decoys != (0 if turn else options.decoys):
                return False
            if not whole_platoons(game.table, kinds, budget):
                return False
    return True


@settings(max_examples=15)
@given(
    states(GAME, max_steps=120, setup={"deploy": False}) | states(GAME, max_steps=120),
    st.sampled_from(GAME.players),
    st.randoms(use_true_random=False),
)
def test_a_sample_has_the_same_view_and_a_legal_army(
    state: SabotState, player: str, rng: random.Random
) -> None:
    assert armies_are_legal(GAME, state)  # the real game keeps to its own rules
    other = GAME.sample_state(state, player, rng)
    assert GAME.view(other, player) == GAME.view(state, player)
    assert armies_are_legal(GAME, other)
    enemy = GAME.opponent(player)
    for unit, real in zip(other.units, state.units, strict=True):
        if unit.owner == enemy and unit.kind != "DECOY" and not real.revealed:
            kind = GAME.table[unit.kind]
            assert unit.ammo == max(0, kind.limited_shots - unit.spent)
            if unit.hex < 0 and unit.carrier >= 0:
                assert kind.soldier  # a squad aboard a carrier
        if unit.kind == "DECOY":
            assert not unit.has_moved
            assert not unit.used


def test_platoon_mixes_have_the_size_the_budget_and_what_was_seen() -> None:
    table = GAME.table
    rng = random.Random(4)
    for _ in range(50):
        mix = platoon_mix(table, 12, 150, Counter({"ABN": 2, "MBT": 1}), rng)
        if mix is None:
            continue
        units = Counter(s for name in mix.elements() for s in table.platoons[name].units)
        assert sum(units.values()) == 12
        assert sum(table.platoons[n].cost for n in mix.elements()) <= 150
        assert units["ABN"] >= 2
        assert units["MBT"] >= 1
    assert platoon_mix(table, 4, 10, Counter(), rng) is None  # nothing costs 10 or less
