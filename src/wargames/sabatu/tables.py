"""Sabatu's numbers, tiles and cards as data (``data/*.toml``), loaded into frozen values.

The rule text states some numbers (8 armies, 2 or 3 dice, the prices, four walls) and is
silent on others (tile values, coin denominations, card texts); the TOML files say which is
which.  A user passes tables of their own with :func:`load_tables` on other paths.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from attrs import frozen

__all__ = [
    "CONQUEST_EFFECTS",
    "DESTINY_EFFECTS",
    "TILE_KINDS",
    "Card",
    "Numbers",
    "Tables",
    "TileType",
    "load_tables",
]

TILE_KINDS: Final = ("defensive", "offensive")
CONQUEST_EFFECTS: Final = ("army", "plague", "lose", "spoils", "armory", "dice", "walls", "none")
DESTINY_EFFECTS: Final = ("advance", "destroy", "home", "doorstep", "spoils", "armory", "none")


@frozen
class TileType:
    """An Armory tile: its name (``"sword"``), value added to the die, and kind."""

    name: str
    value: int
    kind: str


@frozen
class Card:
    """A Conquest or Destiny card: what it says and what it does (``effect``, ``amount``)."""

    name: str
    text: str
    effect: str
    amount: int


@frozen
class Numbers:
    """The game's numbers (``rules.toml``)."""

    players: tuple[str, ...]
    max_armies: int
    dice: int
    dice_nine_regions: int
    win_capitals: int
    win_walls: int
    walls_per_player: int
    wall_bonus: int
    turn_limit: int
    actions_per_turn: int
    offers_per_turn: int
    fresh_army_on_capture: bool
    prices: Mapping[str, int]
    coins: tuple[int, ...]
    """Every coin of the game, by value, in ascending order (the full Spoils bag)."""


@frozen
class Tables:
    """Everything Sabatu reads from data."""

    numbers: Numbers
    tiles: Mapping[str, TileType]
    armory: tuple[str, ...]
    """Every tile of the game by name (the full Armory bag), sorted."""
    conquest: tuple[str, ...]
    """Every Conquest card by name, one entry per copy."""
    destiny: tuple[str, ...]
    cards: Mapping[str, Card]


def _read(path: Path | None, name: str) -> dict[str, Any]:
    if path is not None:
        return tomllib.loads(path.read_text("utf-8"))
    return tomllib.loads(files("wargames.sabatu").joinpath(f"data/{name}").read_text("utf-8"))


def _cards(entries: list[dict[str, Any]], effects: tuple[str, ...], deck: str) -> list[Card]:
    cards: list[Card] = []
    for entry in entries:
        card = Card(entry["name"], entry["text"], entry["effect"], int(entry["amount"]))
        if card.effect not in effects:
            raise ValueError(f"{deck} card {card.name!r}: unknown effect {card.effect!r}")
        cards.extend([card] * int(entry["count"]))
    return cards


def load_tables(
    rules: Path | None = None, armory: Path | None = None, cards: Path | None = None
) -> Tables:
    """The tables from the given TOML files, or the library's own for any left out.

    :raises ValueError: for an unknown tile kind or card effect, or a card name used twice.
    """
    data = _read(rules, "rules.toml")
    game = data["game"]
    coins = sorted(int(value) for value, n in data["spoils"]["coins"].items() for _ in range(n))
    numbers = Numbers(
        players=tuple(game["players"]),
        max_armies=int(game["max_armies"]),
        dice=int(game["dice"]),
        dice_nine_regions=int(game["dice_nine_regions"]),
        win_capitals=int(game["win_capitals"]),
        win_walls=int(game["win_walls"]),
        walls_per_player=int(game["walls_per_player"]),
        wall_bonus=int(game["wall_bonus"]),
        turn_limit=int(game["turn_limit"]),
        actions_per_turn=int(game["actions_per_turn"]),
        offers_per_turn=int(game["offers_per_turn"]),
        fresh_army_on_capture=bool(game["fresh_army_on_capture"]),
        prices={key: int(value) for key, value in data["prices"].items()},
        coins=tuple(coins),
    )
    tile_data = _read(armory, "armory.toml")["tiles"]
    tiles = {
        name: TileType(name, int(entry["value"]), entry["kind"])
        for name, entry in sorted(tile_data.items())
    }
    for tile in tiles.values():
        if tile.kind not in TILE_KINDS:
            raise ValueError(f"tile {tile.name!r}: kind must be one of {TILE_KINDS}")
    bag = sorted(name for name, entry in tile_data.items() for _ in range(int(entry["count"])))
    card_data = _read(cards, "cards.toml")
    conquest = _cards(card_data["conquest"], CONQUEST_EFFECTS, "Conquest")
    destiny = _cards(card_data["destiny"], DESTINY_EFFECTS, "Destiny")
    by_name: dict[str, Card] = {}
    for card in conquest + destiny:
        if by_name.setdefault(card.name, card) != card:
            raise ValueError(f"two different cards are named {card.name!r}")
    return Tables(
        numbers=numbers,
        tiles=tiles,
        armory=tuple(bag),
        conquest=tuple(card.name for card in conquest),
        destiny=tuple(card.name for card in destiny),
        cards=by_name,
    )
