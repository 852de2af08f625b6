"""The position as a player sees it: as text (:func:`describe`, one line per player, then
the turn) and as SVG tokens on the board's nodes (:func:`tokens`, drawn by
:mod:`wargames.render.svg`).  Face-down Armory tiles show as ``?`` or as a number."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from wargames.core.hidden import is_hidden
from wargames.render.svg import Token, player_colours
from wargames.sabatu.state import SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["describe", "tokens"]

_UNCLAIMED: Final = "#b3a69c"
"""The colour of an unclaimed capital's walls (nobody's)."""


def describe(game: Sabatu, shown: SabatuState) -> str:
    """``shown`` (a state or a view) as text: armies, capitals with armies and walls, coins
    and tiles (``?`` for a face-down tile the viewer may not see)."""
    board = game.board
    lines = [f"Sabatu{' variant ' + game.variant if game.variant else ''}: "
             f"{len(board.regions)} regions, round {shown.round}"]  # fmt: skip
    for seat, player in enumerate(game.players):
        realm = shown.realms[seat]
        armies = " ".join(board.node(a) for a in realm.armies) or "-"
        capitals = " ".join(
            f"{board.node(node)}({capital.armies} armies, {capital.walls} walls)"
            for node, capital in zip(board.capitals, shown.capitals, strict=True)
            if capital.owner == seat
        )
        tiles = " ".join("?" if is_hidden(t) else str(t.value) for t in realm.tiles) or "-"
        coins = " ".join(map(str, realm.coins)) or "-"
        lines.append(f"{player} (home {game.home_regions[seat]}): armies {armies}")
        if capitals:
            lines.append(f"  capitals {capitals}")
        lines.append(f"  coins {coins}; tiles {tiles}")
    if shown.result is not None:
        lines.append(f"Game over: {shown.result}")
    else:
        dice = " ".join(str(d.value) for d in shown.dice) or "-"
        acting = ", ".join(sorted(game.to_act(shown)))
        lines.append(f"{game.players[shown.seat]}'s turn, {shown.step}; dice {dice}; "
                     f"to act: {acting}")  # fmt: skip
    return "\n".join(lines)


def tokens(game: Sabatu, state: SabatuState, player: str | None = None) -> dict[str, Token]:
    """Every occupied place as an SVG token keyed by board node, built from what ``player``
    sees (everything for ``None``): armies on a space, at Home ("any number of a player's
    armies") or inside a capital, labelled with their number and coloured by their owner;
    an unclaimed capital whose walls stay ("Walls ... remain") shows its walls.  Tooltips
    hold public facts only: owner, armies, walls, garrison, coins and the number of tiles
    ("face down": never their names)."""
    shown = state if player is None else game.view(state, player)
    board = game.board
    colours = player_colours(game.players)
    fight = shown.battle
    out: dict[str, Token] = {}

    def place(index: int, seat: int, label: str, what: str) -> None:
        owner = game.players[seat]
        notes = [f"{owner}: {what}"]
        if index in shown.hired:
            notes.append(f"hired by {game.players[shown.seat]} this turn")
        if fight is not None and index == fight.origin:
            notes.append(f"attacking {board.node(fight.target)}")
        if fight is not None and index == fight.target:
            notes.append(f"attacked by {fight.attacker}")
        out[board.node(index)] = Token(label, colours[owner], owner=owner, detail="; ".join(notes))

    for seat, realm in enumerate(shown.realms):
        for index, count in sorted(Counter(realm.armies).items()):
            if board.is_space(index):
                place(index, seat, str(count), f"army on {board.node(index)}")
            else:
                coins = " ".join(map(str, realm.coins)) or "none"
                tiles = f"{len(realm.tiles)} tile{'s' * (len(realm.tiles) != 1)}"
                armies = f"{count} arm{'ies' if count > 1 else 'y'} at Home"
                place(index, seat, str(count), f"{armies}; coins {coins}; {tiles}")
    for index, capital in zip(board.capitals, shown.capitals, strict=True):
        walls = f"{capital.walls} wall{'s' * (capital.walls != 1)}"
        if capital.owner >= 0:
            inside = f"{capital.armies} armies" if capital.armies > 1 else "1 army"
            what = f"capital {board.node(index)}, {inside} (a garrison of 1), {walls}"
            label = f"{capital.armies}/{capital.walls}w" if capital.walls else str(capital.armies)
            place(index, capital.owner, label, what)
        elif capital.walls:
            detail = f"unclaimed capital {board.node(index)}, {walls}"
            out[board.node(index)] = Token(f"{capital.walls}w", _UNCLAIMED, detail=detail)
    return out
