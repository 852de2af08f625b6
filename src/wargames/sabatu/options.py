"""The options of ``wargames.load("sabatu", ...)``: plain values that travel in replays."""

from __future__ import annotations

from attrs import field, frozen
from attrs.validators import ge, instance_of, le, optional

__all__ = ["SabatuOptions"]


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
    * ``rows``: rows of regions of a longer board (Variant #3; 0 keeps the variant's own).
    """

    players: int = field(default=4, validator=[instance_of(int), ge(2), le(8)])
    ship_fee: int | None = field(default=None, validator=optional([instance_of(int), ge(0)]))
    turn_limit: int | None = field(default=None, validator=optional([instance_of(int), ge(1)]))
    rows: int = field(default=0, validator=[instance_of(int), ge(0)])
