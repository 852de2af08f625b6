"""The guide's example game (examples/ambush, docs/new-game.md) installs with pip and passes
its own tests, check_rules included, found through its real ``wargames.games`` entry point."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ambush"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The example's source tree and the environment of a Python whose path holds the
    example, installed by pip (as tests/core/test_plugin_install.py installs its plugin)."""
    work = tmp_path_factory.mktemp("example")
    source = shutil.copytree(EXAMPLE, work / "source")
    site = work / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", site, source],
        check=True,
        capture_output=True,
    )
    assert (site / "wargames_ambush-0.1.dist-info" / "entry_points.txt").is_file()
    path = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
    return source, {**os.environ, "PYTHONPATH": path}


def test_the_example_game_passes_its_own_tests(installed: tuple[Path, dict[str, str]]) -> None:
    source, env = installed
    (source / "ambush.py").unlink()  # the tests must use the installed package
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            "test_ambush.py",
        ],
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "6 passed" in run.stdout
