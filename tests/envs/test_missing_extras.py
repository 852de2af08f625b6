"""Without its extra, an adapter says which extra to install."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    ("module", "missing", "extra"),
    [
        ("wargames.envs.pettingzoo", "pettingzoo", "rl"),
        ("wargames.envs.gymnasium", "gymnasium", "rl"),
        ("wargames.envs.open_spiel", "pyspiel", "openspiel"),
    ],
)
def test_a_missing_library_names_the_extra(module: str, missing: str, extra: str) -> None:
    code = f"import sys; sys.modules[{missing!r}] = None; import {module}"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.returncode != 0
    assert f'pip install "tabletop-wargames[{extra}]"' in run.stderr
