"""Ports and Ships (rule text: "Ports and Ships").

"To hire a ship a player must enter a port (exact roll not necessary) and pay the fee to
enter a ship ... One die (any value) must then be expended to sail to the new port of
choice.  Another die would then be used to leave the ship"; an enemy on the port of
arrival means "the player must fight their way to solid ground".  The fee is
``game.ship_fee`` (3 by the price list, 5 by this section: the ``ship_fee`` option).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.sabatu import fighting
from wargames.sabatu.armies import occupants, relocate
from wargames.sabatu.moving import dice_for, spend_die
from wargames.sabatu.purchases import pay_for
from wargames.sabatu.state import Attacked, SabatuAction, SabatuState, Sail, Sailed

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["sail", "sails"]


def sails(game: Sabatu, state: SabatuState, player: str) -> list[SabatuAction]:
    """Every voyage of the player to move: an army of theirs on a port, the fee in hand, a
    die it may use, to any other port they do not hold themselves."""
    seat = state.seat
    if sum(state.realms[seat].coins) < game.ship_fee or not state.dice:
        return []
    held = occupants(game, state)
    node = game.board.node
    found: list[SabatuAction] = []
    for port in game.board.ports:
        if held.get(port) != seat:
            continue
        for value in dice_for(state, port):
            found.extend(
                Sail(player, node(port), node(other), value)
                for other in game.board.ports
                if other != port and held.get(other) != seat and other not in state.hired
            )
    return found


def sail(game: Sabatu, state: SabatuState, action: Sail) -> SabatuState:
    """Pay the fee, spend the die, and land on the other port (in a battle if an enemy
    holds it)."""
    origin, target = game.board.index(action.origin), game.board.index(action.target)
    state = pay_for(game, state, "ship", game.ship_fee)
    state = state.with_changes(dice=spend_die(state.dice, origin, action.die))
    if target in occupants(game, state):
        attack = Attacked(action.player, action.origin, action.die, action.target)
        state = state.with_changes(log=state.log.with_event(attack))
        return fighting.start_battle(game, state, state.seat, origin, target)
    state = relocate(game, state, state.seat, origin, target)
    event = Sailed(game.players[state.seat], action.origin, action.target, action.die)
    return state.with_changes(log=state.log.with_event(event))
