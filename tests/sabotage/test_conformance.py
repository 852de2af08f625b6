"""The kernel's conformance suite on every variant, from a random deployment and from set-up."""

import pytest
from hypothesis import settings

from wargames.testing import check_rules, rules_machine

from .helpers import variant

CODES = ["SG", "SM", "SR", "SO", "SN", "SC"]


@pytest.mark.parametrize("code", CODES)
def test_variant_conforms(code: str) -> None:
    check_rules(variant(code), max_examples=5, max_steps=80)


@pytest.mark.parametrize("code", ["SM", "SC"])
def test_variant_conforms_through_setup(code: str) -> None:
    check_rules(variant(code), max_examples=4, max_steps=140, setup={"deploy": False})


TestMiniRules = rules_machine(variant("SN")).TestCase
TestMiniRules.settings = settings(max_examples=6, stateful_step_count=25, deadline=None)
