"""JSON for redacted values (views): where a secret was, the document holds a marker.

A view has the state's types everywhere except where :func:`~wargames.core.hidden.redact` put
:data:`~wargames.core.hidden.HIDDEN`, which the game's cattrs converter cannot express (a
hidden piece's ``kind`` is no ``Kind``).  :class:`RedactedJson` walks a value alongside its
declared type: a part that holds no secret goes to the game's converter as it is (so it is
written exactly as in a state document), ``HIDDEN`` becomes :data:`MARK`, and the classes and
containers around a secret are taken apart and put back together field by field.  A class
that holds a secret is rebuilt as :func:`~wargames.core.hidden.redact` builds it, without
``__init__`` (validators rightly refuse ``HIDDEN`` in a real state).
"""

from __future__ import annotations

import functools
import json
import types
import typing
from collections.abc import Mapping
from typing import Any, Final

import attrs
import cattrs

from wargames.core.errors import SerializationError
from wargames.core.events import Event, EventLog
from wargames.core.hidden import HIDDEN, Hidden, hideable, is_cache

__all__ = ["MARK", "TAG", "RedactedJson"]

MARK: Final = {"?": "hidden"}
"""What a document holds where the view has :data:`~wargames.core.hidden.HIDDEN` (``?`` is
no attribute name, so no unstructured class can look like it)."""

TAG: Final = "type"
"""The key naming an action's or event's class in a document."""

_ATOMS = (str, int, float, bool, bytes, type(None))


def _parts(value: Any) -> list[Any]:
    """The values directly inside a (redacted) value."""
    if isinstance(value, EventLog | tuple | list | frozenset):
        return list(value)
    if isinstance(value, Mapping):
        return list(value.values())
    if attrs.has(type(value)):
        return [getattr(value, a.name) for a in attrs.fields(type(value))]
    return []


def _hidden_inside(value: Any) -> set[int]:
    """The ids of ``value`` and of every value inside it that holds ``HIDDEN`` (one walk)."""
    holders: set[int] = set()

    def walk(item: Any) -> bool:
        if isinstance(item, Hidden):
            return True
        if isinstance(item, _ATOMS):
            return False
        found = False
        for part in _parts(item):
            found = walk(part) or found
        if found:
            holders.add(id(item))
        return found

    walk(value)
    return holders


def _marked_inside(data: Any) -> set[int]:
    """The ids of ``data`` and of every list or dict inside it that holds :data:`MARK`."""
    holders: set[int] = set()

    def walk(item: Any) -> bool:
        if item == MARK:
            return True
        parts = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        found = False
        for part in parts:
            found = walk(part) or found
        if found:
            holders.add(id(item))
        return found

    walk(data)
    return holders


@functools.cache
def _field_types(cls: type, declared: Any) -> dict[str, Any]:
    """Each field's type, with the type variables of a generic class (``Secret[str]``) bound
    to the declared arguments."""
    attrs.resolve_types(cls)
    bound = dict(zip(getattr(cls, "__parameters__", ()), typing.get_args(declared), strict=False))
    return {a.name: _bind(a.type, bound) for a in attrs.fields(cls)}


def _bind(type_: Any, bound: Mapping[Any, Any]) -> Any:
    """``type_`` with its type variables replaced by ``bound`` (``Any`` where unbound)."""
    if isinstance(type_, typing.TypeVar):
        return bound.get(type_, Any)
    parameters = getattr(type_, "__parameters__", ())
    return type_[tuple(bound.get(p, Any) for p in parameters)] if parameters else type_


def _arms(type_: Any) -> tuple[Any, ...]:
    """The members of a union type, or ``()`` for any other type."""
    if typing.get_origin(type_) in (typing.Union, types.UnionType):
        return typing.get_args(type_)
    return ()


class RedactedJson:
    """Unstructure and structure values that may hold ``HIDDEN``, with ``converter`` doing
    every part that does not; ``tagged`` maps each tagged base class (the game's actions and
    :class:`~wargames.core.events.Event`) to its classes by name."""

    def __init__(self, converter: cattrs.Converter, tagged: Mapping[type, Mapping[str, type]]):
        self.converter = converter
        self.tagged = tagged

    # -- to JSON --------------------------------------------------------------------------

    def unstructure(self, value: Any, type_: Any) -> Any:
        """``value`` (declared as ``type_``) as JSON-ready data."""
        return self._unstructure(value, type_, _hidden_inside(value))

    def _unstructure(self, value: Any, type_: Any, holders: set[int]) -> Any:
        if isinstance(value, Hidden):
            return dict(MARK)
        if id(value) not in holders:
            return self.converter.unstructure(value, type_)
        if isinstance(value, EventLog):
            return [self._unstructure(event, Event, holders) for event in value]
        if attrs.has(type(value)):
            return self._unstructure_attrs(value, type_, holders)
        args = typing.get_args(type_)
        if isinstance(value, tuple) and not hasattr(value, "_fields"):
            if len(args) == 2 and args[1] is Ellipsis:
                return [self._unstructure(item, args[0], holders) for item in value]
            return [
                self._unstructure(item, t, holders) for item, t in zip(value, args, strict=True)
            ]
        if isinstance(value, frozenset):
            items = [self._unstructure(item, args[0] if args else Any, holders) for item in value]
            return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
        if isinstance(value, Mapping) and len(args) == 2:
            return {
                self.converter.unstructure(k, args[0]): self._unstructure(v, args[1], holders)
                for k, v in value.items()
            }
        raise SerializationError(f"a view cannot hold a secret inside {type(value).__name__}")

    def _unstructure_attrs(self, value: Any, declared: Any, holders: set[int]) -> dict[str, Any]:
        cls: type = type(value)
        if declared not in self.tagged:  # the declared class itself, or one arm of a union
            declared = next(
                (arm for arm in _arms(declared) if typing.get_origin(arm) is cls), declared
            )
        kinds = _field_types(cls, declared)
        data = {
            a.name: self._unstructure(getattr(value, a.name), kinds[a.name], holders)
            for a in attrs.fields(cls)
            if a.init
        }
        if any(isinstance(value, base) for base in self.tagged):
            data[TAG] = cls.__name__
        return data

    # -- from JSON ------------------------------------------------------------------------

    def structure(self, data: Any, type_: Any) -> Any:
        """The value ``data`` describes, declared as ``type_``.

        :raises SerializationError: where a marker stands in a place no view can have one.
        """
        return self._structure(data, type_, _marked_inside(data))

    def _structure(
        self, data: Any, type_: Any, holders: set[int], field: attrs.Attribute[Any] | None = None
    ) -> Any:
        if data == MARK:
            if not hideable(field, type_):
                where = f"field {field.name}" if field is not None else f"a {type_}"
                raise SerializationError(f"{where} holds no secret, but the view hides it")
            return HIDDEN
        if id(data) not in holders:
            return self.converter.structure(data, type_)
        if type_ is EventLog:
            return EventLog(self._structure(event, Event, holders) for event in data)
        if type_ in self.tagged:
            by_name = self.tagged[type_]
            if not isinstance(data, dict) or data.get(TAG) not in by_name:
                raise SerializationError(f"expected a {type_.__name__} tagged one of {by_name}")
            cls = by_name[data[TAG]]
            return self._build(cls, data, cls, holders)
        cls = typing.get_origin(type_) or type_
        if isinstance(cls, type) and attrs.has(cls) and isinstance(data, dict):
            return self._build(cls, data, type_, holders)
        if _arms(type_) and isinstance(data, dict):
            return self._structure(data, self._arm_for(data, _arms(type_)), holders)
        args = typing.get_args(type_)
        if cls is tuple and isinstance(data, list):
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self._structure(item, args[0], holders) for item in data)
            if len(args) == len(data):
                return tuple(
                    self._structure(item, t, holders) for item, t in zip(data, args, strict=True)
                )
        if cls is frozenset and isinstance(data, list) and args:
            return frozenset(self._structure(item, args[0], holders) for item in data)
        if cls in (dict, Mapping) and isinstance(data, dict) and len(args) == 2:
            return {
                self.converter.structure(k, args[0]): self._structure(v, args[1], holders)
                for k, v in data.items()
            }
        raise SerializationError(f"a hidden value cannot stand in a {type_}")

    @staticmethod
    def _arm_for(data: dict[str, Any], arms: tuple[Any, ...]) -> Any:
        """The one attrs class among ``arms`` whose fields are the keys of ``data``."""
        keys = set(data) - {TAG}
        fitting = [
            arm
            for arm in arms
            if attrs.has(typing.get_origin(arm) or arm)
            and keys == {a.name for a in attrs.fields(typing.get_origin(arm) or arm) if a.init}
        ]
        if len(fitting) != 1:
            raise SerializationError(f"cannot tell which of {arms} holds a hidden value")
        return fitting[0]

    def _build(self, cls: type, data: dict[str, Any], declared: Any, holders: set[int]) -> Any:
        kinds = _field_types(cls, declared)
        fields = attrs.fields(cls)
        missing = [a.name for a in fields if not is_cache(a) and (not a.init or a.name not in data)]
        if missing:
            raise SerializationError(f"{cls.__name__} needs {', '.join(missing)}")
        value: Any = object.__new__(cls)
        for a in fields:
            # A cache is left empty, as __init__ leaves it.
            part = (
                a.default
                if is_cache(a)
                else self._structure(data[a.name], kinds[a.name], holders, a)
            )
            object.__setattr__(value, a.name, part)
        return value
