"""Positions that bots reach: seeded matches between bots, as playouts, and the check that
every player's sampled past (or determinisation) holds at them.

Random playouts (:func:`~wargames.testing.playouts`) rarely reach what bots do: a bot focuses
its fire, keeps its units alive, and plays long games, so a game's sampler proved on random
playouts only may still fail under bot play (issue 31: SAW's, in a greedy bot's game).

>>> import wargames
>>> from wargames.testing import bot_match
>>> match = bot_match(wargames.load("sabotage", variant="SM"), ("random", "greedy"), 3, max_steps=4)
>>> len(match.states)
5
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import field, frozen
from hypothesis import Phase, given
from hypothesis import strategies as st

from wargames.bots.base import moves
from wargames.bots.mcts import MctsBot
from wargames.bots.specs import BotSpec, make_bot, seat_bots
from wargames.core.game import Game, State
from wargames.testing.conformance import ConformanceError, check_history, game_settings
from wargames.testing.strategies import Playout, seeds

__all__ = [
    "BOTS",
    "BotPlayout",
    "BotSpec",
    "bot_match",
    "bot_playouts",
    "check_bot_play",
    "check_samples",
    "quick_mcts",
]


def quick_mcts(seed: int) -> MctsBot:
    """The MCTS bot at a budget a test can afford: 12 iterations over 4 determinisations."""
    return MctsBot(seed, iterations=12, samples=4, prior=2)


BOTS: tuple[BotSpec, ...] = ("random", "greedy", quick_mcts)
"""The built-in bots, the search at a test's budget: the default of :func:`bot_playouts`."""


def _specs(bots: Sequence[BotSpec]) -> tuple[BotSpec, ...]:
    return tuple(bots)


@frozen
class BotPlayout(Playout):
    """A match between bots from a seed: every state, start first, and who played whom."""

    bots: tuple[BotSpec, ...] = field(kw_only=True, converter=_specs)
    """Each seat's bot, in seat order, as given to :func:`bot_match`."""

    def __repr__(self) -> str:
        actions = ", ".join(str(action) for action in self.actions)
        bots = ", ".join(_name(spec) for spec in self.bots)
        return f"BotPlayout({self.game!r}, seed={self.seed!r}, bots=[{bots}], actions=[{actions}])"


def _name(spec: BotSpec) -> str:
    return spec if isinstance(spec, str) else getattr(spec, "__name__", repr(spec))


def _check_specs(game: Game[Any, Any], bots: Sequence[BotSpec], *, per_player: bool) -> None:
    if isinstance(bots, str) or not bots:
        raise ValueError(f"expected a sequence of bots, got {bots!r}")
    if per_player and len(bots) != len(game.players):
        raise ValueError(f"{len(game.players)} players, got {len(bots)} bots")
    for spec in bots:
        if isinstance(spec, str):
            make_bot(spec, 0)  # refuses an unknown name now, not when the match is drawn
        elif not callable(spec):
            raise TypeError(f"a bot is a name or a function from a seed to a bot, got {spec!r}")


def bot_match(
    game: Game[Any, Any],
    bots: Sequence[BotSpec],
    seed: int,
    *,
    max_steps: int | None = None,
    setup: Mapping[str, Any] | None = None,
) -> BotPlayout:
    """The match :func:`wargames.bots.play` plays from ``game.start(seed, **setup)`` with
    one bot per player, in seat order, the ``i``-th seeded with ``seed * 31 + i`` (as
    ``wargames simulate`` seats them): every state, until the outcome or ``max_steps``
    actions.

    :raises ValueError: for not one bot per player, or a name no bot has.
    """
    _check_specs(game, bots, per_player=True)
    seated = seat_bots(game.players, bots, seed)
    setup = dict(setup or {})
    states = [game.start(seed, **setup)]
    taken = []
    for action, state in moves(game, seated, states[0], max_actions=max_steps):
        taken.append(action)
        states.append(state)
    return BotPlayout(game, seed, tuple(taken), tuple(states), setup, bots=bots)


def bot_playouts(
    game: Game[Any, Any],
    bots: Sequence[BotSpec] = BOTS,
    *,
    max_steps: int = 60,
    setup: Mapping[str, Any] | None = None,
) -> st.SearchStrategy[BotPlayout]:
    """Matches (:func:`bot_match`) from a drawn seed, each seat's bot drawn from ``bots``,
    for a drawn number of actions up to ``max_steps`` (or to the end); shrinks towards
    shorter matches, low seeds and the first bots."""
    _check_specs(game, bots, per_player=False)
    if not isinstance(max_steps, int) or max_steps < 0:
        raise ValueError(f"max_steps must be a whole number >= 0, got {max_steps!r}")
    line_ups = st.lists(st.sampled_from(tuple(bots)), min_size=len(game.players)).map(
        lambda drawn: drawn[: len(game.players)]
    )
    return st.builds(
        lambda seed, seated, length: bot_match(game, seated, seed, max_steps=length, setup=setup),
        seeds(),
        line_ups,
        st.integers(min_value=0, max_value=max_steps),
    )


def check_samples(
    game: Game[Any, Any], states: Sequence[State], rng: random.Random, *, moments: int = 2
) -> None:
    """At ``moments`` positions spread over ``states`` (a game, start first; the last is one
    of them), for every player: the past the game samples replays legally and shows them
    what the game did (:func:`~wargames.testing.check_history`), or for a game that samples
    no past, ``game.sample_state`` gives them the same view.

    :raises ConformanceError: naming the position and the player.
    """
    if moments < 1:
        raise ValueError(f"moments must be >= 1, got {moments}")
    last = len(states) - 1
    samples_pasts = type(game).sample_history is not Game.sample_history
    for moment in sorted({last * (k + 1) // moments for k in range(moments)}):
        for player in game.players:
            if samples_pasts:
                check_history(game, states[: moment + 1], player, rng)
                continue
            view = game.view(states[moment], player)
            sample = game.sample_state(view, player, rng)
            if game.view(sample, player) != view:
                raise ConformanceError(f"{player}'s sample of step {moment} changes their view")


def check_bot_play(
    game: Game[Any, Any],
    bots: Sequence[BotSpec] = BOTS,
    *,
    max_examples: int = 3,
    max_steps: int = 60,
    moments: int = 2,
    setup: Mapping[str, Any] | None = None,
    derandomize: bool | None = None,
    shrink: bool = False,
) -> None:
    """:func:`check_samples` on ``max_examples`` matches drawn by :func:`bot_playouts` (the
    bots themselves sample at every decision they weigh, from their own player's view).
    ``derandomize`` as for :func:`~wargames.testing.check_rules`; ``shrink`` looks for a
    shorter failing match (each try replays a bot match: slow).

    :raises ConformanceError: or the game's ``NoPast``, for the first match that fails
        (hypothesis prints it: the seed, the bots and the actions).
    """
    phases = tuple(Phase) if shrink else tuple(p for p in Phase if p is not Phase.shrink)

    @game_settings(max_examples, derandomize, phases)
    @given(bot_playouts(game, bots, max_steps=max_steps, setup=setup), st.randoms())
    def check(match: BotPlayout, rng: random.Random) -> None:
        check_samples(game, match.states, rng, moments=moments)

    check()
