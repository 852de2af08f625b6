"""Determinisation: a full SAW state consistent with everything one player knows.

What a player knows (see :mod:`wargames.saw.state`): the public record — point totals, plots
once revealed, moves, who attacked whom, every hit and whether it did damage, destructions —
and their own units' designs, allocations, hit points and rolls.  :func:`determinize` replays
the player's view of the log from the start and draws every secret the player cannot see:

* other units' designs (unless published: a ready design from the options), uniformly among
  those of their points whose movement covers every move they were seen to plot (movement
  only ever goes down, so the floor is the longest move still to come); under "Variable
  Traits", each turn's re-allocation likewise;
* the hidden totals of every attack, from the 2d6 distribution conditioned on what is known:
  the public hit or miss and damage or no damage, the player's own totals, the hit points
  the player's units took;
* the hit points other units took, consistent with the record: every damaging hit does at
  least 1, a unit survives a turn exactly when its hits stay below its remaining points (a
  destroyed unit's reach them), and, once the record of re-allocations is revealed, they match
  the points each unit had left;
* other units' damage allocations (never below zero, never under a future move's floor), the
  plots of players who have submitted theirs (random legal plots), and everyone's progress
  in the current phase (nothing yet for those still acting).

A draw that makes some seen result impossible is thrown away and the replay starts again.
After :data:`ATTEMPTS` such tries (rare: the constraints are loose, as a player sees no roll
of another player's), the last replay keeps every public fact and the player's own
knowledge but lets the hidden totals fall outside what two dice can roll (a unit still
standing gets a fresh design if the replay wore it down below its hits).  Either way the
result gives the player exactly the same view.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from wargames.core.events import EventLog
from wargames.saw.state import (
    Allocated,
    Attacked,
    Designed,
    Destroyed,
    Order,
    Plot,
    PlotRevealed,
    Reallocated,
    RecordRevealed,
    SawState,
    Sheet,
    Shot,
    Unit,
)
from wargames.saw.units import (
    ENDURANCE,
    EVASION,
    MOVEMENT,
    accuracy_index,
    damage_index,
    random_design,
)

if TYPE_CHECKING:
    from wargames.saw.rules import Saw

__all__ = ["ATTEMPTS", "determinize"]

ATTEMPTS: Final = 40
"""Replays tried with every roll possible before the lenient one."""
SUMS: Final = {total: 6 - abs(total - 7) for total in range(2, 13)}
"""How many of the 36 rolls of 2d6 give each total."""
NO_LIMIT: Final = 10**9


def _lowest(a: int | None, b: int | None) -> int | None:
    """The lower of two upper bounds (``None``: no bound)."""
    if a is None:
        return b
    return a if b is None else min(a, b)


class _Reject(Exception):
    """This draw cannot have produced what the player saw."""


def determinize(game: Saw, view: SawState, player: str, rng: random.Random) -> SawState:
    """A state whose view for ``player`` is ``view``, drawn as the module describes."""
    known = _knowledge(game, view, player)
    for _ in range(ATTEMPTS):
        try:
            return _Sampler(known, rng, strict=True).run()
        except _Reject:
            continue
    return _Sampler(known, rng, strict=False).run()


@lru_cache(maxsize=8)
def _knowledge(game: Saw, view: SawState, player: str) -> _Knowledge:
    """What ``view``'s log tells ``player``, worked out once for all the draws from it (a
    search draws dozens of worlds from one view)."""
    return _Knowledge(game, view, player)


class _Knowledge:
    """The bounds ``player``'s view puts on hidden traits, turn by turn, and the public
    record of damage: read once from the log, then only read."""

    def __init__(self, game: Saw, view: SawState, player: str) -> None:
        self.game = game
        self.view = view
        self.player = player
        self.variable = game.options.variable_traits
        self.low: dict[int, dict[int, list[int]]] = {}
        self.high: dict[int, dict[int, list[int | None]]] = {}
        self.first_damage: dict[int, int] = {}
        self.damaging: Counter[tuple[int, int]] = Counter()
        self.destroyed: set[tuple[int, int]] = set()
        self.record: dict[tuple[int, str], tuple[int, ...]] = {}
        for event in view.log:
            self._scan(event)

    def _scan(self, event: Any) -> None:
        index = self.game.unit_index
        if isinstance(event, PlotRevealed):
            for order in event.orders:
                cost = self.game.arena.path_cost(order.path)
                self._bound(index(order.unit), event.turn, MOVEMENT, low=cost)
        elif isinstance(event, Attacked):
            target = index(event.target)
            if event.damaged:
                self.damaging[target, event.turn] += 1
                self.first_damage.setdefault(target, event.turn)
            self._bounds_from(event, target)
        elif isinstance(event, Destroyed):
            self.destroyed.add((index(event.unit), event.turn))
        elif isinstance(event, RecordRevealed):
            self.record = {(turn, unit): traits for turn, unit, traits in event.entries}

    def _bounds_from(self, event: Attacked, target: int) -> None:
        """What the player's own totals say about the other side's traits in this attack: a
        roll of 2d6 adds 2 to 12, so a seen total beaten (or not) bounds the unseen trait."""
        turn = event.turn
        if event.player == self.player:
            roll = event.attack_roll
            if event.hit:
                self._bound(target, turn, EVASION, high=roll - 3)
                damage = event.damage_roll
                assert damage is not None
                if event.damaged:
                    self._bound(target, turn, ENDURANCE, high=damage - 3)
                else:
                    self._bound(target, turn, ENDURANCE, low=damage - 12)
            else:
                self._bound(target, turn, EVASION, low=roll - 12)
        elif event.defender == self.player and len(event.attackers) == 1:
            ((unit, weapon),) = event.attackers
            attacker = self.game.unit_index(unit)
            roll = event.evasion_roll + event.penalty
            aim, hurt = accuracy_index(weapon), damage_index(weapon)
            if not event.hit:
                self._bound(attacker, turn, aim, high=roll - 2)
                return
            self._bound(attacker, turn, aim, low=roll - 11)
            endurance = event.endurance_roll
            assert endurance is not None
            points = event.hit_points
            if points:
                self._bound(attacker, turn, hurt, low=endurance + points - 12)
                self._bound(attacker, turn, hurt, high=endurance + points - 2)
            else:
                self._bound(attacker, turn, hurt, high=endurance - 2)

    def _bound(
        self, unit: int, turn: int, slot: int, *, low: int = 0, high: int | None = None
    ) -> None:
        """Unit ``unit`` had ``low <= trait <= high`` when it attacked or was attacked (or
        moved) in ``turn``."""
        if self.mine(unit):
            return
        size = len(self.game.traits[unit])
        lows = self.low.setdefault(unit, {}).setdefault(turn, [0] * size)
        lows[slot] = max(lows[slot], low)
        if high is not None:
            highs = self.high.setdefault(unit, {}).setdefault(turn, [None] * size)
            old = highs[slot]
            highs[slot] = high if old is None else min(old, high)

    def mine(self, index: int) -> bool:
        return self.view.units[index].owner == self.player

    def floor(self, index: int, turns: Callable[[int], bool]) -> list[int]:
        """The highest lower bound of each trait of unit ``index`` over the ``turns``."""
        floor = [0] * len(self.game.traits[index])
        for turn, lows in self.low.get(index, {}).items():
            if turns(turn):
                floor = [max(a, b) for a, b in zip(floor, lows, strict=True)]
        return floor

    def ceiling(self, index: int, turns: Callable[[int], bool]) -> list[int | None]:
        """The lowest upper bound of each trait of unit ``index`` over the ``turns``."""
        ceiling: list[int | None] = [None] * len(self.game.traits[index])
        for turn, highs in self.high.get(index, {}).items():
            if turns(turn):
                ceiling = [_lowest(a, b) for a, b in zip(ceiling, highs, strict=True)]
        return ceiling

    def hits_after(self, index: int, turn: int) -> int:
        """The damaging hits unit ``index`` takes after ``turn`` in the turns it survives:
        each does at least 1 point, so it must keep more points than that."""
        end = min((t for unit, t in self.destroyed if unit == index), default=NO_LIMIT)
        return sum(n for (unit, t), n in self.damaging.items() if unit == index and turn < t < end)

    def kept(self, index: int, after: int) -> list[int]:
        """What each trait of unit ``index`` must keep after the damage of turn ``after``:
        without variable traits, every later bound (traits only go down); with them, only
        the total the next re-allocation needs."""
        if self.variable:
            needed = sum(self.low.get(index, {}).get(after + 1, ()))
            return [needed] + [0] * (len(self.game.traits[index]) - 1)
        return self.floor(index, lambda turn: turn > after)


class _Sampler:
    """One replay of the view's log, drawing what the player cannot see."""

    def __init__(self, known: _Knowledge, rng: random.Random, *, strict: bool) -> None:
        self.known = known
        self.game = known.game
        self.view = known.view
        self.player = known.player
        self.rng = rng
        self.strict = strict
        count = len(self.view.units)
        self.traits: list[list[int]] = [[] for _ in range(count)]
        self.taken = [0] * count
        self.seen: Counter[tuple[int, int]] = Counter()

    def _fail(self) -> None:
        if self.strict:
            raise _Reject

    def _design(
        self, index: int, total: int, floor: list[int], ceiling: list[int | None]
    ) -> list[int]:
        unit = self.view.units[index]
        draw = self.rng.randrange
        try:
            design = random_design(
                total,
                unit.weapons,
                draw,
                cap=self.game.options.weapon_cap,
                floor=floor,
                ceiling=ceiling,
            )
        except ValueError:
            self._fail()
            design = random_design(total, unit.weapons, draw, cap=self.game.options.weapon_cap)
        return list(design)

    # -- the log ----------------------------------------------------------------------------

    def run(self) -> SawState:
        log = EventLog(self._replay(self.view.log))
        units = tuple(self._unit(i, unit) for i, unit in enumerate(self.view.units))
        return SawState(
            rng=self.game.fresh_rng(self.rng),
            log=log,
            clock=self.view.clock,
            units=units,
            plots=tuple(self._plot(plot, units) for plot in self.view.plots),
            waiting=self.view.waiting,
            result=self.view.result,
        )

    def _replay(self, log: EventLog) -> Iterator[Any]:
        handlers: dict[type, Callable[[Any], Any]] = {
            Designed: self._designed,
            Reallocated: self._reallocated,
            Attacked: self._attacked,
            Destroyed: self._destroyed,
            Allocated: self._allocated,
        }
        for event in log:
            handler = handlers.get(type(event))
            yield event if handler is None else handler(event)

    def _designed(self, event: Designed) -> Designed:
        index = self.game.unit_index(event.unit)
        if self.known.mine(index) or event.published:
            self.traits[index] = list(event.traits)
            return event
        known = self.known.record.get((0, event.unit))
        points = self.view.units[index].points
        if known:
            traits = list(known)
        elif self.known.variable:  # each turn's re-allocation is drawn on its own
            traits = self._design(index, points, [], [])
        else:  # traits only go down: every bound before its first damage is on the design
            first = self.known.first_damage.get(index, NO_LIMIT)
            floor = self.known.floor(index, lambda turn: True)
            traits = self._design(
                index, points, floor, self.known.ceiling(index, lambda t: t <= first)
            )
        self.traits[index] = traits
        return Designed(event.unit, event.owner, tuple(traits))

    def _reallocated(self, event: Reallocated) -> Reallocated:
        index = self.game.unit_index(event.unit)
        if self.known.mine(index):
            self.traits[index] = list(event.traits)
            return event
        total = sum(self.traits[index])
        known = self.known.record.get((event.turn, event.unit))
        if known is not None and sum(known) != total:
            self._fail()
        if known:
            traits = list(known)
        else:
            now = event.turn
            floor = self.known.floor(index, lambda turn: turn == now)
            traits = self._design(
                index, total, floor, self.known.ceiling(index, lambda t: t == now)
            )
        self.traits[index] = traits
        return Reallocated(event.turn, event.unit, event.owner, tuple(traits))

    def _attacked(self, event: Attacked) -> Attacked:
        index = self.game.unit_index
        accuracy = damage = 0
        for unit, weapon in event.attackers:
            traits = self.traits[index(unit)]
            accuracy += traits[accuracy_index(weapon)]
            damage += traits[damage_index(weapon)]
        target = index(event.target)
        defence = self.traits[target]
        attacker, defender = event.player == self.player, event.defender == self.player
        hit_margin = (1, NO_LIMIT) if event.hit else (-NO_LIMIT, 0)
        attack_roll, evasion_roll = self._pair(
            accuracy - event.penalty,
            defence[EVASION],
            event.attack_roll if attacker else None,
            event.evasion_roll if defender else None,
            hit_margin,
        )
        damage_roll: int | None = None
        endurance_roll: int | None = None
        points = 0
        if event.hit:
            if defender:
                points = event.hit_points
                margin = (points, points) if points else (-NO_LIMIT, 0)
            else:
                margin = self._hit_points(target, event.turn) if event.damaged else (-NO_LIMIT, 0)
            damage_roll, endurance_roll = self._pair(
                damage,
                defence[ENDURANCE],
                event.damage_roll if attacker else None,
                event.endurance_roll if defender else None,
                margin,
            )
            points = max(0, damage_roll - endurance_roll)
        if event.damaged:
            self.seen[target, event.turn] += 1
        self.taken[target] += points
        return Attacked(
            event.turn,
            event.player,
            event.attackers,
            event.target,
            event.defender,
            event.penalty,
            event.hit,
            event.damaged,
            attack_roll,
            evasion_roll,
            damage_roll,
            endurance_roll,
            points,
        )

    def _hit_points(self, target: int, turn: int) -> tuple[int, int]:
        """The hit points the next damaging hit on ``target`` in ``turn`` may do so that the
        turn's total fits the record (see the module docs)."""
        hits = self.known.damaging[target, turn]
        later = hits - self.seen[target, turn] - 1
        so_far = self.taken[target]
        left = sum(self.traits[target])
        unit = self.view.units[target].id
        after = self.known.record.get((turn + 1, unit))
        if (target, turn) in self.known.destroyed:
            low, high = left, NO_LIMIT
        elif after is not None:
            low = high = left - sum(after)
        else:
            need = max(1 + self.known.hits_after(target, turn), sum(self.known.kept(target, turn)))
            low, high = hits, left - need
        top = high - so_far - later
        bottom = max(1, low - so_far) if later == 0 else 1
        if bottom > top:
            self._fail()
            top = bottom
        return bottom, top

    def _pair(
        self,
        first: int,
        second: int,
        first_total: int | None,
        second_total: int | None,
        margin: tuple[int, int],
    ) -> tuple[int, int]:
        """Totals of ``2d6 + first`` and ``2d6 + second`` whose difference lies in ``margin``,
        drawn with their dice's chances; a known total is kept."""
        low, high = margin
        firsts = [first_total] if first_total is not None else [s + first for s in SUMS]
        seconds = [second_total] if second_total is not None else [s + second for s in SUMS]
        options = [
            (a, b)
            for a in firsts
            for b in seconds
            if low <= a - b <= high and a - first in SUMS and b - second in SUMS
        ]
        if options:
            weights = [SUMS[a - first] * SUMS[b - second] for a, b in options]
            return self.rng.choices(options, weights)[0]
        self._fail()
        wanted = low if low > -NO_LIMIT else high
        if first_total is not None and second_total is not None:
            return first_total, second_total
        if first_total is not None:
            return first_total, first_total - wanted
        b = second_total if second_total is not None else second + 7
        return b + wanted, b

    def _destroyed(self, event: Destroyed) -> Destroyed:
        index = self.game.unit_index(event.unit)
        if not self.known.mine(index) and self.taken[index] < sum(self.traits[index]):
            self._fail()
        self.traits[index] = [0] * len(self.traits[index])
        self.taken[index] = 0
        return event

    def _allocated(self, event: Allocated) -> Allocated:
        index = self.game.unit_index(event.unit)
        points, self.taken[index] = self.taken[index], 0
        if self.known.mine(index):
            amounts = list(event.amounts)
        else:
            amounts = self._spread(index, points, self.known.kept(index, event.turn))
        self.traits[index] = [t - a for t, a in zip(self.traits[index], amounts, strict=True)]
        if self.known.mine(index):
            return event
        return Allocated(event.turn, event.unit, event.owner, tuple(amounts))

    def _spread(self, index: int, points: int, floor: list[int]) -> list[int]:
        """``points`` hit points subtracted from unit ``index``'s traits, a point at a time,
        never below zero nor below ``floor`` (under variable traits: its first entry is the
        total that must be left)."""
        traits = self.traits[index]
        if self.known.variable:
            room = list(traits) if sum(traits) - points >= floor[0] else []
        else:
            room = [max(0, t - f) for t, f in zip(traits, floor, strict=True)]
        if points > sum(room) or not room:
            self._fail()
            room = list(traits)
        amounts = [0] * len(traits)
        for _ in range(min(points, sum(room))):
            slot = self.rng.choices(range(len(room)), room)[0]
            room[slot] -= 1
            amounts[slot] += 1
        return amounts

    # -- where the current phase stands ------------------------------------------------------

    def _unit(self, index: int, unit: Unit) -> Unit:
        if self.known.mine(index):
            return unit
        view = self.view
        phase = self.game.phase(view)
        traits = self.traits[index]
        if not traits:  # the design phase: nothing recorded yet
            if unit.owner in view.waiting:
                sheet = Sheet((0,) * len(self.game.traits[index]), pool=unit.points)
            else:
                sheet = Sheet(self._design(index, unit.points, [], []))
        elif not unit.alive:
            sheet = Sheet((0,) * len(traits))
        elif phase == "damage" and self.taken[index]:
            points = self.taken[index]
            if points >= sum(traits):  # a lenient replay wore it down: alive, it has more
                self._fail()
                traits = self._design(index, min(unit.points, points + 1), [], [])
            if unit.owner in view.waiting or view.result is not None:
                sheet = Sheet(traits, hits=points)
            else:
                amounts = self._spread(index, points, [0] * len(traits))
                left = [t - a for t, a in zip(traits, amounts, strict=True)]
                sheet = Sheet(left, wounds=amounts)
        else:
            sheet = Sheet(traits)
        return unit.with_sheet(sheet)

    def _plot(self, plot: Plot, units: tuple[Unit, ...]) -> Plot:
        player = plot.player
        if player == self.player:
            return plot
        view = self.view
        phase = self.game.phase(view)
        owned = [u for u in units if u.owner == player and u.alive]
        if phase == "damage" or view.result is not None:
            return Plot(player, ())
        if phase == "design" or player in view.waiting:
            return Plot(player, tuple(Order(u.id) for u in owned))
        return Plot(player, tuple(self._random_order(u, units) for u in owned))

    def _random_order(self, unit: Unit, units: tuple[Unit, ...]) -> Order:
        """A complete, legal plot for ``unit``: a random walk within its movement and a random
        attack for about half of its weapons."""
        game = self.game
        order = Order(unit.id)
        while self.rng.random() < 0.6:
            steps = [d for d in range(6) if game._step_problem(unit, unit.sheet, order, d) is None]
            if not steps:
                break
            here = order.path[-1] if order.path else unit.hex
            assert here is not None
            there = game.arena.step(here, self.rng.choice(steps))
            assert there is not None
            order = Order(unit.id, (*order.path, there))
        enemies = [u.id for u in units if u.owner != unit.owner and u.alive]
        shots: list[Shot] = []
        for weapon in range(1, unit.weapons + 1):
            if enemies and self.rng.random() < 0.5:
                target = self.rng.choice(enemies)
                joined = any(s.coordinated and s.target == target for s in shots)
                together = game.options.coordination and not joined and self.rng.random() < 0.5
                shots.append(Shot(weapon, target, together))
        return Order(unit.id, order.path, shots, done=True)
