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

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs
from attrs import field, frozen

from wargames.core.rng import Rng

__all__ = [
    "HIDDEN",
    "Hidden",
    "Secret",
    "is_hidden",
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


def redact(value: T, player: str) -> T:
    """``value`` as ``player`` may see it: every secret hidden from them becomes :data:`HIDDEN`.

    The result has the same shape and types as ``value`` except at the redacted places, so
    views compare equal exactly when the visible information is equal.  Objects that hold no
    secret are returned as they are (no copy).
    """
    return _redact(value, player)  # type: ignore[no-any-return]


def _redact(value: Any, player: str) -> Any:
    if isinstance(value, _ATOMS):
        return value
    special = _SPECIAL.get(type(value))
    if special is not None:
        return special(value, player)
    hook = getattr(type(value), "__redact__", None)
    if hook is not None:
        return hook(value, player)
    if isinstance(value, tuple):
        items = tuple(_redact(item, player) for item in value)
        if all(a is b for a, b in zip(items, value, strict=True)):
            return value
        return type(value)(*items) if hasattr(value, "_fields") else items
    if isinstance(value, frozenset):
        pairs = [(_redact(item, player), item) for item in value]
        if all(new is item for new, item in pairs):
            return value
        return frozenset(new for new, _ in pairs)
    if isinstance(value, Mapping):
        return type(value)({k: _redact(v, player) for k, v in value.items()})  # type: ignore[call-arg]
    if attrs.has(type(value)):
        return _redact_attrs(value, player)
    return value


_Plan = tuple[tuple[str, Callable[[Any, str], bool] | None], ...]
_plans: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    """Each field's name and visibility rule, looked up once per class."""
    plan = _plans.get(cls)
    if plan is None:
        plan = tuple((a.name, a.metadata.get(VISIBILITY)) for a in attrs.fields(cls))
        _plans[cls] = plan
    return plan


def _redact_attrs(value: Any, player: str) -> Any:
    plan = _plan(type(value))
    values: list[Any] = []
    changed = False
    for name, rule in plan:
        current = getattr(value, name)
        new: Any
        if rule is not None and not rule(value, player):
            new = HIDDEN
        elif isinstance(current, _ATOMS):
            new = current
        else:
            new = _redact(current, player)
        changed = changed or new is not current
        values.append(new)
    if not changed:
        return value
    # Bypass __init__: validators would (rightly) refuse HIDDEN in a real state.
    copy = object.__new__(type(value))
    for (name, _), new in zip(plan, values, strict=True):
        object.__setattr__(copy, name, new)
    return copy


def sample_assignment(
    domains: Sequence[frozenset[K]], pool: Mapping[K, int], rng: random.Random
) -> tuple[K, ...]:
    """Give each unknown item a value from its domain, using each value at most ``pool`` times.

    This is the heart of determinisation for hidden identities: ``domains[i]`` holds the
    values item ``i`` may still have given what a player saw (a piece that moved is no
    landmine; a piece that beat a 3 is a 4 or 5), ``pool`` the values left in the army or bag.
    Items are filled most-constrained first; each draws a value with probability proportional
    to its remaining count, backtracking on dead ends.  The same ``rng`` state gives the same
    answer in every process.

    :raises ValueError: if no assignment exists (the inputs contradict each other).
    """
    remaining = {value: count for value, count in pool.items() if count > 0}
    order = sorted(range(len(domains)), key=lambda i: (len(domains[i]), rng.random()))
    chosen: dict[int, K] = {}

    def fill(position: int) -> bool:
        if position == len(order):
            return True
        item = order[position]
        # The pool's order, not the domain's: set order depends on the hash seed.
        candidates = [v for v, n in remaining.items() if n > 0 and v in domains[item]]
        while candidates:
            weights = [remaining[v] for v in candidates]
            value = rng.choices(candidates, weights)[0]
            candidates.remove(value)
            remaining[value] -= 1
            chosen[item] = value
            if fill(position + 1):
                return True
            remaining[value] += 1
        return False

    if not fill(0):
        raise ValueError("no assignment of values fits the domains and the pool")
    return tuple(chosen[i] for i in range(len(domains)))
