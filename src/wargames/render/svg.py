"""SVG pictures of boards: square grids, flat-top hex maps and free graphs, with tokens.

The SVG is written as text (no dependency): one ``<rect>``, ``<polygon>`` or ``<circle>`` of
class ``cell`` per board node, coloured by its terrain, with the board's own names (file
letters and rank numbers, hex map labels such as ``0304``, or a graph's node names) and any
elevation; then roads and rivers (:data:`LINE_FEATURES` named in a node's ``features``) as
lines of class ``feature`` joining the nodes that have them; then one ``<g>`` of class
``token`` per token; then a legend of the terrains, features and owners shown.  Every cell
and token carries ``data-node``, the node's name, so pictures are easy to test and to style.
A :class:`~wargames.core.board.GraphBoard` is drawn as circles joined by ``<line>`` elements
of class ``edge`` (under the cells), placed at the nodes' numeric ``x``/``y`` attributes (y
down) when every node has both, else by a small deterministic spring layout; either way
scaled so the closest two nodes are a set distance apart (:mod:`wargames.render.layouts`
places the nodes; this module draws the document around them).

What stands on the board comes from the caller as :class:`Token` values keyed by node, so
the renderer knows no game.  A game draws itself through :func:`render_game` when it is
:class:`Drawable`: it has a ``board`` and a method ``tokens(state, player)`` that returns
the tokens as ``player`` sees them (unidentified pieces as ``?``).

>>> from wargames.core.board import Square, SquareBoard
>>> svg = render_svg(SquareBoard(2, 2), {Square(0, 0): Token("5", "#2e8b3d", owner="green")})
>>> svg.count('class="cell"'), svg.count('class="token"')
(4, 1)
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol, runtime_checkable
from xml.sax.saxutils import escape, quoteattr

from attrs import field, frozen
from attrs.validators import instance_of, optional

from wargames.core.board import Board, HexBoard
from wargames.core.errors import WargamesError
from wargames.core.game import Game, State
from wargames.render.layouts import Layout, halo_text, layout_for
from wargames.render.layouts import number as _n

__all__ = [
    "NAMED_PLAYER_COLOURS",
    "SVG_NAMESPACE",
    "LINE_FEATURES",
    "TERRAIN_COLOURS",
    "Drawable",
    "NotDrawable",
    "Token",
    "player_colours",
    "render_game",
    "render_svg",
    "terrain_colour",
]

TERRAIN_COLOURS: Final[Mapping[str, str]] = {
    "open": "#eef0e2",
    "clear": "#eef0e2",
    "volcano": "#8c3b2a",
    "rough": "#d9c9a3",
    "woods": "#7fa865",
    "forest": "#7fa865",
    "swamp": "#8fb8a8",
    "marsh": "#8fb8a8",
    "rock": "#7d7d7d",
    "smoke": "#c9c9d6",
    "water": "#8fbde6",
    "river": "#8fbde6",
    "lake": "#8fbde6",
    "sea": "#7aa9d6",
    "hill": "#c8ad7f",
    "hills": "#c8ad7f",
    "hillside": "#d8c49a",
    "hilltop": "#b8976a",
    "grassland": "#dfe9c4",
    "shallow": "#b4d4ee",
    "deep": "#5f8fc4",
    "depression": "#cdbf9e",
    "mountain": "#a08c74",
    "town": "#c4b8b0",
    "city": "#b3a69c",
    "building": "#c4b8b0",
    "high_building": "#a3968c",
    "ruins": "#b5a99a",
    "road": "#d8cfb8",
    "sand": "#ecd9a0",
    "desert": "#ecd9a0",
}
"""Fill colours of common terrain names; :func:`terrain_colour` derives one for the others."""

LINE_FEATURES: Final[Mapping[str, str]] = {"road": "#8b5a2b", "river": "#2f6fd0"}
"""Node features drawn as lines across the cells, with their colours: a road or river runs
through every node that lists it in its ``features`` attribute."""

_SPARE_FILLS: Final = (
    "#d7c4e0",
    "#c6dcc0",
    "#e6d3b3",
    "#bcd4de",
    "#e0c0c0",
    "#cfcfb0",
    "#f2e6a6",
    "#b9c4ec",
    "#a8d8c8",
    "#e8c0d8",
)

NAMED_PLAYER_COLOURS: Final[Mapping[str, str]] = {
    "blue": "#2f6fd0",
    "red": "#c8312b",
    "green": "#2e8b3d",
    "yellow": "#e0b21b",
    "purple": "#7b3fb0",
    "orange": "#e07b1f",
    "white": "#f4f4f4",
    "black": "#222222",
    "cyan": "#1fa5b8",
    "grey": "#8a8a8a",
    "gray": "#8a8a8a",
    "brown": "#8b5a2b",
    "pink": "#e3709e",
}
"""Token colours for players named after a colour (Sabotage's green and red, SAW's seats)."""

_SPARE_PLAYER_COLOURS: Final = ("#2f6fd0", "#c8312b", "#2e8b3d", "#e0b21b", "#7b3fb0", "#1fa5b8")

SVG_NAMESPACE: Final = "http://www.w3.org/2000/svg"

_MARGIN: Final = 12.0
_TITLE_HEIGHT: Final = 34.0
_LEGEND_ROW: Final = 20.0
_STYLE: Final = (
    ".cell{stroke:#5a5a5a;stroke-width:1}"
    ".edge{stroke:#8a8a8a;stroke-width:2}"
    ".feature{stroke-width:5;stroke-linecap:round;opacity:0.85}"
    ".halo{fill:#ffffff;stroke:#ffffff;stroke-width:3px;stroke-linejoin:round}"
    ".region{font-size:22px;font-weight:bold;fill:#b0b0b0;text-anchor:middle}"
    ".name{font-size:9px;fill:#3a3a3a;text-anchor:middle}"
    ".note{font-size:7px;fill:#1a1a1a;text-anchor:middle}"
    ".axis{font-size:12px;fill:#3a3a3a;text-anchor:middle}"
    ".token circle{stroke:#1a1a1a;stroke-width:1.5}"
    ".token.hidden circle{stroke-dasharray:3 2}"
    ".token text{font-weight:bold;text-anchor:middle}"
    ".facing{fill:#1a1a1a}"
    ".legend{font-size:11px;fill:#1a1a1a}"
)


def _facing(_: object, __: object, value: int | None) -> None:
    if value is not None and not 0 <= value <= 5:
        raise ValueError(f"a facing is a hex direction 0-5, got {value}")


@frozen
class Token:
    """Something drawn on a node: a piece, a unit, a marker.

    ``label`` is the short text on it (``"5"``, ``"b1"``, ``"?"``).  ``colour`` is its fill,
    a CSS colour: on ``#rgb`` or ``#rrggbb`` the label is dark or white to suit it, on any
    other it is dark with a white halo.  ``owner`` is the player it belongs to, if any
    (shown in the legend); ``facing`` the hex direction 0-5 (0 north, clockwise) it faces,
    drawn as an arrow on hex boards; ``hidden`` marks a piece whose identity the viewer does
    not know (drawn with a dashed rim); ``detail`` is the text of its tooltip; ``note`` a
    word or two written small across the token's foot (a unit's type).

    :raises ValueError: for a facing outside 0-5.
    """

    label: str = field(validator=instance_of(str))
    colour: str = field(validator=instance_of(str))
    owner: str | None = field(default=None, validator=optional(instance_of(str)))
    facing: int | None = field(default=None, validator=_facing)
    hidden: bool = field(default=False, validator=instance_of(bool))
    detail: str = field(default="", validator=instance_of(str))
    note: str = field(default="", validator=instance_of(str))


@runtime_checkable
class Drawable(Protocol):
    """A game that :func:`render_game` can draw: its board and the tokens on it.

    ``tokens(state, player)`` returns the tokens as ``player`` sees them, built from
    ``game.view(state, player)`` (everything for ``None``), keyed by nodes of ``board``.
    """

    @property
    def board(self) -> Any:
        """The board every state of the game is played on (square, hex or graph)."""

    def tokens(self, state: Any, player: str | None = None) -> Mapping[Any, Token]:
        """What stands on each node, as ``player`` sees it."""


class NotDrawable(WargamesError, TypeError):
    """A game or board the SVG renderer cannot draw."""


def terrain_colour(name: str) -> str:
    """The fill of terrain ``name`` on its own: a fixed colour for common names, else one
    chosen from the name itself (the same in every run).  A picture gives the unfamiliar
    terrains of its board distinct fills instead (see :func:`render_svg`)."""
    known = TERRAIN_COLOURS.get(name)
    if known is not None:
        return known
    return _SPARE_FILLS[zlib.crc32(name.encode()) % len(_SPARE_FILLS)]


def player_colours(players: Sequence[str]) -> dict[str, str]:
    """A token colour for each player: its own colour if it is named after one, else the
    next colour of a spare palette not used yet.

    >>> player_colours(["green", "red"])
    {'green': '#2e8b3d', 'red': '#c8312b'}
    """
    taken = {NAMED_PLAYER_COLOURS[p] for p in players if p in NAMED_PLAYER_COLOURS}
    spare = [c for c in _SPARE_PLAYER_COLOURS if c not in taken] or list(_SPARE_PLAYER_COLOURS)
    colours: dict[str, str] = {}
    unnamed = 0
    for player in players:
        if player in NAMED_PLAYER_COLOURS:
            colours[player] = NAMED_PLAYER_COLOURS[player]
        else:
            colours[player] = spare[unnamed % len(spare)]
            unnamed += 1
    return colours


def render_game(
    game: Game[Any, Any], state: State, player: str | None = None, *, title: str | None = None
) -> str:
    """``state`` of a :class:`Drawable` game as SVG, as ``player`` sees it (everything for
    ``None``).  The title defaults to the game, its variant and the viewer.

    :raises NotDrawable: if the game has no ``board`` (square, hex or graph) or no
        ``tokens``.
    :raises UnknownPlayer: if ``player`` is not one of the game's players.
    """
    if not isinstance(game, Drawable):
        raise NotDrawable(
            f"{game.name} cannot be drawn as SVG: the game needs a `board` and a method "
            "`tokens(state, player)` (see wargames.render.svg)"
        )
    if player is not None:
        game.check_player(player)
    if title is None:
        name = f"{game.name} {game.variant}".rstrip()
        title = f"{name}, as {player} sees it" if player else name
    return render_svg(game.board, game.tokens(state, player), title=title)


def render_svg(
    board: Board[Any],
    tokens: Mapping[Any, Token] | None = None,
    *,
    title: str = "",
    terrain_colours: Mapping[str, str] | None = None,
) -> str:
    """``board`` (a :class:`SquareBoard`, :class:`HexBoard` or :class:`GraphBoard`) with
    ``tokens`` on their nodes.

    ``terrain_colours`` overrides fills by terrain name; terrains with neither an override
    nor a common colour (:data:`TERRAIN_COLOURS`) take the spare fills in turn, in board
    order, so they differ.  The result is a complete SVG document; the same input always
    gives the same text.

    :raises NotDrawable: for anything else.
    :raises ValueError: for a token on a node that is not on the board, a token with a
        facing off a hex map, or two graph nodes drawn at one place.
    """
    placed = dict(tokens or {})
    layout = layout_for(board)
    if layout is None:
        raise NotDrawable(
            f"SVG pictures need a SquareBoard, a HexBoard or a GraphBoard, not {board!r}"
        )
    for node, token in placed.items():
        if node not in board:
            raise ValueError(f"a token ({token.label!r}) stands on {node}, which is off the board")
        if token.facing is not None and not isinstance(board, HexBoard):
            raise ValueError(f"the token on {node} has a facing; facings are drawn on hex maps")
    fills = {**TERRAIN_COLOURS, **(terrain_colours or {})}
    unfamiliar = [name for name in dict.fromkeys(board.terrains) if name not in fills]
    fills.update((name, _SPARE_FILLS[i % len(_SPARE_FILLS)]) for i, name in enumerate(unfamiliar))
    return _document(layout, placed, title, fills.__getitem__)


# -- the document ----------------------------------------------------------------------------


def _document(
    layout: Layout, tokens: dict[Any, Token], title: str, fill: Callable[[str], str]
) -> str:
    board = layout.board
    terrains = sorted(set(board.terrains), key=board.terrains.index)
    owners = sorted({t.owner: t.colour for t in tokens.values() if t.owner is not None}.items())
    features = {f for node in board for f in board.attributes(node).get("features", ())}
    drawn = [(name, colour) for name, colour in LINE_FEATURES.items() if name in features]
    legend = [("terrain", name, fill(name)) for name in terrains]
    legend += [("feature", name, colour) for name, colour in drawn]
    legend += [("owner", name, colour) for name, colour in owners]
    width = max(layout.width + 2 * _MARGIN, 8.6 * len(title) + 2 * _MARGIN, 240.0)
    rows = _legend_rows(legend, width - 2 * _MARGIN)
    top = _TITLE_HEIGHT if title else _MARGIN
    height = top + layout.height + _MARGIN + len(rows) * _LEGEND_ROW + _MARGIN
    dx = (width - layout.width) / 2
    parts = [
        f'<svg xmlns="{SVG_NAMESPACE}" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="Helvetica, Arial, sans-serif">',
        f"<title>{escape(title or 'board')}</title>",
        f"<style>{_STYLE}</style>",
        f'<rect width="{_n(width)}" height="{_n(height)}" fill="#ffffff"/>',
    ]
    if title:
        parts.append(
            f'<text x="{_n(_MARGIN)}" y="22" font-size="15" font-weight="bold" '
            f'fill="#1a1a1a">{escape(title)}</text>'
        )
    parts.append(f'<g class="board" transform="translate({_n(dx)},{_n(top)})">')
    parts.extend(layout.under())
    for node in board:
        attributes = board.attributes(node)
        details = [attributes["terrain"], *sorted(attributes.get("features", ()))]
        if attributes.get("elevation"):
            details.append(f"elevation {attributes['elevation']}")
        tooltip = f"{layout.name(node)}: {', '.join(details)}"
        parts.append(layout.cell(node, fill(attributes["terrain"]), tooltip))
        parts.extend(layout.cell_texts(node))
    parts.extend(layout.axes())
    for name, colour in drawn:
        parts.extend(layout.lines(name, colour))
    parts.extend(_token(layout, node, tokens[node]) for node in board if node in tokens)
    parts.append("</g>")
    legend_top = top + layout.height + _MARGIN
    for row, items in enumerate(rows):
        y = legend_top + row * _LEGEND_ROW
        parts.extend(
            _legend_item(kind, name, colour, _MARGIN + x, y) for x, (kind, name, colour) in items
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _token(layout: Layout, node: Any, token: Token) -> str:
    x, y = layout.centre(node)
    radius = layout.token_radius
    classes = "token hidden" if token.hidden else "token"
    owner = f" data-owner={quoteattr(token.owner)}" if token.owner is not None else ""
    size = min(0.9 * radius, 2.2 * radius / max(len(token.label), 1))
    parts = [
        f"<g class={quoteattr(classes)} data-node={quoteattr(layout.name(node))}{owner}>",
        f"<title>{escape(token.detail or token.label)}</title>",
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(radius)}" fill={quoteattr(token.colour)}/>',
    ]
    if token.facing is not None:
        parts.append(_arrow(x, y, radius, token.facing))
    at = f'x="{_n(x)}" y="{_n(y + 0.36 * size)}" font-size="{_n(size)}"'
    if _HEX_COLOUR.fullmatch(token.colour) is None:  # a white copy behind: a halo
        parts.append(
            f'<text {at} fill="#ffffff" stroke="#ffffff" stroke-width="2.5" '
            f'aria-hidden="true">{escape(token.label)}</text>'
        )
    parts.append(f"<text {at} {_ink(token.colour)}>{escape(token.label)}</text>")
    if token.note:
        parts.append(_note(x, y + 1.25 * radius, 2.8 * radius, token.note))
    parts.append("</g>")
    return "".join(parts)


def _note(x: float, y: float, room: float, text: str) -> str:
    """``text`` small and centred at (``x``, ``y``) on a white halo, squeezed into ``room``."""
    size = 7.0
    fit = (
        f' textLength="{_n(room)}" lengthAdjust="spacingAndGlyphs"'
        if 0.55 * size * len(text) > room
        else ""
    )
    return halo_text("note", x, y, text).replace("<text ", f"<text{fit} ")


def _arrow(x: float, y: float, radius: float, facing: int) -> str:
    """A triangle on the token's rim pointing towards hex side ``facing`` (0 north)."""
    angle = math.radians(-90 + 60 * facing)
    ux, uy = math.cos(angle), math.sin(angle)
    tip = (x + (radius + 5) * ux, y + (radius + 5) * uy)
    left = (x + (radius - 2) * ux - 5.5 * uy, y + (radius - 2) * uy + 5.5 * ux)
    right = (x + (radius - 2) * ux + 5.5 * uy, y + (radius - 2) * uy - 5.5 * ux)
    points = " ".join(f"{_n(px)},{_n(py)}" for px, py in (tip, left, right))
    return f'<polygon class="facing" data-facing="{facing}" points="{points}"/>'


def _legend_rows(
    items: list[tuple[str, str, str]], width: float
) -> list[list[tuple[float, tuple[str, str, str]]]]:
    """The legend's items placed left to right, wrapped to ``width``."""
    rows: list[list[tuple[float, tuple[str, str, str]]]] = [[]]
    x = 0.0
    for item in items:
        span = 22 + 6.5 * len(item[1]) + 14
        if rows[-1] and x + span > width:
            rows.append([])
            x = 0.0
        rows[-1].append((x, item))
        x += span
    return [row for row in rows if row]


def _legend_item(kind: str, name: str, colour: str, x: float, y: float) -> str:
    if kind == "feature":
        mark = (
            f'<line x1="{_n(x)}" y1="{_n(y + 7)}" x2="{_n(x + 14)}" y2="{_n(y + 7)}" '
            f'stroke={quoteattr(colour)} stroke-width="5"/>'
        )
    elif kind == "terrain":
        mark = (
            f'<rect x="{_n(x)}" y="{_n(y)}" width="14" height="14" fill={quoteattr(colour)} '
            'stroke="#5a5a5a"/>'
        )
    else:
        mark = (
            f'<circle cx="{_n(x + 7)}" cy="{_n(y + 7)}" r="7" fill={quoteattr(colour)} '
            'stroke="#1a1a1a"/>'
        )
    return (
        f"<g class={quoteattr('legend ' + kind)}>{mark}"
        f'<text x="{_n(x + 20)}" y="{_n(y + 11)}">{escape(name)}</text></g>'
    )


_HEX_COLOUR: Final = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def _ink(colour: str) -> str:
    """Paint for a label on ``colour``: dark on light ``#rgb``/``#rrggbb`` fills, white on
    dark ones; dark on any other colour (over a white copy of the label, drawn first)."""
    match = _HEX_COLOUR.fullmatch(colour)
    if match is None:
        return 'fill="#1a1a1a"'
    digits = match[1] if len(match[1]) == 6 else "".join(2 * c for c in match[1])
    red, green, blue = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    light = 0.299 * red + 0.587 * green + 0.114 * blue > 0.6
    return f'fill="{"#1a1a1a" if light else "#ffffff"}"'
