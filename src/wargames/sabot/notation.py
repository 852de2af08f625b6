"""SABOT's action notation: ``str(action)`` and its inverse.

``move 3`` (select unit 3: to move, or to attack in the attack phase), ``advance``,
``turn left`` / ``turn right``, ``fly``, ``scout 9``, ``reveal``, ``board 4``, ``out 0304``,
``stop``, ``fire 3 gun 9`` (weapons ``gun``, ``artillery``, ``gp``, ``at``, ``laser``),
``hold`` (an overwatch window), ``repair 5 2``, ``reload 5 2``, ``deploy 6``, ``fold 6``,
``prepare 7 120`` (a hex index), ``done``; setting up and reinforcing: ``place 0304``,
``embark 4``, ``face 2``, ``position 0304`` (a prepared position), ``buy MBT``.
"""

from __future__ import annotations

from wargames.core.errors import InvalidAction, excerpt
from wargames.sabot.firing import WEAPON_NAMES
from wargames.sabot.maps import SabotMap
from wargames.sabot.state import (
    Advance,
    Board,
    Buy,
    Disembark,
    Done,
    Embark,
    Entrench,
    Face,
    Fire,
    Hold,
    Place,
    Reveal,
    SabotAction,
    Scout,
    Select,
    Special,
    Stop,
    TakeOff,
    Turn,
)

__all__ = ["EXAMPLES", "parse"]

_SIMPLE: dict[str, type[Advance | TakeOff | Reveal | Stop | Hold | Done]] = {
    "advance": Advance,
    "hold": Hold,
    "fly": TakeOff,
    "reveal": Reveal,
    "stop": Stop,
    "done": Done,
}
_ONE_NUMBER: dict[str, type[Select | Scout | Board | Embark | Face]] = {
    "move": Select,
    "scout": Scout,
    "board": Board,
    "embark": Embark,
    "face": Face,
}
_HEXES: dict[str, type[Disembark | Place | Entrench]] = {
    "out": Disembark,
    "place": Place,
    "position": Entrench,
}
_SPECIALS = ("repair", "reload", "prepare", "deploy", "fold")


EXAMPLES = "write e.g. move 3, advance, turn left, stop, fire 3 gun 12, place 0503 or done"
"""What a refused text is told to write instead (unit numbers as :meth:`Sabot.action_label`
lists them beside each action)."""


def parse(field: SabotMap, text: str, player: str) -> SabotAction:
    """The action ``text`` by ``player``.

    :raises InvalidAction: for text that is no SABOT action or names a hex off the map.
    """
    words = text.split()
    unread = f"cannot read {excerpt(text)} as a SABOT action"
    try:
        if len(words) == 1 and words[0] in _SIMPLE:
            return _SIMPLE[words[0]](player)
        head, *rest = words
        if head == "turn" and rest in (["left"], ["right"]):
            return Turn(player, 1 if rest[0] == "right" else -1)
        if head in _HEXES and len(rest) == 1:
            try:
                field.parse(rest[0])
            except ValueError as error:
                raise InvalidAction(f"{unread}: {error}") from None
            return _HEXES[head](player, rest[0])
        if head == "buy" and len(rest) == 1:
            return Buy(player, rest[0])
        numbers = [int(w) for w in rest if w not in WEAPON_NAMES]
        if head == "fire" and len(rest) == 3 and rest[1] in WEAPON_NAMES:
            return Fire(player, int(rest[0]), rest[1], int(rest[2]))
        if head in _ONE_NUMBER and len(numbers) == 1 == len(rest):
            return _ONE_NUMBER[head](player, numbers[0])
        if head in _SPECIALS and 1 <= len(rest) <= 2:
            return Special(player, numbers[0], head, numbers[1] if len(numbers) > 1 else -1)
    except InvalidAction:
        raise
    except ValueError:  # a number that is not one, or no word at all
        pass
    raise InvalidAction(f"{unread}; {EXAMPLES}")
