"""What every Sabotage state the rules can reach keeps: the checks behind
:meth:`Sabotage.violations <wargames.sabotage.rules.Sabotage.violations>`, run on every loaded
document and, by the conformance suite, on every state of every playout.

One cell per square of the board, volcanoes empty; every piece a player's, on one square or
among the captured, never more of a kind than the army has; the pieces moved this turn are
the mover's and no more than a turn allows, and moved in this turn.

The conservation laws of a game set up by the rules (its log records each piece set up, a
``Deployed`` event; a ``position(...)`` study records none and sets its own pieces):
every piece set up is on the board or among the captured, and once set-up is over each army
is whole, the variant's mix of pieces (a view counts the pieces it does not identify towards
the total).  And "If an enemy captures your headquarters, you lose the game": a captured
Headquarters has ended the game, won by its captor, and a game so won has it among the
captured; a game won by "Capture all of your opponent's movable pieces" leaves the loser
none it can see on the board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from wargames.core.conservation import places, tally
from wargames.core.hidden import is_hidden
from wargames.sabotage.pieces import Kind
from wargames.sabotage.state import (
    ALL_TAKEN,
    HEADQUARTERS_TAKEN,
    NO_SQUARE,
    PLAYERS,
    TURNS,
    Deployed,
    Piece,
    SabotageState,
)

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
    yield from _armies(game, state, pieces)
    yield from _headquarters(state)


def _armies(game: Sabotage, state: SabotageState, pieces: list[Piece]) -> Iterator[str]:
    """Each piece in one place; every piece set up on the board or captured; once set-up is
    over, each army whole."""
    set_up = [e.piece for e in state.log if type(e) is Deployed]
    board = [p.id for p in state.cells if p is not None]
    captured = [p.id for p in state.captured]
    held = {"on the board": board, "captured": captured}
    yield from places("piece", held, set_up or None)  # none: a study's pieces are its own
    if not set_up or TURNS.in_setup(state.clock):
        return
    for player in PLAYERS:
        own = [p for p in pieces if p.owner == player]
        known = Counter(p.kind for p in own if not is_hidden(p.kind))
        yield from tally(
            f"{player}'s army",
            known,
            game.army,
            unknown=len(own) - sum(known.values()),
            name=lambda kind: kind.title,
        )


def _headquarters(state: SabotageState) -> Iterator[str]:
    """A captured Headquarters ends the game, won by its captor ("If an enemy captures your
    headquarters, you lose the game"); capturing every movable piece leaves the loser none."""
    result = state.result
    taken = [p.owner for p in state.captured if p.kind is Kind.HEADQUARTERS]
    for owner in taken:
        if result is None or result.reason != HEADQUARTERS_TAKEN or owner in result.winners:
            yield f"{owner}'s Headquarters is captured, but the game is {result or 'not over'}"
    if result is None:
        return
    if result.reason == HEADQUARTERS_TAKEN and not taken:
        yield f"the game is won because {HEADQUARTERS_TAKEN}, but none is captured"
    if result.reason == ALL_TAKEN:
        movable = {
            p.owner
            for p in state.cells
            if p is not None and not is_hidden(p.kind) and p.kind.movable
        }
        for loser in movable - result.winners:
            yield f"the game is won because {ALL_TAKEN}, but {loser} has one on the board"
