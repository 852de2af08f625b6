"""What a player's view proves of the past (:class:`Analysis`, kept per view by
:func:`analyse`): the random set-up's events, each action with the events it caused, the
enemy's concealed counters and what each may be (:func:`domains`).

The log keeps every action (:class:`~wargames.sabot.state.Played`, the enemy's purchase as
``buy ?``) after the events it caused, and the random set-up logs where each counter went
(IV), so the past is the log itself; what is secret is what the enemy's concealed counters
are (with the platoons bought) and the dice the player did not see (docs/sabot.md, "Hidden
information and sampled pasts")."""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final, cast

from wargames.core.hidden import is_hidden
from wargames.sabot import combat
from wargames.sabot.army import PREPARED_PER_ENGINEER
from wargames.sabot.movement import stands
from wargames.sabot.state import (
    ABOARD,
    Advance,
    Arrived,
    Attack,
    Board,
    Disembark,
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
)
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.determinize.kept import Key
    from wargames.sabot.determinize.replay import Replay
    from wargames.sabot.rules import Sabot


CACHED: Final = 16
"""Views whose analysis a game keeps (a bot samples one view many times)."""
_SPECIALS: Final = {
    "repair": "repair", "reload": "reload", "deploy": "bridge", "fold": "bridge",
    "prepare": "prepare",
}  # fmt: skip
"""What each special action names (V, II: the RRV repairs, the MLV reloads, the
BRV deploys and folds its bridge, the ENV prepares a position)."""
MOVING: Final = (Advance, Turn, TakeOff, Scout, Reveal, Board, Disembark, Stop)
"""The actions of a move (VI), about the counter selected to move."""


class Analysis:
    """What a player's view proves of the past: the start's events, each action with the
    events it caused, the enemy's concealed counters and what each may be (what it proves
    never changes, so a sample depends only on the view and the sampler's ``rng``), and the
    replays kept for the view's next samples."""

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
        """What the start has that is no concealed counter's type (see
        :func:`~wargames.sabot.determinize.start.full_start`)."""
        self.replays: OrderedDict[Key, Replay] = OrderedDict()
        """The replays kept, each by what it depends on
        (:func:`~wargames.sabot.determinize.kept.army_key`)."""
        self.earlier: tuple[int, tuple[tuple[Key, Replay], ...]] = 0, ()
        """The replays (that fit) of an earlier view of this player whose steps begin these,
        with how many steps it had (set by :func:`analyse`)."""
        self.samples = 0
        """The samples of the view drawn so far (with the kept replays)."""


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
        elif isinstance(action, MOVING):
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
