"""The bots' heuristic for Sabotage (not a rule): material, pressure on the enemy
Headquarters and an immediate threat to one (:meth:`Sabotage.evaluate`); during set-up, how
safe each side's Headquarters stands (:func:`setup_evaluate`).

Search bots call it tens of thousands of times a move, so it reads the board once, by cell
index, with each cell's coordinates computed once per board.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

import networkx as nx
from attrs import frozen

from wargames.core.board import Board, Square, SquareBoard
from wargames.core.game import balance
from wargames.sabotage.layout import Layout, load_values
from wargames.sabotage.pieces import IMMOVABLE, Kind
from wargames.sabotage.state import PLAYERS, TURNS, Piece, SabotageState

if TYPE_CHECKING:
    from wargames.sabotage.rules import Sabotage

__all__ = [
    "PRESSURE",
    "SETUP",
    "THREAT",
    "VALUES",
    "evaluate",
    "headquarters_safety",
    "setup_evaluate",
]

VALUES: Final = load_values()
THREAT: Final = 0.3
"""The weight of an immediate threat to a Headquarters in :func:`evaluate`."""
PRESSURE: Final = 0.3
"""The weight of pressure on the Headquarters in the rest of :func:`evaluate`."""
SETUP: Final = {"depth": 0.4, "cover": 0.5, "guard": 0.1}
"""The weights of the set-up terms of :func:`setup_evaluate`, which sum to 1: how far the
Headquarters stands from where the enemy starts, how many of its sides are closed, and the
strongest piece of its own beside it."""
_HQ: Final = Kind.HEADQUARTERS
_OPPONENT: Final = {PLAYERS[0]: PLAYERS[1], PLAYERS[1]: PLAYERS[0]}


@functools.cache
def _coordinates(board: Board[Square]) -> tuple[tuple[int, int], ...]:
    """Each cell's ``(x, y)``, by index."""
    nodes = (board.node(i) for i in range(len(board)))
    return tuple((square.x, square.y) for square in nodes)


def evaluate(game: Sabotage, state: SabotageState, player: str) -> float:
    """The heuristic of an unfinished game (:meth:`Sabotage.evaluate` scores a finished one);
    during set-up, :func:`setup_evaluate`.

    Seven parts the position: seven tenths material, the
    :func:`~wargames.core.game.balance` of the players' piece values (``[values]`` in the
    data), three tenths (``PRESSURE``) pressure, the balance of how close each side's movable
    pieces stand to the other's Headquarters (each counts one over its distance), so that a
    bot advances on the Headquarters and clears raiders away from its own.  Three parts the
    threat: a piece moves one square a turn, so a side with a movable piece next to the
    enemy Headquarters that may still move (the side to act, if that piece has not moved this
    turn; the other side, whose turn comes next) may capture it at once ("Capture your
    opponent's headquarters by moving any of your pieces onto it").  The side that moves
    first scores 1 if it may, else -1 if the other may (the threat stands until it is
    removed), ``THREAT`` of the whole.
    """
    if TURNS.in_setup(state.clock):
        return setup_evaluate(game, state, player)
    where = _coordinates(game.board)
    material = dict.fromkeys(PLAYERS, 0)
    headquarters: dict[str, tuple[int, int]] = {}
    movers: list[tuple[str, int, int]] = []
    for index, piece in enumerate(state.cells):
        if piece is None:
            continue
        kind = piece.kind
        material[piece.owner] += VALUES.get(kind, 0)
        if kind is _HQ:
            headquarters[piece.owner] = where[index]
        elif kind not in IMMOVABLE:
            movers.append((piece.owner, index, piece.id))
    pressure = dict.fromkeys(PLAYERS, 0.0)
    threat = dict.fromkeys(PLAYERS, False)
    acting = game.to_act(state)
    moved = state.moved
    for owner, index, ident in movers:
        target = headquarters.get(_OPPONENT[owner])
        if target is None:
            continue
        x, y = where[index]
        distance = abs(x - target[0]) + abs(y - target[1])
        pressure[owner] += 1 / distance
        if distance == 1 and not threat[owner]:
            threat[owner] = owner not in acting or ident not in moved
    other = _OPPONENT[player]
    position = (1 - PRESSURE) * balance(material[player], material[other]) + PRESSURE * balance(
        pressure[player], pressure[other]
    )
    first = player if player in acting else other  # who moves first
    danger = 1.0 if threat[first] else -1.0 if threat[_OPPONENT[first]] else 0.0
    if first != player:
        danger = -danger
    return (1 - THREAT) * position + THREAT * danger


# -- set-up ---------------------------------------------------------------------------------

_MINE: Final = Kind.LANDMINE
_SIDES: Final = 4  # a square's orthogonal sides
_STRONGEST: Final = max(value for kind, value in VALUES.items() if kind not in IMMOVABLE)


@frozen
class _Zone:
    """One side's set-up zone, worked out once per layout, by cell index.

    ``cells``: the zone in the order set-up fills it.  For each of them: ``depth``, its distance
    in steps (round volcanoes) from the nearest square of the enemy's zone, scaled from 0 (the
    nearest of the zone) to 1 (the farthest); ``closed``, how many of its sides the board's
    edge or a volcano closes; ``sides``, the squares beside it a piece may enter; ``near``, the
    squares within two steps of it.
    """

    cells: tuple[int, ...]
    depth: dict[int, float]
    closed: dict[int, int]
    sides: dict[int, tuple[int, ...]]
    near: dict[int, tuple[int, ...]]


@functools.cache
def _zones(layout: Layout) -> tuple[_Zone, ...]:
    """Both sides' :class:`_Zone`, in seat order."""
    board = layout.board()
    open_squares = [s for s in board if board.terrain(s) != "volcano"]
    graph = board.graph.subgraph(open_squares)
    squares = [layout.zone(p, board) for p in range(len(PLAYERS))]
    return tuple(_zone(board, graph, squares[p], squares[1 - p]) for p in range(len(PLAYERS)))


def _zone(
    board: SquareBoard, graph: nx.Graph, own: Sequence[Square], enemy: Sequence[Square]
) -> _Zone:
    steps = nx.multi_source_dijkstra_path_length(graph, set(enemy))
    far = {s: steps.get(s, max(steps.values())) for s in own}
    low, high = min(far.values()), max(far.values())
    index = board.index
    sides = {s: [t for t in board.orthogonal(s) if t in graph] for s in own}
    return _Zone(
        cells=tuple(index(s) for s in own),
        depth={index(s): (far[s] - low) / (high - low) if high > low else 1.0 for s in own},
        closed={index(s): _SIDES - len(sides[s]) for s in own},
        sides={index(s): tuple(index(t) for t in sides[s]) for s in own},
        near={
            index(s): tuple(index(t) for t in board if 0 < board.distance(s, t) <= 2) for s in own
        },
    )


def setup_evaluate(game: Sabotage, state: SabotageState, player: str) -> float:
    """The heuristic of a game in set-up: how much safer ``player``'s Headquarters stands than
    the enemy's, each side's safety in [0, 1] (:func:`_safety`), the difference scaled by 0.9
    as :func:`~wargames.core.game.balance` keeps clear of a finished game's 1.

    A set-up is judged by the rules' first way to lose, "Capture your opponent's headquarters
    by moving any of your pieces onto it": a piece moves one square a turn, so what matters is
    how many steps the Headquarters stands from where the enemy starts, how many of its sides
    an enemy may step in by, and what defends it.  Material is left out: every army is whole
    once set up.  Green fills its zone first, then red, each in the zone's fixed order.
    """
    zones = _zones(game.layout)
    green_acts = PLAYERS[0] in game.to_act(state)
    filled = (state.deployed, 0) if green_acts else (len(zones[0].cells), state.deployed)
    safety = [_safety(zone, state.cells, filled[p], game.army) for p, zone in enumerate(zones)]
    seat = PLAYERS.index(player)
    return 0.9 * (safety[seat] - safety[1 - seat])


def _safety(
    zone: _Zone, cells: Sequence[Piece | None], filled: int, army: Mapping[Kind, int]
) -> float:
    """How safe a side's Headquarters can stand once the first ``filled`` squares of its zone
    are set up, the rest of ``army`` still to place: :func:`_safety_at` its square, or while
    it is still to place, the best of the squares left (0 if none: a Headquarters this player
    cannot see).  The rest of the set-up is the player's to make, so it is reckoned at its
    best: the landmines left close the open sides still to fill, and the strongest piece left
    guards from a square still to fill within reach.  (Reckoned at the mean of the squares
    left, the first square of the zone's order that beat the mean took the Headquarters, so
    it stood on a1 or h8 in every game.)"""
    placed, left = zone.cells[:filled], zone.cells[filled:]
    kinds = Counter(piece.kind for i in placed if (piece := cells[i]) is not None)
    unfilled = frozenset(left)
    rest = _Rest(
        unfilled,
        mines=army.get(_MINE, 0) - kinds[_MINE],
        strongest=max(
            (VALUES.get(k, 0) for k, n in army.items() if k not in IMMOVABLE and n > kinds[k]),
            default=0,
        ),
    )
    if kinds[_HQ]:
        return _safety_at(zone, cells, next(i for i in placed if _kind(cells[i]) is _HQ), rest)
    return max((_safety_at(zone, cells, at, rest) for at in left), default=0.0)


@functools.cache
def headquarters_safety(layout: Layout, seat: int) -> dict[int, float]:
    """How safe a Headquarters would stand on each square of seat ``seat``'s zone (by cell
    index), as :func:`setup_evaluate` reckons it before anything is placed: the whole army
    still to place, at its best.  The bots set their Headquarters where this is highest."""
    zone = _zones(layout)[seat]
    army = dict(layout.army)
    rest = _Rest(
        frozenset(zone.cells),
        mines=army.get(_MINE, 0),
        strongest=max((VALUES.get(k, 0) for k in army if k not in IMMOVABLE), default=0),
    )
    cells: tuple[Piece | None, ...] = (None,) * len(layout.board())
    return {at: _safety_at(zone, cells, at, rest) for at in zone.cells}


@frozen
class _Rest:
    """What a side's set-up still has to place: the squares still to fill, the landmines
    left and the value of the strongest movable piece left (0 if none)."""

    unfilled: frozenset[int]
    mines: int
    strongest: int


def _kind(piece: Piece | None) -> Kind | None:
    return None if piece is None else piece.kind


def _safety_at(zone: _Zone, cells: Sequence[Piece | None], at: int, rest: _Rest) -> float:
    """The safety of a Headquarters on ``at``, the ``SETUP`` terms weighted: ``depth``, its
    distance from the enemy's zone (scaled in the zone); ``cover``, the share of its four
    sides closed, by the board's edge, a volcano or a landmine of its own (which destroys
    every attacker but a Saboteur), as many sides still to fill as ``rest`` has landmines
    counting closed; ``guard``, the value of the strongest movable piece of its own within
    two steps over the strongest piece's (a raider must get past it), ``rest``'s strongest
    counting if a square within reach is still to fill."""
    mined = sum(1 for side in zone.sides[at] if _kind(cells[side]) is _MINE)
    to_fill = sum(1 for side in zone.sides[at] if side in rest.unfilled)
    cover = zone.closed[at] + mined + min(rest.mines, to_fill)
    near = zone.near[at]
    guard = max(
        (
            VALUES.get(piece.kind, 0)
            for i in near
            if (piece := cells[i]) is not None and piece.kind not in IMMOVABLE
        ),
        default=0,
    )
    if any(i in rest.unfilled for i in near):
        guard = max(guard, rest.strongest)
    return (
        SETUP["depth"] * zone.depth[at]
        + SETUP["cover"] * cover / _SIDES
        + SETUP["guard"] * guard / _STRONGEST
    )
