"""The ``wargames`` command: list the games and watch bots play them.

``wargames games`` lists every registered game (third-party plugins too) with its variants;
``wargames demo`` plays a seeded bot-against-bot game of each and prints the board at the
start and the end and the outcome.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

import wargames
from wargames.bots import RandomBot, play
from wargames.core.game import Game
from wargames.core.registry import games as registered_games

__all__ = ["app", "main"]

app = typer.Typer(help="Rules engine for tabletop wargames.", no_args_is_help=True)
console = Console(highlight=False)


def _variants(game_cls: type[Game[Any, Any]]) -> str:
    return ", ".join(game_cls.variants) or "-"


@app.command()
def games() -> None:
    """List the registered games and their variants."""
    table = Table("game", "variants", "players")
    for name, game_cls in sorted(registered_games().items()):
        table.add_row(name, _variants(game_cls), ", ".join(game_cls().players))
    console.print(table)


@app.command()
def demo(
    seed: Annotated[int, typer.Option(help="Seed of every game and bot.")] = 7,
    game: Annotated[list[str] | None, typer.Option(help="Only these games.")] = None,
    max_actions: Annotated[int, typer.Option(help="Stop a game after this many actions.")] = 20_000,
) -> None:
    """Play a seeded random-bot game of every registered game, start to finish."""
    names = game or wargames.available()
    for name in names:
        instance = wargames.load(name)
        bots = {player: RandomBot(seed + i) for i, player in enumerate(instance.players)}
        console.rule(f"[bold]{name}[/bold] (seed {seed})")
        console.print(instance.describe(instance.start(seed)), markup=False)
        match = play(instance, bots, seed=seed, max_actions=max_actions)
        console.print()
        console.print(instance.describe(match.final), markup=False)
        ending = str(match.outcome) if match.outcome else f"stopped after {max_actions} actions"
        console.print(f"[bold]{name}[/bold]: {ending} after {match.length} actions")


def main() -> None:
    """Entry point of the ``wargames`` console script."""
    app()
