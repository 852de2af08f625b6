"""A small slice of the soak (``python -m benchmarks.soak``): one seed of every game and
variant for every pair of built-in bots at tiny budgets, and random playouts over swept
options, finding nothing; and proof that each of its checks finds what it looks for."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import attrs
import pytest
from benchmarks.soak import Soak, bot_jobs, configurations, option_jobs, sample_options, soak

from wargames.core import registry
from wargames.core.errors import NoPast
from wargames.core.registry import games
from wargames.core.rng import Seed
from wargames.sabotage.state import SabotageAction, SabotageState
from wargames.sabotage.variants import MiniSabotage
from wargames.simulate import Job

BOTS = ("random", "greedy:1", "mcts:2")


def test_a_slice_of_the_soak_finds_nothing() -> None:
    found = Soak()
    jobs = bot_jobs(1, BOTS, max_actions=12)
    assert len(jobs) == len(configurations()) * len(BOTS) ** 2
    assert {(j.game, j.variant) for j in jobs} >= {("sabotage", "SC"), ("sabot", None)}
    soak(jobs, found)
    sweep = option_jobs(2, 30, 0, found)
    soak(sweep, found)
    assert found.games == len(jobs) + len(sweep)
    assert found.actions > 12 * len(jobs) // 2, "the games were played"
    assert found.counts() == dict.fromkeys(found.counts(), 0), found.counts()


def test_options_are_drawn_within_their_declared_bounds_edges_included() -> None:
    rng = random.Random(0)
    for cls in games().values():
        drawn = [sample_options(cls, rng) for _ in range(60)]
        for options in drawn:
            cls.Options(**options)  # each value passes its option's own check
        assert any(drawn), f"{cls.__name__}: some options differ from the defaults"
    sabatu = [sample_options(games()["sabatu"], rng).get("players") for _ in range(200)]
    assert {2, 8} <= set(sabatu), "a number's two edges are drawn"
    maps = {sample_options(games()["sabot"], rng).get("map") for _ in range(300)}
    assert "open:2x2" in maps, "a game's own examples of an option are drawn (SABOT's tiny maps)"


class Stuck(MiniSabotage):
    """Red never has a legal action."""

    def legal_actions(self, state: SabotageState, player: str) -> tuple[SabotageAction, ...]:
        return () if player == "red" else super().legal_actions(state, player)


class Broken(MiniSabotage):
    """Every state where red is to act breaks an invariant."""

    def violations(self, state: SabotageState) -> Iterable[str]:
        yield from super().violations(state)
        if "red" in self.to_act(state):
            yield "red may not act"


class Faulty(MiniSabotage):
    """Seed 1 finds no past; seed 2 meets a bug."""

    def start(self, seed: Seed | None = None, **setup: Any) -> SabotageState:
        if seed == 1:
            raise NoPast("no past shows this")
        if seed == 2:
            raise KeyError("a bug")
        return super().start(seed, **setup)


@pytest.fixture
def faulty_games(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.available()
    faulty = {"stuck": Stuck, "broken": Broken, "faulty": Faulty}
    monkeypatch.setattr(registry, "_games", {**registry._games, **faulty})


@pytest.mark.usefixtures("faulty_games")
def test_each_check_finds_what_it_looks_for() -> None:
    job = Job("stuck", None, {}, ("random", "random"), 0, 50)
    jobs = [job, attrs.evolve(job, game="broken"), attrs.evolve(job, game="broken", seed=1)]
    jobs += [attrs.evolve(job, game="faulty", seed=seed) for seed in (0, 1, 2, 3)]
    found = soak(jobs)
    assert found.counts() == {
        "exceptions": 1,
        "NoPast": 1,
        "stuck states": 1,
        "invariant violations": 2,
    }
    assert found.stuck["stuck: no legal action"].detail == "red, after 2"
    assert found.violations["broken"].detail == "after 2 actions: red may not act"
    assert found.violations["broken"].count == 2
    assert found.violations["broken"].job.seed == 0, "the first game that showed it"
    assert found.nopast["faulty"].job.seed == 1
    (name, finding), *_ = found.exceptions.items()
    assert name == "KeyError in faulty"
    assert finding.job.seed == 2
    assert found.finished == 0, "faulty's seeds 0 and 3 ran to the action cap"
    assert found.games == len(jobs)
