"""SAW as text: the map with the units on it, and every unit's record as a player sees it;
and the units as SVG tokens (:func:`tokens`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.hexes import Hex
from wargames.core.hidden import is_hidden
from wargames.core.words import listed, side
from wargames.render.svg import Token, player_colours
from wargames.render.text import render_hexes
from wargames.saw.state import Order, SawState, Unit

if TYPE_CHECKING:
    from wargames.saw.rules import Saw

__all__ = ["describe", "legend", "tokens"]


SHORT = {
    "movement": "mov",
    "evasion": "eva",
    "endurance": "end",
    "accuracy": "acc",
    "damage": "dmg",
}


def _short(name: str) -> str:
    """``accuracy2`` -> ``acc2``."""
    base = name.rstrip("0123456789")
    return SHORT[base] + name[len(base) :]


def _traits(game: Saw, index: int, unit: Unit) -> str:
    if is_hidden(unit.sheet):
        return "traits secret"
    sheet = unit.sheet
    names = game.traits[index]
    parts = [f"{_short(n)} {v}" for n, v in zip(names, sheet.traits, strict=True)]
    if sheet.pool:
        parts.append(f"unassigned {sheet.pool}")
    if sheet.hits:
        parts.append(f"hit points to allocate {sheet.hits}")
    return " ".join(parts)


def _order(game: Saw, order: Order) -> str:
    path = ", ".join(game.arena.board.label(cell) for cell in order.path)
    moves = f"moves to {path}" if path else "stays"
    shots = ", ".join(
        f"{shot.target}"
        + (f" (weapon {shot.weapon})" if shot.weapon != 1 else "")
        + (" coordinated" if shot.coordinated else "")
        for shot in order.shots
    )
    return f"{order.unit}'s {'plot' if order.done else 'plot so far'}: {moves}" + (
        f"; attacks {shots}" if shots else ""
    )


def legend(game: Saw) -> str:
    """What :func:`describe`'s map shows: units by designation, terrain by symbol."""
    kinds = [t for t in dict.fromkeys(game.arena.terrain) if t.name != "open"]
    terrain = ", ".join(f"{t.symbol} {t.name}" for t in kinds)
    return (
        "units are their designations (b1 blue's first unit), as listed under the map; "
        f"terrain: {terrain or 'none'}; an empty hex is open ground; 0101 a hex's label; "
        "traits: " + ", ".join(f"{short} {name}" for name, short in SHORT.items())
    )


def describe(game: Saw, state: SawState, player: str | None = None) -> str:
    """The map (unit designations on their hexes, terrain symbols on empty hexes), each unit's
    line (name, points, hex, damage, traits if ``player`` may see them), ``player``'s plot so
    far, then the turn and who is to act, or the outcome.  ``None`` shows everything."""
    shown = state if player is None else game.view(state, player)
    arena = game.arena
    at: dict[Hex, str] = {u.hex: u.id[:5] for u in shown.units if u.hex is not None}

    def glyph(cell: Hex) -> str:
        if cell in at:
            return at[cell]
        terrain = arena.terrain[arena.board.index(cell)]
        return "" if terrain.name == "open" else terrain.symbol

    lines = [render_hexes(arena.board, glyph), ""]
    for index, unit in enumerate(shown.units):
        where = arena.board.label(unit.hex) if unit.hex is not None else "destroyed"
        damaged = ", damaged" if unit.damaged and unit.alive else ""
        lines.append(
            f"{unit.id:<6}{unit.owner:<8}{unit.name} ({unit.points} points) {where}{damaged}: "
            + _traits(game, index, unit)
        )
    for plot in shown.plots:
        if not is_hidden(plot.orders):
            lines += [
                _order(game, order)
                for order in plot.orders
                if order.path or order.shots or order.done
            ]
    if state.result is not None:
        lines.append(f"Game over. {state.result.sentence(player)}")
    else:
        acting = listed(side(p) for p in game.players if p in game.to_act(state))
        lines.append(f"Turn {state.clock.turn}, {game.phase(state)} phase: {acting} to act")
    return "\n".join(lines)


def tokens(game: Saw, state: SawState, player: str | None = None) -> dict[Hex, Token]:
    """Each unit on the map as an SVG token labelled with its designation, as ``player``
    sees it: its tooltip gives the unit's record, traits only if ``player`` may see them
    (everything for ``None``)."""
    shown = state if player is None else game.view(state, player)
    colours = player_colours(game.players)
    result: dict[Hex, Token] = {}
    for index, unit in enumerate(shown.units):
        if unit.hex is None:
            continue
        damaged = ", damaged" if unit.damaged else ""
        result[unit.hex] = Token(
            unit.id,
            colours[unit.owner],
            owner=unit.owner,
            detail=f"{unit.id} {unit.owner} {unit.name} ({unit.points} points{damaged}): "
            + _traits(game, index, unit),
        )
    return result
