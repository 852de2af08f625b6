"""Pictures of a SABOT position as a player sees it: text (:func:`describe`) and SVG tokens
(:func:`tokens`, drawn by :mod:`wargames.render.svg`).  Concealed counters show as ``?``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wargames.core.hexes import Hex
from wargames.core.hidden import is_hidden
from wargames.core.words import listed, side
from wargames.render.svg import Token, player_colours
from wargames.render.text import render_hexes, render_hexes_compact
from wargames.sabot.combat import COMPASS
from wargames.sabot.state import DESTROYED, DISABLED, SabotState, Unit
from wargames.sabot.turn import PLAYERS
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["describe", "legend", "tokens"]

_ARROWS = "^/\\v/\\"
_LETTERS = {"grassland": "g", "desert": ":"}


def describe(
    game: Sabot, state: SabotState, player: str | None = None, *, compact: bool = False
) -> str:
    """The map with each counter as owner initial, symbol (``?`` if concealed from
    ``player``) and facing arrow; terrain letters elsewhere.  ``compact``: without hex
    outlines, three characters a column (:func:`~wargames.render.text.render_hexes_compact`),
    for a terminal of 80 columns."""
    shown = state if player is None else game.view(state, player)
    field = game.map
    occupant = {u.hex: u for u in shown.units if u.on_map}

    def glyph(cell: Any) -> str:
        i = field.index(cell)
        unit = occupant.get(i)
        if unit is not None:
            kind = "?" if is_hidden(unit.kind) else unit.kind[:3]
            return f"{unit.owner[0]}{kind}{_ARROWS[unit.facing]}"
        terrain = field.terrain[i].name
        mark = "~" if field.river[i] else "=" if field.road[i] else ""
        return (_LETTERS.get(terrain, terrain[:3]) + mark)[:5]

    acting = [side(p) for p in game.players if p in game.to_act(shown)]
    who = f"{listed(acting)} to act" if acting else "the game is over"
    turn = f"Turn {shown.clock.turn}, {game.phase(shown)} phase: {who}"
    draw = render_hexes_compact if compact else render_hexes
    return f"{turn}\n{draw(field.board, glyph)}"


def legend(game: Sabot) -> str:
    """What :func:`describe`'s counters and terrain letters mean."""
    kinds = ", ".join(
        f"{symbol[:3]} {kind.unit}" for symbol, kind in sorted(game.table.types.items())
    )
    arrows = ", ".join(f"{arrow} {way}" for arrow, way in zip(_ARROWS, COMPASS, strict=True))
    return (
        "a counter is its owner's initial (b blue, y yellow), its unit type (? concealed) and "
        f"its facing ({arrows}); unit types: {kinds}; "
        "elsewhere the terrain's first letters (g grassland, : desert), ~ a river, = a road"
    )


def _detail(game: Sabot, unit: Unit, aboard: int) -> str:
    if is_hidden(unit.kind):
        what = "concealed counter"
    elif unit.kind == DECOY:
        what = "decoy"
    else:
        what = game.table[unit.kind].unit
    notes = [f"#{unit.id}", unit.owner, what]
    if unit.status in (DISABLED, DESTROYED):
        notes.append(unit.status)
    if not is_hidden(unit.ammo) and unit.ammo:
        notes.append(f"{unit.ammo} shots")
    if aboard:
        notes.append(f"{aboard} squad{'s' if aboard > 1 else ''} aboard")
    return " ".join(notes)


def tokens(game: Sabot, state: SabotState, player: str | None = None) -> dict[Hex, Token]:
    """The counters on the map as SVG tokens, as ``player`` sees them: symbol (``?`` when
    concealed from ``player``), facing, and a tooltip with status, shots and squads aboard
    (only what ``player`` may know)."""
    shown = state if player is None else game.view(state, player)
    colours = player_colours(PLAYERS)
    out: dict[Hex, Token] = {}
    for unit in shown.units:
        if not unit.on_map:
            continue
        hidden = is_hidden(unit.kind)
        label = "?" if hidden else "D" if unit.kind == DECOY else str(unit.kind)
        aboard = sum(1 for u in shown.units if u.carrier == unit.id and u.hex < 0)
        out[game.map.cells[unit.hex]] = Token(
            label,
            colours[unit.owner],
            owner=unit.owner,
            facing=unit.facing,
            hidden=hidden,
            detail=_detail(game, unit, aboard),
        )
    return out
