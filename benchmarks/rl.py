"""Masked random play through every adapter against the raw engine, in every game.

Each game is timed in rounds; a round runs one block of each loop (raw engine, PettingZoo AEC,
Gymnasium, OpenSpiel), one after the other in one process, so load on the machine falls on
all of them alike, and each adapter's ratio is taken against the raw block of its own round.
Blocks are measured in process time, so the time the process waits for a core of a busy
machine counts against none of them.  The figure printed is the median ratio over the
rounds.

* **raw**: what a learning loop on the engine does: ``to_act``, ``legal_actions``, a random
  choice, checked ``apply``, ``outcome``;
* **AEC**: PettingZoo's loop: ``last()`` (the agent's observation: tensor and legal mask), a
  random legal index from the mask (read as booleans, as an agent does), ``step``;
* **Gymnasium** against a random bot: every engine step counts, the bot's as well as the
  agent's;
* **OpenSpiel**: ``legal_actions``, ``apply_action`` (``apply_actions`` at a simultaneous
  node, counting the players who act) and the next player's ``observation_tensor``.

Every loop starts the next game from the next seed when one ends.  Targets: AEC and
Gymnasium at least 0.5x the raw engine, OpenSpiel at least 0.3x.

``--breakdown`` also times the AEC loop with the game's observation tensor made once and
handed back at every step (no target: a diagnostic of where an AEC step's time goes), and
what one observation costs inside the AEC loop against the same positions' observations made
again alone, one after another (:func:`observation_in_and_out`).

Figures only: ``python -m benchmarks.rl [--seconds 1] [--rounds 5] [--games sabotage,saw]
[--breakdown]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy

import wargames
from wargames.bots.random import RandomBot
from wargames.core.game import Action, Game, State
from wargames.envs.common import game_named
from wargames.envs.gymnasium import make
from wargames.envs.pettingzoo import env

__all__ = ["GAMES", "main", "observation_in_and_out", "run"]

GAMES: dict[str, dict[str, Any]] = {
    "sabotage": {"variant": "SM"},
    "saw": {},
    "gridscifi": {},
    "sabatu": {"players": 2},
    "sabot": {"build_points": 60, "max_turns": 3},
}
"""The games timed and their options (small armies and two seats keep a round short)."""

TARGETS = {"aec": 0.5, "gymnasium": 0.5, "openspiel": 0.3}
CHUNK = 8

Step = Callable[[], int]
"""One step of a loop: it returns the engine steps it made."""


def _rate(step: Step, seconds: float) -> float:
    """Engine steps per second of ``step`` over ``seconds`` of process time (time spent
    waiting for one of the machine's busy cores is not counted)."""
    count = 0
    began = time.process_time()
    deadline = began + seconds
    while True:
        for _ in range(CHUNK):
            count += step()
        now = time.process_time()
        if now >= deadline:
            return count / (now - began)


def raw_loop(name: str, seed: int = 1) -> Step:
    """Random engine steps, a new seeded game at each end."""
    game = wargames.load(name, **GAMES[name])
    rng = random.Random(seed)
    games = [seed]
    state = [game.start(seed)]

    def step() -> int:
        if game.outcome(state[0]) is not None:
            games[0] += 1
            state[0] = game.start(games[0])
            return 0
        player = next(iter(game.to_act(state[0])))
        state[0] = game.apply(state[0], rng.choice(game.legal_actions(state[0], player)))
        return 1

    return step


def _legal(mask: Any) -> list[int]:
    """The legal indices of an ``int8`` mask, read as booleans: numpy finds the nonzero
    places of a boolean array about ten times as fast as of an ``int8`` one (40 us of
    SABOT's 13,251 places on the loaded machine), a cost of the agent, not the adapter."""
    return numpy.flatnonzero(mask.view(numpy.bool_)).tolist()


def aec_loop(name: str, seed: int = 1) -> Step:
    """Masked random PettingZoo AEC steps."""
    return _aec_steps(env(name, **GAMES[name]), seed)


def free_observation_loop(name: str, seed: int = 1) -> Step:
    """The AEC loop, its game's observation tensor made once and handed back at every step:
    a diagnostic, not a user's loop.  What the adapter, the legal mask and the agent cost
    without the observation, so the observation's share of an AEC step is the difference."""
    game: Any = _game(name)
    tensor = game.observation_tensor(game.start(seed), game.players[0])
    game.observation_tensor = lambda state, player: tensor  # this game object only
    return _aec_steps(env(game), seed)


def _game(name: str) -> Game[Any, Any]:
    """A game object of its own for ``name`` with its options, for a diagnostic to set a
    method on before an environment is made of it (which finds its methods once)."""
    return game_named(name, dict(GAMES[name]))


def _aec_steps(table: Any, seed: int) -> Step:
    table.reset(seed=seed)
    rng = random.Random(seed)
    games = [seed]

    def step() -> int:
        seen, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            games[0] += 1
            table.reset(seed=games[0])
            return 0
        table.step(rng.choice(_legal(seen["action_mask"])))
        return 1

    return step


def observation_in_and_out(name: str, steps: int = 3000, seed: int = 1) -> tuple[float, float]:
    """Microseconds of thread time per ``observation_tensor`` call inside ``steps`` steps of the
    AEC loop, and per call when the same positions are encoded again alone, in the same order
    (each call's timer, about half a microsecond, included in both).  What the game does
    for its encoder elsewhere (Sabotage's patch in ``apply``) is in neither."""
    game: Any = _game(name)
    encode = game.observation_tensor
    seen: list[tuple[State, str]] = []
    spent = [0]

    def timed(state: State, player: str) -> Any:
        began = time.thread_time_ns()
        tensor = encode(state, player)
        spent[0] += time.thread_time_ns() - began
        seen.append((state, player))
        return tensor

    game.observation_tensor = timed  # this game object only
    step = _aec_steps(env(game), seed)
    for _ in range(steps):
        step()
    calls = seen[:]
    in_loop, spent[0] = spent[0] / len(calls) / 1000, 0
    for state, player in calls:
        timed(state, player)
    return in_loop, spent[0] / len(calls) / 1000


class _CountingBot(RandomBot):
    """A random bot that counts its moves (the engine steps the environment makes for it)."""

    moves = 0

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        self.moves += 1
        return super().choose(game, state, player)


def gymnasium_loop(name: str, seed: int = 1) -> Step:
    """Masked random Gymnasium steps against a random bot, the bot's moves counted too."""
    bot = _CountingBot(seed)
    environment = make(name, opponent=bot, **GAMES[name])
    latest = [environment.reset(seed=seed)[0]]
    rng = random.Random(seed)
    games = [seed]

    def step() -> int:
        before = bot.moves
        seen, _, terminated, truncated, _ = environment.step(
            rng.choice(_legal(latest[0]["action_mask"]))
        )
        if terminated or truncated:
            games[0] += 1
            seen, _ = environment.reset(seed=games[0])
        latest[0] = seen
        return 1 + bot.moves - before

    return step


def open_spiel_loop(name: str, seed: int = 1) -> Step:
    """Random OpenSpiel steps, each with the next player's observation tensor."""
    import pyspiel

    from wargames.envs import open_spiel

    open_spiel.register([name])
    parameters = ",".join(f"{k}={v}" for k, v in {**GAMES[name], "seed": seed}.items())
    game = pyspiel.load_game(f"{open_spiel.short_name(name)}({parameters})")
    rng = random.Random(seed)
    state = [game.new_initial_state()]
    players = range(game.num_players())
    wait = game.num_distinct_actions() - 1

    def step() -> int:
        now = state[0]
        if now.is_terminal():
            state[0] = game.new_initial_state()
            return 0
        player = now.current_player()
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            joint = [rng.choice(now.legal_actions(p)) for p in players]
            now.apply_actions(joint)
            made = sum(int(action != wait) for action in joint)
        else:
            now.apply_action(rng.choice(now.legal_actions()))
            made = 1
        if not now.is_terminal():
            player = now.current_player()
            now.observation_tensor(max(player, 0))
        return made

    return step


LOOPS: dict[str, Callable[[str], Step]] = {
    "raw": raw_loop,
    "aec": aec_loop,
    "gymnasium": gymnasium_loop,
    "openspiel": open_spiel_loop,
}
DIAGNOSTICS: dict[str, Callable[[str], Step]] = {"aec-free-obs": free_observation_loop}
"""Loops timed with ``--breakdown``: no target, they say where an adapter's time goes."""


def measure(
    name: str, seconds: float, rounds: int, *, breakdown: bool = False
) -> dict[str, tuple[float, float]]:
    """Each loop's median rate and its median ratio to the raw engine over ``rounds`` (the
    diagnostic loops too with ``breakdown``)."""
    loops = {**LOOPS, **DIAGNOSTICS} if breakdown else LOOPS
    steps = {loop: make_loop(name) for loop, make_loop in loops.items()}
    rates: dict[str, list[float]] = {loop: [] for loop in loops}
    for _ in range(rounds):
        for loop, step in steps.items():
            rates[loop].append(_rate(step, seconds))
    raw = rates["raw"]
    return {
        loop: (
            statistics.median(found),
            statistics.median(r / base for r, base in zip(found, raw, strict=True)),
        )
        for loop, found in rates.items()
    }


def run(
    seconds: float = 1.0,
    rounds: int = 5,
    games: Sequence[str] = tuple(GAMES),
    *,
    breakdown: bool = False,
) -> None:
    print(f"Masked random play; {rounds} rounds of {seconds:g} s blocks; median ratio to raw:")
    for name in games:
        figures = measure(name, seconds, rounds, breakdown=breakdown)
        print(f"{name}:")
        for loop, (rate, ratio) in figures.items():
            target = TARGETS.get(loop)
            verdict = "" if target is None else (
                f"  (target >= {target}x: {'met' if ratio >= target else 'NOT met'})"
            )  # fmt: skip
            if loop in DIAGNOSTICS:
                verdict = "  (diagnostic: the observation made once)"
            print(f"  {loop:<12} {rate:>9,.0f} engine steps/s  {ratio:5.2f}x raw{verdict}")
        if breakdown:
            in_loop, alone = observation_in_and_out(name)
            print(f"  observation  {in_loop:9.1f} us a call in the AEC loop, {alone:.1f} alone")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="each block's length")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated names")
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="also time the AEC loop with its observation made once, and one observation in "
        "the loop and alone (where the time goes)",
    )
    args = parser.parse_args(argv)
    run(args.seconds, args.rounds, args.games.split(","), breakdown=args.breakdown)


if __name__ == "__main__":
    main()
