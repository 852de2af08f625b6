"""The options of ``wargames.load("sabatu", ...)``: plain values that travel in replays."""

from __future__ import annotations

from typing import Final

from attrs import frozen

from wargames.core.options import number

__all__ = ["MAX_ROWS", "SabatuOptions"]

MAX_ROWS: Final = 20
"""The longest board of Variant #3, in rows of regions (a library bound: "as long as you
wish" within reason)."""


@frozen
class SabatuOptions:
    """Options of Sabatu and its variants.

    * ``players``: 2 to 8.  The board follows ("Generally the 4 corner regions are used for
      2 to 4 players.  Two edge regions can be added for a 5 to 6 player game and all 9
      regions are used for up to 8 players").
    * ``ship_fee``: Spoils points to hire a ship; ``None`` keeps the price list's 3 (the
      "Ports and Ships" section says 5: pass ``ship_fee=5`` for that reading).
    * ``turn_limit``: rounds after which an undecided game is drawn (``None``: the data's
      120, a library default).
    * ``action_limit``: actions after which an undecided game is drawn (``None``: the turn
      limit's turns, every seat's, times the data's 40 actions a turn, a library default).
    * ``rows``: rows of regions of a longer board (Variant #3; 0 keeps the variant's own; at
      most :data:`MAX_ROWS`).
    """

    players: int = number(4, low=2, high=8)
    ship_fee: int | None = number(None, low=0, high=1_000, optional=True)
    turn_limit: int | None = number(None, low=1, high=10_000, optional=True)
    action_limit: int | None = number(None, low=1, high=10_000_000, optional=True)
    rows: int = number(0, low=0, high=MAX_ROWS)
