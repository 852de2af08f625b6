"""What a Sabatu game remembers between calls to save work, never part of its value.

Each entry is keyed by the immutable values it was worked out from (compared by identity),
so a stale entry is never read: it is worked out again.  One :class:`Remembered` per game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import Factory, define

if TYPE_CHECKING:
    from wargames.core.hidden import Secret
    from wargames.sabatu.moving import KnownMoves
    from wargames.sabatu.state import SabatuAction, SabatuState

__all__ = ["Remembered"]


@define
class Remembered:
    """``listed``: the last state and player :meth:`Sabatu.legal_actions` listed, with the
    list (the check of an action of that state reads it); ``moves``: the last table of
    moves (:func:`wargames.sabatu.moving.table`); ``hands``: by seat, the coins and tiles of
    its last hand with the trade offers they make (:func:`wargames.sabatu.trade.offers`)."""

    listed: tuple[SabatuState, str, tuple[SabatuAction, ...]] | None = None
    moves: KnownMoves | None = None
    hands: dict[int, tuple[tuple[int, ...], tuple[Secret[str], ...], tuple[SabatuAction, ...]]] = (
        Factory(dict)
    )
