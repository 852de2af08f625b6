"""What every Sabotage state the rules can reach keeps: the checks behind
:meth:`Sabotage.violations <wargames.sabotage.rules.Sabotage.violations>`, run on every loaded
document and, by the conformance suite, on every state of every playout.

One cell per square of the board, volcanoes empty; every piece a player's, on one square or
among the captured, never more of a kind than the army has; the pieces moved this turn are
the mover's and no more than a turn allows, and moved in this turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from wargames.core.hidden import is_hidden
from wargames.sabotage.state import NO_SQUARE, SabotageState

if TYPE_CHECKING:
    from wargames.sabotage.rules import Sabotage

__all__ = ["violations"]


def violations(game: Sabotage, state: SabotageState) -> Iterator[str]:
    """Every invariant ``state`` breaks, each in a sentence."""
    squares = len(game.board)
    if len(state.cells) != squares:
        yield f"{len(state.cells)} cells for a board of {squares} squares"
        return
    on_board = [(i, p) for i, p in enumerate(state.cells) if p is not None]
    pieces = [p for _, p in on_board] + list(state.captured)
    ids = Counter(p.id for p in pieces)
    yield from (f"piece {i} is in {n} places" for i, n in sorted(ids.items()) if n > 1)
    for index, piece in on_board:
        if index in game._volcano:
            yield f"piece {piece.id} stands on a volcano ({game.board.node(index)})"
    for piece in pieces:
        if piece.owner not in game.players:
            yield f"piece {piece.id} belongs to {piece.owner!r}, not a player"
        if piece.left != NO_SQUARE and not 0 <= piece.left < squares:
            yield f"piece {piece.id} left square {piece.left}, off the board"
    counts = Counter((p.owner, p.kind) for p in pieces if not is_hidden(p.kind))
    for (owner, kind), count in sorted(counts.items(), key=str):
        if count > game.army.get(kind, 0):
            yield f"{owner} has {count} {kind.title}, the army {game.army.get(kind, 0)}"
    if len(set(state.moved)) != len(state.moved) or len(state.moved) > game.layout.moves_per_turn:
        yield f"pieces moved this turn {list(state.moved)}: at most {game.layout.moves_per_turn}"
    for piece in pieces:
        if piece.left_turn > state.clock.turn or (
            piece.id in state.moved and piece.left_turn != state.clock.turn
        ):
            yield f"piece {piece.id} moved in turn {piece.left_turn}, now {state.clock.turn}"
    if state.quiet < -1 or state.deployed < 0:  # -1: a turn with a capture
        yield f"{state.quiet} quiet turns, {state.deployed} pieces deployed"
