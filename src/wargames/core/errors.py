"""The typed errors of the library.

Every error a caller can provoke with bad input is a :class:`WargamesError`, and the ones
about a bad value are also :class:`ValueError` (python-chess style), so ``except ValueError``
keeps working for callers that do not care which.  Messages name the input and the rule
that refuses it, and never contain information hidden from the player who caused them.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "EXCERPT",
    "DocumentOptionError",
    "IllegalAction",
    "InvalidAction",
    "InvalidSeed",
    "InvalidState",
    "NoPast",
    "NotYourTurn",
    "SerializationError",
    "UnknownGame",
    "UnknownOption",
    "WargamesError",
    "excerpt",
    "shorten",
]

EXCERPT: Final = 60
"""The most characters of a caller's input an error message quotes (:func:`excerpt`)."""


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters (:func:`shorten`),
    so that a huge input (a 100 kB action text) gives a short message."""
    return shorten(repr(value), limit)


def shorten(text: str, limit: int = EXCERPT) -> str:
    """``text`` as an error message quotes it: at most ``limit`` characters of it, and how
    many more there were."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit} more characters)"


class WargamesError(Exception):
    """Base class of every error raised by ``wargames``."""


class InvalidAction(WargamesError, ValueError):
    """The action is malformed: unparsable notation, an unknown piece or square."""


class IllegalAction(InvalidAction):
    """The action is well formed but the rules forbid it in this state.

    ``rule`` names the rule that forbids it (e.g. ``"Atomic Landmines"``).
    """

    def __init__(self, message: str, *, rule: str = "") -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule


class UnknownOutcome(InvalidAction):
    """A chance outcome that the action's chance cannot come to (``Game.apply_chance``)."""


class NotYourTurn(IllegalAction):
    """The action's player is not one of the players who must act now."""


class InvalidState(WargamesError, ValueError):
    """Something given where a state of the game is needed that is not one: another game's
    state, a value that is no state at all, a view (a state as one player sees it) where the
    full state is needed, or a view of another player than the one named."""


class InvalidSeed(WargamesError, ValueError):
    """A seed that is neither an ``int`` nor a ``str``, or a key of the wrong length."""


class UnknownGame(WargamesError, LookupError):
    """No game is registered under that name."""


class NoPast(WargamesError, ValueError):
    """No past of the game shows a player this view (``sample_history``): a view no game of
    these rules reaches, or the sampler's bound on its draws ran out."""


class UnknownOption(WargamesError, ValueError):
    """A game or variant was given an option (or a set-up keyword) it does not have, or a bad
    value for one."""


class SerializationError(WargamesError, ValueError):
    """JSON that does not describe a valid state, view, action or replay."""


class DocumentOptionError(SerializationError, UnknownOption):
    """A document (a replay file, a state) whose game options are bad: both a
    :class:`SerializationError` and an :class:`UnknownOption` naming the option."""
