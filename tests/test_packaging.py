"""The distribution is ``tabletop-wargames``: every install hint names it and a real extra."""

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from wargames.simulate import Job, simulate

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
HINT = re.compile(r"pip install [\"']?([A-Za-z][\w.-]*)(?:\[([\w,-]*)\])?")
TEXTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SOURCES = sorted((ROOT / "src").rglob("*.py"))


def _hints() -> list[tuple[str, str, str]]:
    return [
        (path.relative_to(ROOT).as_posix(), match[1], match[2] or "")
        for path in TEXTS + SOURCES
        for match in HINT.finditer(path.read_text("utf-8"))
    ]


def test_the_distribution_name_and_the_extras() -> None:
    assert PROJECT["name"] == "tabletop-wargames"
    extras = PROJECT["optional-dependencies"]
    assert extras["rl"] == ["numpy>=1.26", "gymnasium>=1.0", "pettingzoo>=1.24"]
    assert extras["openspiel"] == ["numpy>=1.26", "open-spiel>=1.5"]
    assert {"testing", "ray"} <= set(extras)


def test_every_install_hint_names_the_distribution_and_a_declared_extra() -> None:
    hints = _hints()
    assert any(where == "README.md" and not extras for where, _, extras in hints)
    declared = set(PROJECT["optional-dependencies"])
    for where, name, extras in hints:
        assert name == "tabletop-wargames", f"{where}: pip install {name}"
        assert set(filter(None, extras.split(","))) <= declared, f"{where}: [{extras}]"


def test_the_ray_backend_without_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    job = Job("sabotage", "SM", {}, ("random", "random"), 0, 10)
    with pytest.raises(RuntimeError, match=re.escape('pip install "tabletop-wargames[ray]"')):
        simulate([job], backend="ray")


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel pip builds from a copy of the project (pip builds in the tree it is given),
    once per test session."""
    work = tmp_path_factory.mktemp("wheel")
    tree = work / "project"
    tree.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, tree / name)
    junk = shutil.ignore_patterns("__pycache__", "*.egg-info")
    shutil.copytree(ROOT / "src", tree / "src", ignore=junk)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", work, tree],
        check=True,
        capture_output=True,
    )
    (built,) = work.glob("*.whl")
    return built


def test_the_wheel_holds_the_licence_the_type_marker_and_the_metadata(wheel: Path) -> None:
    version = PROJECT["version"]
    assert wheel.name == f"tabletop_wargames-{version}-py3-none-any.whl"
    info = f"tabletop_wargames-{version}.dist-info"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        licence = archive.read(f"{info}/licenses/LICENSE").decode()
        metadata = archive.read(f"{info}/METADATA").decode()
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    assert licence == (ROOT / "LICENSE").read_text("utf-8")
    assert "Copyright (c) 2026 the wargames developers" in licence
    assert {"wargames/py.typed", "wargames/sabotage/data/variants.toml"} <= names
    assert not any(name.startswith("tests/") for name in names)
    fields = metadata.split("\n\n")[0].splitlines()
    assert "Name: tabletop-wargames" in fields
    assert "License-Expression: MIT" in fields
    assert "License-File: LICENSE" in fields
    assert "Classifier: Typing :: Typed" in fields
    assert {"Provides-Extra: rl", "Provides-Extra: openspiel"} <= set(fields)
    assert "wargames = wargames.cli:main" in entry_points
    assert "sabotage = wargames.sabotage:Sabotage" in entry_points


def test_wargames_version_prints_the_installed_distribution_version(
    wheel: Path, tmp_path: Path
) -> None:
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tmp_path)  # a pure-Python wheel unpacked is an installed copy
    run = subprocess.run(
        [sys.executable, "-m", "wargames.cli", "--version"],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout == f"wargames {PROJECT['version']}\n"


def test_the_wheel_holds_every_file_of_the_package(wheel: Path) -> None:
    """Modules, tables, the web app's pages, scripts and styles: what the source tree has under
    src/wargames/ is what the wheel installs, so a file the package reads at run time cannot be
    left out of it (`wargames serve` once failed so, with no static/ directory)."""
    source = ROOT / "src"
    files = {
        path.relative_to(source).as_posix()
        for path in (source / "wargames").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    with zipfile.ZipFile(wheel) as archive:
        packaged = {name for name in archive.namelist() if name.startswith("wargames/")}
    assert "wargames/web/static/index.html" in files
    assert sorted(files - packaged) == [], "files the wheel leaves out"
    assert sorted(packaged - files) == [], "files the wheel holds that the tree has not"
