"""Grid SciFi for learning agents: its action space, its observation vector, its length.

**Actions** (:func:`every_action`): set-up on each square; activating each of the player's
units and calling each from reserve onto each rank; ending the turn; every re-roll (each
choice of faces); a step to each square; embarking in each of the player's units; leaving
the table, unpinning, overwatch; aiming each weapon of the player's army; targeting each
enemy unit (with intense fire or not); a psychic attack's dice; the answers to an attack
(take cover, hold ground, return fire with each weapon and, for a psychic one, each number
of dice); bailing out onto and placing on each square; ending the activation.

**Observation** (:func:`encode_view`): a ``float32`` vector, ``unit_features`` values for
each unit (in id order, the same for every player), then the global values; all read from the
player's view, so an enemy unit's profile is never read while it is secret:

=========================== ================================================================
place (unit ``u``: ``u*F+``) holds
=========================== ================================================================
0                           the unit is the player's
1 .. 6                      where it is: table, reserve, embarked, stranded, destroyed,
                            unplaced (one-hot)
7, 8                        its square (or its transport's): column and row, as shares of the
                            board's extent
9                           its damage, as a share of the largest strength in the game
10 .. 13                    pinned, overwatch, activated this turn, banked (unpins next turn)
14                          its profile is known to the player
15 .. 15+P-1                its profile (one-hot over every profile of both armies)
=========================== ================================================================

with ``P`` the profiles of both armies and ``F`` = ``unit_features``.  Then, with ``N`` the
units and ``W`` the weapon names of both armies: the turn as a share of the last, whether the
player is to act, whether they are setting up, a unit from reserve has arrived this turn;
the activation in progress (its unit one-hot over ``N``, how many dice show each face as a
share of the most dice, may re-roll, squares of move left as a share of the fastest, attacks
made, whether it has moved and whether terrain has ended its movement, the weapon aimed
one-hot over ``W``, a psychic target chosen); the attack awaiting an
answer (attacker and target one-hot over ``N``, weapon over ``W``, intense); the unit
arriving from reserve (one-hot over ``N``, its rank as a share of the board's height); and
the unit bailing out next (one-hot over ``N``).

The battlefield (terrain, objectives) is fixed for a game and its options, so the vector holds
only what changes.

**Length** (:func:`max_game_length`): the set-up, then each turn to the last, for every unit
of each player: an activation with a re-roll, for each die the most of its steps or two
attacks (aim, target, dice and the answer each), and its end; a call from reserve and its
placement; a bail-out per unit; and the end of the turn.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from wargames.core.codec import numpy_or_explain
from wargames.core.encoding import PieceRows, per_game, seen
from wargames.core.hidden import is_hidden
from wargames.gridscifi.state import (
    Activate,
    Aim,
    BailOut,
    CallReserve,
    Channel,
    Deploy,
    Embark,
    EndActivation,
    EndTurn,
    GridAction,
    GridState,
    HoldGround,
    LeaveTable,
    Overwatch,
    Place,
    Reroll,
    ReturnFire,
    Status,
    Step,
    TakeCover,
    Target,
    Unit,
    Unpin,
)

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

    from wargames.gridscifi.rules import GridSciFi
    from wargames.gridscifi.units import Profile

__all__ = ["encode_view", "every_action", "max_game_length", "observation_shape"]

_STATUSES = tuple(Status)
_FACES = 6


def _profiles(game: GridSciFi) -> list[Profile]:
    """Every profile of both armies (one entry per name), in a fixed order."""
    named = {p.name: p for army in game.field.armies.values() for p in army.profiles.values()}
    return [named[name] for name in sorted(named)]


def _weapons(game: GridSciFi, player: str | None = None) -> list[str]:
    """The weapon names of ``player``'s army (of both armies for ``None``), sorted."""
    armies = game.field.armies
    chosen = armies.values() if player is None else [armies[player]]
    return sorted({w.name for army in chosen for p in army.profiles.values() for w in p.weapons})


def _unit_ids(game: GridSciFi, player: str) -> list[int]:
    """The ids of ``player``'s units: the first player's first, one per roster entry."""
    first = 0
    for owner in game.players:
        count = len(game.field.armies[owner].roster)
        if owner == player:
            return list(range(first, first + count))
        first += count
    raise AssertionError(f"no player {player!r}")


def _unit_count(game: GridSciFi) -> int:
    return sum(len(game.field.armies[p].roster) for p in game.players)


def _most_dice(game: GridSciFi) -> int:
    numbers = game.field.tables.numbers
    return max(*game.field.tables.quality.values(), numbers.commanded_dice, numbers.led_dice)


def every_action(game: GridSciFi, player: str) -> Iterator[GridAction]:
    """Every action ``player`` could ever take, in the order documented above."""
    board = game.field.board
    squares = list(board)
    mine = _unit_ids(game, player)
    enemies = [u for other in game.players if other != player for u in _unit_ids(game, other)]
    psychic_most = game.field.tables.numbers.psychic_max_dice
    yield from (Deploy(player, s) for s in squares)
    yield from (Activate(player, u) for u in mine)
    yield from (CallReserve(player, u, rank) for u in mine for rank in range(1, board.height + 1))
    yield EndTurn(player)
    for size in range(1, _most_dice(game) + 1):
        faces = range(1, _FACES + 1)
        yield from (Reroll(player, c) for c in itertools.combinations_with_replacement(faces, size))
    yield from (Step(player, s) for s in squares)
    yield from (Embark(player, u) for u in mine)
    yield from (LeaveTable(player), Unpin(player), Overwatch(player))
    yield from (Aim(player, weapon) for weapon in _weapons(game, player))
    yield from (Target(player, u, intense) for u in enemies for intense in (False, True))
    yield from (Channel(player, n) for n in range(1, psychic_most + 1))
    yield from (TakeCover(player), HoldGround(player))
    for weapon in _weapons(game, player):
        yield ReturnFire(player, weapon)
        yield from (ReturnFire(player, weapon, n) for n in range(1, psychic_most + 1))
    yield from (BailOut(player, s) for s in squares)
    yield from (Place(player, s) for s in squares)
    yield EndActivation(player)


def unit_features(game: GridSciFi) -> int:
    """How many values describe one unit."""
    return 15 + len(_profiles(game))


def _global_features(game: GridSciFi) -> int:
    units = _unit_count(game)
    weapons = len(_weapons(game))
    activation = units + _FACES + 5 + weapons + 1
    declared = 2 * units + weapons + 1
    return 4 + activation + declared + (units + 1) + units


def observation_shape(game: GridSciFi) -> tuple[int]:
    """One vector: every unit's values, then the global ones."""
    units = _unit_count(game)
    return (units * unit_features(game) + _global_features(game),)


class _Layout:
    """What :func:`encode_view` works out once per game: the orders and scales of the
    vector, and each unit's values remembered (:class:`~wargames.core.encoding.PieceRows`:
    a move re-encodes only the units it made)."""

    def __init__(self, game: GridSciFi) -> None:
        board = game.field.board
        self.profiles = {p.name: i for i, p in enumerate(_profiles(game))}
        self.weapons = {name: i for i, name in enumerate(_weapons(game))}
        self.strongest = max(p.strength for p in _profiles(game))
        self.fastest = max(p.allowance for p in _profiles(game))
        self.x_span = max(board.width - 1, 1)
        self.y_span = max(board.height - 1, 1)
        self.height = board.height
        self.width = unit_features(game)
        self.units = _unit_count(game)
        self.shape = observation_shape(game)
        self.die = 1 / _most_dice(game)
        self.most_attacks = game.field.tables.numbers.max_attacks_non_troop
        self.rows = PieceRows(self.unit)

    def unit(self, unit: Unit, player: str) -> NDArray[numpy.float32]:
        """A unit's values as ``player`` sees it (see the module docs), its profile read as
        its redaction shows it (:func:`~wargames.core.encoding.seen`); an embarked unit's
        square (its transport's) is not among them."""
        values: list[float] = [0.0] * self.width
        values[0] = unit.owner == player
        values[1 + _STATUSES.index(unit.status)] = 1
        if unit.status is Status.TABLE or unit.status is Status.STRANDED:
            square = unit.square
            if square is not None:
                values[7] = square.x / self.x_span
                values[8] = square.y / self.y_span
        values[9] = min(unit.damage / self.strongest, 1.0)
        values[10:14] = (unit.pinned, unit.overwatch, unit.activated, unit.banked)
        profile = seen(unit, "profile", player)
        if not is_hidden(profile):
            values[14] = 1
            values[15 + self.profiles[profile]] = 1
        np = numpy_or_explain()
        return np.array(values, dtype=np.float32)  # type: ignore[no-any-return]


_layout = per_game(_Layout)
"""The layout of a game, worked out once."""


def encode_view(game: GridSciFi, view: GridState, player: str) -> NDArray[numpy.float32]:
    """``player``'s view as a vector (see the module docs).

    ``view`` may also be the full state: the one secret the vector reads, a unit's profile,
    is read as redaction shows it (:func:`~wargames.core.encoding.seen`), so the state and
    ``player``'s view of it give the same vector, and the view need not be made
    (:meth:`GridSciFi.observation_tensor`)."""
    np = numpy_or_explain()
    layout = _layout(game)
    field_ = game.field
    weapons = layout.weapons
    width = layout.width
    units = layout.units
    vector: Any = np.zeros(layout.shape, dtype=np.float32)
    rows = vector[: units * width].reshape(units, width)
    # Unit ids are their places in ``units``.
    layout.rows.fill(rows, view.units, player)
    for unit in view.units:
        if unit.status is Status.EMBARKED and unit.carrier is not None:
            square = field_.position(view.units, unit)
            if square is not None:
                rows[unit.id, 7:9] = (square.x / layout.x_span, square.y / layout.y_span)
    at = units * width
    vector[at] = min(view.clock.turn / game.turns, 1.0)
    vector[at + 1] = player in game.to_act(view)
    vector[at + 2] = game.in_setup(view)
    vector[at + 3] = view.arrived
    at += 4
    act = view.activation
    if act is not None:
        vector[at + act.unit] = 1
        for face in act.dice:
            vector[at + units + face - 1] += layout.die
        tail = at + units + _FACES
        vector[tail] = act.may_reroll
        vector[tail + 1] = min(act.move_left / layout.fastest, 1.0)
        vector[tail + 2] = min(act.attacks / layout.most_attacks, 1.0)
        vector[tail + 3] = act.moved
        vector[tail + 4] = act.halted
        if act.aim is not None:
            vector[tail + 5 + weapons[act.aim]] = 1
        vector[tail + 5 + len(weapons)] = act.psychic_target is not None
    at += units + _FACES + 5 + len(weapons) + 1
    declared = view.declared
    if declared is not None:
        vector[at + declared.attacker] = 1
        vector[at + units + declared.target] = 1
        vector[at + 2 * units + weapons[declared.weapon]] = 1
        vector[at + 2 * units + len(weapons)] = declared.intense
    at += 2 * units + len(weapons) + 1
    if view.arrival is not None:
        vector[at + view.arrival.unit] = 1
        vector[at + units] = view.arrival.rank / layout.height
    at += units + 1
    if view.bailing:
        vector[at + view.bailing[0]] = 1
    return vector  # type: ignore[no-any-return]


def max_game_length(game: GridSciFi) -> int:
    """An upper bound on the actions of one game (see the module docs)."""
    units = _unit_count(game)
    per_die = max(max(p.allowance for p in _profiles(game)), 2 * 4)
    activation = 2 + _most_dice(game) * per_die + 1
    turn = units * (activation + 1) + len(game.players) * 3
    return units + game.turns * turn
