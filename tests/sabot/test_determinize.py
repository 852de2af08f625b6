"""Determinisation (``sample_state``): hidden counters, decoys and shots markers resampled
consistently with what the player has seen, as whole platoons within the build points."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.hidden import sample_assignment
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


@settings(max_examples=40, deadline=None)
@given(
    needs=st.lists(
        st.frozensets(st.sampled_from(sorted(GAME.table.types)), min_size=1, max_size=4),
        max_size=5,
    ),
    seed=st.integers(0, 2**16),
)
def test_a_platoon_mix_holds_a_unit_of_each_need_apart(
    needs: list[frozenset[str]], seed: int
) -> None:
    """Each need (what one concealed counter may be) gets a unit of its own in the mix: the
    counters can all be given a type of the mix at once (the army a carrier and its squad
    need, issue 31)."""
    table = GAME.table
    mix = platoon_mix(table, 16, 200, Counter({"WSC": 1}), random.Random(seed), needs)
    if mix is None:
        return
    units = Counter(s for name in mix.elements() for s in table.platoons[name].units)
    assert sum(units.values()) == 16
    assert sum(table.platoons[n].cost for n in mix.elements()) <= 200
    units["WSC"] -= 1
    sample_assignment(needs, dict(+units), random.Random(seed))  # raises if none fits


def test_a_carrier_and_its_squad_are_in_nearly_every_mix_drawn() -> None:
    """A counter that can be an HPC or an ICV and one that can be INF, HVY or ABN: the mixes
    drawn for them almost always have room for both (drawn blind, 16 units for 200 points
    held a SOLDIERS platoon and a carrier platoon about one time in 25)."""
    table = GAME.table
    rng = random.Random(5)
    needs = [frozenset({"HPC", "ICV"}), frozenset({"INF", "HVY", "ABN"})]
    mixes = [
        platoon_mix(table, 16, 200, Counter({"WSC": 2, "MSL": 1}), rng, needs) for _ in range(50)
    ]
    fitting = [m for m in mixes if m is not None]
    assert len(fitting) >= 45
    for mix in fitting:
        assert mix["SOLDIERS"] >= 1
        assert mix["HPC"] + mix["ICV"] >= 1
