"""Sabatu's action notation: one line per action, the inverse of ``str(action)``.

=============================  =================================================
``spend 3``                    use a Spoils coin of 3 instead of a die
``roll``                       roll the other dice
``move nw.5 4 nw.9``           move the army on nw.5 with a die of 4 to nw.9
``sail nw.13 se.13 2``         ship from port nw.13 to port se.13, spending a 2
``buy tile`` / ``buy army``    buy with Spoils points
``buy wall nw.capital``        a wall for your capital
``lose nw.home``               remove an army (Plague, Desertion)
``arm sword`` / ``ready``      lay down a tile for the battle / fight
``continue`` / ``withdraw``    after a tie or a won fight in a capital
``retreat nw.4``               where the retreating army goes
``pass``                       end the turn
``offer blue coin 3``          offer a trade (or ``offer blue tile shield``)
``counter red tile ax``        answer a trade offer (or ``counter red coin 2``)
``accept`` / ``decline``       close or refuse the deal on the table
``hire ne.4`` / ``ask 2``      Variant #2: hire an army / name its price
=============================  =================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.errors import InvalidAction, excerpt
from wargames.sabatu.state import (
    Accept,
    Arm,
    Ask,
    Buy,
    Counter,
    Decline,
    Hire,
    Lose,
    Move,
    Offer,
    Pass,
    Press,
    Ready,
    RetreatTo,
    Roll,
    SabatuAction,
    SabatuState,
    Sail,
    SpendCoin,
    Withdraw,
)

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["parse"]

EXAMPLES = "roll, spend 3, move nw.5 4 nw.9, buy army, arm sword, pass, offer blue coin 3"
_WORDS: dict[str, type[Roll | Ready | Press | Withdraw | Pass | Accept | Decline]] = {
    "roll": Roll,
    "ready": Ready,
    "continue": Press,
    "withdraw": Withdraw,
    "pass": Pass,
    "accept": Accept,
    "decline": Decline,
}


def _bad(text: str) -> InvalidAction:
    return InvalidAction(f"cannot read {excerpt(text)} as a Sabatu action; write e.g. {EXAMPLES}")


def _number(word: str, text: str) -> int:
    if not word.isdigit():
        raise InvalidAction(f"expected a number in {excerpt(text)}, got {excerpt(word)}")
    return int(word)


def parse(game: Sabatu, state: SabatuState, text: str, player: str | None = None) -> SabatuAction:
    """The action ``text`` stands for, taken by ``player`` (by default the one player to
    act).

    :raises InvalidAction: for text that is not a Sabatu action, or names no place of the
        board, no tile or no player of this game.
    """
    if player is None:
        acting = game.to_act(state)
        if len(acting) != 1:
            raise InvalidAction("name the player: not exactly one player is to act")
        (player,) = acting
    game.check_player(player)
    words = text.strip().lower().split()
    if not words:
        raise _bad(text)
    verb, rest = words[0], words[1:]
    if verb in _WORDS and not rest:
        return _WORDS[verb](player)
    if verb == "spend" and len(rest) == 1:
        return SpendCoin(player, _number(rest[0], text))
    if verb == "ask" and len(rest) == 1:
        return Ask(player, _number(rest[0], text))
    if verb == "move" and len(rest) == 3:
        return Move(player, _place(game, rest[0]), _number(rest[1], text), _place(game, rest[2]))
    if verb == "sail" and len(rest) == 3:
        return Sail(player, _place(game, rest[0]), _place(game, rest[1]), _number(rest[2], text))
    if verb == "buy" and rest[:1] in (["tile"], ["army"]) and len(rest) == 1:
        return Buy(player, rest[0])
    if verb == "buy" and rest[:1] == ["wall"] and len(rest) == 2:
        return Buy(player, "wall", _place(game, rest[1]))
    if verb in ("lose", "retreat", "hire") and len(rest) == 1:
        place = _place(game, rest[0])
        if verb == "lose":
            return Lose(player, place)
        return RetreatTo(player, place) if verb == "retreat" else Hire(player, place)
    if verb == "arm" and len(rest) == 1:
        return Arm(player, _tile(game, rest[0]))
    if verb in ("offer", "counter") and len(rest) == 3:
        partner = rest[0]
        game.check_player(partner)
        kind = Offer if verb == "offer" else Counter
        if rest[1] == "coin":
            return kind(player, partner, coin=_number(rest[2], text))
        if rest[1] == "tile":
            return kind(player, partner, tile=_tile(game, rest[2]))
    raise _bad(text)


def _place(game: Sabatu, name: str) -> str:
    try:
        game.board.index(name)
    except ValueError as error:
        raise InvalidAction(str(error)) from None
    return name


def _tile(game: Sabatu, name: str) -> str:
    if name not in game.tables.tiles:
        tiles = ", ".join(game.tile_names)
        raise InvalidAction(f"no Armory tile {excerpt(name)}; the tiles are {tiles}")
    return name
