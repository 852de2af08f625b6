"""Sampled pasts (``sample_history``): a full start and every action since, consistent with
everything a player has seen, whose last state is the determinisation.

The log keeps every action (:class:`~wargames.sabot.state.Played`, the enemy's purchase as
``buy ?``) after the events it caused, and the random set-up logs where each counter went, so
the past is the log itself; what is secret is what the enemy's concealed counters are (with
the platoons bought) and the dice the player did not see.  A sample:

1. narrows what each concealed counter may be from what it did (:func:`domains`): a counter
   that moved, fired, was hit to effect, carried a squad or made a special action is no
   decoy; a squad that boarded, got out or rolled to leave a swamp is a soldier; one that
   took off has a jet pack; a carrier holds its squads; a special action names its vehicle;
   a scouting total bounds the scout's bonus; the turns of one move bound its type's turns;
   where it was set up, it can stand;
2. draws the enemy's army (II: whole platoons within the build points and the decoys, and
   each purchase one platoon within the turn's points; a unit of its own for every counter
   that is no decoy, of a type it may be, and an engineer per four prepared positions dug)
   and gives each concealed counter a type of its domain
   (:func:`~wargames.core.hidden.sample_assignment`);
3. replays the log from the start, the enemy's actions checked, forcing each die the
   player saw (an adjusted roll less its modifiers) and drawing each die they did not (the
   rolls of a shot at a concealed counter) among those that give the result seen; every
   action must cause the events logged.  Where it does not (a counter moved farther than
   its sampled type could, or survived a hit it could not), that type is ruled out for that
   counter for the rest of this sample's tries (not kept for later samples: a replay may
   blame the wrong counter, so the last quarter of the tries draws without it), and the
   sample is drawn again.

What was proved of a counter by replays is kept per view (:class:`Analysis`), so a search
bot's many samples of one view pay for it once; so is each replay (:class:`Replay`, eight a
view).  A replay runs with each concealed counter's type, shots marker and move left watched
(:mod:`wargames.core.watched`) and keeps, step by step, what it asked of each: the type
itself, or only a comparison (``kind == DECOY``) or the fields of the type it read through
the unit table (its ``move``, its movement ``type``, its ``tough``...); the state before each
step; and a mark where something was first asked.  A counter's type that answers everything
asked of it alike would have run the replay the same, so a later army drawn

* that answers every question of a kept replay alike (and bought the same platoons) is not
  replayed: its own types (shots markers never set: full) go on the kept start and last
  state, and the dice the player did not see are drawn again, among the same results, with
  the same calls on ``rng`` as its replay would make;
* that answers otherwise at a few steps (a counter of another type that moved or was shot
  at) runs only those steps (:func:`_checked`), each from the kept state before it with its
  types put on, the next step too while its state is unlike the kept one after it (a move's
  units spent, whether it was stopped); a move left of its own that differs is carried on,
  and a later step that asked it otherwise is run too.  Where it breaks from the log, it
  breaks there as its replay would (the same culprit, the same draws); where a step leaves
  what the kept replay cannot continue (other dice, a kept replay that broke there), the
  draws are undone and it is replayed;
* that answers alike up to a mark goes on from the state at that mark, its own types put
  on, the unseen dice before it drawn as above;
* of a later view of the game (the same start, what the earlier knew known alike, its steps
  the first of these: a bot's next decision) goes on so from the earlier view's replays, up
  to a mark or from their last state.

So each sample is the one a replay of its army from the start gives (``reuse=False`` replays
every army so, unwatched: the tests' reference).
"""

from __future__ import annotations

import functools
import random
from collections import Counter, OrderedDict
from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

import attrs
from attrs import field, frozen

from wargames.core.changes import replace
from wargames.core.errors import IllegalAction, NoPast
from wargames.core.events import EventLog
from wargames.core.hidden import is_hidden, redact, sample_assignment
from wargames.core.history import History
from wargames.core.phases import Clock
from wargames.core.rng import Rng
from wargames.core.watched import VALUE, Watch, answer, plain, watched
from wargames.sabot import combat
from wargames.sabot.army import PREPARED_PER_ENGINEER, counter
from wargames.sabot.firing import _harmless, fire_problem, modifiers, weapon_stats
from wargames.sabot.movement import stands
from wargames.sabot.setup import next_counter
from wargames.sabot.state import (
    ABOARD,
    GONE,
    OK,
    Advance,
    Arrived,
    Attack,
    Board,
    Buy,
    Disembark,
    Done,
    Embark,
    Embarked,
    Entrench,
    Fire,
    Initiative,
    Moved,
    Place,
    Played,
    Removed,
    Reveal,
    Revealed,
    Rolled,
    SabotAction,
    SabotState,
    Scout,
    Scouted,
    Select,
    Special,
    Stop,
    TakeOff,
    Turn,
    Unit,
)
from wargames.sabot.turn import PLAYERS, new_turn
from wargames.sabot.units import DECOY, UnitTable

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["Analysis", "Replay", "analyse", "domains", "forget", "platoon_mix", "sample_history"]

TRIES: Final = 200
"""Armies drawn (and replayed) per sample before giving up with :class:`NoPast`."""
CACHED: Final = 16
"""Views whose analysis a game keeps (a bot samples one view many times)."""
KEPT: Final = 8
"""Replays an analysis keeps, the oldest dropped first (a late replay holds its last state,
about 0.17 MB)."""
_KEY: Final = bytes(32)
"""A stream to build a start with (the sampler gives the start a fresh one)."""
_SPECIALS: Final = {
    "repair": "repair", "reload": "reload", "deploy": "bridge", "fold": "bridge",
    "prepare": "prepare",
}  # fmt: skip
_MOVING: Final = (Advance, Turn, TakeOff, Scout, Reveal, Board, Disembark, Stop)


def platoon_mix(
    table: UnitTable,
    size: int,
    budget: int,
    known: Counter[str],
    rng: random.Random,
    needs: Sequence[frozenset[str]] = (),
) -> Counter[str] | None:
    """Platoons (name -> count) with exactly ``size`` units, costing at most ``budget``,
    whose units include ``known`` and, for each set of types in ``needs`` (what one counter
    may be), one unit more of a type in it; drawn at random, None if this draw found none."""
    platoons = table.platoons
    shapes = tuple(sorted({(len(p.units), p.cost) for p in platoons.values()}))
    mix: Counter[str] = Counter()
    units: Counter[str] = Counter()
    claimed: Counter[str] = Counter()  # units of the mix a known type or a need has taken
    spent = 0

    def add(name: str) -> None:
        nonlocal spent
        mix[name] += 1
        units.update(platoons[name].units)
        spent += platoons[name].cost

    def fits(name: str) -> bool:
        """Whether the mix with ``name`` added can still be finished."""
        left = size - sum(units.values()) - len(platoons[name].units)
        return _fillable(shapes, left, budget - spent - platoons[name].cost)

    # the narrowest first, each taking a unit the mix has to spare or a platoon that has one
    wants = [frozenset({s}) for s in sorted(known.elements())]
    wants += sorted(needs, key=lambda want: (len(want), sorted(want)))
    for want in wants:
        spare = sorted(s for s in want if units[s] > claimed[s])
        if not spare:
            sellers = sorted(
                n for n, p in platoons.items() if want.intersection(p.units) and fits(n)
            )
            if not sellers:
                return None
            add(rng.choice(sellers))
            spare = sorted(s for s in want if units[s] > claimed[s])
        claimed[rng.choice(spare)] += 1
    while True:
        count = sum(units.values())
        if count == size:
            return mix if spent <= budget else None
        choices = sorted(n for n in platoons if fits(n))
        if not choices:
            return None
        add(rng.choice(choices))


@functools.cache
def _fillable(shapes: tuple[tuple[int, int], ...], units: int, budget: int) -> bool:
    """Whether platoons of these (units, cost) shapes make exactly ``units`` units within
    ``budget`` (so a mix is drawn only among platoons that leave a way to finish it)."""
    if units == 0:
        return budget >= 0
    return any(
        n <= units and c <= budget and _fillable(shapes, units - n, budget - c) for n, c in shapes
    )


# -- reading the log -----------------------------------------------------------------------


class Analysis:
    """What a player's view proves of the past: the start's events, each action with the
    events it caused, the enemy's concealed counters and what each may be (kept per view;
    it never changes, so a sample depends only on the view and the sampler's ``rng``)."""

    def __init__(self, game: Sabot, view: SabotState, player: str) -> None:
        self.player = player
        self.view = view
        self.enemy = game.opponent(player)
        events: list[Any] = list(view.log)
        # The random set-up's log ends with its initiative roll; a set-up by hand logs none.
        starts = next((i + 1 for i, e in enumerate(events) if isinstance(e, Initiative)), 0)
        if any(isinstance(e, Played) for e in events[:starts]):
            starts = 0
        self.start_events: tuple[Any, ...] = tuple(events[:starts])
        self.steps: list[tuple[SabotAction, tuple[Any, ...]]] = []
        caused: list[Any] = []
        for event in events[starts:]:
            caused.append(event)
            if isinstance(event, Played):
                self.steps.append((cast(SabotAction, event.action), tuple(caused)))
                caused = []
        self.known: dict[int, str] = {u.id: u.kind for u in view.units if not is_hidden(u.kind)}
        for event in view.log:
            if isinstance(event, Revealed):
                self.known[event.unit] = event.kind
        self.groups: list[tuple[int, ...]] = []  # the enemy's purchases (V), in order
        self.group_turn: list[int] = []
        for event in view.log:
            if isinstance(event, Arrived) and event.player == self.enemy:
                self.groups.append(event.units)
                self.group_turn.append(view.units[event.units[0]].arrived)
        self.army = tuple(u.id for u in view.units if u.owner == self.enemy and not u.arrived)
        dug = [a for a, _ in self.steps if isinstance(a, Entrench) and a.player == self.enemy]
        self.diggers = -(-len(dug) // PREPARED_PER_ENGINEER)
        """How many engineers the enemy's starting army has at least: the prepared positions
        it dug at set-up, four per engineer (IV)."""
        self.unknown = tuple(
            u.id for u in view.units if u.owner == self.enemy and u.id not in self.known
        )
        self.domains = domains(game, self)
        later = {
            (a.player, game.map.parse(a.hex) if isinstance(a, Entrench) else a.target)
            for a, _ in self.steps
            if isinstance(a, Entrench) or (isinstance(a, Special) and a.what == "prepare")
        }
        self.prepared = view.prepared - later
        """The prepared positions of the start (the random set-up's)."""
        self.skeleton = (
            self.start_events,
            tuple((u.id, u.owner) for u in view.units if not u.arrived),
            self.prepared,
        )
        """What the start has that is no concealed counter's type (see :func:`_start`)."""
        self.replays: OrderedDict[_Key, Replay] = OrderedDict()
        """The replays kept, each by what it depends on (:func:`_army_key`)."""
        self.earlier: tuple[int, tuple[tuple[_Key, Replay], ...]] = 0, ()
        """The replays (that fit) of an earlier view of this player whose steps begin these,
        with how many steps it had (set by :func:`analyse`)."""


def _movers(analysis: Analysis) -> Iterator[tuple[int, SabotAction, tuple[Any, ...]]]:
    """Each action with the counter it is about (-1: none): the unit moving, selected,
    firing or making a special action."""
    moving = -1
    for action, events in analysis.steps:
        if isinstance(action, Select):
            moving = action.unit
            yield action.unit, action, events
        elif isinstance(action, Fire | Special):
            yield action.unit, action, events
        elif isinstance(action, _MOVING):
            yield moving, action, events
        else:
            yield -1, action, events


def domains(game: Sabot, analysis: Analysis) -> dict[int, frozenset[str]]:
    """What each concealed enemy counter may be, from what it did (see the module)."""
    table = game.table
    acted: set[int] = set()
    soldier: set[int] = set()
    jumper: set[int] = set()
    load: Counter[int] = Counter()
    specials: dict[int, str] = {}
    bonus: dict[int, tuple[int, int]] = {}
    turns: dict[int, int] = {}
    spots: dict[int, int] = {}
    # Counters set up by actions: all but the random set-up's and those left out.
    left_out = {
        e.unit for _, events in analysis.steps for e in events
        if isinstance(e, Removed) and e.why == "not set up"
    } | {getattr(e, "unit", -1) for e in analysis.start_events}  # fmt: skip
    queue = [u for u in analysis.view.units if u.owner == analysis.enemy and u.id not in left_out]
    queue.sort(key=lambda u: u.id, reverse=True)
    # The set-up first: a carrier holds every squad embarked in it then at once, and a squad
    # that boards it later proves only one aboard (the others may have got out).
    for event in analysis.start_events:
        if isinstance(event, Moved):
            spots.setdefault(event.unit, game.map.parse(event.to))
        elif isinstance(event, Embarked):
            spots.setdefault(event.unit, ABOARD)
            soldier.add(event.unit)
            load[event.carrier] += 1
            acted.add(event.carrier)
    segment_turns = 0
    for subject, action, events in _movers(analysis):
        if subject >= 0:
            acted.add(subject)
        if isinstance(action, Select):
            segment_turns = 0
        if isinstance(action, Turn):
            segment_turns += 1
            turns[subject] = max(turns.get(subject, 0), segment_turns)
        if isinstance(action, Board | Disembark):
            soldier.add(subject)
        if isinstance(action, Board):
            acted.add(action.carrier)
            load[action.carrier] = max(load[action.carrier], 1)
        if isinstance(action, TakeOff):
            jumper.add(subject)
        if isinstance(action, Special):
            specials[subject] = _SPECIALS[action.what]
        if isinstance(action, Place | Embark) and action.player == analysis.enemy and queue:
            placed = queue.pop().id  # IV, V: a player's counters are set up in id order
            if isinstance(action, Place):
                spots[placed] = game.map.parse(action.hex)
            else:
                spots[placed] = ABOARD
                soldier.add(placed)
        if isinstance(action, Embark):
            load[action.carrier] += 1
            acted.add(action.carrier)
        for event in events:
            if isinstance(event, Scouted):
                low, high = bonus.get(event.scout, (-99, 99))
                bonus[event.scout] = (max(low, event.total - 10), min(high, event.total - 1))
            elif isinstance(event, Rolled) and event.what == "swamp":
                soldier.add(event.unit)
            elif isinstance(event, Attack) and event.result in (combat.DISABLED, "destroyed"):
                acted.add(event.hit)
            elif isinstance(event, Rolled) and event.what == "bail out":
                soldier.add(event.unit)
    view = analysis.view
    out: dict[int, frozenset[str]] = {}
    for unit_id in analysis.unknown:
        unit = view.units[unit_id]
        spot = spots.get(unit_id, -2)
        scouting = bonus.get(unit_id, (-99, 99))
        kinds = {
            symbol for symbol, kind in table.types.items()
            if (unit_id not in soldier or kind.soldier)
            and (unit_id not in jumper or kind.fly > 0)
            and kind.capacity >= load[unit_id]
            and specials.get(unit_id, kind.special) == kind.special
            and (unit_id not in specials or kind.special)
            and scouting[0] <= kind.scouting <= scouting[1]
            and turns.get(unit_id, 0) <= max(kind.turns, 3 if kind.type == "wheeled" else 0)
            and (spot < 0 or stands(game.map, kind, spot))
        }  # fmt: skip
        decoy = (
            game.options.decoys > 0 and not unit.arrived and unit_id not in acted
            and not unit.has_moved and not unit.used and unit_id not in soldier
            and unit_id not in bonus and not load[unit_id]
            and (spot < 0 or stands(game.map, None, spot))
        )  # fmt: skip
        if decoy:
            kinds.add(DECOY)
        out[unit_id] = frozenset(kinds)
    return out


def analyse(game: Sabot, view: SabotState, player: str) -> Analysis:
    """The analysis of ``view`` for ``player``, kept for the next samples of that view (by
    the view object itself: a late view's hash walks its whole log)."""
    cache: OrderedDict[tuple[int, str], tuple[SabotState, Analysis]] = game.__dict__.setdefault(
        "_pasts", OrderedDict()
    )
    key = (id(view), player)
    found = cache.get(key)
    if found is not None and found[0] is view:
        cache.move_to_end(key)
        return found[1]
    analysis = Analysis(game, view, player)
    # an earlier view of the same game: the same start, what it knew known alike, its steps
    # the first of these
    earlier = [
        a for _, a in cache.values()
        if a.player == player and a.replays and len(a.steps) <= len(analysis.steps)
        and a.skeleton == analysis.skeleton
        and all(analysis.known.get(u) == kind for u, kind in a.known.items())
    ]  # fmt: skip
    for before in sorted(earlier, key=lambda a: len(a.steps), reverse=True):
        if analysis.steps[: len(before.steps)] == before.steps:
            fits = tuple((k, r) for k, r in before.replays.items() if r.culprit is None)
            analysis.earlier = len(before.steps), fits
            break
    cache[key] = (view, analysis)
    if len(cache) > CACHED:
        cache.popitem(last=False)
    return analysis


def forget(game: Sabot) -> None:
    """Drop every view's analysis and replays (for measuring, and for the uncached path)."""
    game.__dict__.pop("_pasts", None)


# -- drawing the enemy's army --------------------------------------------------------------


def _draw_kinds(
    game: Sabot, analysis: Analysis, rng: random.Random, banned: set[tuple[int, str]]
) -> tuple[dict[int, str], dict[int, str]] | None:
    """Kinds for every concealed enemy counter and the platoon of each purchase, or None."""
    table = game.table
    options = game.options
    doms = {u: frozenset(k for k in d if (u, k) not in banned) for u, d in analysis.domains.items()}
    kinds: dict[int, str] = {}
    army = analysis.army
    known = Counter(analysis.known[u] for u in army if u in analysis.known)
    decoys_known = known.pop(DECOY, 0)
    unknown = [u for u in army if u not in analysis.known]
    if unknown:
        size = len(army) - options.decoys
        # a counter that is no decoy needs a unit of its domain in the mix (one that can
        # only be an ENV, or a carrier and the squad in it), and the positions dug at set-up
        # their engineers
        needs = [doms[u] for u in unknown if DECOY not in doms[u]]
        diggers = frozenset(s for s, kind in table.types.items() if kind.special == "prepare")
        dug = analysis.diggers - sum(known[s] for s in diggers) - sum(n <= diggers for n in needs)
        needs += [diggers] * dug
        mix = platoon_mix(table, size, options.build_points, known, rng, needs)
        if mix is None:
            return None
        pool = Counter(s for name in mix.elements() for s in table.platoons[name].units)
        pool.subtract(known)
        pool[DECOY] = options.decoys - decoys_known
        try:
            drawn = sample_assignment([doms[u] for u in unknown], dict(+pool), rng)
        except ValueError:
            return None
        kinds.update(zip(unknown, drawn, strict=True))
    platoons: dict[int, str] = {}
    spent: Counter[int] = Counter()
    for group, turn in zip(analysis.groups, analysis.group_turn, strict=True):
        seen = Counter(analysis.known[u] for u in group if u in analysis.known)
        hidden = [u for u in group if u not in analysis.known]
        names = [
            n for n, p in sorted(table.platoons.items())
            if len(p.units) == len(group) and not seen - Counter(p.units)
            and spent[turn] + p.cost <= options.reinforcements
        ]  # fmt: skip
        rng.shuffle(names)
        for name in names:
            pool = Counter(table.platoons[name].units) - seen
            try:
                drawn = sample_assignment([doms[u] for u in hidden], dict(pool), rng)
            except ValueError:
                continue
            kinds.update(zip(hidden, drawn, strict=True))
            platoons[group[0]] = name
            spent[turn] += table.platoons[name].cost
            break
        else:
            return None
    return kinds, platoons


# -- the start -----------------------------------------------------------------------------


def _start(game: Sabot, analysis: Analysis, kinds: dict[int, str]) -> SabotState:
    """The full start: the random set-up as logged (with its initiative roll), or the set-up
    phase with every counter still to place."""
    view = analysis.view
    table = game.table
    units = []
    for u in view.units:
        if u.arrived:
            continue
        kind = analysis.known.get(u.id) or kinds[u.id]
        units.append(counter(table, u.id, u.owner, kind, PLAYERS.index(u.owner)))
    roll = next((e.roll for e in analysis.start_events if isinstance(e, Initiative)), None)
    if roll is None:
        return SabotState(rng=Rng(_KEY), clock=game.turns.start(2), units=tuple(units))
    for event in analysis.start_events:
        if isinstance(event, Moved):
            hex_ = game.map.parse(event.to)
            units[event.unit] = replace(units[event.unit], status=OK, hex=hex_, facing=event.facing)
        elif isinstance(event, Embarked):
            units[event.unit] = replace(units[event.unit], status=OK, carrier=event.carrier)
        elif isinstance(event, Removed):
            units[event.unit] = replace(units[event.unit], status=GONE)
    setup = [e for e in analysis.start_events if not isinstance(e, Initiative)]
    state = SabotState(
        rng=Rng(_KEY).with_forced(roll - 1),
        clock=Clock(1, len(game.turns.setup), 0, (0, 1)),
        units=tuple(units),
        prepared=analysis.prepared,
        log=EventLog(setup),
    )
    return new_turn(game, state)


def _position(game: Sabot, analysis: Analysis, kinds: dict[int, str]) -> SabotState:
    """A view with no past (a study position): its counters filled in, nothing before."""
    table = game.table
    units = []
    for u in analysis.view.units:
        kind = analysis.known.get(u.id) or kinds[u.id]
        ammo = u.ammo
        if is_hidden(ammo):
            ammo = max(0, (0 if kind == DECOY else table[kind].limited_shots) - u.spent)
        units.append(replace(u, kind=kind, ammo=ammo, left=0, crossed=False))
    moving = analysis.view.moving
    if moving is not None:
        moving = replace(moving, spent=0, stopped=False)
    return analysis.view.with_changes(units=tuple(units), moving=moving, rng=Rng(_KEY))


# -- replaying -----------------------------------------------------------------------------


class _Miss(Exception):
    """The replay of a sample breaks from what was seen; ``culprit`` is the concealed
    counter whose sampled type is to blame (-1: unknown)."""

    def __init__(self, culprit: int) -> None:
        super().__init__(culprit)
        self.culprit = culprit


@frozen
class _Choice:
    """A draw of dice the player did not see: ``options`` are the stream's results of every
    way to give the result seen, put at ``at`` among the past's forced results; ``event`` is
    the index in the log of the shot whose adjusted rolls they make (-1: a purchase's
    shuffle), ``picked`` the option the kept replay took; a shuffle's ``deal`` (the platoon's
    units and the types wanted of its counters) and ``index`` (the draw's place in it)."""

    options: tuple[tuple[int, ...], ...]
    at: int
    event: int
    picked: tuple[int, ...]
    deal: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    index: int = 0


class _Draws:
    """A replay's draws of unseen dice from ``rng``, each kept as a :class:`_Choice`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.choices: list[_Choice] = []

    def pick(
        self,
        options: tuple[tuple[int, ...], ...],
        at: int,
        event: int,
        deal: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
        index: int = 0,
    ) -> tuple[int, ...]:
        picked = self.rng.choice(options)
        self.choices.append(_Choice(options, at, event, picked, deal, index))
        return picked


class _Redraw:
    """The unseen dice of kept choices drawn again, in order, as a replay of another army
    drawing alike would draw them: a shot's among the same options (which rolls give its
    result depend on the types, not on earlier rolls), a purchase's shuffle draw among the
    places its earlier draws left the types wanted in."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pool: list[str] = []

    def __call__(self, choices: Sequence[_Choice]) -> list[tuple[int, ...]]:
        out = []
        for choice in choices:
            if choice.deal is None:
                out.append(self.rng.choice(choice.options))
                continue
            units, wanted = choice.deal
            i, pool = choice.index, self.pool
            if i == len(units) - 1:  # the deal's first draw
                pool[:] = units
            (j,) = self.rng.choice(tuple((j,) for j in range(i + 1) if pool[j] == wanted[i]))
            pool[i], pool[j] = pool[j], pool[i]
            out.append((j,))
        return out


@frozen
class _Mark:
    """Where a replay first asked something of a concealed counter: before its ``step`` (of
    the analysis's steps; their number: the last view's check), the ``state`` then (plain),
    how many stream results and unseen-dice choices the replay had made by then, and the
    counters whose shots markers it had not touched (``fresh``: still as set up)."""

    step: int
    state: SabotState
    forced: int
    choices: int
    fresh: frozenset[int]


@frozen
class Replay:
    """The replay of one army drawn for a view: ``start`` (with the stream of the sample
    that replayed it), the ``actions``, the stream's results they draw and the ``last``
    state; or, where it broke from what the player saw, the ``culprit`` (the concealed
    counter to blame, -1: unknown; None: it did not break; ``last`` is then the start).
    ``choices`` are the unseen dice drawn on the way, in the order the replay draws them;
    ``looks`` each concealed counter whose type or shots marker it looked at, up to where it
    broke, as (step, counter, type), in the order first looked at (a purchase's counters at
    its step: their types force its shuffle); ``facts`` what it asked of them, each as
    (step, counter, ``"kind"`` or ``"ammo"``, question, answer) (:mod:`wargames.core.watched`),
    with a ``mark`` at each step that asked something new; ``fresh``: the counters whose
    shots markers it left as set up (an unwatched replay: none said)."""

    start: SabotState
    actions: tuple[SabotAction, ...]
    forced: tuple[int, ...]
    last: SabotState
    choices: tuple[_Choice, ...]
    culprit: int | None = None
    looks: tuple[tuple[int, int, str], ...] = ()
    marks: tuple[_Mark, ...] = ()
    facts: tuple[tuple[int, int, str, Hashable, Any], ...] = ()
    fresh: frozenset[int] = frozenset()
    states: tuple[SabotState, ...] = field(default=(), eq=False, repr=False)
    """The state before each step (watched; the last: before the view's check)."""
    counts: tuple[tuple[int, int, int], ...] = field(default=(), eq=False, repr=False)
    """Before each step: the stream's results and unseen-dice choices drawn, log events."""
    writes: tuple[tuple[int, int], ...] = field(default=(), eq=False, repr=False)
    """(step, counter) where a step set a concealed counter's move left (from nothing it
    asked of the old one: an army whose differed has the kept replay's again after it)."""
    parts: dict[tuple[int, str], tuple[int, ...]] = field(factory=dict, eq=False, repr=False)
    """Of each counter and type, the steps that asked it something the type answers
    otherwise, worked out when first wanted (:func:`_differs`)."""

    @property
    def seen(self) -> frozenset[int]:
        """The concealed counters it looked at."""
        return frozenset(u for _, u, _ in self.looks)


def _faces(
    game: Sabot, state: SabotState, events: Sequence[Any], draws: _Draws, at: int
) -> list[int]:
    """The stream's results (face - 1) for the dice behind ``events`` (the first at ``at``
    among the past's), in order: those the player saw as seen, a shot's hidden rolls drawn
    among those giving its result."""
    table = game.table
    out: list[int] = []
    for index, event in enumerate(events):
        if isinstance(event, Initiative | Rolled):
            out.append(event.roll - 1)
        elif isinstance(event, Scouted):
            face = event.total - table[state.units[event.scout].kind].scouting
            if not 1 <= face <= 10:
                raise _Miss(event.scout)
            out.append(face - 1)
        elif isinstance(event, Attack) and event.hit >= 0 and event.weapon != "laser":
            where = (at + len(out), len(state.log) + index)
            out.extend(_shot_faces(game, state, event, draws, where))
    return out


def _shot_faces(
    game: Sabot, state: SabotState, event: Attack, draws: _Draws, where: tuple[int, int]
) -> tuple[int, ...]:
    unit, hit = state.units[event.unit], state.units[event.hit]
    kind = game.table[unit.kind]
    defender = game.kind(hit)
    _, strength = weapon_stats(game, kind, event.weapon)
    tough = defender.tough if defender else 0
    mods = modifiers(game, state, unit, event.weapon, hit) if defender else combat.Modifiers()
    attack, defense = strength + mods.attack, tough + mods.defense
    harmless = _harmless(game, kind, event.weapon, hit)
    if not is_hidden(event.attack):
        faces = (event.attack - attack, event.defense - defense)
        if not all(1 <= f <= 10 for f in faces):
            raise _Miss(event.hit)
        return faces[0] - 1, faces[1] - 1
    options = tuple(
        (a - 1, d - 1) for a in range(1, 11) for d in range(1, 11)
        if (combat.MISS if harmless else combat.judge((a + attack, d + defense), mods))
        == event.result
    )  # fmt: skip
    if not options:
        raise _Miss(event.hit)
    return draws.pick(options, *where)


def _subject(state: SabotState, action: SabotAction) -> int:
    """The counter ``action`` is about (-1: none)."""
    if isinstance(action, Select | Fire | Special):
        return action.unit
    if isinstance(action, _MOVING) and state.moving is not None:
        return state.moving.unit
    if isinstance(action, Place | Embark):
        unit = next_counter(state, action.player)
        return -1 if unit is None else unit.id
    return -1


def _illegal(game: Sabot, analysis: Analysis, state: SabotState, action: SabotAction) -> bool:
    """Whether the enemy's ``action`` breaks a rule in the sampled ``state``, checked only
    where what concealed counters are decides it (the rest was legal in the real game)."""
    if isinstance(action, Fire):  # a line of sight past concealed friends
        unit, target = state.units[action.unit], state.units[action.target]
        return fire_problem(game, state, unit, action.weapon, target) is not None
    subject = _subject(state, action)
    concealed = subject in analysis.domains
    if isinstance(action, Select) and game.phase(state) == "attack":
        return concealed and not game._selectable(state, state.units[subject], "attack")
    if isinstance(action, Select):
        return False  # no decoy was drawn for a counter that moved
    unknown = concealed or (isinstance(action, Board) and action.carrier in analysis.domains)
    if unknown or (isinstance(action, Entrench | Done) and game.phase(state) == "set-up"):
        try:
            game.check(state, action)
        except IllegalAction:
            return True
    return False


def _replay(
    game: Sabot,
    analysis: Analysis,
    start: SabotState,
    drawn: tuple[dict[int, str], dict[int, str]],
    rng: random.Random,
    watch: Watch[_Part] | None = None,
    resume: tuple[Replay, _Mark] | None = None,
) -> Replay:
    """The past from ``start`` with the army ``drawn``: its actions, the stream's results
    they draw and the last state (``start``'s stream, forced action by action, as the past's
    replay draws it), or where it breaks from what the player saw.  With a ``watch``, the
    concealed counters' types and shots markers are watched on the way (``looks`` and
    ``facts``, with a :class:`_Mark` where something new was asked).  ``resume``: a kept
    replay whose army answers as ``drawn`` does up to that mark, to go on from (its unseen
    dice up to there are drawn by the caller)."""
    player = analysis.player
    kinds = drawn[0]
    draws = _Draws(rng)
    actions: list[SabotAction] = []
    forced: list[int] = []
    looks: list[tuple[int, int, str]] = []
    marks: list[_Mark] = []
    facts: list[tuple[int, int, str, Hashable, Any]] = []
    states: list[SabotState] = []
    counts: list[tuple[int, int, int]] = []
    writes: list[tuple[int, int]] = []
    state, begin, fresh = start, 0, frozenset(analysis.domains)
    if resume is not None:
        source, mark = resume
        begin, fresh = mark.step, mark.fresh
        actions, forced = list(source.actions[:begin]), list(source.forced[: mark.forced])
        draws.choices = list(source.choices[: mark.choices])
        # (of an earlier view's replay, a counter since seen by the player is no more asked)
        domains = analysis.domains
        looks = [(s, u, kinds[u]) for s, u, _ in source.looks if s < begin and u in domains]
        facts = [fact for fact in source.facts if fact[0] < begin and fact[1] in domains]
        asked = {fact[0] for fact in facts}
        marks = [m for m in source.marks if m.step in asked]
        states, counts = list(source.states[:begin]), list(source.counts[:begin])
        writes = [(s, u) for s, u in source.writes if s < begin]
        state = _dressed(game, mark.state, analysis.known | kinds, fresh)
        state = state.with_changes(rng=Rng(start.rng.key, mark.state.rng.counter))
    ever = {((u, part), question) for _, u, part, question, _ in facts}
    looked_at = {u for _, u, _ in looks}
    if watch is not None:
        state = _watched(analysis, state, watch, fresh)
        watch.seen.update((u, part) for _, u, part, _, _ in facts)
    step = begin

    def looked(before: SabotState, counted: int, chosen: int) -> None:
        """Note what was asked in this step, the counters first looked at, and a mark where
        something was first asked."""
        if watch is None or len(watch.facts) == 0:
            return
        new = watch.facts
        watch.facts = []
        facts.extend((step, u, part, question, got) for (u, part), question, got in new)
        first = sorted({u for (u, _), _, _ in new if u not in looked_at})
        looked_at.update(first)
        looks.extend((step, u, kinds[u]) for u in first)
        novel = {(key, question) for key, question, _ in new} - ever
        if novel:
            ever.update(novel)
            if not marks or marks[-1].step < step:
                bare, untouched = _plain(analysis, before)
                marks.append(_Mark(step, bare, counted, chosen, untouched))

    def kept(culprit: int | None = None) -> Replay:
        last, left = start, frozenset(analysis.domains)  # a broken replay's state: no use
        if watch is not None:
            watch.on = False
        if culprit is None:
            last, left = _plain(analysis, state) if watch is not None else (state, frozenset())
        return Replay(
            start, tuple(actions), tuple(forced), last, tuple(draws.choices), culprit,
            tuple(looks), tuple(marks), tuple(facts), left,
            tuple(states) if watch is not None else (), tuple(counts), tuple(writes),
        )  # fmt: skip

    counted, chosen = len(forced), len(draws.choices)
    try:
        for step in range(begin, len(analysis.steps)):
            counted, chosen = len(forced), len(draws.choices)
            states.append(state)
            counts.append((counted, chosen, len(state.log)))
            if watch is not None:
                watch.again()  # every question of each step, once
                action, events = analysis.steps[step]
                if isinstance(action, Buy) and action.player == analysis.enemy:
                    for u in next(e.units for e in events if isinstance(e, Arrived)):
                        if u in analysis.domains:  # its shuffle is forced by their types
                            watch.ask((u, "kind"), VALUE, kinds[u])
            action, faces, after = _step(game, analysis, state, step, drawn, draws, len(forced))
            looked(state, counted, chosen)
            actions.append(action)
            forced.extend(faces)
            state = after
            if watch is not None:
                state, set_ = _rewatched(analysis, after, watch)
                writes.extend((step, u) for u in set_)
        step = len(analysis.steps)
        counted, chosen = len(forced), len(draws.choices)
        states.append(state)
        counts.append((counted, chosen, len(state.log)))
        if watch is not None:
            watch.again()
        if game.view(state, player) != analysis.view:
            raise _Miss(-1)
        looked(state, counted, chosen)
    except _Miss as miss:
        looked(state, counted, chosen)
        return kept(miss.culprit)
    return kept()


def _step(
    game: Sabot,
    analysis: Analysis,
    state: SabotState,
    step: int,
    drawn: tuple[dict[int, str], dict[int, str]],
    draws: _Draws,
    at: int,
) -> tuple[SabotAction, list[int], SabotState]:
    """Step ``step`` of the past from ``state`` with the army ``drawn``: the action, the
    stream's results it draws (the first at ``at`` among the past's) and the state after.

    :raises _Miss: where it breaks from what the player saw.
    """
    player, enemy = analysis.player, analysis.enemy
    action, events = analysis.steps[step]
    kinds, platoons = drawn
    if isinstance(action, Buy) and action.player == enemy:
        group = next(e.units for e in events if isinstance(e, Arrived))
        action = Buy(enemy, platoons[group[0]])
    if action.player == enemy and _illegal(game, analysis, state, action):
        raise _Miss(_subject(state, action))
    if isinstance(action, Buy):
        faces = _shuffle_faces(game, analysis, kinds, action, events, draws, at)
    else:
        faces = _faces(game, state, events, draws, at)
    stream = state.rng
    before = state.with_changes(rng=Rng(stream.key, stream.counter, faces))
    after = game.apply_unchecked(before, action)
    if after.rng.forced or after.rng.counter != stream.counter + len(faces):
        raise _Miss(_subject(state, action))
    if redact(after.log.since(len(state.log)), player) != events:
        culprit = action.target if isinstance(action, Scout) else _subject(state, action)
        raise _Miss(culprit if action.player == enemy or isinstance(action, Scout) else -1)
    if after.result is not None and step + 1 < len(analysis.steps):
        raise _Miss(-1)
    return action, faces, after


_Part = tuple[int, str]
"""What a replay watches: a counter's ``"kind"``, its shots marker (``"ammo"``) or its move
left (``"left"``)."""


def _watched(
    analysis: Analysis, state: SabotState, watch: Watch[_Part], fresh: Collection[int]
) -> SabotState:
    """``state`` with each concealed counter's type watched, and its shots marker where it
    is still as set up (``fresh``: one the replay set was worked out from what it asked)."""
    units = list(state.units)
    for u in analysis.domains:
        if u < len(units):  # (a purchase's counters come later)
            units[u] = _watching(units[u], watch, u in fresh)
    return state.with_changes(units=tuple(units))


def _watching(unit: Unit, watch: Watch[_Part], fresh: bool) -> Unit:
    """``unit`` with its type and move left watched, and its shots marker if ``fresh``."""
    u = unit.id
    ammo = watched(unit.ammo, (u, "ammo"), watch) if fresh else unit.ammo
    kind, left = watched(unit.kind, (u, "kind"), watch), watched(unit.left, (u, "left"), watch)
    return replace(unit, kind=kind, ammo=ammo, left=left)


def _rewatched(
    analysis: Analysis, state: SabotState, watch: Watch[_Part]
) -> tuple[SabotState, list[int]]:
    """``state`` with each concealed counter's move left watched again where a step set it
    (worked out from its type: an army of another type may have another), and those; a
    counter just bought watched whole."""
    units: list[Unit] | None = None
    set_ = []
    for u in analysis.domains:
        if u >= len(state.units):
            continue
        unit = state.units[u]
        if type(unit.kind) is str:  # it arrived in this step
            units = units or list(state.units)
            units[u] = _watching(unit, watch, True)
        elif type(unit.left) is int:
            units = units or list(state.units)
            units[u] = replace(unit, left=watched(unit.left, (u, "left"), watch))
            set_.append(u)
    return (state if units is None else state.with_changes(units=tuple(units))), set_


def _plain(analysis: Analysis, state: SabotState) -> tuple[SabotState, frozenset[int]]:
    """``state`` with no watched value left (to keep), and the counters whose shots markers
    were never set (still the watched one put on)."""
    units = list(state.units)
    fresh = []
    for u in analysis.domains:
        if u >= len(units):
            continue
        unit = state.units[u]
        if type(unit.ammo) is not int:
            fresh.append(u)
        units[u] = replace(
            unit, kind=plain(unit.kind), ammo=plain(unit.ammo), left=plain(unit.left)
        )
    return state.with_changes(units=tuple(units)), frozenset(fresh)


def _full(game: Sabot, kind: str) -> int:
    """The number on a new counter's shots marker (IV)."""
    return 0 if kind == DECOY else game.table.types[kind].limited_shots


def _dressed(
    game: Sabot, state: SabotState, kinds: Mapping[int, str], fresh: Collection[int]
) -> SabotState:
    """``state`` of a replay (whose army answers every question it asked as ``kinds``
    does) with ``kinds`` on the counters, the shots markers it left as set up (``fresh``)
    full for their type; a marker it set was set from what it asked, the same for both."""
    units = list(state.units)
    for u, kind in kinds.items():
        if u >= len(units):
            continue
        unit = units[u]
        if type(unit.ammo) is int and u not in fresh:
            if type(unit.kind) is str and unit.kind == kind:  # (a known counter: as it is)
                continue
            ammo = unit.ammo
        else:
            ammo = _full(game, kind)
        units[u] = replace(unit, kind=kind, ammo=ammo)
    return state.with_changes(units=tuple(units))


def _shuffle_faces(
    game: Sabot,
    analysis: Analysis,
    kinds: dict[int, str],
    action: Buy,
    events: Sequence[Any],
    draws: _Draws,
    at: int,
) -> list[int]:
    """The Fisher-Yates draws that deal a purchase's counters the kinds sampled for them
    (the player's own as seen; the first at ``at`` among the past's forced results)."""
    group = next(e.units for e in events if isinstance(e, Arrived))
    wanted = [analysis.known.get(u) or kinds[u] for u in group]
    units = game.table.platoons[action.platoon].units
    pool = list(units)
    faces: list[int] = []
    for i in range(len(pool) - 1, 0, -1):
        options = tuple((j,) for j in range(i + 1) if pool[j] == wanted[i])
        (j,) = draws.pick(options, at + len(faces), -1, (tuple(units), tuple(wanted)), i)
        faces.append(j)
        pool[i], pool[j] = pool[j], pool[i]
    return faces


def _past(
    game: Sabot,
    replay: Replay,
    kinds: dict[int, str],
    fresh: Rng,
    picks: Sequence[tuple[int, ...]],
) -> History:
    """The past ``replay`` kept, with ``kinds`` on the concealed counters it never looked at
    (:func:`_dressed`), the stream ``fresh`` and the unseen dice ``picks`` (one per choice):
    each forced in its place and each shot's adjusted rolls moved by as much (a shot's
    result and so the play after it are the same for every option)."""
    forced = list(replay.forced)
    events: list[Any] = []
    for choice, picked in zip(replay.choices, picks, strict=True):
        if picked == choice.picked:
            continue
        forced[choice.at : choice.at + len(picked)] = picked
        if choice.event >= 0:
            events = events or list(replay.last.log)
            shot = events[choice.event]
            events[choice.event] = replace(
                shot,
                attack=shot.attack + picked[0] - choice.picked[0],
                defense=shot.defense + picked[1] - choice.picked[1],
            )
    last = _dressed(game, replay.last, kinds, replay.fresh)
    last = last.with_changes(rng=Rng(fresh.key, replay.last.rng.counter))
    if events:
        last = last.with_changes(log=EventLog(events))
    start = _dressed(game, replay.start, kinds, kinds)
    start = start.with_changes(rng=fresh.with_forced(*forced))
    return History(start, replay.actions, end=last)


_Key = tuple[tuple[tuple[int, str], ...], tuple[tuple[int, str], ...]]


def _army_key(drawn: tuple[dict[int, str], dict[int, str]], seen: frozenset[int]) -> _Key:
    """What a replay that looked at the counters ``seen`` depends on besides the view and
    the unseen dice: their types and the platoons bought."""
    kinds, platoons = drawn
    return tuple(sorted(platoons.items())), tuple((u, kinds[u]) for u in sorted(seen))


def _differs(game: Sabot, replay: Replay, kinds: Mapping[int, str]) -> list[int]:
    """The steps at which ``replay`` asked a concealed counter something (its type, a field
    of its type, its shots marker as set up) that ``kinds`` answer otherwise, in order
    (worked out once per counter and type)."""
    steps: set[int] = set()
    for u in replay.seen:
        kind = kinds.get(u, "")
        found = replay.parts.get((u, kind))
        if found is None:
            found = replay.parts[(u, kind)] = _others(game, replay, u, kind)
        steps.update(found)
    return sorted(steps)


def _others(game: Sabot, replay: Replay, unit: int, kind: str) -> tuple[int, ...]:
    """The steps that asked ``unit`` something ``kind`` answers otherwise."""
    record = game.table.types.get(kind)
    ammo = _full(game, kind) if record is not None or kind == DECOY else None
    out: list[int] = []
    for step, u, part, question, got in replay.facts:
        if u != unit or part == "left" or (out and out[-1] == step):
            continue
        try:
            mine = answer(question, kind, record) if part == "kind" else answer(question, ammo)
            differs = mine != got
        except (AttributeError, TypeError):  # a decoy asked for a type's field
            differs = True
        if differs:
            out.append(step)
    return tuple(out)


_NEVER: Final = 1 << 30
"""No step (past the last)."""


def _mark(replay: Replay, step: int) -> _Mark | None:
    """The last mark of ``replay`` at or before ``step`` (None: none after its start)."""
    return next((m for m in reversed(replay.marks) if 0 < m.step <= step), None)


@frozen
class _Found:
    """What the kept replays offer an army: one that asked nothing it answers otherwise
    (``same``), the one that did at the fewest steps (``close``, with those ``steps``), and
    the kept state to go on from that is latest before they part (``resume``)."""

    same: Replay | None = None
    close: Replay | None = None
    steps: Sequence[int] = ()
    resume: tuple[Replay, _Mark] | None = None


def _source(
    game: Sabot, analysis: Analysis, drawn: tuple[dict[int, str], dict[int, str]]
) -> _Found:
    """What the kept replays of this view (and of the earlier view, whose steps run up to a
    mark past their own) offer the army ``drawn`` (see :class:`_Found`)."""
    kinds, platoons = drawn
    bought = tuple(sorted(platoons.items()))
    close: tuple[Replay | None, Sequence[int]] = None, ()
    best: tuple[Replay, _Mark] | None = None
    for key, replay in analysis.replays.items():
        if key[0] != bought:
            continue
        steps = _differs(game, replay, kinds)
        if not steps:
            analysis.replays.move_to_end(key)
            return _Found(same=replay)
        rank = (replay.culprit is not None, len(steps))  # one that did not break first
        if close[0] is None or rank < (close[0].culprit is not None, len(close[1])):
            close = replay, steps
        mark: _Mark | None = _mark(replay, steps[0])
        if mark is not None and (best is None or mark.step > best[1].step):
            best = replay, mark
    # an earlier view's replay, as far as its steps go (a counter then concealed may be known)
    end, earlier = analysis.earlier
    for key, replay in earlier:
        if not set(key[0]) <= set(bought):
            continue
        steps = _differs(game, replay, analysis.known | kinds)
        if not steps or steps[0] >= end:  # its last state, before its view's check
            mark = _Mark(end, replay.last, len(replay.forced), len(replay.choices), replay.fresh)
        else:
            mark = _mark(replay, steps[0])
        if mark is not None and mark.step and (best is None or mark.step > best[1].step):
            best = replay, mark
    return _Found(None, close[0], close[1], best)


_LEFT: Final = ("log", "rng")
"""What a step checked through a kept replay may leave unlike it: the unseen rolls of a
shot in the log (drawn for every sample, see :func:`_past`) and the stream's key."""


def _checked(
    game: Sabot,
    analysis: Analysis,
    replay: Replay,
    steps: Sequence[int],
    drawn: tuple[dict[int, str], dict[int, str]],
    rng: random.Random,
) -> tuple[Replay, list[tuple[int, ...]]] | None:
    """The army ``drawn`` run through the kept ``replay``, which it answers otherwise only at
    ``steps``: each of those run from the kept state before it with the army's types put on
    (the unseen dice drawn as its own replay draws them, the others as the kept replay's), and
    held to the kept state after it (the next step run too while they differ; a move left
    that differs carried on, and a step that asked it otherwise run).  The army's replay, or
    where it breaks, with the unseen dice drawn (as :func:`_replay` and ``rng`` would give
    them); None where a step draws other dice than the kept replay's, or gets past where the
    kept replay broke (then ``rng`` has been drawn from: the caller restores it)."""
    kinds = drawn[0]
    known = analysis.known | kinds
    forced, choices = list(replay.forced), list(replay.choices)
    events: list[Any] = list(replay.last.log) if replay.culprit is None else []
    picks: list[tuple[int, ...]] = []
    draws, redraw = _Draws(rng), _Redraw(rng)
    lefts: dict[int, int] = {}  # move left (its own) where this army's differs from the kept

    def broke(culprit: int) -> tuple[Replay, list[tuple[int, ...]]]:
        return Replay(replay.start, (), (), replay.start, (), culprit), picks

    def until(u: int, after: int) -> int:
        """The next step past ``after`` that sets ``u``'s move left."""
        return next((s for s, v in replay.writes if v == u and s > after), _NEVER)

    def asked(after: int) -> int:
        """The first step past ``after`` that asked a move left that differs (up to the
        step that sets it)."""
        return min(
            (step for step, u, part, question, got in replay.facts
             if step > after and part == "left" and u in lefts and step <= until(u, after)
             and answer(question, lefts[u]) != got),
            default=_NEVER,
        )  # fmt: skip

    queue, step = list(steps), -1
    running: SabotState | None = None
    while True:
        done, step = step, min(queue[0] if queue else _NEVER, asked(step) if lefts else _NEVER)
        for u in [u for u in lefts if until(u, done) < step]:  # set alike on the way
            del lefts[u]
        if step == _NEVER:
            break
        queue = [s for s in queue if s > step]
        at, chosen, logged = replay.counts[step]
        picks += redraw(replay.choices[len(picks) : chosen])
        state = running or _lefts(game, replay.states[step], known, lefts)
        running = None
        if step == len(analysis.steps):  # the view's check
            if game.view(state, analysis.player) != analysis.view:
                return broke(-1)
            continue
        draws.choices = []
        try:
            _, faces, after = _step(game, analysis, state, step, drawn, draws, at)
        except _Miss as miss:
            return broke(miss.culprit)
        if step + 1 == len(replay.states):  # the kept replay broke here, this army did not
            return None
        forced_to, chosen_to, logged_to = replay.counts[step + 1]
        mine = after.log.since(logged)
        if (
            len(faces) != forced_to - at
            or len(draws.choices) != chosen_to - chosen
            or not _alike(mine, events[logged:logged_to], draws.choices, logged)
        ):
            return None
        forced[at:forced_to] = faces
        choices[chosen:chosen_to] = draws.choices
        events[logged:logged_to] = mine
        picks += [choice.picked for choice in draws.choices]
        if queue and queue[0] == step + 1:  # the next step goes on from this army's state
            running = after
            continue
        expected = _dressed(game, replay.states[step + 1], known, ())
        for u in analysis.domains:  # a move left of its own may differ: watched on
            if u >= len(after.units) or after.units[u].left == expected.units[u].left:
                lefts.pop(u, None)
            else:
                lefts[u] = plain(after.units[u].left)
        if lefts:
            expected = _lefts(game, expected, known, lefts)
        if any(getattr(after, f) != getattr(expected, f) for f in _FIELDS):
            queue.insert(0, step + 1)  # still unlike the kept replay: the next step too
            running = after
    picks += redraw(replay.choices[len(picks) :])
    if replay.culprit is not None:  # broken where the kept replay broke
        return broke(replay.culprit)
    last = _lefts(game, replay.last, {}, lefts).with_changes(log=EventLog(events))
    return attrs.evolve(replay, forced=tuple(forced), choices=tuple(choices), last=last), picks


def _lefts(
    game: Sabot, state: SabotState, kinds: Mapping[int, str], lefts: Mapping[int, int]
) -> SabotState:
    """A kept replay's ``state`` with ``kinds`` put on (:func:`_dressed`) and the move
    ``lefts`` of an army whose differ."""
    state = _dressed(game, state, kinds, ())
    if not lefts:
        return state
    units = list(state.units)
    for u, left in lefts.items():
        units[u] = replace(units[u], left=left)
    return state.with_changes(units=tuple(units))


_FIELDS: Final = tuple(f.name for f in attrs.fields(SabotState) if f.name not in _LEFT)


def _alike(mine: Sequence[Any], kept: Sequence[Any], drawn: Sequence[_Choice], at: int) -> bool:
    """Whether a step's events ``mine`` are the kept replay's (the first at ``at`` in the
    log) but for the adjusted rolls of the shots whose rolls the player did not see."""
    if len(mine) != len(kept):
        return False
    unseen = {choice.event - at for choice in drawn if choice.event >= 0}
    return all(
        a == b
        or (i in unseen and replace(a, attack=0, defense=0) == replace(b, attack=0, defense=0))
        for i, (a, b) in enumerate(zip(mine, kept, strict=True))
    )


def sample_history(
    game: Sabot, view: SabotState, player: str, rng: random.Random, *, reuse: bool = True
) -> History:
    """A past that shows ``player`` exactly what they saw (see the module).  ``reuse=False``
    keeps nothing and replays every army drawn, unwatched: the same past for the same
    ``rng``, more slowly (the reference the tests hold the kept replays to).

    :raises NoPast: if none was found in :data:`TRIES` draws.
    """
    analysis = analyse(game, view, player) if reuse else Analysis(game, view, player)
    no_past = not analysis.steps and not analysis.start_events
    ruled_out: set[tuple[int, str]] = set()  # types this call's replays ruled out
    for attempt in range(TRIES):
        # What replays ruled out may, rarely, be too much (a type failed where another
        # counter's was to blame): the last quarter of the tries draws without it.
        banned = ruled_out if attempt < TRIES * 3 // 4 else set()
        drawn = _draw_kinds(game, analysis, rng, banned)
        if drawn is None:
            continue
        kinds = drawn[0]
        if no_past and game.phase(view) != "set-up":
            start = _position(game, analysis, kinds)
            return History(start.with_changes(rng=game.fresh_rng(rng)), ())
        fresh = game.fresh_rng(rng)
        found = _source(game, analysis, drawn) if reuse else _Found()
        checked = None
        if found.close is not None and found.close.states:
            # worth it where it runs fewer steps than a replay from the latest kept state
            begins = found.resume[1].step if found.resume else 0
            if 2 * len(found.steps) < len(analysis.steps) - begins:
                drawing = rng.getstate()
                checked = _checked(game, analysis, found.close, found.steps, drawn, rng)
                if checked is None:
                    rng.setstate(drawing)
        if found.same is not None:  # the same calls on ``rng`` as its replay's
            replay = found.same
            picks = _Redraw(rng)(replay.choices)
        elif checked is not None:
            replay, picks = checked
        else:
            start = _start(game, analysis, kinds).with_changes(rng=fresh)
            resume = found.resume
            # the unseen dice before the mark, drawn as the kept replay drew them
            picks = _Redraw(rng)(resume[0].choices[: resume[1].choices]) if resume else []
            watch: Watch[_Part] | None = Watch() if reuse else None
            replay = _replay(game, analysis, start, drawn, rng, watch, resume)
            picks += [choice.picked for choice in replay.choices[len(picks) :]]
            if reuse:
                if len(analysis.replays) >= KEPT:
                    analysis.replays.popitem(last=False)
                analysis.replays[_army_key(drawn, replay.seen)] = replay
        if replay.culprit is not None:
            if replay.culprit in kinds:
                ruled_out.add((replay.culprit, kinds[replay.culprit]))
            continue
        return _past(game, replay, kinds, fresh, picks)
    raise NoPast(f"no past of {player}'s view found in {TRIES} samples")
