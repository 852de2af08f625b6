"""SAW, the Simple Abstract Wargame (rule text: seeds/001), with every advanced rule.

>>> import wargames
>>> from wargames.saw import Saw
>>> game = Saw(players=3, coordination=True)
>>> game.players
('blue', 'red', 'green')
>>> state = game.start(seed=1)
>>> sorted(game.to_act(state))  # everybody plots at once
['blue', 'green', 'red']
>>> [str(a) for a in game.legal_actions(state, "blue")][:3]
['b1 step n', 'b1 step ne', 'b1 step se']
"""

from wargames.saw import odds
from wargames.saw.arena import Arena, RangeTable, Terrain
from wargames.saw.options import SawOptions
from wargames.saw.rules import PLAYER_NAMES, TURNS, Saw
from wargames.saw.state import (
    Allocate,
    Allocated,
    Assign,
    Attack,
    Attacked,
    Designed,
    Destroyed,
    Done,
    Eliminated,
    Moved,
    Order,
    Plot,
    PlotRevealed,
    Reallocated,
    RecordRevealed,
    Release,
    SawAction,
    SawState,
    Sheet,
    Shot,
    Step,
    Unit,
)
from wargames.saw.units import UnitSpec, check_design, trait_names

__all__ = [
    "PLAYER_NAMES",
    "TURNS",
    "Allocate",
    "Allocated",
    "Arena",
    "Assign",
    "Attack",
    "Attacked",
    "Designed",
    "Destroyed",
    "Done",
    "Eliminated",
    "Moved",
    "Order",
    "Plot",
    "PlotRevealed",
    "RangeTable",
    "Reallocated",
    "RecordRevealed",
    "Release",
    "Saw",
    "SawAction",
    "SawOptions",
    "SawState",
    "Sheet",
    "Shot",
    "Step",
    "Terrain",
    "Unit",
    "UnitSpec",
    "check_design",
    "odds",
    "trait_names",
]
