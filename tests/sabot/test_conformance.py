"""The kernel's conformance suite on both default maps with random armies."""

import pytest

from wargames.sabot import Sabot
from wargames.testing import check_rules


@pytest.mark.parametrize("name", ["crossroads", "hills"])
def test_sabot_conforms(name: str) -> None:
    check_rules(Sabot(map=name, build_points=120), max_examples=4, max_steps=60)
