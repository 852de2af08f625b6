"""Changed copies of frozen attrs values, for the hot paths of ``apply``.

:func:`replace` does what :func:`attrs.evolve` does (the class's ``__init__`` runs, validators
and converters included) without walking the class's fields on every call: it calls a
function written once per class that passes each field on unless it is changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["replace"]

T = TypeVar("T")

_REPLACERS: dict[type, Callable[..., Any]] = {}
_KEEP = object()


def replace(value: T, /, **changes: Any) -> T:
    """A copy of the frozen attrs ``value`` with ``changes`` (like :func:`attrs.evolve`).

    :raises TypeError: for a name that is not an argument of the class's ``__init__``.
    """
    cls = type(value)
    replacer = _REPLACERS.get(cls)
    if replacer is None:
        replacer = _REPLACERS[cls] = _replacer(cls)
    return replacer(value, **changes)  # type: ignore[no-any-return]


def _replacer(cls: type) -> Callable[..., Any]:
    """``replace`` for ``cls``: each ``__init__`` argument defaults to a marker meaning
    "as it was" (the function's own names start with ``__``, which no alias does)."""
    fields = [a for a in attrs.fields(cls) if a.init]
    parameters = "".join(f", {a.alias}=__keep" for a in fields)
    arguments = ", ".join(
        f"{a.alias}=__value.{a.name} if {a.alias} is __keep else {a.alias}" for a in fields
    )
    namespace: dict[str, Any] = {"__cls": cls, "__keep": _KEEP, "__unknown": _unknown}
    exec(
        f"def replace(__value, *{parameters}, **__others):\n"
        f"    if __others:\n"
        f"        __unknown(__cls, __others)\n"
        f"    return __cls({arguments})\n",
        namespace,
    )
    return namespace["replace"]  # type: ignore[no-any-return]


def _unknown(cls: type, names: dict[str, Any]) -> None:
    raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(names))}")
