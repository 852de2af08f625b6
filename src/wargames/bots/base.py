"""The bot protocol and a loop that plays one game between bots."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol

from attrs import frozen

from wargames.core.game import Action, Game, Outcome, S, State
from wargames.core.replay import Replay
from wargames.core.rng import Seed

__all__ = [
    "Bot",
    "Match",
    "SampledBot",
    "answering",
    "best_answer",
    "best_one_ahead",
    "first_to_act",
    "moves",
    "one_ahead",
    "play",
    "playing",
]


class Bot(Protocol):
    """Anything that picks an action for ``player`` in ``state``.

    A bot may use only what ``player`` may know: ``game.view(state, player)``,
    ``game.legal_actions(state, player)`` and ``game.sample_state``.
    """

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        """The action ``player`` takes now."""
        ...


def playing(
    game: Game[Any, Any], actions: Sequence[Action], *, negotiate: bool = False
) -> Sequence[Action]:
    """The actions a bot considers: all of them if ``negotiate``, else those that are not
    agreements (the game's ``negotiation_types``: draw offers, trades), unless nothing else is
    legal (answering an offer)."""
    if negotiate or not game.negotiation_types:
        return actions
    kept = [a for a in actions if not isinstance(a, game.negotiation_types)]
    return kept or actions


def answering(game: Game[Any, Any], actions: Sequence[Action]) -> bool:
    """Whether every one of ``actions`` is an agreement (of the game's
    ``negotiation_types``): the player is answering an offer (a draw, a trade)."""
    return bool(game.negotiation_types) and all(
        isinstance(a, game.negotiation_types) for a in actions
    )


def best_answer(
    game: Game[Any, Any], worlds: Sequence[State], actions: Sequence[Action], player: str
) -> Action:
    """The answer to an offer that leaves ``player`` best off by the mean ``game.evaluate``
    over ``worlds`` (determinisations of what it knows), the first listed on a tie.

    Accepting a draw scores the draw (0) and declining scores the position as it stands, so
    a bot accepts a draw only when it is not ahead; a trade is weighed by what it changes.
    Searching an answer instead would weigh declining by how the game might go on, noisier
    than the position itself, and a search bot accepted draws in games it was winning.
    """
    scores = one_ahead(game, worlds, actions, player)
    return actions[scores.index(max(scores))]


def one_ahead(
    game: Game[Any, Any], worlds: Sequence[State], actions: Sequence[Action], player: str
) -> list[float]:
    """Each of ``actions`` judged one action ahead: ``game.evaluate`` for ``player`` of its
    :meth:`~wargames.core.game.Game.afterstate`, summed over ``worlds`` (greedy's judgement,
    and the search bots' prior)."""
    return [
        sum(game.evaluate(game.afterstate(world, action), player) for world in worlds)
        for action in actions
    ]


def best_one_ahead(
    game: Game[Any, Any],
    worlds: Sequence[State],
    actions: Sequence[Action],
    player: str,
    rng: random.Random,
) -> Action:
    """The one of ``actions`` that :func:`one_ahead` scores best over ``worlds``, ties broken
    by ``rng`` (greedy's choice)."""
    scores = one_ahead(game, worlds, actions, player)
    best = max(scores)
    return rng.choice([a for a, s in zip(actions, scores, strict=True) if s == best])


def greedy_round(
    game: Game[S, Any],
    world: S,
    player: str,
    together: frozenset[str],
    rng: random.Random,
) -> S:
    """``world`` after ``player``'s own remaining actions of the round, each chosen by
    :func:`best_one_ahead` in ``world`` alone (the rest of a plot played greedily), for a
    search's leaf.  It plays while ``player`` is to act and nobody outside ``together`` (the
    round's players) is, and stops after an action that draws chance or awaits it: it never
    plays another player's action, nor one that would know a draw.

    ``world`` is a determinisation, so nothing here reads more than the player's view does.
    """
    while game.outcome(world) is None:
        acting = game.to_act(world)
        if player not in acting or acting - together:
            break
        action = best_one_ahead(
            game, [world], playing(game, game.legal_actions(world, player)), player, rng
        )
        after = game.afterstate(world, action)
        drew = after.rng.counter != world.rng.counter
        world = after
        if drew or game.awaits_chance(world):
            break
    return world


class SampledBot(ABC):
    """A bot that decides from ``samples`` determinisations of what the player knows.

    :meth:`choose` plays a lone action at once, draws the worlds from the player's view
    (so a subclass never reads hidden information), answers an offer with
    :func:`best_answer`, and leaves every other decision to :meth:`decide`.  Negotiation
    actions are left alone unless nothing else is legal (:func:`playing`).
    """

    def __init__(self, seed: int = 0, samples: int = 4) -> None:
        """``seed`` seeds the bot's own stream (worlds, ties); ``samples`` worlds a decision.

        :raises ValueError: for fewer than one sample.
        """
        if samples < 1:
            raise ValueError(f"samples must be >= 1, got {samples}")
        self.seed = seed
        self.samples = samples
        self._random = random.Random(seed)

    def choose(self, game: Game[Any, Any], state: State, player: str) -> Action:
        actions = playing(game, game.legal_actions(state, player))
        if not actions:
            raise ValueError(f"{player} has no legal action")
        if len(actions) == 1:
            return actions[0]
        view = game.view(state, player)  # redacted once; each world determinises it
        worlds = [game.determinize(view, player, self._random) for _ in range(self.samples)]
        if answering(game, actions):
            return best_answer(game, worlds, actions, player)
        return self.decide(game, state, player, actions, worlds)

    @abstractmethod
    def decide(
        self,
        game: Game[Any, Any],
        state: State,
        player: str,
        actions: Sequence[Action],
        worlds: Sequence[State],
    ) -> Action:
        """The action ``player`` takes in ``state`` among ``actions`` (two or more), judged in
        ``worlds``, the determinisations of its view."""


def first_to_act(game: Game[Any, Any], state: State) -> str:
    """The first player, in seating order, among those to act in ``state``: who chooses
    next in a search (and in :func:`play`)."""
    acting = game.to_act(state)
    return next(p for p in game.players if p in acting)


@frozen
class Match:
    """A finished (or stopped) game: its replay, final state and outcome."""

    replay: Replay
    final: State
    outcome: Outcome | None

    @property
    def length(self) -> int:
        """How many actions were played."""
        return len(self.replay.actions)


def play(
    game: Game[Any, Any],
    bots: Mapping[str, Bot],
    *,
    seed: Seed | None = None,
    max_actions: int | None = None,
    setup: Mapping[str, Any] | None = None,
) -> Match:
    """Play ``game`` from ``game.start(seed, **setup)`` with one bot per player; without a
    ``seed`` the game's chance is secret and its replay records the key.

    When several players act at once, they choose in seating order, each from the state
    the previous choice left.  Stops at the outcome or after ``max_actions`` actions.
    """
    start = game.start(seed, **(setup or {}))
    played = list(moves(game, bots, start, max_actions=max_actions))
    actions = [action for action, _ in played]
    state = played[-1][1] if played else start
    replay = Replay.record(game, start.rng.key if seed is None else seed, actions, setup)
    return Match(replay, state, game.outcome(state))


def moves(
    game: Game[Any, Any],
    bots: Mapping[str, Bot],
    state: State,
    *,
    max_actions: int | None = None,
) -> Iterator[tuple[Action, State]]:
    """Each action the bots take from ``state`` and the state it leads to, as :func:`play`
    plays them: when several players act at once, the first in seating order chooses.  Stops
    at the outcome or after ``max_actions`` actions.

    :raises ValueError: if a player has no bot.
    """
    missing = set(game.players) - set(bots)
    if missing:
        raise ValueError(f"no bot for {', '.join(sorted(missing))}")
    taken = 0
    while game.outcome(state) is None and (max_actions is None or taken < max_actions):
        player = first_to_act(game, state)
        action = bots[player].choose(game, state, player)
        state = game.apply(state, action)
        taken += 1
        yield action, state
