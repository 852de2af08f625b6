"""The kernel's conformance suite on the basic game and every advanced rule, for 2, 3 and 4
players (kept short: a few drawn games each)."""

from typing import Any

import pytest

from wargames.saw import Saw
from wargames.testing import check_rules

RULES: dict[str, dict[str, Any]] = {
    "basic": {},
    "multiple attacks": {"army": "gunships", "weapons": 2, "weapon_cap": 6},
    "coordinated attacks": {"army": "patrol", "coordination": True},
    "variable traits": {"army": "patrol", "variable_traits": True, "attacks": 2},
    "terrain": {"army": "patrol", "map": "ruins"},
}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rule", sorted(RULES))
def test_conforms(rule: str, players: int) -> None:
    # Four players' games are the dearest to check: two of them, three of the others.
    examples = 2 if players == 4 else 3
    check_rules(Saw(players=players, **RULES[rule]), max_examples=examples, max_steps=60)


def test_everything_at_once_through_the_design_phase() -> None:
    game = Saw(
        players=3,
        army="lone",
        weapons=2,
        weapon_cap=8,
        coordination=True,
        variable_traits=True,
        attacks=3,
        map="ruins",
        collisions="hold",
    )
    check_rules(game, max_examples=3, max_steps=80, setup={"design": "manual"})


def test_short_games_to_the_end() -> None:
    """Tiny armies, so that drawn games reach destruction and the outcome."""
    game = Saw(armies={"blue": [["Speck", 3]], "red": [["Mite", 3]], "green": [["Dot", 2]]})
    check_rules(game, max_examples=4, max_steps=120)
