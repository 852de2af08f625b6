"""V. The reinforcement phase: "if playing with reinforcements, buy new units and place them
on the map".

The text gives no amount nor place; this library's defaults (the ``reinforcements``
option): each player gets that many build points every turn, unspent points are lost, and
new counters are set up like the starting army, in the player's own set-up zone
(:mod:`~wargames.sabot.setup`).  Player 1 buys and places first.  ``buy MBT`` buys a whole
platoon (II), whose counters, shuffled, are then placed one by one; ``done`` ends the
player's part.  The enemy sees the new counters arrive, not what they are nor the points
left.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from wargames.sabot.army import counter
from wargames.sabot.setup import facings, next_counter, placing
from wargames.sabot.state import Arrived, Buy, Done, Purse, SabotAction, SabotState
from wargames.sabot.turn import PLAYERS

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["actions", "buy"]


def actions(game: Sabot, state: SabotState, player: str) -> Iterator[SabotAction]:
    """Place the counters bought (``done`` only if they fit nowhere), or buy a platoon the
    points left pay for, or ``done``."""
    unit = next_counter(state, player)
    yield from facings(state, player)
    if unit is not None:
        spots = list(placing(game, state, unit))
        yield from spots
        if spots:
            return
    else:
        points = state.purses[PLAYERS.index(player)].points
        for name, platoon in sorted(game.table.platoons.items()):
            if platoon.cost <= points:
                yield Buy(player, name)
    yield Done(player)


def buy(game: Sabot, state: SabotState, action: Buy) -> SabotState:
    """Buy a platoon: its counters join the army unplaced, in a shuffled order."""
    player = action.player
    side = PLAYERS.index(player)
    platoon = game.table.platoons[action.platoon]
    symbols, rng = state.rng.shuffled(platoon.units)
    first = len(state.units)
    new = tuple(
        counter(game.table, first + i, player, symbol, side, state.clock.turn)
        for i, symbol in enumerate(symbols)
    )
    purses = list(state.purses)
    purses[side] = Purse(player, purses[side].points - platoon.cost)
    event = Arrived(player, tuple(u.id for u in new))
    return state.with_changes(
        rng=rng, units=state.units + new, purses=tuple(purses), log=state.log.with_event(event)
    )
