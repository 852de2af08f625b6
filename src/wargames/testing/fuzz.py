"""Bad input, tried as an attacker would: junk text, tampered documents and wild options.

:func:`check_inputs` runs three hypothesis properties on any game (yours too):

* **text**: anything given to ``parse_action`` (text of any kind, bytes, numbers, ``None``)
  either reads as an action or raises :class:`~wargames.core.errors.InvalidAction`; an action
  read is then applied or refused with an ``InvalidAction``, and the state is untouched;
* **documents**: a real document of the game (a state, a view, an action, a replay) with one
  place replaced by junk JSON (huge or negative numbers, floats, text, ``null``, lists,
  objects) or one key deleted either loads or raises
  :class:`~wargames.core.errors.SerializationError`; a state that loads keeps the game's
  invariants and every query of it works (of a view: its own player's legal actions and
  determinisation, which may raise :class:`~wargames.core.errors.NoPast`, and every
  player's description); a replay that loads replays or raises a
  :class:`~wargames.core.errors.WargamesError`;
* **options**: every option set to junk either builds a game that starts, or raises
  :class:`~wargames.core.errors.UnknownOption`.

Anything else (a ``KeyError``, a ``TypeError``, an ``AttributeError``, a hang) is a
:class:`~wargames.testing.ConformanceError`.  Each call of the game runs under a watchdog
(:data:`PATIENCE` seconds, where the platform allows) so that a hang fails instead of stalling.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import threading
from collections.abc import Iterator, Mapping
from typing import Any, Final

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wargames.core.errors import (
    InvalidAction,
    NoPast,
    SerializationError,
    UnknownOption,
    WargamesError,
)
from wargames.core.game import Action, Game, State
from wargames.core.replay import Replay
from wargames.core.serialize import dumps, loads, to_data
from wargames.testing.conformance import ConformanceError
from wargames.testing.strategies import Playout, playouts

__all__ = ["PATIENCE", "check_inputs", "junk_json", "junk_text"]

PATIENCE: Final = 20.0
"""Seconds any one call of the game may take on junk input before it counts as a hang."""


def junk_json() -> st.SearchStrategy[Any]:
    """JSON values an attacker would try: extreme numbers, floats, text, nulls, nesting."""
    atoms = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.sampled_from([0, -1, 1, 10**9, 10**30, 2**63, -(2**63)]),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
        st.sampled_from(["", "/dev/zero", "../../etc/passwd", "x" * 5000, "nan", "1.5"]),
    )
    return st.recursive(
        atoms,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
        max_leaves=8,
    )


def junk_text() -> st.SearchStrategy[Any]:
    """What an attacker would type, or pass where text belongs."""
    return st.one_of(
        st.text(max_size=40),
        st.binary(max_size=12),
        st.none(),
        st.integers(),
        st.floats(allow_nan=False),
        st.lists(st.text(max_size=3), max_size=3),
    )


@contextlib.contextmanager
def _watchdog(what: str) -> Iterator[None]:
    """Fail instead of hanging: an alarm after :data:`PATIENCE` seconds (main thread only)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def hung(_: int, __: Any) -> None:
        raise ConformanceError(f"{what} took more than {PATIENCE} s: a hang on bad input")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, PATIENCE)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _unexpected(what: str, error: BaseException) -> ConformanceError:
    kind = type(error).__name__
    return ConformanceError(f"{what} raised {kind} ({error}), not a typed wargames error")


# -- text -------------------------------------------------------------------------------------


def _check_text(game: Game[Any, Any], state: State, text: Any, player: str | None) -> None:
    snapshot = dumps(game, state)
    what = f"parse_action({text!r:.40}, player={player!r})"
    with _watchdog(what):
        try:
            action = game.parse_action(state, text, player)
        except InvalidAction:
            action = None
        except Exception as error:
            raise _unexpected(what, error) from error
        if action is not None:
            if not isinstance(action, Action):
                raise ConformanceError(f"{what} gave {action!r}, not an action")
            try:
                game.apply(state, action)
            except InvalidAction:
                pass
            except Exception as error:
                raise _unexpected(f"apply({action})", error) from error
    if dumps(game, state) != snapshot:
        raise ConformanceError(f"{what} changed the state")


# -- documents --------------------------------------------------------------------------------


def _places(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value, as the path of keys and indices to it."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _places(value, (*path, index))


def _tampered(data: Any, path: tuple[Any, ...], junk: Any, delete: bool) -> Any:
    copy = json.loads(json.dumps(data))
    if not path:
        return junk
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    if delete and isinstance(holder, dict):
        del holder[path[-1]]
    else:
        holder[path[-1]] = junk
    return copy


def _exercise(game: Game[Any, Any], value: Any, viewer: str | None) -> None:
    """Use a loaded document the way a program would; nothing may raise but
    :class:`~wargames.core.errors.NoPast` from a determinisation of a view no game reaches
    (a view edited by hand).  A view is asked only its own player's legal actions and board
    (another player's are refused with :class:`~wargames.core.errors.InvalidState`)."""
    if isinstance(value, State):
        for player in game.players:
            if viewer in (None, player):
                game.legal_actions(value, player)
                game.describe(value, player)
            if viewer == player:
                with contextlib.suppress(NoPast):
                    game.sample_state(value, player, random.Random(0))
        game.to_act(value)
        game.outcome(value)
        dumps(game, value)
    elif isinstance(value, Replay):
        try:
            for _ in value.states(game):
                pass
        except WargamesError:
            pass


def _check_document(
    game: Game[Any, Any], document: dict[str, Any], viewer: str | None, data: st.DataObject
) -> None:
    places = list(_places(document))
    path = data.draw(st.sampled_from(places), label="place")
    delete = data.draw(st.booleans(), label="delete")
    junk = data.draw(junk_json(), label="junk")
    text = json.dumps(_tampered(document, path, junk, delete))
    what = f"loads of a document with {'/'.join(map(str, path)) or 'the whole'} tampered"
    with _watchdog(what):
        try:
            value = loads(text, game)
        except SerializationError:
            return
        except Exception as error:
            raise _unexpected(what, error) from error
        try:
            _exercise(game, value, viewer)
        except Exception as error:
            raise _unexpected(f"using what {what} gave", error) from error


def _documents(game: Game[Any, Any], playout: Playout) -> list[tuple[dict[str, Any], str | None]]:
    """Documents of ``playout``, each with the player whose view it is (``None``: not a view)."""
    final, viewer = playout.final, game.players[0]
    documents = [(to_data(game, final), None), (to_data(game, game.view(final, viewer)), viewer)]
    documents += [(to_data(game, action), None) for action in playout.actions[-2:]]
    replay = Replay.record(game, playout.seed, playout.actions, playout.setup)
    documents.append((to_data(game, replay), None))
    return documents


# -- options ----------------------------------------------------------------------------------


def _check_option(game: Game[Any, Any], name: str, value: Any) -> None:
    what = f"{type(game).__name__}({name}={value!r:.40})"
    with _watchdog(what):
        try:
            built = type(game)(**{**game.option_values(), name: value})
        except UnknownOption:
            return
        except Exception as error:
            raise _unexpected(what, error) from error
        try:
            built.start(0)
        except Exception as error:
            raise _unexpected(f"start() of {what}", error) from error


# -- the suite --------------------------------------------------------------------------------


def check_inputs(
    game: Game[Any, Any],
    *,
    max_examples: int = 30,
    max_steps: int = 30,
    setup: Mapping[str, Any] | None = None,
    derandomize: bool | None = None,
) -> None:
    """Throw junk text, tampered documents and wild options at ``game`` (any game or
    variant); see the module docs for what must happen.  ``derandomize``: as in
    :func:`~wargames.testing.check_rules`.

    :raises ConformanceError: naming the input that broke the game.
    """
    if not isinstance(game, Game):
        raise TypeError(f"expected a wargames Game, got {game!r}")
    options = [a.name for a in attrs.fields(game.Options)]
    fuzz = settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=settings().derandomize if derandomize is None else derandomize,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )

    @fuzz
    @given(playouts(game, max_steps=max_steps, setup=setup), junk_text(), st.data())
    def text_is_read_or_refused(playout: Playout, text: Any, data: st.DataObject) -> None:
        player = data.draw(st.sampled_from([None, *game.players, "nobody"]), label="player")
        _check_text(game, playout.final, text, player)

    @fuzz
    @given(playouts(game, max_steps=max_steps, setup=setup), st.data())
    def documents_load_or_are_refused(playout: Playout, data: st.DataObject) -> None:
        document, viewer = data.draw(st.sampled_from(_documents(game, playout)), label="document")
        _check_document(game, document, viewer, data)

    text_is_read_or_refused()
    documents_load_or_are_refused()
    if options:

        @fuzz
        @given(st.sampled_from(options), junk_json())
        def options_are_checked(name: str, value: Any) -> None:
            _check_option(game, name, value)

        options_are_checked()
