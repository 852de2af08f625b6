"""The rules-conformance suite: the contract of DESIGN.md, checked on any game.

:func:`check_rules` plays hypothesis-drawn games and checks at every state that

* the state keeps every invariant the game declares (``game.violations``);
* the game is over exactly when nobody is to act, and whoever is to act has a legal action
  until the outcome (:func:`check_can_act`, a failure of its own: a stuck game);
* every legal action applies, leaves its input unchanged (else: which action changed which
  field), prints and parses back to itself, and survives a JSON round trip; applied twice
  it gives the same state; its afterstate is its result, or a state that awaits chance,
  none of it drawn yet;
* actions that are legal elsewhere but not here raise ``IllegalAction`` and change nothing;
* views leak nothing: a determinisation (``sample_state``) of what a player knows gives that
  player the same view, the same legal actions, the same error messages, the same
  ``describe`` and the same ``odds`` and ``places`` of each of their actions;
* views travel: a view survives a JSON round trip, ``HIDDEN`` included, and a loaded view can
  be determinised; nothing a player is shown (the view, its JSON, ``describe``, error
  messages) holds the chance stream's key;
* states survive a JSON round trip (else: the first field that came back different, and
  its type), the same seed and actions give the same state at every step, and a replay of
  the game reproduces it exactly;
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

* the game ends (:func:`check_ends`): it declares ``max_game_length``, and random games
  end within it;
* the game raises nothing but wargames errors, and those only for bad input.

A failure raises :class:`ConformanceError`, shrunk by hypothesis to a short game; its
message leads with the broken rule (for the classes of :mod:`wargames.testing.breaks`, a
line of its own), then the seed and actions that reproduce it, then what differed.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from attrs import frozen
from hypothesis import HealthCheck, Phase, Verbosity, given, settings

from wargames.core.errors import EXCERPT, IllegalAction, InvalidAction, WargamesError, shorten
from wargames.core.game import Action, Game, State
from wargames.core.history import distinct_views
from wargames.core.replay import Replay
from wargames.core.serialize import dumps, loads
from wargames.testing.breaks import (
    CAN_ACT,
    ENDS,
    INPUT_UNCHANGED,
    LISTED_APPLY,
    RAISES,
    ROUND_TRIP,
    STREAM_CHANCE,
    Broken,
    ConformanceError,
    Failure,
    difference,
    report,
)
from wargames.testing.strategies import Playout, playouts

__all__ = [
    "CAN_ACT",
    "ConformanceError",
    "check_can_act",
    "check_ends",
    "check_history",
    "check_legality",
    "check_rules",
    "check_state",
]

_ACTIONS_TRIED = 24
"""At most this many legal actions of each player are applied at each state (a sample)."""


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
        raise Broken(CAN_ACT, "nobody is to act, and the game has no outcome", "stuck")
    for player in sorted(acting):
        if not (game.legal_actions(state, player) if legal is None else legal[player]):
            raise Broken(
                CAN_ACT,
                f"{player} is to act, the game has no outcome, and {player} has no legal action",
                "stuck",
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
    _check_state(game, state, (_acting_legal(game, other) for other in others), rng)


def _acting_legal(game: Game[Any, Any], state: State) -> tuple[Action, ...]:
    """The legal actions of everybody to act at ``state``."""
    return tuple(a for p in game.to_act(state) for a in game.legal_actions(state, p))


def _check_state(
    game: Game[Any, Any],
    state: State,
    others: Iterable[Iterable[Action]],
    rng: random.Random | None,
) -> None:
    """:func:`check_state`, given the legal actions of the other states (a playout
    works each state's out once, not once for each state it is another of)."""
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
    _check_round_trip(game, state, snapshot)
    tried_by_player: dict[str, Sequence[Action]] = {}
    for player, legal in legal_by_player.items():
        _expect(
            bool(legal) == (player in acting),
            f"{player} is {'' if player in acting else 'not '}to act but has {len(legal)} actions",
        )
        _expect(len(set(legal)) == len(legal), f"{player}'s legal actions repeat")
        _expect(legal == game.legal_actions(state, player), "legal actions are not deterministic")
        tried = legal if len(legal) <= _ACTIONS_TRIED else rng.sample(legal, _ACTIONS_TRIED)
        tried_by_player[player] = tried
        for action in tried:
            _check_legal_action(game, state, action, snapshot)
    if dumps(game, state) != snapshot:
        _blame_change(game, snapshot, [a for tried in tried_by_player.values() for a in tried])
    illegal = _candidate_illegal(others, legal_by_player)
    for action in illegal:
        _check_refused(game, state, action)
    if dumps(game, state) != snapshot:
        _blame_change(game, snapshot, illegal)
    learning = _Learning.of(game)
    for player in game.players:
        view, sample = _check_view(game, state, player, legal_by_player[player], illegal, rng)
        learning.check(game, state, view, sample, player, legal_by_player[player])


def _check_round_trip(game: Game[Any, Any], state: State, snapshot: str) -> None:
    """:data:`ROUND_TRIP`, naming the first field that came back different."""
    try:
        copy = loads(snapshot, game)
    except WargamesError as error:
        raise Broken(ROUND_TRIP, f"loads refuses what dumps wrote: {error}") from error
    if copy != state:
        raise Broken(ROUND_TRIP, difference(state, copy))


def _blame_change(game: Game[Any, Any], snapshot: str, actions: Sequence[Action]) -> None:
    """:data:`INPUT_UNCHANGED` is broken: apply each of ``actions`` again, each to its own
    copy of the state, to name the one that changes its input, and the field.

    :raises ConformanceError: always.
    """
    for action in actions:
        state = loads(snapshot, game)
        copy = loads(snapshot, game)
        with contextlib.suppress(WargamesError):
            game.apply(state, action)
        if state != copy:
            raise Broken(
                INPUT_UNCHANGED, f"{action} ({action.player}) changed {difference(copy, state)}"
            )
    raise Broken(INPUT_UNCHANGED, "an action changed it, but not again when applied alone")


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
    :class:`~wargames.core.errors.IllegalAction` that gives the same reason (in
    :meth:`~wargames.core.game.Game.refusal`'s sentence).

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
            if reason is None:
                raise ConformanceError(f"{action} is not listed but the checker accepts it")
            try:
                game.apply(state, action)
            except IllegalAction as error:
                said = shorten(game.refusal(state, action, reason), 5 * EXCERPT)
                _expect(str(error) == said, f"{action} is refused with {error}, not {said}")
            else:
                raise ConformanceError(f"{action} is not listed but apply accepts it")


def _check_legal_action(game: Game[Any, Any], state: State, action: Action, snapshot: str) -> None:
    """``action`` is listed at ``state`` (whose JSON was ``snapshot`` before any action)."""
    try:
        after = game.apply(state, action)
    except WargamesError as error:
        raise _refused(action, error) from error
    _expect(isinstance(after, type(state)), f"{action} returned a {type(after).__name__}")
    text = str(action)
    parsed = game.parse_action(state, text, action.player)
    _expect(parsed == action, f"{text!r} parses to {parsed!r}, not {action!r}")
    _expect(loads(dumps(game, action), game) == action, f"{action} fails a JSON round trip")
    before = game.afterstate(state, action)
    if before == after or (game.awaits_chance(before) and before.rng == state.rng):
        return
    if dumps(game, state) != snapshot:
        _blame_change(game, snapshot, [action])
    again = game.apply(state, action)
    if again != after:
        raise Broken(
            STREAM_CHANCE, f"{action} ({action.player}) applied twice: {difference(after, again)}"
        )
    raise Broken(
        f"the afterstate of {action} is neither its result nor a state awaiting chance",
        difference(after, before),
    )


def _refused(action: Action, error: WargamesError) -> Broken:
    """:data:`LISTED_APPLY` is broken: ``apply`` refused the listed ``action``."""
    reason = f"{type(error).__name__}: {error}"
    return Broken(LISTED_APPLY, f"{action} ({action.player}) is listed; apply says {reason}")


def _candidate_illegal(
    others: Iterable[Iterable[Action]], legal_by_player: dict[str, tuple[Action, ...]]
) -> list[Action]:
    """Actions legal at the other states (``others``: their legal actions) but not here."""
    legal = {a for actions in legal_by_player.values() for a in actions}
    seen = {a for actions in others for a in actions if a not in legal}
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
) -> tuple[State, State]:
    """Check ``player``'s view of ``state``: its view and a determinisation of it."""
    view = game.view(state, player)
    _expect(view == game.view(state, player), "views are not deterministic")
    _expect(game.view(view, player) == view, "the view of a view differs from the view")
    text = dumps(game, view)
    loaded = loads(text, game)
    _expect(loaded == view, f"{player}'s view does not survive a JSON round trip")
    _expect(
        game.legal_actions(view, player) == legal,
        f"{player}'s legal actions in their own view are not their legal actions",
    )
    key = state.rng.key.hex()
    description = game.describe(state, player)
    shown = {"view's JSON": text, "description": description}
    for what, words in shown.items():
        _expect(key not in words, f"{player}'s {what} holds the chance stream's key: a leak")
    # Determinised from the view as a client would get it: a JSON document.
    sample: State = game.sample_state(loaded, player, rng)
    where = f"{player}'s determinisation"
    _expect(isinstance(sample, type(state)), f"{where} is a {type(sample).__name__}")
    seen = game.view(sample, player)
    _expect(seen == view, f"{where} changes {player}'s view: a leak")
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
        places = game.places(view, action)  # a user interface holds only the view
        theirs = game.places(seen, action)
        if theirs != places:
            raise Broken(
                f"the places of {action} depend on what {player} may not know: a leak",
                f"{places}, and {theirs} in a determinisation",
            )
    _check_description(game, description, sample, player)
    _expect(loads(dumps(game, sample), game) == sample, f"{where} fails a JSON round trip")
    return view, sample


def _check_description(game: Game[Any, Any], description: str, sample: State, player: str) -> None:
    """``description`` (of the state, for ``player``) shows ``player`` only their view: a
    determinisation, which has the same view, has the same description."""
    mine = description.splitlines()
    theirs = game.describe(sample, player).splitlines()
    if mine != theirs:
        line = next(
            (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
            min(len(mine), len(theirs)),
        )
        shown = [*mine, ""][line]
        other = [*theirs, ""][line]
        raise Broken(
            f"{player}'s description depends on what {player} may not know: a leak",
            f"line {line + 1} is {shown!r}, and {other!r} in a determinisation",
        )


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
        view: State,
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
                bool(numpy.array_equal(game.encode_view(view, player), tensor)),
                f"{player}'s observation tensor is not the encoding of {player}'s view",
            )


def _has_numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def _check_playout(game: Game[Any, Any], playout: Playout) -> None:
    _check_reproducible(game, playout)
    if _Learning.of(game).length and len(playout.actions) > game.max_game_length:
        raise Failure(_past_the_end(game), game.max_game_length + 1)
    rng = random.Random(playout.seed)
    states = playout.states
    legal: dict[int, tuple[Action, ...]] = {}  # each state's, worked out once, when first needed

    def legal_at(index: int) -> tuple[Action, ...]:
        if index not in legal:
            legal[index] = _acting_legal(game, states[index])
        return legal[index]

    for index, state in enumerate(states):
        near = [*range(max(0, index - 6), index), *range(index + 1, min(len(states), index + 4))]
        try:
            _check_state(game, state, (legal_at(other) for other in near), rng)
        except ConformanceError as error:
            raise Failure(error, index) from error
        except Exception as error:  # a raw exception of the game's, named as a failure
            raise Failure(Broken(RAISES, f"{type(error).__name__}: {error}"), index) from error
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


def _check_reproducible(game: Game[Any, Any], playout: Playout) -> None:
    """:data:`STREAM_CHANCE`: the playout's seed and actions, played again, give the same
    state at every step.

    :raises Failure: at the first step that differs, naming the field.
    """
    state = game.start(playout.seed, **playout.setup)
    if state != playout.states[0]:
        detail = f"two starts from this seed: {difference(playout.states[0], state)}"
        raise Failure(Broken(STREAM_CHANCE, detail), 0)
    for step, (_, action, after) in enumerate(playout.steps(), start=1):
        state = game.apply(state, action)
        if state != after:
            _blame_mutation(game, playout)  # an apply that changed its input changed the record
            detail = f"{action} ({action.player}) played again: {difference(after, state)}"
            raise Failure(Broken(STREAM_CHANCE, detail), step)


def _blame_mutation(game: Game[Any, Any], playout: Playout) -> None:
    """Play ``playout`` again, checking that each action leaves its input unchanged.

    :raises Failure: :data:`INPUT_UNCHANGED`, at the first action that changes its input.
    """
    state = game.start(playout.seed, **playout.setup)
    for step, action in enumerate(playout.actions):
        snapshot = dumps(game, state)
        after = game.apply(state, action)
        if dumps(game, state) != snapshot:
            try:
                _blame_change(game, snapshot, [action])
            except ConformanceError as error:
                raise Failure(error, step) from None
        state = after


def _past_the_end(game: Game[Any, Any]) -> Broken:
    limit = game.max_game_length
    return Broken(ENDS, f"the game goes on after max_game_length ({limit}) actions", "ends")


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
    again = game.start(_SEED, **setup)
    if again != start:
        raise Broken(STREAM_CHANCE, f"two starts from one seed: {difference(start, again)}")
    fresh = [game.start(**setup).rng.key for _ in range(2)]
    _expect(
        fresh[0] != fresh[1],
        "two games started without a seed share their chance: start() must draw a fresh key",
    )
    for player in game.players:
        shown = dumps(game, game.view(start, player)) + game.describe(start, player)
        _expect(_SEED not in shown, f"{player} is shown the game's seed: a leak")


def check_ends(
    game: Game[Any, Any],
    setup: Mapping[str, Any] | None = None,
    *,
    playouts: int = 2,
    max_actions: int = 500,
) -> None:
    """:data:`ENDS`: the game declares a ``max_game_length``, and ``playouts`` random games
    (seeds 0, 1...; each action drawn with ``random.Random(seed)``) end within it, with
    somebody able to act at every state until then (:func:`check_can_act`). A game whose
    bound is over ``max_actions`` is played that far.

    :raises ConformanceError: saying which: no bound, a game that passes it, or a stuck one.
    """
    try:
        limit = game.max_game_length
    except NotImplementedError:
        name = type(game).__name__
        raise ConformanceError(
            f"{name} breaks the contract: {ENDS}\n"
            f"  ends: {name} declares no max_game_length, so nothing shows that it ends:"
            " declare the most actions one game can take (a turn limit makes one), or pass"
            " must_end=False to check_rules"
        ) from None
    setup = dict(setup or {})
    for seed in range(playouts):
        choose = random.Random(seed)
        state = game.start(seed, **setup)
        states: list[State] = [state]
        taken: list[Action] = []
        while game.outcome(state) is None and len(taken) < max_actions:
            playout = Playout(game, seed, tuple(taken), tuple(states), setup)
            if len(taken) > limit:
                raise ConformanceError(report(game, playout, _past_the_end(game)))
            try:
                check_can_act(game, state)
            except ConformanceError as error:
                raise ConformanceError(report(game, playout, error)) from None
            player = choose.choice(sorted(game.to_act(state)))
            action = choose.choice(game.legal_actions(state, player))
            try:
                state = game.apply(state, action)
            except WargamesError as error:
                refused = _refused(action, error)
                raise ConformanceError(report(game, playout, refused)) from error
            except Exception as error:  # a raw exception of the game's, named as a failure
                raised = Broken(RAISES, f"{action} ({player}): {type(error).__name__}: {error}")
                raise ConformanceError(report(game, playout, raised)) from error
            states.append(state)
            taken.append(action)


def game_settings(
    max_examples: int, derandomize: bool | None, phases: tuple[Phase, ...], **more: Any
) -> settings:
    """The hypothesis settings of a check that plays whole games: no deadline, no example
    database, slow and large examples allowed, the first failure reported alone;
    ``derandomize`` None keeps the active profile's."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=settings().derandomize if derandomize is None else derandomize,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
        phases=phases,
        report_multiple_bugs=False,
        **more,
    )


def check_rules(
    game: Game[Any, Any],
    *,
    max_examples: int = 20,
    max_steps: int = 60,
    setup: Mapping[str, Any] | None = None,
    derandomize: bool | None = None,
    shrink: bool = True,
    must_end: bool = True,
) -> None:
    """Run the conformance suite on ``game`` (any game or variant, yours too).

    Plays ``max_examples`` hypothesis-drawn games of up to ``max_steps`` actions and checks
    the contract at every state; ``setup`` is passed to ``game.start``.  Call it from a test.
    ``shrink=False`` reports the first failing game as found (hypothesis otherwise spends
    time finding a shorter one).  ``derandomize`` (by default, as the loaded hypothesis
    profile says) plays the same games on every run: for CI, while a random run explores.
    ``must_end=False`` skips :func:`check_ends`, for a game that cannot bound its length.
    A game slow to check asks for fewer examples (``max_examples``) or shorter ones
    (``max_steps``): the cost grows with both.

    :raises ConformanceError: leading with the broken rule, then the seed and actions that
        reproduce it, then what differed and the state it broke at, drawn with ``describe``;
        never a raw exception of the game's.
    """
    if not isinstance(game, Game):
        raise TypeError(f"expected a wargames Game, got {game!r}")
    _check_chance(game, setup or {})
    if must_end:
        check_ends(game, setup)

    # The explain phase traces every line a failing game runs: minutes, for nothing the
    # report does not say better.
    skipped = {Phase.explain} if shrink else {Phase.explain, Phase.shrink}
    phases = tuple(p for p in Phase if p not in skipped)

    @game_settings(max_examples, derandomize, phases, verbosity=Verbosity.quiet)
    @given(playouts(game, max_steps=max_steps, setup=setup))
    def conforms(playout: Playout) -> None:
        try:
            _check_playout(game, playout)
        except ConformanceError as error:
            raise ConformanceError(report(game, playout, error)) from None
        except Exception as error:  # a raw exception of the game's, named as a failure
            raised = Broken(RAISES, f"{type(error).__name__}: {error}")
            raise ConformanceError(report(game, playout, raised)) from error

    try:
        conforms()
    except ConformanceError:
        raise
    except Exception as error:  # raised by the game while a playout was drawn
        raise Broken(RAISES, f"while playing: {type(error).__name__}: {error}") from error
