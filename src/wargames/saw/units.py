"""Units, their traits and point-buy (rule text: "UNIT TRAITS", "CREATING UNITS", and the
advanced rule "Multiple Attacks").

A unit's traits are a tuple of whole numbers in a fixed order: movement, evasion, endurance,
then one accuracy/damage pair per weapon (one weapon in the basic game).  A *design* divides a
unit's points among them: whole numbers >= 0 summing to the total (:func:`check_design`).

:func:`count_designs` and :func:`random_design` count and draw designs uniformly, optionally
with a floor under some traits and a cap on each weapon's accuracy + damage; the game uses
them to design units at random from the seed, to resample secret designs, and for the prior
of :func:`wargames.saw.odds.design_prior`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from attrs import field, frozen

__all__ = [
    "MAX_ATTACKS",
    "MAX_POINTS",
    "MAX_WEAPONS",
    "ACCURACY",
    "DAMAGE",
    "ENDURANCE",
    "EVASION",
    "MOVEMENT",
    "UnitData",
    "UnitSpec",
    "accuracy_index",
    "check_design",
    "count_designs",
    "damage_index",
    "load_armies",
    "random_design",
    "trait_names",
    "unit_data",
]

MAX_POINTS: Final = 200
"""The most points a unit may have (a library bound: the text's largest example is 60)."""
MAX_WEAPONS: Final = 4
"""The most accuracy/damage pairs a unit may have (a library bound for "Multiple Attacks")."""
MAX_ATTACKS: Final = 20
"""The most attacks a unit may spread its points over under "Variable Traits" (a library
bound: the text says "one, two, or ten attacks at will"; the action space stays finite)."""
MOVEMENT: Final = 0
EVASION: Final = 1
ENDURANCE: Final = 2
ACCURACY: Final = 3
DAMAGE: Final = 4
BASE_TRAITS: Final = ("movement", "evasion", "endurance")
"""The traits every unit has once; accuracy and damage follow, once per weapon."""

Below = Callable[[int], int]
"""A source of chance: ``below(n)`` is a uniform whole number in ``range(n)``."""


def trait_names(weapons: int = 1) -> tuple[str, ...]:
    """The trait names of a unit with ``weapons`` weapons, in trait order.

    >>> trait_names(2)
    ('movement', 'evasion', 'endurance', 'accuracy', 'damage', 'accuracy2', 'damage2')
    """
    names = list(BASE_TRAITS)
    for weapon in range(1, weapons + 1):
        suffix = "" if weapon == 1 else str(weapon)
        names += [f"accuracy{suffix}", f"damage{suffix}"]
    return tuple(names)


def accuracy_index(weapon: int) -> int:
    """The position of weapon ``weapon``'s accuracy (weapons count from 1)."""
    return ACCURACY + 2 * (weapon - 1)


def damage_index(weapon: int) -> int:
    """The position of weapon ``weapon``'s damage (weapons count from 1)."""
    return DAMAGE + 2 * (weapon - 1)


def check_design(
    traits: Sequence[int], points: int, weapons: int = 1, cap: int | None = None
) -> tuple[int, ...]:
    """``traits`` as a design of a ``points``-point unit, checked ("CREATING UNITS").

    :raises ValueError: unless there are ``3 + 2 * weapons`` whole numbers >= 0 ("No trait
        can be less than zero") summing to ``points``, and each weapon's accuracy + damage is
        at most ``cap`` (the optional limit of "Multiple Attacks").
    """
    names = trait_names(weapons)
    values = tuple(traits)
    if len(values) != len(names):
        raise ValueError(
            f"a unit with {weapons} weapon(s) has {len(names)} traits ({', '.join(names)}), "
            f"got {len(values)}: {list(values)}"
        )
    for name, value in zip(names, values, strict=True):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
    if sum(values) != points:
        raise ValueError(f"traits {list(values)} sum to {sum(values)}, not the unit's {points}")
    if cap is not None:
        for weapon in range(1, weapons + 1):
            pair = values[accuracy_index(weapon)] + values[damage_index(weapon)]
            if pair > cap:
                raise ValueError(
                    f"weapon {weapon} has accuracy + damage {pair}, over the cap {cap}"
                )
    return values


UnitData = tuple[str, int, int | None, tuple[int, ...] | None]
"""A unit as plain data: name, points, weapons (``None``: the game's default), traits."""


def unit_data(data: Any) -> UnitData:
    """A unit given as a table ``{"name", "points", "weapons"?, "traits"?}`` or a sequence
    ``[name, points, weapons?, traits?]``, as plain values (not yet validated).

    :raises ValueError: for any other shape or unknown fields.
    """
    if isinstance(data, Mapping):
        unknown = set(data) - {"name", "points", "weapons", "traits"}
        if unknown:
            raise ValueError(f"unknown unit fields {sorted(unknown)} in {dict(data)!r}")
        fields: list[Any] = [data.get(k) for k in ("name", "points", "weapons", "traits")]
        name, points, weapons, traits = fields
    elif isinstance(data, list | tuple) and 2 <= len(data) <= 4:
        name, points, weapons, traits = (*data, None, None)[:4]
    else:
        raise ValueError(f"a unit is a table or [name, points, weapons, traits], got {data!r}")
    return (name, points, weapons, None if traits is None else tuple(traits))


def _whole(name: str, value: object, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise ValueError(f"{name} must be a whole number from {least} to {most}, got {value!r}")
    return value


def _traits(value: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


@frozen
class UnitSpec:
    """A unit as an army lists it: its name, point total, number of weapons and, optionally,
    a ready design (``traits``).  Without one, the unit is designed when the game starts.

    :raises ValueError: for points below 1 (a unit of 0 points would have every trait at zero,
        which is "destroyed"), weapons below 1, or a design that does not fit the points.
    """

    name: str
    points: int
    weapons: int = 1
    traits: tuple[int, ...] | None = field(default=None, converter=_traits)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError(f"a unit needs a name, got {self.name!r}")
        _whole(f"points of {self.name}", self.points, 1, MAX_POINTS)
        _whole(f"weapons of {self.name}", self.weapons, 1, MAX_WEAPONS)
        if self.traits is not None:
            try:
                check_design(self.traits, self.points, self.weapons)
            except ValueError as error:
                raise ValueError(f"{self.name}: {error}") from None

    @classmethod
    def from_data(cls, data: Any, weapons: int = 1) -> UnitSpec:
        """A unit from the forms :func:`unit_data` reads.  Without a number of weapons, a ready
        design implies it (``3 + 2 * weapons`` traits), else ``weapons`` gives it.

        :raises ValueError: as for :func:`unit_data` and the constructor.
        """
        if isinstance(data, UnitSpec):
            return data
        name, points, count, traits = unit_data(data)
        if count is None:
            count = weapons if traits is None else max(1, (len(traits) - 3) // 2)
        return cls(name, points, count, traits)

    def as_data(self) -> UnitData:
        """The unit as plain values (what options hold, and JSON can carry)."""
        return (self.name, self.points, self.weapons, self.traits)


# -- counting and drawing designs ------------------------------------------------------------

_Item = tuple[int | None, ...]
"""A part of a design for counting: ``(top,)`` is one trait of at most ``top`` (``None``: no
limit); ``(accuracy top, damage top, cap)`` one weapon's pair, its sum at most ``cap``."""


def _split(item: _Item, value: int) -> tuple[int, int]:
    """The accuracy values a pair ``item`` summing to ``value`` may have: ``low..high``."""
    top_accuracy, top_damage, _ = item
    low = 0 if top_damage is None else max(0, value - top_damage)
    high = value if top_accuracy is None else min(value, top_accuracy)
    return low, high


def _weight(item: _Item, value: int) -> int:
    """The number of ways ``item`` takes the sum ``value``."""
    if len(item) == 1:
        top = item[0]
        return 1 if top is None or value <= top else 0
    cap = item[2]
    if cap is not None and value > cap:
        return 0
    low, high = _split(item, value)
    return max(0, high - low + 1)


@cache
def _ways(items: tuple[_Item, ...], total: int) -> tuple[tuple[int, ...], ...]:
    """``ways[i][n]``: the number of ways ``items[i:]`` sum to ``n``, for ``n <= total``."""
    rows = [tuple([1] + [0] * total)]
    for item in reversed(items):
        after = rows[-1]
        rows.append(
            tuple(
                sum(_weight(item, v) * after[n - v] for v in range(n + 1)) for n in range(total + 1)
            )
        )
    return tuple(reversed(rows))


def count_designs(total: int, weapons: int = 1, cap: int | None = None, free: int = 3) -> int:
    """The number of designs of ``total`` points: ``free`` unbounded traits (movement, evasion,
    endurance) and ``weapons`` accuracy/damage pairs, each pair at most ``cap``.

    >>> count_designs(20)  # five traits summing to 20
    10626
    """
    if total < 0:
        return 0
    items: tuple[_Item, ...] = ((None,),) * free + ((None, None, cap),) * weapons
    return _ways(items, total)[0][total]


def _draw(weights: Sequence[int], below: Below) -> int:
    """An index drawn with probability proportional to ``weights`` (positive total)."""
    pick = below(sum(weights))
    for index, weight in enumerate(weights):
        if pick < weight:
            return index
        pick -= weight
    raise AssertionError("unreachable: the pick is below the total weight")


def _room(floor: int, ceiling: int | None) -> int | None:
    return None if ceiling is None else ceiling - floor


def random_design(
    total: int,
    weapons: int,
    below: Below,
    *,
    cap: int | None = None,
    floor: Sequence[int] = (),
    ceiling: Sequence[int | None] = (),
) -> tuple[int, ...]:
    """A design of ``total`` points drawn uniformly among those with every trait between its
    ``floor`` and ``ceiling`` (missing entries: 0 and no limit) and each weapon's
    accuracy + damage at most ``cap``.

    :raises ValueError: if there is none.
    """
    size = 3 + 2 * weapons
    low = [*floor, *[0] * size][:size]
    high = [*ceiling, *[None] * size][:size]
    # Uniform over the designs between the bounds is uniform over the designs of the points
    # above the floors, each trait limited to its room and each pair to what the cap leaves.
    items: list[_Item] = [(_room(low[i], high[i]),) for i in range(3)]
    for weapon in range(1, weapons + 1):
        a, d = accuracy_index(weapon), damage_index(weapon)
        pair_cap = None if cap is None else cap - low[a] - low[d]
        items.append((_room(low[a], high[a]), _room(low[d], high[d]), pair_cap))
    spare = total - sum(low)
    tops = [t for item in items for t in item if t is not None]
    ways = _ways(tuple(items), spare) if spare >= 0 and min(tops, default=0) >= 0 else None
    if ways is None or ways[0][spare] == 0:
        raise ValueError(f"no design of {total} points lies between {low} and {high} (cap {cap})")
    values = list(low)
    rest = spare
    for i, item in enumerate(items):
        value = _draw([_weight(item, v) * ways[i + 1][rest - v] for v in range(rest + 1)], below)
        rest -= value
        if len(item) == 1:
            values[i] += value
            continue
        first, last = _split(item, value)
        accuracy = first + below(last - first + 1)
        values[accuracy_index(i - 2)] += accuracy
        values[damage_index(i - 2)] += value - accuracy
    return tuple(values)


# -- army data ----------------------------------------------------------------------------


def load_armies(source: str | Path | None = None) -> dict[str, tuple[UnitData, ...]]:
    """The example armies of a TOML file (the built-in ``data/armies.toml`` by default), as
    plain unit data (a unit without ``weapons`` takes the game's option).

    :raises ValueError: for an army whose units do not validate.
    """
    if source is None:
        text = files("wargames.saw").joinpath("data/armies.toml").read_text("utf-8")
    else:
        text = Path(source).read_text("utf-8")
    armies = {
        name: tuple(unit_data(unit) for unit in table["units"])
        for name, table in tomllib.loads(text)["armies"].items()
    }
    for units in armies.values():
        for unit in units:
            UnitSpec.from_data(unit)
    return armies
