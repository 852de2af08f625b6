"""Who may attack whom (rule text: "Attacks", "Line of Sight", "Weapon Types", "Flyers",
"Indirect Fire", "Take Cover").

* Range: squares counted with diagonal steps, at most the weapon's range, 1 less when the
  attacker or the target is a flyer (:func:`reach`).
* Sight (:func:`sees`): buildings, high buildings and rocks and trees block
  (:mod:`~wargames.gridscifi.sight`); so do ground units standing in between, except for an
  observer on a hill or in a high building ("can have a line of sight over all units") and,
  library default, for lines to or from a flyer, which flies above them.
* Indirect fire: the weapon needs no line of sight of its own if a friendly unit on the
  table sees the target (:func:`target_problem`).
* Cover (:func:`cover_value`): a troop unit in a square with cover, or next to a square
  with cover that the line of fire crosses or touches ("behind a square considered cover"),
  may take cover, unless the weapon is a flamer.  Rough terrain and rocks and trees cover
  only against shooting, not close combat weapons.  Non-troop units and flyers never take
  cover (library default: the text's cover is for "troops").
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator

from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.state import GridState, Status, Unit
from wargames.gridscifi.units import Weapon

__all__ = ["armed", "cover_value", "reach", "sees", "target_problem", "targets"]


def reach(field_: Battlefield, attacker: Unit, target: Unit, weapon: Weapon) -> int:
    """The range of ``weapon`` from ``attacker`` to ``target`` ("Flyers": 1 square less)."""
    return _reach(field_, weapon, field_.profile(attacker).flyer or field_.profile(target).flyer)


def _reach(field_: Battlefield, weapon: Weapon, flying: bool) -> int:
    if flying:
        return weapon.range - field_.tables.numbers.flyer_range_penalty
    return weapon.range


def sees(field_: Battlefield, units: tuple[Unit, ...], observer: Unit, target: Unit) -> bool:
    """Whether ``observer`` (on the table) has a line of sight to ``target``."""
    a, b = observer.square, target.square
    if a is None or b is None:
        return False
    board = field_.board
    here = board.index(a)
    screen = field_.sight.screen(here, board.index(b))
    if screen is None:  # the terrain blocks it
        return False
    if (
        field_.terrain[here].observation
        or field_.profile(observer).flyer
        or field_.profile(target).flyer
    ):
        return True
    standing = field_.layers(units)[0]
    nodes = board.nodes
    return screen.clear(lambda i: nodes[i] in standing)


def target_problem(
    field_: Battlefield, state: GridState, attacker: Unit, weapon: Weapon, target: Unit
) -> str | None:
    """Why ``attacker`` may not attack ``target`` with ``weapon``, or ``None``."""
    if target.owner == attacker.owner:
        return "a unit attacks enemy units"
    if target.status is Status.EMBARKED:
        return "units in a transport may not be attacked"
    if target.status is not Status.TABLE or target.square is None or attacker.square is None:
        return "the target is not on the table"
    profile = field_.profile(target)
    if weapon.dice(profile.troop) == 0:
        kind = "troop" if profile.troop else "non-troop"
        return f"the {weapon.name} ({weapon.type.name}) cannot attack {kind} units"
    reach_ = reach(field_, attacker, target, weapon)
    if field_.board.distance(attacker.square, target.square) > reach_:
        return f"the target is out of range of the {weapon.name} (range {reach_})"
    return _sight_problem(field_, state.units, attacker, weapon, target)


def targets(
    field_: Battlefield, state: GridState, attacker: Unit, weapon: Weapon
) -> Iterator[Unit]:
    """The units ``attacker`` may attack with ``weapon``, one by one: each one
    :func:`target_problem` accepts."""
    return _targets_among(field_, state, attacker, weapon, state.units)


def armed(
    field_: Battlefield,
    state: GridState,
    attacker: Unit,
    weapons: Iterable[Weapon],
    spared: Container[int] = (),
) -> list[Weapon]:
    """The weapons of ``weapons`` with which ``attacker`` may attack a unit not in
    ``spared`` (one :func:`target_problem` accepts)."""
    origin = attacker.square
    weapons = list(weapons)
    if origin is None or not weapons:
        return []
    flying = field_.profile(attacker).flyer
    near = field_.within(origin, max(_longest(field_, weapon, flying) for weapon in weapons))
    enemies = [
        u
        for u in state.units
        if u.owner != attacker.owner
        and u.status is Status.TABLE
        and u.square in near
        and u.id not in spared
    ]
    if not enemies:
        return []
    return [
        weapon
        for weapon in weapons
        if next(_targets_among(field_, state, attacker, weapon, enemies), None) is not None
    ]


def _targets_among(
    field_: Battlefield,
    state: GridState,
    attacker: Unit,
    weapon: Weapon,
    units: Iterable[Unit],
) -> Iterator[Unit]:
    """The units of ``units`` that :func:`target_problem` accepts, one by one."""
    origin = attacker.square
    if origin is None:
        return
    flying = field_.profile(attacker).flyer
    near = field_.within(origin, _longest(field_, weapon, flying))
    for target in units:
        if (
            target.owner == attacker.owner
            or target.status is not Status.TABLE
            or target.square not in near
        ):
            continue
        assert target.square is not None  # a unit on the table stands on a square
        profile = field_.profile(target)
        if (
            weapon.dice(profile.troop)
            and field_.board.distance(origin, target.square)
            <= _reach(field_, weapon, flying or profile.flyer)
            and _sight_problem(field_, state.units, attacker, weapon, target) is None
        ):
            yield target


def _longest(field_: Battlefield, weapon: Weapon, flying: bool) -> int:
    """The longest reach of ``weapon`` from an attacker (a flyer if ``flying``), whatever the
    target: no unit beyond it is in range."""
    return max(_reach(field_, weapon, flying), _reach(field_, weapon, True))


def _sight_problem(
    field_: Battlefield, units: tuple[Unit, ...], attacker: Unit, weapon: Weapon, target: Unit
) -> str | None:
    """Why ``attacker`` may not attack ``target`` (in range) for want of a line of sight: its
    own, or for indirect fire a friendly unit's; or ``None``."""
    if sees(field_, units, attacker, target):
        return None
    if weapon.indirect and any(
        u.owner == attacker.owner and u.status is Status.TABLE and sees(field_, units, u, target)
        for u in units
    ):
        return None
    if weapon.indirect:
        return "no friendly unit sees the target for indirect fire"
    return "there is no line of sight to the target"


def cover_value(field_: Battlefield, attacker: Unit, weapon: Weapon, target: Unit) -> int:
    """The cover value ``target`` may use against this attack, 0 if it may not take cover."""
    profile = field_.profile(target)
    if not profile.troop or profile.flyer or weapon.type.denies_cover:
        return 0
    a, b = attacker.square, target.square
    if a is None or b is None:
        return 0
    board = field_.board
    close = weapon.type.close_combat
    own = field_.terrain_at(b)
    if own.covers(close):
        return own.cover
    here = board.index(a)
    behind = [
        field_.terrain[i]
        for i in field_.sight.between(here, board.index(b)).touched
        if i != here and board.distance(board.node(i), b) == 1
    ]
    return max((t.cover for t in behind if t.covers(close)), default=0)
