"""The distribution is ``tabletop-wargames``: every install hint names it and a real extra."""

import re
import sys
import tomllib
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
