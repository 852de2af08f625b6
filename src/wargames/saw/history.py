"""Sampled pasts: a full SAW start and every action since, which replays to one player's view.

What a player knows (see :mod:`wargames.saw.state`): the public record — where every unit
started, point totals, plots once revealed, moves, who attacked whom, every hit and whether it
did damage, destructions — their own units' designs, allocations, hit points and rolls, and
their diary: the order of their own actions and when each other player finished each phase.
:func:`sample_history` walks the player's diary through the game's own rules
(``apply_unchecked``), drawing what the player cannot see where the diary says another player
acted:

* other units' designs (unless published) and, under "Variable Traits", each turn's
  allocation, uniformly among those in which every attack the unit's revealed plot fires may
  fire (:meth:`~wargames.saw.rules.Saw.may_fire`) and between the floors and ceilings the
  record implies (:class:`_Knowledge`): movement for every plotted move; the player's own
  rolls bound the other side's trait of that turn (a hit by an attack total of 9 means
  evasion at most 6, a miss by 14 evasion at least 2, a defence total of 8 that was hit
  means accuracy at least ``8 - 11`` plus the range penalty, the hit points a unit of the
  player's took give the attacker's damage within 10); traits only go down without variable
  traits, so a floor holds back to the design and every damage allocation before it must
  keep it, and a ceiling holds for the design until the first damage and for each
  allocation until the next;
* the dice of every attack, forced into the stream (:meth:`~wargames.core.rng.Rng.with_forced`)
  just before the plots that roll them are resolved: the player's own totals as seen, the
  others drawn with their 2d6 chances conditioned on every public result and on a budget of
  hit points per unit and turn — a unit destroyed that turn takes at least what it had left,
  one that survives keeps enough for every damaging hit still to come and for every later
  floor (:meth:`_Knowledge.need`: a hit does at least 1 point, and at least the player's
  damage total less the endurance and 12, so what it keeps depends on the endurance it
  keeps), few enough for the hits that destroy it later to do so (:meth:`_Knowledge.cap`:
  at most the player's total less the endurance and 2), and takes enough to come under every
  ceiling until it is next damaged (once the record of allocations is revealed, exactly what
  it shows);
* the other players' damage allocations (within the same floors and ceilings, and keeping an
  endurance with which the later hits can do what the record says:
  :meth:`_Knowledge.endurance`) and, for a player who has submitted a plot not yet revealed,
  a random legal plot; a player still acting has done nothing yet.

A draw that cannot produce what the player saw (a total outside what two dice can roll, a
budget with no room left) is thrown away and the walk starts again, at most :data:`TRIES`
times; every resolution's events are compared with the view's as they happen, so a past that
is returned always replays to the view.  :class:`NoPast` reports a view for which no
past was found (not seen in the benchmarks: ``python -m benchmarks.histories``).  Before the
bounds on the later hits' points (issue 31), a long bot game could throw away almost every
walk: a unit hit eight times by high totals, or destroyed by one hit after two others.

The walks share what does not depend on a draw (issue 38): those of one view its
:class:`_Knowledge`, and those of all a player's views each run of the diary that only plots
(the player's steps, attacks and dones, the others' revealed plots), which reads nothing but
the plots, who plots and where the units stand, the same in every walk that has the same
actions for it: the first walk to reach a run works it out
(:meth:`~wargames.saw.rules.Saw.plot_batch`) and every walk applies it at once
(:meth:`~wargames.saw.rules.Saw.with_plot_batch`), with the very state its actions give one
by one (``reuse=False`` applies them one by one: the tests hold the one to the other).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeVar, cast

from wargames.core.errors import NoPast
from wargames.core.events import EventLog
from wargames.core.hidden import redact
from wargames.core.history import History
from wargames.saw.rules import TURNS, PlotBatch
from wargames.saw.state import (
    Allocate,
    Assign,
    Attack,
    Attacked,
    Deployed,
    Designed,
    Destroyed,
    Diary,
    Done,
    Finished,
    PlotRevealed,
    Reallocated,
    RecordRevealed,
    Release,
    SawAction,
    SawState,
    Sheet,
    Step,
    Unit,
    Wrote,
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

__all__ = ["TRIES", "sample_history"]

TRIES: Final = 200
"""Walks tried before :class:`NoPast` (a walk is thrown away only when a draw
cannot give what the player saw)."""
SUMS: Final = {total: 6 - abs(total - 7) for total in range(2, 13)}
"""How many of the 36 rolls of 2d6 give each total."""
NO_LIMIT: Final = 10**9
T = TypeVar("T")


class _Reject(Exception):
    """This draw cannot have produced what the player saw."""


def sample_history(
    game: Saw, view: SawState, player: str, rng: random.Random, *, reuse: bool = True
) -> History:
    """A past whose replay shows ``player`` exactly what ``view`` holds, drawn as the module
    describes.  ``reuse=False`` applies every plotting action one by one instead of the runs
    earlier walks worked out (the same pasts: tests hold the one to the other).

    :raises NoPast: if no walk of :data:`TRIES` found one.
    """
    known = _knowledge(game, view, player)
    for _ in range(TRIES):
        try:
            return _Walk(known, rng, reuse=reuse).run()
        except _Reject:
            continue
    raise NoPast(f"no past found for {player}'s view in {TRIES} tries")


@lru_cache(maxsize=8)
def _knowledge(game: Saw, view: SawState, player: str) -> _Knowledge:
    """What ``view`` tells ``player``, worked out once for all the pasts drawn from it (a
    search draws dozens of worlds from one view)."""
    return _Knowledge(game, view, player)


def _runs(game: Saw, player: str) -> dict[int, _Run]:
    """The plotting runs the walks of ``player``'s views have worked out, by the diary entry
    they start at (a later view's diary goes on from an earlier one's: its past turns' runs
    are the same), kept on the game object (:attr:`~wargames.saw.rules.Saw.kept_runs`) so
    that a past holds that game's own values, not equal ones of another."""
    return cast("dict[int, _Run]", game.kept_runs.setdefault(player, {}))


def _weighted(rng: random.Random, options: Sequence[T], weights: Sequence[int]) -> T:
    """One of ``options``, drawn with chances proportional to its whole-number weight, from
    ``rng.randrange`` alone (``choices`` may ignore weights in a ``random.Random`` subclass,
    as hypothesis's ``randoms()`` does: a weight of 0 must never be drawn)."""
    draw = rng.randrange(sum(weights))
    return options[bisect_right(list(accumulate(weights)), draw)]


def _lowest(a: int | None, b: int | None) -> int | None:
    """The lower of two upper bounds (``None``: no bound)."""
    if a is None:
        return b
    return a if b is None else min(a, b)


class _Knowledge:
    """The view's log sorted by turn, and the bounds it puts on hidden traits: read once,
    then only read."""

    def __init__(self, game: Saw, view: SawState, player: str) -> None:
        self.game = game
        self.view = view
        self.player = player
        self.variable = game.options.variable_traits
        self.diary = list(view.diaries[game.players.index(player)].entries)
        self.events = list(view.log)
        self.low: dict[tuple[int, int], list[int]] = {}
        self.high: dict[tuple[int, int], list[int | None]] = {}
        self.damaging: Counter[tuple[int, int]] = Counter()
        self.destroyed: dict[int, int] = {}
        self.record: dict[tuple[int, str], tuple[int, ...]] = {}
        self.attacks: dict[int, list[Attacked]] = {}
        self.resolved: dict[int, list[Any]] = {}
        self.revealed: dict[tuple[int, str], PlotRevealed] = {}
        self.fired: dict[tuple[int, int], list[int]] = {}
        """The weapons each unit plotted attacks with in each turn (``(turn, unit)``)."""
        self.reallocated: dict[tuple[int, str], Reallocated] = {}
        self.designed: dict[str, Designed] = {}
        self.hits: dict[int, list[tuple[int, int | None]]] = {}
        """Each other unit's damaging hits, in order: (turn, the damage total if the player
        rolled it)."""
        self.needs: dict[tuple[int, int, int], int] = {}
        self.caps: dict[tuple[int, int, int], int] = {}
        self.endurances: dict[tuple[int, int, int], tuple[int, int]] = {}
        self.budgets: dict[tuple[int, int, tuple[int, ...]], tuple[int, int]] = {}
        for event in self.events:
            self._scan(event)
        self.turns = max((t for _, t in self.low), default=0)

    def _scan(self, event: Any) -> None:
        index = self.game.unit_index
        turn = getattr(event, "turn", None)
        if turn is not None:
            self.resolved.setdefault(turn, []).append(event)
        if isinstance(event, Designed):
            self.designed[event.unit] = event
        elif isinstance(event, Reallocated):
            self.reallocated[event.turn, event.unit] = event
        elif isinstance(event, PlotRevealed):
            self.revealed[event.turn, event.player] = event
            for order in event.orders:
                weapons = [shot.weapon for shot in order.shots]
                self.fired[event.turn, index(order.unit)] = weapons
                cost = self.game.arena.path_cost(order.path)
                self._bound(index(order.unit), event.turn, MOVEMENT, low=cost)
        elif isinstance(event, Attacked):
            self.attacks.setdefault(event.turn, []).append(event)
            target = index(event.target)
            if event.damaged:
                self.damaging[target, event.turn] += 1
                rolled = event.damage_roll if event.player == self.player else None
                self.hits.setdefault(target, []).append((event.turn, rolled))
            self._bounds_from(event, target)
        elif isinstance(event, Destroyed):
            self.destroyed[index(event.unit)] = event.turn
        elif isinstance(event, RecordRevealed):
            self.record = {(turn, unit): traits for turn, unit, traits in event.entries}

    def _bounds_from(self, event: Attacked, target: int) -> None:
        """What the player's own totals say about the other side's traits in this attack: a
        roll of 2d6 adds 2 to 12, so a seen total beaten (or not) bounds the unseen trait."""
        turn = event.turn
        if event.player == self.player:
            roll = event.attack_roll
            if not event.hit:
                self._bound(target, turn, EVASION, low=roll - 12)
                return
            self._bound(target, turn, EVASION, high=roll - 3)
            damage = event.damage_roll
            assert damage is not None
            if event.damaged:
                self._bound(target, turn, ENDURANCE, high=damage - 3)
            else:
                self._bound(target, turn, ENDURANCE, low=damage - 12)
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
        """Unit ``unit`` had ``low <= trait <= high`` when it moved or attacked in ``turn``."""
        if self.mine(unit):
            return
        size = len(self.game.traits[unit])
        lows = self.low.setdefault((unit, turn), [0] * size)
        lows[slot] = max(lows[slot], low)
        highs = self.high.setdefault((unit, turn), [None] * size)
        if high is not None:
            highs[slot] = _lowest(highs[slot], high)

    def mine(self, index: int) -> bool:
        return self.game.owners[index] == self.player

    def floor(self, index: int, turns: Callable[[int], bool]) -> list[int]:
        """The highest lower bound of each trait of unit ``index`` over the ``turns``."""
        floor = [0] * len(self.game.traits[index])
        for (unit, turn), lows in self.low.items():
            if unit == index and turns(turn):
                floor = [max(a, b) for a, b in zip(floor, lows, strict=True)]
        return floor

    def ceiling(self, index: int, turns: Callable[[int], bool]) -> list[int | None]:
        """The lowest upper bound of each trait of unit ``index`` over the ``turns``."""
        ceiling: list[int | None] = [None] * len(self.game.traits[index])
        for (unit, turn), highs in self.high.items():
            if unit == index and turns(turn):
                ceiling = [_lowest(a, b) for a, b in zip(ceiling, highs, strict=True)]
        return ceiling

    def next_damage(self, index: int, after: int) -> int:
        """The next turn after ``after`` in which unit ``index`` takes damage (or none)."""
        turns = [t for (unit, t) in self.damaging if unit == index and t > after]
        return min(turns, default=NO_LIMIT)

    def need(self, index: int, after: int, endurance: int) -> int:
        """The fewest points unit ``index`` must keep after the damage of turn ``after``, its
        endurance then at most ``endurance``, to live through the damaging hits still to
        come (its last, if the record destroys it) and keep its floors until each.

        A hit does at least 1 point, and at least the player's damage total less the
        endurance and 12, so the fewest are kept with endurance as high as the points let
        it be: without variable traits, never above what it was; with them, all of them.
        """
        key = (index, after, endurance)
        if key not in self.needs:
            self.needs[key] = self._need(index, after, endurance)
        return self.needs[key]

    def _need(self, index: int, after: int, endurance: int) -> int:
        end = self.destroyed.get(index, NO_LIMIT)
        later = [(t, rolled) for t, rolled in self.hits.get(index, ()) if after < t < end]
        turn = later[0][0] if later else end
        least = max(1, self._floors(index, after, turn))
        if not later:
            return least
        rolls = [rolled for t, rolled in later if t == turn]
        points = self.game.specs[index].points
        others = 0 if self.variable else self._others(index, after)
        for left in range(least, points + 1):
            kept = min(endurance, left - others)
            taken = sum(1 if r is None else max(1, r - kept - 12) for r in rolls)
            rest = left - taken
            if rest >= 1 and rest >= self.need(index, turn, min(kept, rest)):
                return left
        return points + 1

    def _floors(self, index: int, after: int, until: int) -> int:
        """The most points unit ``index``'s floors need at once in the turns after ``after``
        up to ``until``: without variable traits its traits only go down, so what it keeps of
        each from the next turn on; with them, the largest of the turns' sums."""
        if not self.variable:
            return sum(self._floor_from(index, after + 1))
        floors = (low for (i, t), low in self.low.items() if i == index and after < t <= until)
        return max(map(sum, floors), default=0)

    def cap(self, index: int, after: int, endurance: int) -> int:
        """The most points unit ``index`` may keep after the damage of turn ``after``, its
        endurance then ``endurance``, and still be destroyed when the record says: what the
        hits until then can do at the most (the player's damage total less the endurance and
        2), the later turns' endurance as low as its floors let it be.  No limit for a unit
        that survives, or that a hit the player did not roll helps destroy."""
        key = (index, after, endurance)
        if key not in self.caps:
            self.caps[key] = self._cap(index, after, endurance)
        return self.caps[key]

    def _cap(self, index: int, after: int, endurance: int) -> int:
        end = self.destroyed.get(index)
        if end is None or end <= after:
            return NO_LIMIT
        hits = [(t, rolled) for t, rolled in self.hits.get(index, ()) if after < t <= end]
        first = hits[0][0] if hits else NO_LIMIT
        most = 0
        for turn, rolled in hits:
            if rolled is None:
                return NO_LIMIT
            if self.variable:
                lowest = self.low.get((index, turn), [0] * (ENDURANCE + 1))[ENDURANCE]
            elif turn == first:
                lowest = endurance  # no damage phase comes between: it still has it
            else:
                lowest = self._floor_from(index, turn)[ENDURANCE]
            most += max(0, rolled - lowest - 2)
        return most

    def endurance(self, index: int, after: int, left: int) -> tuple[int, int]:
        """Without variable traits: the least and most endurance unit ``index`` may keep out
        of ``left`` points after the damage of turn ``after`` (or its design, ``after`` 0),
        for the hits still to come to do what the record says: enough points over what they
        take (:meth:`need`), few enough for them to destroy it when they do (:meth:`cap`),
        and room for the other traits' floors.  The least is above the most where none fits.
        """
        key = (index, after, left)
        if key not in self.endurances:
            fits = [
                e
                for e in range(left - self._others(index, after) + 1)
                if self.need(index, after, e) <= left <= self.cap(index, after, e)
            ]
            self.endurances[key] = (fits[0], fits[-1]) if fits else (left + 1, left)
        return self.endurances[key]

    def budget(self, index: int, turn: int, traits: tuple[int, ...]) -> tuple[int, int]:
        """The fewest and most hit points unit ``index``, with ``traits`` in the attacks of
        ``turn``, may take in the turn and still play out the rest of the record: keep what
        :meth:`need` asks, no more than :meth:`cap` lets the hits that destroy it destroy,
        and (without variable traits, where endurance only goes down, by at most the points
        taken) an endurance that :meth:`endurance` allows.  ``(left + 1, left)`` where nothing
        fits."""
        key = (index, turn, traits)
        if key in self.budgets:
            return self.budgets[key]
        left = sum(traits)
        fits = []
        for points in range(left):
            rest = left - points
            if self.variable:
                fit = self.need(index, turn, NO_LIMIT) <= rest <= self.cap(index, turn, 0)
            else:
                least, most = self.endurance(index, turn, rest)
                had = traits[ENDURANCE]
                fit = max(least, had - points) <= min(most, had)
            if fit:
                fits.append(points)
        self.budgets[key] = (fits[0], fits[-1]) if fits else (left + 1, left)
        return self.budgets[key]

    def _others(self, index: int, after: int) -> int:
        """Without variable traits: what unit ``index`` keeps of its traits but endurance
        after the damage of turn ``after`` (their floors from the next turn on)."""
        floor = self._floor_from(index, after + 1)
        return sum(floor) - floor[ENDURANCE]

    def _floor_from(self, index: int, turn: int) -> list[int]:
        """Without variable traits: what unit ``index`` keeps of each trait from ``turn`` on."""
        return self.floor(index, lambda t: t >= turn)


class _Run(NamedTuple):
    """A run of the diary's entries, from the one it is kept under up to ``end``, that only
    plots (the player's own steps, attacks and dones, and the revealed plots of the players
    who finished): what its ``actions`` do (``batch``) depends only on the plots, who plots
    and where the units stand (``before``), not on anything a walk draws."""

    before: tuple[Any, ...]
    end: int
    actions: tuple[SawAction, ...]
    batch: PlotBatch


class _Walk:
    """One walk through the player's diary, drawing what they cannot see."""

    def __init__(self, known: _Knowledge, rng: random.Random, *, reuse: bool = True) -> None:
        self.reuse = reuse
        self.known = known
        self.game = known.game
        self.player = known.player
        self.rng = rng
        self.actions: list[SawAction] = []
        self.blocks: dict[str, list[SawAction]] = {}
        self.traits: dict[int, tuple[int, ...]] = {}
        """Each other unit's traits in the attack phase of the turn being played."""
        self.seen = 0
        """How many of the view's events the walk has reproduced."""

    def _draw(self) -> Callable[[int], int]:
        return self.rng.randrange

    def _design(
        self,
        index: int,
        total: int,
        floor: Sequence[int],
        ceiling: Sequence[int | None],
        weapons: int | None = None,
    ) -> tuple[int, ...]:
        """A design of unit ``index`` (over ``weapons`` pairs, else all its attacks) drawn
        uniformly between ``floor`` and ``ceiling``."""
        try:
            return random_design(
                total,
                self.game.weapons[index] if weapons is None else weapons,
                self._draw(),
                cap=self.game.options.weapon_cap,
                floor=floor,
                ceiling=ceiling,
            )
        except ValueError:
            raise _Reject("design") from None

    # -- the walk ---------------------------------------------------------------------------

    def run(self) -> History:
        start = self._start()
        phase = self._key(start)
        forced: list[int] = []
        state = self._prepare(start, forced)
        diary = self.known.diary
        at = 0
        while at < len(diary):
            run = self._run(state, at) if self.reuse and phase[1] == "plot" else None
            if run is not None:
                state = self.game.with_plot_batch(state, run.batch)
                self.actions += run.actions
                self._compare(state)
                at = run.end
            else:
                entry = diary[at]
                at += 1
                if isinstance(entry, Wrote):
                    state = self._apply(state, [cast("SawAction", entry.action)])
                elif isinstance(entry, Finished) and entry.player != self.player:
                    state = self._apply(state, self._block(state, entry.player))
            if self._key(state) != phase:
                phase = self._key(state)
                state = self._prepare(state, forced)
        if self.seen != len(self.known.events) or state.rng.forced:
            raise _Reject("end")
        begin = start.with_changes(rng=start.rng.with_forced(*forced))
        return History(begin, self.actions, end=state)

    def _run(self, state: SawState, at: int) -> _Run | None:
        """The plotting run from diary entry ``at`` on (``None`` if the entry does not only
        plot), as a walk of this or an earlier view of the player worked it out where this
        walk's state and actions agree with it, else worked out now.  Applied at once, a run
        gives the state its entries give one by one: nothing in it draws, and only its last
        entry may end the phase (a walk compares the events after it and sees the phase
        change there)."""
        actions, end, waiting = self._plotting(at, state.waiting)
        if end == at:
            return None
        before = (state.clock, state.plots, state.waiting, tuple(u.hex for u in state.units))
        runs = _runs(self.game, self.player)
        run = runs.get(at)
        if run is None or run.before != before or run.actions != actions:
            batch = self.game.plot_batch(state, cast("list[Step | Attack | Done]", actions))
            runs[at] = run = _Run(before, end, actions, batch)
        if run.batch.waiting != waiting:  # the diary and the plots disagree: one by one
            return None
        return run

    def _plotting(
        self, at: int, plotting: Iterable[str]
    ) -> tuple[tuple[SawAction, ...], int, set[str]]:
        """The actions of the entries from ``at`` on that only plot, up to the one that ends
        the phase (the last ``Finished`` of the ``plotting`` players); the entry after them;
        who the diary says still plots then."""
        waiting = set(plotting)
        actions: list[SawAction] = []
        end = at
        diary = self.known.diary
        while end < len(diary) and waiting:
            entry = diary[end]
            if isinstance(entry, Wrote):
                part: list[SawAction] | None = [cast("SawAction", entry.action)]
            elif entry.player == self.player:
                part = []
            else:
                part = self.blocks.get(entry.player)
            if part is None or not all(isinstance(a, Step | Attack | Done) for a in part):
                break
            if isinstance(entry, Finished):
                waiting.discard(entry.player)
            actions += part
            end += 1
        return tuple(actions), end, waiting

    def _key(self, state: SawState) -> tuple[int, str]:
        return state.clock.turn, self.game.phase(state)

    def _apply(self, state: SawState, actions: Iterable[SawAction]) -> SawState:
        for action in actions:
            state = self.game.apply_unchecked(state, action)
            self.actions.append(action)
        self._compare(state)
        return state

    def _compare(self, state: SawState) -> None:
        """The events the walk has added so far are the view's, as the player sees them."""
        log = state.log
        if len(log) == self.seen:
            return
        wanted = tuple(self.known.events[self.seen : len(log)])
        if redact(log.since(self.seen), self.player) != wanted:
            raise _Reject("compare")
        self.seen = len(log)

    def _start(self) -> SawState:
        """The start: every unit where the view says it started, other units' designs drawn
        (a design phase if the game had one: then no design is made yet)."""
        game = self.game
        events = self.known.events
        deployed = events[0]
        assert isinstance(deployed, Deployed)
        where = dict(deployed.hexes)
        manual = deployed.design_phase
        units = []
        log: list[Any] = [deployed]
        for i, unit_id in enumerate(game.ids):
            spec = game.specs[i]
            if manual:
                sheet = Sheet((0,) * len(game.traits[i]), pool=spec.points)
            else:
                event = self.known.designed[unit_id]
                traits = self._designed(i, event)
                log.append(Designed(unit_id, event.owner, traits, event.published))
                sheet = Sheet(traits)
            units.append(
                Unit(
                    unit_id,
                    game.owners[i],
                    spec.name,
                    spec.points,
                    game.weapons[i],
                    where[unit_id],
                    sheet,
                )
            )
        clock = TURNS.start(len(game.players))
        self.seen = len(log)
        return SawState(
            rng=game.fresh_rng(self.rng),
            log=EventLog(log),
            clock=clock if manual else TURNS.advance(clock),
            units=tuple(units),
            plots=game._fresh_plots(units),
            waiting=frozenset(game.players),
            diaries=tuple(Diary(player) for player in game.players),
        )

    def _designed(self, index: int, event: Designed) -> tuple[int, ...]:
        """Unit ``index``'s design: as the view shows it, else drawn within its bounds."""
        if self.known.mine(index) or event.published:
            return event.traits
        known = self.known.record.get((0, event.unit))
        if known:
            return known
        total = self.game.specs[index].points
        if self.known.variable:  # each turn's allocation is drawn on its own
            if isinstance(self.known.events[0], Deployed) and self.known.events[0].design_phase:
                return self._design(index, total, (), ())
            own = self.game.specs[index].weapons  # the further attacks start empty
            return self.game.padded(index, self._design(index, total, (), (), own))
        first = self.known.next_damage(index, 0)
        floor = self.known.floor(index, lambda turn: True)
        ceiling = self.known.ceiling(index, lambda t: t <= first)
        least, most = self.known.endurance(index, 0, total)
        floor[ENDURANCE] = max(floor[ENDURANCE], least)
        ceiling[ENDURANCE] = _lowest(ceiling[ENDURANCE], most)
        return self._design(index, total, floor, ceiling)

    # -- what the others do, phase by phase -------------------------------------------------

    def _prepare(self, state: SawState, forced: list[int]) -> SawState:
        """At the start of a phase: draw every other player's part of it (and, for plots the
        view shows resolved, the dice, forced into the stream and added to ``forced``)."""
        self.blocks = {}
        if state.result is not None:
            return state
        phase = self.game.phase(state)
        if phase == "design":
            self._prepare_design(state)
        elif phase == "damage":
            self._prepare_damage(state)
        else:
            dice = self._prepare_plot(state)
            if dice:
                forced += dice
                return state.with_changes(rng=state.rng.with_forced(*dice))
        return state

    def _others(self, state: SawState) -> Iterator[tuple[int, Unit]]:
        for i, unit in enumerate(state.units):
            if unit.owner != self.player and unit.alive:
                yield i, unit

    def _prepare_design(self, state: SawState) -> None:
        for i, unit in self._others(state):
            event = self.known.designed.get(unit.id)
            if event is None:
                traits = self._design(i, unit.points, (), ())
            else:
                traits = self._designed(i, event)
            self.blocks.setdefault(unit.owner, []).extend(self._chunks(Assign, unit, traits))

    def _chunks(
        self, kind: type[Assign] | type[Allocate], unit: Unit, amounts: Sequence[int]
    ) -> Iterator[SawAction]:
        """Actions of ``kind`` moving ``amounts`` of points, trait by trait, the largest chunk
        first (design, re-allocation, damage)."""
        names = self.game.traits[self.game.unit_index(unit.id)]
        for name, amount in zip(names, amounts, strict=True):
            for chunk in sorted(self.game.chunks, reverse=True):
                while amount >= chunk:
                    yield kind(unit.owner, unit.id, name, chunk)
                    amount -= chunk

    def _prepare_plot(self, state: SawState) -> list[int]:
        """Each other unit's re-allocation and revealed plot as actions; the dice of the
        turn's attacks if the view shows them."""
        turn = state.clock.turn
        traits: dict[int, tuple[int, ...]] = {}
        for i, unit in enumerate(state.units):
            if unit.alive:
                traits[i] = self._attack_traits(i, unit, turn)
        for i, unit in self._others(state):
            revealed = self.known.revealed.get((turn, unit.owner))
            if revealed is None:
                continue  # not submitted, or submitted but not revealed: drawn if finished
            block = self.blocks.setdefault(unit.owner, [])
            if traits[i] != unit.sheet.traits:
                block.append(Release(unit.owner, unit.id))
                block.extend(self._chunks(Assign, unit, traits[i]))
            order = next(o for o in revealed.orders if o.unit == unit.id)
            here = unit.hex
            assert here is not None
            for there in order.path:
                block.append(Step(unit.owner, unit.id, here.direction_to(there)))
                here = there
            for shot in order.shots:
                block.append(
                    Attack(unit.owner, unit.id, shot.target, shot.weapon, shot.coordinated)
                )
            block.append(Done(unit.owner, unit.id))
        attacks = self.known.attacks.get(turn)
        return _Dice(self, turn, traits).forced(attacks) if attacks else []

    def _attack_traits(self, index: int, unit: Unit, turn: int) -> tuple[int, ...]:
        """The traits unit ``index`` attacks and defends with in ``turn``: its own, but under
        variable traits the player's as the view records them and the others' drawn."""
        if not self.known.variable:
            return unit.sheet.traits
        seen = self.known.reallocated.get((turn, unit.id))
        if seen is None:
            return unit.sheet.traits  # the turn is not resolved yet
        if self.known.mine(index):
            return seen.traits
        known = self.known.record.get((turn, unit.id))
        total = sum(unit.sheet.traits)
        if known is not None:
            if sum(known) != total:
                raise _Reject("record-sum")
            return known
        floor = self.known.floor(index, lambda t: t == turn)
        ceiling = self.known.ceiling(index, lambda t: t == turn)
        fired = self.known.fired.get((turn, index), ())
        for _ in range(TRIES):  # uniform among the allocations that let every attack fire
            traits = self._design(index, total, floor, ceiling)
            if all(self.game.may_fire(index, traits, weapon) for weapon in fired):
                return traits
        raise _Reject("attacks")

    def _prepare_damage(self, state: SawState) -> None:
        turn = state.clock.turn
        for i, unit in self._others(state):
            if unit.sheet.hits:
                amounts = self._spread(i, unit, turn)
                self.blocks.setdefault(unit.owner, []).extend(self._chunks(Allocate, unit, amounts))

    def _spread(self, index: int, unit: Unit, turn: int) -> list[int]:
        """Where the hit points of unit ``index`` go: first what the ceilings until its next
        damage take, then drawn a point at a time among the traits with room above their
        floors."""
        traits = unit.sheet.traits
        points = unit.sheet.hits
        size = len(traits)
        floor: list[int] = [0] * size
        ceiling: list[int | None] = [None] * size
        if not self.known.variable:
            floor = self.known.floor(index, lambda t: t > turn)
            until = self.known.next_damage(index, turn)
            ceiling = self.known.ceiling(index, lambda t: turn < t <= until)
            least, most = self.known.endurance(index, turn, sum(traits) - points)
            floor[ENDURANCE] = max(floor[ENDURANCE], least)
            ceiling[ENDURANCE] = _lowest(ceiling[ENDURANCE], most)
        amounts = [0 if c is None else max(0, t - c) for t, c in zip(traits, ceiling, strict=True)]
        room = [t - f - a for t, f, a in zip(traits, floor, amounts, strict=True)]
        if min(room) < 0 or sum(amounts) > points or points - sum(amounts) > sum(room):
            raise _Reject("spread")
        for _ in range(points - sum(amounts)):
            slot = _weighted(self.rng, range(size), room)
            room[slot] -= 1
            amounts[slot] += 1
        return amounts

    def _block(self, state: SawState, player: str) -> list[SawAction]:
        """Everything ``player`` did in this phase, which the diary says they finished: drawn
        when the phase began, or for a plot not yet revealed, a random legal plot."""
        block = self.blocks.get(player)
        if block is not None:
            return block
        if self.game.phase(state) != "plot":
            raise _Reject("block")
        actions: list[SawAction] = []
        while player in state.waiting:
            legal = self.game.legal_actions(state, player)
            done = [a for a in legal if isinstance(a, Done)]
            rest = [a for a in legal if not isinstance(a, Done | Release)]
            if done and (not rest or self.rng.random() < 0.4):
                action: SawAction = done[0]
            else:
                action = self.rng.choice(rest)
            actions.append(action)
            state = self.game.apply_unchecked(state, action)
        return actions


class _Dice:
    """The dice of one turn's attacks, as forced draws of the stream: the player's totals as
    seen, the others drawn with their chances among those that give every public result and
    keep each unit's hit points within their budget."""

    def __init__(self, walk: _Walk, turn: int, traits: dict[int, tuple[int, ...]]) -> None:
        self.walk = walk
        self.known = walk.known
        self.game = walk.game
        self.rng = walk.rng
        self.turn = turn
        self.traits = traits
        self.taken: Counter[int] = Counter()
        self.budgets: dict[int, tuple[int, int]] = {}

    def forced(self, attacks: Sequence[Attacked]) -> list[int]:
        draws: list[int] = []
        ranges = [self._range(e) for e in attacks]
        for n, event in enumerate(attacks):
            draws += self._attack(event, ranges, n)
        return draws

    def _sums(self, event: Attacked) -> tuple[int, int, tuple[int, ...]]:
        index = self.game.unit_index
        accuracy = damage = 0
        for unit, weapon in event.attackers:
            traits = self.traits[index(unit)]
            accuracy += traits[accuracy_index(weapon)]
            damage += traits[damage_index(weapon)]
        return accuracy, damage, self.traits[index(event.target)]

    def _range(self, event: Attacked) -> tuple[int, int]:
        """The fewest and most hit points a damaging ``event`` can do (0, 0 for others)."""
        if not event.damaged:
            return 0, 0
        _, damage, defence = self._sums(event)
        mine = self.known.player
        if event.defender == mine:
            return event.hit_points, event.hit_points
        most = event.damage_roll if event.player == mine else damage + 12
        least = event.damage_roll if event.player == mine else damage + 2
        assert most is not None
        assert least is not None
        return max(1, least - defence[ENDURANCE] - 12), most - defence[ENDURANCE] - 2

    def _budget(self, target: int) -> tuple[int, int]:
        """The fewest and most hit points ``target`` may take in the turn, in all."""
        if target in self.budgets:
            return self.budgets[target]
        known, turn = self.known, self.turn
        traits = self.traits[target]
        left = sum(traits)
        unit = self.game.ids[target]
        if known.destroyed.get(target) == turn:
            budget = (left, NO_LIMIT)
        elif known.mine(target):
            budget = (0, NO_LIMIT)
        elif (turn + 1, unit) in known.record:
            budget = (left - sum(known.record[turn + 1, unit]),) * 2
        else:
            low, high = known.budget(target, turn, traits)
            if known.damaging[target, turn]:
                low = max(low, 1)
            if not known.variable:
                floor = known.floor(target, lambda t: t > turn)
                until = known.next_damage(target, turn)
                ceiling = known.ceiling(target, lambda t: turn < t <= until)
                high = min(high, sum(t - f for t, f in zip(traits, floor, strict=True)))
                low = max(
                    low,
                    sum(
                        0 if c is None else max(0, t - c)
                        for t, c in zip(traits, ceiling, strict=True)
                    ),
                )
            budget = (low, high)
        self.budgets[target] = budget
        return budget

    def _attack(self, event: Attacked, ranges: Sequence[tuple[int, int]], n: int) -> list[int]:
        mine = self.known.player
        accuracy, damage, defence = self._sums(event)
        attacker, defender = event.player == mine, event.defender == mine
        hit_margin = (1, NO_LIMIT) if event.hit else (-NO_LIMIT, 0)
        attack, evasion = self._pair(
            accuracy - event.penalty,
            defence[EVASION],
            event.attack_roll if attacker else None,
            event.evasion_roll if defender else None,
            hit_margin,
        )
        draws = self._faces(attack - accuracy + event.penalty) + self._faces(
            evasion - defence[EVASION]
        )
        if not event.hit:
            return draws
        target = self.game.unit_index(event.target)
        if defender:
            points = event.hit_points
            margin = (points, points) if points else (-NO_LIMIT, 0)
        elif event.damaged:
            margin = self._margin(target, event, ranges, n)
        else:
            margin = (-NO_LIMIT, 0)
        hurt, endurance = self._pair(
            damage,
            defence[ENDURANCE],
            event.damage_roll if attacker else None,
            event.endurance_roll if defender else None,
            margin,
        )
        self.taken[target] += max(0, hurt - endurance)
        return draws + self._faces(hurt - damage) + self._faces(endurance - defence[ENDURANCE])

    def _margin(
        self, target: int, event: Attacked, ranges: Sequence[tuple[int, int]], n: int
    ) -> tuple[int, int]:
        """The hit points this damaging hit may do so that the turn's total on its target
        can still land in the target's budget, whatever the later hits on it can do."""
        low, high = self._budget(target)
        later = [
            ranges[k]
            for k, other in enumerate(self._turn_attacks())
            if k > n and other.target == event.target
        ]
        least, most = ranges[n]
        so_far = self.taken[target]
        bottom = max(least, low - so_far - sum(m for _, m in later))
        top = min(most, high - so_far - sum(m for m, _ in later))
        if bottom > top:
            raise _Reject("margin")
        return bottom, top

    def _faces(self, total: int) -> list[int]:
        """Two dice summing to ``total`` (each pair equally likely), as draws of ``below(6)``
        (the face less 1)."""
        first = self.rng.randint(max(1, total - 6), min(6, total - 1))
        return [first - 1, total - first - 1]

    def _turn_attacks(self) -> list[Attacked]:
        return self.known.attacks[self.turn]

    def _pair(
        self,
        first: int,
        second: int,
        first_total: int | None,
        second_total: int | None,
        margin: tuple[int, int],
    ) -> tuple[int, int]:
        """Totals of ``2d6 + first`` and ``2d6 + second`` whose difference lies in ``margin``,
        drawn with their dice's chances; a total seen is kept."""
        low, high = margin
        firsts = [first_total] if first_total is not None else [s + first for s in SUMS]
        seconds = [second_total] if second_total is not None else [s + second for s in SUMS]
        options = [
            (a, b)
            for a in firsts
            for b in seconds
            if low <= a - b <= high and a - first in SUMS and b - second in SUMS
        ]
        if not options:
            raise _Reject("pair")
        weights = [SUMS[a - first] * SUMS[b - second] for a, b in options]
        return _weighted(self.rng, options, weights)
