"""Watched values: a ``str`` or ``int`` that says when code looks at it, and what it asked.

A sampler that replays a past once per guess of a secret can learn, from one replay, which
secrets the replay ever looked at: the others could have been anything and the replay would
have run the same, so a later guess that differs only in those needs no replay of its own.
:func:`watched` wraps a value so that every operation on it (comparing, hashing, indexing a
table with it, arithmetic, formatting, any of its methods) first adds its ``key`` to a
:class:`Watch`'s ``seen`` while the watch is ``on``; copying it from one frozen value to
another is no look.

Each look is also kept as a *question* and its answer (:attr:`Watch.facts`): a comparison
with a plain ``str`` or ``int`` (``kind == "DECOY"``, ``shots > 0``) or a truth test asks
only that, and :func:`read` looks a watched value up in a table and hands back the record
found, each of whose fields read (and each method called) asks only that field.  Any other
look asks for the value itself (:data:`VALUE`).  Code that runs the same for every answer
the same: a later guess that answers every question a replay asked as the replay's did
(:func:`answer` tells) would have run that replay step for step, though its value differs.

What it does not see: C code that reads a string's characters without calling any of its
methods (``"".join``, ``re``, ``json``, ``x in some_text``).  Code that may do that to a
watched value must not be trusted to the watch (a caller's test should compare its shortcut
with the full computation).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final, Generic, TypeVar, cast

__all__ = ["VALUE", "Watch", "answer", "plain", "read", "watched"]

T = TypeVar("T", str, int)
K = TypeVar("K", bound=Hashable)
R = TypeVar("R")

VALUE: Final = ("value",)
"""The question of a look that may depend on the whole value (its answer: the value)."""
_ASKING: Final = frozenset({"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"})
"""Comparisons that ask only their result, made with a plain ``str`` or ``int``."""
_NOT_LOOKS: Final = frozenset({
    "__new__", "__init__", "__getattribute__", "__setattr__", "__delattr__", "__class__",
    "__init_subclass__", "__subclasshook__", "__reduce__", "__reduce_ex__", "__getnewargs__",
    "__sizeof__", "__dir__", "__doc__", "__getstate__", "__class_getitem__",
})  # fmt: skip
"""Methods of the base type that do not look at the value (object machinery)."""


class Watch(Generic[K]):
    """What a run looked at: the ``key`` of every watched value it used (``seen``), and each
    question first asked of it with its answer, in order (``facts``), while ``on``."""

    __slots__ = ("asked", "facts", "kept", "on", "seen")

    def __init__(self) -> None:
        self.on = True
        self.seen: set[K] = set()
        self.facts: list[tuple[K, Hashable, Any]] = []
        """Each look as (key, question, answer)."""
        self.asked: set[tuple[K, Hashable]] = set()
        self.kept: list[_Record] = []  # records that keep fields read since :meth:`again`

    def again(self) -> None:
        """Ask every question afresh from here: each is kept once more when next asked."""
        self.asked.clear()
        for record in self.kept:
            record.__dict__.clear()
        self.kept.clear()

    def ask(self, key: K, question: Hashable, got: Any) -> None:
        """Record that the value ``key`` was asked ``question`` and answered ``got``."""
        if self.on:
            self.seen.add(key)
            if (key, question) not in self.asked:
                self.asked.add((key, question))
                self.facts.append((key, question, got))


def _question(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Hashable:
    """What a call of method ``name`` asks of a watched value."""
    if name == "__bool__":
        return (name,)
    if name in _ASKING and not kwargs and len(args) == 1 and type(args[0]) in (str, int):
        return (name, args[0])
    return VALUE


def _looking(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    def look(self: Any, *args: Any, **kwargs: Any) -> Any:
        watch = self.__dict__["_watch"]
        if not watch.on:
            return method(self, *args, **kwargs)
        try:
            got = method(self, *args, **kwargs)
        except Exception:
            watch.ask(self.__dict__["_key"], VALUE, plain(self))  # failing is a look too
            raise
        for arg in args:  # another watched value read by the method's C code
            if type(arg) in _WATCHED:
                arg.__dict__["_watch"].ask(arg.__dict__["_key"], VALUE, plain(arg))
        question = _question(name, args, kwargs)
        watch.ask(self.__dict__["_key"], question, got if question != VALUE else plain(self))
        return got

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
_WATCHED: Final = frozenset(_TYPES.values())


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


class _Record:
    """A record looked up by a watched value: each field read asks that field (and is kept
    on the record, read again without asking, until the watch asks :meth:`Watch.again`)."""

    __slots__ = ("__dict__", "_key", "_record", "_value", "_watch")

    def __init__(self, record: Any, value: Any, key: Hashable, watch: Watch[Any]) -> None:
        self._record, self._value, self._key, self._watch = record, value, key, watch

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._record, name)
        if not callable(found):
            watch = self._watch
            watch.ask(self._key, (".", name), found)
            if watch.on:
                if not self.__dict__:
                    watch.kept.append(self)
                self.__dict__[name] = found
            return found

        def call(*args: Any, **kwargs: Any) -> Any:
            got = found(*args, **kwargs)
            try:
                question: Hashable = ("()", name, args, tuple(sorted(kwargs.items())))
                hash(question)
            except TypeError:
                question = VALUE
            self._watch.ask(self._key, question, got if question != VALUE else self._value)
            return got

        return call

    def __eq__(self, other: object) -> bool:
        self._watch.ask(self._key, VALUE, self._value)
        if isinstance(other, _Record):
            other._watch.ask(other._key, VALUE, other._value)
            return bool(self._record == other._record)
        return bool(self._record == other)

    def __hash__(self) -> int:
        self._watch.ask(self._key, VALUE, self._value)
        return hash(self._record)

    def __repr__(self) -> str:
        self._watch.ask(self._key, VALUE, self._value)
        return repr(self._record)


def read(value: T, lookup: Callable[[T], R]) -> R:
    """``lookup(value)``; for a watched ``value`` (its watch on), the record found with each
    field read (or method called) a question of the value's own (see the module)."""
    if type(value) in (str, int):
        return lookup(value)
    watch, key = value.__dict__["_watch"], value.__dict__["_key"]
    bare = plain(value)
    if not watch.on:
        return lookup(bare)
    try:
        record = lookup(bare)
    except Exception:
        watch.ask(key, VALUE, bare)  # which values fail is a look at the value
        raise
    return cast(R, _Record(record, bare, key, watch))


def answer(question: Hashable, value: Any, record: Any = None) -> Any:
    """What ``value`` (looked up as ``record``) answers ``question`` (see :class:`Watch`)."""
    asked = cast(tuple[Any, ...], question)
    if asked == VALUE:
        return value
    if asked[0] == ".":
        return getattr(record, asked[1])
    if asked[0] == "()":
        method = getattr(record, asked[1])
        return method(*asked[2], **dict(asked[3])) if asked[3] else method(*asked[2])
    return getattr(type(value), asked[0])(value, *asked[1:])
