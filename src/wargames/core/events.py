"""The event log: what happened, with visibility, shared between successive states.

:class:`EventLog` is a persistent (cons) list: appending makes a new log that shares every
earlier event with the old one, so holding every state of a long game costs one node per
event, not one copy of the history per state.  Its hash is computed once per node, so
hashing or comparing states stays cheap however long the game.  A node may also hold a
block of events at once (:meth:`EventLog.with_block`), for a log whose newer part is built
anew many times: the same log, at the cost of one tuple instead of a node per event.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import Enum
from typing import Any

import attrs
from attrs import frozen

from wargames.core.hidden import is_hidden, redact

__all__ = ["Event", "EventLog", "event_words"]


@frozen
class Event:
    """Base class of game events (a roll, a battle, a reveal).

    Subclasses are frozen attrs classes; fields a player may not see are declared with
    :func:`wargames.core.hidden.secret`, exactly as in states.
    """


def event_words(event: Any, names: Mapping[Any, str] | None = None) -> str:
    """An event in words, for a player: its own text if its class has one, else its kind and
    the fields the event holds (``Moved(player='green', ...)`` reads ``moved: player green,
    ...``), board nodes by their ``names``, ``yes``/``no`` for flags.  A field hidden from
    the viewer (give it an event of their view) is left out, so nothing is said of it."""
    own = getattr(type(event), "__str__", None) is not object.__str__
    if own or not attrs.has(type(event)):
        return str(event)
    kind = "".join(f" {c.lower()}" if c.isupper() else c for c in type(event).__name__).strip()
    known = [
        f"{field.name.replace('_', ' ')} {_word(getattr(event, field.name), names or {})}"
        for field in attrs.fields(type(event))
        if not is_hidden(getattr(event, field.name))
    ]
    return f"{kind}: " + ", ".join(known)


def _word(value: Any, names: Mapping[Any, str]) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    try:
        name = names.get(value)
    except TypeError:  # an unhashable value names no node
        name = None
    if name is not None:
        return name
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_word(item, names) for item in value) + "]"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


class EventLog:
    """An immutable, structurally shared sequence of events, oldest first."""

    __slots__ = ("_block", "_hash", "_head", "_len", "_tail", "_views")

    _head: Any  # the newest event
    _block: tuple[Any, ...] | None  # a block node's events, oldest first (else None)
    _tail: EventLog | None
    _len: int
    _hash: int | None  # worked out when first asked (appending an event hashes nothing)
    _views: dict[str, EventLog] | None

    def __init__(self, events: Iterable[Any] = ()) -> None:
        node: EventLog | None = None
        for event in events:
            node = _link(node, event)
        self._copy_from(node)

    def _copy_from(self, node: EventLog | None) -> None:
        object.__setattr__(self, "_head", node._head if node else None)
        object.__setattr__(self, "_block", node._block if node else None)
        object.__setattr__(self, "_tail", node._tail if node else None)
        object.__setattr__(self, "_len", node._len if node else 0)
        object.__setattr__(self, "_hash", node._hash if node else hash(()))
        object.__setattr__(self, "_views", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("EventLog is immutable")

    def with_event(self, event: Any) -> EventLog:
        """A new log with ``event`` appended; this one is unchanged."""
        return _link(self if self._len else None, event)

    def with_events(self, events: Iterable[Any]) -> EventLog:
        """A new log with ``events`` appended in order."""
        log = self if self._len else None
        for event in events:
            log = _link(log, event)
        return self if log is None else log

    def with_block(self, events: Iterable[Any]) -> EventLog:
        """A new log with ``events`` appended in order, held by one node: equal to what
        :meth:`with_events` gives (iteration, hash, redaction), built by copying the events
        into a tuple instead of linking a node per event.  For a log whose newer part is
        rebuilt many times (a sampled past patched from an early event on); a log appended
        to it shares it like any other."""
        block = tuple(events)
        if not block:
            return self
        return _link_block(self if self._len else None, block)

    def __copy__(self) -> EventLog:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> EventLog:
        """Immutable: a deep copy is the log itself."""
        return self

    def __reduce__(self) -> tuple[type[EventLog], tuple[tuple[Any, ...]]]:
        """Pickle (and deep-copy) as the flat tuple of events, not a deep chain of nodes."""
        return (EventLog, (tuple(self),))

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[Any]:
        return iter(self._newest_first()[::-1])

    def _newest_first(self) -> list[Any]:
        out: list[Any] = []
        node: EventLog | None = self
        while node is not None and node._len:
            if node._block is None:
                out.append(node._head)
            else:
                out.extend(reversed(node._block))
            node = node._tail
        return out

    def newest(self, count: int) -> tuple[Any, ...]:
        """The last ``count`` events, oldest first, without walking the whole log."""
        out: list[Any] = []
        node: EventLog | None = self
        while node is not None and node._len and len(out) < count:
            if node._block is None:
                out.append(node._head)
            else:
                out.extend(reversed(node._block[len(out) - count :]))
            node = node._tail
        return tuple(reversed(out))

    def up_to(self, length: int) -> EventLog:
        """The log of its first ``length`` events, shared, not copied (a log changed from an
        event on is that and the events from there, relinked: the events before it are not).
        """
        node: EventLog = self
        while node._len > length:
            below = node._tail._len if node._tail is not None else 0
            if node._block is not None and below < length:
                return _link_block(node._tail, node._block[: length - below])
            if node._tail is None:
                return EventLog()
            node = node._tail
        return node

    def since(self, length: int) -> tuple[Any, ...]:
        """The events appended after the first ``length``, oldest first: what a step logged,
        given the log's length before it (a sampled past compares them with a player's log).
        """
        return self.newest(self._len - length)

    def __hash__(self) -> int:
        if self._hash is None:
            unhashed: list[EventLog] = []
            node: EventLog | None = self
            while node is not None and node._hash is None:
                unhashed.append(node)
                node = node._tail
            known = node._hash if node is not None else hash(())
            for item in reversed(unhashed):
                if item._block is None:
                    known = hash((known, item._head, item._len))
                else:
                    first = item._len - len(item._block) + 1
                    for length, event in enumerate(item._block, first):
                        known = hash((known, event, length))
                object.__setattr__(item, "_hash", known)
        return self._hash  # type: ignore[return-value]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventLog):
            return NotImplemented
        a: EventLog | None = self
        b: EventLog | None = other
        while a is not None and b is not None:
            if a is b:
                return True
            if a._len != b._len:
                return False
            if a._hash is not None and b._hash is not None and a._hash != b._hash:
                return False
            if not a._len:
                return True
            if a._block is not None or b._block is not None:
                return a._newest_first() == b._newest_first()
            if a._head != b._head:
                return False
            a, b = a._tail, b._tail
        return a is b

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"

    def __redact__(self, player: str) -> EventLog:
        """The log as ``player`` may see it.  Each node remembers its redaction per player, so
        the views of successive states share their history instead of redoing it."""
        pending: list[EventLog] = []
        node: EventLog | None = self
        while node is not None and node._len and player not in (node._views or ()):
            pending.append(node)
            node = node._tail
        base = node._views[player] if node is not None and node._views else None
        for item in reversed(pending):
            view = item._redacted(base, player)
            if item._views is None:
                object.__setattr__(item, "_views", {})
            item._views[player] = view  # type: ignore[index]
            base = view
        return base if base is not None else self

    def _redacted(self, base: EventLog | None, player: str) -> EventLog:
        """This node as ``player`` sees it, over ``base`` (its tail's view): the node itself
        where nothing in it or before it is hidden from them."""
        if self._block is None:
            head = redact(self._head, player)
            if head is self._head and base is self._tail:
                return self
            return _link(base, head)
        block = tuple(redact(event, player) for event in self._block)
        if base is self._tail and all(map(operator.is_, block, self._block)):
            return self
        return _link_block(base, block)


def _slot_setter(name: str) -> Callable[[EventLog, Any], None]:
    """The setter of one of :class:`EventLog`'s slots (it refuses ``__setattr__``): a node is
    built through its slots' own descriptors, at half the cost of ``object.__setattr__``."""
    setter: Callable[[EventLog, Any], None] = vars(EventLog)[name].__set__
    return setter


_set_head, _set_block, _set_tail, _set_len, _set_hash, _set_views = (
    _slot_setter(name) for name in ("_head", "_block", "_tail", "_len", "_hash", "_views")
)


def _link(tail: EventLog | None, event: Any) -> EventLog:
    node = object.__new__(EventLog)
    _set_head(node, event)
    _set_block(node, None)
    _set_tail(node, tail)
    _set_len(node, (tail._len if tail is not None else 0) + 1)
    _set_hash(node, None)
    _set_views(node, None)
    return node


def _link_block(tail: EventLog | None, block: tuple[Any, ...]) -> EventLog:
    """A node holding the (non-empty) ``block`` of events after ``tail``."""
    node = _link(tail, block[-1])
    _set_block(node, block)
    _set_len(node, (tail._len if tail is not None else 0) + len(block))
    return node
