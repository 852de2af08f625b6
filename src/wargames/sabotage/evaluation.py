"""The bots' heuristic for Sabotage (not a rule): material, pressure on the enemy
Headquarters and an immediate threat to one (:meth:`Sabotage.evaluate`).

Search bots call it tens of thousands of times a move, so it reads the board once, by cell
index, with each cell's coordinates computed once per board.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from wargames.core.board import Board, Square
from wargames.core.game import balance
from wargames.sabotage.layout import load_values
from wargames.sabotage.pieces import IMMOVABLE, Kind
from wargames.sabotage.state import PLAYERS, SabotageState

if TYPE_CHECKING:
    from wargames.sabotage.rules import Sabotage

__all__ = ["PRESSURE", "THREAT", "VALUES", "evaluate"]

VALUES: Final = load_values()
THREAT: Final = 0.3
"""The weight of an immediate threat to a Headquarters in :func:`evaluate`."""
PRESSURE: Final = 0.3
"""The weight of pressure on the Headquarters in the rest of :func:`evaluate`."""
_HQ: Final = Kind.HEADQUARTERS
_OPPONENT: Final = {PLAYERS[0]: PLAYERS[1], PLAYERS[1]: PLAYERS[0]}


@functools.cache
def _coordinates(board: Board[Square]) -> tuple[tuple[int, int], ...]:
    """Each cell's ``(x, y)``, by index."""
    nodes = (board.node(i) for i in range(len(board)))
    return tuple((square.x, square.y) for square in nodes)


def evaluate(game: Sabotage, state: SabotageState, player: str) -> float:
    """The heuristic of an unfinished game (:meth:`Sabotage.evaluate` scores a finished one).

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
