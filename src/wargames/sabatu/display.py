"""The position as a player sees it: as text (:func:`describe`, sentences for each player,
then the turn) and as SVG tokens on the board's nodes (:func:`tokens`, drawn by
:mod:`wargames.render.svg`).  Face-down Armory tiles show as ``?`` or as a number."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from wargames.core.hidden import is_hidden
from wargames.core.words import a, counted, listed, side
from wargames.render.svg import Token, player_colours
from wargames.sabatu.state import SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["WIDTH", "describe", "region", "tokens"]

_UNCLAIMED: Final = "#b3a69c"
"""The colour of an unclaimed capital's walls (nobody's)."""


WIDTH: Final = 78
"""The width :func:`describe` wraps its lines to (a terminal of 80 columns)."""

_COMPASS: Final = {
    "n": "north", "s": "south", "e": "east", "w": "west", "c": "centre",
    "nw": "north-west", "ne": "north-east", "sw": "south-west", "se": "south-east",
}  # fmt: skip
"""Region names in words (another region keeps its board name)."""

_STEP: Final = {
    "dice": "to roll the dice or spend coins",
    "move": "moving",
    "battle": "a battle: tiles being laid down",
    "deal": "an offer awaiting its answer",
    "losses": "armies to remove",
    "tie": "a tied battle: continue or retreat",
    "press": "a capital still held: continue or stop",
    "retreat": "choosing where to retreat",
}
"""Where a turn is (:data:`~wargames.sabatu.state.STEPS`) in words."""


def region(name: str) -> str:
    """A region in words: ``"nw"`` reads ``"north-west"``."""
    return _COMPASS.get(name, name)


def _plural(noun: str) -> str:
    return noun + ("es" if noun.endswith(("s", "x", "sh", "ch")) else "s")


def _armies(board: Any, armies: Iterable[int]) -> str:
    """``"3 armies at Home, 1 army on ne.13"``, or ``"no armies"``."""
    counts = Counter(armies)
    parts = [
        f"{counted(n, 'army', 'armies')} "
        + ("at Home" if board.node(i).endswith(".home") else f"on {board.node(i)}")
        for i, n in sorted(counts.items(), key=lambda item: _home_first(board.node(item[0])))
    ]
    return listed(parts) if parts else "no armies"


def _home_first(node: str) -> tuple[bool, str]:
    return (not node.endswith(".home"), node)


def _tiles(tiles: Iterable[Any]) -> str:
    """``"2 shields, a sword and 3 tiles face down"``, or ``"none"``."""
    names: Counter[str] = Counter()
    hidden = 0
    for tile in tiles:
        if is_hidden(tile):
            hidden += 1
        else:
            names[str(tile.value)] += 1
    parts = [a(name) if n == 1 else f"{n} {_plural(name)}" for name, n in sorted(names.items())]
    if hidden:
        parts.append(f"{counted(hidden, 'tile')} face down")
    return listed(parts)


def describe(game: Sabatu, shown: SabatuState, player: str | None = None) -> str:
    """``shown`` (a state or a view) in sentences wrapped to :data:`WIDTH` columns: each
    player's armies, capitals with their armies and walls, coins and tiles (face down where
    the viewer may not see them), then whose turn it is, or the outcome for ``player``."""
    board = game.board
    variant = f" ({game.variant})" if game.variant else ""
    lines = [f"Sabatu{variant}: {len(board.regions)} regions, round {shown.round}."]
    for seat, player in enumerate(game.players):
        realm = shown.realms[seat]
        capitals = [
            f"{region(board.node(node).split('.')[0])} "
            f"({counted(capital.armies, 'army', 'armies')}, "
            f"{counted(capital.walls, 'wall') if capital.walls else 'no walls'})"
            for node, capital in zip(board.capitals, shown.capitals, strict=True)
            if capital.owner == seat
        ]
        said = [
            f"{side(player)} (home {region(game.home_regions[seat])}): "
            f"{_armies(board, realm.armies)}.",
            *([f"Capitals: {listed(capitals)}."] if capitals else []),
            f"Coins: {listed(realm.coins)}. Tiles: {_tiles(realm.tiles)}.",
        ]
        lines += textwrap.wrap(" ".join(said), WIDTH, subsequent_indent="  ")
    if shown.result is not None:
        lines.append(f"Game over. {shown.result.sentence(player)}")
    else:
        dice = f" Dice: {listed(d.value for d in shown.dice)}." if shown.dice else ""
        acting = listed(side(p) for p in sorted(game.to_act(shown)))
        turn = f"{side(game.players[shown.seat])}'s turn, {_STEP[shown.step]}.{dice}"
        lines += textwrap.wrap(f"{turn} To act: {acting}.", WIDTH, subsequent_indent="  ")
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
