"""Sabotage's values: pieces, actions, events and the state.

Hidden identity ("The enemy's pieces are unidentified") is declared once, on
:attr:`Piece.kind`: the owner sees it, the opponent only once a Recon has exposed it.  Views,
the log and errors all go through that rule.  Piece ids are the set-up squares' order, which
both players see, so an id reveals nothing.
"""

from __future__ import annotations

from typing import Final

from attrs import field, frozen

from wargames.core.board import Square
from wargames.core.events import Event
from wargames.core.game import Action, Outcome, State
from wargames.core.hidden import secret
from wargames.core.phases import Clock, Phase, TurnStructure
from wargames.sabotage.pieces import Kind

__all__ = [
    "ALL_TAKEN",
    "HEADQUARTERS_TAKEN",
    "NO_SQUARE",
    "PLAYERS",
    "TURNS",
    "AcceptDraw",
    "Battle",
    "DeclineDraw",
    "Deploy",
    "Deployed",
    "DrawAnswered",
    "DrawOffer",
    "DrawOffered",
    "Move",
    "Moved",
    "OfferDraw",
    "Piece",
    "Revealed",
    "visible",
    "SabotageAction",
    "SabotageState",
    "SetUpDrawn",
]

NO_SQUARE: Final = -1
PLAYERS: Final = ("green", "red")  # "Green has the first move."
TURNS: Final = TurnStructure(setup=(Phase("set-up"),), cycle=(Phase("move"),))
HEADQUARTERS_TAKEN: Final = "captured the Headquarters"
"""The reason of a game won by "Capture your opponent's headquarters"."""
ALL_TAKEN: Final = "captured every movable piece"
"""The reason of a game won by "Capture all of your opponent's movable pieces"."""


def visible(piece: Piece, player: str) -> bool:
    """Whether ``player`` may know what ``piece`` is: its owner, or anyone once it has been
    exposed ("Hidden Identity")."""
    return player == piece.owner or piece.revealed


@frozen
class Piece:
    """A piece on the board (or captured).

    ``revealed``: a Recon of the opponent has exposed it ("Hidden Identity"); it stays known.
    ``left``/``left_turn``: the square index it last moved from and the turn it did, for
    "A piece may not move back to the space it moved from in the previous turn".

    ``_masked`` is a cache, not part of the piece: the piece as the opponent sees it while
    it is unexposed, kept once a view has made it (pieces are shared by successive states).
    """

    id: int
    owner: str
    kind: Kind = secret(visible)
    revealed: bool = False
    left: int = NO_SQUARE
    left_turn: int = 0
    _masked: Piece | None = field(default=None, init=False, eq=False, repr=False)


# -- actions -------------------------------------------------------------------------------


def _to_actor(action: Action, player: str) -> bool:
    return player == action.player


@frozen
class Deploy(Action):
    """Set-up: put a piece of ``kind`` on ``square`` (the next square of the player's zone),
    or leave it empty (``kind`` None) when the zone has more squares than pieces.  Only the
    deploying player may see ``kind`` (in a redacted replay, for instance)."""

    square: Square
    kind: Kind | None = secret(_to_actor)

    def __str__(self) -> str:
        if self.kind is None:
            return f"{self.square}=-"
        return f"{self.square}={getattr(self.kind, 'symbol', '?')}"  # "?" once redacted


@frozen(cache_hash=True)  # the rules look prebuilt moves up by value on every step
class Move(Action):
    """Move the piece on ``origin`` one square orthogonally to ``target`` (an attack if an
    enemy piece stands there)."""

    origin: Square
    target: Square

    def __str__(self) -> str:
        return f"{self.origin}-{self.target}"


@frozen
class OfferDraw(Action):
    """Offer a draw at the start of your turn ("you and your opponent can agree on a draw")."""

    def __str__(self) -> str:
        return "offer draw"


@frozen
class AcceptDraw(Action):
    """Accept the opponent's draw offer: the game ends drawn."""

    def __str__(self) -> str:
        return "accept draw"


@frozen
class DeclineDraw(Action):
    """Decline the opponent's draw offer: their turn goes on."""

    def __str__(self) -> str:
        return "decline draw"


SabotageAction = Deploy | Move | OfferDraw | AcceptDraw | DeclineDraw


# -- events --------------------------------------------------------------------------------


@frozen
class SetUpDrawn(Event):
    """Both armies were set up at random from the seed (``start(deploy=True)``), not by
    :class:`Deploy` actions.  Both players know how the game began, so the log says it."""

    def __str__(self) -> str:
        return "both armies set up at random"


@frozen
class Deployed(Event):
    """A piece was set up on ``square`` (which piece it is, only its owner knows: the piece's
    own secret ``kind``)."""

    player: str
    piece: int
    square: Square


@frozen
class Moved(Event):
    """A piece moved to an empty square."""

    player: str
    piece: int
    origin: Square
    target: Square


@frozen
class Battle(Event):
    """A piece attacked another.  Both players see the result, never the identities
    ("If you attack an unknown enemy piece, you never learn what that piece is")."""

    player: str
    attacker: int
    defender: int
    origin: Square
    target: Square
    attacker_won: bool


@frozen
class Revealed(Event):
    """A Recon exposed an enemy piece, or a Headquarters not yet exposed was captured: from
    now on both players know what it is."""

    piece: int
    square: Square
    kind: Kind


@frozen
class DrawOffered(Event):
    """``player`` offered a draw (every offer is public, answered or not)."""

    player: str


@frozen
class DrawAnswered(Event):
    """``player`` accepted or declined the draw offered to them."""

    player: str
    accepted: bool


# -- the state -----------------------------------------------------------------------------


@frozen
class DrawOffer:
    """The last draw offer: who made it, in which turn, and whether it awaits an answer."""

    player: str
    turn: int
    pending: bool


@frozen(kw_only=True)
class SabotageState(State):
    """A Sabotage position.

    ``cells`` holds the piece on each square by board index.  ``deployed`` counts the set-up
    squares the acting player has filled; ``moved`` the ids of the pieces moved this turn;
    ``quiet`` the turns ended (by either player) since the last capture, -1 during a turn
    that has captured.

    ``_standing`` is a cache, not part of the position (never compared, hashed or written):
    by seat, the cells of the pieces that may move (all but the Headquarters and the Atomic
    Landmines), in board order, and the set of cells the seat's pieces stand on as bits (bit
    ``k`` for cell ``k``).  A move carries it over to the next state; any other state works
    it out when first asked (:meth:`Sabotage._standing
    <wargames.sabotage.rules.Sabotage._standing>`), a view from what it shows (an unexposed
    enemy piece counts as movable).  ``_next_moves``, a cache too: the moves of the player
    to move (a draw offer aside), which a move works out anyway to know whether the turn
    goes on or the next player can move at all.  ``_codes``, a cache for learning agents:
    the :data:`~wargames.sabotage.learning.SquareCodes` the observation planes are made from,
    worked out at the first encoding and patched by each move made from a position that has
    them (so a loop that never encodes never pays for them).  They name every piece's kind,
    and no view carries them.
    """

    cells: tuple[Piece | None, ...]
    clock: Clock
    deployed: int = 0
    moved: tuple[int, ...] = ()
    quiet: int = 0
    offer: DrawOffer | None = None
    captured: tuple[Piece, ...] = ()
    result: Outcome | None = None
    _standing: tuple[tuple[tuple[int, ...], int], ...] | None = field(
        default=None, init=False, eq=False, repr=False
    )
    _next_moves: tuple[SabotageAction, ...] | None = field(
        default=None, init=False, eq=False, repr=False
    )
    _codes: tuple[bytes, tuple[tuple[int, int, int], ...]] | None = field(
        default=None, init=False, eq=False, repr=False
    )
