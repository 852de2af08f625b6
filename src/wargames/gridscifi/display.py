"""The state as text: the board, a line per unit, and whose turn it is.

On the board each square shows its terrain symbol (``#`` building, ``H`` high building,
``:`` rough, ``T`` rocks and trees, ``^`` hill, ``*`` objective, ``.`` open ground) and the
letters of the units on it: upper case for the first player, lower case for the second, in
the order of their ids (``A`` is the first player's lowest id).
"""

from __future__ import annotations

from wargames.core.board import Square
from wargames.core.hidden import is_hidden
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.state import GridState, Status, Unit
from wargames.render.text import render_squares

__all__ = ["describe", "letters"]


def letters(field_: Battlefield, units: tuple[Unit, ...]) -> dict[int, str]:
    """Each unit's letter on the board."""
    first = field_.players[0]
    counts = dict.fromkeys(field_.players, 0)
    out = {}
    for unit in units:
        base = "A" if unit.owner == first else "a"
        out[unit.id] = chr(ord(base) + counts[unit.owner] % 26)
        counts[unit.owner] += 1
    return out


def _line(field_: Battlefield, unit: Unit, letter: str) -> str:
    name = "?" if is_hidden(unit.profile) else unit.profile
    where = {
        Status.TABLE: f"at {unit.square}",
        Status.RESERVE: "in reserve",
        Status.EMBARKED: f"in #{unit.carrier}",
        Status.STRANDED: f"stranded at {unit.square}",
        Status.DESTROYED: "destroyed",
        Status.UNPLACED: "to set up",
    }[unit.status]
    if is_hidden(unit.profile):
        return f"  {letter} #{unit.id} {unit.owner} ? {where}"
    profile = field_.profile(unit)
    left = profile.strength - unit.damage
    size = f"{left}/{profile.strength} {'models' if profile.troop else 'hits left'}"
    tokens = [
        word
        for word, on in (
            ("pinned", unit.pinned),
            ("overwatch", unit.overwatch),
            ("activated", unit.activated),
        )
        if on
    ]
    return f"  {letter} #{unit.id} {unit.owner} {name} ({size}) {where} {' '.join(tokens)}".rstrip()


def describe(field_: Battlefield, state: GridState, heading: str, status: str) -> str:
    """The board, the units and ``status`` under ``heading``."""
    names = letters(field_, state.units)
    board = field_.board
    here: dict[Square, str] = {}
    for unit in state.units:
        if unit.status is Status.TABLE and unit.square is not None:
            here[unit.square] = here.get(unit.square, "") + names[unit.id]
    objectives = set(field_.objectives)

    def glyph(square: Square) -> str:
        terrain = field_.terrain_at(square)
        mark = "*" if square in objectives else terrain.symbol
        units = here.get(square, "")
        if not units:
            return mark
        return units if mark == "." else mark + units

    lines = [heading, render_squares(board, glyph)]
    lines += [_line(field_, unit, names[unit.id]) for unit in state.units]
    activation = state.activation
    if activation is not None:
        dice = " ".join(map(str, activation.dice)) or "none"
        lines.append(f"Activating #{activation.unit}: dice {dice}")
    lines.append(status)
    return "\n".join(lines)
