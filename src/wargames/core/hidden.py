"""Hidden information: visibility rules and the one redaction every view goes through.

A game never writes a view by hand.  It *declares* what is secret, and :func:`redact`
walks any value (attrs instances, tuples, frozensets, the event log) and replaces every
secret the player may not see with :data:`HIDDEN`.  Three ways to declare a secret:

* :func:`secret` — an attrs field whose visibility is a rule of the instance and the player
  (``kind: Kind = secret(lambda piece, player: player == piece.owner or piece.revealed)``);
* :class:`Secret` — a value wrapped with the set of players who may see it;
* any object with a ``__redact__(player)`` method (the kernel's :class:`~wargames.core.rng.Rng`
  is hidden from everybody this way: nobody may know future chance).

Because the event log, replays and errors reuse :func:`redact`, the history cannot leak what
the board hides (the leak class behind OpenSpiel #676 and boardgame.io #399).
"""

from __future__ import annotations

import bisect
import enum
import itertools
import random
import types
import typing
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs
from attrs import field, frozen

from wargames.core.rng import Rng

__all__ = [
    "HIDDEN",
    "Hidden",
    "Secret",
    "hideable",
    "is_cache",
    "is_hidden",
    "is_view_of",
    "redact",
    "sample_assignment",
    "secret",
]

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)

VISIBILITY: Final = "wargames.visible"
"""The attrs metadata key under which :func:`secret` stores a field's visibility rule."""


@frozen
class Hidden:
    """The placeholder a view shows instead of a secret.  There is one: :data:`HIDDEN`."""

    def __repr__(self) -> str:
        return "HIDDEN"

    def __str__(self) -> str:
        return "?"


HIDDEN: Final = Hidden()


def is_hidden(value: object) -> bool:
    """Whether ``value`` is the placeholder of a redacted secret."""
    return isinstance(value, Hidden)


def secret(visible: Callable[[Any, str], bool], **kwargs: Any) -> Any:
    """An attrs field that only the players for whom ``visible(instance, player)`` holds see.

    Extra keyword arguments go to :func:`attrs.field`.
    """
    metadata = {**kwargs.pop("metadata", {}), VISIBILITY: visible}
    return field(metadata=metadata, **kwargs)


def _players(players: Iterable[str]) -> frozenset[str]:
    return frozenset(players)


@frozen
class Secret(Generic[T]):
    """A value that only the players in ``known_to`` may see."""

    value: T
    known_to: frozenset[str] = field(converter=_players)

    def with_known_to(self, *players: str) -> Secret[T]:
        """The same secret, also known to ``players``."""
        return Secret(self.value, self.known_to | frozenset(players))

    def __redact__(self, player: str) -> object:
        return self if player in self.known_to else HIDDEN


def _redact_rng(_: Rng, __: str) -> object:
    return HIDDEN


_SPECIAL: dict[type, Callable[[Any, str], object]] = {Rng: _redact_rng}
_ATOMS = (str, int, float, bool, bytes, type(None))
_PLAIN = (*_ATOMS, enum.Enum)
"""Values no redaction can change, whatever their subclass."""


def hideable(field: attrs.Attribute[Any] | None, type_: Any) -> bool:
    """Whether a view may hold :data:`HIDDEN` in a place declared as ``type_`` (the attrs
    ``field`` it is, if any): a :func:`secret` field, a :class:`Secret` or the chance stream."""
    if field is not None and VISIBILITY in field.metadata:
        return True
    union = typing.get_origin(type_) in (typing.Union, types.UnionType)
    arms = typing.get_args(type_) if union else (type_,)
    for arm in arms:
        origin = typing.get_origin(arm) or arm
        if isinstance(origin, type) and (issubclass(origin, Secret) or origin in _SPECIAL):
            return True
    return False


def is_cache(field: attrs.Attribute[Any]) -> bool:
    """Whether the attrs ``field`` is a cache, not part of its value: left out of
    ``__init__`` and of comparisons, with a plain default.  A redacted copy (and a view
    document) holds the default: a cache is worked out again from the view itself."""
    return (
        not field.init
        and not field.eq
        and not isinstance(field.default, attrs.Factory | type(attrs.NOTHING))
    )


def redact(value: T, player: str) -> T:
    """``value`` as ``player`` may see it: every secret hidden from them becomes :data:`HIDDEN`.

    The result has the same shape and types as ``value`` except at the redacted places, so
    views compare equal exactly when the visible information is equal.  Objects that hold no
    secret are returned as they are (no copy).
    """
    return _redact(value, player)  # type: ignore[no-any-return]


_Handler = Callable[[Any, str], Any]
_handlers: dict[type, _Handler] = {}


def _redact(value: Any, player: str) -> Any:
    handler = _handlers.get(type(value))
    if handler is None:
        handler = _handlers[type(value)] = _handler_for(type(value))
    return handler(value, player)


def _same(value: Any, _: str) -> Any:
    return value


def _handler_for(cls: type) -> _Handler:
    """How values of ``cls`` are redacted, decided once per class (the hot path of every view
    is a dictionary look-up per value)."""
    if issubclass(cls, _PLAIN):
        return _same
    special = _SPECIAL.get(cls)
    if special is not None:
        return special
    hook = getattr(cls, "__redact__", None)
    if hook is not None:
        return hook  # type: ignore[no-any-return]
    if issubclass(cls, tuple):
        return _redact_tuple
    if issubclass(cls, frozenset):
        return _redact_frozenset
    if issubclass(cls, Mapping):
        return _redact_mapping
    if attrs.has(cls):
        return _attrs_handler(cls)
    return _same


def _redact_tuple(value: tuple[Any, ...], player: str) -> Any:
    handlers = _handlers
    items = []
    changed = False
    for item in value:  # the hot loop of every view (a board's cells): no call it can spare
        handler = handlers.get(type(item))
        if handler is None:
            handler = handlers[type(item)] = _handler_for(type(item))
        new = handler(item, player)
        changed = changed or new is not item
        items.append(new)
    if not changed:
        return value
    return type(value)(*items) if hasattr(value, "_fields") else tuple(items)


def _redact_frozenset(value: frozenset[Any], player: str) -> Any:
    pairs = [(_redact(item, player), item) for item in value]
    if all(new is item for new, item in pairs):
        return value
    return frozenset(new for new, _ in pairs)


def _redact_mapping(value: Mapping[Any, Any], player: str) -> Any:
    return type(value)({k: _redact(v, player) for k, v in value.items()})  # type: ignore[call-arg]


def _plain(type_: Any) -> bool:
    """Whether a field declared as ``type_`` holds a value no redaction can change (text,
    numbers, an enum, whatever subclass it is, and tuples and frozensets of them)."""
    origin = typing.get_origin(type_)
    if origin in _UNIONS:
        return all(_plain(arm) for arm in typing.get_args(type_))
    if origin in _CONTAINERS:
        return all(arm is Ellipsis or _plain(arm) for arm in typing.get_args(type_))
    return isinstance(type_, type) and issubclass(type_, _PLAIN)


_UNIONS = (typing.Union, types.UnionType)
_CONTAINERS = (tuple, frozenset)


def _attrs_handler(cls: type) -> _Handler:
    """The redaction of instances of the attrs class ``cls``: each field's visibility rule,
    and a walk into every field that may hold a secret (fields declared as plain values are
    passed over)."""
    try:
        attrs.resolve_types(cls)
        declared = {a.name: a.type for a in attrs.fields(cls)}
    except (NameError, TypeError):  # annotations it cannot resolve: walk every field
        declared = {}
    plan = tuple(
        (a.name, a.metadata.get(VISIBILITY), _plain(declared.get(a.name)))
        for a in attrs.fields(cls)
        if not is_cache(a)
    )
    if all(rule is None and plain for _, rule, plain in plan):
        return _same  # nothing in it can change (a hex, a shot): no walk at all
    caches = tuple((a.name, a.default) for a in attrs.fields(cls) if is_cache(a))
    keeps_secrets = any(rule is not None for _, rule, _ in plan) and cls.__hash__ is not None

    def redact_instance(value: Any, player: str) -> Any:
        values: list[Any] = []
        changed = False
        for name, rule, plain in plan:
            current = getattr(value, name)
            if rule is not None and not rule(value, player):
                new: Any = HIDDEN
            elif plain:
                new = current
            else:
                new = _redact(current, player)
            changed = changed or new is not current
            values.append(new)
        if not changed:
            return value
        # Bypass __init__: validators would (rightly) refuse HIDDEN in a real state.
        copy: Any = object.__new__(cls)
        for (name, _, _), new in zip(plan, values, strict=True):
            object.__setattr__(copy, name, new)
        for name, default in caches:
            object.__setattr__(copy, name, default)
        return copy

    if not keeps_secrets:
        return redact_instance

    def remembered(value: Any, player: str) -> Any:
        key = (id(value), player)
        seen = _seen.get(key)
        if seen is not None and seen[0] is value:
            return seen[1]
        if len(_seen) >= _SEEN_LIMIT:
            _seen.clear()
        redacted = redact_instance(value, player)
        _seen[key] = (value, redacted)
        return redacted

    return remembered


def is_view_of(value: object, player: str) -> bool:
    """Whether ``value`` (a view) shows ``player`` exactly what they may see: every secret
    hidden from them holds :data:`HIDDEN`, and no :data:`HIDDEN` stands where a visibility
    rule lets them see (so another player's view, which hides ``player``'s own secrets or
    shows its owner's, is not ``player``'s).  A :class:`Secret` hidden whole cannot say whom
    it was known to, and passes.  Walks the whole value, log included: for checks at the
    edges of the API, not for search loops; the last answers are remembered by identity, so
    asking again of the same view (a bot determinising it once per world) is free."""
    key = (id(value), player)
    known = _fitted.get(key)
    if known is not None and known[0] is value:
        return known[1]
    if len(_fitted) >= _FITTED_LIMIT:
        _fitted.clear()
    fits = _fits(value, player)
    _fitted[key] = (value, fits)
    return fits


_fitted: dict[tuple[int, str], tuple[Any, bool]] = {}
"""The last answers of :func:`is_view_of`, by the view's identity and the player; each entry
holds its view, so an identity is never reused while remembered."""
_FITTED_LIMIT: Final = 256


def _fits(value: Any, player: str) -> bool:
    fits = _fitters.get(type(value))
    if fits is None:
        fits = _fitters[type(value)] = _fitter_for(type(value))
    return fits(value, player)


def _always(_: Any, __: str) -> bool:
    return True


def _never(_: Any, __: str) -> bool:
    return False


def _fits_secret(value: Secret[Any], player: str) -> bool:
    return player in value.known_to and _fits(value.value, player)


def _fits_items(value: Iterable[Any], player: str) -> bool:
    return all(_fits(item, player) for item in value)


def _fits_values(value: Mapping[Any, Any], player: str) -> bool:
    return all(_fits(item, player) for item in value.values())


def _fits_redacted(value: Any, player: str) -> bool:
    return bool(redact(value, player) == value)


def _fitter_for(cls: type) -> Callable[[Any, str], bool]:
    """How :func:`is_view_of` checks values of ``cls``, decided once per class."""
    if issubclass(cls, _PLAIN) or cls is Hidden:
        return _always
    if cls in _SPECIAL:  # chance is shown to nobody
        return _never
    if issubclass(cls, Secret):
        return _fits_secret
    if getattr(cls, "__redact__", None) is not None:  # an event log is checked event by event
        return _fits_items if issubclass(cls, Iterable) else _fits_redacted
    if issubclass(cls, tuple | frozenset):
        return _fits_items
    if issubclass(cls, Mapping):
        return _fits_values
    if attrs.has(cls):
        return _attrs_fitter(cls)
    return _always


def _attrs_fitter(cls: type) -> Callable[[Any, str], bool]:
    try:
        attrs.resolve_types(cls)
        declared = {a.name: a.type for a in attrs.fields(cls)}
    except (NameError, TypeError):
        declared = {}
    plan = tuple(
        (a.name, a.metadata.get(VISIBILITY), _plain(declared.get(a.name)))
        for a in attrs.fields(cls)
        if not is_cache(a)
    )
    if all(rule is None and plain for _, rule, plain in plan):
        return _always

    def fits(value: Any, player: str) -> bool:
        for name, rule, plain in plan:
            current = getattr(value, name)
            if rule is not None and bool(rule(value, player)) == is_hidden(current):
                return False  # shown though secret, or hidden though visible
            if not plain and not _fits(current, player):
                return False
        return True

    return fits


_fitters: dict[type, Callable[[Any, str], bool]] = {}


_seen: dict[tuple[int, str], tuple[Any, Any]] = {}
"""The redactions of immutable values that declare secrets (a piece, a unit), by identity
and player: successive states share most of their pieces, so a view redacts only the pieces
that changed.  Each entry holds its value, so an identity is never reused while remembered."""
_SEEN_LIMIT: Final = 1 << 16


def sample_assignment(
    domains: Sequence[frozenset[K]],
    pool: Mapping[K, int],
    rng: random.Random,
    weights: Sequence[Mapping[K, float]] | None = None,
) -> tuple[K, ...]:
    """Give each unknown item a value from its domain, using each value at most ``pool`` times.

    This is the heart of determinisation for hidden identities: ``domains[i]`` holds the
    values item ``i`` may still have given what a player saw (a piece that moved is no
    landmine; a piece that beat a 3 is a 4 or 5), ``pool`` the values left in the army or bag.

    Items are filled most-constrained first, each drawing a value with probability
    proportional to its remaining count, times ``weights[i][value]`` where given (a belief
    about item ``i`` that the rules do not prove, such as a piece that never moved being more
    likely a landmine; a value it does not name weighs 1, and every weight must be positive).
    When every value an item may take is used up, an augmenting path (as in bipartite
    matching) moves earlier items to other values of their domains to make room, so an
    assignment is always found when one exists, in polynomial time; the moves it makes ignore
    the weights.  The same ``rng`` state gives the same answer in every process, and without
    ``weights`` the same answer as before they existed.

    :raises ValueError: if no assignment exists (the inputs contradict each other).
    """
    order_of = {value: i for i, value in enumerate(pool)}  # set order depends on the hash seed
    room = {value: count for value, count in pool.items() if count > 0}
    options = [_in_order(domain, room, order_of) for domain in domains]
    holders: dict[K, list[int]] = {value: [] for value in room}
    chosen: dict[int, K] = {}
    items = sorted(range(len(domains)), key=lambda i: (len(options[i]), rng.random()))
    for item in items:
        free = [v for v in options[item] if room[v] > 0]
        if free and weights is not None and weights[item]:
            belief = weights[item]
            value = rng.choices(free, [room[v] * belief.get(v, 1.0) for v in free])[0]
        elif free:
            value = _by_room(free, room, rng)
        else:
            value = _make_room(item, options, holders, chosen, room, rng)
        chosen[item] = value
        holders[value].append(item)
        room[value] -= 1
    return tuple(chosen[i] for i in range(len(domains)))


def _by_room(free: list[K], room: Mapping[K, int], rng: random.Random) -> K:
    """One of ``free`` drawn in proportion to its ``room``: ``rng.choices(free, [room[v] for
    v in free])[0]``, the same value for the same call on ``rng`` (its one ``random()``)
    without that function's checks of its arguments (the counts here are positive)."""
    totals = list(itertools.accumulate(room[v] for v in free))
    return free[bisect.bisect(totals, rng.random() * (totals[-1] + 0.0), 0, len(free) - 1)]


def _in_order(domain: frozenset[K], room: Mapping[K, int], order_of: Mapping[K, int]) -> list[K]:
    """The values of ``domain`` in ``room``, in the pool's order (``room``'s own): the fewer
    of the two looked up in the other."""
    if len(domain) < len(room):
        return sorted((v for v in domain if v in room), key=order_of.__getitem__)
    return [v for v in room if v in domain]


def _make_room(
    item: int,
    options: list[list[K]],
    holders: dict[K, list[int]],
    chosen: dict[int, K],
    room: dict[K, int],
    rng: random.Random,
) -> K:
    """Free a place in one of ``item``'s values by moving a chain of assigned items, each to
    another value of its own domain, ending at a value with room; return the freed value.

    :raises ValueError: if there is no such chain (no assignment exists).
    """
    start = list(options[item])
    rng.shuffle(start)
    parent: dict[K, tuple[K, int] | None] = dict.fromkeys(start)
    queue = deque(start)
    target = None
    while queue and target is None:
        value = queue.popleft()
        for other in rng.sample(holders[value], len(holders[value])):
            for alternative in options[other]:
                if alternative in parent:
                    continue
                parent[alternative] = (value, other)
                if room[alternative] > 0:
                    target = alternative
                    break
                queue.append(alternative)
            if target is not None:
                break
    if target is None:
        raise ValueError("no assignment of values fits the domains and the pool")
    step = parent[target]
    while step is not None:
        previous, mover = step
        holders[previous].remove(mover)
        holders[target].append(mover)
        chosen[mover] = target
        room[target] -= 1
        room[previous] += 1
        target = previous
        step = parent[target]
    return target
