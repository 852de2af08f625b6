"""Watched values: a ``str`` or ``int`` that says when code looks at it.

A sampler that replays a past once per guess of a secret can learn, from one replay, which
secrets the replay ever looked at: the others could have been anything and the replay would
have run the same, so a later guess that differs only in those needs no replay of its own.
:func:`watched` wraps a value so that every operation on it (comparing, hashing, indexing a
table with it, arithmetic, formatting, any of its methods) first adds its ``key`` to a
:class:`Watch`'s ``seen`` while the watch is ``on``; copying it from one frozen value to
another is no look.

What it does not see: C code that reads a string's characters without calling any of its
methods (``"".join``, ``re``, ``json``, ``x in some_text``).  Code that may do that to a
watched value must not be trusted to the watch (a caller's test should compare its shortcut
with the full computation).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final, Generic, TypeVar

__all__ = ["Watch", "plain", "watched"]

T = TypeVar("T", str, int)
K = TypeVar("K", bound=Hashable)

_NOT_LOOKS: Final = frozenset({
    "__new__", "__init__", "__getattribute__", "__setattr__", "__delattr__", "__class__",
    "__init_subclass__", "__subclasshook__", "__reduce__", "__reduce_ex__", "__getnewargs__",
    "__sizeof__", "__dir__", "__doc__", "__getstate__", "__class_getitem__",
})  # fmt: skip
"""Methods of the base type that do not look at the value (object machinery)."""


class Watch(Generic[K]):
    """What a run looked at: the ``key`` of every watched value it used, while ``on``."""

    __slots__ = ("on", "seen")

    def __init__(self) -> None:
        self.on = True
        self.seen: set[K] = set()


def _looking(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    def look(self: Any, *args: Any, **kwargs: Any) -> Any:
        watch = self.__dict__["_watch"]
        if watch.on:
            watch.seen.add(self.__dict__["_key"])
        return method(self, *args, **kwargs)

    look.__name__ = name
    return look


def _watching(base: type[T]) -> type[T]:
    """A subclass of ``base`` whose every method records a look before doing its work."""
    namespace: dict[str, Any] = {
        name: _looking(name, getattr(base, name))
        for name in dir(base)
        if name not in _NOT_LOOKS and callable(getattr(base, name))
    }
    return type(f"Watched{base.__name__.title()}", (base,), namespace)


_TYPES: Final[dict[type, type]] = {str: _watching(str), int: _watching(int)}


def watched(value: T, key: K, watch: Watch[K]) -> T:
    """``value`` (a ``str`` or an ``int``, not a ``bool``) that records ``key`` in ``watch``
    whenever it is looked at."""
    kind = type(value)
    out: Any = _TYPES[kind](value)
    out.__dict__.update(_key=key, _watch=watch)
    return out  # type: ignore[no-any-return]


def plain(value: T) -> T:
    """The plain ``str`` or ``int`` behind ``value`` (no look recorded)."""
    if type(value) in (str, int):
        return value
    watch = value.__dict__["_watch"]
    on, watch.on = watch.on, False
    try:
        return type(value).__mro__[1](value)  # type: ignore[no-any-return]
    finally:
        watch.on = on
