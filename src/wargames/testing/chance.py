"""Explicit chance checked against the rules (``Game.chance``, :mod:`wargames.core.chance`).

* :func:`check_chance` — at one state and action: the outcomes' probabilities sum to exactly
  1; each outcome resolves through ``apply_chance`` to a state that breaks none of the game's
  invariants, drawing exactly the outcome's draws; the stream's own roll (``apply``) comes to
  one of the outcomes; an action the game lists no chance for draws nothing, or (in a game
  whose other chance goes draw by draw, ``Game.chance_by_draw``) passes
  :func:`check_drawing`.
* :func:`check_drawing` — an action resolved draw by draw (``Game.drawing``), along the
  draws the stream itself makes: each node has 2 results or more (each equally likely), no
  more than ``max_chance_outcomes``; the end is ``apply`` with those draws forced, and comes
  to what the stream's own ``apply`` does.
* :func:`every_drawing` — every way an action's draws can come out, each with its exact
  probability (for small actions: the count grows with the number of draws).
* :func:`chance_walk` — a seeded playout that prefers actions with chance, yielding each
  position and the action taken there: the chance nodes a test checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any, TypeVar

from wargames.core.chance import Drawn
from wargames.core.events import EventLog
from wargames.core.game import Action, Game, State
from wargames.core.rng import Rng
from wargames.testing.conformance import ConformanceError

__all__ = ["chance_walk", "check_chance", "check_drawing", "every_drawing", "resolved_alike"]

S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Action)


def resolved_alike(game: Game[Any, Any], a: State, b: State) -> bool:
    """Whether two states after one action's chance are the same position: equal but for
    their streams and logs (an outcome that is an effect class shows the first roll of its
    class, the stream its own)."""
    log = EventLog()
    rng = a.rng
    return a.with_changes(rng=rng, log=log) == b.with_changes(rng=rng, log=log)


def check_chance(
    game: Game[Any, Any],
    state: State,
    action: Action,
    *,
    alike: Callable[[Game[Any, Any], State, State], bool] = resolved_alike,
) -> int:
    """Check ``game``'s explicit chance of legal ``action`` at ``state`` (see the module);
    ``alike`` says whether the stream's result is an outcome's (:func:`resolved_alike` by
    default).  Returns the number of outcomes (0: no chance; the widest draw, for chance
    drawn draw by draw).

    :raises ConformanceError: naming what is wrong.
    """
    found = game.chance(state, action)
    if found is None and game.chance_by_draw:
        return check_drawing(game, state, action, alike=alike)
    drawn = game.apply(state, action)
    if found is None:
        if drawn.rng.counter != state.rng.counter:
            raise ConformanceError(f"{action} draws from the stream but lists no chance")
        return 0
    total = sum(p for _, p in found.items())
    if total != 1:
        raise ConformanceError(f"{action}'s chance sums to {total}")
    if game.chance_outcomes(state, action) != found.odds:
        raise ConformanceError("chance_outcomes is not the chance's odds")
    matched = False
    for outcome in found.odds:
        after = game.apply_chance(state, action, outcome)
        broken = list(game.violations(after))
        if broken:
            raise ConformanceError(f"outcome {outcome!r} of {action}: {'; '.join(broken)}")
        matched = matched or alike(game, after, drawn)
    if not matched:
        raise ConformanceError(f"the stream's result of {action} is none of its outcomes")
    return len(found)


def check_drawing(
    game: Game[Any, Any],
    state: State,
    action: Action,
    *,
    alike: Callable[[Game[Any, Any], State, State], bool] = resolved_alike,
) -> int:
    """Check legal ``action`` resolved draw by draw (``Game.drawing``) along the draws the
    state's own stream makes (see the module).  Returns the widest draw (0: none).

    :raises ConformanceError: naming what is wrong.
    """
    stream, widest = state.rng, 0
    drawn = game.drawing(state, action)
    made = 0
    while True:
        for _ in drawn.draws[made:]:  # draws of one result, made at once
            _, stream = stream.below(1)
        made = len(drawn.draws)
        if not drawn.size:
            break
        if drawn.size < 2:
            raise ConformanceError(f"a chance node of {action} with {drawn.size} results")
        if drawn.size > game.max_chance_outcomes:
            raise ConformanceError(
                f"a draw of {action} has {drawn.size} results, over the game's bound "
                f"{game.max_chance_outcomes}"
            )
        widest = max(widest, drawn.size)
        value, stream = stream.below(drawn.size)
        drawn = game.drawing(state, action, (*drawn.draws, value))
        made += 1
    after = drawn.state
    assert after is not None
    forced = state.with_changes(rng=Rng(state.rng.key, state.rng.counter, drawn.draws))
    if after != game.apply(forced, action):
        raise ConformanceError(f"{action} drawn {drawn.draws} is not apply with them forced")
    broken = list(game.violations(after))
    if broken:
        raise ConformanceError(f"{action} drawn {drawn.draws}: {'; '.join(broken)}")
    if not alike(game, after, game.apply(state, action)):
        raise ConformanceError(f"{action} drawn as the stream draws is not the stream's result")
    return widest


def every_drawing(
    game: Game[S, A],
    state: S,
    action: A,
    *,
    draws: tuple[int, ...] = (),
    depth: int | None = None,
    limit: int = 10_000,
) -> Iterator[tuple[Fraction, Drawn[S]]]:
    """Every way legal ``action``'s draws after ``draws`` can come out (``Game.drawing``),
    each with its exact probability given ``draws``, in the order of the draws; with
    ``depth``, only that many more draws (a way may stop at a chance node).

    :raises ConformanceError: past ``limit`` ways (too big an action to list).
    """
    stack = [(Fraction(1), game.drawing(state, action, draws))]
    count = 0
    while stack:
        p, drawn = stack.pop()
        if not drawn.size or (depth is not None and len(drawn.draws) >= len(draws) + depth):
            count += 1
            if count > limit:
                raise ConformanceError(f"{action} comes out more than {limit} ways")
            yield p, drawn
            continue
        for value in reversed(range(drawn.size)):
            more = game.drawing_unchecked(state, action, (*drawn.draws, value))
            stack.append((p / drawn.size, more))


def chance_walk(
    game: Game[S, A], seed: int, steps: int, *, prefer: float = 0.8
) -> Iterator[tuple[S, A]]:
    """Up to ``steps`` positions of a playout from ``seed``, each with the action taken: one
    with chance (:meth:`~wargames.core.game.Game.chance`, or in a game whose chance goes
    draw by draw one that draws) with probability ``prefer`` when there is one, else any
    legal action, uniformly."""
    rng = random.Random(seed)
    state = game.start(seed)
    for _ in range(steps):
        acting = sorted(game.to_act(state))
        if not acting:
            return
        legal = game.legal_actions(state, acting[0])
        chancy = [a for a in legal if _has_chance(game, state, a)]
        action = rng.choice(chancy if chancy and rng.random() < prefer else legal)
        yield state, action
        state = game.apply(state, action)


def _has_chance(game: Game[S, A], state: S, action: A) -> bool:
    if game.chance(state, action) is not None:
        return True
    return game.chance_by_draw and game.drawing_unchecked(state, action).size > 0
