"""Grid SciFi's action notation: what ``str(action)`` writes, :func:`parse` reads back.

=====================  ===============================  =====================================
action                 written                          meaning
=====================  ===============================  =====================================
``Activate``           ``activate #3``                  activate unit 3, rolling its dice
``Reroll``             ``reroll 2 4``                   re-roll these activation dice faces
``Step``               ``move c4``                      one square of movement
``Embark``             ``embark #7``                    step into transport 7
``LeaveTable``         ``leave table``                  a flyer moves off the table
``Unpin``              ``unpin``                        remove the pinned token
``Overwatch``          ``overwatch``                    go into overwatch
``Aim``                ``fire missile-launcher``        choose the weapon of an attack
``Target``             ``at #12``, ``at #12 intense``   choose the target (intense: 2 dice)
``Channel``            ``dice 3``                       a psychic attack's number of dice
``TakeCover``          ``take cover``                   the defender takes cover
``HoldGround``         ``no cover``                     the defender does nothing
``ReturnFire``         ``return fire rifles``           fire back from overwatch (psychic:
                                                        ``return fire mind-blast dice 2``)
``EndActivation``      ``end activation``
``CallReserve``        ``arrive #5 rank 1``             bring unit 5 from reserve to rank 1
``Place``              ``place c1``                     the square it arrives on
``BailOut``            ``bail out c3``                  place a unit bailing out of a wreck
``Deploy``             ``deploy b2``                    set-up: the next unit's square
``EndTurn``            ``end turn``
=====================  ===============================  =====================================
"""

from __future__ import annotations

import re
from collections.abc import Callable

from wargames.core.board import Square, SquareBoard
from wargames.core.errors import InvalidAction, excerpt
from wargames.gridscifi.state import (
    Activate,
    Aim,
    BailOut,
    CallReserve,
    Channel,
    Deploy,
    Embark,
    EndActivation,
    EndTurn,
    GridAction,
    HoldGround,
    LeaveTable,
    Overwatch,
    Place,
    Reroll,
    ReturnFire,
    Step,
    TakeCover,
    Target,
    Unpin,
)

__all__ = ["parse"]

_WORDS: dict[str, Callable[[str], GridAction]] = {
    "leave table": LeaveTable,
    "unpin": Unpin,
    "overwatch": Overwatch,
    "take cover": TakeCover,
    "no cover": HoldGround,
    "end activation": EndActivation,
    "end turn": EndTurn,
}

_UNIT = r"#(\d+)"
_SQUARE = r"([a-z]+\d+)"
_WEAPON = r"([a-z][a-z0-9-]*)"
_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(f"^{pattern}$"), kind)
    for pattern, kind in (
        (f"activate {_UNIT}", "activate"),
        (r"reroll((?: [1-6])+)", "reroll"),
        (f"move {_SQUARE}", "step"),
        (f"embark {_UNIT}", "embark"),
        (f"fire {_WEAPON}", "aim"),
        (f"at {_UNIT}( intense)?", "target"),
        (r"dice (\d+)", "channel"),
        (f"return fire {_WEAPON}(?: dice (\\d+))?", "return"),
        (f"arrive {_UNIT} rank (\\d+)", "call"),
        (f"place {_SQUARE}", "place"),
        (f"bail out {_SQUARE}", "bail"),
        (f"deploy {_SQUARE}", "deploy"),
    )
)


def parse(text: str, player: str, board: SquareBoard) -> GridAction:
    """The action of ``player`` written ``text`` (see the module's table).

    :raises InvalidAction: for text in no form of the table, or a square off ``board``.
    """
    words = " ".join(text.strip().lower().split())
    if words in _WORDS:
        return _WORDS[words](player)
    for pattern, kind in _FORMS:
        match = pattern.match(words)
        if match:
            return _build(kind, match, player, board)
    raise InvalidAction(
        f"cannot read {excerpt(text)} as a Grid SciFi action; write e.g. activate #3, move c4, "
        "fire rifles, at #9, take cover, end activation or end turn"
    )


def _square(board: SquareBoard, name: str) -> Square:
    try:
        return board.parse(name)
    except ValueError as error:
        raise InvalidAction(str(error)) from None


def _build(kind: str, match: re.Match[str], player: str, board: SquareBoard) -> GridAction:
    first = match[1]
    if kind == "activate":
        return Activate(player, int(first))
    if kind == "reroll":
        return Reroll(player, tuple(int(face) for face in first.split()))
    if kind == "step":
        return Step(player, _square(board, first))
    if kind == "embark":
        return Embark(player, int(first))
    if kind == "aim":
        return Aim(player, first)
    if kind == "target":
        return Target(player, int(first), bool(match[2]))
    if kind == "channel":
        return Channel(player, int(first))
    if kind == "return":
        return ReturnFire(player, first, int(match[2] or 0))
    if kind == "call":
        return CallReserve(player, int(first), int(match[2]))
    if kind == "place":
        return Place(player, _square(board, first))
    if kind == "deploy":
        return Deploy(player, _square(board, first))
    return BailOut(player, _square(board, first))
