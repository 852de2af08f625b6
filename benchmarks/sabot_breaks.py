"""Where a late SABOT sample's armies go (issue 38, item 3): of the armies drawn for the
first player's view of a seeded random game, how many break from the log, after how many
steps run, where and with what type to blame; and whether taking types out of counters'
domains keeps the law of the worlds drawn (docs/benchmarks.md, "Cheaper worlds", ninth
step).  Figures only, no assertions::

    python -m benchmarks.sabot_breaks --seed 3 --samples 40
    python -m benchmarks.sabot_breaks --seed 3 --law 1500 --counters 37,30 --types INF,WSC,ABN,HVY

``--law N`` samples the view N times three ways on fresh game objects, counting the types
the worlds give ``--counters``: as the sampler is; with each army drawn again (before any
replay) while one of those counters has one of ``--types`` ("reject": the draw's law given
that test, no type ruled out for the rest of the call); and with ``--types`` taken out of
those counters' domains ("narrow").  Each against the first by a chi-square test, with the
CPU ms of a sample each way.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import wargames
from benchmarks.histories import played
from wargames.sabot import determinize
from wargames.sabot.determinize import runthrough
from wargames.sabot.determinize.dice import Miss

__all__ = ["chi_square", "law", "main", "where"]

MODES = ("as is", "reject", "narrow")


def _view(seed: int, steps: int, build_points: int) -> tuple[Any, Any, str]:
    """A fresh game, the first player's view of the last state of a seeded random game, and
    the player."""
    states = played(wargames.load("sabot", build_points=build_points), seed, steps)
    game: Any = wargames.load("sabot", build_points=build_points)
    player = game.players[0]
    return game, game.view(states[-1], player), player


@contextmanager
def _patched(module: Any, name: str, wrapper: Callable[..., Any]) -> Iterator[None]:
    """``module.name`` replaced by ``wrapper(original)`` for the block."""
    original = getattr(module, name)
    setattr(module, name, wrapper(original))
    try:
        yield
    finally:
        setattr(module, name, original)


def where(seed: int, steps: int, samples: int, build_points: int = 200) -> Counter[str]:
    """Of ``samples`` samples after the first of the view: armies drawn, those that broke
    in a run through a kept replay (and after how many steps run), the steps run, and each
    break as step, counter and type (keys ``"break <step> <counter> <type>"``)."""
    game, view, player = _view(seed, steps, build_points)
    rng = random.Random(seed)
    game.sample_state(view, player, rng)
    out: Counter[str] = Counter()
    army: dict[str, Any] = {}

    def drawing(draw: Callable[..., Any]) -> Callable[..., Any]:
        def spy(*args: Any) -> Any:
            drawn = draw(*args)
            army.clear()
            army.update(kinds=drawn[0] if drawn else {}, run=0)
            out["armies drawn"] += drawn is not None
            return drawn

        return spy

    def stepping(run_step: Callable[..., Any]) -> Callable[..., Any]:
        def spy(*args: Any) -> Any:
            army["run"] += 1
            out["steps run"] += 1
            try:
                found = run_step(*args)
            except Miss as miss:
                kind = army["kinds"].get(miss.culprit, "?")
                out[f"break {args[3]} {miss.culprit} {kind}"] += 1
                out["armies broken"] += 1
                out["steps run by armies broken"] += army["run"]
                out["broken at their first step run"] += army["run"] == 1
                raise
            return found

        return spy

    with _patched(determinize, "draw_army", drawing), _patched(runthrough, "run_step", stepping):
        for _ in range(samples):
            game.sample_state(view, player, rng)
    return out


def law(
    seed: int,
    steps: int,
    samples: int,
    counters: Sequence[int],
    types: frozenset[str],
    mode: str,
    *,
    build_points: int = 200,
    stream: int = 11,
) -> tuple[Counter[tuple[str, ...]], float]:
    """The types of ``counters`` in ``samples`` worlds of the view drawn in ``mode`` (see
    the module) from ``random.Random(stream)``, and the mean CPU ms of a sample after the
    first."""
    game, view, player = _view(seed, steps, build_points)
    if mode == "narrow":
        analysis = determinize.analyse(game, view, player)
        for u in counters:
            analysis.domains[u] = analysis.domains[u] - types

    def rejecting(draw: Callable[..., Any]) -> Callable[..., Any]:
        def again(*args: Any) -> Any:
            while True:
                drawn = draw(*args)
                if drawn is None or not any(drawn[0][u] in types for u in counters):
                    return drawn

        return again if mode == "reject" else draw

    rng = random.Random(stream)
    out: Counter[tuple[str, ...]] = Counter()
    began = 0.0
    with _patched(determinize, "draw_army", rejecting):
        for i in range(samples):
            if i == 1:
                began = time.process_time()
            world = game.sample_state(view, player, rng)
            out[tuple(world.units[u].kind for u in counters)] += 1
    return out, 1e3 * (time.process_time() - began) / max(1, samples - 1)


def chi_square(a: Counter[Any], b: Counter[Any]) -> tuple[float, int, float]:
    """Pearson's chi-square of two samples' counts (a 2-row table), its degrees of freedom
    and p-value."""
    keys = sorted(set(a) | set(b))
    na, nb = sum(a.values()), sum(b.values())
    stat = 0.0
    for key in keys:
        both = a[key] + b[key]
        for count, n in ((a[key], na), (b[key], nb)):
            expected = both * n / (na + nb)
            stat += (count - expected) ** 2 / expected
    df = len(keys) - 1
    return stat, df, _upper(df, stat)


def _upper(df: int, x: float) -> float:
    """P(chi-square with ``df`` degrees of freedom > ``x``) (the regularized upper gamma
    at ``df / 2``, ``x / 2``, in closed form)."""
    y = x / 2
    if df % 2 == 0:
        return math.exp(-y) * math.fsum(y**k / math.factorial(k) for k in range(df // 2))
    tail = math.fsum(y ** (k + 0.5) / math.gamma(k + 1.5) for k in range(df // 2))
    return math.erfc(math.sqrt(y)) + math.exp(-y) * tail


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sabot_breaks", description=__doc__)
    parser.add_argument("--seed", type=int, default=3, help="the random game's seed")
    parser.add_argument("--steps", type=int, default=240, help="its actions")
    parser.add_argument("--points", type=int, default=200, help="build points")
    parser.add_argument("--samples", type=int, default=40, help="samples after the first")
    parser.add_argument("--law", type=int, default=0, help="worlds drawn each way (0: none)")
    parser.add_argument("--counters", default="37,30", help="counters whose types are counted")
    parser.add_argument("--types", default="INF,WSC,ABN,HVY", help="types tested against")
    parser.add_argument("--stream", type=int, default=11, help="the law's sampler seed")
    args = parser.parse_args(argv)
    if not args.law:
        found = where(args.seed, args.steps, args.samples, args.points)
        for key, count in sorted(found.items()):
            print(f"{key:<40}{count:>6}")
        return
    counters = [int(u) for u in args.counters.split(",")]
    types = frozenset(args.types.split(","))
    laws = {
        mode: law(
            args.seed, args.steps, args.law, counters, types, mode,
            build_points=args.points, stream=args.stream,
        )
        for mode in MODES
    }  # fmt: skip
    keys: set[tuple[str, ...]] = set().union(*(counts for counts, _ in laws.values()))
    print(f"{'types':<16}" + "".join(f"{mode:>10}" for mode in MODES))
    for kinds in sorted(keys):
        print(f"{','.join(kinds):<16}" + "".join(f"{laws[m][0][kinds]:>10}" for m in MODES))
    print(f"{'ms a sample':<16}" + "".join(f"{laws[m][1]:>10.2f}" for m in MODES))
    for mode in MODES[1:]:
        stat, df, p = chi_square(laws[MODES[0]][0], laws[mode][0])
        print(f"{mode} against as is: chi-square {stat:.1f}, {df} df, p = {p:.2g}")


if __name__ == "__main__":
    main()
