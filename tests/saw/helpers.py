"""Helpers shared by the SAW tests: ready games, text actions, and a full-knowledge audit."""

from collections.abc import Callable, Iterable
from typing import Any

from wargames.saw import (
    Allocated,
    Attacked,
    Designed,
    Destroyed,
    PlotRevealed,
    Reallocated,
    Saw,
    SawState,
)
from wargames.saw.units import ENDURANCE, EVASION, MOVEMENT, accuracy_index, damage_index

BALANCED = ("Balanced", 20, 1, (4, 4, 4, 4, 4))
"""The rule text's first 20-point unit: "Movement: 4 Evasion: 4 Endurance: 4 Accuracy: 4
Damage: 4"."""
BRUISER = ("Bruiser", 20, 1, (2, 0, 8, 4, 6))
"""The rule text's second: "Movement: 2 Evasion: 0 Endurance: 8 Accuracy: 4 Damage: 6"."""

ADVANCED = Saw(
    army="gunships",
    weapons=2,
    weapon_cap=6,
    coordination=True,
    variable_traits=True,
    attacks=3,
)
"""Every advanced rule but terrain: the game the secrecy and history properties play."""


def duel(**options: Any) -> Saw:
    """Blue's Balanced unit (b1) against red's Bruiser (r1)."""
    return Saw(armies={"blue": [BALANCED], "red": [BRUISER]}, **options)


def act(game: Saw, state: SawState, *texts: str) -> SawState:
    """``state`` after the actions written ``texts`` (each checked)."""
    for text in texts:
        state = game.apply(state, game.parse_action(state, text))
    return state


def side_by_side(game: Saw, seed: int, *texts: str) -> SawState:
    """A game of ``seed`` with b1 on 0505 and r1 next to it on 0605, after ``texts``."""
    return act(game, game.start(seed, hexes={"b1": "0505", "r1": "0605"}), *texts)


def legal_texts(game: Saw, state: SawState, player: str) -> list[str]:
    return [str(action) for action in game.legal_actions(state, player)]


def first_seed(build: Callable[[int], SawState], wanted: Callable[[SawState], bool]) -> SawState:
    """The first state ``build(seed)`` for which ``wanted`` holds (dice chosen by seed)."""
    for seed in range(2000):
        state = build(seed)
        if wanted(state):
            return state
    raise AssertionError("no seed below 2000 gives the wanted dice")


def events(state: SawState, kind: type) -> list[Any]:
    return [event for event in state.log if isinstance(event, kind)]


def audit(game: Saw, state: SawState) -> None:
    """Replay a full (not redacted) state's log and check that it tells one consistent story:
    designs fit the points, moves fit movement, every roll total is 2d6 plus the traits of
    the moment, results follow from the totals, damage allocations use exactly the hit points
    taken, and units are destroyed exactly when their hit points reach what they have left."""
    traits = {u.id: list(u.sheet.traits) for u in state.units}
    taken: dict[str, int] = {}
    for event in state.log:
        if isinstance(event, Designed | Reallocated):
            unit = game.specs[game.unit_index(event.unit)]
            expected = unit.points if isinstance(event, Designed) else sum(traits[event.unit])
            assert sum(event.traits) == expected, event
            assert min(event.traits) >= 0, event
            traits[event.unit] = list(event.traits)
        elif isinstance(event, PlotRevealed):
            for order in event.orders:
                assert game.arena.path_cost(order.path) <= traits[order.unit][MOVEMENT], order
        elif isinstance(event, Attacked):
            _audit_attack(game, event, traits)
            taken[event.target] = taken.get(event.target, 0) + event.hit_points
        elif isinstance(event, Destroyed):
            assert taken.pop(event.unit, 0) >= sum(traits[event.unit]), event
            traits[event.unit] = [0] * len(traits[event.unit])
        elif isinstance(event, Allocated):
            points = taken.pop(event.unit, 0)
            assert 0 < sum(event.amounts) == points < sum(traits[event.unit]), event
            traits[event.unit] = [
                t - a for t, a in zip(traits[event.unit], event.amounts, strict=True)
            ]
            assert min(traits[event.unit]) >= 0, event


def _audit_attack(game: Saw, event: Attacked, traits: dict[str, list[int]]) -> None:
    accuracy = sum(traits[u][accuracy_index(w)] for u, w in event.attackers)
    damage = sum(traits[u][damage_index(w)] for u, w in event.attackers)
    defence = traits[event.target]
    assert 2 <= event.attack_roll - (accuracy - event.penalty) <= 12, event
    assert 2 <= event.evasion_roll - defence[EVASION] <= 12, event
    assert event.hit == (event.attack_roll > event.evasion_roll), event
    if not event.hit:
        assert event.damage_roll is None, event
        assert event.endurance_roll is None, event
        assert event.hit_points == 0, event
        assert not event.damaged, event
        return
    assert event.damage_roll is not None
    assert event.endurance_roll is not None
    assert 2 <= event.damage_roll - damage <= 12, event
    assert 2 <= event.endurance_roll - defence[ENDURANCE] <= 12, event
    assert event.hit_points == max(0, event.damage_roll - event.endurance_roll), event
    assert event.damaged == (event.hit_points > 0), event


def playout(game: Saw, seed: int, steps: int | None = None, **setup: Any) -> list[SawState]:
    """Every state of a game of uniformly random legal actions (drawn from ``seed``)."""
    import random

    rng = random.Random(seed)
    state = game.start(seed, **setup)
    states = [state]
    while game.outcome(state) is None and (steps is None or len(states) <= steps):
        player = rng.choice(sorted(game.to_act(state)))
        state = game.apply(state, rng.choice(game.legal_actions(state, player)))
        states.append(state)
    return states


def texts(actions: Iterable[object]) -> list[str]:
    return [str(action) for action in actions]
