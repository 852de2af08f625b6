"""Building and changing frozen attrs values on the hot paths of ``apply``.

:func:`replace` does what :func:`attrs.evolve` does without walking the class's fields on every
call: it calls a function written once per class and set of changed names.  :func:`builder`
gives a class's constructor for code that makes a value from all its fields.

Where a class's ``__init__`` only stores its fields (a slotted class decorated by *attrs*
itself, without validators, converters, init hooks or a cached hash: every game's state), both
store the fields themselves, through the slots, at about half the cost.  For any other class
``__init__`` runs, validators and converters included (:func:`replace` passes the unchanged
fields on positionally where it allows, the cheapest call).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["builder", "replace"]

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


def builder(cls: Callable[..., T]) -> Callable[..., T]:
    """A constructor of the attrs class ``cls`` for hot paths, called with keywords only.

    Where ``cls``'s ``__init__`` only stores the fields, it stores them itself and a field
    with a default factory must be given; for any other class it is ``cls`` itself.
    """
    if not isinstance(cls, type) or not _stores_only(cls):
        return cls
    namespace: dict[str, Any] = {}
    body = _storing(cls, namespace, _alias)
    parameters = ", ".join(
        _alias(field)
        if isinstance(field.default, attrs.Factory | type(attrs.NOTHING))
        else f"{_alias(field)}=__default{index}"
        for index, field in enumerate(attrs.fields(cls))
        if field.init
    )
    exec(f"def build(*, {parameters}):\n{body}", namespace)
    return namespace["build"]  # type: ignore[no-any-return]


def _replacer(cls: type, changed: tuple[str, ...]) -> Callable[..., Any]:
    """``replace`` for ``cls`` and the ``changed`` argument names: each other field is read
    from the value (the function's own names start with ``__``, which no alias does).

    :raises TypeError: naming the names that are not ``__init__`` arguments.
    """
    fields = [a for a in attrs.fields(cls) if a.init]
    unknown = sorted(set(changed) - {_alias(a) for a in fields})
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(unknown)}")

    def given(field: attrs.Attribute[Any]) -> str:
        return _alias(field) if _alias(field) in changed else f"__value.{field.name}"

    namespace: dict[str, Any] = {"__cls": cls}
    if _stores_only(cls):
        body = _storing(cls, namespace, given)
    else:
        arguments = ", ".join(
            f"{_alias(a)}={given(a)}" if a.kw_only else given(a)
            for a in sorted(fields, key=lambda a: a.kw_only)
        )
        body = f"    return __cls({arguments})\n"
    exec(f"def replace(__value, {''.join(f'{name}, ' for name in changed)}):\n{body}", namespace)
    return namespace["replace"]  # type: ignore[no-any-return]


def _alias(field: attrs.Attribute[Any]) -> str:
    """The name ``__init__`` takes ``field`` by."""
    return field.alias or field.name


def _storing(
    cls: type, namespace: dict[str, Any], value: Callable[[attrs.Attribute[Any]], str]
) -> str:
    """The body of a function that makes a ``cls`` and stores each field through its slot:
    ``value(field)``, an expression, for a field of ``__init__``, else the field's default
    (``__default<index>``, put in ``namespace`` with the slots' setters)."""
    namespace.update({"__cls": cls, "__new": object.__new__})
    body = "    __made = __new(__cls)\n"
    for index, field in enumerate(attrs.fields(cls)):
        namespace[f"__set{index}"] = getattr(cls, field.name).__set__
        namespace[f"__default{index}"] = field.default
        stored = value(field) if field.init else f"__default{index}"
        body += f"    __set{index}(__made, {stored})\n"
    return body + "    return __made\n"


def _stores_only(cls: type) -> bool:
    """Whether the *attrs*-made ``__init__`` of ``cls`` only stores the fields in their slots:
    a slotted class decorated itself, without validators, converters, init hooks or a cached
    hash, whose fields left out of ``__init__`` have plain defaults.  Where *attrs* cannot say
    (``attrs.inspect`` is new in 25.4), the answer is no and ``__init__`` runs."""
    inspect = getattr(attrs, "inspect", None)
    if inspect is None or "__attrs_attrs__" not in vars(cls) or "__init__" not in vars(cls):
        return False
    props = inspect(cls)
    if (
        not (props.is_slotted and props.added_init)
        or props.is_exception
        or props.hashability.name == "HASHABLE_CACHED"
        or any(hasattr(cls, hook) for hook in ("__attrs_pre_init__", "__attrs_post_init__"))
    ):
        return False
    return all(
        a.validator is None
        and a.converter is None
        and (a.init or not isinstance(a.default, attrs.Factory | type(attrs.NOTHING)))
        for a in attrs.fields(cls)
    )
