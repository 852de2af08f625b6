"""The enemy's army drawn for a sample (II, V): the starting army whole platoons within
the build points and the decoys, each purchase one platoon within the turn's points, a unit
of its own for every concealed counter that is no decoy (of a type it may be) and an
engineer per four prepared positions dug (IV); each concealed counter then takes a type of
its domain (:func:`~wargames.core.hidden.sample_assignment`)."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from wargames.core.hidden import sample_assignment
from wargames.sabot.determinize.analysis import Analysis
from wargames.sabot.units import DECOY, UnitTable

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

Army = tuple[dict[int, str], dict[int, str]]
"""An army drawn: the type of each concealed counter, and the platoon of each purchase (by
its first counter)."""


def platoon_mix(
    table: UnitTable,
    size: int,
    budget: int,
    known: Counter[str],
    rng: random.Random,
    needs: Sequence[frozenset[str]] = (),
    holds: Sequence[frozenset[str]] = (),
) -> Counter[str] | None:
    """Platoons (name -> count) with exactly ``size`` units, costing at most ``budget``,
    whose units include ``known`` and, for each set of types in ``needs`` (what one counter
    may be), one unit more of a type in it; besides, for each set in ``holds``, a unit of a
    type in it, each hold its own unit but one that a known type or a need may have taken too
    (the engineers a set-up's dug positions prove are among the army's counters, not more of
    them); drawn at random, None if this draw found none."""
    catalogue = _catalogue(table)
    platoons = table.platoons
    mix: Counter[str] = Counter()
    free: Counter[str] = Counter()  # units of the mix no known type or need has taken
    unheld: Counter[str] = Counter()  # units of the mix no hold has taken
    spent = count = 0  # the mix's cost and units

    def add(name: str) -> None:
        nonlocal spent, count
        mix[name] += 1
        free.update(platoons[name].units)
        unheld.update(platoons[name].units)
        spent += platoons[name].cost
        count += len(platoons[name].units)

    def spare(want: frozenset[str], left: Counter[str]) -> list[str]:
        """The types of ``want`` the mix has a unit of ``left``, in order (the fewer of the
        want's types and the mix's looked up in the other)."""
        if len(want) < len(left):
            return [s for s in _ordered(want) if left.get(s, 0) > 0]
        return sorted(s for s, n in left.items() if n > 0 and s in want)

    # the narrowest first, each taking a unit the mix has to spare or a platoon that has one
    wants = [(frozenset({s}), free) for s in sorted(known.elements())]
    ordered = _narrowest(tuple(needs), tuple(holds))
    wants += [(want, unheld if held else free) for want, held in ordered]
    for want, left in wants:
        spares = spare(want, left)
        if not spares:
            sellers = catalogue.selling(want, size - count, budget - spent)
            if not sellers:
                return None
            add(rng.choice(sellers))
            spares = spare(want, left)
        left[rng.choice(spares)] -= 1
    while True:
        if count == size:
            return mix if spent <= budget else None
        choices = catalogue.fitting(size - count, budget - spent)
        if not choices:
            return None
        add(rng.choice(choices))


class _Catalogue:
    """A table as an army is drawn from it: its platoons' names in order, the (units, cost)
    shapes they come in, and, worked out when first wanted, the platoons a mix short of so
    many units with so much left to spend may take (of them, those with a unit of a type
    in a set); and its engineers."""

    def __init__(self, table: UnitTable) -> None:
        self.table = table  # (held: its identity is the key, see :func:`_catalogue`)
        self.names = tuple(sorted(table.platoons))
        self.shapes = tuple(sorted({(len(p.units), p.cost) for p in table.platoons.values()}))
        self.fits: dict[tuple[int, int], tuple[str, ...]] = {}
        self.sellers: dict[tuple[frozenset[str], int, int], tuple[str, ...]] = {}
        self.diggers = frozenset(s for s, kind in table.types.items() if kind.special == "prepare")
        """The types that prepare positions (engineers, IV)."""

    def fitting(self, units: int, budget: int) -> tuple[str, ...]:
        """The platoons, in order, that a mix short of ``units`` units with ``budget`` left
        may take and still be finished."""
        found = self.fits.get((units, budget))
        if found is None:
            if len(self.fits) >= _KEYS:
                self.fits.clear()
            platoons = self.table.platoons
            found = self.fits[units, budget] = tuple(
                n for n in self.names
                if _fillable(
                    self.shapes, units - len(platoons[n].units), budget - platoons[n].cost
                )
            )  # fmt: skip
        return found

    def selling(self, want: frozenset[str], units: int, budget: int) -> tuple[str, ...]:
        """Of :meth:`fitting`, the platoons with a unit of a type in ``want``."""
        found = self.sellers.get((want, units, budget))
        if found is None:
            if len(self.sellers) >= _KEYS:
                self.sellers.clear()
            platoons = self.table.platoons
            found = self.sellers[want, units, budget] = tuple(
                n for n in self.fitting(units, budget) if not want.isdisjoint(platoons[n].units)
            )
        return found


_CATALOGUES: dict[int, _Catalogue] = {}
"""The catalogue of each table drawn from, by its identity (the table is held by it)."""
_TABLES: Final = 64
"""Catalogues kept before they are all dropped (a process loads few tables)."""
_KEYS: Final = 1 << 14
"""Of a catalogue's platoons fitting a mix or selling a set of types, the answers kept
before they are all dropped."""


def _catalogue(table: UnitTable) -> _Catalogue:
    """The catalogue of ``table`` (worked out once a table: its platoons never change)."""
    found = _CATALOGUES.get(id(table))
    if found is None or found.table is not table:
        if len(_CATALOGUES) >= _TABLES:
            _CATALOGUES.clear()
        found = _CATALOGUES[id(table)] = _Catalogue(table)
    return found


@functools.lru_cache(maxsize=1 << 12)
def _ordered(want: frozenset[str]) -> tuple[str, ...]:
    """The types of ``want`` in order (the domains of a view's counters recur draw after
    draw)."""
    return tuple(sorted(want))


@functools.lru_cache(maxsize=1 << 10)
def _narrowest(
    needs: tuple[frozenset[str], ...], holds: tuple[frozenset[str], ...]
) -> tuple[tuple[frozenset[str], bool], ...]:
    """The needs and then the holds (each marked), the fewest types first, then by their
    types in order (a view's draws ask the same, draw after draw)."""
    wants = [(want, False) for want in needs] + [(want, True) for want in holds]
    return tuple(sorted(wants, key=lambda pair: (len(pair[0]), _ordered(pair[0]))))


@functools.cache
def _fillable(shapes: tuple[tuple[int, int], ...], units: int, budget: int) -> bool:
    """Whether platoons of these (units, cost) shapes make exactly ``units`` units within
    ``budget`` (so a mix is drawn only among platoons that leave a way to finish it)."""
    if units == 0:
        return budget >= 0
    return any(
        n <= units and c <= budget and _fillable(shapes, units - n, budget - c) for n, c in shapes
    )


def draw_army(
    game: Sabot, analysis: Analysis, rng: random.Random, banned: set[tuple[int, str]]
) -> Army | None:
    """Kinds for every concealed enemy counter and the platoon of each purchase, or None."""
    table = game.table
    options = game.options
    doms = analysis.domains
    if banned:  # (only the domains of the counters named: the others as they are)
        doms = dict(doms)
        for u in {u for u, _ in banned if u in doms}:
            doms[u] = frozenset(k for k in doms[u] if (u, k) not in banned)
    kinds: dict[int, str] = {}
    army = analysis.army
    known = Counter(analysis.known[u] for u in army if u in analysis.known)
    decoys_known = known.pop(DECOY, 0)
    unknown = [u for u in army if u not in analysis.known]
    if unknown:
        size = len(army) - options.decoys
        # a counter that is no decoy needs a unit of its domain in the mix (one that can
        # only be an ENV, or a carrier and the squad in it), and the positions dug at set-up
        # their engineers, among the army's units (a known ENV, or a counter that may be one)
        needs = [doms[u] for u in unknown if DECOY not in doms[u]]
        holds = [_catalogue(table).diggers] * analysis.diggers
        mix = platoon_mix(table, size, options.build_points, known, rng, needs, holds)
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
