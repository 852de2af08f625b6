"""Scenarios: the battlefield, the armies, the set-up and how a game is won (rule text:
"Sequence of Play": "a set number of turns or when set scenario victory conditions are met";
"Reserves").

A scenario is data (``data/scenarios.toml``, or a TOML file of your own passed as the
``scenario`` option); a subclass of :class:`~wargames.gridscifi.GridSciFi` may also build its
:class:`Scenario` in code and override :meth:`~wargames.gridscifi.GridSciFi.victory`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from attrs import field, frozen

from wargames.core.board import Square
from wargames.core.game import Outcome
from wargames.core.rng import Rng
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.state import ANNIHILATION, Status, Unit
from wargames.gridscifi.tables import read_toml

__all__ = [
    "Scenario",
    "annihilation",
    "controller",
    "could_deploy",
    "deploy",
    "deployment_area",
    "load_scenarios",
    "objectives_outcome",
    "scenario_text",
    "scenarios_in",
    "strength_left",
]


def _strings(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(str(item) for item in value)


@frozen
class Scenario:
    """A battle: ``map`` (terrain symbols, the top line is the far rank), the two ``armies``
    (first player first), ``deployment`` ranks from each base edge, units starting in
    ``reserves``, whether transports start ``embarked``, the number of ``turns`` and the
    ``objectives`` held at the end."""

    name: str
    title: str
    armies: tuple[str, ...] = field(converter=_strings)
    map: str
    deployment: int
    reserves: int
    turns: int
    objectives: tuple[str, ...] = field(converter=_strings, default=())
    embarked: bool = True

    def __attrs_post_init__(self) -> None:
        if len(self.armies) != 2:
            raise ValueError(f"scenario {self.name!r} needs two armies")
        if self.deployment < 1 or self.reserves < 0 or self.turns < 1:
            raise ValueError(f"scenario {self.name!r}: deployment and turns >= 1, reserves >= 0")


def load_scenarios(source: str | Path | None = None) -> dict[str, Scenario]:
    """The scenarios of a TOML file (the built-in ``data/scenarios.toml`` by default)."""
    return _scenarios(read_toml(source, "scenarios.toml"))


def _scenarios(data: Mapping[str, Any]) -> dict[str, Scenario]:
    try:
        return {
            name: Scenario(name=name, **table) for name, table in data.get("scenarios", {}).items()
        }
    except TypeError as error:
        raise ValueError(f"malformed scenario: {error}") from error


def scenarios_in(text: str) -> dict[str, Scenario]:
    """The scenarios of a user's TOML text.

    :raises ValueError: for malformed TOML or a text without a scenario.
    """
    scenarios = _scenarios(tomllib.loads(text))
    if not scenarios:
        raise ValueError("the text has no [scenarios.NAME] table")
    return scenarios


def scenario_text(text: str, name: str | None = None) -> tuple[Scenario, dict[str, Any]]:
    """The scenario of a user's TOML text (a ``[scenarios.NAME]`` table, and optionally
    ``[armies.NAME]`` tables), and the text's ``[armies]`` table (may be empty).

    ``name`` chooses one of several scenarios in the text.

    :raises ValueError: for malformed TOML, no such scenario, or several and none named.
    """
    data = tomllib.loads(text)
    scenarios = _scenarios(data)
    if name is not None:
        if name not in scenarios:
            known = sorted(scenarios)
            raise ValueError(f"the scenario text has no scenario {name!r}; it has {known}")
        return scenarios[name], data.get("armies", {})
    if len(scenarios) != 1:
        raise ValueError(f"the scenario text has {len(scenarios)} scenarios: name one")
    return next(iter(scenarios.values())), data.get("armies", {})


# -- set-up ----------------------------------------------------------------------------------


def deploy(
    field_: Battlefield, scenario: Scenario, rng: Rng, *, place: bool = True
) -> tuple[tuple[Unit, ...], Rng]:
    """Both armies set up at random from ``rng``: ``reserves`` units of each in reserve,
    transports filled with troop units (if ``embarked``), the rest on random squares of the
    player's deployment ranks.  Units that start in reserve or embarked are secret.

    With ``place=False`` the units bound for the table are left :attr:`Status.UNPLACED` (and
    secret) for the players to set up with :class:`~wargames.gridscifi.state.Deploy` actions;
    which units start in reserve or embarked is still drawn from ``rng``.

    Ids: the first player's units first; within an army, units on the table (in board order;
    unplaced: in the random order of the set-up), then in reserve, then embarked, each group
    in the random order of the set-up, so an id says nothing about which unit it is.
    """
    units: list[Unit] = []
    for player in field_.players:
        army = field_.armies[player]
        order, rng = rng.shuffled(range(len(army.roster)))
        profiles = [army.profiles[name] for name in army.roster]
        reserve = list(order[: scenario.reserves])
        rest = list(order[scenario.reserves :])
        carried: dict[int, int] = {}
        if scenario.embarked:
            for carrier in order:
                room = profiles[carrier].capacity
                for passenger in rest:
                    if room and profiles[passenger].troop and passenger not in carried:
                        carried[passenger] = carrier
                        room -= 1
        table = [i for i in rest if i not in carried]
        zone = deployment_area(field_, player, scenario.deployment)
        if len(table) > len(zone):
            raise ValueError(f"{len(table)} units do not fit in {len(zone)} deployment squares")
        groups: list[tuple[int, Status, Square | None]]
        if place:
            squares, rng = rng.shuffled(zone)
            placed = sorted(zip(squares, table, strict=False))
            groups = [(i, Status.TABLE, square) for square, i in placed]
        else:
            groups = [(i, Status.UNPLACED, None) for i in table]
        groups += [(i, Status.RESERVE, None) for i in reserve]
        groups += [(i, Status.EMBARKED, None) for i in order if i in carried]
        first = len(units)
        ids = {i: first + n for n, (i, _, _) in enumerate(groups)}
        for i, status, square in groups:
            units.append(
                Unit(
                    id=ids[i],
                    owner=player,
                    profile=army.roster[i],
                    status=status,
                    square=square,
                    carrier=ids[carried[i]] if i in carried else None,
                    revealed=status is Status.TABLE,
                )
            )
    return tuple(units), rng


def could_deploy(field_: Battlefield, units: Sequence[Unit], *, fill: bool, ordered: bool) -> bool:
    """Whether :func:`deploy` could have dealt ``units`` (every profile known), transports
    filled if ``fill``.  The set-up takes the transports in its random order — those in
    reserve first (numbered in that order), then those bound for the table (numbered in it
    when ``ordered``, else in board order) — and each takes the next troop units not in
    reserve, up to its room; the passengers are numbered in that order and the troop units
    left over go to the table.  So a transport carrying less than its room, or nothing, means
    that no troop unit was left."""
    for player in field_.players:
        profiles = field_.armies[player].profiles
        own = [u for u in units if u.owner == player]
        riders = [u.id for u in own if u.status is Status.EMBARKED]
        if not fill:
            if riders:
                return False
            continue
        if any(not profiles[units[uid].profile].troop for uid in riders):
            return False
        load: dict[int, list[int]] = {}
        for uid in riders:
            ride = units[uid].carrier
            load.setdefault(-1 if ride is None else ride, []).append(uid)
        bound = [u for u in own if u.status in (Status.TABLE, Status.UNPLACED)]
        troops = len(riders) + sum(profiles[u.profile].troop for u in bound)
        waiting = [u for u in own if u.status is Status.RESERVE and profiles[u.profile].capacity]
        table = [u for u in bound if profiles[u.profile].capacity]
        if not ordered:
            table.sort(key=lambda u: (u.id not in load, load.get(u.id, [0])[0]))
        taken = 0
        for carrier in waiting + table:
            count = min(profiles[carrier.profile].capacity, troops - taken)
            if load.get(carrier.id, []) != riders[taken : taken + count]:
                return False
            taken += count
        if taken != len(riders):
            return False
    return True


def deployment_area(field_: Battlefield, player: str, depth: int) -> list[Square]:
    """The squares of ``player``'s first ``depth`` ranks from their base edge, in board
    order."""
    base = field_.base_rank(player)
    return [square for square in field_.board if abs(square.y - base) < depth]


# -- victory ---------------------------------------------------------------------------------


def annihilation(field_: Battlefield, units: tuple[Unit, ...]) -> Outcome | None:
    """The game ends when a player has no unit left anywhere (table, reserve, transport):
    the other wins, or it is a draw if both died in the same simultaneous combat."""
    gone = [p for p in field_.players if not any(u.owner == p and u.alive for u in units)]
    if not gone:
        return None
    survivors = frozenset(p for p in field_.players if p not in gone)
    return Outcome(survivors, ANNIHILATION if survivors else "mutual destruction")


def controller(field_: Battlefield, units: tuple[Unit, ...], objective: Square) -> str | None:
    """Who controls ``objective``: the only player with a ground unit on it or next to it
    (library default: flyers hold no ground)."""
    near = {
        u.owner
        for u in units
        if u.status is Status.TABLE
        and u.square is not None
        and field_.board.distance(u.square, objective) <= 1
        and not field_.profile(u).flyer
    }
    return next(iter(near)) if len(near) == 1 else None


def strength_left(field_: Battlefield, units: tuple[Unit, ...]) -> dict[str, Fraction]:
    """Each player's units still alive (on the table or off it), each counting the share of
    its models or hits left."""
    left = dict.fromkeys(field_.players, Fraction(0))
    for unit in units:
        if unit.alive:
            profile = field_.profile(unit)
            left[unit.owner] += Fraction(profile.strength - unit.damage, profile.strength)
    return left


def objectives_outcome(
    field_: Battlefield, units: tuple[Unit, ...], turns: int, *, tiebreak: bool = True
) -> Outcome:
    """The end of the last turn: the player controlling more objectives wins; an equal
    count is won by the player with more :func:`strength_left` (the scenario's tie-break,
    not in the rules; still equal: a draw), or with ``tiebreak=False`` is a draw."""
    held = dict.fromkeys(field_.players, 0)
    for objective in field_.objectives:
        owner = controller(field_, units, objective)
        if owner is not None:
            held[owner] += 1
    first, second = field_.players
    score = f"{held[first]}-{held[second]} objectives after turn {turns}"
    if held[first] != held[second]:
        return Outcome(frozenset([max(held, key=held.__getitem__)]), score)
    if not tiebreak:
        return Outcome(frozenset(), score)
    left = strength_left(field_, units)
    score += f", {float(left[first]):.2f}-{float(left[second]):.2f} strength left"
    if left[first] == left[second]:
        return Outcome(frozenset(), score)
    return Outcome(frozenset([max(left, key=left.__getitem__)]), score)
