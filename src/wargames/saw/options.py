"""The options of ``wargames.load("saw", ...)``: players and armies, the map, and the advanced
rules.  Every value is plain data (it travels in replays as JSON and comes back equal)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from attrs import frozen

from wargames.core.options import choice, custom, flag, number, text
from wargames.saw.arena import load_maps, load_rules
from wargames.saw.movement import RULES
from wargames.saw.units import (
    MAX_ATTACKS,
    MAX_POINTS,
    MAX_WEAPONS,
    UnitData,
    UnitSpec,
    load_armies,
    unit_data,
)

__all__ = ["ATTACKS", "DESIGNS", "MAX_UNITS", "TURN_LIMIT", "ArmyOption", "SawOptions", "SawSetup"]

TURN_LIMIT: Final[int] = int(load_rules()["game"]["turn_limit"])
"""Turns after which an undecided game is drawn (library default, ``data/rules.toml``)."""
ATTACKS: Final[int] = int(load_rules()["game"]["attacks"])
"""Under "Variable Traits", the attacks a unit may spread its points over (library default,
``data/rules.toml``: 10, the text's "one, two, or ten attacks at will")."""
MAX_UNITS: Final = 40
"""The most units an army given in ``armies`` may have (a library bound, not a rule)."""
_MAX_BANDS: Final = 50
_MAX_SEATS: Final = len(load_rules()["game"]["players"])
"""One seat per player name of ``data/rules.toml``."""

ArmyOption = tuple[tuple[str, str | tuple[UnitData, ...]], ...]
"""Each player's army: a built-in army's name, or its units."""


def _unit(data: Any) -> UnitData:
    return data.as_data() if isinstance(data, UnitSpec) else unit_data(data)


def _armies(value: Any) -> ArmyOption | None:
    """``{"alice": "duel", "bob": [{"name": ..., "points": ...}, ...]}`` or the same as pairs
    (the form JSON brings back) to plain tuples, in the order given."""
    if value is None:
        return None
    pairs = list(value.items() if isinstance(value, Mapping) else value)
    if len(pairs) > _MAX_SEATS:
        raise ValueError(f"armies: at most {_MAX_SEATS} players, got {len(pairs)}")
    armies: list[tuple[str, str | tuple[UnitData, ...]]] = []
    for player, army in pairs:
        if not isinstance(player, str) or not isinstance(army, str | list | tuple):
            raise ValueError(f"armies: a player's name and an army, got {player!r}: {army!r}")
        if not isinstance(army, str) and len(army) > MAX_UNITS:
            raise ValueError(f"armies: at most {MAX_UNITS} units an army, got {len(army)}")
        units = army if isinstance(army, str) else tuple(_unit(unit) for unit in army)
        armies.append((player, units))
    return tuple(armies)


def _whole(value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"range_table: whole numbers from {low} to {high}, got {value!r}")
    return value


def _bands(value: Any) -> tuple[tuple[int, int], ...] | None:
    if value is None:
        return None
    bands = list(value)
    if len(bands) > _MAX_BANDS:
        raise ValueError(f"range_table: at most {_MAX_BANDS} bands, got {len(bands)}")
    return tuple((_whole(limit, 1, 10_000), _whole(penalty, 0, 1_000)) for limit, penalty in bands)


DESIGNS: Final = ("preset", "random", "manual")
"""How :meth:`Saw.start <wargames.saw.rules.Saw.start>` designs the units."""


@frozen
class SawSetup:
    """The set-up keywords of :meth:`Saw.start <wargames.saw.rules.Saw.start>`: how the units
    are designed, and the hexes of units that do not stand on their deployment zones."""

    design: str = choice(
        "preset",
        DESIGNS,
        about="how the units are designed: preset, random, or manual (each player assigns "
        "their units' points)",
        said={
            "preset": "the armies' ready designs (the others drawn at random)",
            "random": "every design drawn at random",
            "manual": "design your own units",
        },
    )
    hexes: Mapping[str, str] | None = custom(
        None,
        what='hexes of units by id, such as {"b1": "0305"} (None: the deployment zones)',
        examples=(None, {}),
        about='hexes of units by id, such as {"b1": "0305"} (null: their deployment zones)',
    )


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
      are the unit's owner's secret in play, like every design.
    * ``open_designs``: a teaching mode, off by default: every unit's design is shown to every
      player ("Unit traits are kept secret from other players" is the rule; only the point
      totals are public without it).
    * ``map``: a built-in map (``arena``, open; ``ruins``, with terrain) or a map as text.
    * ``weapons``: accuracy/damage pairs per unit (more than 1: "Multiple Attacks");
      ``weapon_cap``: the optional limit on any one weapon's accuracy + damage.
    * ``coordination``: "Coordinated attacks".  ``variable_traits``: "Variable Traits".
    * ``attacks``: under Variable Traits, how many attacks (accuracy/damage pairs) a unit may
      re-allocate its points into (default :data:`ATTACKS`, 10; 1 to 20); an attack beyond the
      unit's own weapons fires only while it holds points.  Unused without the rule.
    * ``range_table``: ``[[up to distance, penalty], ...]`` replacing the default 1 per 5 hexes.
    * ``turn_limit``: turns after which an undecided game is drawn (default
      :data:`TURN_LIMIT`, 100; ``None``: no limit).
    * ``collisions``: ``"back-off"`` or ``"hold"`` (:mod:`wargames.saw.movement`).
    """

    players: int = number(2, low=2, high=_MAX_SEATS)
    army: str = text(
        "duel", what="a built-in army's name", max_length=40, examples=tuple(load_armies())
    )
    armies: ArmyOption | None = custom(
        None,
        converter=_armies,
        what="each player's army by player name: a built-in army's name or a list of units",
        examples=(
            None,
            {"blue": "lone", "red": "monster"},
            {"a": [{"name": "scout", "points": 1}], "b": "lone", "c": "gunships"},
        ),
    )
    map: str = text(
        "arena",
        what="a built-in map's name or a map drawn as text",
        examples=(*load_maps()[1], "11\n..\n22"),
    )
    weapons: int = number(1, low=1, high=MAX_WEAPONS)
    weapon_cap: int | None = number(None, low=0, high=2 * MAX_POINTS, optional=True)
    coordination: bool = flag(False)
    variable_traits: bool = flag(False)
    attacks: int = number(ATTACKS, low=1, high=MAX_ATTACKS)
    open_designs: bool = flag(False)
    range_table: tuple[tuple[int, int], ...] | None = custom(
        None,
        converter=_bands,
        what="[[up to distance, penalty], ...] (distances 1 to 10,000, penalties 0 to 1,000)",
        examples=(None, ((1, 0),), ((3, 1), (10_000, 1_000))),
    )
    turn_limit: int | None = number(TURN_LIMIT, low=1, high=100_000, optional=True)
    collisions: str = text(
        "back-off", what="a collision rule's name", max_length=40, examples=tuple(RULES)
    )
