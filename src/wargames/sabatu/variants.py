"""The three Variations of the rule text, as subclasses that switch rules on.

* ``"1"``, :class:`SabatuArmories`: "at the beginning of their turn any player controlling
  one capital or more will select one Armory tile from the bag.  When doing battle a player
  may use up to two tiles ... (One defensive and one offensive per player)".  The text's
  list "one shield tile, one helmet tile or wrist band tile and one weapon tile" names three
  tiles while it says "up to two"; this library reads the closing words: one defensive
  (shield, helmet or wrist band) and one offensive (a weapon).
* ``"2"``, :class:`SabatuMercenaries`: "hire another player's army for one turn to fight
  for them, price to be negotiated" (:mod:`wargames.sabatu.trade`).
* ``"3"``, :class:`SabatuLong`: "add more edge and center regions and make the game board
  as long as you wish": rows of regions (option ``rows``, this library's default 4).
"""

from __future__ import annotations

from wargames.sabatu.rules import Sabatu

__all__ = ["SabatuArmories", "SabatuLong", "SabatuMercenaries"]


class SabatuArmories(Sabatu):
    """Variant #1: capital armories and two tiles in battle."""

    variant = "1"
    capital_armories = True
    two_tiles = True


class SabatuMercenaries(Sabatu):
    """Variant #2: hire another player's army for a turn."""

    variant = "2"
    hiring = True


class SabatuLong(Sabatu):
    """Variant #3: a longer board (``rows`` rows of three regions; 4 by default)."""

    variant = "3"
    default_rows = 4


Sabatu.variants = {cls.variant: cls for cls in (SabatuArmories, SabatuMercenaries, SabatuLong)}
