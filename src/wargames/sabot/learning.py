"""SABOT for learning agents: its action space, its observation vector, its length.

Counter ids are the set-up order and every purchase adds counters, so the action space
numbers the most counters a game can ever hold (:func:`most_counters`): the build points
spent on the platoons with the most counters per point, the decoys, and, with
reinforcements, every turn's purchase to ``max_turns``.

**Actions** (:func:`every_action`): selecting each counter; advancing, turning either way,
flying, revealing, stopping, holding fire, "done"; scouting each counter; boarding each
counter; leaving a carrier into, placing on and preparing a position on each hex; each
counter firing each weapon of the unit table at each counter; each special action of each
counter (repair and reload of each counter, deploy and fold, prepare on each hex); embarking
in each counter at set-up; each facing; buying each platoon.

**Observation** (:func:`encode_view`): a ``float32`` vector, ``counter_features`` values for
each counter slot (by id; slots not yet bought are 0), then the global values; all read from
the player's view, so a concealed counter's kind and an enemy's shots are never read:

============================= ==============================================================
place (counter ``c``: ``c*F+``) holds
============================= ==============================================================
0                             the slot holds a counter
1                             the counter is the player's
2                             its kind is known to the player
3 .. 3+K-1                    its kind (one-hot over the unit table's types, then the decoy)
3+K .. 3+K+4                  its status: ok, disabled, destroyed, gone, unplaced (one-hot)
8+K                           it is aboard a carrier
9+K, 10+K                     its hex: column and row, as shares of the map's extent
11+K .. 16+K                  its facing (one-hot)
17+K .. 24+K                  has moved, moved this turn, done, fired, shot at, crossed a
                              river, an unfolded bridge, right side up
25+K                          the player's own counter: its shots marker, as a share of the
                              most shots
26+K                          move spent this turn, as a share of the longest move
============================= ==============================================================

with ``K`` the unit table's types plus the decoy and ``F`` = ``counter_features``.  Then: the
turn as a share of ``max_turns``, the phase (set-up, reinforcement, movement, attack,
special; one-hot), whether the player is to act, the counter moving or firing now (one-hot
over the slots), whether it flies, whether an overwatch window is open, the player's
reinforcement points as a share of a turn's, and for each hex whether it holds a prepared
position of the player's, then of the enemy's.

The map is fixed for a game and its options, so the vector holds only what changes.

**Length** (:func:`max_game_length`): the action limit (``action_limit``; by default 8
actions for each counter the game can hold, in each turn to ``max_turns`` and in the set-up),
or, if less, what the rules allow: each counter's set-up (a place or embark, a facing) and
the prepared positions; then in every turn to ``max_turns``, for every counter, a move of at
most twice its half move units in steps plus its turns, a scout, a reveal, a board or
disembark and a stop, each step answered by the enemy's holding or firing; a shot per weapon
of each counter; a special action each; and the phases' "done"s and purchases.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from wargames.core.codec import numpy_or_explain
from wargames.core.encoding import PieceRows, per_game, secret_rule, seen
from wargames.core.hidden import is_hidden
from wargames.sabot import army
from wargames.sabot.firing import weapons
from wargames.sabot.state import (
    ABOARD,
    STATUSES,
    UNPLACED,
    Advance,
    Board,
    Buy,
    Disembark,
    Done,
    Embark,
    Entrench,
    Face,
    Fire,
    Hold,
    Place,
    Reveal,
    SabotAction,
    SabotState,
    Scout,
    Select,
    Special,
    Stop,
    TakeOff,
    Turn,
    Unit,
)
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

    from wargames.sabot.rules import Sabot, SabotOptions

__all__ = [
    "counter_features",
    "encode_view",
    "every_action",
    "max_game_length",
    "most_counters",
    "observation_shape",
]

_PHASES = ("set-up", "reinforcement", "movement", "attack", "special")
_FLAGS = ("has_moved", "moved", "done", "fired", "shot_at", "crossed", "bridge", "revealed")
_HEX_FACES = 6


def _turn_limit(game: Sabot) -> int:
    limit: int | None = game.options.max_turns
    if limit is None:
        raise NotImplementedError(
            "SABOT with max_turns=None has no bound on its length or on its counters"
        )
    return limit


def most_counters(game: Sabot) -> int:
    """The most counters a game can hold (both players): the id slots of the action space.

    :raises NotImplementedError: with reinforcements and no turn limit (purchases go on).
    """
    options: SabotOptions = game.options
    each = army.most_counters(game.table, options.build_points) + options.decoys
    if options.reinforcements:
        each += army.most_counters(game.table, options.reinforcements) * _turn_limit(game)
    return len(game.players) * each


def _kinds(game: Sabot) -> list[str]:
    return [*sorted(game.table.types), DECOY]


def _weapon_names(game: Sabot) -> list[str]:
    return sorted({w for kind in game.table.types.values() for w in weapons(kind)})


def every_action(game: Sabot, player: str) -> Iterator[SabotAction]:
    """Every action ``player`` could ever take, in the order documented above."""
    slots = range(most_counters(game))
    labels = [game.map.label(i) for i in range(len(game.map.board))]
    yield from (Select(player, c) for c in slots)
    yield from (Advance(player), Turn(player, 1), Turn(player, -1), TakeOff(player))
    yield from (Reveal(player), Stop(player), Hold(player), Done(player))
    yield from (Scout(player, c) for c in slots)
    yield from (Board(player, c) for c in slots)
    yield from (Disembark(player, label) for label in labels)
    yield from (Place(player, label) for label in labels)
    yield from (Entrench(player, label) for label in labels)
    names = _weapon_names(game)
    yield from (Fire(player, c, w, t) for c in slots for w in names for t in slots)
    for c in slots:
        yield from (Special(player, c, what, t) for what in ("repair", "reload") for t in slots)
        yield from (Special(player, c, "deploy"), Special(player, c, "fold"))
        yield from (Special(player, c, "prepare", h) for h in range(len(labels)))
    yield from (Embark(player, c) for c in slots)
    yield from (Face(player, f) for f in range(_HEX_FACES))
    yield from (Buy(player, name) for name in sorted(game.table.platoons))


def counter_features(game: Sabot) -> int:
    """How many values describe one counter slot."""
    return 27 + len(_kinds(game))


def observation_shape(game: Sabot) -> tuple[int]:
    """One vector: every counter slot's values, then the global ones."""
    slots = most_counters(game)
    hexes = len(game.map.board)
    return (slots * counter_features(game) + 1 + len(_PHASES) + 1 + slots + 3 + 2 * hexes,)


class _Layout:
    """What :func:`encode_view` works out once per game: the places and the scales of the
    vector, and each counter's values remembered (:class:`~wargames.core.encoding.PieceRows`:
    a move re-encodes only the counters it made)."""

    def __init__(self, game: Sabot) -> None:
        cells = game.map.board.nodes
        q_low, q_high = min(c.q for c in cells), max(c.q for c in cells)
        r_low, r_high = min(c.r for c in cells), max(c.r for c in cells)
        self.places = [
            ((c.q - q_low) / max(q_high - q_low, 1), (c.r - r_low) / max(r_high - r_low, 1))
            for c in cells
        ]
        self.kinds = {name: i for i, name in enumerate(_kinds(game))}
        types = game.table.types.values()
        self.most_shots = max(1, *(t.limited_shots for t in types))
        self.longest = 2 * max(t.move + 1 for t in types)
        self.width = counter_features(game)
        self.slots = most_counters(game)
        self.hexes = len(cells)
        self.shape = observation_shape(game)
        self.turns = _turn_limit(game)
        self.flags = attrgetter(*_FLAGS)
        self.secret_flags = [(i, f) for i, f in enumerate(_FLAGS) if secret_rule(Unit, f)]
        self.rows = PieceRows(self.counter)

    def counter(self, unit: Unit, player: str) -> NDArray[numpy.float32]:
        """One counter's values, as ``player`` sees it (see the module docs): its secrets read
        as its redaction shows them (:func:`~wargames.core.encoding.seen`), so a counter of
        the full state gives what the same counter of the view gives."""
        k = len(self.kinds)
        values: list[float] = [0.0] * self.width
        values[0] = 1
        values[1] = unit.owner == player
        kind = seen(unit, "kind", player)
        if not is_hidden(kind):
            values[2] = 1
            values[3 + self.kinds[kind]] = 1
        values[3 + k + STATUSES.index(unit.status)] = 1
        values[8 + k] = unit.hex == ABOARD and unit.status != UNPLACED
        if 0 <= unit.hex < self.hexes:
            values[9 + k : 11 + k] = self.places[unit.hex]
        values[11 + k + unit.facing % _HEX_FACES] = 1
        flags = [value is True for value in self.flags(unit)]
        for i, flag in self.secret_flags:
            flags[i] = seen(unit, flag, player) is True
        values[17 + k : 25 + k] = flags
        ammo = seen(unit, "ammo", player)
        if not is_hidden(ammo):
            values[25 + k] = min(ammo / self.most_shots, 1.0)
        values[26 + k] = min(unit.spent / self.longest, 1.0)
        np = numpy_or_explain()
        return np.array(values, dtype=np.float32)  # type: ignore[no-any-return]


_layout = per_game(_Layout)
"""The layout of a game, worked out once."""


def encode_view(game: Sabot, view: SabotState, player: str) -> NDArray[numpy.float32]:
    """``player``'s view as a vector (see the module docs).

    ``view`` may also be the full state: every secret the vector reads (a counter's kind,
    ammunition and crossing, the points in a purse) is read as redaction shows it
    (:func:`~wargames.core.encoding.seen`), so the state and ``player``'s view of it give the
    same vector, and the view need not be made (:meth:`Sabot.observation_tensor`)."""
    np = numpy_or_explain()
    layout = _layout(game)
    slots, width = layout.slots, layout.width
    vector: Any = np.zeros(layout.shape, dtype=np.float32)
    # Counter ids are their places in ``units`` (an invariant of the state).
    layout.rows.fill(vector[: slots * width].reshape(slots, width), view.units, player)
    at = slots * width
    vector[at] = min(view.clock.turn / layout.turns, 1.0)
    vector[at + 1 + _PHASES.index(game.phase(view))] = 1
    at += 1 + len(_PHASES)
    vector[at] = player in game.to_act(view)
    at += 1
    moving = view.moving  # only its public fields are read
    if moving is not None:
        vector[at + moving.unit] = 1
        vector[at + slots] = moving.flying
        vector[at + slots + 1] = moving.watch
    at += slots + 2
    mine = next((p for p in view.purses if p.owner == player), None)
    points = None if mine is None else seen(mine, "points", player)
    if points is not None and game.options.reinforcements and not is_hidden(points):
        vector[at] = min(points / game.options.reinforcements, 1.0)
    at += 1
    for owner, hex_ in view.prepared:
        vector[at + (0 if owner == player else layout.hexes) + hex_] = 1
    return vector  # type: ignore[no-any-return]


def max_game_length(game: Sabot) -> int:
    """An upper bound on the actions of one game (see the module docs).

    :raises NotImplementedError: without ``max_turns`` or ``action_limit`` (a game may then
        go on for ever).
    """
    limit = game.action_limit
    if game.options.max_turns is None and limit is not None:
        return limit
    turns = _turn_limit(game)
    counters = most_counters(game)
    types = game.table.types.values()
    move = max(2 * (t.move + 1) + t.turns for t in types) + 5
    shots = len(_weapon_names(game))
    setup = counters * 3 + 4 * counters + 4
    turn = counters * (2 * move + shots + 2) + counters * 2 + len(game.table.platoons) + 16
    rules = setup + turns * turn
    return rules if limit is None else min(rules, limit)
