"""The options of ``wargames.load("saw", ...)``: players and armies, the map, and the advanced
rules.  Every value is plain data (it travels in replays as JSON and comes back equal)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from attrs import field, frozen

from wargames.saw.arena import load_rules
from wargames.saw.units import UnitData, UnitSpec, unit_data

__all__ = ["TURN_LIMIT", "ArmyOption", "SawOptions"]

TURN_LIMIT: Final[int] = int(load_rules()["game"]["turn_limit"])
"""Turns after which an undecided game is drawn (library default, ``data/rules.toml``)."""

ArmyOption = tuple[tuple[str, str | tuple[UnitData, ...]], ...]
"""Each player's army: a built-in army's name, or its units."""


def _unit(data: Any) -> UnitData:
    return data.as_data() if isinstance(data, UnitSpec) else unit_data(data)


def _armies(value: Any) -> ArmyOption | None:
    """``{"alice": "duel", "bob": [{"name": ..., "points": ...}, ...]}`` or the same as pairs
    (the form JSON brings back) to plain tuples, in the order given."""
    if value is None:
        return None
    pairs = value.items() if isinstance(value, Mapping) else value
    armies: list[tuple[str, str | tuple[UnitData, ...]]] = []
    for player, army in pairs:
        units = army if isinstance(army, str) else tuple(_unit(unit) for unit in army)
        armies.append((str(player), units))
    return tuple(armies)


def _bands(value: Any) -> tuple[tuple[int, int], ...] | None:
    if value is None:
        return None
    return tuple((int(limit), int(penalty)) for limit, penalty in value)


@frozen
class SawOptions:
    """Options of SAW; the defaults are the basic game for two players.

    * ``players``: how many players (2-8) when ``armies`` is not given; seats are named
      ``blue``, ``red``, ``green``, ``yellow``, ... and each gets the built-in ``army``.
    * ``army``: a built-in army (``data/armies.toml``): ``duel`` (the text's two example
      20-point units), ``skirmish``, ``patrol``, ``lone``, ``monster``, ``gunships``.
    * ``armies``: each player's army by player name (lowercase letters): a built-in army's
      name or a list of units, each ``{"name", "points", "weapons"?, "traits"?}`` or
      ``[name, points, weapons?, traits?]``.  Unequal armies are allowed.  Traits given here
      are public knowledge; leave them out to design units secretly.
    * ``map``: a built-in map (``arena``, open; ``ruins``, with terrain) or a map as text.
    * ``weapons``: accuracy/damage pairs per unit (more than 1: "Multiple Attacks");
      ``weapon_cap``: the optional limit on any one weapon's accuracy + damage.
    * ``coordination``: "Coordinated attacks".  ``variable_traits``: "Variable Traits".
    * ``range_table``: ``[[up to distance, penalty], ...]`` replacing the default 1 per 5 hexes.
    * ``turn_limit``: turns after which an undecided game is drawn (default
      :data:`TURN_LIMIT`, 100; ``None``: no limit).
    * ``collisions``: ``"back-off"`` or ``"hold"`` (:mod:`wargames.saw.movement`).
    """

    players: int = 2
    army: str = "duel"
    armies: ArmyOption | None = field(default=None, converter=_armies)
    map: str = "arena"
    weapons: int = 1
    weapon_cap: int | None = None
    coordination: bool = False
    variable_traits: bool = False
    range_table: tuple[tuple[int, int], ...] | None = field(default=None, converter=_bands)
    turn_limit: int | None = TURN_LIMIT
    collisions: str = "back-off"
