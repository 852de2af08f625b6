"""The ``wargames`` command, for every registered game (third-party plugins too).

``games`` lists them with their variants, players and options; ``demo`` plays a seeded
bot-against-bot game of each; ``play`` a game in the terminal; ``simulate`` many bot games
on local processes or Ray; ``odds`` exact combat odds from a game's ``matchups``; ``render``
an SVG picture; ``replay`` steps through a saved game; ``serve`` plays in the browser.
``--option NAME=VALUE`` sets a game option wherever a game is started, and ``--setup
NAME=VALUE`` a keyword of its set-up (``deploy=false``: the players set up their armies).

Every failure of the command line (a bad option or number, a missing or unreadable file, an
output that cannot be written) is one line, ``Error: ...``, with exit status 2.
"""

from __future__ import annotations

import csv
import inspect
import io
import json
import os
import re
import secrets
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Mapping
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, get_args, get_type_hints

import attrs
import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer.core import TyperGroup

import wargames
from wargames.bots import RandomBot, play
from wargames.bots.base import Bot
from wargames.bots.specs import LEVELS, make_bot
from wargames.core.errors import SerializationError, UnknownGame, UnknownOption, WargamesError
from wargames.core.game import Game, State
from wargames.core.options import about
from wargames.core.registry import game_class
from wargames.core.registry import games as registered_games
from wargames.core.registry import variants as registered_variants
from wargames.core.replay import Replay
from wargames.core.rng import Seed, key_from_seed
from wargames.core.serialize import loads
from wargames.core.words import listed, side
from wargames.play import COMMANDS, HUMAN, Session
from wargames.simulate import MAX_WORKERS, GameFailure, GameResult, GamesFailed, Job, summarize
from wargames.simulate import simulate as run_simulation

if TYPE_CHECKING:
    from rich.progress import Progress

__all__ = ["CommandError", "app", "main"]


class CommandError(typer.BadParameter):
    """A failure of the command line, shown as one line ``Error: MESSAGE``; exit status 2."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))

    def format_message(self) -> str:
        return self.message


_UsageError: type[Exception] = typer.BadParameter.__mro__[1]
"""click's ``UsageError`` (typer 0.29 and later carry their own copy of click)."""


def _one_line(error: Exception) -> Exception:
    """A usage error as a :class:`CommandError` (shown without click's usage text), except
    the help that a command given no arguments shows."""
    if type(error).__name__ == "NoArgsIsHelpError":
        return error
    message: str = getattr(error, "format_message")()  # noqa: B009 (click's, not typed here)
    return CommandError(message)


class _OneLineErrors(TyperGroup):
    """The commands, with every usage error (an unknown option, a missing argument, a value
    refused) shown as one line instead of click's usage text."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except _UsageError as error:
            raise _one_line(error) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except _UsageError as error:
            raise _one_line(error) from None


# Plain help: rich's help panels would import a markdown parser on every start.
app = typer.Typer(
    cls=_OneLineErrors,
    help="Rules engine for tabletop wargames.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
console = Console(highlight=False, soft_wrap=True)
errors = Console(stderr=True, highlight=False, soft_wrap=True)

DISTRIBUTION = "tabletop-wargames"
"""The name ``wargames`` is installed under (``pip install tabletop-wargames``)."""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # only for --version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return f"(not installed as {DISTRIBUTION})"


def _print_version(wanted: bool) -> None:
    if wanted:
        console.print(f"wargames {_version()}", markup=False)
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Rules engine for tabletop wargames."""


def _variants(game_cls: type[Game[Any, Any]]) -> str:
    return ", ".join(registered_variants(game_cls)) or "-"


def _option_defaults(game_cls: type[Game[Any, Any]]) -> str:
    defaults = game_cls.Options()
    return "\n".join(
        f"{a.name}={json.dumps(getattr(defaults, a.name), default=str)}"
        for a in attrs.fields(game_cls.Options)
    )


def _setup_lines(game_cls: type[Game[Any, Any]]) -> str:
    """The game's set-up keywords, each with its default and its line of description."""
    return "\n".join(
        f"{a.name}={json.dumps(a.default)}: {about(a)}".removesuffix(": ")
        for a in attrs.fields(game_cls.Setup)
    )


@app.command()
def games() -> None:
    """List the registered games with their variants, players, options and set-up keywords
    (with defaults, one a line; set them with ``--option NAME=VALUE`` and ``--setup
    NAME=VALUE``)."""
    rows = [
        (name, _variants(cls), ", ".join(cls().players), _option_defaults(cls))
        for name, cls in sorted(registered_games().items())
    ]
    widest = max((len(line) for row in rows for line in row[3].split("\n")), default=7)
    table = Table()
    table.add_column("game", no_wrap=True)
    table.add_column("variants", no_wrap=True)
    table.add_column("players")  # wraps after a comma
    table.add_column("options", no_wrap=True, min_width=widest)  # one option a line, whole
    for row in rows:
        table.add_row(*row)
    console.print(table)
    setups = [(name, _setup_lines(cls)) for name, cls in sorted(registered_games().items())]
    if any(lines for _, lines in setups):
        console.print("Set-up (wargames play GAME --setup NAME=VALUE):")
    for name, lines in setups:
        for line in lines.splitlines():
            told = textwrap.fill(f"{name}: {line}", console.width - 2, subsequent_indent="    ")
            console.print(textwrap.indent(told, "  "), markup=False)


OPTION_HELP = "A game option NAME=VALUE (repeat for more; see 'wargames games')."
SETUP_HELP = (
    "A set-up keyword NAME=VALUE, e.g. deploy=false: the players set up their own armies "
    "(repeat for more; see 'wargames games')."
)
WIDTH_HELP = (
    "Fit boards to this many columns (default: the terminal's): a compact map where the "
    "game has one, else cropped; a large width shows the full board."
)


def _board(game: Game[Any, Any], state: State, player: str | None, width: int) -> str:
    """The board as ``player`` sees it, fitted to ``width`` columns (compact, else cropped)."""
    from wargames.render.text import crop  # a board loads networkx: not at start-up

    return crop(game.describe_within(state, player, width=width), width)


def _options(texts: list[str] | None, hint: str = "--option") -> dict[str, Any]:
    """``NAME=VALUE`` texts (of the command-line option ``hint``: ``--option`` or
    ``--setup``) as keywords: each value read as JSON (``4``, ``true``, ``[1, 2]``), or else
    as a plain string (``map=hills``)."""
    options: dict[str, Any] = {}
    for text in texts or ():
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise typer.BadParameter(f"{text!r} is not NAME=VALUE", param_hint=hint)
        try:
            options[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[name.strip()] = value
    return options


def _start(game: Game[Any, Any], seed: Seed | None, setup: Mapping[str, Any]) -> State:
    """``game.start(seed, **setup)``, or a clear error about ``--setup`` (an unknown keyword,
    another game's, or a bad value)."""
    try:
        state: State = game.start(seed, **setup)
    except UnknownOption as error:
        raise typer.BadParameter(str(error), param_hint="--setup") from None
    return state


def _seats(players: str, game: Game[Any, Any], *, humans: bool) -> tuple[str, ...]:
    """``--players``: one seat per player, each a bot name (or ``human`` when ``humans``),
    checked before any game starts."""
    specs = tuple(s.strip() for s in players.split(","))
    seat = "seat" if humans else "bot"
    if len(specs) != len(game.players):
        raise typer.BadParameter(
            f"{game.name} has {len(game.players)} players; give one {seat} each",
            param_hint="--players",
        )
    for spec in specs:
        if humans and spec == HUMAN:
            continue
        try:
            make_bot(spec, 0)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--players") from None
    return specs


@app.command()
def demo(
    seed: Annotated[int, typer.Option(help="Seed of every game and bot.")] = 7,
    game: Annotated[list[str] | None, typer.Option(help="Only these games.")] = None,
    max_actions: Annotated[
        int, typer.Option(min=1, help="Stop a game after this many actions.")
    ] = 20_000,
    width: Annotated[int | None, typer.Option(min=20, help=WIDTH_HELP)] = None,
    setup: Annotated[
        list[str] | None, typer.Option("--setup", help=SETUP_HELP + " Every game shown takes it.")
    ] = None,
) -> None:
    """Play a seeded random-bot game of every registered game, start to finish (with the
    game's ``demo_options``: a smaller set-up where the default takes random bots too long)."""
    names = game or sorted(registered_games())  # every game: each plugin imported, broken skipped
    chosen = {name: _known_game(name, "--game") for name in names}
    keywords = _options(setup, "--setup")
    columns = width or console.width
    for name in names:
        instance = wargames.load(name, **chosen[name].demo_options)
        bots = {player: RandomBot(seed + i) for i, player in enumerate(instance.players)}
        start = _start(instance, seed, keywords)
        console.rule(f"[bold]{name}[/bold] (seed {seed})")
        console.print(_board(instance, start, None, columns), markup=False)
        match = play(instance, bots, seed=seed, max_actions=max_actions, setup=keywords)
        console.print()
        # the outcome is said once, in a sentence, not on the board's last line too
        board = _board(instance, match.final, None, columns).splitlines()
        shown = "\n".join(line for line in board if not line.startswith("Game over"))
        console.print(shown, markup=False)
        ending = match.outcome.sentence() if match.outcome else "Stopped."
        console.print(f"[bold]{name}[/bold]: {ending} It took {match.length} actions.")


def _progress() -> Progress:
    """The bar ``simulate`` shows in a terminal (not when its output is piped or redirected):
    games done, time taken and an estimate of the time left."""
    from rich.progress import (  # only simulate shows a bar: not at start-up
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="A registered game.")],
    n: Annotated[int, typer.Option("-n", min=1, help="How many games.")] = 100,
    players: Annotated[
        str, typer.Option(help="Bots by seat, e.g. greedy,random or mcts:200,random.")
    ] = "random,random",
    variant: Annotated[str | None, typer.Option(help="The game's variant.")] = None,
    seed: Annotated[int, typer.Option(help="Game i is played from seed + i.")] = 0,
    workers: Annotated[
        int, typer.Option(help=f"Processes (local backend; at most {MAX_WORKERS}: 4 per core).")
    ] = 1,
    backend: Annotated[str, typer.Option(help="local or ray.")] = "local",
    ray_address: Annotated[str | None, typer.Option(help="An existing Ray cluster.")] = None,
    max_actions: Annotated[
        int | None, typer.Option(min=1, help="Stop a game after this many actions.")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Per-game results: .jsonl or .csv.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    setup: Annotated[list[str] | None, typer.Option("--setup", help=SETUP_HELP)] = None,
) -> None:
    """Play many seeded bot games and report win rates (95% Wilson intervals) and lengths.

    A game that fails does not stop the others: the finished games are summarised (and
    written to --out), each failed one is named with the command that plays it again, and
    the exit status is 1.
    """
    if backend not in ("local", "ray"):
        raise typer.BadParameter(f"{backend!r} is not local or ray", param_hint="--backend")
    if not 1 <= workers <= MAX_WORKERS:
        raise typer.BadParameter(
            f"{workers} is not from 1 to {MAX_WORKERS} (4 per core, {os.cpu_count()} cores)",
            param_hint="--workers",
        )
    options = _options(option)
    instance = _game_named(game, variant, options)
    keywords = _options(setup, "--setup")
    if keywords:  # a bad set-up refused before any game is played
        _start(instance, seed, keywords)
    specs = _seats(players, instance, humans=False)
    if out is not None:
        _writable(out, "--out")
    jobs = [Job(game, variant, options, specs, seed + i, max_actions, keywords) for i in range(n)]
    failures: list[GameFailure] = []
    started = time.perf_counter()
    with _progress() as progress:
        task = progress.add_task(f"{game}: {players}", total=n)
        try:
            results = run_simulation(
                jobs,
                workers=workers,
                backend=backend,
                ray_address=ray_address,
                on_result=lambda _: progress.advance(task),
            )
        except GamesFailed as failed:
            results, failures = failed.results, failed.failures
        except RuntimeError as error:  # the ray backend without Ray installed
            raise CommandError(str(error)) from None
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
        console.print(f"per-game results: {out}", markup=False)
    for failure in failures:
        errors.print(
            f"the game of seed {failure.seed} ({','.join(failure.job.bots)}) failed: "
            f"{failure.error} (at {failure.where})",
            markup=False,
        )
        errors.print(f"  play it again: {failure.job.command()}", markup=False)
    if failures:
        errors.print(
            f"{len(failures)} of {n} games failed; the {len(results)} that finished are "
            "summarised above" + (f" and written to {out}" if out is not None else ""),
            markup=False,
        )
        raise typer.Exit(1)


def _writable(path: Path, hint: str) -> None:
    """Refuse, before any work, an output ``path`` that cannot be a file written there."""
    if path.is_dir():
        raise typer.BadParameter(f"{path} is a directory", param_hint=hint)
    if not path.parent.is_dir():
        raise typer.BadParameter(f"no such directory: {path.parent}", param_hint=hint)
    if not os.access(path if path.exists() else path.parent, os.W_OK):
        raise typer.BadParameter(f"cannot write {path}: permission denied", param_hint=hint)


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, or fail in one line (a full disk, a vanished directory)."""
    try:
        with path.open("w", encoding="utf-8", newline="") as handle:
            handle.write(text)
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}") from None


def _write_results(path: Path, results: list[GameResult]) -> None:
    rows = [r.to_row() for r in results]
    if path.suffix == ".csv":
        text = io.StringIO()
        writer = csv.DictWriter(text, fieldnames=list(rows[0]) if rows else ["seed"])
        writer.writeheader()
        writer.writerows(rows)
        _write(path, text.getvalue())
    else:
        _write(path, "".join(json.dumps(row) + "\n" for row in rows))


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
    functions = _known_game(game.lower(), "GAME").matchups
    if matchup is not None and matchup not in functions:
        listed = ", ".join(functions) or "none"
        raise typer.BadParameter(
            f"{game} has no match-up {matchup!r}; its match-ups: {listed}", param_hint="MATCHUP"
        )
    if matchup is None:
        if not functions:
            console.print(f"{game} has no chance to compute odds for.")
        for name, function in functions.items():  # one input a line, within 80 columns
            lines = [f"{name}:"]
            for part in _signature(function):
                lines += textwrap.wrap(part, 80, initial_indent="  ", subsequent_indent="    ")
            console.print("\n".join(lines), markup=False, soft_wrap=True)
        return
    from wargames.core.distribution import Distribution  # only odds prints one

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


def _signature(function: Callable[..., Any]) -> list[str]:
    """The inputs one may type: name, kind (or the values an ``Annotated`` text names) and
    default; inputs of other types are for callers in Python and left out."""
    hints = get_type_hints(function, include_extras=True)
    parts = []
    for name, parameter in inspect.signature(function).parameters.items():
        hint = hints.get(name, str)
        described = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, str)]
        plain = get_args(hint)[0] if described else hint
        kinds = [k for k in get_args(plain) or (plain,) if k is not type(None)]
        if not all(k in _TYPED or get_args(k) == (int,) for k in kinds):
            continue
        names = [_TYPED.get(k, "comma list") for k in kinds]
        kind = described[0] if described else " or ".join(names)
        value = parameter.default
        default = "" if value is inspect.Parameter.empty else f"={json.dumps(value, default=str)}"
        parts.append(f"{name} ({kind}){default}")
    return parts


_TYPED = {str: "text", int: "whole number", bool: "true or false"}


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


class Level(StrEnum):
    """``--level``: the difficulty levels of :data:`wargames.bots.specs.LEVELS`."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


LEVEL_HELP = "; ".join(f"{name}: {spec}" for name, spec in LEVELS.items())


@app.command("play")
def play_command(
    game: Annotated[str | None, typer.Argument(help="A registered game.")] = None,
    variant: Annotated[str | None, typer.Option(help="The game's variant.")] = None,
    seed: Annotated[
        str | None,
        typer.Option(help="Play the game of this seed (default: secret chance, new each game)."),
    ] = None,
    players: Annotated[
        str, typer.Option(help="Seats in order: human or a bot, e.g. human,mcts.")
    ] = "human,random",
    level: Annotated[
        Level | None,
        typer.Option(
            help="How well the bots play: every seat that is not human plays at this level "
            f"({LEVEL_HELP})."
        ),
    ] = None,
    resume: Annotated[Path | None, typer.Option(help="A game saved with 'save FILE'.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    setup: Annotated[list[str] | None, typer.Option("--setup", help=SETUP_HELP)] = None,
    width: Annotated[int | None, typer.Option(min=20, help=WIDTH_HELP)] = None,
) -> None:
    """Play in the terminal against bots, or hot-seat (each human sees only their view).

    At each turn: the board, the legal actions numbered, and what the last actions did.
    A resumed game keeps the options and set-up it was saved with.
    """
    keywords = _options(setup, "--setup")
    if resume is not None:
        if option or setup or variant is not None:
            raise typer.BadParameter(
                "--variant, --option and --setup choose a new game; a saved one has its own",
                param_hint="--variant/--option/--setup",
            )
        replay = _read_replay(resume, "--resume")
        instance = replay.load_game()
    elif game is not None:
        instance = _game_named(game, variant, _options(option))
        if keywords:  # a bad set-up refused before anyone plays
            _start(instance, seed, keywords)
    else:
        raise typer.BadParameter("name a game, or --resume a saved one")
    specs = _seats(players, instance, humans=True)
    if level is not None:
        specs = tuple(s if s == HUMAN else level.value for s in specs)
    columns = width or console.width
    # Bots' own choices are seeded from the game's seed when there is one, else in secret.
    bot_seed = secrets.randbits(32) if seed is None else int.from_bytes(key_from_seed(seed)[:4])
    seats: dict[str, Bot | str] = {
        p: HUMAN if s == HUMAN else make_bot(s, bot_seed + i)
        for i, (p, s) in enumerate(zip(instance.players, specs, strict=True))
    }
    # a level is how people name its bot ("the hard bot"); other bots by their kind
    names = {p: f"the {s} bot" for p, s in zip(instance.players, specs, strict=True) if s in LEVELS}
    if resume is not None:
        try:
            session = Session(
                instance,
                seats,
                seed=replay.seed,
                setup=replay.setup,
                actions=replay.actions,
                width=columns,
                names=names,
            )
        except WargamesError as error:
            message = f"{resume} does not replay: {error}"
            raise typer.BadParameter(message, param_hint="--resume") from None
    else:
        session = Session(instance, seats, seed=seed, setup=keywords, width=columns, names=names)
    session.run(ask=console.input, say=lambda text: console.print(text, markup=False))


# -- render and replay ----------------------------------------------------------------------


def _read_replay(path: Path, hint: str) -> Replay:
    """The replay saved in ``path``, or a clear error about the argument ``hint``."""
    if not path.exists():
        raise typer.BadParameter(f"no such file: {path}", param_hint=hint)
    if not path.is_file():
        raise typer.BadParameter(f"{path} is not a file", param_hint=hint)
    try:
        document = loads(path.read_bytes())
    except SerializationError as error:
        message = f"{path} is not a wargames replay: {error}"
        raise typer.BadParameter(message, param_hint=hint) from None
    if not isinstance(document, Replay):
        kind = type(document).__name__
        raise typer.BadParameter(f"{path} holds a single {kind}, not a replay", param_hint=hint)
    return document


def _replayed(game: Game[Any, Any], replay: Replay, path: Path, hint: str) -> list[State]:
    """Every state of ``replay``, the start first; a clear error if an action is refused or
    the set-up is not the game's."""
    try:
        return list(replay.states(game))
    except WargamesError as error:
        raise typer.BadParameter(f"{path} does not replay: {error}", param_hint=hint) from None


def _game_named(
    name: str, variant: str | None, options: dict[str, Any] | None = None
) -> Game[Any, Any]:
    """The registered game ``name`` with ``variant`` and ``options``, or a clear error naming
    the games (or the missing file), the variants or the options."""
    if _listed(name) is None:
        if Path(name).suffix or "/" in name:
            raise typer.BadParameter(f"no such file: {name}", param_hint="GAME|FILE")
        known = ", ".join(wargames.available())
        raise typer.BadParameter(
            f"no game named {name!r} and no such file; the games are: {known}",
            param_hint="GAME|FILE",
        )
    try:
        return wargames.load(name, variant, **(options or {}))
    except (ValueError, TypeError) as error:
        raise typer.BadParameter(str(error), param_hint="--variant/--option") from None


def _listed(name: str) -> type[Game[Any, Any]] | None:
    """The game listed as ``name`` (lower case, as ``wargames games`` lists it), importing its
    plugin and no other's; None for a name not listed or a plugin found broken."""
    if name not in wargames.available():
        return None
    try:
        return game_class(name)
    except UnknownGame:  # its plugin is broken (and warned about): no longer listed
        return None


def _known_game(name: str, hint: str) -> type[Game[Any, Any]]:
    """The registered game ``name``, or an error naming the games."""
    game_cls = _listed(name)
    if game_cls is None:
        known = ", ".join(wargames.available())
        raise typer.BadParameter(f"no game named {name!r}; the games are: {known}", param_hint=hint)
    return game_cls


def _check_seat(game: Game[Any, Any], player: str | None) -> None:
    if player is not None and player not in game.players:
        raise typer.BadParameter(
            f"{game.name} has no player {player!r}; its players are {', '.join(game.players)}",
            param_hint="--player",
        )


def _heading(game: Game[Any, Any], when: str, player: str | None) -> str:
    """A picture's or a step's title: the game, the moment, and whose view it is."""
    name = f"{game.name} {game.variant}".rstrip()
    return f"{name}, {when}, " + (f"as {player} sees it" if player else "everything shown")


@app.command("render")
def render_command(
    source: Annotated[
        str,
        typer.Argument(
            metavar="GAME|FILE",
            help="A registered game (draws its start) or a saved replay (its final state).",
        ),
    ],
    svg: Annotated[Path, typer.Option(help="Where to write the SVG picture.")],
    player: Annotated[
        str | None, typer.Option(help="Draw what this player sees (default: everything).")
    ] = None,
    variant: Annotated[str | None, typer.Option(help="The game's variant (GAME only).")] = None,
    seed: Annotated[
        str | None, typer.Option(help="The start's seed (GAME only; default: secret).")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP + " GAME only.")
    ] = None,
    setup: Annotated[
        list[str] | None, typer.Option("--setup", help=SETUP_HELP + " GAME only.")
    ] = None,
) -> None:
    """Draw the board as SVG: terrain, units and facings; hidden units as PLAYER sees them."""
    _writable(svg, "--svg")
    path = Path(source)
    if path.exists():
        if variant is not None or seed is not None or option or setup:
            raise typer.BadParameter(
                "--variant, --seed, --option and --setup choose a game's start; a replay "
                "has its own",
                param_hint="--variant/--seed/--option/--setup",
            )
        replay = _read_replay(path, "GAME|FILE")
        game = replay.load_game()
        state = _replayed(game, replay, path, "GAME|FILE")[-1]
        over = game.outcome(state)
        when = f"after {len(replay.actions)} actions" + (f" ({over})" if over else "")
    else:
        game = _game_named(source, variant, _options(option))
        state = _start(game, seed, _options(setup, "--setup"))
        # A seed is the whole game: it is named only in a picture of everything.
        when = "start" if seed is None or player is not None else f"start (seed {seed})"
    _check_seat(game, player)
    title = _heading(game, when, player)
    from wargames.render.svg import NotDrawable, render_game  # networkx: only when drawing

    try:
        picture = render_game(game, state, player, title=title)
    except NotDrawable as error:
        raise typer.BadParameter(str(error), param_hint="GAME|FILE") from None
    _write(svg, picture)
    console.print(f"wrote {svg}: {title}")


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A replay saved as JSON ('save' in wargames play).")],
    player: Annotated[
        str | None, typer.Option(help="Show what this player sees (default: everything).")
    ] = None,
    step: Annotated[
        int | None, typer.Option(help="Show the state after this many actions (0: the start).")
    ] = None,
    all_steps: Annotated[bool, typer.Option("--all", help="Show every step.")] = False,
    width: Annotated[int | None, typer.Option(min=20, help=WIDTH_HELP)] = None,
) -> None:
    """Step through a saved game: each state as PLAYER sees it and the action that led to it.

    Shows the final state and a summary unless --step or --all says otherwise.  Boards
    wider than the terminal take a compact form, or are cropped around the action.
    """
    if step is not None and all_steps:
        raise typer.BadParameter("give --step N or --all, not both", param_hint="--step/--all")
    replay = _read_replay(file, "FILE")
    game = replay.load_game()
    _check_seat(game, player)
    states = _replayed(game, replay, file, "FILE")
    last = len(replay.actions)
    if step is not None and not 0 <= step <= last:
        raise typer.BadParameter(
            f"the replay has {last} actions; --step takes 0 to {last}", param_hint="--step"
        )
    # a board loads networkx: not at start-up
    from wargames.render.text import changed_column, crop

    shown = range(last + 1) if all_steps else [last if step is None else step]
    for index in shown:
        action = replay.actions[index - 1] if index else None
        told = (
            "The start."
            if action is None
            else game.announce(states[index - 1], states[index], action, player) or ""
        )
        columns = width or console.width
        # the step's rule holds what led to it where that fits; else it is said under the rule
        heading = f"step {index}/{last}"
        lines = told.splitlines()
        fits = len(lines) == 1 and len(heading) + len(told) + 4 <= columns
        led = f"  {escape(told)}" if fits else ""
        console.rule(f"[bold]{heading}[/bold]{led}", align="left")
        for line in [] if fits else lines:
            console.print(textwrap.fill(line, columns, subsequent_indent="  "), markup=False)
        board = game.describe_within(states[index], player, width=columns)
        before = game.describe_within(states[index - 1], player, width=columns) if index else board
        focus = changed_column(before, board) or 0
        console.print(crop(board, columns, focus), markup=False)
    if step is None:
        console.print(_summary(game, replay, states[-1], player))


def _settings(settings: Mapping[str, Any]) -> str:
    """Options or set-up choices as people read them: "build points 60; decoys yes"."""

    def said(value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if value is None:
            return "none"
        return str(value) if isinstance(value, str | int | float) else json.dumps(value)

    told = [f"{name.replace('_', ' ')} {said(value)}" for name, value in sorted(settings.items())]
    return "; ".join(told) or "the defaults"


def _summary(game: Game[Any, Any], replay: Replay, final: State, player: str | None) -> Table:
    """The replay at a glance: game, options, seed, actions by player, and how it ended."""
    table = Table(title=_heading(game, "summary", player), show_header=False, title_justify="left")
    table.add_column(style="bold")
    table.add_column()
    table.add_row("game", f"{game.name} {game.variant}".rstrip())
    table.add_row("options", escape(_settings(replay.options)))
    if player is None:  # the seed rebuilds every secret: only the omniscient summary has it
        seed = replay.seed
        table.add_row("seed", f"key {seed.hex()}" if isinstance(seed, bytes) else str(seed))
    if replay.setup:
        table.add_row("set-up", escape(game.setup_words(replay.setup)))
    counts = Counter(action.player for action in replay.actions)
    by_player = ", ".join(f"{side(p)} {counts[p]}" for p in game.players)
    table.add_row("actions", f"{len(replay.actions)} ({by_player})")
    over = game.outcome(final)
    acting = listed(side(p) for p in game.players if p in game.to_act(final))
    table.add_row("outcome", over.sentence() if over else f"Unfinished: {acting} to act.")
    return table


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="The port to listen on.")] = 8000,
    db: Annotated[
        str,
        typer.Option(
            help="Where games are kept: a SQLite file (made if missing) or a PostgreSQL "
            "database's URL, postgresql://user:password@host/name."
        ),
    ] = "wargames.sqlite3",
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            help="Server processes sharing the port and the database (more than one needs "
            "PostgreSQL).",
        ),
    ] = 1,
) -> None:
    """Serve games in the browser: a page creates a game (each seat a human or a bot) and
    answers a secret link per human seat and one for spectators (needs the ``web`` extra)."""
    from wargames.web.store import SERVERS

    if not db.startswith(SERVERS):  # a SQLite file: refused before any work if unwritable
        if workers > 1:
            raise CommandError(
                "--workers above 1 needs a PostgreSQL --db (postgresql://...): the workers "
                "of one SQLite file would not hear of each other's moves"
            )
        _writable(Path(db), "--db")
    try:
        import uvicorn

        from wargames.web.routes import DB_VARIABLE
    except ImportError as error:
        raise typer.BadParameter(
            f'the web app needs the web extra (pip install "tabletop-wargames[web]"): {error}'
        ) from None
    shown = db.split("@")[-1] if "://" in db else db  # never a password on the screen
    console.print(f"serving on http://{host}:{port}/ (games kept in {shown}, {workers} worker(s))")
    os.environ[DB_VARIABLE] = db  # read by each worker's app (uvicorn builds it by name)
    uvicorn.run(
        "wargames.web.routes:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        timeout_graceful_shutdown=5,  # event streams never end by themselves
    )


def _plain(text: str) -> str:
    """A docstring as help for people: reST roles and backticks dropped."""
    return re.sub(r"(?::\w+:)?`{1,2}([^`]+)`{1,2}", r"\1", text)


for _command in app.registered_commands:
    _command.help = _plain(_command.help or inspect.getdoc(_command.callback) or "")
    if _command.callback is play_command:  # the commands typed at the prompt
        _command.help += "\n\n" + COMMANDS.replace("Other commands", "At the prompt")


def main() -> None:
    """Entry point of the ``wargames`` console script."""
    app()


if __name__ == "__main__":
    main()
