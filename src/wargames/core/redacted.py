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

import json
import types
import typing
from collections.abc import Mapping
from typing import Any, Final

import attrs
import cattrs

from wargames.core.errors import SerializationError
from wargames.core.events import Event, EventLog
from wargames.core.hidden import HIDDEN, Hidden

__all__ = ["MARK", "TAG", "RedactedJson"]

MARK: Final = {"?": "hidden"}
"""What a document holds where the view has :data:`~wargames.core.hidden.HIDDEN` (``?`` is
no attribute name, so no unstructured class can look like it)."""

TAG: Final = "type"
"""The key naming an action's or event's class in a document."""

_ATOMS = (str, int, float, bool, bytes, type(None))


def _holds_hidden(value: Any) -> bool:
    if isinstance(value, Hidden):
        return True
    if isinstance(value, _ATOMS):
        return False
    if isinstance(value, EventLog | tuple | list | frozenset):
        return any(_holds_hidden(item) for item in value)
    if isinstance(value, Mapping):
        return any(_holds_hidden(item) for item in value.values())
    if attrs.has(type(value)):
        return any(_holds_hidden(getattr(value, a.name)) for a in attrs.fields(type(value)))
    return False


def _marked(data: Any) -> bool:
    if isinstance(data, dict):
        return data == MARK or any(_marked(item) for item in data.values())
    if isinstance(data, list):
        return any(_marked(item) for item in data)
    return False


def _field_types(cls: type, declared: Any) -> dict[str, Any]:
    """Each field's type, with the type variables of a generic class (``Secret[str]``) bound
    to the declared arguments."""
    attrs.resolve_types(cls)
    bound = dict(zip(getattr(cls, "__parameters__", ()), typing.get_args(declared), strict=False))
    return {a.name: bound.get(a.type, a.type) for a in attrs.fields(cls)}


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
        if isinstance(value, Hidden):
            return dict(MARK)
        if not _holds_hidden(value):
            return self.converter.unstructure(value, type_)
        if isinstance(value, EventLog):
            return [self.unstructure(event, Event) for event in value]
        if attrs.has(type(value)):
            return self._unstructure_attrs(value, type_)
        args = typing.get_args(type_)
        if isinstance(value, tuple) and not hasattr(value, "_fields"):
            if len(args) == 2 and args[1] is Ellipsis:
                return [self.unstructure(item, args[0]) for item in value]
            return [self.unstructure(item, t) for item, t in zip(value, args, strict=True)]
        if isinstance(value, frozenset):
            items = [self.unstructure(item, args[0] if args else Any) for item in value]
            return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
        if isinstance(value, Mapping) and len(args) == 2:
            return {
                self.converter.unstructure(k, args[0]): self.unstructure(v, args[1])
                for k, v in value.items()
            }
        raise SerializationError(f"a view cannot hold a secret inside {type(value).__name__}")

    def _unstructure_attrs(self, value: Any, declared: Any) -> dict[str, Any]:
        cls = type(value)
        if declared not in self.tagged:  # the declared class itself, or one arm of a union
            declared = next(
                (arm for arm in _arms(declared) if typing.get_origin(arm) is cls), declared
            )
        kinds = _field_types(cls, declared)
        data = {
            a.name: self.unstructure(getattr(value, a.name), kinds[a.name])
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
        if data == MARK:
            return HIDDEN
        if not _marked(data):
            return self.converter.structure(data, type_)
        if type_ is EventLog:
            return EventLog(self.structure(event, Event) for event in data)
        if type_ in self.tagged:
            by_name = self.tagged[type_]
            if not isinstance(data, dict) or data.get(TAG) not in by_name:
                raise SerializationError(f"expected a {type_.__name__} tagged one of {by_name}")
            return self._build(by_name[data[TAG]], data, by_name[data[TAG]])
        cls = typing.get_origin(type_) or type_
        if isinstance(cls, type) and attrs.has(cls) and isinstance(data, dict):
            return self._build(cls, data, type_)
        if _arms(type_) and isinstance(data, dict):
            return self.structure(data, self._arm_for(data, _arms(type_)))
        args = typing.get_args(type_)
        if cls is tuple and isinstance(data, list):
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self.structure(item, args[0]) for item in data)
            if len(args) == len(data):
                return tuple(self.structure(item, t) for item, t in zip(data, args, strict=True))
        if cls is frozenset and isinstance(data, list) and args:
            return frozenset(self.structure(item, args[0]) for item in data)
        if cls in (dict, Mapping) and isinstance(data, dict) and len(args) == 2:
            return {
                self.converter.structure(k, args[0]): self.structure(v, args[1])
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

    def _build(self, cls: type, data: dict[str, Any], declared: Any) -> Any:
        kinds = _field_types(cls, declared)
        fields = attrs.fields(cls)
        missing = [a.name for a in fields if not a.init or a.name not in data]
        if missing:
            raise SerializationError(f"{cls.__name__} needs {', '.join(missing)}")
        value: Any = object.__new__(cls)
        for a in fields:
            object.__setattr__(value, a.name, self.structure(data[a.name], kinds[a.name]))
        return value
