"""The typed errors of the library.

Every error a caller can provoke with bad input is a :class:`WargamesError`, and the ones
about a bad value are also :class:`ValueError` (python-chess style), so ``except ValueError``
keeps working for callers that do not care which.  Messages name the input and the rule
that refuses it, and never contain information hidden from the player who caused them.
"""

from __future__ import annotations

__all__ = [
    "DocumentOptionError",
    "IllegalAction",
    "InvalidAction",
    "InvalidSeed",
    "NoPast",
    "NotYourTurn",
    "SerializationError",
    "UnknownGame",
    "UnknownOption",
    "WargamesError",
]


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


class NotYourTurn(IllegalAction):
    """The action's player is not one of the players who must act now."""


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
