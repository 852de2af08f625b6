"""An attack's explicit chance (``AttackDice.chance``): each result with the draws that roll
it, the damage dice drawn only after a hit (as ``rolls`` rolls them)."""

from __future__ import annotations

import pytest

from wargames.core.rng import Rng
from wargames.saw.odds import AttackDice


@pytest.mark.parametrize("terms", [(5, 4, 4, 4), (2, 9, 6, 3), (12, 3, 1, 8)])
def test_each_result_is_rolled_by_its_draws_with_the_exact_odds(
    terms: tuple[int, int, int, int],
) -> None:
    attack = AttackDice(*terms)
    found = attack.chance()
    assert found.odds == attack.distribution()
    for points, draws in found.draws.items():
        rolled, after = attack.rolls(Rng.from_seed(0).with_forced(*draws))
        assert rolled.hit_points == points
        assert not after.forced
        assert after.counter == len(draws)
        assert (rolled.to_wound is None) == (len(draws) == 4), "a miss draws no damage dice"
