"""Declarative turn structure: an optional set-up sequence, then a repeating cycle of phases.

A game declares its turn once, as data::

    TurnStructure(
        setup=(Phase("deploy"),),
        cycle=(Phase("plot", Mode.SIMULTANEOUS), Phase("move"), Phase("attack")),
    )

and keeps a :class:`Clock` in its state.  The kernel answers who acts (:meth:`TurnStructure.
actors`) and what comes next (:meth:`TurnStructure.advance`).  Within a phase, a game decides
itself when a player's part is done (two moves, a "done" action, a full plot) and then
advances the clock.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator, Sequence

from attrs import field, frozen

__all__ = ["Clock", "Mode", "Phase", "TurnStructure"]


class Mode(enum.Enum):
    """How the players take part in a phase."""

    SEQUENTIAL = "sequential"
    """Each player in turn order, one after another."""
    SIMULTANEOUS = "simultaneous"
    """Every player at once (secret plots, allocations)."""


@frozen
class Phase:
    """One step of a turn, e.g. ``Phase("move")`` or ``Phase("plot", Mode.SIMULTANEOUS)``."""

    name: str
    mode: Mode = Mode.SEQUENTIAL


def _tuple_of_phases(items: Iterable[Phase]) -> tuple[Phase, ...]:
    return tuple(items)


def _tuple_of_seats(items: Iterable[int]) -> tuple[int, ...]:
    return tuple(items)


@frozen
class Clock:
    """Where the game is in its turn structure.

    ``turn`` is 0 during set-up and counts full cycles from 1; ``phase`` indexes the
    structure's phases (set-up first); ``seat`` is the position in ``order`` of the player
    acting in a sequential phase; ``order`` is the turn order as indices into the players.
    """

    turn: int
    phase: int
    seat: int
    order: tuple[int, ...] = field(converter=_tuple_of_seats)

    def with_order(self, order: Sequence[int]) -> Clock:
        """The same moment with a new turn order (e.g. initiative rolled each turn)."""
        if sorted(order) != list(range(len(self.order))):
            raise ValueError(f"turn order must be a permutation of the seats, got {order!r}")
        return Clock(self.turn, self.phase, self.seat, tuple(order))


@functools.cache
def _alone(player: str) -> frozenset[str]:
    """The one-player set, made once per player (``to_act`` is called in every loop)."""
    return frozenset((player,))


@frozen
class TurnStructure:
    """A game's turn: ``setup`` phases played once, then ``cycle`` phases repeated."""

    cycle: tuple[Phase, ...] = field(converter=_tuple_of_phases)
    setup: tuple[Phase, ...] = field(default=(), converter=_tuple_of_phases)

    phases: tuple[Phase, ...] = field(init=False, eq=False, repr=False)
    """Set-up phases followed by the cycle's phases (the indices of ``Clock.phase``)."""
    _together: tuple[bool, ...] = field(init=False, eq=False, repr=False)
    """By phase index, whether every player acts at once (read on every ``to_act``: an
    enum member costs a class lookup each time it is named)."""

    def __attrs_post_init__(self) -> None:
        if not self.cycle:
            raise ValueError("a turn structure needs at least one phase in its cycle")
        phases = self.setup + self.cycle
        object.__setattr__(self, "phases", phases)
        together = tuple(phase.mode is Mode.SIMULTANEOUS for phase in phases)
        object.__setattr__(self, "_together", together)

    def start(self, players: int) -> Clock:
        """The clock at the first phase: set-up if there is any, else turn 1."""
        if players < 1:
            raise ValueError("a game needs at least one player")
        return Clock(0 if self.setup else 1, 0, 0, tuple(range(players)))

    def clock_problems(self, clock: Clock, players: int) -> Iterator[str]:
        """What is wrong with ``clock`` for this structure and ``players`` seats (for a
        game's :meth:`~wargames.core.game.Game.violations`): each problem in a sentence."""
        if not 0 <= clock.phase < len(self.phases):
            yield f"phase {clock.phase} is not one of the {len(self.phases)} phases"
        elif (clock.turn == 0) != self.in_setup(clock):
            yield f"turn {clock.turn} does not fit phase {self.phases[clock.phase].name!r}"
        if clock.turn < 0:
            yield f"turn {clock.turn} is negative"
        if sorted(clock.order) != list(range(players)):
            yield f"the turn order {list(clock.order)} is not an order of {players} seats"
        if not 0 <= clock.seat < max(len(clock.order), 1):
            yield f"seat {clock.seat} is not in the turn order"

    def phase(self, clock: Clock) -> Phase:
        """The phase the clock is in."""
        return self.phases[clock.phase]

    def in_setup(self, clock: Clock) -> bool:
        """Whether the clock is still in the set-up phases."""
        return clock.phase < len(self.setup)

    def actors(self, clock: Clock, players: Sequence[str]) -> frozenset[str]:
        """The players who act at ``clock``: one in a sequential phase, all in a simultaneous."""
        if self._together[clock.phase]:
            return frozenset(players)
        return _alone(players[clock.order[clock.seat]])

    def actor(self, clock: Clock, players: Sequence[str]) -> str:
        """The one player acting in a sequential phase.

        :raises ValueError: in a simultaneous phase.
        """
        if self._together[clock.phase]:
            raise ValueError(f"phase {self.phase(clock).name!r} is simultaneous")
        return players[clock.order[clock.seat]]

    def advance(self, clock: Clock) -> Clock:
        """The next moment: the next seat of a sequential phase, else the next phase.

        After the last cycle phase the turn number grows by one and the cycle restarts.
        """
        if clock.seat + 1 < len(clock.order) and not self._together[clock.phase]:
            return Clock(clock.turn, clock.phase, clock.seat + 1, clock.order)
        if clock.phase + 1 < len(self.phases):
            next_phase = clock.phase + 1
            turn = 1 if next_phase == len(self.setup) and clock.turn == 0 else clock.turn
            return Clock(turn, next_phase, 0, clock.order)
        return Clock(clock.turn + 1, len(self.setup), 0, clock.order)
