"""Sabotage and its variants SG, SM, SR, SO, SN and SC (rule text: seeds/003).

>>> import wargames
>>> game = wargames.load("sabotage", variant="SM")
>>> game.layout.width, game.layout.moves_per_turn, game.layout.pieces
(8, 2, 20)
"""

from wargames.sabotage.pieces import Kind, attacker_wins, battle
from wargames.sabotage.rules import PLAYERS, Sabotage, SabotageOptions
from wargames.sabotage.state import (
    AcceptDraw,
    Battle,
    DeclineDraw,
    Deploy,
    Deployed,
    DrawAnswered,
    DrawOffered,
    Move,
    Moved,
    OfferDraw,
    Piece,
    Revealed,
    SabotageState,
    SetUpDrawn,
)
from wargames.sabotage.variants import (
    CornerSabotage,
    MiniSabotage,
    MiniSabotageRush,
    SabotageOpenRush,
    SabotageRush,
)

__all__ = [
    "PLAYERS",
    "AcceptDraw",
    "Battle",
    "CornerSabotage",
    "DeclineDraw",
    "Deploy",
    "Deployed",
    "DrawAnswered",
    "DrawOffered",
    "Kind",
    "MiniSabotage",
    "MiniSabotageRush",
    "Move",
    "Moved",
    "OfferDraw",
    "Piece",
    "Revealed",
    "Sabotage",
    "SabotageOpenRush",
    "SabotageOptions",
    "SabotageRush",
    "SabotageState",
    "SetUpDrawn",
    "attacker_wins",
    "battle",
]
