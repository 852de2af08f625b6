"""Sabotage for learning agents: its action space, its observation planes, its length.

**Actions** (:func:`every_action`), numbered in this order: each player's set-up placements
(every square of their zone with every kind, or left empty), then every step of one square
orthogonally between two squares that are not volcanoes, then the draw offer and its answers.
A move is numbered by its squares alone, so one index means the same step for either player.

**Observation** (:func:`encode_view`): ``float32`` planes over the board, ``(CHANNELS, height,
width)``, row ``y`` and column ``x`` as in :class:`~wargames.core.board.Square`, all from the
player's view (an unidentified enemy piece is known only to be there):

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

import functools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from attrs import frozen

from wargames.core.codec import numpy_or_explain
from wargames.sabotage.pieces import Kind
from wargames.sabotage.state import Deploy, Piece, SabotageAction, SabotageState

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
    """``(CHANNELS, height, width)`` of the game's board."""
    return (CHANNELS, game.layout.height, game.layout.width)


def encode_view(game: Sabotage, view: SabotageState, player: str) -> NDArray[numpy.float32]:
    """``player``'s view as planes (see the module docs).

    A piece's kind is read only where :func:`~wargames.sabotage.state.visible` (the rule
    that hides it in views) lets ``player`` see it, so this gives the same planes for a state
    as for the player's view of it, and
    :meth:`~wargames.sabotage.rules.Sabotage.observation_tensor` calls it on the state
    itself, sparing the redaction (the conformance suite checks that the two agree).
    """
    channels, height, width = observation_shape(game)
    area = height * width
    offsets = _offsets(area)
    own, known, unknown, moved_plane = offsets.own, offsets.known, offsets.unknown, offsets.moved
    own_left, their_left = offsets.own_left, offsets.their_left
    ones: list[int] = []
    add = ones.append
    moved = view.moved
    recent = view.clock.turn - game.no_return_turns
    for index, piece in enumerate(view.cells):
        if piece is None:
            continue
        if piece.owner == player:
            add(own[piece.kind] + index)
            if moved and piece.id in moved:
                add(moved_plane + index)
            if piece.left_turn >= recent and piece.left >= 0:
                add(own_left + piece.left)
        else:
            add((known[piece.kind] if piece.revealed else unknown) + index)
            if piece.left_turn >= recent and piece.left >= 0:
                add(their_left + piece.left)
    acting = player in game.to_act(view)
    offer = view.offer
    layout = game.layout
    whole = (  # the planes of one value but QUIET's, in _WHOLE's order
        acting,
        game.in_setup(view),
        acting and offer is not None and offer.pending,
        player == game.players[0],
        len(moved) / layout.moves_per_turn,
    )
    planes: Any = _blank(game._volcano_planes, channels * area, whole).copy()
    planes.put(ones, 1)
    quiet = max(view.quiet, 0) / (layout.quiet_turn_limit * len(game.players))
    if quiet:
        planes[QUIET * area : (QUIET + 1) * area] = quiet
    if view.captured:
        planes[OWN_LOST * area :] = _lost(game, view.captured, player, area)
    return planes.reshape(channels, height, width)  # type: ignore[no-any-return]


_WHOLE: Final = (TO_ACT, SETUP, OFFERED, FIRST, MOVES)


@functools.cache
def _blank(volcanoes: tuple[int, ...], size: int, whole: tuple[float, ...]) -> Any:
    """The flat planes before any piece: volcanoes, and each plane of ``_WHOLE`` all of its
    value in ``whole``.  Read-only: an encoding starts from a copy."""
    np = numpy_or_explain()
    planes = np.zeros(size, dtype=np.float32)
    planes.put(list(volcanoes), 1)
    area = size // CHANNELS
    for plane, value in zip(_WHOLE, whole, strict=True):
        planes[plane * area : (plane + 1) * area] = value
    planes.flags.writeable = False
    return planes


_LOST: dict[tuple[int, str, int], tuple[Sabotage, tuple[Piece, ...], Any]] = {}
"""The lost-piece planes of the last few tuples of captured pieces seen, by identity of the
game and the tuple (each entry holds both, so their ids name them while it lasts)."""
_LOST_KEPT: Final = 64


def _lost(game: Sabotage, captured: tuple[Piece, ...], player: str, area: int) -> Any:
    """The flat planes from ``OWN_LOST`` to the last, for ``captured`` seen by ``player``.

    Only a capture changes the captured pieces, and the states between two captures share
    their tuple: each tuple is counted once, not at every step.
    """
    key = (id(game), player, id(captured))
    kept = _LOST.get(key)
    if kept is not None and kept[0] is game and kept[1] is captured:
        return kept[2]
    army, pieces = game.army, game.layout.pieces
    shares: dict[int, float] = {}
    for piece in captured:
        if piece.owner == player:
            plane, share = OWN_LOST + KIND_INDEX[piece.kind], 1 / army[piece.kind]
        elif piece.revealed:
            plane, share = KNOWN_LOST + KIND_INDEX[piece.kind], 1 / army[piece.kind]
        else:
            plane, share = UNKNOWN_LOST, 1 / pieces
        shares[plane] = shares.get(plane, 0.0) + share
    np = numpy_or_explain()
    planes = np.zeros((CHANNELS - OWN_LOST) * area, dtype=np.float32)
    for plane, share in shares.items():
        start = (plane - OWN_LOST) * area
        planes[start : start + area] = share
    planes.flags.writeable = False
    if len(_LOST) >= _LOST_KEPT:
        _LOST.clear()
    _LOST[key] = (game, captured, planes)
    return planes


@frozen
class _Offsets:
    """Where each plane begins in the flat tensor of a board of ``area`` squares."""

    own: dict[Kind, int]
    known: dict[Kind, int]
    unknown: int
    moved: int
    own_left: int
    their_left: int


@functools.cache
def _offsets(area: int) -> _Offsets:
    return _Offsets(
        own={kind: (OWN + i) * area for i, kind in enumerate(KINDS)},
        known={kind: (KNOWN + i) * area for i, kind in enumerate(KINDS)},
        unknown=UNKNOWN * area,
        moved=MOVED * area,
        own_left=OWN_LEFT * area,
        their_left=THEIR_LEFT * area,
    )


def max_game_length(game: Sabotage) -> int:
    """An upper bound on the actions of one game (see the module docs)."""
    layout = game.layout
    setup = sum(len(zone) for zone in game._zones)
    turns_between_captures = layout.quiet_turn_limit * len(game.players)
    captures = layout.pieces * len(game.players)
    per_turn = layout.moves_per_turn + 2  # a draw offer and its answer
    return setup + (captures + 1) * turns_between_captures * per_turn
