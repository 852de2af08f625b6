"""The rules-conformance suite: the contract of DESIGN.md, checked on any game.

:func:`check_rules` plays hypothesis-drawn games and checks at every state that

* the state keeps every invariant the game declares (``game.violations``);
* the game is over exactly when nobody is to act, and whoever is to act has a legal action
  until the outcome (:func:`check_can_act`, a failure of its own: a stuck game);
* every legal action applies, leaves its input unchanged, prints and parses back to itself,
  and survives a JSON round trip; its afterstate is its result, or a state that awaits
  chance, none of it drawn yet;
* actions that are legal elsewhere but not here raise ``IllegalAction`` and change nothing;
* views leak nothing: a determinisation (``sample_state``) of what a player knows gives that
  player the same view, the same legal actions, the same error messages and the same
  ``odds`` of each of their actions;
* views travel: a view survives a JSON round trip, ``HIDDEN`` included, and a loaded view can
  be determinised; nothing a player is shown (the view, its JSON, ``describe``, error
  messages) holds the chance stream's key;
* states survive a JSON round trip, and a replay of the game reproduces it exactly;
* for a game with an action space (``every_action``): every legal action has its own index
  in range, which decodes back to it, and the legal mask marks exactly the legal actions; for
  a game with observation tensors (``encode_view``): the tensor has the declared shape, is
  ``float32``, finite and within ``observation_range``, and is the same on a
  determinisation (equal views, equal tensors); a game that declares ``max_game_length`` ends
  within it (these need numpy);
* for a game that samples histories (``sample_history``): the sampled past of a
  mid-game and of the last state replays legally and shows the player, step by step, what
  the real game showed them (:mod:`wargames.core.history`);
* chance is secret or reproducible: the same seed gives the same game, two games started
  without a seed have different keys, and no view or description of a game started from a
  seed shows the seed.

A failure raises :class:`ConformanceError` naming the check, shrunk by hypothesis to a short
game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from attrs import frozen
from hypothesis import HealthCheck, Phase, Verbosity, given, settings

from wargames.core.errors import IllegalAction, InvalidAction
from wargames.core.game import Action, Game, State
from wargames.core.history import distinct_views
from wargames.core.replay import Replay
from wargames.core.serialize import dumps, loads
from wargames.testing.strategies import Playout, playouts

__all__ = [
    "CAN_ACT",
    "ConformanceError",
    "check_can_act",
    "check_history",
    "check_legality",
    "check_rules",
    "check_state",
]

CAN_ACT = "whoever is to act has a legal action until the outcome"
"""The rule a stuck game breaks (:func:`check_can_act`)."""

_ACTIONS_TRIED = 24
"""At most this many legal actions of each player are applied at each state (a sample)."""


class ConformanceError(AssertionError):
    """A game broke the contract; the message names the check."""


class _Stuck(ConformanceError):
    """The game is stuck (:data:`CAN_ACT`); ``who`` says who cannot act, and how."""

    def __init__(self, who: str) -> None:
        super().__init__(f"{CAN_ACT}: {who}")
        self.who = who


class _Failure(ConformanceError):
    """A check that failed at step ``step`` of a playout (for the report); ``detail`` (who
    is stuck) follows the reproduction."""

    def __init__(self, error: ConformanceError, step: int) -> None:
        stuck = isinstance(error, _Stuck)
        check = CAN_ACT if stuck else str(error)
        super().__init__(check)
        self.check = check
        self.step = step
        self.detail = error.who if isinstance(error, _Stuck) else ""


def report(game: Game[Any, Any], playout: Playout, error: ConformanceError) -> str:
    """A failure as a person wants to read it: the check that failed first, then how to
    reproduce it (seed, set-up and actions in the game's notation), then the state it failed
    at, drawn with ``describe``."""
    step = error.step if isinstance(error, _Failure) else len(playout.actions)
    check = error.check if isinstance(error, _Failure) else str(error)
    detail = error.detail if isinstance(error, _Failure) else ""
    setup = "".join(f", {k}={v!r}" for k, v in playout.setup.items())
    taken = [f"{a} ({a.player})" for a in playout.actions[:step]]
    lines = [
        f"{type(game).__name__} breaks the contract: {check}",
        f"  reproduce: state = game.start({playout.seed!r}{setup}), then these {step} actions:",
        "    " + (", ".join(taken) or "(none)"),
        *([f"  stuck: {detail}"] if detail else []),
        f"  the state after them ({step} of the {len(playout.actions)} drawn):",
        *("    " + line for line in game.describe(playout.states[step]).splitlines()),
    ]
    return "\n".join(lines)


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def check_can_act(
    game: Game[Any, Any], state: State, legal: Mapping[str, Sequence[Action]] | None = None
) -> None:
    """:data:`CAN_ACT`: until the game has an outcome somebody is to act, and every player
    to act has a legal action (``legal``: each player's, if the caller has them already).

    :raises ConformanceError: naming the rule, then who is stuck.
    """
    if game.outcome(state) is not None:
        return
    acting = game.to_act(state)
    if not acting:
        raise _Stuck("nobody is to act, and the game has no outcome")
    for player in sorted(acting):
        if not (game.legal_actions(state, player) if legal is None else legal[player]):
            raise _Stuck(
                f"{player} is to act, the game has no outcome, and {player} has no legal action"
            )


def check_state(
    game: Game[Any, Any],
    state: State,
    *,
    others: Sequence[State] = (),
    rng: random.Random | None = None,
) -> None:
    """Check the contract at one state.  ``others`` are states of the same game whose legal
    actions are tried here as candidate illegal actions.

    :raises ConformanceError: naming the first broken rule of the contract.
    """
    rng = rng or random.Random(0)
    broken = list(game.violations(state))
    _expect(not broken, f"the state breaks the game's invariants: {'; '.join(broken)}")
    snapshot = dumps(game, state)
    legal_by_player = {p: game.legal_actions(state, p) for p in game.players}
    check_can_act(game, state, legal_by_player)
    acting = game.to_act(state)
    over = game.outcome(state)
    _expect((over is None) == bool(acting), f"outcome {over} but players to act {set(acting)}")
    _expect(isinstance(hash(state), int), "states must be hashable")
    _expect(loads(snapshot, game) == state, "state does not survive a JSON round trip")
    for player, legal in legal_by_player.items():
        _expect(
            bool(legal) == (player in acting),
            f"{player} is {'' if player in acting else 'not '}to act but has {len(legal)} actions",
        )
        _expect(len(set(legal)) == len(legal), f"{player}'s legal actions repeat")
        _expect(legal == game.legal_actions(state, player), "legal actions are not deterministic")
        tried = legal if len(legal) <= _ACTIONS_TRIED else rng.sample(legal, _ACTIONS_TRIED)
        for action in tried:
            _check_legal_action(game, state, action)
    _expect(dumps(game, state) == snapshot, "an action changed the state it was applied to")
    illegal = _candidate_illegal(game, state, others, legal_by_player)
    for action in illegal:
        _check_refused(game, state, action)
    _expect(dumps(game, state) == snapshot, "a refused action changed the state")
    learning = _Learning.of(game)
    for player in game.players:
        sample = _check_view(game, state, player, legal_by_player[player], illegal, rng)
        learning.check(game, state, sample, player, legal_by_player[player])


def check_legality(
    game: Game[Any, Any],
    state: State,
    candidates: Iterable[Action] = (),
    *,
    action_space: bool = True,
) -> None:
    """The generator and the one-action checker agree at ``state``, for a game that lists
    its legal actions directly and checks one action rule by rule (as python-chess does).

    For each player to act, every action ``legal_actions`` lists, each of ``candidates``
    that is theirs and, when the game has an action space (and ``action_space`` is true:
    a large one is slow to walk at every state), every action in it is accepted
    by ``illegal_reason`` exactly when it is listed; ``apply`` refuses the others with an
    :class:`~wargames.core.errors.IllegalAction` that gives the same reason.

    :raises ConformanceError: naming the first action they disagree on.
    """
    tried = list(candidates)
    space = action_space and type(game).every_action is not Game.every_action
    for player in sorted(game.to_act(state)):
        legal = game.legal_actions(state, player)
        listed = set(legal)
        pool = dict.fromkeys([*legal, *(a for a in tried if a.player == player)])
        if space:
            pool.update(dict.fromkeys(game.every_action(player)))
        for action in pool:
            reason = game.illegal_reason(state, action)
            if action in listed:
                _expect(reason is None, f"{action} is listed but the checker says: {reason}")
                continue
            _expect(reason is not None, f"{action} is not listed but the checker accepts it")
            try:
                game.apply(state, action)
            except IllegalAction as error:
                _expect(str(error) == reason, f"{action} is refused with {error}, not {reason}")
            else:
                raise ConformanceError(f"{action} is not listed but apply accepts it")


def _check_legal_action(game: Game[Any, Any], state: State, action: Action) -> None:
    _expect(game.is_legal(state, action), f"legal action {action} is refused by apply")
    after = game.apply(state, action)
    _expect(isinstance(after, type(state)), f"{action} returned a {type(after).__name__}")
    text = str(action)
    parsed = game.parse_action(state, text, action.player)
    _expect(parsed == action, f"{text!r} parses to {parsed!r}, not {action!r}")
    _expect(loads(dumps(game, action), game) == action, f"{action} fails a JSON round trip")
    before = game.afterstate(state, action)
    _expect(
        before == after or (game.awaits_chance(before) and before.rng == state.rng),
        f"the afterstate of {action} is neither its result nor a state awaiting chance",
    )


def _candidate_illegal(
    game: Game[Any, Any],
    state: State,
    others: Sequence[State],
    legal_by_player: dict[str, tuple[Action, ...]],
) -> list[Action]:
    legal = {a for actions in legal_by_player.values() for a in actions}
    seen: set[Action] = set()
    for other in others:
        for player in game.to_act(other):
            seen.update(a for a in game.legal_actions(other, player) if a not in legal)
    return sorted(seen, key=repr)[:_ACTIONS_TRIED]


def _check_refused(game: Game[Any, Any], state: State, action: Action) -> None:
    try:
        game.apply(state, action)
    except IllegalAction:
        return
    except InvalidAction as error:
        raise ConformanceError(f"{action} raised {error!r}, not IllegalAction") from error
    raise ConformanceError(f"{action} is not among the legal actions but apply accepted it")


def _error(game: Game[Any, Any], state: State, action: Action) -> str:
    try:
        game.check(state, action)
    except InvalidAction as error:
        return str(error)
    return ""


def _check_view(
    game: Game[Any, Any],
    state: State,
    player: str,
    legal: tuple[Action, ...],
    illegal: list[Action],
    rng: random.Random,
) -> State:
    view = game.view(state, player)
    _expect(view == game.view(state, player), "views are not deterministic")
    _expect(game.view(view, player) == view, "the view of a view differs from the view")
    text = dumps(game, view)
    _expect(loads(text, game) == view, f"{player}'s view does not survive a JSON round trip")
    _expect(
        game.legal_actions(view, player) == legal,
        f"{player}'s legal actions in their own view are not their legal actions",
    )
    key = state.rng.key.hex()
    shown = {"view's JSON": text, "description": game.describe(state, player)}
    for what, words in shown.items():
        _expect(key not in words, f"{player}'s {what} holds the chance stream's key: a leak")
    # Determinised from the view as a client would get it: a JSON document.
    sample: State = game.sample_state(loads(text, game), player, rng)
    where = f"{player}'s determinisation"
    _expect(isinstance(sample, type(state)), f"{where} is a {type(sample).__name__}")
    _expect(game.view(sample, player) == view, f"{where} changes {player}'s view: a leak")
    _expect(game.to_act(sample) == game.to_act(state), f"{where} changes who is to act")
    _expect(game.outcome(sample) == game.outcome(state), f"{where} changes the outcome")
    _expect(
        game.legal_actions(sample, player) == legal,
        f"{player}'s legal actions depend on what {player} may not know: a leak",
    )
    for action in illegal:
        if action.player == player:
            error = _error(game, state, action)
            _expect(
                _error(game, sample, action) == error,
                f"the error for {action} depends on what {player} may not know: a leak",
            )
            _expect(key not in error, f"the error for {action} holds the chance key: a leak")
    for action in legal[:_ACTIONS_TRIED]:
        _expect(
            game.odds(sample, action) == game.odds(state, action),
            f"the odds of {action} depend on what {player} may not know: a leak",
        )
    _expect(loads(dumps(game, sample), game) == sample, f"{where} fails a JSON round trip")
    return sample


@frozen
class _Learning:
    """What a game offers learning agents, and so what the suite checks of it."""

    codec: bool
    tensors: bool
    length: bool

    @classmethod
    def of(cls, game: Game[Any, Any]) -> _Learning:
        mine = type(game)
        return cls(
            codec=mine.every_action is not Game.every_action,
            tensors=mine.encode_view is not Game.encode_view and _has_numpy(),
            length=getattr(mine, "max_game_length", None) is not Game.max_game_length,
        )

    def check(
        self,
        game: Game[Any, Any],
        state: State,
        sample: State,
        player: str,
        legal: tuple[Action, ...],
    ) -> None:
        if self.codec:
            size = game.num_distinct_actions
            indices = [game.action_index(action) for action in legal]
            _expect(len(set(indices)) == len(indices), f"{player}'s legal actions share indices")
            _expect(all(0 <= i < size for i in indices), "an action index is out of range")
            for index, action in zip(indices, legal, strict=True):
                decoded = game.action_from_index(state, player, index)
                _expect(decoded == action, f"index {index} decodes to {decoded}, not {action}")
            if _has_numpy():
                mask = game.legal_mask(state, player)
                marked = sorted(int(i) for i in mask.nonzero()[0])
                _expect(marked == sorted(indices), f"{player}'s legal mask is not their actions")
        if self.tensors:
            import numpy

            tensor = game.observation_tensor(state, player)
            shape = game.observation_shape
            _expect(tensor.shape == shape, f"a tensor of shape {tensor.shape}, not {shape}")
            _expect(tensor.dtype == numpy.float32, f"a tensor of {tensor.dtype}, not float32")
            _expect(bool(numpy.isfinite(tensor).all()), "an observation tensor is not finite")
            low, high = game.observation_range
            _expect(
                bool(((tensor >= low) & (tensor <= high)).all()),
                f"an observation tensor leaves the game's observation_range {low}..{high}",
            )
            _expect(
                bool(numpy.array_equal(game.observation_tensor(sample, player), tensor)),
                f"{player}'s observation tensor depends on what {player} may not know: a leak",
            )
            _expect(
                bool(numpy.array_equal(game.encode_view(game.view(state, player), player), tensor)),
                f"{player}'s observation tensor is not the encoding of {player}'s view",
            )


def _has_numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def _check_playout(game: Game[Any, Any], playout: Playout) -> None:
    if _Learning.of(game).length:
        _expect(
            len(playout.actions) <= game.max_game_length,
            f"the game runs past its max_game_length of {game.max_game_length}",
        )
    rng = random.Random(playout.seed)
    for index, state in enumerate(playout.states):
        others = playout.states[max(0, index - 6) : index] + playout.states[index + 1 : index + 4]
        try:
            check_state(game, state, others=others, rng=rng)
        except ConformanceError as error:
            raise _Failure(error, index) from error
    if type(game).sample_history is not Game.sample_history:
        for moment in sorted({len(playout.actions) // 2, len(playout.actions)}):
            for player in game.players:
                check_history(game, playout.states[: moment + 1], player, rng)
    else:
        _expect(
            not _hides_anything(game, playout.states),
            f"{type(game).__name__}'s views hide something, but it samples no past: implement "
            "sample_history (wargames.core.history) so that the suite can prove its "
            "determinisations could have arisen",
        )
    replay = Replay.record(game, playout.seed, playout.actions, playout.setup)
    copy = loads(dumps(game, replay), game)  # the game in hand: it need not be registered
    _expect(copy == replay, "the replay fails a JSON round trip")
    _expect(copy.final_state(game) == playout.final, "the replay does not reproduce the game")
    again = game.start(playout.seed, **playout.setup)
    _expect(again == playout.states[0], "the same seed gives a different start")


def _hides_anything(game: Game[Any, Any], states: Sequence[State]) -> bool:
    """Whether some player's view of some state differs from it in more than the chance
    stream (which every view hides)."""
    return any(
        game.view(state, player).with_changes(rng=state.rng) != state
        for state in states
        for player in game.players
    )


def check_history(
    game: Game[Any, Any], states: Sequence[State], player: str, rng: random.Random
) -> None:
    """A past sampled for ``player`` from their view of ``states[-1]`` (the game's
    ``sample_history``) replays legally and shows them, view by view, what ``states`` (the
    real game, its start first) showed them.

    :raises ConformanceError: naming the first view the sampled past gets wrong.
    """
    history = game.sample_history(game.view(states[-1], player), player, rng)
    where = f"{player}'s sampled past of step {len(states) - 1}"
    try:
        replayed = list(history.states(game))
    except IllegalAction as error:
        raise ConformanceError(f"{where} breaks a rule: {error}") from error
    seen = distinct_views(game, states, player)
    shown = distinct_views(game, replayed, player)
    for step, (real, sampled) in enumerate(zip(seen, shown, strict=False)):
        _expect(real == sampled, f"{where} shows {player} something else at their view {step}")
    _expect(len(seen) == len(shown), f"{where} shows {player} {len(shown)} views, not {len(seen)}")
    end = history.end
    _expect(end is None or end == replayed[-1], f"{where} gives an end its actions do not reach")


_SEED = "check-rules: a seed no view may show"


def _check_chance(game: Game[Any, Any], setup: Mapping[str, Any]) -> None:
    """Secret or reproducible chance: one seed, one game; no seed, a fresh key each time; and
    nothing a player is shown names the seed."""
    start = game.start(_SEED, **setup)
    _expect(game.start(_SEED, **setup) == start, "the same seed gives a different start")
    fresh = [game.start(**setup).rng.key for _ in range(2)]
    _expect(
        fresh[0] != fresh[1],
        "two games started without a seed share their chance: start() must draw a fresh key",
    )
    for player in game.players:
        shown = dumps(game, game.view(start, player)) + game.describe(start, player)
        _expect(_SEED not in shown, f"{player} is shown the game's seed: a leak")


def check_rules(
    game: Game[Any, Any],
    *,
    max_examples: int = 20,
    max_steps: int = 60,
    setup: Mapping[str, Any] | None = None,
    derandomize: bool | None = None,
    shrink: bool = True,
) -> None:
    """Run the conformance suite on ``game`` (any game or variant, yours too).

    Plays ``max_examples`` hypothesis-drawn games of up to ``max_steps`` actions and checks
    the contract at every state; ``setup`` is passed to ``game.start``.  Call it from a test.
    ``shrink=False`` reports the first failing game as found (hypothesis otherwise spends
    time finding a shorter one).  ``derandomize`` (by default, as the loaded hypothesis
    profile says) plays the same games on every run: for CI, while a random run explores.

    :raises ConformanceError: leading with the broken rule, then the seed and actions that
        reproduce it and the state it broke at, drawn with ``describe``.
    """
    if not isinstance(game, Game):
        raise TypeError(f"expected a wargames Game, got {game!r}")
    _check_chance(game, setup or {})

    phases = tuple(Phase) if shrink else tuple(p for p in Phase if p is not Phase.shrink)

    @settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=settings().derandomize if derandomize is None else derandomize,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
        phases=phases,
        report_multiple_bugs=False,
        verbosity=Verbosity.quiet,
    )
    @given(playouts(game, max_steps=max_steps, setup=setup))
    def conforms(playout: Playout) -> None:
        try:
            _check_playout(game, playout)
        except ConformanceError as error:
            raise ConformanceError(report(game, playout, error)) from None

    conforms()
