"""wargames: a rules engine for tabletop wargames.

>>> import wargames
>>> game = wargames.load("sabotage", variant="SR")
>>> state = game.start(seed=7)
>>> sorted(game.to_act(state))
['green']

The public surface is deliberately small; the kernel lives in :mod:`wargames.core`, the
games in their own packages, hypothesis strategies and the conformance suite in
:mod:`wargames.testing`, bots in :mod:`wargames.bots`.
"""

from wargames.core.errors import (
    IllegalAction,
    InvalidAction,
    InvalidState,
    NoPast,
    NotYourTurn,
    SerializationError,
    UnknownGame,
    UnknownOption,
    WargamesError,
)
from wargames.core.game import Action, Game, Outcome, State, UnknownPlayer
from wargames.core.registry import available, load, register
from wargames.core.replay import Replay

__all__ = [
    "Action",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "InvalidState",
    "NotYourTurn",
    "Outcome",
    "Replay",
    "SerializationError",
    "State",
    "UnknownGame",
    "NoPast",
    "UnknownOption",
    "UnknownPlayer",
    "WargamesError",
    "available",
    "load",
    "register",
]

__version__ = "0.1.0"
