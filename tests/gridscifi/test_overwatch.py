"""Overwatch: "A unit in overwatch when attacked may engage the attacking unit (if within
range) in simultaneous combat."  The defender's answer is its own action."""

import pytest

from wargames import IllegalAction
from wargames.gridscifi import (
    Aim,
    EndActivation,
    GridSciFi,
    GridState,
    HoldGround,
    ReturnFire,
    TakeCover,
    Target,
    Unit,
    Unpin,
)
from wargames.gridscifi.state import AttackRolled

from .helpers import activating, arena, at, rolling

GAME = arena()
COVER = arena(
    """
    ........
    ........
    ........
    ........
    ........
    ..T.....
    """
)


def attack(game: GridSciFi, units: list[Unit], weapon: str, target: int) -> GridState:
    """Red's unit 0 attacks ``target`` with ``weapon``."""
    state = activating(game.position(units, player="red"), 0, 2)
    return game.apply_all(state, [Aim("red", weapon), Target("red", target)])


def test_a_unit_in_overwatch_may_fire_back() -> None:
    units = [
        at(0, "red", "Swarmlings", "c3"),
        at(1, "blue", "Battle Squad", "c1", overwatch=True),
        at(2, "red", "Spitter Brood", "h6"),
    ]
    state = attack(GAME, units, "spine-rifles", 1)
    assert GAME.to_act(state) == {"blue"}
    assert GAME.legal_actions(state, "blue") == (
        ReturnFire("blue", "rifles"),
        ReturnFire("blue", "grenades"),
        HoldGround("blue"),
    )
    state = GAME.apply(rolling(state, 4, 6, 1), ReturnFire("blue", "grenades"))
    first, back = [e for e in state.log if isinstance(e, AttackRolled)]
    assert (first.faces, first.hits) == ((4,), 1)
    assert back == AttackRolled(1, "grenades", 0, (6, 1), 2, 4, True, returned=True)
    assert state.units[1].damage == 1
    assert state.units[0].damage == 4
    assert not state.units[1].overwatch, "returning fire spends the overwatch"
    assert GAME.to_act(state) == {"red"}
    calm = [units[0], at(1, "blue", "Battle Squad", "c1"), units[2]]
    assert attack(GAME, calm, "spine-rifles", 1).declared is None, "not in overwatch: no answer"


def test_combat_is_simultaneous() -> None:
    """A defender destroyed by the attack still fires back."""
    units = [
        at(0, "red", "Swarmlings", "c3"),
        at(1, "blue", "Battle Squad", "c1", overwatch=True, damage=4),
        at(2, "red", "Spitter Brood", "h6"),
        at(3, "blue", "Battle Squad", "h1"),
    ]
    state = attack(GAME, units, "spine-rifles", 1)
    state = GAME.apply(rolling(state, 6, 6, 6), ReturnFire("blue", "grenades"))
    assert not state.units[1].alive
    assert state.units[0].damage == 4


def test_no_fire_back_out_of_range() -> None:
    units = [
        at(0, "red", "Spore Mortar", "c4"),
        at(1, "blue", "Battle Squad", "c1", overwatch=True),
        at(2, "red", "Spitter Brood", "h6"),
    ]
    state = attack(GAME, units, "spore-mortar", 1)
    assert state.declared is None, "no answer possible: resolved at once"


def test_a_pinned_unit_in_overwatch_does_not_fire_back() -> None:
    units = [
        at(0, "red", "Swarmlings", "c3"),
        at(1, "blue", "Battle Squad", "c1", overwatch=True, pinned=True, banked=True),
        at(2, "red", "Spitter Brood", "h6"),
    ]
    state = attack(GAME, units, "spine-rifles", 1)
    assert state.declared is None


def test_taking_cover_and_firing_back_exclude_each_other() -> None:
    units = [
        at(0, "red", "Swarmlings", "c3"),
        at(1, "blue", "Battle Squad", "c1", overwatch=True),
        at(2, "red", "Spitter Brood", "h6"),
    ]
    state = attack(COVER, units, "spine-rifles", 1)
    assert COVER.legal_actions(state, "blue") == (
        TakeCover("blue"),
        ReturnFire("blue", "rifles"),
        ReturnFire("blue", "grenades"),
        HoldGround("blue"),
    )
    state = COVER.apply(rolling(state, 2), TakeCover("blue"))
    assert state.units[1].pinned
    assert state.units[0].damage == 0, "no fire came back"
    assert [e.returned for e in state.log if isinstance(e, AttackRolled)] == [False]


def test_a_psychic_in_overwatch_chooses_its_dice_when_firing_back() -> None:
    units = [
        at(0, "blue", "Battle Squad", "c2"),
        at(1, "red", "Hive Seer", "c3", overwatch=True),
        at(2, "blue", "Battle Squad", "h1"),
    ]
    state = activating(GAME.position(units), 0, 2)
    state = GAME.apply_all(state, [Aim("blue", "rifles"), Target("blue", 1)])
    answers = GAME.legal_actions(state, "red")
    assert [a.dice for a in answers if isinstance(a, ReturnFire) and a.weapon == "mind-lash"] == [
        1,
        2,
        3,
        4,
    ]
    with pytest.raises(IllegalAction, match="cannot return fire"):
        GAME.apply(state, ReturnFire("red", "mind-lash", 5))


def test_a_non_troop_unit_pinned_by_fire_returned_at_its_first_attack_only_ends() -> None:
    """ "Units cease taking actions once they engage in an attack": the tank keeps its
    activation for a second attack, but a 5 returned at it pins it, and a pinned unit does
    not attack; it may not unpin either, since unpinning is an action after an attack."""
    units = [
        at(0, "blue", "Battle Tank", "b2"),
        at(1, "red", "Crusher Beast", "b4", overwatch=True),
        at(2, "red", "Swarmlings", "h6"),
    ]
    state = activating(GAME.position(units), 0, 2, 4, 3)
    state = GAME.apply_all(state, [Aim("blue", "lascannon"), Target("blue", 1)])
    state = GAME.apply(rolling(state, 1, 1, 5), ReturnFire("red", "bio-cannon"))
    assert state.units[0].pinned, "a 5 equals a non-troop unit's armour: pinned"
    assert state.activation is not None
    assert state.activation.dice == (4, 3)
    assert GAME.legal_actions(state, "blue") == (EndActivation("blue"),)
    with pytest.raises(IllegalAction, match="no unpinning after attacking"):
        GAME.apply(state, Unpin("blue"))
    with pytest.raises(IllegalAction, match="first action must be unpinning"):
        GAME.apply(state, Aim("blue", "cannon"))
