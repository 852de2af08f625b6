"""Integer actions for learning agents: a fixed index for every action a game can have.

Agents in OpenSpiel, PettingZoo and Gymnasium choose among ``num_distinct_actions`` integers
under a legal-action mask.  A game lists every action its players could ever take
(:meth:`~wargames.core.game.Game.every_action`); :class:`ActionCodec` numbers them once, by
what they do regardless of who does it (an action's fields but its ``player``), so index
``i`` means the same move for every player whose turn it is, and decodes back into that
player's action.

Numpy is needed only for masks and tensors (``pip install "tabletop-wargames[rl]"``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from itertools import groupby
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import attrs
from attrs import field, frozen

from wargames.core.errors import InvalidAction, excerpt

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

    from wargames.core.game import Action

__all__ = ["ActionCodec", "ActionKey", "action_key", "numpy_or_explain"]

ActionKey = tuple[Hashable, ...]
"""What an action does, whoever does it: its class name and its fields but ``player``."""


def action_key(action: Action) -> ActionKey:
    """The key of ``action`` (its class name, then every field but ``player``, in order)."""
    name, getters = _key_parts(type(action))
    return (name, *(get(action) for get in getters))


_KeyParts = tuple[str, tuple[Callable[[Any], Any], ...]]
_key_parts_of: dict[type, _KeyParts] = {}


def _key_parts(cls: type) -> _KeyParts:
    """The class name and the getters of the fields of an action's key, once per class."""
    parts = _key_parts_of.get(cls)
    if parts is None:
        getters = tuple(attrgetter(a.name) for a in attrs.fields(cls) if a.name != "player")
        parts = _key_parts_of[cls] = (cls.__name__, getters)
    return parts


_ClassTable = tuple[Callable[[Any], Any], dict[Any, int]]
"""How the actions of one class are found: a getter of what tells them apart (the fields of
their keys) and the index of each thing it gives."""


@functools.cache
def numpy_or_explain() -> Any:
    """The numpy module, or an ImportError that says which extra brings it."""
    try:
        import numpy
    except ImportError as error:
        raise ImportError(
            'masks and observation tensors need numpy: pip install "tabletop-wargames[rl]"'
        ) from error
    return numpy


def _index(keys: tuple[ActionKey, ...]) -> dict[ActionKey, int]:
    return {key: i for i, key in enumerate(keys)}


@frozen
class ActionCodec:
    """Every distinct action of a game, numbered from 0 in a fixed order.

    >>> import wargames
    >>> game = wargames.load("sabotage", variant="SM")
    >>> state = game.start(1)
    >>> move = game.legal_actions(state, "green")[0]
    >>> game.action_from_index(state, "green", game.action_index(move)) == move
    True
    """

    keys: tuple[ActionKey, ...]
    classes: Mapping[str, type[Action]] = field(eq=False, repr=False)
    known: Mapping[Action, int] = field(factory=dict, eq=False, repr=False)
    """Every listed action (of every player) and its index: encoding is one look-up."""
    _positions: dict[ActionKey, int] = field(init=False, eq=False, repr=False)
    _listed: dict[str, list[Action | None]] = field(init=False, eq=False, repr=False)
    _by_identity: dict[int, int] = field(init=False, eq=False, repr=False)
    _tables: dict[type, _ClassTable] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_positions", _index(self.keys))
        # Each player's listed actions by index, so decoding one is a list look-up.
        listed: dict[str, list[Action | None]] = {}
        for action, index in self.known.items():
            row = listed.get(action.player)
            if row is None:  # a row made once a player, not once an action
                row = listed[action.player] = [None] * len(self.keys)
            row[index] = action
        object.__setattr__(self, "_listed", listed)
        # Games hand out the very objects they listed (prebuilt moves): found by identity,
        # without hashing.  ``known`` keeps every listed object alive, so no other object
        # can have the id of one while the codec lives.
        same = {id(action): index for action, index in self.known.items()}
        object.__setattr__(self, "_by_identity", same)
        object.__setattr__(self, "_tables", {})

    @classmethod
    def of(cls, actions: Iterable[Action]) -> ActionCodec:
        """The codec of ``actions`` (every player's, in a fixed order; repeats of the same key,
        as two players' versions of one move, are numbered once, where first seen)."""
        keys: dict[ActionKey, int] = {}
        classes: dict[str, type[Action]] = {}
        known: dict[Action, int] = {}
        for action in actions:
            known[action] = keys.setdefault(action_key(action), len(keys))
            classes[type(action).__name__] = type(action)
        return cls(tuple(keys), classes, known)

    def __len__(self) -> int:
        return len(self.keys)

    def encode(self, action: Action) -> int:
        """The index of ``action``.

        :raises InvalidAction: for an action the game's action space does not list.
        """
        index = self._by_identity.get(id(action))
        if index is not None:
            return index
        index = self.known.get(action)
        if index is not None:
            return index
        try:
            return self._positions[action_key(action)]
        except (KeyError, TypeError):  # TypeError: a field that is not hashable
            raise InvalidAction(f"{excerpt(action)} is not in the game's action space") from None

    def decode(self, player: str, index: int) -> Action:
        """``player``'s action number ``index``.

        :raises InvalidAction: for an index out of range, or not a whole number.
        """
        if type(index) is not int:  # a numpy integer, say (a bool is refused)
            if isinstance(index, bool) or not isinstance(index, _integer_types()):
                raise InvalidAction(f"an action index is a whole number, not {excerpt(index)}")
            index = int(index)
        if not 0 <= index < len(self.keys):
            raise InvalidAction(f"action index {index} is not in 0..{len(self.keys) - 1}")
        listed = self._listed.get(player)
        action = None if listed is None else listed[index]
        if action is not None:
            return action  # a listed action of this player: the object listed
        name, *values = self.keys[index]
        cls = self.classes[str(name)]
        names = [a.name for a in attrs.fields(cls) if a.name != "player"]
        return cls(player=player, **dict(zip(names, values, strict=True)))

    def _table(self, cls: type) -> _ClassTable:
        """How actions of ``cls`` are found by their fields (a class the action space does
        not have finds none), worked out at the first look-up of the class."""
        table: _ClassTable = (id, {})
        if self.classes.get(cls.__name__) is cls:
            _, getters = _key_parts(cls)
            rows = [(key[1:], i) for i, key in enumerate(self.keys) if key[0] == cls.__name__]
            if not getters:  # no field but ``player``: the class tells it
                table = (type, {cls: rows[0][1]})
            elif len(getters) == 1:  # the getter gives the field itself, not a 1-tuple
                table = (getters[0], {values[0]: i for values, i in rows})
            else:
                names = [a.name for a in attrs.fields(cls) if a.name != "player"]
                table = (attrgetter(*names), dict(rows))
        self._tables[cls] = table
        return table

    def _indices(self, actions: Sequence[Action]) -> list[int]:
        """The index of each of ``actions``, found by its fields one run of a class at a
        time, by C loops (a legal-action list is mostly runs of one class: set-up places
        on every hex, every step of a move).

        :raises InvalidAction: for an action the action space does not list.
        """
        found: list[int | None] = []
        tables = self._tables
        try:
            for cls, run in groupby(actions, type):
                table = tables.get(cls)
                get, indices = self._table(cls) if table is None else table
                found.extend(map(indices.get, map(get, run)))
        except TypeError:  # a field that is not hashable
            found = [None] * len(actions)
        if None not in found:
            return found  # type: ignore[return-value]
        return [
            self.encode(action) if i is None else i
            for i, action in zip(found, actions, strict=True)
        ]

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The index of each of ``actions``, in order: what :meth:`encode` gives, for a whole
        legal-action list at once.

        :raises InvalidAction: for an action the action space does not list.
        """
        actions = actions if isinstance(actions, (tuple, list)) else tuple(actions)
        by_identity = self._by_identity
        if actions and id(actions[0]) in by_identity:  # a game that hands out listed objects
            try:  # their indices by identity, all at once
                return list(map(by_identity.__getitem__, map(id, actions)))
            except KeyError:  # a fresh action among them
                pass
        return self._indices(actions)  # fresh actions: found by their fields

    def mask(self, legal: Iterable[Action]) -> NDArray[numpy.int8]:
        """A 0/1 vector over the action space with a 1 at every action of ``legal``.

        A short list is marked in a ``bytearray`` the vector then owns (numpy's ``put``
        turns its list of indices into an array first, which costs more below
        :data:`_MARKED_ONE_BY_ONE` indices); a long one by ``put``.
        """
        indices = self.indices(legal)
        if len(indices) > _MARKED_ONE_BY_ONE:
            np = numpy_or_explain()
            mask = np.zeros(len(self.keys), dtype=np.int8)
            mask.put(indices, 1)
            return mask  # type: ignore[no-any-return]
        marked = bytearray(len(self.keys))
        for index in indices:
            marked[index] = 1
        frombuffer, int8 = _frombuffer_int8()
        return frombuffer(marked, int8)  # type: ignore[no-any-return]


_MARKED_ONE_BY_ONE = 128
"""The most legal actions :meth:`ActionCodec.mask` marks one by one in Python (about where
numpy's ``put`` of a list becomes the cheaper: 0.74 against 1.01 us for 8 of 13,251 places,
3.0 against 3.3 for 128, on the loaded machine of 2026-11-29)."""


@functools.cache
def _frombuffer_int8() -> tuple[Callable[..., Any], Any]:
    """numpy's ``frombuffer`` and the ``int8`` dtype object, to be passed by position:
    numpy parses a ``dtype=numpy.int8`` keyword at every call (0.47 against 0.26 us a mask
    of Mini Sabotage's 691 places, ``timeit``, 2026-11-30)."""
    np = numpy_or_explain()
    return np.frombuffer, np.dtype(np.int8)


@functools.cache
def _integer_types() -> tuple[type, ...]:
    """``int``, and numpy's integer types when numpy is there (agents hand back numpy
    integers)."""
    try:
        import numpy
    except ImportError:
        return (int,)
    return (int, numpy.integer)
