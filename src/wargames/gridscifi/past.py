"""Sampled pasts (``sample_history``): the game a player saw, with what they did not see
drawn consistently with all of it.

What is hidden (library choice; the text says nothing): which army-list entry a unit is, for
units the opponent has not seen on the table — those that started in reserve or inside a
transport, and (``deploy=False``) those still to be set up.  Everything else is public: the
opening (:class:`~wargames.gridscifi.state.SetUp`, the first event of the log), every roll,
every move and attack.  A unit is revealed for good when it is activated, called from reserve,
set up or bails out, so a hidden unit has never acted: play says nothing about it.  The set-up
does (:func:`~wargames.gridscifi.scenario.could_deploy`): a passenger is a troop unit, a unit
carrying passengers a transport, and one that carries fewer units than it has room for, or
none, would have taken more had any troop unit been left.

How a past is sampled:

* Once per view (cached): the actions are rebuilt from the log — each event names the action
  that caused it, and the actions that log nothing (choosing a weapon, the defender's answer,
  ending an activation or a turn, calling a unit from reserve) follow from the events after
  them and from the decision pending in the view.  Each is applied unchecked to a start with
  the hidden units drawn once, the events it logs compared with the log's, and the last state
  compared with the view.  Every die face the log shows is forced, in order, into the stream.
* Per sample: the hidden units' profiles are drawn from what is left of the enemy's army list
  (:func:`~wargames.core.hidden.sample_assignment` over the narrowed domains; a draw the
  set-up could not have produced is drawn again), put into the start and into the replay's
  last state (they change nothing in play), with a fresh stream drawn from ``rng``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Container, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import attrs
from attrs import field, frozen

from wargames.core.errors import NoPast
from wargames.core.events import EventLog
from wargames.core.hidden import is_hidden, sample_assignment
from wargames.core.history import History
from wargames.core.rng import Rng
from wargames.gridscifi.attacks import attack_dice
from wargames.gridscifi.overwatch import responses
from wargames.gridscifi.scenario import could_deploy
from wargames.gridscifi.state import (
    Activate,
    Activated,
    Aim,
    Arrived,
    AttackRolled,
    BailOut,
    BailOutRolled,
    CallReserve,
    Channel,
    Deploy,
    Deployed,
    Embark,
    Embarked,
    EndActivation,
    EndTurn,
    GridAction,
    GridState,
    LeaveTable,
    LeftTable,
    Moved,
    Overwatch,
    Overwatched,
    Place,
    Placed,
    Reroll,
    Rerolled,
    SetUp,
    Status,
    Step,
    Target,
    TurnBegan,
    Unit,
    Unpin,
    Unpinned,
)

if TYPE_CHECKING:
    from wargames.gridscifi.rules import GridSciFi

__all__ = ["Past", "forget", "sample_past"]

TRIES = 200
"""Draws of the hidden profiles before a sampler gives up (the narrowed domains make the first
draw fit the set-up in the built-in scenarios)."""


_MOST_PENDING = 4
"""The most actions that log nothing after the last event (end an activation, aim, target,
choose the psychic dice); the view is then compared with the state they lead to."""


@frozen
class Past(History):
    """A sampled past whose last state the sampler already has: the replay of its actions
    gives the same state (the hidden profiles drawn change nothing in play), without redoing
    it per sample."""

    last: GridState = field(eq=False, repr=False)

    def final(self, game: object) -> GridState:
        """The state after the last action (the replay's, built once per view)."""
        return self.last


@frozen
class Secrets:
    """What a player does not know: the ``hidden`` units' profiles, each in its domain, drawn
    from ``pool`` (the enemy's army list less the units seen), as ``opening`` (the set-up,
    every other profile known) allows."""

    opening: SetUp
    hidden: tuple[int, ...]
    domains: tuple[frozenset[str], ...]
    pool: Mapping[str, int] = field(eq=False)

    def draw(
        self, game: GridSciFi, rng: random.Random, drawn: Container[tuple[str, ...]] = ()
    ) -> tuple[str, ...]:
        """Profiles for the hidden units that the set-up could have dealt (``drawn``: draws
        known to fit).

        :raises NoPast: if none is found in :data:`TRIES` draws.
        """
        opening = self.opening
        fill, ordered = game.scenario.embarked, _ordered(opening)
        for _ in range(TRIES):
            try:
                names = sample_assignment(self.domains, self.pool, rng)
            except ValueError as error:
                raise NoPast(f"the hidden units fit no army list: {error}") from error
            if names in drawn or not _dealt(opening):
                return names
            units = _named(opening.units, self.hidden, names)
            if could_deploy(game.field, units, fill=fill, ordered=ordered):
                return names
        raise NoPast(f"no set-up found for the hidden units in {TRIES} draws")


@frozen
class Skeleton:
    """The per-view part of every sample: ``start`` and ``last`` hold one draw of the
    ``secrets``; ``filled`` keeps the start and last state of each draw made so far (without
    chance)."""

    start: GridState
    actions: tuple[GridAction, ...]
    draws: tuple[int, ...]
    last: GridState
    secrets: Secrets
    filled: dict[tuple[str, ...], tuple[GridState, GridState]] = field(factory=dict, eq=False)

    def states(self, names: tuple[str, ...]) -> tuple[GridState, GridState]:
        """The start and last state with the hidden units given ``names``."""
        found = self.filled.get(names)
        if found is None:
            if len(self.filled) >= _KEPT:
                self.filled.clear()
            hidden = self.secrets.hidden
            found = self.filled[names] = (
                _filled(self.start, hidden, names),
                _filled(self.last, hidden, names),
            )
        return found


_KEPT = 32
"""Draws of the hidden profiles whose states a skeleton keeps (a handful in real games)."""


def sample_past(game: GridSciFi, view: GridState, player: str, rng: random.Random) -> Past:
    """A past whose replay shows ``player`` exactly what gave them ``view``.

    :raises NoPast: if no past of this game gives ``player`` the view.
    """
    skeleton = _skeleton(game, view, player)
    start, last = skeleton.states(skeleton.secrets.draw(game, rng, skeleton.filled))
    fresh = game.fresh_rng(rng)
    return Past(
        attrs.evolve(start, rng=fresh.with_forced(*skeleton.draws)),
        skeleton.actions,
        attrs.evolve(last, rng=Rng(fresh.key, len(skeleton.draws))),
    )


def _filled(state: GridState, hidden: Sequence[int], names: Sequence[str]) -> GridState:
    """``state`` with the hidden units given ``names`` (in the units and in the logged
    opening)."""
    events = list(state.log)
    opening: SetUp = events[0]
    first = SetUp(_named(opening.units, hidden, names), opening.clock)
    return attrs.evolve(
        state,
        units=_named(state.units, hidden, names),
        log=EventLog((first, *events[1:])),
    )


def _named(units: Sequence[Unit], hidden: Sequence[int], names: Sequence[str]) -> tuple[Unit, ...]:
    """``units`` with the hidden ones given ``names``."""
    named = list(units)
    for uid, name in zip(hidden, names, strict=True):
        named[uid] = attrs.evolve(named[uid], profile=name)
    return tuple(named)


def forget() -> None:
    """Drop every view's rebuilt past (for measuring the first sample of a view)."""
    _skeleton.cache_clear()


def _dealt(opening: SetUp) -> bool:
    """Whether the opening was dealt by ``start`` (not a study's ``position``)."""
    return opening.clock.turn == 0


def _ordered(opening: SetUp) -> bool:
    """Whether the units bound for the table are numbered in the set-up's random order
    (``deploy=False``) rather than in board order."""
    return any(u.status is Status.UNPLACED for u in opening.units)


# -- once per view -----------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _skeleton(game: GridSciFi, view: GridState, player: str) -> Skeleton:
    """The past ``view`` shows ``player``, rebuilt once with one draw of what they do not
    know.

    :raises NoPast: if the log does not replay to the view.
    """
    events = list(view.log)
    if not events or not isinstance(events[0], SetUp):
        raise NoPast("the log does not begin with the set-up")
    secrets = _secrets(game, view, events[0], player)
    names = secrets.draw(game, random.Random(0))
    units = _named(secrets.opening.units, secrets.hidden, names)
    draws = tuple(face - 1 for face in _faces(events))
    start = game.opening(units, secrets.opening.clock, Rng(bytes(32)).with_forced(*draws))
    actions, last = _rebuild(game, start, view)
    if last.rng.forced or game.view(last, player) != view:
        raise NoPast(f"the log does not replay to {player}'s view")
    return Skeleton(start, actions, draws, last, secrets)


def _secrets(game: GridSciFi, view: GridState, opening: SetUp, player: str) -> Secrets:
    """What ``player`` does not know, and what each hidden unit may be: a passenger is a
    troop unit; a unit carrying ``n`` is a transport with room for ``n`` (exactly ``n``, so
    none if it carries nothing, when the set-up fills transports and a troop unit was dealt
    to the table: the transport would have taken it)."""
    field_ = game.field
    hidden = tuple(u.id for u in view.units if is_hidden(u.profile))
    if any(view.units[uid].owner == player for uid in hidden):
        raise NoPast(f"{player} is not shown one of their own units")
    known = tuple(
        attrs.evolve(u, profile=view.units[u.id].profile)
        if is_hidden(u.profile) and u.id not in hidden
        else u
        for u in opening.units
    )
    enemy = next(p for p in field_.players if p != player)
    army = field_.armies[enemy]
    pool = Counter(army.roster)
    pool.subtract(u.profile for u in known if u.owner == enemy and u.id not in hidden)
    left = {name: count for name, count in pool.items() if count > 0}
    troops = frozenset(n for n in left if army.profiles[n].troop)
    aboard = Counter(u.carrier for u in known if u.status is Status.EMBARKED)
    full = (
        game.scenario.embarked
        and _dealt(opening)
        and any(
            u.owner == enemy
            and u.status in (Status.TABLE, Status.UNPLACED)
            and u.id not in hidden
            and army.profiles[u.profile].troop
            for u in known
        )
    )

    def room(name: str, load: int) -> bool:
        capacity = army.profiles[name].capacity
        return capacity == load if full else capacity >= load

    domains = tuple(
        troops
        if known[uid].status is Status.EMBARKED
        else frozenset(n for n in left if room(n, aboard[uid]))
        for uid in hidden
    )
    return Secrets(SetUp(known, opening.clock), hidden, domains, left)


def _faces(events: Sequence[object]) -> list[int]:
    """Every die face the log shows, in the order the stream drew them (activation dice and
    re-rolls, attacks and the fire returned, bail-out dice)."""
    faces: list[int] = []
    for event in events:
        if isinstance(event, Activated):
            faces += event.dice
        elif isinstance(event, Rerolled):  # the dice kept, then the new ones
            faces += event.result[len(event.result) - len(event.faces) :]
        elif isinstance(event, AttackRolled):
            faces += event.faces
        elif isinstance(event, BailOutRolled):
            faces.append(event.face)
    return faces


def _rebuild(
    game: GridSciFi, start: GridState, view: GridState
) -> tuple[tuple[GridAction, ...], GridState]:
    """The actions from ``start`` that log what ``view``'s log shows and leave the decision
    ``view`` shows pending, and the state they lead to.

    :raises NoPast: where an action logs something else than the log.
    """
    real = tuple(view.log)
    state = start
    actions: list[GridAction] = []
    while len(state.log) < len(real):
        done = len(state.log)
        action, after = _cause(game, state, real, done)
        if after.log.since(done) != real[done : len(after.log)]:
            raise NoPast(f"{action} does not log what the log shows after event {done}")
        actions.append(action)
        state = after
    for _ in range(_MOST_PENDING):
        quiet = _pending(game, state, view)
        if quiet is None:
            break
        after = game.apply_unchecked(state, quiet)
        if len(after.log) != len(state.log):
            raise NoPast(f"{quiet} logs what the log does not show")
        actions.append(quiet)
        state = after
    return tuple(actions), state


def _cause(
    game: GridSciFi, state: GridState, real: Sequence[object], done: int
) -> tuple[GridAction, GridState]:
    """The next action, which logs ``real[done]`` (or prepares it), and the state after it."""
    event = real[done]
    field_ = game.field
    if state.declared is not None:
        # The defender's answer: the one whose rolls and results the log shows.
        for answer in responses(field_, state, state.declared):
            after = game.apply_unchecked(state, answer)
            if after.log.since(done) == tuple(real[done : len(after.log)]):
                return answer, after
        raise NoPast(f"no answer to the attack logs {event}")
    action = _next(game, state, event)
    return action, game.apply_unchecked(state, action)


def _next(game: GridSciFi, state: GridState, event: object) -> GridAction:
    """The action that logs ``event`` (or the step towards it) from ``state``, where no
    attack awaits an answer."""
    units = state.units
    act = state.activation
    if state.bailing and isinstance(event, Placed):
        return BailOut(units[event.unit].owner, event.square)
    if state.arrival is not None and isinstance(event, Arrived):
        return Place(units[event.unit].owner, event.square)
    if isinstance(event, Deployed):
        return Deploy(units[event.unit].owner, event.square)
    if act is not None:
        owner = units[act.unit].owner
        during = _during(game, state, event, owner)
        return during if during is not None else EndActivation(owner)
    if isinstance(event, Activated):
        return Activate(units[event.unit].owner, event.unit)
    if isinstance(event, Arrived):
        return CallReserve(units[event.unit].owner, event.unit, event.square.y + 1)
    if isinstance(event, TurnBegan):
        return EndTurn(game.active(state))
    raise NoPast(f"no action logs {event}")


def _during(game: GridSciFi, state: GridState, event: object, owner: str) -> GridAction | None:
    """The action of the activation in progress that logs ``event`` (or leads to it), or
    ``None`` if the activation ended before it."""
    act = state.activation
    assert act is not None
    unit = act.unit
    if getattr(event, "unit", None) == unit:
        simple: dict[type, Callable[[object], GridAction]] = {
            Rerolled: lambda e: Reroll(owner, e.faces),  # type: ignore[attr-defined]
            Moved: lambda e: Step(owner, e.target),  # type: ignore[attr-defined]
            Embarked: lambda e: Embark(owner, e.transport),  # type: ignore[attr-defined]
            LeftTable: lambda _: LeaveTable(owner),
            Unpinned: lambda _: Unpin(owner),
            Overwatched: lambda _: Overwatch(owner),
        }
        make = simple.get(type(event))
        if make is not None:
            return make(event)
    if isinstance(event, AttackRolled) and event.attacker == unit and not event.returned:
        return _attack(game, state, event, owner)
    return None


def _attack(game: GridSciFi, state: GridState, event: AttackRolled, owner: str) -> GridAction:
    """The next step of declaring the attack ``event`` rolled: the weapon, the target
    (intense if it rolled the extra die), the psychic dice."""
    act = state.activation
    assert act is not None
    if act.aim is None:
        return Aim(owner, event.weapon)
    if act.psychic_target is not None:
        return Channel(owner, len(event.faces))
    field_ = game.field
    weapon = field_.profile(state.units[act.unit]).weapon(act.aim)
    assert weapon is not None
    troop = field_.profile(state.units[event.target]).troop
    single = attack_dice(weapon.type, troop, field_.tables, intense=False)
    intense = not weapon.type.psychic and len(event.faces) != single
    return Target(owner, event.target, intense)


def _pending(game: GridSciFi, state: GridState, view: GridState) -> GridAction | None:
    """The next action that logs nothing and brings ``state`` (every event replayed) towards
    the decision pending in ``view``: an activation ended, the last turn ended (the result is
    not logged), a weapon or target chosen, an attack declared, a unit called from reserve;
    ``None`` once there."""
    act, shown = state.activation, view.activation
    if act is not None and (shown is None or shown.unit != act.unit):
        return EndActivation(state.units[act.unit].owner)
    if view.result is not None and state.result is None:
        return EndTurn(game.active(state))
    if shown is not None and act is not None:
        owner = view.units[shown.unit].owner
        declared = view.declared
        if declared is not None and state.declared is None:
            if act.aim is None and act.psychic_target is None:
                return Aim(owner, declared.weapon)
            if act.psychic_target is not None:
                return Channel(owner, declared.dice)
            return Target(owner, declared.target, declared.intense)
        if shown.aim is not None and act.aim is None and act.psychic_target is None:
            return Aim(owner, shown.aim)
        if shown.psychic_target is not None and act.psychic_target is None:
            return Target(owner, shown.psychic_target)
    if view.arrival is not None and state.arrival is None:
        unit = view.units[view.arrival.unit]
        return CallReserve(unit.owner, unit.id, view.arrival.rank)
    return None
