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
def test_doc_example_runs(page: str, index: int, code: str) -> None:
    exec(compile(code, f"docs/{page} block {index}", "exec"), {"__name__": "docs"})
