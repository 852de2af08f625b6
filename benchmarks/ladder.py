"""The bot ladder: round robins between bots, per game, with win rates and ratings.

``python -m benchmarks.ladder [--games sabotage,saw] [--bots random,greedy,mcts:200] [-n 20]``

Every pair of bots plays ``-n`` games of each game, the seats swapped from one game to the
next and each seed played once from each side, so neither bot gains from the first move or
a lucky deal.  Games run in parallel on local processes (``--jobs``) or on Ray (``--ray``,
the ``ray`` extra).  For each game the ladder prints:

- each pairing's record (wins, draws, losses of the first bot) and its score (a draw counts
  half) with a 95% Wilson interval;
- a rating per bot: the Bradley-Terry fit of every result at once (draws half a win each),
  on the Elo scale (400 points = 10:1 odds), ``random`` at 0;
- the mean seconds each bot took a move.

``ismcts:N`` seats OpenSpiel's own IS-MCTS bot with ``N`` simulations, playing through the
adapter (``wargames.envs.open_spiel``, the ``openspiel`` extra) and scoring leaves with the
game's evaluation, as ``mcts`` does; compare the move times the table prints to see how
much time each side had.  ``--setup NAME=VALUE`` starts every game with
``game.start(seed, NAME=VALUE)``.  Sabotage's players set up their own armies, as the rules
have them (:data:`SETUPS`; ``--setup deploy=true`` plays the random deal instead); the set-up
is then part of each bot's moves and its time.  Nothing here asserts: these are
measurements, not tests.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from attrs import field, frozen

import wargames
from wargames.bots import Bot, play
from wargames.bots.specs import make_bot
from wargames.core.game import Action, Game, State
from wargames.simulate import wilson

GAMES: Mapping[str, tuple[str | None, Mapping[str, Any]]] = {
    "sabotage": ("SM", {}),
    "saw": (None, {}),
    "sabatu": (None, {"players": 2}),
    "gridscifi": (None, {}),
    "sabot": (None, {}),
}
"""The games the ladder plays by default: Mini Sabotage (the standard board's games run to
hundreds of moves), Sabatu for two, and the others as they come."""

SETUPS: Mapping[str, Mapping[str, Any]] = {"sabotage": {"deploy": False}}
"""The keywords of ``game.start`` the ladder gives a game unless ``--setup`` says otherwise:
Sabotage's players set up their own armies, as the rules have them ("Before the game begins,
you must set up your army of pieces"), not the random deal ``start`` makes by default
(``--setup deploy=true``), which decided most games whichever bots played them."""

BOTS = ("random", "greedy", "mcts:50", "mcts:200", "mcts:800")
ANCHOR = "random"
"""The bot rated 0 (if it plays; else the mean rating is 0)."""


@frozen
class Pairing:
    """One game of the ladder: which bots sit where, on which game and seed."""

    game: str
    variant: str | None
    options: Mapping[str, Any] = field(hash=False)
    pair: tuple[str, str]
    """The two bots, in the order the ladder paired them."""
    swapped: bool
    """Whether the second of the pair sits first."""
    seed: int
    max_actions: int | None
    setup: Mapping[str, Any] = field(factory=dict, hash=False)
    """The keywords of ``game.start`` (``{"deploy": False}``: Sabotage's players set up)."""

    @property
    def seats(self) -> tuple[str, str]:
        """The bots in seating order."""
        first, second = self.pair
        return (second, first) if self.swapped else (first, second)


@frozen
class Played:
    """What one ladder game gave: the bots by seat, who won, and each bot's clock."""

    pairing: Pairing
    winners: tuple[str, ...]
    """The bots (by spec) that won; empty for a draw or a game stopped unfinished."""
    reason: str
    seconds: Mapping[str, float]
    """Each bot's total thinking time in the game."""
    moves: Mapping[str, int]
    """Each bot's number of moves in the game."""
    length: int = 0
    """How many actions the game took (set-up actions included)."""


class Clocked:
    """A bot that keeps the time it spends choosing."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.moves = 0

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        began = time.perf_counter()
        action = self.bot.choose(game, state, player)
        self.seconds += time.perf_counter() - began
        self.moves += 1
        return action


class IsmctsBot:
    """OpenSpiel's IS-MCTS (``open_spiel.python.algorithms.ismcts``) as a wargames bot: it
    searches a fresh OpenSpiel state holding the position it is asked about."""

    def __init__(self, game: Game[Any, Any], seed: int, simulations: int) -> None:
        import numpy
        import pyspiel
        from open_spiel.python.algorithms import ismcts

        from wargames.envs import open_spiel

        open_spiel.register()
        name = open_spiel.short_name(game.name)
        values = {"turn_based": "true"} if game.simultaneous else {}
        values |= {key: _spiel_value(v) for key, v in game.option_values().items()}
        variant = getattr(game, "variant", "")
        if variant:
            values["variant"] = variant
        text = ",".join(f"{key}={value}" for key, value in values.items())
        self.spiel_game = pyspiel.load_game(f"{name}({text})" if text else name)
        self.search = ismcts.ISMCTSBot(
            game=self.spiel_game,
            evaluator=_Evaluation(),
            uct_c=2.0,
            max_simulations=simulations,
            random_state=numpy.random.RandomState(seed),
        )

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        spiel_state = self.spiel_game.new_initial_state()
        spiel_state.position = state
        action: Action = game.action_from_index(state, player, self.search.step(spiel_state))
        return action


class _Evaluation:
    """An OpenSpiel evaluator from the game's own heuristic, uniform priors."""

    def evaluate(self, state: Any) -> Any:
        import numpy

        game = state.get_game().game
        return numpy.array([game.evaluate(state.position, seat) for seat in game.players])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def _spiel_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def seat(spec: str, game: Game[Any, Any], seed: int) -> Bot:
    """The bot named ``spec`` for ``game`` (``ismcts:N`` included), seeded with ``seed``."""
    name, _, number = spec.partition(":")
    if name == "ismcts":
        return IsmctsBot(game, seed, int(number or 100))
    return make_bot(spec, seed)


def play_pairing(pairing: Pairing) -> Played:
    """Play one ladder game (in whatever process runs it)."""
    game = wargames.load(pairing.game, pairing.variant, **pairing.options)
    clocks = {
        player: Clocked(seat(spec, game, pairing.seed * 31 + i))
        for i, (player, spec) in enumerate(zip(game.players, pairing.seats, strict=True))
    }
    match = play(
        game, clocks, seed=pairing.seed, max_actions=pairing.max_actions, setup=pairing.setup
    )
    by_player = dict(zip(game.players, pairing.seats, strict=True))
    outcome = match.outcome
    winners = tuple(sorted(by_player[p] for p in outcome.winners)) if outcome else ()
    seconds: dict[str, float] = {}
    moves: dict[str, int] = {}
    for player, clock in clocks.items():
        spec = by_player[player]
        seconds[spec] = seconds.get(spec, 0.0) + clock.seconds
        moves[spec] = moves.get(spec, 0) + clock.moves
    reason = outcome.reason if outcome else f"stopped after {pairing.max_actions} actions"
    return Played(pairing, winners, reason, seconds, moves, match.length)


def pairings(
    game: str,
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    max_actions: int | None = None,
    options: Mapping[str, Any] | None = None,
    setup: Mapping[str, Any] | None = None,
) -> list[Pairing]:
    """``games`` games for every pair of ``bots``: game ``k`` plays seed ``seed + k // 2``
    with the pair's seats swapped when ``k`` is odd, so each seed is played from both sides.
    ``options`` are put over the game's own in :data:`GAMES`, and ``setup`` over its keywords
    of ``game.start`` in :data:`SETUPS`."""
    variant, defaults = GAMES.get(game, (None, {}))
    options = {**defaults, **(options or {})}
    setup = {**SETUPS.get(game, {}), **(setup or {})}
    return [
        Pairing(
            game,
            variant,
            options,
            (first, second),
            k % 2 == 1,
            seed + k // 2,
            max_actions,
            setup,
        )
        for first, second in itertools.combinations(bots, 2)
        for k in range(games)
    ]


def run(tasks: Sequence[Pairing], *, jobs: int = 1, use_ray: bool = False) -> Iterator[Played]:
    """Play every task; results come as games finish (in any order)."""
    if use_ray:
        import ray

        remote = ray.remote(play_pairing)
        pending = [remote.remote(task) for task in tasks]
        while pending:
            done, pending = ray.wait(pending)
            yield from ray.get(done)
    elif jobs == 1:
        yield from map(play_pairing, tasks)
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(jobs) as pool:
            futures = [pool.submit(play_pairing, task) for task in tasks]
            for future in as_completed(futures):
                yield future.result()


def _margin(result: Played) -> int:
    """One game from the first of its pair's side: 1 a win, -1 a loss, 0 a draw (or a game
    both or neither won)."""
    first, second = result.pairing.pair
    return (first in result.winners) - (second in result.winners)


def scores(results: Iterable[Played]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """For each pair ``(a, b)`` in the order they were paired: ``a``'s wins, draws and losses."""
    record: dict[tuple[str, str], list[int]] = {}
    for result in results:
        record.setdefault(result.pairing.pair, [0, 0, 0])[1 - _margin(result)] += 1
    return {pair: (w, d, loss) for pair, (w, d, loss) in record.items()}


def seeds(results: Iterable[Played]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """For each pair ``(a, b)``, over the seeds it played from both seats: how many ``a``
    won both ways, how many the two split, and how many ``b`` won both ways (a draw is half
    a win).  Both games of a seed start from the same deal and the same stream of chance, so
    a seed the pair splits is one the seat and the luck decided between these two bots."""
    margins: dict[tuple[str, str], dict[int, list[int]]] = {}
    for result in results:
        by_seed = margins.setdefault(result.pairing.pair, {})
        by_seed.setdefault(result.pairing.seed, []).append(_margin(result))
    counts: dict[tuple[str, str], tuple[int, int, int]] = {}
    for pair, by_seed in margins.items():
        both = [sum(games) for games in by_seed.values() if len(games) == 2]
        counts[pair] = (both.count(2), sum(-2 < m < 2 for m in both), both.count(-2))
    return counts


def ratings(
    records: Mapping[tuple[str, str], tuple[int, int, int]],
    *,
    anchor: str = ANCHOR,
    rounds: int = 10_000,
) -> dict[str, float]:
    """Bradley-Terry strengths fitted to every record at once, in Elo points.

    Draws count half a win to each side, and every pair is given one extra virtual draw so a
    bot that won every game still gets a finite rating.  The fit is Hunter's MM iteration;
    it is independent of the order games were played in, unlike updating Elo game by game.
    ``anchor`` is rated 0 if it played, else the ratings average 0.
    """
    bots = sorted({bot for pair in records for bot in pair})
    won = dict.fromkeys(bots, 0.0)
    games: dict[tuple[str, str], float] = {}
    for (a, b), (wins, draws, losses) in records.items():
        won[a] += wins + draws / 2 + 0.5
        won[b] += losses + draws / 2 + 0.5
        games[a, b] = games[b, a] = wins + draws + losses + 1
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(rounds):
        new = {
            bot: won[bot]
            / sum(
                n / (strength[bot] + strength[other])
                for (me, other), n in games.items()
                if me == bot
            )
            for bot in bots
        }
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {bot: v / scale for bot, v in new.items()}
        if max(abs(new[b] - strength[b]) for b in bots) < 1e-12:
            strength = new
            break
        strength = new
    elo = {bot: 400 * math.log10(value) for bot, value in strength.items()}
    zero = elo[anchor] if anchor in elo else sum(elo.values()) / len(elo)
    return {bot: value - zero for bot, value in elo.items()}


def table(game: str, results: Sequence[Played]) -> str:
    """The printed report of one game's round robin."""
    records = scores(results)
    both_ways = seeds(results)
    lines = [
        f"## {game}",
        "",
        "| pairing | W-D-L | score | 95% interval | seeds won both ways-split-lost both ways |",
        "|---|---|---:|---|---|",
    ]
    for (a, b), (wins, draws, losses) in records.items():
        n = wins + draws + losses
        score = (wins + draws / 2) / n
        low, high = wilson(wins + draws / 2, n)
        swept, split, lost = both_ways[a, b]
        lines.append(
            f"| {a} vs {b} | {wins}-{draws}-{losses} | {score:.0%} | [{low:.0%}, {high:.0%}] "
            f"| {swept}-{split}-{lost} |"
        )
    rated = ratings(records)
    seconds: dict[str, float] = {}
    moves: dict[str, int] = {}
    for result in results:
        for bot, spent in result.seconds.items():
            seconds[bot] = seconds.get(bot, 0.0) + spent
            moves[bot] = moves.get(bot, 0) + result.moves[bot]
    lines += ["", "| bot | rating | seconds a move |", "|---|---:|---:|"]
    for bot in sorted(rated, key=lambda b: -rated[b]):
        per_move = seconds[bot] / moves[bot] if moves.get(bot) else math.nan
        lines.append(f"| {bot} | {rated[bot]:+.0f} | {per_move:.4f} |")
    unfinished = sum(1 for r in results if r.reason.startswith("stopped after"))
    if unfinished:
        lines += [
            "",
            f"{unfinished} of {len(results)} games stopped unfinished (counted as draws).",
        ]
    return "\n".join(lines)


def _in_order(tasks: Sequence[Pairing]) -> Callable[[Played], int]:
    """Sorts results as their tasks were listed (they finish in any order)."""
    listed = {(t.pair, t.swapped, t.seed): i for i, t in enumerate(tasks)}
    return lambda result: listed[result.pairing.pair, result.pairing.swapped, result.pairing.seed]


def line(result: Played) -> str:
    """One finished game in a line: the seats, who won and why, and each bot's time a move
    (printed as games finish, so a run cut off still tells what it played)."""
    p = result.pairing
    won = " and ".join(result.winners) or "nobody"
    clocks = ", ".join(
        f"{bot} {result.seconds[bot] / result.moves[bot]:.2f} s"
        for bot in result.seconds
        if result.moves.get(bot)
    )
    return (
        f"{p.game} seed {p.seed}: {' v '.join(p.seats)}: {won} won ({result.reason}) "
        f"in {result.length} actions; {clocks}"
    )


def name_value(text: str) -> tuple[str, Any]:
    """``NAME=VALUE``, the value read as JSON where it is JSON (``60``, ``true``)."""
    name, _, value = text.partition("=")
    try:
        return name.strip(), json.loads(value)
    except json.JSONDecodeError:
        return name.strip(), value


def _progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def main(
    argv: Sequence[str] | None = None,
    *,
    out: Callable[[str], None] = print,
    log: Callable[[str], None] = _progress,
) -> dict[str, str]:
    """Run the ladder; print and return each game's table, and ``log`` each game as it
    finishes (to standard error)."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.ladder", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", default=",".join(GAMES), help="games to play (comma-separated)")
    parser.add_argument("--bots", default=",".join(BOTS), help="bots to pair (comma-separated)")
    parser.add_argument("-n", type=int, default=20, help="games per pairing per game (even)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-actions", type=int, default=None, help="stop a game after N actions")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="local processes")
    parser.add_argument("--ray", action="store_true", help="play on Ray instead")
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option for every game played, the value read as JSON if it is JSON "
        "(build_points=60)",
    )
    parser.add_argument(
        "--setup",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a keyword of game.start for every game, read as -o is (deploy=false: "
        "Sabotage's players set up their armies)",
    )
    args = parser.parse_args(argv)
    options = dict(name_value(text) for text in args.option)
    setup = dict(name_value(text) for text in args.setup)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    tables = {}
    for game in filter(None, args.games.split(",")):
        began = time.perf_counter()
        tasks = pairings(
            game,
            bots,
            args.n,
            seed=args.seed,
            max_actions=args.max_actions,
            options=options,
            setup=setup,
        )
        results = []
        for result in run(tasks, jobs=args.jobs, use_ray=args.ray):
            log(line(result))
            results.append(result)
        tables[game] = table(game, sorted(results, key=_in_order(tasks)))
        out(tables[game])
        out(f"\n({len(results)} games in {time.perf_counter() - began:.0f} s)\n")
    return tables


if __name__ == "__main__":
    main()
