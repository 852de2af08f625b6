"""The position as text (``game.describe``): one line per player, then the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.hidden import is_hidden
from wargames.sabatu.state import SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["describe"]


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
