"""Moving Around the Board: where one die takes one army (rule text: "Moving Around the
Board", "Capitals", "Home", "Ports and Ships", "Fighting Battles").

* "One die determines the number of spaces one army can move"; the army goes one way for
  the whole die ("changing direction at the end of each die used"): a path that never comes
  back to a place it has left.
* "The exact roll ... must be used.  The exceptions would be when entering a Capital, Home,
  Port or when meeting another player to fight a battle": the army may stop short there.
* "A player may not jump over or pass another army, friend or foe": a path ends at the first
  army it meets, in a battle if that army is an enemy's.
* Capitals and Home "are not spaces": a path may end in them, never go through.  Only a
  player's own Home can be entered ("cannot be occupied by an enemy army").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from wargames.sabatu.board import SabatuBoard
from wargames.sabatu.state import Capital

__all__ = ["BATTLE", "CAPITAL", "ENTER", "LAND", "destinations"]

LAND: Final = "land"
"""Ends on an empty space by exact count (Spoils, Armory and Destiny spaces draw)."""
ENTER: Final = "enter"
"""Ends in a port short of the count, or in the army's own Home or capital."""
CAPITAL: Final = "claim"
"""Ends in an unclaimed capital: the army becomes its garrison."""
BATTLE: Final = "battle"
"""Ends against an enemy army on a space or inside a capital."""


def destinations(
    board: SabatuBoard,
    occupants: Mapping[int, int],
    capitals: tuple[Capital, ...],
    origin: int,
    steps: int,
    *,
    owner: int,
    commander: int,
    home: int,
    hired: bool = False,
    away: Sequence[int] | None = None,
    battles: bool = True,
) -> dict[int, str]:
    """Every place the army of seat ``owner`` on ``origin`` can reach with a die of
    ``steps``, moved by seat ``commander``, and what happens there.

    ``occupants`` maps each space holding an army to its owner's seat; ``home`` is the
    owner's Home.  A ``hired`` army (Variant #2) neither enters capitals nor goes Home, and
    fights neither its owner nor its commander.  ``away`` (a retreat) gives every node's
    steps from the defender: each step of the path must take the army farther away;
    ``battles=False`` forbids ending in a battle.
    """
    found: dict[int, str] = {}
    kinds = board.terrains
    friends = (owner, commander)
    walks = board.walks(origin, steps)
    end = len(walks)
    i = 0
    while i < end:
        nxt, taken, before, past = walks[i]
        if away is not None and away[nxt] <= away[before]:
            i = past
            continue
        kind = kinds[nxt]
        if kind == "home":
            if nxt == home and not hired:
                found[nxt] = ENTER
        elif kind == "capital":
            if not hired:
                capital = capitals[board.capitals.index(nxt)]
                if capital.owner == owner:
                    found[nxt] = ENTER
                elif capital.owner < 0:
                    found[nxt] = CAPITAL
                elif battles and capital.owner not in friends:
                    found[nxt] = BATTLE
        elif (holder := occupants.get(nxt)) is not None:
            if battles and holder not in friends:
                found[nxt] = BATTLE
        elif taken == steps:
            found[nxt] = LAND
        else:
            if kind == "port":
                found.setdefault(nxt, ENTER)
            i += 1
            continue
        i = past
    return found
