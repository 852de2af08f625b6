"""Positions, fixed dice and small battlefields for the Grid SciFi tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import attrs

from wargames import testing
from wargames.core.board import Square
from wargames.core.dice import d6
from wargames.core.rng import Rng
from wargames.gridscifi import (
    Activation,
    Aim,
    Channel,
    EndActivation,
    EndTurn,
    GridSciFi,
    GridState,
    Overwatch,
    ReturnFire,
    Scenario,
    Status,
    Target,
    Unit,
)
from wargames.gridscifi.rules import ARMIES
from wargames.gridscifi.state import GridAction

OPEN = """
........
........
........
........
........
........
"""


def sq(name: str) -> Square:
    return Square.parse(name)


def arena(text: str = OPEN, **options: Any) -> GridSciFi:
    """A game on the battlefield ``text`` (terrain symbols of data/rules.toml), Legion (blue)
    against Swarm (red), no reserves, no objectives."""

    class Arena(GridSciFi):
        def make_scenario(self) -> tuple[Scenario, Any]:
            scenario = Scenario(
                name="arena",
                title="Test arena",
                armies=("legion", "swarm"),
                map=text,
                deployment=1,
                reserves=0,
                turns=6,
            )
            return scenario, ARMIES

    return Arena(**options)


def at(uid: int, owner: str, profile: str, square: str, **tokens: Any) -> Unit:
    """A unit on the table."""
    return Unit(uid, owner, profile, square=sq(square), **tokens)


def off(uid: int, owner: str, profile: str, status: Status, **fields: Any) -> Unit:
    """A unit off the table: in reserve, inside a transport (``carrier=``) or destroyed."""
    return Unit(uid, owner, profile, status=status, **fields)


@cache
def rng_rolling(*faces: int) -> Rng:
    """A stream whose next ``len(faces)`` d6 rolls are exactly ``faces``."""
    return testing.rng_rolling(d6, *faces)


def rolling(state: GridState, *faces: int) -> GridState:
    """``state`` whose next dice are ``faces``."""
    return attrs.evolve(state, rng=rng_rolling(*faces))


def activating(state: GridState, uid: int, *dice: int, **fields: Any) -> GridState:
    """``state`` with unit ``uid`` activated, its activation dice being ``dice``."""
    return attrs.evolve(state, activation=Activation(uid, tuple(dice), **fields))


ATTACKS = (Aim, Target, Channel, ReturnFire)
IDLE = (EndTurn, EndActivation, Overwatch)


def aggressive(game: GridSciFi, seed: int) -> Iterator[tuple[GridState, GridAction | None]]:
    """Each state of an "aggressive" game and the action played from it (``None`` at the
    end): attack whenever an attack is legal, else anything but ending or overwatch.
    Uniformly random play rarely fights, since ending the turn or the activation is always
    legal."""
    rng = random.Random(seed)
    state = game.start(seed)
    while game.outcome(state) is None:
        (player,) = game.to_act(state)
        legal = game.legal_actions(state, player)
        attacks: list[GridAction] = [a for a in legal if isinstance(a, ATTACKS)]
        busy: list[GridAction] = [a for a in legal if not isinstance(a, IDLE)] or list(legal)
        action = rng.choice(attacks if attacks and rng.random() < 0.9 else busy)
        yield state, action
        state = game.apply(state, action)
    yield state, None
