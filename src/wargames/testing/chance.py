"""Explicit chance checked against the rules (``Game.chance``, :mod:`wargames.core.chance`).

* :func:`check_chance` — at one state and action: the outcomes' probabilities sum to exactly
  1; each outcome resolves through ``apply_chance`` to a state that breaks none of the game's
  invariants, drawing exactly the outcome's draws; the stream's own roll (``apply``) comes to
  one of the outcomes; an action the game lists no chance for draws nothing.
* :func:`chance_walk` — a seeded playout that prefers actions with chance, yielding each
  position and the action taken there: the chance nodes a test checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from wargames.core.events import EventLog
from wargames.core.game import Action, Game, State
from wargames.testing.conformance import ConformanceError

__all__ = ["chance_walk", "check_chance", "resolved_alike"]

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
    default).  Returns the number of outcomes (0: no chance).

    :raises ConformanceError: naming what is wrong.
    """
    found = game.chance(state, action)
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


def chance_walk(
    game: Game[S, A], seed: int, steps: int, *, prefer: float = 0.8
) -> Iterator[tuple[S, A]]:
    """Up to ``steps`` positions of a playout from ``seed``, each with the action taken: one
    with chance (:meth:`~wargames.core.game.Game.chance`) with probability ``prefer`` when
    there is one, else any legal action, uniformly."""
    rng = random.Random(seed)
    state = game.start(seed)
    for _ in range(steps):
        acting = sorted(game.to_act(state))
        if not acting:
            return
        legal = game.legal_actions(state, acting[0])
        chancy = [a for a in legal if game.chance(state, a) is not None]
        action = rng.choice(chancy if chancy and rng.random() < prefer else legal)
        yield state, action
        state = game.apply(state, action)
