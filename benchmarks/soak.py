"""Soak: every game and variant, every pair of built-in bots, ``--seeds`` seeds each, and
random playouts over each game's options swept within their declared bounds::

    nice -n 19 timeout 3600 python -m benchmarks.soak --seeds 3 --option-games 20

Each game is played the way ``wargames simulate`` plays it (the same bots, seeded the same
way, so ``wargames simulate ... -n 1`` plays a failed game again) and checked at every
state: no exception, nobody to act without a legal action ("stuck"), nobody to act in a
game that is not over, and no broken invariant (``game.violations``).  It prints games
played, exceptions by type (``NoPast`` counted on its own), stuck states and invariant
violations, each with the first game that showed it, and the time.  Nothing asserts here;
``tests/test_soak.py`` runs a small slice and asserts every count is 0.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import attrs

from wargames.core.errors import NoPast, WargamesError
from wargames.core.game import Game
from wargames.core.options import (
    ChoiceBounds,
    CustomBounds,
    FlagBounds,
    NumberBounds,
    TableBounds,
    TextBounds,
    bounds,
)
from wargames.core.registry import games, load, variants
from wargames.simulate import Job, job_bots

__all__ = ["Finding", "Soak", "bot_jobs", "main", "option_jobs", "sample_options", "soak"]

BOTS = ("random", "greedy:{greedy}", "mcts:{mcts}")
"""The built-in bots, with the budgets the command line sets."""


def configurations() -> list[tuple[str, str | None]]:
    """Every registered game with each of its variants (``None``: a game without any)."""
    codes: list[str | None]
    found = []
    for name, cls in sorted(games().items()):
        codes = [*variants(cls)] or [None]
        found += [(name, code) for code in codes]
    return found


def bot_jobs(seeds: int, bots: Sequence[str], max_actions: int, first_seed: int = 0) -> list[Job]:
    """Every game and variant, every ordered pair of ``bots`` (the pair's first bot in the
    odd seats, its second in the even ones), ``seeds`` seeds each, with default options."""
    jobs = []
    for name, variant in configurations():
        seats = len(load(name, variant).players)
        for pair in itertools.product(bots, repeat=2):
            lineup = tuple(pair[i % 2] for i in range(seats))
            for seed in range(first_seed, first_seed + seeds):
                jobs.append(Job(name, variant, {}, lineup, seed, max_actions))
    return jobs


# -- options swept within their bounds --------------------------------------------------------


def _values(attribute: attrs.Attribute[Any], rng: random.Random) -> list[Any]:
    """Values to try for one option, from the bounds it declares as data
    (:func:`wargames.core.options.bounds`): its edges and a random value for a number, every
    choice, both flags, each built-in table and each example a game lists; ``null`` where
    allowed; else its default."""
    declared = bounds(attribute)
    nulls = [None] if getattr(declared, "optional", False) else []
    if isinstance(declared, NumberBounds):
        low, high = declared.low, declared.high
        small = rng.randint(low, min(high, low + 10))
        return [low, high, small, rng.randint(low, high), *nulls]
    if isinstance(declared, FlagBounds):
        return [True, False]
    if isinstance(declared, ChoiceBounds):
        return [*declared.choices, *nulls]
    if isinstance(declared, TableBounds):
        return list(declared.builtins)
    if isinstance(declared, CustomBounds | TextBounds) and declared.examples:
        return [*declared.examples, *nulls]
    return [attribute.default]


def sample_options(cls: type[Game[Any, Any]], rng: random.Random) -> dict[str, Any]:
    """Options for ``cls`` drawn from what each declares it allows, each left at its
    default half the time; only those that differ from the default are returned."""
    options = {}
    for attribute in attrs.fields(cls.Options):
        if rng.random() < 0.5:
            value = rng.choice(_values(attribute, rng))
            if value != attribute.default:
                options[attribute.name] = value
    return options


@dataclass
class Finding:
    """One kind of failure: how many games showed it, and the first of them."""

    count: int
    job: Job
    detail: str


@dataclass
class Soak:
    """What a soak found."""

    games: int = 0
    finished: int = 0
    actions: int = 0
    refused_options: int = 0
    exceptions: dict[str, Finding] = field(default_factory=dict)
    stuck: dict[str, Finding] = field(default_factory=dict)
    violations: dict[str, Finding] = field(default_factory=dict)
    nopast: dict[str, Finding] = field(default_factory=dict)
    by_game: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    """Processor time of this process: under ``nice`` on a busy machine, far below ``seconds``."""
    verbose: bool = False
    """Print each kind of failure as it is first found (a long soak cut short keeps them)."""

    def counts(self) -> dict[str, int]:
        """Every count of a failure, by kind: all 0 in a clean soak."""
        return {
            "exceptions": sum(f.count for f in self.exceptions.values()),
            "NoPast": sum(f.count for f in self.nopast.values()),
            "stuck states": sum(f.count for f in self.stuck.values()),
            "invariant violations": sum(f.count for f in self.violations.values()),
        }

    def note(self, kind: dict[str, Finding], key: str, job: Job, detail: str) -> None:
        """Count one more game showing ``key``; keep the first such game."""
        if key in kind:
            kind[key].count += 1
            return
        kind[key] = Finding(1, job, detail)
        if self.verbose:
            print(f"  found: {key}: {detail}\n    {job.command()}", flush=True)


def option_jobs(
    games_per_game: int, max_actions: int, seed: int, soak: Soak, only: Collection[str] = ()
) -> list[Job]:
    """``games_per_game`` random-bot games of each game (or those in ``only``) with options
    drawn by
    :func:`sample_options` (and a random variant); sets of options a game refuses with a
    typed error are counted in ``soak.refused_options`` (any other error is a finding)."""
    rng = random.Random(seed)
    jobs = []
    for name, cls in sorted(games().items()):
        if only and name not in only:
            continue
        codes = [None, *variants(cls)]
        for index in range(games_per_game):
            variant = rng.choice(codes)
            options = sample_options(cls, rng)
            job = Job(name, variant, options, (), seed + index, max_actions)
            try:
                players = load(name, variant, **options).players
            except (WargamesError, ValueError):
                soak.refused_options += 1
                continue
            except Exception as error:  # a bug: options within bounds must load or be refused
                kind = f"{type(error).__name__} in {name}"
                soak.note(soak.exceptions, kind, job, f"at load: {error}")
                continue
            jobs.append(attrs.evolve(job, bots=("random",) * len(players)))
    return sorted(jobs, key=lambda job: (job.game, job.variant or ""))


def _play(job: Job, soak: Soak, loaded: dict[str, Game[Any, Any]]) -> None:
    """Play ``job`` as :func:`wargames.bots.play` does, checking every state (its game
    loaded once for all the jobs with its name, variant and options: ``loaded``)."""
    name = " ".join(filter(None, (job.game, job.variant)))
    soak.games += 1
    soak.by_game[name] += 1
    key = repr((job.game, job.variant, sorted(job.options.items())))
    if key not in loaded:
        loaded[key] = load(job.game, job.variant, **job.options)
    game = loaded[key]
    bots = job_bots(job, game.players)
    state = game.start(job.seed)
    steps = 0
    while True:
        broken = list(game.violations(state))
        if broken:
            soak.note(soak.violations, name, job, f"after {steps} actions: {broken[0]}")
            return
        if game.outcome(state) is not None:
            soak.finished += 1
            return
        if job.max_actions is not None and steps >= job.max_actions:
            return
        acting = game.to_act(state)
        if not acting:
            soak.note(soak.stuck, f"{name}: nobody to act", job, f"after {steps} actions")
            return
        player = next(p for p in game.players if p in acting)
        if not game.legal_actions(state, player):
            soak.note(soak.stuck, f"{name}: no legal action", job, f"{player}, after {steps}")
            return
        state = game.apply(state, bots[player].choose(game, state, player))
        steps += 1
        soak.actions += 1


def soak(jobs: Sequence[Job], soak: Soak | None = None, *, progress: bool = False) -> Soak:
    """Play and check every job; ``progress`` prints a line per game and variant."""
    found = soak or Soak()
    started, cpu = time.perf_counter(), time.process_time()
    loaded: dict[str, Game[Any, Any]] = {}
    for key, group in itertools.groupby(jobs, key=lambda job: (job.game, job.variant)):
        count = 0
        for job in group:
            count += 1
            try:
                _play(job, found, loaded)
            except NoPast as error:
                found.note(found.nopast, job.game, job, str(error))
            except Exception as error:  # every other failure is what a soak is for
                kind = f"{type(error).__name__} in {job.game}"
                found.note(found.exceptions, kind, job, str(error))
        if progress:
            name = " ".join(filter(None, key))
            elapsed = time.perf_counter() - started
            print(f"  {name:<14} {count:>5} games  {elapsed:8.1f} s", flush=True)
    found.seconds += time.perf_counter() - started
    found.cpu_seconds += time.process_time() - cpu
    return found


def _report(found: Soak) -> Iterator[str]:
    yield (
        f"{found.games} games played ({found.finished} to their outcome, the rest stopped at "
        f"the action cap), {found.actions} actions, in {found.seconds:.1f} s "
        f"({found.cpu_seconds:.1f} s of processor time)"
    )
    yield f"option sets refused at load with a typed error: {found.refused_options}"
    for label, count in found.counts().items():
        yield f"{label}: {count}"
    for label, kind in (
        ("exception", found.exceptions),
        ("NoPast", found.nopast),
        ("stuck", found.stuck),
        ("invariant", found.violations),
    ):
        for key, finding in kind.items():
            job = finding.job
            yield f"{label} {key} x{finding.count}; first: {finding.detail}"
            yield (
                f"    game {job.game}, variant {job.variant}, options {job.options}, "
                f"seed {job.seed}, bots {','.join(job.bots)}"
            )
            yield f"    {job.command()}"


def main(argv: Sequence[str] | None = None) -> Soak:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.soak", description=__doc__)
    parser.add_argument("--seeds", type=int, default=2, help="seeds per game and bot pair")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--option-games", type=int, default=20, help="option playouts a game")
    parser.add_argument("--max-actions", type=int, default=1000, help="cap of every game")
    parser.add_argument("--greedy", type=int, default=2, help="greedy bot's determinisations")
    parser.add_argument("--mcts", type=int, default=16, help="MCTS bot's iterations")
    parser.add_argument("--bots", default="", help="only these bots (comma-separated)")
    parser.add_argument("--games", default="", help="only these games (comma-separated)")
    args = parser.parse_args(argv)
    only = set(filter(None, args.games.split(",")))
    bots = [b.format(greedy=args.greedy, mcts=args.mcts) for b in BOTS]
    if args.bots:
        bots = [b for b in bots if b.split(":")[0] in args.bots.split(",")]
    found = Soak(verbose=True)
    pairs = bot_jobs(args.seeds, bots, args.max_actions, args.first_seed)
    pairs = [job for job in pairs if not only or job.game in only]
    print(f"soak: {len(pairs)} bot games ({', '.join(bots)}), at most {args.max_actions} actions")
    soak(pairs, found, progress=True)
    sweep = option_jobs(args.option_games, args.max_actions, args.first_seed, found, only)
    print(f"soak: {len(sweep)} random playouts over swept options")
    soak(sweep, found, progress=True)
    for line in _report(found):
        print(line)
    return found


if __name__ == "__main__":
    main()
