"""SAW for learning agents: its action space, its observation vector, its length.

**Actions** (:func:`every_action`), per unit of the player in army order: every damage
allocation and every point assignment (each trait, each chunk of points), the re-allocation,
the six steps, every attack (each enemy unit, each weapon, coordinated or not when the
advanced rule is on), and "done".

**Observation** (:func:`encode_view`): a ``float32`` vector, ``UNIT_FEATURES`` values for each
unit (in the state's unit order, the same for every player), then the global values; all from
the player's view (another player's traits, pool and plot are never read):

=========================== ================================================================
place (unit ``u``: ``u*F+``) holds
=========================== ================================================================
0                           the unit is on the map
1                           the unit is the player's
2                           the unit has taken damage (public)
3                           its point total, as a share of the largest unit's
4                           its weapons, as a share of the most weapons
5, 6                        its hex: column and row, as shares of the map's extent
7 .. 7+T-1                  the player's own unit: each trait (movement, evasion, endurance,
                            then accuracy and damage per weapon), as a share of its points
7+T, 8+T                    the player's own unit: points unassigned, hit points to allocate
9+T                         the player's own unit: its order for this turn is done
10+T                        the player's own unit: hexes plotted, as a share of its points
11+T                        the player's own unit: attacks plotted, as a share of its weapons
=========================== ================================================================

with ``T`` the traits of a unit with the most weapons (a unit with fewer leaves the rest 0)
and ``F`` = ``UNIT_FEATURES``.  Then: the phase (design, plot, damage; one-hot), the turn as a
share of the turn limit, whether the player is to act, and which unit the player acts for
next (one-hot over the units).

**Length** (:func:`max_game_length`): the design, then in each turn to the limit, for every
unit, a re-allocation and its points assigned again, a step per point, an attack per weapon,
"done", and a hit point allocated per point.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from wargames.core.codec import numpy_or_explain
from wargames.core.encoding import PieceRows, per_game
from wargames.core.hidden import is_hidden
from wargames.saw.state import (
    Allocate,
    Assign,
    Attack,
    Done,
    Release,
    SawAction,
    SawState,
    Step,
    Unit,
)
from wargames.saw.units import trait_names

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

    from wargames.saw.rules import Saw

__all__ = ["encode_view", "every_action", "max_game_length", "observation_shape"]

_PHASES = ("design", "plot", "damage")


def every_action(game: Saw, player: str) -> Iterator[SawAction]:
    """Every action ``player`` could ever take, in the order documented above."""
    flags = (False, True) if game.options.coordination else (False,)
    enemies = [unit for unit, owner in zip(game.ids, game.owners, strict=True) if owner != player]
    for index, unit in enumerate(game.ids):
        if game.owners[index] != player:
            continue
        names = game.traits[index]
        yield from (Allocate(player, unit, t, n) for t in names for n in game.chunks)
        yield from (Assign(player, unit, t, n) for t in names for n in game.chunks)
        yield Release(player, unit)
        yield from (Step(player, unit, d) for d in range(6))
        for target in enemies:
            for weapon in range(1, game.weapons[index] + 1):
                yield from (Attack(player, unit, target, weapon, c) for c in flags)
        yield Done(player, unit)


def _traits(game: Saw) -> int:
    return len(trait_names(max(game.weapons)))


def unit_features(game: Saw) -> int:
    """How many values describe one unit."""
    return 12 + _traits(game)


def observation_shape(game: Saw) -> tuple[int]:
    """One vector: every unit's values, then the global ones."""
    units = len(game.ids)
    return (units * unit_features(game) + len(_PHASES) + 2 + units,)


class _Layout:
    """What :func:`encode_view` works out once per game: the scales of the vector, and each
    unit's values as the view shows it remembered (:class:`~wargames.core.encoding.PieceRows`:
    a view of the next position re-encodes only the units whose views changed)."""

    def __init__(self, game: Saw) -> None:
        self.width = unit_features(game)
        self.traits = _traits(game)
        self.most_points = max(spec.points for spec in game.specs)
        self.most_weapons = max(game.weapons)
        cells = [game.arena.board.node(i) for i in range(len(game.arena.board))]
        self.q_low, q_high = min(h.q for h in cells), max(h.q for h in cells)
        self.r_low, r_high = min(h.r for h in cells), max(h.r for h in cells)
        self.q_span = max(q_high - self.q_low, 1)
        self.r_span = max(r_high - self.r_low, 1)
        self.units = len(game.ids)
        self.shape = observation_shape(game)
        self.rows = PieceRows(self.unit)

    def unit(self, unit: Unit, player: str) -> NDArray[numpy.float32]:
        """A unit's values as ``player``'s view shows it, but its order (see the module
        docs)."""
        values: list[float] = [0.0] * self.width
        values[0:5] = (
            unit.alive,
            unit.owner == player,
            unit.damaged,
            unit.points / self.most_points,
            unit.weapons / self.most_weapons,
        )
        if unit.hex is not None:
            values[5] = (unit.hex.q - self.q_low) / self.q_span
            values[6] = (unit.hex.r - self.r_low) / self.r_span
        if unit.owner == player and not is_hidden(unit.sheet):
            sheet = unit.sheet
            traits = self.traits
            values[7 : 7 + len(sheet.traits)] = [t / unit.points for t in sheet.traits]
            values[7 + traits] = sheet.pool / unit.points
            values[8 + traits] = min(sheet.hits / unit.points, 1.0)
        np = numpy_or_explain()
        return np.array(values, dtype=np.float32)  # type: ignore[no-any-return]


_layout = per_game(_Layout)
"""The layout of a game, worked out once."""


def encode_view(game: Saw, view: SawState, player: str) -> NDArray[numpy.float32]:
    """``player``'s view as a vector (see the module docs).

    A sheet and a plot are read only where they are ``player``'s own (what redaction leaves
    them), so this gives the same vector for a state as for the player's view of it, and
    :meth:`~wargames.saw.rules.Saw.observation_tensor` calls it on the state itself, sparing
    the redaction (``tests/envs/test_fast_encoding.py`` checks that the two agree).
    """
    np = numpy_or_explain()
    layout = _layout(game)
    width, traits = layout.width, layout.traits
    vector: Any = np.zeros(layout.shape, dtype=np.float32)
    rows = vector[: layout.units * width].reshape(layout.units, width)
    layout.rows.fill(rows, view.units, player)
    plot = view.plots[game.players.index(player)] if view.plots else None
    if plot is not None and not is_hidden(plot.orders) and plot.orders:
        orders = {o.unit: o for o in plot.orders}
        for u, unit in enumerate(view.units):
            order = orders.get(unit.id)
            if order is not None and unit.owner == player and not is_hidden(unit.sheet):
                rows[u, 9 + traits : 12 + traits] = (
                    order.done,
                    min(len(order.path) / unit.points, 1.0),
                    len(order.shots) / unit.weapons,
                )
    tail = layout.units * width
    phase = game.phase(view)
    vector[tail + _PHASES.index(phase)] = 1
    limit = game.options.turn_limit
    vector[tail + 3] = min(view.clock.turn / limit, 1.0) if limit else 0.0
    acting = player in game.to_act(view)
    vector[tail + 4] = acting
    current = game.current_unit(view, player) if acting else None
    if current is not None:
        vector[tail + 5 + current] = 1
    return vector  # type: ignore[no-any-return]


def max_game_length(game: Saw) -> int:
    """An upper bound on the actions of one game (see the module docs).

    :raises NotImplementedError: without a turn limit (a game may then go on for ever).
    """
    limit = game.options.turn_limit
    if limit is None:
        raise NotImplementedError("SAW without a turn limit has no bound on its length")
    design = sum(spec.points for spec in game.specs)
    turn = sum(3 * s.points + w + 2 for s, w in zip(game.specs, game.weapons, strict=True))
    return design + limit * turn
