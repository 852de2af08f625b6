"""The dice of a replayed past (docs/sabot.md, "Hidden information and sampled pasts",
step 3): each die the player saw forced as seen (initiative, swamp, scatter, bail-out and
repair rolls; a scouting roll as its total less the scout's bonus, VI-g; an adjusted attack
or defense roll less its modifiers, VII), each they did not drawn among those that give the
result seen (the rolls of a shot at a concealed counter; a purchase's shuffle, V), and
drawn again for another army that answers alike (:class:`Redraw`)."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from attrs import frozen

from wargames.core.hidden import is_hidden
from wargames.sabot import combat
from wargames.sabot.determinize.analysis import Analysis
from wargames.sabot.firing import _harmless, modifiers, weapon_stats
from wargames.sabot.state import Arrived, Attack, Buy, Initiative, Rolled, SabotState, Scouted

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot


class Miss(Exception):
    """The replay of a sample breaks from what was seen; ``culprit`` is the concealed
    counter whose sampled type is to blame (-1: unknown)."""

    def __init__(self, culprit: int) -> None:
        super().__init__(culprit)
        self.culprit = culprit


@frozen
class Choice:
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


_T = TypeVar("_T")


class Stream(Protocol):
    """What unseen dice are drawn from: one of a sequence at a time."""

    def choice(self, seq: Sequence[_T]) -> _T:
        """One of ``seq``."""


class Undoable:
    """``rng`` drawn from through :meth:`choice`, its state before the first draw kept to be
    put back (:meth:`undo`): most runs through a kept replay draw nothing, and fewer are
    undone, while a stream's state is a copy of its 625 words."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.state: Any = None

    def choice(self, seq: Sequence[_T]) -> _T:
        """One of ``seq``, as ``rng.choice`` draws it."""
        if self.state is None:
            self.state = self.rng.getstate()
        return self.rng.choice(seq)

    def undo(self) -> None:
        """``rng`` as it was before the first draw."""
        if self.state is not None:
            self.rng.setstate(self.state)


class Draws:
    """A replay's draws of unseen dice from ``rng``, each kept as a :class:`Choice`."""

    def __init__(self, rng: Stream) -> None:
        self.rng = rng
        self.choices: list[Choice] = []

    def pick(
        self,
        options: tuple[tuple[int, ...], ...],
        at: int,
        event: int,
        deal: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
        index: int = 0,
    ) -> tuple[int, ...]:
        """One of ``options``, drawn and kept (see :class:`Choice`)."""
        picked = self.rng.choice(options)
        self.choices.append(Choice(options, at, event, picked, deal, index))
        return picked


class Redraw:
    """The unseen dice of kept choices drawn again, in order, as a replay of another army
    drawing alike would draw them: a shot's among the same options (which rolls give its
    result depend on the types, not on earlier rolls), a purchase's shuffle draw among the
    places its earlier draws left the types wanted in."""

    def __init__(self, rng: Stream) -> None:
        self.rng = rng
        self.pool: list[str] = []

    def __call__(self, choices: Sequence[Choice]) -> list[tuple[int, ...]]:
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


def event_faces(
    game: Sabot, state: SabotState, events: Sequence[Any], draws: Draws, at: int
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
                raise Miss(event.scout)
            out.append(face - 1)
        elif isinstance(event, Attack) and event.hit >= 0 and event.weapon != "laser":
            where = (at + len(out), len(state.log) + index)
            out.extend(_shot_faces(game, state, event, draws, where))
    return out


def _shot_faces(
    game: Sabot, state: SabotState, event: Attack, draws: Draws, where: tuple[int, int]
) -> tuple[int, ...]:
    """The stream's results for a shot's two rolls (VII-a: the attack's d10 plus the
    weapon's Damage, the defense's plus the Toughness, each with its modifiers): as seen
    less what was added, or, where the player saw only the result, drawn among those that
    give it (``where``: the place of the first among the past's, the shot's in the log)."""
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
            raise Miss(event.hit)
        return faces[0] - 1, faces[1] - 1
    options = _giving(attack, defense, mods, harmless, event.result)
    if not options:
        raise Miss(event.hit)
    return draws.pick(options, *where)


@functools.lru_cache(maxsize=1 << 12)
def _giving(
    attack: int, defense: int, mods: combat.Modifiers, harmless: bool, result: str
) -> tuple[tuple[int, int], ...]:
    """The stream's results of a shot's two rolls (each face - 1) that give ``result``
    from these totals added (VII-a; a harmless shot misses whatever is rolled): the same for
    every shot alike, so worked out once."""
    return tuple(
        (a - 1, d - 1) for a in range(1, 11) for d in range(1, 11)
        if (combat.MISS if harmless else combat.judge((a + attack, d + defense), mods))
        == result
    )  # fmt: skip


def shuffle_faces(
    game: Sabot,
    analysis: Analysis,
    kinds: dict[int, str],
    action: Buy,
    events: Sequence[Any],
    draws: Draws,
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
