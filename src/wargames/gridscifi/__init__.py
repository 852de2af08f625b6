"""Grid-Based SciFi (rule text: seeds/004): activation dice, weapons, cover and pinning on a
square grid.

>>> import wargames
>>> game = wargames.load("gridscifi")
>>> state = game.start(seed=1)
>>> sorted(game.to_act(state)), game.field.board.width, game.field.board.height
(['blue'], 12, 8)
"""

from wargames.gridscifi.attacks import Effect, Matchup, attack_dice, effect, hits, matchup, pins
from wargames.gridscifi.rules import PLAYERS, GridSciFi, GridSciFiOptions
from wargames.gridscifi.scenario import Scenario
from wargames.gridscifi.state import (
    Activate,
    Activation,
    Aim,
    BailOut,
    CallReserve,
    Channel,
    Deploy,
    Embark,
    EndActivation,
    EndTurn,
    GridState,
    HoldGround,
    LeaveTable,
    Overwatch,
    Place,
    Reroll,
    ReturnFire,
    Status,
    Step,
    TakeCover,
    Target,
    Unit,
    Unpin,
)
from wargames.gridscifi.units import Army, Profile, Weapon

__all__ = [
    "PLAYERS",
    "Activate",
    "Activation",
    "Aim",
    "Army",
    "BailOut",
    "CallReserve",
    "Channel",
    "Deploy",
    "Effect",
    "Embark",
    "EndActivation",
    "EndTurn",
    "GridSciFi",
    "GridSciFiOptions",
    "GridState",
    "HoldGround",
    "LeaveTable",
    "Matchup",
    "Overwatch",
    "Place",
    "Profile",
    "Reroll",
    "ReturnFire",
    "Scenario",
    "Status",
    "Step",
    "TakeCover",
    "Target",
    "Unit",
    "Unpin",
    "Weapon",
    "attack_dice",
    "effect",
    "hits",
    "matchup",
    "pins",
]
