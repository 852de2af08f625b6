"""Every built-in game refuses bad input cleanly: junk text, tampered documents and wild
options (wargames.testing.check_inputs), each with a typed error and nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

import wargames
from wargames.testing import check_inputs

SMALL: dict[str, dict[str, Any]] = {
    "sabotage": {"variant": "SM"},
    "sabot": {"build_points": 60, "max_turns": 3},
    "sabatu": {"players": 2},
}


@pytest.mark.parametrize("name", sorted(wargames.available()))
def test_bad_input_is_refused(name: str) -> None:
    options = dict(SMALL.get(name, {}))
    variant = options.pop("variant", None)
    check_inputs(wargames.load(name, variant, **options), max_examples=40, max_steps=20)
