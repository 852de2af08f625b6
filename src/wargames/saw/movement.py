"""Simultaneous movement and what happens when units collide (rule text: "Movement": "all units
move simultaneously according to what was plotted"; the text is silent on collisions).

Units slide along their plotted paths at the same time and may pass through hexes other units
occupy, enter or leave: counters move together, and the text forbids nothing there.  What
matters is where they *end*: no two units may end on the same hex.  A collision rule takes every
living unit's start hex and plotted path and says how far along its path each unit gets.  Both
rules here are symmetric in the units (no unit has priority because of its owner, its position
in a list or the order plots were written), so the result does not depend on plotting order:

* :func:`back_off` (the default): every unit that would end on a hex another unit also ends on
  steps back one hex along its own path, all at once; a unit that stays where it started never
  yields.  Repeat until no two units share a hex.  Units that meet head-on both stop one hex
  short; a unit running into a stationary one stops next to it.
* :func:`hold`: every unit in such a conflict stays where it started.  Repeat until settled.

Both always finish: each round moves at least one unit back, and units at their start hexes
never conflict with each other (they started apart).  :data:`RULES` names them for the option
``collisions``; a variant may add its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from wargames.core.hexes import Hex

__all__ = ["RULES", "CollisionRule", "back_off", "hold"]

CollisionRule = Callable[[Sequence[tuple[Hex, tuple[Hex, ...]]]], tuple[int, ...]]
"""Given each unit's ``(start, path)``, how many hexes of its path each unit moves."""


def _where(start: Hex, path: tuple[Hex, ...], steps: int) -> Hex:
    return path[steps - 1] if steps else start


def _contested(moves: Sequence[tuple[Hex, tuple[Hex, ...]]], steps: Sequence[int]) -> set[int]:
    """The units that end on a hex another unit also ends on."""
    ends: dict[Hex, list[int]] = {}
    for unit, ((start, path), taken) in enumerate(zip(moves, steps, strict=True)):
        ends.setdefault(_where(start, path, taken), []).append(unit)
    return {unit for group in ends.values() if len(group) > 1 for unit in group}


def _settle(
    moves: Sequence[tuple[Hex, tuple[Hex, ...]]], retreat: Callable[[int], int]
) -> tuple[int, ...]:
    steps = [len(path) for _, path in moves]
    while True:
        moving = [unit for unit in _contested(moves, steps) if steps[unit] > 0]
        if not moving:
            return tuple(steps)
        for unit in moving:
            steps[unit] = retreat(steps[unit])


def back_off(moves: Sequence[tuple[Hex, tuple[Hex, ...]]]) -> tuple[int, ...]:
    """Units ending together step back along their paths one hex at a time, all at once.

    >>> a, b, c = Hex(0, 0), Hex(1, 0), Hex(2, 0)
    >>> back_off([(a, (b,)), (c, (b,))])  # both aim at b: both stay
    (0, 0)
    >>> back_off([(a, (b, c)), (c, ())])  # c stays put: the mover stops on b
    (1, 0)
    """
    return _settle(moves, lambda taken: taken - 1)


def hold(moves: Sequence[tuple[Hex, tuple[Hex, ...]]]) -> tuple[int, ...]:
    """Units ending together all stay where they started.

    >>> a, b, c = Hex(0, 0), Hex(1, 0), Hex(2, 0)
    >>> hold([(a, (b, c)), (c, ())])
    (0, 0)
    """
    return _settle(moves, lambda taken: 0)


RULES: Final[Mapping[str, CollisionRule]] = {"back-off": back_off, "hold": hold}
"""Collision rules by the name the option ``collisions`` takes."""
