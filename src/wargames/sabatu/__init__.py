"""Sabatu: regions, capitals, walls, cards, tiles and coins, for 2 to 8 players (rule text:
seeds/002), with its three Variations.

>>> from wargames.sabatu import Sabatu
>>> game = Sabatu(players=2)
>>> game.players
('red', 'blue')
>>> state = game.start(seed=3)
>>> sorted(game.to_act(state)) == [game.players[state.seat]]
True
"""

from wargames.sabatu.battle import assault, battle
from wargames.sabatu.options import SabatuOptions
from wargames.sabatu.rules import Sabatu
from wargames.sabatu.state import (
    Accept,
    Arm,
    Ask,
    Battle,
    Buy,
    Capital,
    Counter,
    Deal,
    Decline,
    Die,
    Hire,
    Lose,
    Move,
    Offer,
    Pass,
    Press,
    Ready,
    Realm,
    RetreatTo,
    Roll,
    SabatuAction,
    SabatuState,
    Sail,
    SpendCoin,
    Withdraw,
)
from wargames.sabatu.variants import SabatuArmories, SabatuLong, SabatuMercenaries

__all__ = [
    "Accept",
    "Arm",
    "Ask",
    "Battle",
    "Buy",
    "Capital",
    "Counter",
    "Deal",
    "Decline",
    "Die",
    "Hire",
    "Lose",
    "Move",
    "Offer",
    "Pass",
    "Press",
    "Ready",
    "Realm",
    "RetreatTo",
    "Roll",
    "Sabatu",
    "SabatuAction",
    "SabatuArmories",
    "SabatuLong",
    "SabatuMercenaries",
    "SabatuOptions",
    "SabatuState",
    "Sail",
    "SpendCoin",
    "Withdraw",
    "assault",
    "battle",
]
