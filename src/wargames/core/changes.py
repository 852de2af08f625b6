"""Changed copies of frozen attrs values, for the hot paths of ``apply``.

:func:`replace` does what :func:`attrs.evolve` does (the class's ``__init__`` runs, validators
and converters included) without walking the class's fields on every call: it calls a
function written once per class and set of changed names, which passes each other field on
(positionally where the ``__init__`` allows it, the cheapest call Python has).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["replace"]

T = TypeVar("T")

_REPLACERS: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}
"""A replacer per class and changed names (as a call site spells them: a few per site)."""


def replace(value: T, /, **changes: Any) -> T:
    """A copy of the frozen attrs ``value`` with ``changes`` (like :func:`attrs.evolve`).

    :raises TypeError: for a name that is not an argument of the class's ``__init__``.
    """
    key = (type(value), tuple(changes))
    replacer = _REPLACERS.get(key)
    if replacer is None:
        replacer = _replacer(*key)
        _REPLACERS[key] = replacer
    return replacer(value, **changes)  # type: ignore[no-any-return]


def _replacer(cls: type, changed: tuple[str, ...]) -> Callable[..., Any]:
    """``replace`` for ``cls`` and the ``changed`` argument names: each other ``__init__``
    argument is read from the value (the function's own names start with ``__``, which no
    alias does).

    :raises TypeError: naming the names that are not ``__init__`` arguments.
    """
    fields = [a for a in attrs.fields(cls) if a.init]
    unknown = sorted(set(changed) - {a.alias for a in fields})
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(unknown)}")

    def argument(a: attrs.Attribute[Any]) -> str:
        given = a.alias if a.alias in changed else f"__value.{a.name}"
        return f"{a.alias}={given}" if a.kw_only else given

    arguments = ", ".join(argument(a) for a in sorted(fields, key=lambda a: a.kw_only))
    namespace: dict[str, Any] = {"__cls": cls}
    exec(
        f"def replace(__value, {''.join(f'{name}, ' for name in changed)}):\n"
        f"    return __cls({arguments})\n",
        namespace,
    )
    return namespace["replace"]  # type: ignore[no-any-return]
