"""What every Grid SciFi state the rules can reach keeps: the checks behind
:meth:`GridSciFi.violations <wargames.gridscifi.rules.GridSciFi.violations>`, run on every
loaded document and, by the conformance suite, on every state of every playout.

Units are numbered in order, each a player's unit of their army list, on a square of the
table when it stands there, inside a friendly transport when embarked, never with more damage
than it can take; the activation in progress, the attack awaiting an answer, the arrival and
the bail-outs name units that exist, weapons they carry, six-sided dice and ranks of the board.

The conservation laws: the units are those the opening set up (the log's first event,
:class:`~wargames.gridscifi.state.SetUp`), each the same player's same unit to the end —
destroyed units stay, with their status — so none vanishes or appears; no army has more
of a unit than its army list (a view counts the enemy units it cannot name towards the
list's total); a transport carries troop units only, no more than its room ("Some non-troop
units are able to transport troop units"); and the game goes on while each player has a
unit left, on the table or off it ("destroyed the enemy" ends it, won by the side left).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from wargames.core.conservation import tally
from wargames.core.hidden import is_hidden
from wargames.gridscifi.state import ANNIHILATION, GridState, SetUp, Status, Unit

if TYPE_CHECKING:
    from wargames.gridscifi.rules import GridSciFi

__all__ = ["violations"]

_FACES = range(1, 7)


def violations(game: GridSciFi, state: GridState) -> Iterator[str]:
    """Every invariant ``state`` breaks, each in a sentence."""
    units = state.units
    misnumbered = [f"unit {i} has id {u.id}" for i, u in enumerate(units) if u.id != i]
    broken = misnumbered or [p for unit in units for p in _unit(game, state, unit)]
    if broken:
        yield from broken
        return  # the rest reads units by id, and their profiles
    ids = range(len(units))
    act = state.activation
    if act is not None:
        if act.unit not in ids:
            yield f"the activation is of unit {act.unit}, which does not exist"
        elif not is_hidden(units[act.unit].profile):
            weapons = {w.name for w in game.field.profile(units[act.unit]).weapons}
            if act.aim is not None and act.aim not in weapons:
                yield f"unit {act.unit} aims {act.aim!r}, not one of its weapons"
        if any(face not in _FACES for face in act.dice) or act.move_left < 0:
            yield f"activation dice {list(act.dice)} and {act.move_left} squares of move"
        if ((act.move_left or act.halted) and not act.moved) or (act.halted and act.move_left):
            yield f"activation move: {act.move_left} left, moved {act.moved}, halted {act.halted}"
        if any(t not in ids for t in (*act.targets, act.psychic_target or 0)):
            yield f"the activation targets units that do not exist: {list(act.targets)}"
    declared = state.declared
    if declared is not None:
        if declared.attacker not in ids or declared.target not in ids:
            yield f"an attack by unit {declared.attacker} on unit {declared.target}"
        elif not is_hidden(units[declared.attacker].profile):
            weapons = {w.name for w in game.field.profile(units[declared.attacker]).weapons}
            if declared.weapon not in weapons or declared.dice < 0:
                yield f"an attack with {declared.weapon!r} and {declared.dice} dice"
    arrival = state.arrival
    if arrival is not None and (
        arrival.unit not in ids or not 1 <= arrival.rank <= game.field.board.height
    ):
        yield f"unit {arrival.unit} arriving on rank {arrival.rank}"
    if any(b not in ids for b in state.bailing):
        yield f"units bailing out that do not exist: {list(state.bailing)}"
    yield from _set_up(state)
    yield from _armies(game, state)
    yield from _transports(game, state)
    yield from _sides(game, state)


def _set_up(state: GridState) -> Iterator[str]:
    """The units are the opening's, each the same player's same unit."""
    opening = next(iter(state.log), None)
    if not isinstance(opening, SetUp):
        yield "the log does not open with the set-up"
        return
    units, before = state.units, opening.units
    if len(units) != len(before):
        yield f"{len(units)} units, but {len(before)} were set up"
    for unit, was in zip(units, before, strict=False):
        known = not is_hidden(unit.profile) and not is_hidden(was.profile)
        if unit.owner != was.owner or (known and unit.profile != was.profile):
            yield f"unit {unit.id} is {unit.owner}'s {unit.profile}, set up as {was.owner}'s"


def _armies(game: GridSciFi, state: GridState) -> Iterator[str]:
    """No army has more of a unit than its list."""
    for player, army in game.field.armies.items():
        own = [u.profile for u in state.units if u.owner == player]
        known = Counter(p for p in own if not is_hidden(p))
        unknown = len(own) - sum(known.values())
        listed = Counter(army.roster)
        yield from tally(f"{player}'s army", known, listed, unknown=unknown, whole=False)


def _transports(game: GridSciFi, state: GridState) -> Iterator[str]:
    """A transport carries troop units, no more than its room."""
    riders = Counter(u.carrier for u in state.units if u.status is Status.EMBARKED)
    for carrier, count in riders.items():
        unit = state.units[carrier] if carrier is not None else None
        if unit is None or is_hidden(unit.profile):
            continue  # no carrier: refused above; a view: the enemy's unseen transport
        room = game.field.profile(unit).capacity
        if count > room:
            yield f"unit {carrier} carries {count} units, room for {room}"
    for unit in state.units:
        embarked = unit.status is Status.EMBARKED and not is_hidden(unit.profile)
        if embarked and not game.field.profile(unit).troop:
            yield f"unit {unit.id} is embarked, but only troop units ride in transports"


def _sides(game: GridSciFi, state: GridState) -> Iterator[str]:
    """The game goes on while each player has a unit left; annihilation is won by the rest."""
    standing = frozenset(u.owner for u in state.units if u.alive)
    result = state.result
    if result is None and not game.in_setup(state):
        for player in game.players:
            if player not in standing:
                yield f"the game goes on, but {player} has no unit left"
    if result is not None and result.reason == ANNIHILATION and result.winners != standing:
        yield f"{result}, but {sorted(standing)} have units left"


def _unit(game: GridSciFi, state: GridState, unit: Unit) -> Iterator[str]:
    name = f"unit {unit.id}"
    army = game.field.armies.get(unit.owner)
    if army is None:
        yield f"{name} belongs to {unit.owner!r}, not a player"
        return
    if is_hidden(unit.profile):  # a view: an enemy unit not yet seen on the table
        return
    if unit.profile not in army.profiles:
        yield f"{name} is {unit.profile!r}, not in {unit.owner}'s army list"
        return
    profile = army.profiles[unit.profile]
    if not 0 <= unit.damage <= profile.strength:
        yield f"{name} has {unit.damage} damage, of {profile.strength}"
    if unit.status in (Status.TABLE, Status.STRANDED) and unit.square not in game.field.board:
        yield f"{name} stands on {unit.square}, off the table"
    if unit.status is Status.EMBARKED:
        units, index = state.units, unit.carrier
        carrier = units[index] if index is not None and 0 <= index < len(units) else None
        if carrier is None or carrier.owner != unit.owner:
            yield f"{name} is embarked in no friendly transport"
