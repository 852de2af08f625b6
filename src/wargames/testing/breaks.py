"""The classes of contract break the conformance suite tells apart, and how it reports one.

Each class is a rule of DESIGN.md in one line (the constants below). A failure leads with
the broken rule, then the seed and actions that reproduce it, then what differed (a field
and its two values, a player's description in two states, the game's own error) and the
state it broke at, drawn with ``describe``.
"""

from __future__ import annotations

from typing import Any

import attrs

from wargames.core.game import Game
from wargames.testing.strategies import Playout

__all__ = [
    "CAN_ACT",
    "ENDS",
    "INPUT_UNCHANGED",
    "LISTED_APPLY",
    "RAISES",
    "ROUND_TRIP",
    "STREAM_CHANCE",
    "Broken",
    "ConformanceError",
    "difference",
    "report",
]

CAN_ACT = "whoever is to act has a legal action until the outcome"
"""The rule a stuck game breaks (:func:`~wargames.testing.check_can_act`)."""
ENDS = "the game shows that it ends: a max_game_length no playout passes"
"""The rule a game breaks that declares no ``max_game_length`` or plays past it."""
INPUT_UNCHANGED = "apply leaves the state it is given unchanged"
"""The rule an ``apply`` breaks that changes its input state."""
STREAM_CHANCE = "chance comes only from the state's stream: one seed and actions, one game"
"""The rule a game breaks whose same seed and actions give different states (chance drawn
from the global ``random`` module, the clock, a counter kept on the game)."""
LISTED_APPLY = "every action legal_actions lists applies"
"""The rule a game breaks whose ``apply`` refuses an action it listed as legal."""
ROUND_TRIP = "a state survives a JSON round trip"
"""The rule a state breaks that comes back from JSON different (a tuple as a list)."""
RAISES = "the game raises nothing but wargames errors, and those only for bad input"
"""The rule a game breaks that raises some other exception while played legally."""

_SHORT = 100
"""A value in a message is cut to this many characters."""


class ConformanceError(AssertionError):
    """A game broke the contract; the message names the check."""


class Broken(ConformanceError):
    """The game broke ``rule`` (one of this module's constants); ``detail`` says what
    differed, after the word ``label`` (``"stuck"``, ``"differs"``...)."""

    def __init__(self, rule: str, detail: str = "", label: str = "differs") -> None:
        super().__init__(f"{rule}: {detail}" if detail else rule)
        self.rule = rule
        self.detail = detail
        self.label = label


class Failure(ConformanceError):
    """A check that failed at step ``step`` of a playout (for :func:`report`)."""

    def __init__(self, error: ConformanceError, step: int) -> None:
        broken = error if isinstance(error, Broken) else Broken(str(error))
        super().__init__(broken.rule)
        self.broken = broken
        self.step = step


def report(game: Game[Any, Any], playout: Playout, error: ConformanceError) -> str:
    """A failure as a person wants to read it: the rule that broke first, then how to
    reproduce it (seed, set-up and actions in the game's notation), then what differed, then
    the state it broke at, drawn with ``describe``."""
    failure = error if isinstance(error, Failure) else Failure(error, len(playout.actions))
    step, broken = failure.step, failure.broken
    setup = "".join(f", {k}={v!r}" for k, v in playout.setup.items())
    taken = [f"{a} ({a.player})" for a in playout.actions[:step]]
    detail = broken.detail.splitlines() or [""]
    lines = [
        f"{type(game).__name__} breaks the contract: {broken.rule}",
        f"  reproduce: state = game.start({playout.seed!r}{setup}), then these {step} actions:",
        "    " + (", ".join(taken) or "(none)"),
        *([f"  {broken.label}: {detail[0]}"] if broken.detail else []),
        *(f"    {line}" for line in detail[1:]),
        f"  the state after them ({step} of the {len(playout.actions)} drawn):",
        *("    " + line for line in game.describe(playout.states[step]).splitlines()),
    ]
    return "\n".join(lines)


def difference(before: Any, after: Any, path: str = "state") -> str:
    """Where ``after`` first differs from ``before``, and how: the path of the field (into
    attrs classes and sequences), then both values, with their types when those differ (a
    tuple that came back a list)."""
    if type(before) is not type(after):
        return (
            f"{path} was {_short(before)} ({type(before).__name__}), "
            f"then {_short(after)} ({type(after).__name__})"
        )
    if attrs.has(type(before)):
        for name in (f.name for f in attrs.fields(type(before)) if f.eq):  # no caches
            mine, theirs = getattr(before, name), getattr(after, name)
            if type(mine) is not type(theirs) or mine != theirs:
                return difference(mine, theirs, f"{path}.{name}")
    elif isinstance(before, tuple | list) and len(before) == len(after):
        for index, (mine, theirs) in enumerate(zip(before, after, strict=True)):
            if type(mine) is not type(theirs) or mine != theirs:
                return difference(mine, theirs, f"{path}[{index}]")
    return f"{path} was {_short(before)}, then {_short(after)}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _SHORT else text[: _SHORT - 3] + "..."
