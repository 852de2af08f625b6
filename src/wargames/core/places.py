"""Where on the board an action takes effect, read from its fields: the board positions a
user interface lights up for it (the unit or piece it moves, fires or targets first, its
destination or target last).

The reading is generic: a field holding a board node (or a node's label) is that node; a
field naming a unit (``unit``, ``target``, ``transport``, ...) is where that unit stands, as
:meth:`wargames.core.game.Game.unit_place` finds it; a ``direction`` field on a hex board is
the hex next to the node before it, that way; an action made for the game's
:meth:`~wargames.core.game.Game.acting_unit` (an activation, a move in progress) concerns
where that unit stands first, whatever else it names.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from wargames.core.board import Board
from wargames.core.hexes import Hex

if TYPE_CHECKING:
    from wargames.core.game import Action, Game, State

__all__ = ["UNIT_FIELDS", "action_places", "unit_place"]

UNIT_FIELDS = frozenset({"unit", "target", "transport", "carrier", "piece", "attacker", "defender"})
"""The names of the action fields that hold a unit's id (when they do not hold a node)."""


def action_places(game: Game[Any, Any], state: State, action: Action) -> tuple[Any, ...]:
    """The board nodes ``action`` concerns in ``state`` (a view: only what its seat may
    know), in the order of its fields, repeats dropped; ``()`` for a game without a board."""
    board = getattr(game, "board", None)
    if not isinstance(board, Board):
        return ()
    labels = _labels(board)
    found: list[Any] = []
    for name, value in _fields(action):
        node = _node(board, labels, value)
        if node is None and name in UNIT_FIELDS and _is_id(value):
            node = game.unit_place(state, value)
        if node is None and name == "direction" and found and isinstance(value, int):
            last = found[-1]
            step = last.neighbour(value) if isinstance(last, Hex) else None
            node = step if step in board else None
        if node is not None and node not in found:
            found.append(node)
    acting = game.acting_unit(state)
    if acting is not None:
        place = game.unit_place(state, acting)
        if place is not None and place not in found:
            found.insert(0, place)
    return tuple(found)


def unit_place(game: Game[Any, Any], state: State, unit: Hashable) -> Any | None:
    """Where the unit with id ``unit`` stands in ``state``: the first field of the state's
    ``units`` entry with that ``id`` that holds a node of the game's board; ``None`` for a
    unit off the board or not known."""
    board = getattr(game, "board", None)
    units = getattr(state, "units", ())
    if not isinstance(board, Board):
        return None
    for entry in units.values() if isinstance(units, dict) else units:
        if getattr(entry, "id", None) != unit or not attrs.has(type(entry)):
            continue
        for field in attrs.fields(type(entry)):
            value = getattr(entry, field.name)
            if _is_node(board, value):
                return value
    return None


def _fields(action: Action) -> Iterator[tuple[str, Any]]:
    """``action``'s fields but its player, by name, one level into plain tuples."""
    for field in attrs.fields(type(action)):
        if field.name == "player":
            continue
        value = getattr(action, field.name)
        if isinstance(value, tuple) and not hasattr(value, "_fields"):
            yield from ((field.name, item) for item in value)
        else:
            yield field.name, value


def _labels(board: Board[Any]) -> dict[str, Any]:
    """Each node by the label it is written with (its ``label`` on a hex map, else its
    text; a hex with no label is left out)."""
    label = getattr(board, "label", str)
    labels = {}
    for node in board:
        try:
            labels[label(node)] = node
        except ValueError:
            continue
    return labels


def _node(board: Board[Any], labels: dict[str, Any], value: Any) -> Any | None:
    """The node ``value`` is or names, if any."""
    if isinstance(value, str) and value in labels:
        return labels[value]
    return value if _is_node(board, value) else None


def _is_node(board: Board[Any], value: Any) -> bool:
    """Whether ``value`` is a node of ``board`` (numbers are never nodes here: they count)."""
    return _is_id(value) and not isinstance(value, int) and value in board


def _is_id(value: Any) -> bool:
    """Whether ``value`` can be an id or a node: hashable and no flag."""
    return isinstance(value, Hashable) and not isinstance(value, bool)
