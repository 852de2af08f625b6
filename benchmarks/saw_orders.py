"""Where ``mcts`` and greedy part in SAW, one unit's decision at a time:
``python -m benchmarks.saw_orders --seeds 9342-9343 [--seats 0,1] [--actions 250] [--oracle]
[--playouts 12] [--turns 3]``.

Each seed's game is played as the ladder plays it (game ``seed``, bot ``seed * 31 + seat``):
``--bot`` (``mcts:200``) against greedy from each seat of ``--seats``, for at most
``--actions`` actions.  At the start of each of the bot's unit decisions (one unit's order in
a plot, or where one unit's hit points go), greedy makes that whole decision from the same
state too, action after action on afterstates (nothing is rolled), and the two are compared
whole: the hex the unit's order ends on and its targets, or the traits its hit points come
off.  Greedy there is a fair :class:`~wargames.bots.GreedyBot` seeded apart
(``seed * 31 + 1000 + seat``); with ``--oracle`` the bot is
:class:`benchmarks.saw_oracle.Oracle` searching with ``--bot`` (it CHEATS: the true designs
and the rival's plot), and greedy's decision is the one-ahead choice on the oracle's true
world.  Each decision that differs is printed with what the evaluation makes of both (the
mean over 16 worlds of the player's view; with ``--oracle``, on the true world), and with
``--playouts`` a reference that CHEATS (benchmark only): from the true state, each decision
taken and the rest played by fair greedy bots of one world each (``samples=1``) for both
sides until ``--turns`` more turns have begun, the same dice and bot seeds for both
decisions; a playout scores the true points the enemy lost less those the player lost.  Each
game ends with a count of the decisions, those that differ, and those where the targets or
the traits differ.  Nothing here asserts: these are measurements.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import Any, cast

from benchmarks.saw_oracle import Oracle
from wargames.bots import GreedyBot
from wargames.bots.base import best_one_ahead, first_to_act, playing
from wargames.bots.specs import make_bot
from wargames.saw import Saw, SawAction, SawState
from wargames.saw.state import Allocate

Choose = Callable[[SawState, Sequence[SawAction]], SawAction]
"""A choice among legal actions (two or more) in a state."""


def decision(
    game: Saw, state: SawState, player: str, choose: Choose
) -> tuple[list[SawAction], SawState]:
    """``player``'s current unit decision made whole by ``choose`` from ``state`` (a lone
    action taken at once), on afterstates, and the state it leaves."""
    current = game.decision(state, player)  # the phase and the unit
    taken: list[SawAction] = []
    while player in game.to_act(state) and game.decision(state, player) == current:
        legal = cast(Sequence[SawAction], playing(game, game.legal_actions(state, player)))
        action = legal[0] if len(legal) == 1 else choose(state, legal)
        taken.append(action)
        state = game.afterstate(state, action)
    return taken, state


def comes_to(game: Saw, start: SawState, player: str, actions: Sequence[SawAction]) -> Hashable:
    """What a unit decision taken from ``start`` comes to: the traits its hit points come
    off, or the hex the unit's order ends on and its targets."""
    if isinstance(actions[0], Allocate):
        return "lose", tuple(sorted((a.trait, a.points) for a in cast(Sequence[Allocate], actions)))
    unit = game.current_unit(start, player)
    assert unit is not None
    state = start
    for action in actions:
        state = game.afterstate(state, action)
    order = next(
        o for o in state.plots[game.players.index(player)].orders if o.unit == game.ids[unit]
    )
    end = order.path[-1] if order.path else start.units[unit].hex
    return "order", end, tuple(sorted(shot.target for shot in order.shots))


def points_ahead(game: Saw, state: SawState, player: str) -> int:
    """The true points the other players' units have lost less those ``player``'s have."""
    total = 0
    for i, unit in enumerate(state.units):
        lost = game.specs[i].points - (unit.sheet.points if unit.alive else 0)
        total += -lost if game.owners[i] == player else lost
    return total


def playout(
    game: Saw, state: SawState, player: str, actions: Sequence[SawAction], k: int, turns: int
) -> int:
    """CHEATS: :func:`points_ahead` gained from the true ``state`` by ``actions`` and the rest
    played by fair one-world greedy bots until ``turns`` more turns have begun; ``k`` seeds
    the dice and the bots."""
    state = state.with_changes(rng=game.fresh_rng(random.Random(k)))
    before = points_ahead(game, state, player)
    for action in actions:
        state = game.apply(state, action)
    bots = {p: GreedyBot(k * 7 + i, samples=1) for i, p in enumerate(game.players)}
    end = state.clock.turn + turns
    while game.outcome(state) is None and state.clock.turn < end:
        mover = first_to_act(game, state)
        state = game.apply(state, cast(SawAction, bots[mover].choose(game, state, mover)))
    return points_ahead(game, state, player) - before


def valued(
    game: Saw, worlds: Sequence[SawState], player: str, actions: Sequence[SawAction]
) -> float:
    """The mean evaluation for ``player`` over ``worlds`` after ``actions`` (afterstates)."""
    total = 0.0
    for world in worlds:
        for action in actions:
            world = game.afterstate(world, action)
        total += game.evaluate(world, player)
    return total / len(worlds)


def fair(game: Saw, player: str, bot: GreedyBot) -> Choose:
    """A fair greedy's choice for ``player`` (from its view of the state)."""
    return lambda state, _: cast(SawAction, bot.choose(game, state, player))


def one_ahead_on(truth: Saw, player: str, ties: random.Random) -> Choose:
    """Greedy's one-ahead choice for ``player`` on the state itself (a true world), judged by
    ``truth``."""
    return lambda state, legal: cast(SawAction, best_one_ahead(truth, [state], legal, player, ties))


def compare(
    seed: int, seat: int, spec: str, actions: int, oracle: bool, playouts: int, turns: int
) -> Counter[str]:
    """Play one game (see the module docs), print each decision that differs, and count."""
    game = Saw()
    state = game.start(seed)
    me, rival = game.players[seat], game.players[1 - seat]
    greedy = GreedyBot(seed * 31 + 1 - seat)
    bots: dict[str, Any] = {rival: greedy}
    truth: Saw | None = None
    if oracle:
        bots[me] = cheat = Oracle(game, seed * 31 + seat, spec)
        cheat.rival_bot = greedy
        truth = cheat.truth
        choose = one_ahead_on(truth, me, random.Random(seed * 31 + 1000 + seat))
    else:
        bots[me] = make_bot(spec, seed * 31 + seat)
        choose = fair(game, me, GreedyBot(seed * 31 + 1000 + seat))
    counts: Counter[str] = Counter()
    start: tuple[SawState, SawState, Hashable, list[SawAction]] | None = None
    mine: list[SawAction] = []
    for _ in range(actions):  # a decision the cap cuts short is left out
        mover = first_to_act(game, state) if game.outcome(state) is None else None
        key = (state.clock, game.current_unit(state, me)) if mover == me else None
        if start is not None and key != start[2]:
            report(game, start, mine, counts, truth, playouts, turns)
            start = None
        if mover is None:
            break
        if mover == me and start is None:
            world = state if truth is None else cheat.world(game, state, me)
            start, mine = (state, world, key, decision(game, world, me, choose)[0]), []
        action = cast(SawAction, bots[mover].choose(game, state, mover))
        if mover == me:
            mine.append(action)
        state = game.apply(state, action)
    outcome = game.outcome(state)
    won = "unfinished" if outcome is None else ",".join(sorted(outcome.winners)) or "nobody"
    print(f"saw seed {seed} {me} ({spec}{' oracle' if oracle else ''}): {won}; {dict(counts)}")
    return counts


def report(
    game: Saw,
    start: tuple[SawState, SawState, Hashable, list[SawAction]],
    mine: Sequence[SawAction],
    counts: Counter[str],
    truth: Saw | None,
    playouts: int,
    turns: int,
) -> None:
    """Count the bot's decision ``mine`` against greedy's from ``start``; print a difference,
    valued by the evaluation over worlds of the player's view, or on the true world where
    ``truth`` (the game with the designs published) is given."""
    state, world, _, greedy = start
    player = mine[0].player
    ours, theirs = comes_to(game, world, player, mine), comes_to(game, world, player, greedy)
    kind = cast(tuple[Any, ...], ours)[0]
    counts[kind] += 1
    if ours == theirs:
        return
    counts[kind + " differ"] += 1
    if kind == "lose" or cast(tuple[Any, ...], ours)[2] != cast(tuple[Any, ...], theirs)[2]:
        counts[kind + " targets/traits differ"] += 1
    if truth is not None:
        judge, worlds = truth, [world]
    else:
        view = game.view(state, player)
        stream = random.Random(0)
        judge, worlds = game, [game.determinize(view, player, stream) for _ in range(16)]
    lift = valued(judge, worlds, player, mine) - valued(judge, worlds, player, greedy)
    line = (
        f"  turn {state.clock.turn} {player}: bot {' '.join(map(str, mine))} | greedy "
        f"{' '.join(map(str, greedy))} | evaluation bot-greedy {lift:+.5f}"
    )
    if playouts:
        diffs = [
            playout(game, state, player, mine, k, turns)
            - playout(game, state, player, greedy, k, turns)
            for k in range(playouts)
        ]
        mean = statistics.mean(diffs)
        error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        line += f" | reference bot-greedy {mean:+.2f} ({error:.2f})"
    print(line, flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.saw_orders", description=__doc__)
    parser.add_argument("--seeds", default="9342-9343", help="first-last, inclusive")
    parser.add_argument("--seats", default="0,1")
    parser.add_argument("--bot", default="mcts:200")
    parser.add_argument("--actions", type=int, default=250, help="at most, a game")
    parser.add_argument("--oracle", action="store_true", help="the cheating player searches")
    parser.add_argument("--playouts", type=int, default=0)
    parser.add_argument("--turns", type=int, default=3)
    args = parser.parse_args(argv)
    low, _, high = args.seeds.partition("-")
    total: Counter[str] = Counter()
    for seed in range(int(low), int(high or low) + 1):
        for seat in map(int, args.seats.split(",")):
            total += compare(
                seed, seat, args.bot, args.actions, args.oracle, args.playouts, args.turns
            )
    print(f"all: {dict(total)}")


if __name__ == "__main__":
    main()
