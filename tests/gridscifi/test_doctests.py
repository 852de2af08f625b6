"""The examples in the package's docstrings run."""

import doctest
import importlib
import pkgutil

import pytest

import wargames.gridscifi

MODULES = [
    importlib.import_module(f"wargames.gridscifi.{info.name}")
    for info in pkgutil.iter_modules(wargames.gridscifi.__path__)
]


@pytest.mark.parametrize("module", [wargames.gridscifi, *MODULES], ids=lambda m: m.__name__)
def test_docstring_examples(module: object) -> None:
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert failed == 0
