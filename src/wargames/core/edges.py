"""What every :class:`~wargames.core.game.Game` checks at the edges of its API (issue 31).

A public method given something it cannot use raises a typed error naming it, never an
``AttributeError`` or ``KeyError`` from inside a game's rules:

* a value that is not one of the game's states (``None``, ``5``, another game's state)
  raises :class:`~wargames.core.errors.InvalidState`;
* a view (a state as one player sees it: its chance stream is
  :data:`~wargames.core.hidden.HIDDEN`) where the full state is needed, or a view of another
  player than the one named, raises :class:`~wargames.core.errors.InvalidState`;
* an action whose fields do not have their declared types (``True`` where an ``int`` is, a
  ``str`` where an ``int`` is, ``None``) raises :class:`~wargames.core.errors.InvalidAction`.

:data:`EDGES` says what each method needs; :func:`guard_edges` wraps the methods a game class
defines (the kernel calls it for every subclass), so a game writes none of these checks.  A
full state of the game's own class passes with two type comparisons, and a well-typed action
with one per field: the checks cost little on the hot path of ``apply``.
"""

from __future__ import annotations

import enum
import functools
import inspect
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal

import attrs

from wargames.core.errors import InvalidAction, InvalidState, excerpt
from wargames.core.hidden import is_hidden
from wargames.core.rng import Rng

__all__ = ["EDGES", "Need", "action_problem", "guard_edges", "unguarded", "unguarded_bound"]


class Need(enum.Enum):
    """What a method needs as its state."""

    STATE = "the full state"
    """A full state: a view hides what the method reads (``apply``, ``odds``)."""
    SEAT = "the full state or the named player's view"
    """A state, or the view of the player it names (``legal_actions``, ``sample_state``):
    another player's view hides that player's own secrets."""
    ANY = "a state or any view"
    """What every player sees alike (``to_act``, ``outcome``), or a redaction (``view`` of a
    view hides what either hides: the public view is every player's view of itself)."""
    ACTION = "the full state and one of its actions"
    """A full state and an action of the game whose fields have their declared types."""


EDGES: Final[Mapping[str, Need]] = {
    "check": Need.ACTION,
    "odds": Need.ACTION,
    "chance_outcomes": Need.ACTION,
    "evaluate": Need.STATE,
    "afterstate": Need.STATE,
    "legal_actions": Need.SEAT,
    "describe": Need.SEAT,
    "sample_state": Need.SEAT,
    "determinize": Need.SEAT,
    "sample_history": Need.SEAT,
    "encode_view": Need.SEAT,
    "observation_tensor": Need.SEAT,
    "legal_mask": Need.SEAT,
    "to_act": Need.ANY,
    "outcome": Need.ANY,
    "returns": Need.ANY,
    "view": Need.ANY,
    "public_view": Need.ANY,
    "parse_action": Need.ANY,
    "places": Need.ANY,
    "unit_place": Need.ANY,
    "acting_unit": Need.ANY,
}
"""The public methods that take a state first, with what each needs.  ``apply`` and
``is_legal`` go through ``check``; ``apply_unchecked`` is unchecked by its contract."""

_GUARDED: Final = "__wargames_edge__"


def guard_edges(cls: type) -> None:
    """Wrap each method of :data:`EDGES` that ``cls`` itself defines with its check."""
    for name, need in EDGES.items():
        method = cls.__dict__.get(name)
        if callable(method) and not getattr(method, _GUARDED, False):
            setattr(cls, name, _guard(method, need))


def unguarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` (a game class's, as :func:`guard_edges` left it) without its check: for a
    caller that made the argument itself, as ``observation_tensor`` makes the view it
    encodes (checking that a view is the player's walks the whole view)."""
    inner: Callable[..., Any] = getattr(method, "__wrapped__", method)
    return inner if getattr(method, _GUARDED, False) else method


def unguarded_bound(game: Any, name: str) -> Callable[..., Any]:
    """``game``'s method ``name`` bound to it without its check (:func:`unguarded`): for a
    caller that hands it only full states the game made itself (``start``, ``apply``),
    which the check passes at its first test.  A method set on the game object itself (a
    benchmark's diagnostic) is taken as it is."""
    own: Callable[..., Any] | None = vars(game).get(name)
    if own is not None:
        return own
    return unguarded(getattr(type(game), name)).__get__(game, type(game))  # type: ignore[no-any-return]


def _guard(method: Callable[..., Any], need: Need) -> Callable[..., Any]:
    """``method`` behind its check; the methods of the hot path (``to_act(state)``,
    ``legal_actions(state, player)``, ``check(state, action)``) get a wrapper of their own
    arity, which costs less than one that packs ``*args``."""
    name = method.__name__
    arity = _arity(method)
    wrapped: Callable[..., Any]
    if need is Need.ACTION:

        def wrapped(self: Any, state: Any, action: Any) -> Any:
            if type(state) is not self.state_type or type(state.rng) is not Rng:
                _refuse(self, name, state, need, None)
            if not isinstance(action, self.action_types):
                raise InvalidAction(f"{excerpt(action)} is not an action of {self.name}")
            checker = _checkers.get(type(action)) or _checker(type(action))
            problem = checker(action)
            if problem is not None:
                raise InvalidAction(problem)
            return method(self, state, action)

    elif need is Need.ANY and arity == 1:

        def wrapped(self: Any, state: Any) -> Any:
            if type(state) is not self.state_type:
                _refuse(self, name, state, need, None)
            return method(self, state)

    elif need is Need.ANY:

        def wrapped(self: Any, state: Any, *args: Any, **kwargs: Any) -> Any:
            if type(state) is not self.state_type:
                _refuse(self, name, state, need, None)
            return method(self, state, *args, **kwargs)

    elif arity == 2:

        def wrapped(self: Any, state: Any, player: Any) -> Any:
            if type(state) is not self.state_type or type(state.rng) is not Rng:
                _refuse(self, name, state, need, player)
            return method(self, state, player)

    else:

        def wrapped(self: Any, state: Any, *args: Any, **kwargs: Any) -> Any:
            if type(state) is not self.state_type or type(state.rng) is not Rng:
                player = args[0] if args else kwargs.get("player")
                _refuse(self, name, state, need, player)
            return method(self, state, *args, **kwargs)

    functools.update_wrapper(wrapped, method)
    setattr(wrapped, _GUARDED, True)
    return wrapped


def _arity(method: Callable[..., Any]) -> int | None:
    """How many arguments after ``self`` ``method`` takes, if a fixed number with no
    defaults and no keywords of its own; else ``None``."""
    parameters = list(inspect.signature(method).parameters.values())[1:]
    plain = all(p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty for p in parameters)
    return len(parameters) if plain else None


def _refuse(game: Any, method: str, state: Any, need: Need, player: Any) -> None:
    """Raise :class:`InvalidState` unless ``state`` is what ``method`` of ``game`` needs (the
    slow path: a state of a subclass, a view, or something else)."""
    where = f"{type(game).__name__}.{method}"
    if not isinstance(state, game.state_type):
        kind = type(state).__name__
        needed = Need.STATE.value if need is Need.ACTION else need.value
        raise InvalidState(
            f"{where} needs {needed} of {game.name}, not {excerpt(state, 40)} (a {kind})"
        )
    rng = getattr(state, "rng", None)
    if isinstance(rng, Rng):
        return
    if not is_hidden(rng):
        raise InvalidState(f"{where}: a state's chance stream is an Rng, not {excerpt(rng)}")
    if need in (Need.STATE, Need.ACTION):
        raise InvalidState(
            f"{where} needs the full state, not a view (a state as one player sees it)"
        )
    if (
        need is Need.SEAT
        and isinstance(player, str)
        and player in game.players
        and not game.is_view_of(state, player)
    ):
        raise InvalidState(
            f"{where}: this view is not {player}'s (it shows what {player} may not see, or "
            f"hides what {player} may); give {player}'s own view or the full state"
        )


# -- the fields of actions ---------------------------------------------------------------------

_Checker = Callable[[Any], "str | None"]
_checkers: dict[type, _Checker] = {}


def action_problem(action: object) -> str | None:
    """What is wrong with the types of ``action``'s fields (an attrs instance), or ``None``.

    Each field must hold its declared type exactly as a document would give it back:
    ``True`` is no ``int`` here, nor ``1`` a ``str``; tuples, unions and enums are checked
    through, and so are attrs classes unless they validate every field themselves (a
    ``Square`` refuses ``True`` for a coordinate).  The check is built once per class.
    """
    checker = _checkers.get(type(action)) or _checker(type(action))
    return checker(action)


def _checker(cls: type) -> _Checker:
    """The check of ``cls``'s fields, built and remembered."""
    checker = _checkers[cls] = _checker_for(cls)
    return checker


def _checker_for(cls: type) -> _Checker:
    if not attrs.has(cls):
        return _no_problem
    try:
        attrs.resolve_types(cls)
    except (NameError, TypeError):  # annotations it cannot resolve: nothing to check against
        return _no_problem
    plan = []
    for a in attrs.fields(cls):
        if not a.init:
            continue
        accepts = None if a.type in _EXACT else _accepts(a.type)
        if a.type in _EXACT or accepts is not None:
            # The common case costs one comparison: a value of the declared class itself.
            exact = a.type if isinstance(a.type, type) and not _checked_through(a.type) else None
            plan.append((a.name, exact, accepts, _wanted(a.type)))
    name = cls.__name__

    def check(value: Any) -> str | None:
        for field, exact, accepts, wanted in plan:
            part = getattr(value, field)
            if type(part) is not exact and (accepts is None or not accepts(part)):
                return f"{name}.{field} must be {wanted}, not {excerpt(part)}"
        return None

    return check


def _no_problem(_: Any) -> None:
    return None


_EXACT: Final = (int, str, bool, bytes)
"""Types whose values must be of the type itself (``bool`` is an ``int`` to Python, not to
a document)."""

_UNIONS: Final = (typing.Union, types.UnionType)


def _accepts(type_: Any) -> Callable[[Any], bool] | None:
    """A test of values declared as ``type_``; ``None`` for a type that takes anything."""
    if type_ is Any or type_ is object:
        return None
    if type_ in _EXACT:
        return lambda value: type(value) is type_
    if type_ is float:
        return lambda value: type(value) in (float, int)
    if type_ is None or type_ is type(None):
        return lambda value: value is None
    origin = typing.get_origin(type_)
    args = typing.get_args(type_)
    if origin in _UNIONS:
        arms = [_accepts(arm) for arm in args]
        if any(arm is None for arm in arms):
            return None
        return lambda value: any(arm(value) for arm in arms)  # type: ignore[misc]
    if origin is Literal:
        return lambda value: any(type(value) is type(arg) and value == arg for arg in args)
    if origin in (tuple, frozenset):
        return _container(origin, args)
    cls = origin or type_
    if not isinstance(cls, type):
        return None
    if _checked_through(cls):
        return lambda value: isinstance(value, cls) and action_problem(value) is None
    return lambda value: isinstance(value, cls)  # a class that validates its own fields


def _checked_through(cls: type) -> bool:
    """Whether values of ``cls`` have their fields checked too: attrs classes, unless they
    validate every field themselves."""
    return attrs.has(cls) and not all(a.validator is not None for a in attrs.fields(cls) if a.init)


def _container(origin: type, args: tuple[Any, ...]) -> Callable[[Any], bool]:
    """A test of tuples (``tuple[int, ...]`` or ``tuple[int, str]``) and frozensets."""
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        fixed = [_accepts(arm) or _anything for arm in args]
        return lambda value: (
            type(value) is tuple
            and len(value) == len(fixed)
            and all(test(item) for test, item in zip(fixed, value, strict=True))
        )
    item = (_accepts(args[0]) if args else None) or _anything

    def accepts(value: Any) -> bool:
        return isinstance(value, origin) and all(item(part) for part in value)  # type: ignore[attr-defined]

    return accepts


def _anything(_: Any) -> bool:
    return True


def _wanted(type_: Any) -> str:
    """``type_`` as a message names it."""
    if typing.get_args(type_) or not hasattr(type_, "__name__"):
        return str(type_).replace("typing.", "")
    return str(type_.__name__)
