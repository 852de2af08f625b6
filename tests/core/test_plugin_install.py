"""A plugin installed by pip (tests/plugin_pkg), found through its real ``wargames.games``
entry point: its variants are its own, not those of the built-in game it subclasses."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PLUGIN = Path(__file__).resolve().parents[1] / "plugin_pkg"

PROBE = """
import json

import wargames
from wargames.core.registry import games, variants

game_cls = games()["cautious-sabotage"]
found = {
    "module": game_cls.__module__,
    "variants": {code: cls.__name__ for code, cls in variants(game_cls).items()},
    "plain": type(wargames.load("cautious-sabotage")).__name__,
    "SM": type(wargames.load("cautious-sabotage", variant="sm")).__name__,
    "no_return_turns": wargames.load("cautious-sabotage", variant="SM").no_return_turns,
}
try:
    wargames.load("cautious-sabotage", variant="SG")
except wargames.UnknownOption as error:
    found["SG"] = str(error)
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a Python whose path holds the plugin, installed by pip."""
    work = tmp_path_factory.mktemp("plugin")
    source = shutil.copytree(PLUGIN, work / "source")  # pip builds in the tree it is given
    site = work / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", site, source],
        check=True,
        capture_output=True,
    )
    assert (site / "cautious_sabotage-0.1.dist-info" / "entry_points.txt").is_file()
    path = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, "COLUMNS": "200"}


def _run(env: dict[str, str], *args: str) -> str:
    run = subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, text=True, check=True
    )
    return run.stdout


def test_an_installed_plugin_offers_only_its_own_variants(plugin_env: dict[str, str]) -> None:
    found = json.loads(_run(plugin_env, "-c", PROBE))
    assert found["module"] == "cautious_sabotage"
    assert found["variants"] == {"SM": "CautiousSabotage"}
    assert found["plain"] == found["SM"] == "CautiousSabotage"
    assert found["no_return_turns"] == 2, "the plugin's rule is kept"
    assert found["SG"] == "cautious-sabotage has no variant 'SG'; its variants: SM"


def test_wargames_games_lists_the_plugin_with_its_own_variants(
    plugin_env: dict[str, str],
) -> None:
    rows = _run(plugin_env, "-m", "wargames.cli", "games").splitlines()
    plugin_row = next(row for row in rows if "cautious-sabotage" in row)
    sabotage_row = next(row for row in rows if "│ sabotage " in row)
    assert "SM" in plugin_row
    assert not {"SG", "SR", "SO", "SN", "SC"} & set(plugin_row.replace(",", " ").split())
    assert "SG, SM, SR, SO, SN, SC" in sabotage_row
