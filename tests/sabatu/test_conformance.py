"""The kernel's conformance suite for 2, 4, 6 and 8 players and for each Variation (a few
drawn games each, long enough to reach battles, trades and cards)."""

import pytest

import wargames
from wargames.testing import check_rules


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_conforms(players: int) -> None:
    # Three games at the ladder's two players, two at more (each a quarter minute of the
    # suite's budget on two cores).
    examples = 3 if players == 2 else 2
    check_rules(wargames.load("sabatu", players=players), max_examples=examples, max_steps=150)


@pytest.mark.parametrize("variant", ["1", "2", "3"])
def test_variants_conform(variant: str) -> None:
    check_rules(wargames.load("sabatu", variant=variant, players=3), max_examples=2, max_steps=150)


def test_the_other_ship_fee_conforms() -> None:
    check_rules(wargames.load("sabatu", players=2, ship_fee=5), max_examples=2, max_steps=60)
