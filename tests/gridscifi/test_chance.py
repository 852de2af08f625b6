"""Explicit chance (``game.chance``): every roll of an action listed with its exact odds,
each outcome resolving as if the stream had rolled it (rule text: "Sequence of Play",
"Attacks", "Overwatch", "Transport")."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from wargames import InvalidAction
from wargames.gridscifi import Activate, Aim, GridSciFi, GridState, Status, Target
from wargames.gridscifi.attacks import Effect
from wargames.testing import chance_walk, check_chance, resolved_alike

from .helpers import activating, arena, at, off

GAME = arena()


def sorted_dice(state: GridState) -> GridState:
    """``state`` with its activation dice sorted (the chance lists them sorted)."""
    act = state.activation
    if act is None:
        return state
    return attrs.evolve(state, activation=attrs.evolve(act, dice=tuple(sorted(act.dice))))


def alike(game: Any, a: Any, b: Any) -> bool:
    return resolved_alike(game, sorted_dice(a), sorted_dice(b))


def odd_and_even(faces: tuple[int, ...]) -> tuple[int, int]:
    """The (odd, even) count of activation dice, as ``game.odds`` tells an activation."""
    odd = sum(face % 2 for face in faces)
    return odd, len(faces) - odd


def effects(outcome: tuple[Effect, Effect | None, tuple[int, ...]]) -> object:
    """An attack's outcome as ``game.odds`` tells it: the effect, or the pair with fire
    returned (the odds leave out bail-outs)."""
    hit, back, _ = outcome
    return hit if back is None else (hit, back)


def test_an_activation_lists_each_sorted_roll_and_matches_the_odds() -> None:
    state = GAME.position([at(0, "blue", "Battle Squad", "c2"), at(1, "red", "Swarmlings", "h6")])
    action = Activate("blue", 0)
    found = GAME.chance(state, action)
    assert found is not None
    assert len(found) == 21, "two dice: 21 sorted rolls"
    assert found.odds[(1, 2)] == 2 * found.odds[(1, 1)]
    assert found.odds.map(odd_and_even) == GAME.odds(state, action)
    assert check_chance(GAME, state, action, alike=alike) == 21
    rolled = GAME.apply_chance(state, action, (3, 4)).activation
    assert rolled is not None
    assert rolled.dice == (3, 4)


def test_fire_returned_lists_both_effects_and_matches_the_odds() -> None:
    units = [
        at(0, "red", "Swarmlings", "c3"),
        at(1, "blue", "Battle Squad", "c1", overwatch=True),
        at(2, "red", "Spitter Brood", "h6"),
    ]
    state = activating(GAME.position(units, player="red"), 0, 2)
    state = GAME.apply_all(state, [Aim("red", "spine-rifles"), Target("red", 1)])
    for action in GAME.legal_actions(state, "blue"):
        found = GAME.chance(state, action)
        assert found is not None, action
        assert found.odds.map(effects) == GAME.odds(state, action)
        assert check_chance(GAME, state, action) == len(found)
    returned = GAME.legal_actions(state, "blue")[0]
    found = GAME.chance(state, returned)
    assert found is not None
    assert all(back is not None for _, back, _ in found.odds)


def test_a_destroyed_transport_lists_its_passengers_bail_out_hits() -> None:
    units = [
        at(0, "blue", "Carrier", "c2", damage=2),
        off(1, "blue", "Battle Squad", Status.EMBARKED, carrier=0),
        at(2, "red", "Crusher Beast", "c4"),
        at(3, "red", "Swarmlings", "h6"),
    ]
    state = GAME.apply(
        activating(GAME.position(units, player="red"), 2, 2), Aim("red", "bio-cannon")
    )
    action = Target("red", 0)
    found = GAME.chance(state, action)
    assert found is not None
    bailed = {outcome[2] for outcome in found.odds}
    assert () in bailed, "a roll that leaves the carrier standing rolls no bail-out"
    assert {(hits,) for hits in range(4)} <= bailed, "d6 minus full armour 3: 0 to 3 hits"
    assert found.odds.map(effects) == GAME.odds(state, action)
    check_chance(GAME, state, action)
    wreck = next(o for o in found.odds if o[2] == (3,))
    after = GAME.apply_chance(state, action, wreck)
    assert not after.units[0].alive
    assert after.units[1].damage == 3


def test_an_outcome_the_chance_cannot_come_to_is_refused_with_the_state_untouched() -> None:
    state = GAME.position([at(0, "blue", "Battle Squad", "c2"), at(1, "red", "Swarmlings", "h6")])
    with pytest.raises(InvalidAction, match="not an outcome"):
        GAME.apply_chance(state, Activate("blue", 0), (7, 7))
    assert GAME.chance_outcomes(state, Activate("blue", 0)) is not None


def test_every_chance_node_of_a_playout_resolves_as_the_stream_would() -> None:
    seen: set[type[Any]] = set()
    game = GridSciFi()
    for state, action in chance_walk(game, 1, 15):
        if check_chance(game, state, action, alike=alike):
            seen.add(type(action))
    assert Activate in seen
