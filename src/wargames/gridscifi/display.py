"""The state as text: the board, a line per unit, and whose turn it is.

On the board each square shows its terrain symbol (``#`` building, ``H`` high building,
``:`` rough, ``T`` rocks and trees, ``^`` hill, ``*`` objective, ``.`` open ground) and the
letters of the units on it: upper case for the first player, lower case for the second, in
the order of their ids (``A`` is the first player's lowest id).

:func:`tokens` gives the same units to SVG pictures (:mod:`wargames.render.svg`), labelled
with the same letters and their types (where the viewer knows them).
"""

from __future__ import annotations

from wargames.core.board import Square
from wargames.core.hidden import is_hidden
from wargames.core.words import listed
from wargames.gridscifi.battlefield import Battlefield
from wargames.gridscifi.state import GridState, Status, Unit
from wargames.render.svg import Token, player_colours
from wargames.render.text import render_squares

__all__ = ["describe", "legend", "letters", "tokens"]


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


def legend(field_: Battlefield) -> str:
    """What :func:`describe`'s letters and symbols mean."""
    first, second = field_.players
    terrain = ", ".join(
        f"{t.symbol} {t.name.replace('_', ' ')}" for t in dict.fromkeys(field_.terrain)
    )
    return (
        f"units are letters, upper case {first}'s and lower case {second}'s, as listed under "
        f"the board; terrain: {terrain}; * an objective"
    )


def _line(field_: Battlefield, unit: Unit, names: dict[int, str]) -> str:
    letter = names[unit.id]
    name = "?" if is_hidden(unit.profile) else unit.profile
    carrier = "" if unit.carrier is None else names.get(unit.carrier, "")
    where = {
        Status.TABLE: f"at {unit.square}",
        Status.RESERVE: "in reserve",
        Status.EMBARKED: f"aboard {carrier} (#{unit.carrier})",
        Status.STRANDED: f"stranded at {unit.square}",
        Status.DESTROYED: "destroyed",
        Status.UNPLACED: "to set up",
    }[unit.status]
    if is_hidden(unit.profile):
        return f"  {letter} #{unit.id} {unit.owner} unit of unknown type {where}"
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
    lines += [_line(field_, unit, names) for unit in state.units]
    activation = state.activation
    if activation is not None:
        dice = listed(activation.dice) if activation.dice else "all spent"
        which = f"{names.get(activation.unit, '')} (#{activation.unit})"
        lines.append(f"Activating {which}: dice {dice}")
    lines.append(status)
    return "\n".join(lines)


def tokens(field_: Battlefield, state: GridState) -> dict[Square, Token]:
    """The units standing on the table (stranded ones too) as SVG tokens, from ``state`` as
    its viewer sees it: labelled with their letters of the text display (a flyer and the
    ground unit under it share a square: ``Ab``, in the same order), each unit's type under
    them (``?`` where the viewer does not know it), coloured by owner (the flyer's: it is on
    top), with their lines of the text display as the tooltip, and what each transport
    carries.  A unit whose profile the viewer does not know is drawn hidden.
    """
    names = letters(field_, state.units)
    colours = player_colours(field_.players)
    stacks: dict[Square, list[Unit]] = {}
    for unit in state.units:
        if unit.status in (Status.TABLE, Status.STRANDED) and unit.square is not None:
            stacks.setdefault(unit.square, []).append(unit)
    out: dict[Square, Token] = {}
    for square, units in stacks.items():
        top = next((u for u in units if _flyer(field_, u)), units[0])
        out[square] = Token(
            "".join(names[u.id] for u in units),
            colours[top.owner],
            owner=top.owner,
            hidden=any(is_hidden(u.profile) for u in units),
            detail="\n".join(_tooltip(field_, state, u, names) for u in units),
            note=" / ".join("?" if is_hidden(u.profile) else u.profile for u in units),
        )
    return out


def _flyer(field_: Battlefield, unit: Unit) -> bool:
    return not is_hidden(unit.profile) and field_.profile(unit).flyer


def _tooltip(field_: Battlefield, state: GridState, unit: Unit, names: dict[int, str]) -> str:
    """The unit's line of the text display, and who rides in it."""
    aboard = [
        f"#{u.id}" + ("" if is_hidden(u.profile) else f" {u.profile}")
        for u in state.units
        if u.status is Status.EMBARKED and u.carrier == unit.id
    ]
    carrying = f", carrying {', '.join(aboard)}" if aboard else ""
    return _line(field_, unit, names).strip() + carrying
