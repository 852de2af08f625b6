"""Small helpers shared by the Sabotage tests."""

from typing import Any

import wargames
from wargames.core.board import Square
from wargames.sabotage import Move, Piece, Sabotage, SabotageState


def variant(code: str, **options: Any) -> Sabotage:
    """The Sabotage variant ``code``, loaded through the public registry."""
    game = wargames.load("sabotage", variant=code, **options)
    if not isinstance(game, Sabotage):
        raise TypeError(f"expected a Sabotage game, got {game!r}")
    return game


def sq(name: str) -> Square:
    return Square.parse(name)


def move(text: str, player: str = "green") -> Move:
    """``"e2-e3"`` as a Move of ``player``."""
    origin, target = text.split("-")
    return Move(player, sq(origin), sq(target))


def piece_at(game: Sabotage, state: SabotageState, name: str) -> Piece:
    """The piece on square ``name``; fails the test if there is none."""
    piece = state.cells[game.board.index(sq(name))]
    if piece is None:
        raise AssertionError(f"no piece on {name}")
    return piece
