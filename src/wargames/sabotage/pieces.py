"""Sabotage's pieces and battle table (rule text: "Atomic Landmines", "Generals", "Recons",
"Saboteurs", and "When a piece attacks another of the same kind, the attacker always wins").

Every battle removes exactly one piece: the loser.  :func:`attacker_wins` is the whole
battle table; the Headquarters and Atomic Landmines never attack because they cannot move.
"""

from __future__ import annotations

import enum
from typing import Annotated

from wargames.core.distribution import Distribution
from wargames.core.errors import excerpt

__all__ = ["GENERALS", "IMMOVABLE", "Kind", "attacker_wins", "battle"]


class Kind(enum.Enum):
    """A kind of piece; the value is its one-character symbol in notation and on the board."""

    HEADQUARTERS = "H"
    LANDMINE = "M"
    GENERAL_5 = "5"
    GENERAL_4 = "4"
    GENERAL_3 = "3"
    GENERAL_2 = "2"
    GENERAL_1 = "1"
    RECON = "R"
    SABOTEUR = "S"

    # Members are singletons compared by identity: hashing by identity too keeps every
    # dictionary keyed by kind fast (Enum's own hash is a Python call on the name).
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """The one-character symbol: ``H M 5 4 3 2 1 R S``."""
        return self.value

    @property
    def stars(self) -> int:
        """A General's rank (1-5); 0 for every other piece."""
        return int(self.value) if self.value.isdigit() else 0

    @property
    def movable(self) -> bool:
        """Whether the piece may move ("may not be moved during the game": HQ and landmines)."""
        return self not in IMMOVABLE

    @property
    def title(self) -> str:
        """A readable name, e.g. ``"5-star General"`` or ``"Atomic Landmine"``."""
        if self.stars:
            return f"{self.stars}-star General"
        return _TITLES[self]

    @classmethod
    def from_symbol(cls, symbol: str) -> Kind:
        """The kind written ``symbol`` (case-insensitive).

        :raises ValueError: for an unknown symbol.
        """
        try:
            return cls(symbol.upper())
        except ValueError:
            known = " ".join(kind.value for kind in cls)
            raise ValueError(
                f"unknown piece symbol {excerpt(symbol)}; the symbols are {known}"
            ) from None


_TITLES = {
    Kind.HEADQUARTERS: "Headquarters",
    Kind.LANDMINE: "Atomic Landmine",
    Kind.RECON: "Recon",
    Kind.SABOTEUR: "Saboteur",
}

IMMOVABLE = frozenset({Kind.HEADQUARTERS, Kind.LANDMINE})
GENERALS = frozenset(kind for kind in Kind if kind.stars)


def attacker_wins(attacker: Kind, defender: Kind) -> bool:
    """Whether ``attacker`` destroys ``defender`` (else the attacker is destroyed).

    :raises ValueError: if ``attacker`` cannot move, so can never attack.
    """
    if not attacker.movable:
        raise ValueError(f"a {attacker.title} cannot move, so it never attacks")
    if defender is Kind.HEADQUARTERS:
        return True  # "Any piece may be used to 'capture' the headquarters"
    if defender is Kind.LANDMINE:
        return attacker is Kind.SABOTEUR  # a Saboteur disarms it; anything else is destroyed
    if attacker is defender:
        return True  # "the attacker always wins"
    if attacker.stars:
        # Generals defeat Saboteurs, Recons and Generals of lower rank (a 5 attacking a
        # Saboteur wins too: the weakness is only when the Saboteur attacks).
        return attacker.stars > defender.stars
    if attacker is Kind.SABOTEUR:
        # "Saboteurs can destroy only 5 Star Generals, Recons, and other Saboteurs."
        return defender in (Kind.GENERAL_5, Kind.RECON)
    # A Recon "can only destroy another Recon or a Saboteur".
    return defender is Kind.SABOTEUR


SYMBOL = "a piece symbol: " + ", ".join(kind.symbol for kind in Kind)
"""What ``wargames odds sabotage battle`` accepts for either piece."""


def battle(attacker: Annotated[str, SYMBOL], defender: Annotated[str, SYMBOL]) -> Distribution[str]:
    """The result of a battle between two kinds given by symbol (``battle("S", "5")``): a
    certain distribution, since Sabotage has no dice; for ``wargames odds sabotage battle``.

    :raises ValueError: for an unknown symbol or an attacker that cannot move.
    """
    won = attacker_wins(Kind.from_symbol(attacker), Kind.from_symbol(defender))
    return Distribution.certain("attacker wins" if won else "defender wins")
