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

:func:`ways` reckons the same rules over a whole turn, for bots: how many steps, and how
many battles on the way, bring a player's armies to each place.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Final

from wargames.sabatu.board import SabatuBoard
from wargames.sabatu.state import Capital

__all__ = ["BATTLE", "CAPITAL", "ENTER", "LAND", "destinations", "ways"]

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


def ways(
    board: SabatuBoard,
    starts: Iterable[int],
    occupants: Mapping[int, int],
    seat: int,
    targets: Collection[int],
    limit: int,
) -> dict[int, tuple[int, int]]:
    """The fewest steps from any of ``starts`` (where ``seat``'s armies that may move
    stand) to each of ``targets`` they reach in ``limit`` steps or fewer, over as many dice
    as it takes, and the fewest battles on a way of that length: ``{node: (steps,
    battles)}``.

    As :func:`destinations` moves: a way goes on through empty spaces only, ends in a
    Capital or Home ("not spaces"), and ends at a friend's army ("may not jump over or pass
    another army, friend or foe"); an enemy's army on a space is a battle, after which the
    winner, standing there, goes on with the next die.  ``occupants`` maps each space
    holding an army to its owner's seat.  A target no army stands in the way of keeps its
    steps on the open board (:meth:`SabatuBoard.steps_from`); only the others are searched.
    """
    starts = tuple(starts)
    armies = [place for place in occupants if place not in starts]
    found: dict[int, tuple[int, int]] = {}
    barred: list[int] = []
    for target in targets:
        steps = board.steps_from(target)
        nearest = min((steps[start] for start in starts), default=limit + 1)
        if nearest > limit:
            continue
        nearest_starts = [start for start in starts if steps[start] == nearest]
        if any(
            board.steps_from(start)[army] + steps[army] == nearest
            for army in armies
            for start in nearest_starts
        ):
            barred.append(target)  # an army stands on a shortest way
        else:
            found[target] = (nearest, 0)
    if barred:
        found.update(_search(board, starts, occupants, seat, barred, limit))
    return found


def _search(
    board: SabatuBoard,
    starts: Sequence[int],
    occupants: Mapping[int, int],
    seat: int,
    targets: Collection[int],
    limit: int,
) -> dict[int, tuple[int, int]]:
    """:func:`ways` for ``targets``, breadth first, layer by layer."""
    spaces = board.spaces
    adjacent = board.adjacent_indices
    seen = [False] * len(board)
    found: dict[int, tuple[int, int]] = {}
    layer = dict.fromkeys(starts, 0)
    steps = 0
    while layer:
        for node in layer:
            seen[node] = True
        found.update((node, (steps, layer[node])) for node in targets if node in layer)
        if steps == limit or len(found) == len(targets):
            break
        steps += 1
        after: dict[int, int] = {}
        for node, battles in layer.items():
            if steps > 1 and node not in spaces:
                continue  # a way ends in a Capital or Home
            for nxt in adjacent[node]:
                if seen[nxt]:
                    continue
                holder = occupants.get(nxt)
                if holder is None:
                    fought = battles
                elif holder == seat:
                    continue  # a friend's army (a start of its own)
                else:
                    fought = battles + 1
                if fought < after.get(nxt, fought + 1):
                    after[nxt] = fought
        layer = after
    return found
