"""docs/gridscifi.md's rule table names, for every rule sentence of the text, the test that
fails if the rule is wrong: each test it names must exist."""

import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAGE = HERE.parents[1] / "docs" / "gridscifi.md"


def _tests(module: Path) -> set[str]:
    tree = ast.parse(module.read_text("utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_every_test_the_rule_table_names_exists() -> None:
    cited = re.findall(r"`(test_\w+\.py)::(test_\w+)`", PAGE.read_text("utf-8"))
    assert len(cited) > 100, "the table names a test for every rule"
    missing = [f"{module}::{name}" for module, name in cited if name not in _tests(HERE / module)]
    assert not missing
