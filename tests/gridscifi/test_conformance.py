"""The kernel's conformance suite, and properties of every reachable state.

Uniformly random play rarely fights (ending the turn or the activation is always legal), so
the properties also play "aggressive" games: attack whenever an attack is legal, else anything
but ending or overwatch.  Hypothesis draws their seeds.
"""

import random

from hypothesis import given, settings

from wargames.core.board import Square
from wargames.gridscifi import (
    GridSciFi,
    GridState,
    Status,
    Step,
)
from wargames.gridscifi.state import (
    Activated,
    AttackRolled,
    Embark,
    LeaveTable,
    Moved,
    TurnBegan,
)
from wargames.testing import check_rules, check_state, seeds

from .helpers import aggressive

GAME = GridSciFi()
BRAWL = GridSciFi(scenario="brawl")
MOVES = (Step, Embark, LeaveTable)


def test_the_game_conforms() -> None:
    check_rules(GAME, max_examples=5, max_steps=60)


def test_a_crowded_game_conforms() -> None:
    check_rules(BRAWL, max_examples=6, max_steps=150)


def test_a_one_turn_game_conforms() -> None:
    check_rules(GridSciFi(scenario="brawl", turns=1), max_examples=3, max_steps=150)


@settings(max_examples=1, deadline=None)  # a whole game of 250-odd states, each checked
@given(seeds())
def test_aggressive_games_conform(seed: int) -> None:
    """The contract (views, determinisation, errors, JSON) at every state of a game full of
    attacks, overwatch fire and units arriving from reserve."""
    history: list[GridState] = []
    for state, _ in aggressive(BRAWL, seed):
        check_state(BRAWL, state, others=history[-6:], rng=random.Random(seed))
        history.append(state)


@settings(max_examples=25, deadline=None)
@given(seeds())
def test_an_activation_never_attacks_and_then_moves(seed: int) -> None:
    final = None
    for state, action in aggressive(BRAWL, seed):
        act = state.activation
        if act is not None and act.attacks:
            assert not isinstance(action, MOVES)
            player = state.units[act.unit].owner
            assert not any(isinstance(a, MOVES) for a in BRAWL.legal_actions(state, player))
        final = state
    assert final is not None
    active, attacked = None, False
    for event in final.log:
        if isinstance(event, Activated | TurnBegan):
            active, attacked = getattr(event, "unit", None), False
        elif isinstance(event, AttackRolled) and event.attacker == active and not event.returned:
            attacked = True
        elif isinstance(event, Moved) and event.unit == active:
            assert not attacked, f"#{active} moved after attacking in one activation"


@settings(max_examples=25, deadline=None)
@given(seeds())
def test_no_two_units_share_a_square_unless_one_is_a_flyer(seed: int) -> None:
    for state, _ in aggressive(BRAWL, seed):
        ground: set[Square] = set()
        air: set[Square] = set()
        for unit in state.units:
            if unit.status is Status.TABLE:
                assert unit.square is not None
                layer = air if BRAWL.field.profile(unit).flyer else ground
                assert unit.square not in layer, f"two units on {unit.square}"
                layer.add(unit.square)


@settings(max_examples=15, deadline=None)
@given(seeds())
def test_an_aggressive_game_keeps_its_bookkeeping(seed: int) -> None:
    """Casualties never exceed a unit's strength; destroyed units are off the table; units
    inside a transport ride one that is alive; only the acting side has an activation."""
    for state, _ in aggressive(BRAWL, seed):
        for unit in state.units:
            strength = BRAWL.field.profile(unit).strength
            assert 0 <= unit.damage <= strength
            assert (unit.damage == strength) == (unit.status is Status.DESTROYED)
            if unit.status is Status.EMBARKED:
                assert unit.carrier is not None
                assert state.units[unit.carrier].alive
        if state.activation is not None:
            active = state.units[state.activation.unit]
            assert active.owner == BRAWL.active(state)
