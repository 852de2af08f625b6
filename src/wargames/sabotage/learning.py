"""Sabotage for learning agents: its action space, its observation planes, its length.

**Actions** (:func:`every_action`), numbered in this order: each player's set-up placements
(every square of their zone with every kind, or left empty), then every step of one square
orthogonally between two squares that are not volcanoes, then the draw offer and its answers.
A move is numbered by its squares alone, so one index means the same step for either player.

**Observation** (:func:`encode_view`): ``float32`` planes over the board, channels last as in
PettingZoo's board games, ``(height, width, CHANNELS)``: ``[y, x, plane]``, row ``y`` and
column ``x`` as in :class:`~wargames.core.board.Square`, all from the player's view (an
unidentified enemy piece is known only to be there):

====== ====================================================================================
plane  holds
====== ====================================================================================
0-8    the player's own pieces, one plane per kind (``H M 5 4 3 2 1 R S``)
9-17   the opponent's identified pieces, one plane per kind
18     the opponent's unidentified pieces
19     the player's pieces already moved this turn
20     squares the player's pieces may not move back to next ("left in the previous turn")
21     the same for the opponent's pieces
22     volcanoes
23     1 everywhere if the player is to act
24     1 everywhere during the set-up
25     moves made this turn, as a share of the moves a turn allows
26     turns without a capture, as a share of the no-capture draw's limit
27     1 everywhere if a draw offer awaits the player's answer
28     1 everywhere if the player is Green (who moves first)
29-37  the player's captured pieces, by kind, as a share of the kind's count in an army
38-46  the opponent's captured pieces whose kind the player knows, likewise
47     the opponent's captured pieces of unknown kind, as a share of an army
====== ====================================================================================

**Length** (:func:`max_game_length`): the set-up, then at most the no-capture limit of turns
between two captures (and after the last), each turn its moves plus a draw offer and answer.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable, Iterator, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from wargames.core.codec import numpy_or_explain
from wargames.core.edges import unguarded_bound
from wargames.core.encoding import per_game
from wargames.core.hidden import HIDDEN
from wargames.sabotage.pieces import Kind
from wargames.sabotage.state import PLAYERS, Deploy, Piece, SabotageAction, SabotageState

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

    from wargames.sabotage.rules import Sabotage

__all__ = ["CHANNELS", "encode_view", "every_action", "max_game_length"]

KINDS: Final = tuple(Kind)
KIND_INDEX: Final = {kind: i for i, kind in enumerate(KINDS)}
OWN, KNOWN, UNKNOWN, MOVED, OWN_LEFT, THEIR_LEFT, VOLCANO = 0, 9, 18, 19, 20, 21, 22
TO_ACT, SETUP, MOVES, QUIET, OFFERED, FIRST = 23, 24, 25, 26, 27, 28
OWN_LOST, KNOWN_LOST, UNKNOWN_LOST = 29, 38, 47
CHANNELS: Final = 48


def every_action(game: Sabotage, player: str) -> Iterator[SabotageAction]:
    """Every action ``player`` could ever take, in the order documented above."""
    board = game.board
    zone = game._zones[game.players.index(player)]
    for index in zone:
        square = board.node(index)
        for kind in (*KINDS, None):
            yield Deploy(player, square, kind)
    for index in range(len(board)):
        for _, move in game._steps[index][player]:
            yield move
    if game.options.draw_offers:
        yield game._offers[player]  # the very objects legal_actions hands out
        yield from game._answers[player]


def observation_shape(game: Sabotage) -> tuple[int, int, int]:
    """``(height, width, CHANNELS)`` of the game's board: channels last."""
    return (game.layout.height, game.layout.width, CHANNELS)


SquareCodes = tuple[bytes, tuple[tuple[int, int, int], ...]]
"""What the planes of a position are made from: one code a square (:data:`PIECE_CODE` plus 1
if exposed, :data:`VOLCANO_CODE`, or 0 for an empty square), whoever looks; and the moves
that may still mark a square left, each ``(square reached, square left, turn)``, oldest turn
first (with some that no longer do, which the encoder skips: :func:`codes_after_move` drops
the too old in bulk).  The codes
name every piece's kind: a state keeps them as a cache that its views never carry (a view
works out its own from what it shows)."""

VOLCANO_CODE: Final = 1
PIECE_CODE: Final = {
    player: {
        **{kind: 2 + 2 * (seat * len(KINDS) + i) for i, kind in enumerate(KINDS)},
        HIDDEN: 2 + 2 * seat * len(KINDS),  # an unexposed enemy piece of a view
    }
    for seat, player in enumerate(PLAYERS)
}
"""The code of each player's unexposed piece of each kind (exposed: one more)."""
_CODE_OF: Final = {
    (owner, kind): code
    for owner, codes in PIECE_CODE.items()
    for kind, code in codes.items()
    if kind is not HIDDEN
}
""":data:`PIECE_CODE` by ``(owner, kind)``: one look-up a piece."""
_CODES: Final = 2 + 2 * len(PLAYERS) * len(KINDS)
_TURN: Final = itemgetter(2)
"""The turn of a move of :data:`SquareCodes`."""


def encode_view(game: Sabotage, view: SabotageState, player: str) -> NDArray[numpy.float32]:
    """``player``'s view as planes (see the module docs).

    A piece's kind is read only where :func:`~wargames.sabotage.state.visible` (the rule
    that hides it in views) lets ``player`` see it: a table row per square code, chosen for
    ``player``, gives the same planes for a state as for the player's view of it, so
    :meth:`~wargames.sabotage.rules.Sabotage.observation_tensor` calls it on the state
    itself, sparing the redaction (the conformance suite checks that the two agree).  The
    square codes are the position's cache, worked out here when it has none (a move made
    from a position that has them patches them: :func:`codes_after_move`).
    """
    codes = view._codes
    if codes is None:
        codes = square_codes(game, view)
        object.__setattr__(view, "_codes", codes)
    squares, recent = codes
    np = numpy_or_explain()
    planes: Any = _context(game, view, player).take(np.frombuffer(squares, np.uint8), axis=0)
    if view.captured:
        planes[:, OWN_LOST:] = _lost_row(game, view.captured, player)
    if recent:
        cells, moved = view.cells, view.moved
        since = view.clock.turn - game.no_return_turns
        for square, left, turn in recent:
            piece = cells[square]
            if turn < since or piece is None or piece.left != left or piece.left_turn != turn:
                continue  # an older move, or the piece has moved on or been taken
            if piece.owner != player:
                planes[left, THEIR_LEFT] = 1
                continue
            planes[left, OWN_LEFT] = 1
            if piece.id in moved:
                planes[square, MOVED] = 1
    layout = game.layout
    return planes.reshape(layout.height, layout.width, CHANNELS)  # type: ignore[no-any-return]


def square_codes(game: Sabotage, state: SabotageState) -> SquareCodes:
    """The :data:`SquareCodes` of ``state`` (or of a view: what it shows), from every square."""
    codes = bytearray(_volcanoes(game))
    recent: list[tuple[int, int, int]] = []
    since = state.clock.turn - game.no_return_turns
    for index, piece in enumerate(state.cells):
        if piece is not None:
            codes[index] = PIECE_CODE[piece.owner][piece.kind] + piece.revealed
            if piece.left >= 0 and piece.left_turn >= since:
                recent.append((index, piece.left, piece.left_turn))
    recent.sort(key=_TURN)
    return bytes(codes), tuple(recent)


def codes_after_move(
    game: Sabotage,
    codes: SquareCodes,
    cells: Sequence[Piece | None],
    left: int,
    reached: int,
    turn: int,
    *,
    exposed: bool,
) -> SquareCodes:
    """``codes`` patched after a piece left square ``left`` for ``reached`` in ``turn``,
    ``cells`` the squares after it (``exposed``: pieces were exposed around ``reached``).

    The moves too old to mark a square left any more (the encoder skips them) are dropped
    when the first one kept is, by a bisection of the moves (oldest first), not looked over
    at every move.
    """
    squares, recent = codes
    patched = bytearray(squares)
    patched[left] = 0
    code = _CODE_OF
    piece = cells[reached]
    if piece is not None:
        patched[reached] = code[piece.owner, piece.kind] + piece.revealed
    if exposed:
        for index in game._around[reached]:
            near = cells[index]
            if near is not None:
                patched[index] = code[near.owner, near.kind] + near.revealed
    since = turn - game.no_return_turns
    if recent and recent[0][2] < since:
        recent = recent[bisect.bisect_left(recent, since, key=_TURN) :]
    if piece is not None and piece.left == left and piece.left_turn == turn:
        recent += ((reached, left, turn),)
    return bytes(patched), recent


def codes_after_deploy(codes: SquareCodes, index: int, piece: Piece) -> SquareCodes:
    """``codes`` patched after set-up put ``piece`` on ``index``."""
    squares, recent = codes
    patched = bytearray(squares)
    patched[index] = PIECE_CODE[piece.owner][piece.kind] + piece.revealed
    return bytes(patched), recent


@per_game
def _volcanoes(game: Sabotage) -> bytes:
    """The codes of the empty board: :data:`VOLCANO_CODE` on the volcanoes."""
    codes = bytearray(len(game.board))
    for index in game._volcano:
        codes[index] = VOLCANO_CODE
    return bytes(codes)


@functools.cache
def _tables() -> dict[str, Any]:
    """For each player, a row of planes for each square code (read-only): the player's own
    pieces by kind, the opponent's by kind once exposed, else unidentified; volcanoes."""
    np = numpy_or_explain()
    tables = {}
    for player in PLAYERS:
        table = np.zeros((_CODES, CHANNELS), dtype=np.float32)
        table[VOLCANO_CODE, VOLCANO] = 1
        for owner, codes in PIECE_CODE.items():
            for kind, code in codes.items():
                if kind is HIDDEN:
                    continue
                i = KIND_INDEX[kind]
                table[code, OWN + i if owner == player else UNKNOWN] = 1
                table[code + 1, OWN + i if owner == player else KNOWN + i] = 1
        table.flags.writeable = False
        tables[player] = table
    return tables


_KEPT: Final = 1024
"""The most tables, and tuples of captured pieces, a game's :class:`_Contexts` keeps before
it forgets them all (far more than the contexts of a few games)."""


class _Contexts:
    """What a game's encodings reuse: each ``player``'s rows of :func:`_tables` with the
    planes of one value from ``TO_ACT`` to ``FIRST`` filled in, by the values; the
    lost-piece values of each tuple of captured pieces seen, by its identity and the player
    (each entry holds its tuple, so its id names it while kept); and the game's ``to_act``
    without its check at the edge, which the encoder's caller has made."""

    __slots__ = ("captured", "tables", "to_act")

    def __init__(self, game: Sabotage) -> None:
        self.tables: dict[tuple[Any, ...], Any] = {}
        self.captured: dict[tuple[int, str], tuple[tuple[Piece, ...], Any]] = {}
        self.to_act: Callable[[SabotageState], frozenset[str]] = unguarded_bound(game, "to_act")


@per_game
def _contexts(game: Sabotage) -> _Contexts:
    return _Contexts(game)


def _context(game: Sabotage, view: SabotageState, player: str) -> Any:
    """``player``'s table of square codes to planes in ``view``: the pieces' planes by code,
    and the planes of one value (the same on every square) from ``TO_ACT`` to ``FIRST``,
    made once for each set of values."""
    contexts = _contexts(game)
    acting = player in contexts.to_act(view)
    offer = view.offer
    key = (
        player,
        acting,
        game.in_setup(view),
        len(view.moved),
        view.quiet,
        acting and offer is not None and offer.pending,
    )
    table = contexts.tables.get(key)
    if table is None:
        layout = game.layout
        values = [0.0] * (CHANNELS - TO_ACT)
        values[TO_ACT - TO_ACT] = acting
        values[SETUP - TO_ACT] = key[2]
        values[MOVES - TO_ACT] = len(view.moved) / layout.moves_per_turn
        values[QUIET - TO_ACT] = max(view.quiet, 0) / (layout.quiet_turn_limit * len(game.players))
        values[OFFERED - TO_ACT] = key[5]
        values[FIRST - TO_ACT] = player == game.players[0]
        table = _tables()[player].copy()
        table[:, TO_ACT:] = values
        table.flags.writeable = False
        if len(contexts.tables) >= _KEPT:
            contexts.tables.clear()
        contexts.tables[key] = table
    return table


def _lost_row(game: Sabotage, captured: tuple[Piece, ...], player: str) -> Any:
    """The values of the planes from ``OWN_LOST`` on, for ``captured`` seen by ``player``.

    Only a capture changes the captured pieces, and the states between two captures share
    their tuple: each tuple is counted once, not at every step.
    """
    contexts = _contexts(game)
    kept = contexts.captured.get((id(captured), player))
    if kept is not None and kept[0] is captured:
        return kept[1]
    army, pieces = game.army, game.layout.pieces
    shares = [0.0] * (CHANNELS - OWN_LOST)
    for piece in captured:
        if piece.owner == player:
            plane, share = OWN_LOST + KIND_INDEX[piece.kind], 1 / army[piece.kind]
        elif piece.revealed:
            plane, share = KNOWN_LOST + KIND_INDEX[piece.kind], 1 / army[piece.kind]
        else:
            plane, share = UNKNOWN_LOST, 1 / pieces
        shares[plane - OWN_LOST] += share
    row = numpy_or_explain().array(shares, dtype="float32")
    row.flags.writeable = False
    if len(contexts.captured) >= _KEPT:
        contexts.captured.clear()
    contexts.captured[id(captured), player] = (captured, row)
    return row


def max_game_length(game: Sabotage) -> int:
    """An upper bound on the actions of one game (see the module docs)."""
    layout = game.layout
    setup = sum(len(zone) for zone in game._zones)
    turns_between_captures = layout.quiet_turn_limit * len(game.players)
    captures = layout.pieces * len(game.players)
    per_turn = layout.moves_per_turn + 2  # a draw offer and its answer
    return setup + (captures + 1) * turns_between_captures * per_turn
