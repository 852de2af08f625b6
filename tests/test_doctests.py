"""The examples in every module's docstrings run (kernel, games, bots, tools)."""

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import wargames

MODULES: list[ModuleType] = [wargames] + [
    importlib.import_module(info.name)
    for info in pkgutil.walk_packages(wargames.__path__, "wargames.")
]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
