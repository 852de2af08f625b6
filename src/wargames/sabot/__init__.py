"""S.A.B.O.T. — Simple Armored Battle in Oversized Terrain, after the rule text of that name.

>>> from wargames.sabot import Sabot
>>> game = Sabot()
>>> state = game.start(seed=1)
>>> game.phase(state), len(game.map)
('movement', 448)
"""

from wargames.sabot.combat import Modifiers, matchup, shot
from wargames.sabot.maps import SabotMap, default_map, map_names
from wargames.sabot.rules import Sabot, SabotOptions
from wargames.sabot.state import (
    Advance,
    Attack,
    Board,
    Buy,
    Disembark,
    Done,
    Embark,
    Entrench,
    Face,
    Fire,
    Hold,
    Moving,
    Place,
    Reveal,
    SabotState,
    Scout,
    Select,
    Special,
    Stop,
    TakeOff,
    Turn,
    Unit,
)
from wargames.sabot.turn import PLAYERS, annihilation
from wargames.sabot.units import DEFAULT_TABLE, UnitTable, UnitType

__all__ = [
    "DEFAULT_TABLE",
    "PLAYERS",
    "Advance",
    "Attack",
    "Board",
    "Buy",
    "Disembark",
    "Done",
    "Embark",
    "Entrench",
    "Face",
    "Fire",
    "Hold",
    "Modifiers",
    "Moving",
    "Place",
    "Reveal",
    "Sabot",
    "SabotMap",
    "SabotOptions",
    "SabotState",
    "Scout",
    "Select",
    "Special",
    "Stop",
    "TakeOff",
    "Turn",
    "Unit",
    "UnitTable",
    "UnitType",
    "annihilation",
    "default_map",
    "map_names",
    "matchup",
    "shot",
]
