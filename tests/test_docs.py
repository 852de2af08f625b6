"""Every ```python block in docs/ runs, so the guides cannot rot (```py blocks are sketches)."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
BLOCKS = [
    (page.name, index, code)
    for page in sorted(DOCS.glob("*.md"))
    for index, code in enumerate(
        re.findall(r"```python\n(.*?)```", page.read_text("utf-8"), flags=re.DOTALL)
    )
]


def test_the_guides_have_examples() -> None:
    assert {page for page, _, _ in BLOCKS} >= {"kernel.md", "variants.md", "testing.md"}


@pytest.mark.parametrize(("page", "index", "code"), BLOCKS, ids=[f"{p}-{i}" for p, i, _ in BLOCKS])
def test_doc_example_runs(
    page: str, index: int, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # what an example writes (saved games) stays out of the tree
    exec(compile(code, f"docs/{page} block {index}", "exec"), {"__name__": "docs"})


ROOT = DOCS.parent
PACKAGE = ROOT / "src" / "wargames"
NAV = re.findall(r": (\S+\.md)$", (ROOT / "mkdocs.yml").read_text("utf-8"), flags=re.MULTILINE)


def _public_modules() -> list[str]:
    """wargames, its subpackages and top-level modules (not the CLI), and every module of
    wargames.core and wargames.envs."""
    modules = ["wargames"]
    modules += [f"wargames.{p.parent.name}" for p in sorted(PACKAGE.glob("*/__init__.py"))]
    modules += [f"wargames.{p.stem}" for p in sorted(PACKAGE.glob("*.py"))]
    for package in ("core", "envs"):
        modules += [f"wargames.{package}.{p.stem}" for p in sorted(PACKAGE.glob(f"{package}/*.py"))]
    return [m for m in modules if not m.endswith((".__init__", ".cli"))]


def test_every_public_module_has_a_reference_page_in_the_site() -> None:
    directives = {
        line.removeprefix("::: ").strip(): page.relative_to(DOCS).as_posix()
        for page in DOCS.glob("reference/**/*.md")
        for line in page.read_text("utf-8").splitlines()
        if line.startswith("::: ")
    }
    assert "wargames.core.registry" in _public_modules()
    for module in _public_modules():
        assert module in directives, f"no docs/reference page shows {module}"
        assert directives[module] in NAV, f"{directives[module]} is not in mkdocs.yml's nav"


def test_every_guide_is_a_page_of_the_site() -> None:
    assert NAV[0] == "index.md"
    assert {page.name for page in DOCS.glob("*.md")} == {p for p in NAV if "/" not in p}
