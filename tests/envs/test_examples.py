"""The adapters' examples run, at a budget small enough for CI."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy
import pytest

EXAMPLES = Path(__file__).parents[2] / "examples"


def example(name: str) -> ModuleType:
    """The module of ``examples/<name>.py``."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["gridscifi", "sabatu", "sabot", "sabotage", "saw"])
def test_ismcts_plays_a_whole_game(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    played = example("openspiel_ismcts_every_game").main(["--games", name])
    moves, returns = played[name]
    assert moves > 0
    assert returns is not None
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    assert f"{name}: {moves} moves" in capsys.readouterr().out


def test_ismcts_stops_after_the_moves_asked_for() -> None:
    played = example("openspiel_ismcts_every_game").main(["--games", "sabatu", "--moves", "3"])
    assert played["sabatu"] == (3, None)


def test_reinforce_runs_at_a_tiny_budget() -> None:
    rates = example("gymnasium_reinforce").main([])
    assert len(rates) == 3
    assert all(0.0 <= rate <= 1.0 for rate in rates)


def test_reinforce_moves_probability_towards_the_won_games_choices() -> None:
    module = example("gymnasium_reinforce")
    policy = module.Policy(4, numpy.random.default_rng(0))
    mask = numpy.array([True, True, True, False])
    won, lost = [(mask, 0)], [(mask, 1)]
    before = policy.probabilities(mask)
    policy.learn([(won, 1.0), (lost, -1.0)], rate=1.0)
    after = policy.probabilities(mask)
    assert after[0] > before[0]
    assert after[1] < before[1]
    assert after[3] == 0.0, "an illegal action stays impossible"
