"""The kernel's conformance suite on both default maps with random armies, with the set-up
played as actions and with reinforcements."""

from typing import Any

import pytest

from wargames.sabot import Sabot
from wargames.testing import check_rules


@pytest.mark.parametrize(
    ("options", "setup"),
    [
        ({"map": "crossroads"}, {}),
        ({"map": "hills"}, {}),
        ({"map": "crossroads"}, {"deploy": False}),
        ({"map": "hills", "reinforcements": 40}, {}),
    ],
)
def test_sabot_conforms(options: dict[str, Any], setup: dict[str, Any]) -> None:
    check_rules(Sabot(build_points=120, **options), max_examples=4, max_steps=80, setup=setup)
