"""The examples in the package's docstrings (and the kernel's bags and decks) run."""

import doctest
import importlib
import pkgutil

import pytest

import wargames.core.draws
import wargames.sabatu

MODULES = [
    importlib.import_module(f"wargames.sabatu.{info.name}")
    for info in pkgutil.iter_modules(wargames.sabatu.__path__)
]


@pytest.mark.parametrize(
    "module", [wargames.sabatu, wargames.core.draws, *MODULES], ids=lambda m: m.__name__
)
def test_docstring_examples(module: object) -> None:
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert failed == 0
