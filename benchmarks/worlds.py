"""Cheaper worlds (issue 38): the time of ``game.sample_state(view, player, rng)``, the first
sample of a view (its analysis built) against the samples after it (what is kept per view
reused), and the share of a bot's move spent drawing worlds.

A position is reached by seeded random legal play (``--steps`` actions or the game's end);
each figure is CPU time of the process (the machine may be shared): the first sample of the
view on a fresh game object (nothing kept from an earlier run), then the mean of
``--samples`` samples after it.  SABOT is measured early, in the middle and late (a third,
two thirds and all of ``--steps``) at 60 and 200 build points; Sabatu at ``--steps`` and,
since its random games run longer (about 1,700 actions with 4 players), at 4 and 7 times
it; SAW in the middle and late (half and all of ``--steps``).  Then a greedy and an ISMCTS
bot each make the first player's last ``--moves`` choices of each game's latest position,
in order: the share of their time spent in ``game.determinize``.  ``--games`` picks the
games.  Figures only, no assertions::

    python -m benchmarks.worlds --samples 20
    python -m benchmarks.worlds --games saw --seeds 3
    python -m benchmarks.worlds --view 3:160 --samples 100

``--view SEED:STEPS`` times one SABOT view (``--points`` build points) alone, as the
"Cheaper worlds" steps of docs/benchmarks.md measure a view: run it under ``valgrind
--tool=cachegrind --cache-sim=no`` with ``--samples N`` and ``--samples 0`` for the
instructions of N samples after the first.

``--bot-game BOT`` times both players' SABOT views in every third turn of a game played by
two ``BOT`` bots from ``--seed``: the late positions bots reach (random play's 240 actions are
still its second turn)::

    python -m benchmarks.worlds --bot-game greedy --seed 5 --samples 50

``--digest`` prints the SHA-256 of 576 SABOT worlds (:func:`digest`), the same for two
codes that draw alike; docs/benchmarks.md gives it under ``PYTHONHASHSEED=0`` and, with
``--reinforcements 40``, under ``PYTHONHASHSEED=1`` (a frozenset's ``repr`` follows the
hash seed)::

    PYTHONHASHSEED=0 python -m benchmarks.worlds --digest
    PYTHONHASHSEED=1 python -m benchmarks.worlds --digest --reinforcements 40
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import wargames
from benchmarks.histories import played
from wargames import State
from wargames.bots import GreedyBot, MctsBot
from wargames.bots.base import moves
from wargames.bots.specs import seat_bots
from wargames.sabot.determinize import sample_history

__all__ = ["bot_views", "digest", "main", "share", "timings"]

BUILD_POINTS: tuple[int, ...] = (60, 200)


def timings(
    name: str, seed: int, steps: int, samples: int, *, collector: bool = True, **options: Any
) -> tuple[int, float, float]:
    """(the position's step, ms of the first sample, mean ms of each later one) for the
    first player's view of the last state of a seeded random game of ``name`` (the later
    ones with the garbage collector off unless ``collector``)."""
    states = played(wargames.load(name, **options), seed, steps)
    game: Any = wargames.load(name, **options)  # fresh: nothing kept from the play above
    player = game.players[0]
    first, later = _sampled(game, states[-1], player, random.Random(seed), samples, collector)
    return len(states) - 1, first, later


def _sampled(
    game: Any, state: State, player: str, rng: random.Random, samples: int, collector: bool
) -> tuple[float, float]:
    """(ms of ``game``'s first sample of ``player``'s view of ``state``, mean ms of each of
    ``samples`` after it, with the garbage collector off unless ``collector``)."""
    view = game.view(state, player)
    began = time.process_time()
    game.sample_state(view, player, rng)
    first = time.process_time() - began
    if not collector:
        gc.disable()
    try:
        began = time.process_time()
        for _ in range(samples):
            game.sample_state(view, player, rng)
        later = (time.process_time() - began) / max(1, samples)
    finally:
        gc.enable()
    return 1e3 * first, 1e3 * later


def bot_views(
    bot: str, seed: int, samples: int, *, every: int = 3, **options: Any
) -> Iterator[tuple[int, int, str, float, float, float]]:
    """(turn, step, player, ms of the first sample, mean ms of each later one, mean ms of a
    sample replayed from the start) for both players' views of a SABOT game played by two
    ``bot`` bots (seat ``i`` seeded ``seed * 31 + i``, as the ladder seats them) from
    ``game.start(seed)``: five actions into every ``every``-th turn, each view on a fresh
    game object, the later samples with the collector off; the last figure is the mean of
    a tenth as many samples with nothing kept (``reuse=False``, every army drawn replayed
    from the start: what a sample cost before issue 38's cheaper worlds).  The positions
    bots reach, late in the game, where :func:`timings`'s random play is still in its
    second turn at 240 actions."""
    game: Any = wargames.load("sabot", **options)
    start = game.start(seed)
    bots = seat_bots(game.players, [bot] * len(game.players), seed)
    states = [start, *(state for _, state in moves(game, bots, start))]
    firsts: dict[int, int] = {}
    for step, state in enumerate(states):
        firsts.setdefault(state.clock.turn, step)
    for turn, step in sorted(firsts.items()):
        if turn % every or step + 5 >= len(states):
            continue
        state = states[step + 5]
        for player in game.players:
            fresh: Any = wargames.load("sabot", **options)
            rng = random.Random(seed * 1000 + turn)
            first, later = _sampled(fresh, state, player, rng, samples, False)
            view = fresh.view(state, player)
            replays = max(1, samples // 10)
            began = time.process_time()
            for _ in range(replays):
                sample_history(fresh, view, player, rng, reuse=False)
            replayed = 1e3 * (time.process_time() - began) / replays
            yield turn, step + 5, player, first, later, replayed


def digest(**options: Any) -> str:
    """The SHA-256 of the ``repr`` of 576 sampled pasts of SABOT (each one's start, actions
    and last state): at 60 and 200 build points, seeds 0-5, 80, 160 and 240 actions of
    seeded random play, each player's view on a fresh game object, the view 6 actions
    earlier sampled twice first (its replays go on to the later view's), then 8 samples of
    the view, all from one stream seeded ``seed * 1000 + steps``."""
    out = hashlib.sha256()
    for points, seed, steps in itertools.product(BUILD_POINTS, range(6), (80, 160, 240)):
        states = played(wargames.load("sabot", build_points=points, **options), seed, steps)
        for player in ("blue", "yellow"):
            game: Any = wargames.load("sabot", build_points=points, **options)
            rng = random.Random(seed * 1000 + steps)
            earlier = game.view(states[-7], player)
            for _ in range(2):
                game.sample_history(earlier, player, rng)
            view = game.view(states[-1], player)
            for _ in range(8):
                past = game.sample_history(view, player, rng)
                out.update(repr((past.start, past.actions, past.end)).encode())
    return out.hexdigest()


def share(
    name: str, bot: Any, seed: int, steps: int, moves: int, **options: Any
) -> tuple[float, float]:
    """(mean ms of a move of ``bot``, the share of it spent drawing worlds) over the first
    player's last ``moves`` choices (positions with more than one legal action) of a seeded
    random game of ``name`` of ``steps`` actions, made in order on a fresh game object (as a
    bot playing the game makes them: each view's samples may reuse the last view's work)."""
    game: Any = wargames.load(name, **options)
    player = game.players[0]
    choices = [
        state for state in played(game, seed, steps)
        if player in game.to_act(state) and len(game.legal_actions(state, player)) > 1
    ][-moves:]  # fmt: skip
    game = wargames.load(name, **options)  # fresh: nothing kept from the play above
    drawing = 0.0
    determinize: Callable[..., Any] = game.determinize

    def timed(*args: Any) -> Any:
        nonlocal drawing
        began = time.process_time()
        try:
            return determinize(*args)
        finally:
            drawing += time.process_time() - began

    game.determinize = timed
    began = time.process_time()
    for state in choices:
        bot.choose(game, state, player)
    spent = time.process_time() - began
    return 1e3 * spent / max(1, len(choices)), drawing / spent if spent else 0.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.worlds", description=__doc__)
    parser.add_argument("--samples", type=int, default=20, help="later samples of each view")
    parser.add_argument("--steps", type=int, default=240, help="most actions of a game")
    parser.add_argument("--seeds", type=int, default=2, help="seeded games per game")
    parser.add_argument("--moves", type=int, default=8, help="bot moves at the end (0: none)")
    parser.add_argument("--games", default="sabot,sabatu,saw", help="games, comma-separated")
    parser.add_argument(
        "--view",
        metavar="SEED:STEPS",
        help="only SABOT's view of this seed's game after STEPS actions (--points build"
        " points), the later samples with the collector off",
    )
    parser.add_argument(
        "--bot-game",
        metavar="BOT",
        help="only both players' views in every third turn of a SABOT game of two BOT bots"
        " (--points build points, seeded --seed)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the game's seed (--bot-game)")
    parser.add_argument(
        "--points", type=int, default=200, help="SABOT's build points (--view, --bot-game)"
    )
    parser.add_argument("--digest", action="store_true", help="only the 576 worlds' digest")
    parser.add_argument("--reinforcements", type=int, help="SABOT's reinforcements (--digest)")
    args = parser.parse_args(argv)
    if args.digest:
        extra = {} if args.reinforcements is None else {"reinforcements": args.reinforcements}
        print(digest(**extra))
        return
    if args.view:
        seed, steps = map(int, args.view.split(":"))
        step, first, later = timings(
            "sabot", seed, steps, args.samples, collector=False, build_points=args.points
        )
        print(
            f"sabot {args.points} seed {seed} step {step}: first {first:.2f} ms, next {later:.3f}"
        )
        return
    if args.bot_game:
        print(f"sabot {args.points}, {args.bot_game} v {args.bot_game}, seed {args.seed}")
        print(f"{'turn':>4}{'step':>6} {'player':<8}{'first ms':>10}{'next ms':>9}{'replayed':>10}")
        views = bot_views(args.bot_game, args.seed, args.samples, build_points=args.points)
        for turn, step, player, first, later, replayed in views:
            print(f"{turn:>4}{step:>6} {player:<8}{first:>10.2f}{later:>9.3f}{replayed:>10.2f}")
        return
    games = args.games.split(",")
    print("sample_state: first sample of a view, and each one after")
    print(f"{'game':<8}{'points':>7}{'seed':>5}{'step':>6}{'first ms':>10}{'next ms':>9}")
    rows: list[tuple[str, tuple[float, ...], dict[str, Any]]] = []
    if "sabot" in games:
        rows += [("sabot", (3, 3 / 2, 1), {"build_points": p}) for p in BUILD_POINTS]
    if "sabatu" in games:
        rows.append(("sabatu", (1, 1 / 4, 1 / 7), {}))  # --steps and 4 and 7 times it
    if "saw" in games:
        rows.append(("saw", (2, 1), {}))
    for name, parts, options in rows:
        points = options.get("build_points", "")
        for part in parts:
            for seed in range(args.seeds):
                steps = round(args.steps / part)
                step, first, later = timings(name, seed, steps, args.samples, **options)
                print(f"{name:<8}{points:>7}{seed:>5}{step:>6}{first:>10.2f}{later:>9.2f}")
    if not args.moves:
        return
    print(f"the last {args.moves} moves of a game: ms a move, the share drawing worlds")
    print(f"{'game':<8}{'bot':<8}{'points':>7}{'seed':>5}{'move ms':>10}{'worlds':>8}")
    for name, parts, options in rows:
        points = options.get("build_points", "")
        late = round(args.steps / min(parts))
        for seed in range(args.seeds):
            for label, bot in (("greedy", GreedyBot(seed)), ("mcts", MctsBot(seed))):
                move, part = share(name, bot, seed, late, args.moves, **options)
                print(f"{name:<8}{label:<8}{points:>7}{seed:>5}{move:>10.1f}{part:>8.0%}")


if __name__ == "__main__":
    main()
