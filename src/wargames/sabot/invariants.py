"""What every SABOT state the rules can reach keeps: the checks behind
:meth:`Sabot.violations <wargames.sabot.rules.Sabot.violations>`, run on every loaded document
and, by the conformance suite, on every state of every playout.

Counters are numbered by set-up order; each has a known owner, kind and status; a counter on
the map stands on one of its hexes facing one of six ways, one counter a hex (the unit
moving may pass through a friend's hex, VI-a); a squad aboard rides in a friendly carrier with
room (VI-e); shots markers stay within what the unit type carries (IV).

The conservation laws.  Every counter is in one place: on the map (a Destroyed counter keeps
its hex until "the end of combat", VII), aboard a carrier, removed, or, in the set-up and
reinforcement phases only, bought and not yet set up (off the map, in no carrier).  Decoys:
"Each player gets two of these" (the ``decoys`` option), in the starting army, and "once
scouted, they must be removed from the map".  The armies are what was bought (II: "Each
player spends his/her build points"): in a game set up by the rules, each player's starting
counters make whole platoons costing no more than the build points, each reinforcement
(V) is one whole platoon of the buyer's that arrived in its turn, and the turn's
reinforcement points are spent on those or still in the purse.  A view checks what it shows
(an army only when it names all its counters).  A ``position(...)`` study sets up counters
of its own: a game set up by the rules is one whose starting counters are each logged as
set up (placed, embarked or left out) before the first player-1 roll, or still unplaced.
Annihilation (VIII) is won by the side with units left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Final

from wargames.core.hidden import is_hidden
from wargames.core.limits import REASON as LIMIT
from wargames.sabot.state import (
    ABOARD,
    ANNIHILATION,
    DESTROYED,
    DISABLED,
    GONE,
    OK,
    STATUSES,
    UNPLACED,
    Arrived,
    Embarked,
    Initiative,
    Moved,
    Removed,
    SabotState,
    Unit,
)
from wargames.sabot.units import DECOY

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["violations"]

_FACINGS: Final = range(6)


def violations(game: Sabot, state: SabotState) -> Iterator[str]:
    """Every invariant ``state`` breaks, each in a sentence."""
    clock = list(game.turns.clock_problems(state.clock, len(game.players)))
    yield from clock
    units = state.units
    for index, unit in enumerate(units):
        if unit.id != index:
            yield f"counter {index} has id {unit.id}"
            return  # the rest reads counters by id
        yield from _counter(game, state, unit)
    concealed = {u.owner for u in units if is_hidden(u.kind)}
    if len(concealed) > 1:
        sides = " and ".join(sorted(concealed))
        yield f"counters of {sides} hide their kinds: a view hides one side's only"
    standing = Counter(
        u.hex for u in units if u.on_map and u.status != UNPLACED and not _passing(state, u)
    )
    yield from (f"{n} counters stand on hex {h}" for h, n in standing.items() if n > 1)
    hexes = range(len(game.map.board))
    for owner, hex_ in state.prepared:
        if owner not in game.players or hex_ not in hexes:
            yield f"a prepared position ({owner!r}, {hex_}) is not a player's on the map"
    if state.pending is not None:
        yield "a shot is aimed and not rolled: a bot's afterstate, never a state of play"
    if state.moving is not None and state.moving.unit not in range(len(units)):
        yield f"the moving counter {state.moving.unit} does not exist"
    if not -1 <= state.placed < len(units):
        yield f"the counter placed last, {state.placed}, does not exist"
    for purse in state.purses:
        if purse.owner not in game.players or (not is_hidden(purse.points) and purse.points < 0):
            yield f"a purse of {purse.points} points for {purse.owner!r}"
    if not clock:  # the laws read the phase
        yield from _places(game, state)
    yield from _decoys(game, state)
    yield from _armies(game, state)
    yield from _annihilation(state)


def _places(game: Sabot, state: SabotState) -> Iterator[str]:
    """A Destroyed counter stays on the map until the end of combat; a counter not set up
    is off the map, in no carrier, and only while counters are being set up."""
    setting_up = game.phase(state) in ("set-up", "reinforcement")
    for unit in state.units:
        if unit.status == DESTROYED and unit.hex < 0:
            yield f"counter {unit.id} is Destroyed off the map"
        if unit.status == UNPLACED and (unit.hex != ABOARD or unit.carrier != -1):
            yield f"counter {unit.id} is not set up, but stands on hex {unit.hex}"
        if unit.status == UNPLACED and not setting_up:
            yield f"counter {unit.id} is not set up in the {game.phase(state)} phase"


def _decoys(game: Sabot, state: SabotState) -> Iterator[str]:
    """IV: each player's decoys, in the starting army; a decoy scouted is removed."""
    most = game.options.decoys
    for player in game.players:
        decoys = [u for u in state.units if u.owner == player and u.kind == DECOY]
        if len(decoys) > most:
            yield f"{player} has {len(decoys)} decoys, of {most}"
        for unit in decoys:
            if unit.arrived:
                yield f"decoy {unit.id} arrived as a reinforcement in turn {unit.arrived}"
            if unit.revealed and unit.status != GONE:
                yield f"decoy {unit.id} is scouted but not removed from the map"


def _armies(game: Sabot, state: SabotState) -> Iterator[str]:
    """II and V: the counters are whole platoons bought with the build points."""
    units = state.units
    logged, groups = _history(state)
    lost = sorted(i for i in logged if i >= len(units))
    if lost:
        yield f"counters {lost} were set up, but are not in the state"
    if not all(u.id in logged or u.status == UNPLACED for u in units if not u.arrived):
        return  # a study: its counters are its own
    bought = {i for e in groups for i in e.units}
    for unit in units:
        if unit.arrived and unit.id not in bought:
            yield f"counter {unit.id} arrived in turn {unit.arrived}, but nobody bought it"
    spent = dict.fromkeys(game.players, 0)
    # A game won or drawn by the rules ends only as a turn ends (VIII, turn.next_phase),
    # before a new turn refills the purses: its purses are its last turn's.  One drawn at its
    # action limit may end anywhere, and its purses are this turn's.
    by_rules = state.result is not None and not state.result.reason.startswith(LIMIT)
    turn = state.clock.turn - by_rules
    table = _contents(game)
    for group in groups:
        if any(i >= len(units) for i in group.units):
            yield f"{group.player} bought counters {list(group.units)}, not all in the state"
            continue
        members = [units[i] for i in group.units]
        if any(u.owner != group.player or u.arrived != members[0].arrived for u in members):
            yield f"counters {list(group.units)} arrived together, not {group.player}'s of a turn"
            continue
        kinds = Counter(u.kind for u in members)
        if any(is_hidden(kind) for kind in kinds):
            continue  # a view of the enemy's reinforcements
        platoons = _platoons(table, kinds)
        if platoons is None or sum(platoons.values()) != 1:
            yield f"{group.player}'s reinforcements {list(group.units)} are not one platoon"
        elif members[0].arrived == turn:
            spent[group.player] += _cost(game, platoons)
    for player in game.players:
        start = [u.kind for u in units if u.owner == player and not u.arrived and u.kind != DECOY]
        if any(is_hidden(kind) for kind in start):
            continue  # a view of the enemy's army
        platoons = _platoons(table, Counter(start))
        if platoons is None:
            yield f"{player}'s starting counters are not whole platoons (II)"
        elif _cost(game, platoons) > game.options.build_points:
            cost = _cost(game, platoons)
            yield f"{player}'s army costs {cost} build points, of {game.options.build_points}"
    for purse in state.purses:
        if not is_hidden(purse.points) and purse.owner in spent:
            total = purse.points + spent[purse.owner]
            if total != game.options.reinforcements:
                yield (
                    f"{purse.owner} spent {spent[purse.owner]} and has {purse.points} "
                    f"reinforcement points, of {game.options.reinforcements}"
                )


def _history(state: SabotState) -> tuple[set[int], list[Arrived]]:
    """What the log says of the armies, read in one pass: the counters set up (placed,
    embarked or left out) before the first player-1 roll (V), and the reinforcements bought.
    In a game set up by the rules the first is every starting counter but those still to
    be placed; a study logs none."""
    logged: set[int] = set()
    groups: list[Arrived] = []
    rolled = False
    for event in state.log:
        kind = type(event)
        if kind is Arrived:
            groups.append(event)
        elif kind is Initiative:
            rolled = True
        elif not rolled and kind in _SET_UP:
            logged.add(event.unit)
    return logged, groups


_SET_UP: Final = frozenset({Moved, Embarked, Removed})
"""The events that log a counter's set-up: placed (and turned), embarked, or left out."""


def _platoons(platoons: _Platoons, kinds: Mapping[str, int]) -> Counter[str] | None:
    """Platoons (by name, of ``platoons``: :func:`_contents`) whose counters are exactly
    ``kinds``, or ``None`` if none are."""
    left = {kind: n for kind, n in kinds.items() if n}
    if not left:
        return Counter()
    kind = min(left)
    for name, each in platoons:
        if kind in each and all(left.get(k, 0) >= n for k, n in each.items()):
            rest = _platoons(platoons, {k: n - each.get(k, 0) for k, n in left.items()})
            if rest is not None:
                rest[name] += 1
                return rest
    return None


_Platoons = tuple[tuple[str, Mapping[str, int]], ...]


def _contents(game: Sabot) -> _Platoons:
    """Each platoon's name and counters by kind, in name order."""
    return tuple((name, Counter(p.units)) for name, p in sorted(game.table.platoons.items()))


def _cost(game: Sabot, platoons: Counter[str]) -> int:
    return sum(game.table.platoons[name].cost * n for name, n in platoons.items())


def _annihilation(state: SabotState) -> Iterator[str]:
    """VIII: annihilation is won by the side with units left (decoys are not units)."""
    result = state.result
    if result is None or result.reason != ANNIHILATION:
        return
    standing = {u.owner for u in state.units if u.status in (OK, DISABLED) and u.kind != DECOY}
    if result.winners != standing:
        yield f"{result}, but {sorted(standing)} have units left"


def _passing(state: SabotState, unit: Unit) -> bool:
    """Whether ``unit`` is the counter moving now (it may share a friend's hex, VI-a)."""
    return state.moving is not None and state.moving.unit == unit.id


def _counter(game: Sabot, state: SabotState, unit: Unit) -> Iterator[str]:
    name = f"counter {unit.id}"
    if unit.owner not in game.players:
        yield f"{name} belongs to {unit.owner!r}, not a player"
    if is_hidden(unit.kind):  # a view: a concealed enemy counter, nothing of it known
        if unit.revealed:
            yield f"{name} is right side up, but its kind is hidden"
        if not is_hidden(unit.ammo):
            yield f"{name}'s kind is hidden, but not its shots marker"
        return
    if unit.kind != DECOY and unit.kind not in game.table.types:
        yield f"{name} is of unknown kind {unit.kind!r}"
        return
    if unit.status not in STATUSES:
        yield f"{name} has unknown status {unit.status!r}"
    if unit.facing not in _FACINGS:
        yield f"{name} faces {unit.facing}, not one of the six hex faces"
    if not ABOARD <= unit.hex < len(game.map.board):
        yield f"{name} is on hex {unit.hex}, off the map"
    kind = game.kind(unit)
    most = kind.limited_shots if kind is not None else 0
    if is_hidden(unit.ammo):
        pass  # a view: an enemy's shots marker
    elif not 0 <= unit.ammo <= most or unit.spent < 0:
        yield f"{name} has {unit.ammo} shots and {unit.spent} spent, of {most}"
    if unit.hex == ABOARD and unit.status in (OK, DISABLED):
        yield from _aboard(game, state, unit)
    if kind is not None and kind.capacity:
        riders = sum(
            u.carrier == unit.id and u.hex == ABOARD and u.status in (OK, DISABLED)
            for u in state.units
        )
        if riders > kind.capacity:
            yield f"{name} carries {riders} squads, room for {kind.capacity}"


def _aboard(game: Sabot, state: SabotState, unit: Unit) -> Iterator[str]:
    """A squad off the map and in play rides in a friendly carrier (VI-e)."""
    units = state.units
    if not 0 <= unit.carrier < len(units):
        yield f"counter {unit.id} is off the map in no carrier"
        return
    carrier = units[unit.carrier]
    if is_hidden(carrier.kind):
        return  # a view of the enemy's squads in the enemy's concealed carrier
    kind = game.table.types.get(carrier.kind)
    if carrier.owner != unit.owner or kind is None or not kind.capacity:
        yield f"counter {unit.id} rides in counter {carrier.id}, not a friendly carrier"
