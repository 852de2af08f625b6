"""The ``wargames`` command: list the games and watch bots play them.

``wargames games`` lists every registered game (third-party plugins too) with its variants;
``wargames demo`` plays a seeded bot-against-bot game of each and prints the board at the
start and the end and the outcome.
"""

from __future__ import annotations

import csv
import inspect
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, get_args, get_type_hints

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import wargames
from wargames.bots import RandomBot, play
from wargames.bots.base import Bot
from wargames.bots.specs import make_bot
from wargames.core.distribution import Distribution
from wargames.core.game import Game
from wargames.core.registry import games as registered_games
from wargames.core.replay import Replay
from wargames.core.serialize import loads
from wargames.play import HUMAN, Session
from wargames.simulate import GameResult, Job, summarize
from wargames.simulate import simulate as run_simulation

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


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="A registered game.")],
    n: Annotated[int, typer.Option("-n", help="How many games.")] = 100,
    players: Annotated[
        str, typer.Option(help="Bots by seat, e.g. greedy,random or mcts:200,random.")
    ] = "random,random",
    variant: Annotated[str | None, typer.Option(help="The game's variant.")] = None,
    seed: Annotated[int, typer.Option(help="Game i is played from seed + i.")] = 0,
    workers: Annotated[int, typer.Option(help="Processes (local backend).")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray.")] = "local",
    ray_address: Annotated[str | None, typer.Option(help="An existing Ray cluster.")] = None,
    max_actions: Annotated[
        int | None, typer.Option(help="Stop a game after this many actions.")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Per-game results: .jsonl or .csv.")] = None,
) -> None:
    """Play many seeded bot games and report win rates (95% Wilson intervals) and lengths."""
    instance = wargames.load(game, variant)
    specs = tuple(s.strip() for s in players.split(","))
    for spec in specs:
        make_bot(spec, 0)  # refuse a bad bot name before starting any work
    if len(specs) != len(instance.players):
        raise typer.BadParameter(
            f"{game} has {len(instance.players)} players; give one bot each", param_hint="--players"
        )
    jobs = [Job(game, variant, {}, specs, seed + i, max_actions) for i in range(n)]
    started = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{game}: {players}", total=n)
        results = run_simulation(
            jobs,
            workers=workers,
            backend=backend,
            ray_address=ray_address,
            on_result=lambda _: progress.advance(task),
        )
    summary = summarize(results, instance.players, time.perf_counter() - started)
    table = Table("player", "bot", "wins", "win rate", "95% interval")
    for player, spec in zip(instance.players, specs, strict=True):
        rate, low, high = summary.win_rate(player)
        table.add_row(
            player, spec, str(summary.wins[player]), f"{rate:.1%}", f"{low:.1%} - {high:.1%}"
        )
    console.print(table)
    console.print(
        f"{summary.games} games, {summary.draws} draws or unfinished; length mean "
        f"{summary.mean_length:.1f}, median {summary.median_length:.0f} actions; "
        f"{summary.games_per_second:.2f} games/s"
    )
    if out is not None:
        _write_results(out, results)
        console.print(f"per-game results: {out}")


def _write_results(path: Path, results: list[GameResult]) -> None:
    rows = [r.to_row() for r in results]
    if path.suffix == ".csv":
        with path.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]) if rows else ["seed"])
            writer.writeheader()
            writer.writerows(rows)
    else:
        path.write_text("".join(json.dumps(row) + "\n" for row in rows))


@app.command()
def odds(
    game: Annotated[str, typer.Argument(help="A registered game.")],
    matchup: Annotated[
        str | None, typer.Argument(help="A match-up; leave out to list them.")
    ] = None,
    inputs: Annotated[list[str] | None, typer.Argument(help="key=value inputs.")] = None,
) -> None:
    """Exact odds of a hypothetical match-up, as fractions and percentages.

    Example: ``wargames odds saw hit_points accuracy=4 evasion=4 damage=4 endurance=4``.
    """
    table = registered_games().get(game.lower())
    if table is None:
        wargames.load(game)  # raises UnknownGame with the list of games
        return
    functions = table.matchups
    if matchup is None or matchup not in functions:
        if matchup is not None:
            console.print(f"{game} has no match-up {matchup!r}.")
        if not functions:
            console.print(f"{game} has no chance to compute odds for.")
        for name, function in functions.items():
            console.print(f"{name}: {_signature(function)}", markup=False)
        if matchup is not None:
            raise typer.Exit(2)
        return
    function = functions[matchup]
    try:
        result = function(**_keywords(function, inputs or []))
    except (TypeError, ValueError) as error:
        raise typer.BadParameter(str(error), param_hint="inputs") from error
    if isinstance(result, Distribution):
        grid = Table("outcome", "probability", "percent")
        for outcome, probability in result.items():
            grid.add_row(str(outcome), str(probability), f"{float(probability):.2%}")
        console.print(grid)
    else:
        console.print(f"probability {result} = {float(result):.2%}")


def _signature(function: Callable[..., Any]) -> str:
    hints = get_type_hints(function)
    parts = []
    for name, parameter in inspect.signature(function).parameters.items():
        hint = hints.get(name, "")
        kind = hint.__name__ if isinstance(hint, type) else str(hint)
        kind = kind.replace("typing.", "").replace("collections.abc.", "")
        default = "" if parameter.default is inspect.Parameter.empty else f"={parameter.default}"
        parts.append(f"{name}: {kind}{default}")
    return ", ".join(parts)


def _keywords(function: Callable[..., Any], inputs: list[str]) -> dict[str, Any]:
    """``key=value`` texts as keyword arguments, converted by ``function``'s type hints:
    whole numbers, ``true``/``false``, text, or comma lists of whole numbers."""
    hints = get_type_hints(function)
    keywords: dict[str, Any] = {}
    for item in inputs:
        key, sep, text = item.partition("=")
        if not sep or key not in hints:
            known = ", ".join(n for n in inspect.signature(function).parameters)
            raise typer.BadParameter(f"{item!r}: give key=value with a key among {known}")
        keywords[key] = _convert(text, hints[key])
    return keywords


def _convert(text: str, hint: Any) -> Any:
    choices = get_args(hint) or (hint,)
    if "," in text:
        return [int(part) for part in text.split(",")]
    if bool in choices:
        if text.lower() not in ("true", "false"):
            raise typer.BadParameter(f"{text!r} is not true or false")
        return text.lower() == "true"
    if int in choices or any(get_args(c) == (int,) for c in choices):
        return int(text)
    return text


@app.command("play")
def play_command(
    game: Annotated[str | None, typer.Argument(help="A registered game.")] = None,
    variant: Annotated[str | None, typer.Option(help="The game's variant.")] = None,
    seed: Annotated[int, typer.Option(help="The game's seed.")] = 0,
    players: Annotated[
        str, typer.Option(help="Seats in order: human or a bot, e.g. human,mcts.")
    ] = "human,random",
    resume: Annotated[Path | None, typer.Option(help="A game saved with 'save FILE'.")] = None,
) -> None:
    """Play in the terminal against bots, or hot-seat (each human sees only their view)."""
    if resume is not None:
        replay = loads(resume.read_text())
        if not isinstance(replay, Replay):
            raise typer.BadParameter(f"{resume} is not a saved game", param_hint="--resume")
        instance = replay.load_game()
    elif game is not None:
        instance = wargames.load(game, variant)
    else:
        raise typer.BadParameter("name a game, or --resume a saved one")
    specs = [s.strip() for s in players.split(",")]
    if len(specs) != len(instance.players):
        raise typer.BadParameter(
            f"{instance.name} has {len(instance.players)} players; give one seat each",
            param_hint="--players",
        )
    seats: dict[str, Bot | str] = {
        p: HUMAN if s == HUMAN else make_bot(s, seed + i)
        for i, (p, s) in enumerate(zip(instance.players, specs, strict=True))
    }
    if resume is not None:
        session = Session(instance, seats, seed=replay.seed, actions=replay.actions)
    else:
        session = Session(instance, seats, seed=seed)
    session.run(ask=console.input, say=lambda text: console.print(text, markup=False))


def main() -> None:
    """Entry point of the ``wargames`` console script."""
    app()


if __name__ == "__main__":
    main()
