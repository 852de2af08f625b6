"""SAW's action notation: one line per action, the inverse of ``str(action)``.

=====================================  ===========================================
``b1 step ne``                         plot one hex of b1's move (n ne se s sw nw)
``b1 attack r2``                       plot an attack of b1's weapon 1 on r2
``b1 attack r2 weapon 2 coordinated``  weapon 2, joining blue's coordinated attack
``b1 done``                            b1's plot is complete
``b1 assign 5 evasion``                design or re-allocation: 5 points to evasion
``b1 reallocate``                      variable traits: take b1's points back
``b1 lose 1 endurance``                damage: 1 hit point off endurance
=====================================  ===========================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.errors import InvalidAction, excerpt
from wargames.saw.state import (
    DIRECTIONS,
    Allocate,
    Assign,
    Attack,
    Done,
    Release,
    SawAction,
    Step,
)

if TYPE_CHECKING:
    from wargames.saw.rules import Saw

__all__ = ["parse"]

EXAMPLES = "b1 step ne, b1 attack r2, b1 done, b1 assign 5 evasion, b1 lose 1 endurance"


def _number(word: str, text: str) -> int:
    if not word.isdigit():
        raise InvalidAction(f"expected a number in {excerpt(text)}, got {excerpt(word)}")
    return int(word)


def parse(game: Saw, text: str, player: str | None = None) -> SawAction:
    """The action ``text`` stands for, taken by ``player`` (by default the unit's owner).

    :raises InvalidAction: for text that is not an action of this game.
    """
    words = text.strip().lower().split()
    if len(words) < 2:
        raise InvalidAction(f"cannot read {excerpt(text)} as a SAW action; write e.g. {EXAMPLES}")
    unit, verb, rest = words[0], words[1], words[2:]
    owner = game.owners[game.unit_index(unit)]
    if player is None:
        player = owner
    game.check_player(player)
    if verb in ("done", "reallocate") and not rest:
        return Done(player, unit) if verb == "done" else Release(player, unit)
    if verb == "step" and len(rest) == 1:
        if rest[0] not in DIRECTIONS:
            raise InvalidAction(f"a step goes {' '.join(DIRECTIONS)}, not {excerpt(rest[0])}")
        return Step(player, unit, DIRECTIONS.index(rest[0]))
    if verb in ("assign", "lose") and len(rest) == 2:
        points = _number(rest[0], text)
        kind = Assign if verb == "assign" else Allocate
        return kind(player, unit, rest[1], points)
    if verb == "attack" and rest:
        target, options = rest[0], rest[1:]
        game.unit_index(target)
        weapon = 1
        if options[:1] == ["weapon"] and len(options) >= 2:
            weapon = _number(options[1], text)
            options = options[2:]
        if options not in ([], ["coordinated"]):
            words_after = excerpt(" ".join(options))
            raise InvalidAction(f"cannot read {words_after} after the target in {excerpt(text)}")
        return Attack(player, unit, target, weapon, bool(options))
    raise InvalidAction(f"cannot read {excerpt(text)} as a SAW action; write e.g. {EXAMPLES}")
