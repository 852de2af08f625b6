"""Values from outside a game, thrown at every public method: :func:`check_edges`.

Four hypothesis properties, for any game (yours too), each over reachable states:

* **foreign values**: anything that is not one of the game's states (``None``, numbers,
  text, a huge text, lists, another game's state: :func:`foreign_values`) given to any
  public method that takes a state raises a
  :class:`~wargames.core.errors.WargamesError` that is a ``ValueError`` (an
  :class:`~wargames.core.errors.InvalidState`), with a short message;
* **views**: a player's view given where the full state is needed (``apply``, ``odds``,
  ``evaluate``...) is refused, and so is a view given with another player than its own
  (``legal_actions``, ``describe``, ``sample_state``...) whenever the two players' views
  differ; the player's own view is accepted;
* **action fields**: a legal action with one field replaced by a value of the wrong type
  (``True`` where an ``int`` is, text, a float, ``None``: :func:`wrong_values`) is refused by
  ``apply`` and ``odds`` with an :class:`~wargames.core.errors.InvalidAction`, the state
  untouched;
* **long input**: a huge action text, player name or foreign value gives an error whose
  message quotes only an excerpt of it (at most :data:`MESSAGE_LIMIT` characters in all).

A ``KeyError``, ``AttributeError``, ``TypeError`` or ``IndexError`` from inside the rules is a
:class:`~wargames.testing.ConformanceError` naming the method and the input.
"""

from __future__ import annotations

import functools
import random
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wargames.core.errors import InvalidAction, InvalidState, WargamesError
from wargames.core.game import Action, Game, State
from wargames.core.registry import games
from wargames.core.serialize import dumps
from wargames.testing.conformance import ConformanceError
from wargames.testing.strategies import Playout, playouts

__all__ = ["MESSAGE_LIMIT", "check_edges", "foreign_values", "wrong_values"]

MESSAGE_LIMIT: Final = 600
"""The longest error message a huge input may give."""

HUGE: Final = "x" * 100_000
"""A huge text: an error that quoted it whole would be a 100 kB message."""

_Call = Callable[[Game[Any, Any], Any, str, Any], object]

STATE_CALLS: Final[Mapping[str, _Call]] = {
    "apply": lambda game, state, player, action: game.apply(state, action),
    "check": lambda game, state, player, action: game.check(state, action),
    "is_legal": lambda game, state, player, action: game.is_legal(state, action),
    "odds": lambda game, state, player, action: game.odds(state, action),
    "evaluate": lambda game, state, player, action: game.evaluate(state, player),
    "afterstate": lambda game, state, player, action: game.afterstate(state, action),
    "chance_outcomes": lambda game, state, player, action: game.chance_outcomes(state, action),
    "apply_chance": lambda game, state, player, action: game.apply_chance(state, action, None),
    "drawing": lambda game, state, player, action: game.drawing(state, action),
}
"""The public methods that need the full state (a view is refused), each called with a
state, a player and an action of the game."""

SEAT_CALLS: Final[Mapping[str, _Call]] = {
    "legal_actions": lambda game, state, player, action: game.legal_actions(state, player),
    "describe": lambda game, state, player, action: game.describe(state, player),
    "sample_state": lambda game, state, player, action: game.sample_state(
        state, player, random.Random(0)
    ),
    "determinize": lambda game, state, player, action: game.determinize(
        state, player, random.Random(0)
    ),
    "sample_history": lambda game, state, player, action: game.sample_history(
        state, player, random.Random(0)
    ),
    "encode_view": lambda game, state, player, action: game.encode_view(state, player),
    "observation_tensor": lambda game, state, player, action: game.observation_tensor(
        state, player
    ),
    "legal_mask": lambda game, state, player, action: game.legal_mask(state, player),
}
"""The public methods that take a state or the view of the player they name."""

ANY_CALLS: Final[Mapping[str, _Call]] = {
    "to_act": lambda game, state, player, action: game.to_act(state),
    "outcome": lambda game, state, player, action: game.outcome(state),
    "returns": lambda game, state, player, action: game.returns(state),
    "view": lambda game, state, player, action: game.view(state, player),
    "public_view": lambda game, state, player, action: game.public_view(state),
    "describe, as nobody": lambda game, state, player, action: game.describe(state),
    "parse_action": lambda game, state, player, action: game.parse_action(state, str(action)),
    "places": lambda game, state, player, action: game.places(state, action),
    "acting_unit": lambda game, state, player, action: game.acting_unit(state),
}
"""The public methods that take a state or any view (what every player sees alike)."""


def foreign_values(game: Game[Any, Any]) -> st.SearchStrategy[Any]:
    """Values that are not states of ``game``: ``None``, booleans, numbers, text (a huge one
    too), bytes, lists, dictionaries, a state of each other registered game, and a game."""
    others = [
        cls(**cls.demo_options) for cls in games().values() if cls.state_type is not game.state_type
    ]
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=False),
        st.text(max_size=8),
        st.just(HUGE),
        st.binary(max_size=4),
        st.lists(st.integers(), max_size=3),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        st.sampled_from([game, object()]),
        st.sampled_from(others).map(lambda other: other.start(0)) if others else st.nothing(),
    )


def wrong_values(type_: Any) -> st.SearchStrategy[Any]:
    """Values that are not of the declared ``type_`` of an action's field, as a careless
    caller builds them: ``True`` for an ``int``, numbers for text, text for numbers, floats,
    bytes, lists, ``None`` (unless the type allows it)."""
    return st.sampled_from(
        [
            value
            for value in (True, False, 1, 0, -1, 1.5, "1", "", b"1", [1], None)
            if not _fits(value, type_)
        ]
    )


def _fits(value: Any, type_: Any) -> bool:
    """Whether ``value`` is of ``type_`` exactly (``bool`` is no ``int``), for the simple
    types and unions of them that action fields have; other types take no basic value."""
    arms = typing.get_args(type_) if typing.get_origin(type_) in _UNIONS else (type_,)
    return any(value is None if arm in (None, type(None)) else type(value) is arm for arm in arms)


_UNIONS: Final = (typing.Union, types.UnionType)


def _refused(
    what: str, call: Callable[[], object], expected: type[WargamesError] = WargamesError
) -> None:
    """``call`` must raise ``expected`` (a ``ValueError``) with a short message."""
    try:
        call()
    except expected as error:
        if not isinstance(error, ValueError):
            kind = type(error).__name__
            raise ConformanceError(f"{what} raised {kind}, not a ValueError") from error
        if len(str(error)) > MESSAGE_LIMIT:
            size = len(str(error))
            raise ConformanceError(f"{what} gave a message of {size} characters") from error
        return
    except Exception as error:
        kind = type(error).__name__
        raise ConformanceError(
            f"{what} raised {kind} ({str(error)[:200]}), not a {expected.__name__}"
        ) from error
    raise ConformanceError(f"{what} was accepted")


def _short(what: str, call: Callable[[], object]) -> None:
    """``call`` may work; if it fails, it is with a typed error and a short message."""
    try:
        call()
    except WargamesError:
        _refused(what, call)
    except Exception as error:
        raise ConformanceError(f"{what} raised {type(error).__name__}: {error}"[:300]) from error


def _not_refused(what: str, call: Callable[[], object]) -> None:
    """``call`` may fail for its own reasons (a game without tensors), but not at the edge."""
    try:
        call()
    except InvalidState as error:
        raise ConformanceError(f"{what} refused a player's own view: {error}") from error
    except (WargamesError, NotImplementedError):
        pass


def _any_action(game: Game[Any, Any], state: State) -> tuple[str, Action] | None:
    for player in sorted(game.to_act(state)):
        legal = game.legal_actions(state, player)
        if legal:
            return player, legal[0]
    return None


def _check_foreign(game: Game[Any, Any], playout: Playout, value: Any) -> None:
    found = _any_action(game, playout.final)
    player, action = found if found is not None else (game.players[0], None)
    shown = repr(value)[:40]
    for name, call in {**STATE_CALLS, **SEAT_CALLS, **ANY_CALLS}.items():
        _refused(f"{name}({shown})", functools.partial(call, game, value, player, action))


def _check_views(game: Game[Any, Any], playout: Playout) -> None:
    state = playout.final
    found = _any_action(game, state)
    action = found[1] if found is not None else None
    views = {player: game.view(state, player) for player in game.players}
    for player, view in views.items():
        for name, call in STATE_CALLS.items():
            what = f"{name}({player}'s view)"
            _refused(what, functools.partial(call, game, view, player, action), InvalidState)
        for name in ("to_act", "outcome", "view", "public_view"):
            what = f"{name}({player}'s view)"
            _not_refused(what, functools.partial(ANY_CALLS[name], game, view, player, action))
        for name in ("legal_actions", "describe", "sample_state"):
            call = SEAT_CALLS[name]
            what = f"{name}({player}'s view, {player})"
            _not_refused(what, functools.partial(call, game, view, player, action))
            for other, theirs in views.items():
                if other != player and theirs != view:
                    what = f"{name}({player}'s view, {other})"
                    refused = functools.partial(call, game, view, other, action)
                    _refused(what, refused, InvalidState)


def _check_fields(game: Game[Any, Any], playout: Playout, data: st.DataObject) -> None:
    state = playout.final
    found = _any_action(game, state)
    if found is None:
        return
    action = found[1]
    hints = typing.get_type_hints(type(action))
    name = data.draw(st.sampled_from([a.name for a in attrs.fields(type(action)) if a.init]))
    wrong = data.draw(wrong_values(hints.get(name)), label="value")
    try:
        bad = attrs.evolve(action, **{name: wrong})
    except (TypeError, ValueError):  # the action's own validators refuse it: as good
        return
    snapshot = dumps(game, state)
    what = f"{type(action).__name__} with {name}={wrong!r}"
    _refused(f"apply({what})", functools.partial(game.apply, state, bad), InvalidAction)
    _refused(f"odds({what})", functools.partial(game.odds, state, bad), InvalidAction)
    if dumps(game, state) != snapshot:
        raise ConformanceError(f"apply({what}) changed the state")


def _check_long(game: Game[Any, Any], playout: Playout) -> None:
    state = playout.final
    for player in (None, *game.players):
        for text in (HUGE, f"{HUGE} 1", f"a1-{HUGE}", f"1 {HUGE}", f"1 step {HUGE}"):
            parse = functools.partial(game.parse_action, state, text, player)
            _refused("parse_action(a huge text)", parse)
    _refused("parse_action(by a huge name)", functools.partial(game.parse_action, state, "x", HUGE))
    _short("legal_actions(of a huge name)", functools.partial(game.legal_actions, state, HUGE))
    found = _any_action(game, state)
    if found is None:
        return
    action = found[1]
    for name, hint in typing.get_type_hints(type(action)).items():
        if hint is str:
            bad = attrs.evolve(action, **{name: HUGE})
            what = f"apply({type(action).__name__}.{name}=a huge text)"
            _refused(what, functools.partial(game.apply, state, bad))
            _short(
                f"odds({type(action).__name__}.{name}=a huge text)",
                functools.partial(game.odds, state, bad),
            )


def check_edges(
    game: Game[Any, Any],
    *,
    max_examples: int = 20,
    max_steps: int = 30,
    setup: Mapping[str, Any] | None = None,
    derandomize: bool | None = None,
) -> None:
    """Throw foreign values, views, ill-typed actions and huge inputs at every public method
    of ``game`` (any game or variant); see the module docs for what must happen.

    :raises ConformanceError: naming the method and the input it mishandled.
    """
    if not isinstance(game, Game):
        raise TypeError(f"expected a wargames Game, got {game!r}")
    edges = settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=settings().derandomize if derandomize is None else derandomize,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )
    reached = playouts(game, max_steps=max_steps, setup=setup)

    @edges
    @given(reached, foreign_values(game))
    def foreign_values_are_refused(playout: Playout, value: Any) -> None:
        _check_foreign(game, playout, value)

    @edges
    @given(reached)
    def views_are_refused_where_they_do_not_fit(playout: Playout) -> None:
        _check_views(game, playout)

    @edges
    @given(reached, st.data())
    def ill_typed_actions_are_refused(playout: Playout, data: st.DataObject) -> None:
        _check_fields(game, playout, data)

    @edges
    @given(reached)
    def huge_inputs_give_short_messages(playout: Playout) -> None:
        _check_long(game, playout)

    foreign_values_are_refused()
    views_are_refused_where_they_do_not_fit()
    ill_typed_actions_are_refused()
    huge_inputs_give_short_messages()
