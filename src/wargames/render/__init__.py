"""Drawing boards for people: plain text for terminals (:mod:`wargames.render.text`) and SVG
pictures (:mod:`wargames.render.svg`)."""

from wargames.render.svg import Drawable, NotDrawable, Token, render_game, render_svg
from wargames.render.text import render_hexes, render_squares

__all__ = [
    "Drawable",
    "NotDrawable",
    "Token",
    "render_game",
    "render_hexes",
    "render_squares",
    "render_svg",
]
