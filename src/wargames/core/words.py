"""Words for people: the small grammar every game's sentences share.

A game says each of its events from a viewer's side (:meth:`wargames.core.game.Game.
event_sentence`): "you" and "your" for the viewer's own side, the side's name ("Red") for
another.  These helpers keep that grammar in one place, so no game writes its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

__all__ = [
    "a",
    "chances",
    "counted",
    "listed",
    "owner",
    "percent",
    "sentence",
    "side",
    "subject",
    "whom",
]


def side(player: str) -> str:
    """A side's name as a sentence writes it: ``"red"`` reads ``"Red"``."""
    return player[:1].upper() + player[1:]


def subject(player: str, viewer: str | None) -> str:
    """Who acts, as ``viewer`` reads it: ``"You"`` for their own side, else the side's name."""
    return "You" if player == viewer else side(player)


def whom(player: str, viewer: str | None) -> str:
    """A side as an object, as ``viewer`` reads it: ``"you"`` or the side's name."""
    return "you" if player == viewer else side(player)


def owner(player: str, viewer: str | None) -> str:
    """Whose a thing is, as ``viewer`` reads it: ``"your"`` or ``"Red's"``."""
    return "your" if player == viewer else f"{side(player)}'s"


def a(noun: str) -> str:
    """``noun`` with its indefinite article: ``"a Recon"``, ``"an Atomic Landmine"``."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def listed(items: Iterable[object], last: str = "and") -> str:
    """Items in words: ``"a"``, ``"a and b"``, ``"a, b and c"`` (``"none"`` for no item)."""
    words = [str(item) for item in items]
    if not words:
        return "none"
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``"1 coin"``, ``"3 coins"``: a count with its noun, singular or plural."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def sentence(text: str) -> str:
    """``text`` as a sentence: its first letter capital, ending with a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def percent(chance: Fraction | float) -> str:
    """A chance as a player reads it: ``"28%"``; ``"under 1%"`` and ``"over 99%"`` rather
    than a rounded 0% or 100% that is not one."""
    if 0 < chance < Fraction(1, 200):
        return "under 1%"
    if Fraction(199, 200) < chance < 1:
        return "over 99%"
    return f"{round(100 * chance)}%"


def chances(parts: Iterable[tuple[Fraction, str]]) -> str:
    """Each chance with what it is of, those that can happen: ``"28% destroy, 6% disable"``
    (``""`` when none can)."""
    return ", ".join(f"{percent(chance)} {what}" for chance, what in parts if chance > 0)
