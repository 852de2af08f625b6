"""Activation dice and what each die may do ("Sequence of Play", "Actions", "Leaders",
"Heroes and Henchmen", "Take Cover", "Overwatch", the author's ruling on pinned units)."""

import pytest

from wargames import IllegalAction
from wargames.gridscifi import (
    Activate,
    Aim,
    EndActivation,
    EndTurn,
    GridSciFi,
    GridState,
    Overwatch,
    Reroll,
    Step,
    Target,
    Unpin,
)
from wargames.gridscifi.activation import dice_count
from wargames.gridscifi.state import Activated, Unpinned

from .helpers import activating, arena, at, rolling, sq

GAME = arena()


@pytest.mark.parametrize(
    ("owner", "profile", "dice"),
    [
        ("red", "Swarmlings", 1),  # low quality
        ("blue", "Battle Squad", 2),  # medium
        ("blue", "Battle Psyker", 3),  # elite
        ("blue", "Captain's Squad", 3),  # a hero: medium becomes 3
        ("red", "Brood Leader", 3),  # a leader
    ],
)
def test_activation_dice_by_quality(owner: str, profile: str, dice: int) -> None:
    state = GAME.position([at(0, owner, profile, "d3")], player=owner)
    assert dice_count(GAME.field, state.units, state.units[0]) == dice
    state = GAME.apply(state, Activate(owner, 0))
    assert state.activation is not None
    assert len(state.activation.dice) == dice
    assert state.log.newest(1) == (Activated(0, state.activation.dice),)


def test_a_low_quality_unit_next_to_a_leader_rolls_2() -> None:
    """ "Low quality units ... can roll 2D6 if they are adjacent to a leader": a leader on any
    of the 8 squares around (diagonals too) gives 2, one a square further gives 1, and so do
    an enemy leader and a friend who is no leader next to it."""
    for column in "bcdef":
        for row in "12345":
            if column + row == "d3":
                continue
            adjacent = abs(ord(column) - ord("d")) <= 1 and abs(int(row) - 3) <= 1
            state = GAME.position(
                [at(0, "red", "Swarmlings", "d3"), at(1, "red", "Brood Leader", column + row)],
                player="red",
            )
            assert dice_count(GAME.field, state.units, state.units[0]) == 1 + adjacent, column + row
    mirror = GridSciFi(armies=["swarm", "swarm"])  # so that blue has a leader too
    for other in (at(1, "blue", "Brood Leader", "e4"), at(1, "red", "Swarmlings", "e4")):
        state = mirror.position([at(0, "red", "Swarmlings", "d3"), other], player="red")
        assert dice_count(mirror.field, state.units, state.units[0]) == 1, other.owner


def test_a_leader_that_moves_next_to_a_unit_lets_it_roll_2() -> None:
    """ "They are able to activate any adjacent units either before moving and later where
    they have moved to adjacent to another unit." """
    state = GAME.position(
        [at(0, "red", "Swarmlings", "d3"), at(1, "red", "Brood Leader", "f3")], player="red"
    )
    assert dice_count(GAME.field, state.units, state.units[0]) == 1
    state = GAME.apply(rolling(state, 1, 2, 2), Activate("red", 1))
    state = GAME.apply_all(state, [Step("red", sq("e3")), EndActivation("red")])
    state = GAME.apply(state, Activate("red", 0))
    assert state.activation is not None
    assert len(state.activation.dice) == 2


def test_a_leader_that_moved_away_no_longer_helps() -> None:
    """Reading of "either before moving and later where they have moved to": what counts is
    whether the leader is next to the unit when the unit is activated."""
    state = GAME.position(
        [at(0, "red", "Swarmlings", "d3"), at(1, "red", "Brood Leader", "e3")], player="red"
    )
    state = GAME.apply(rolling(state, 1, 2, 2), Activate("red", 1))
    state = GAME.apply_all(state, [Step("red", sq("f3")), EndActivation("red")])
    assert dice_count(GAME.field, state.units, state.units[0]) == 1


def test_odd_dice_move_even_dice_attack() -> None:
    units = [at(0, "blue", "Battle Squad", "c3"), at(1, "red", "Swarmlings", "c5")]
    odd = activating(GAME.position(units), 0, 3)
    legal = GAME.legal_actions(odd, "blue")
    assert Step("blue", sq("c4")) in legal
    assert Aim("blue", "rifles") not in legal
    with pytest.raises(IllegalAction, match="an attack takes an even activation die"):
        GAME.apply(odd, Aim("blue", "rifles"))
    even = activating(GAME.position(units), 0, 4)
    legal = GAME.legal_actions(even, "blue")
    assert Aim("blue", "rifles") in legal
    assert Step("blue", sq("c4")) not in legal
    with pytest.raises(IllegalAction, match="a move takes an odd activation die"):
        GAME.apply(even, Step("blue", sq("c4")))
    assert Overwatch("blue") in legal, "either die may go into overwatch"


def test_move_then_attack_but_not_attack_then_move() -> None:
    """ "A unit with an odd and even action D6's can choose to move and make an attack. It
    cannot attack and move." """
    units = [
        at(0, "blue", "Battle Squad", "c2"),
        at(1, "blue", "Battle Tank", "f2"),
        at(2, "red", "Swarmlings", "c4"),
        at(3, "red", "Spitter Brood", "g4"),
    ]
    state = rolling(activating(GAME.position(units), 0, 1, 4), 6)
    moved = GAME.apply(state, Step("blue", sq("c3")))
    attacked = GAME.apply_all(moved, [Aim("blue", "rifles"), Target("blue", 2)])
    assert attacked.activation is None, "the attack ended the activation"
    # A tank still has an even die after its first attack, but no move.
    state = rolling(activating(GAME.position(units), 1, 1, 2, 4), 1, 1)
    state = GAME.apply_all(state, [Aim("blue", "cannon"), Target("blue", 3)])
    assert state.activation is not None
    assert state.activation.odd == 1
    assert not any(isinstance(a, Step) for a in GAME.legal_actions(state, "blue"))
    with pytest.raises(IllegalAction, match="cannot move after attacking"):
        GAME.apply(state, Step("blue", sq("f3")))


def test_overwatch_ends_the_activation() -> None:
    units = [at(0, "blue", "Battle Squad", "c2"), at(1, "red", "Swarmlings", "e5")]
    state = GAME.apply(activating(GAME.position(units), 0, 1, 3), Overwatch("blue"))
    assert state.units[0].overwatch
    assert state.activation is None


def test_overwatch_takes_a_die() -> None:
    """ "Units may go into overwatch by expending a move or attack activation" (Overwatch): a
    jump squad that spent its only die on a move, with a square of it left, may not."""
    units = [at(0, "blue", "Jump Squad", "c2"), at(1, "red", "Swarmlings", "e5")]
    state = GAME.apply(activating(GAME.position(units), 0, 1), Step("blue", sq("c3")))
    assert state.activation is not None
    assert state.activation.move_left == 1
    assert Overwatch("blue") not in GAME.legal_actions(state, "blue")
    with pytest.raises(IllegalAction, match="overwatch takes an activation die"):
        GAME.apply(state, Overwatch("blue"))


def test_a_unit_activates_once_a_turn() -> None:
    units = [at(0, "blue", "Battle Squad", "c2"), at(1, "blue", "Battle Squad", "e2")]
    state = GAME.apply_all(GAME.position(units), [Activate("blue", 0), EndActivation("blue")])
    assert Activate("blue", 0) not in GAME.legal_actions(state, "blue")
    with pytest.raises(IllegalAction, match="already been activated this turn"):
        GAME.apply(state, Activate("blue", 0))


def test_the_turn_passes_when_every_unit_has_been_activated() -> None:
    units = [at(0, "blue", "Battle Squad", "c2"), at(1, "red", "Swarmlings", "e5")]
    state = GAME.apply_all(GAME.position(units), [Activate("blue", 0), EndActivation("blue")])
    assert GAME.to_act(state) == {"red"}
    assert EndTurn("red") in GAME.legal_actions(state, "red"), "red may activate as it wants"
    state = GAME.apply(state, EndTurn("red"))
    assert GAME.to_act(state) == {"blue"}
    assert state.clock.turn == 2
    assert not state.units[0].activated


def test_the_activation_ends_when_its_dice_are_spent() -> None:
    state = activating(GAME.position([at(0, "blue", "Battle Squad", "c2")]), 0, 1)
    state = GAME.apply(state, Step("blue", sq("c3")))
    assert state.activation is None


# -- pinned units -------------------------------------------------------------------------


def pinned(*dice: int) -> GridState:
    units = [
        at(0, "blue", "Battle Squad", "c2", pinned=True),
        at(1, "red", "Swarmlings", "c4"),
    ]
    return activating(GAME.position(units), 0, *dice)


def test_a_pinned_units_first_action_must_be_unpinning() -> None:
    state = pinned(1, 2)
    assert set(GAME.legal_actions(state, "blue")) == {Unpin("blue"), EndActivation("blue")}
    for action in (Step("blue", sq("c3")), Aim("blue", "rifles"), Overwatch("blue")):
        with pytest.raises(IllegalAction, match="first action must be unpinning"):
            GAME.apply(state, action)
    state = GAME.apply(state, Unpin("blue"))
    assert not state.units[0].pinned
    assert state.log.newest(1) == (Unpinned(0),)
    assert Aim("blue", "rifles") in GAME.legal_actions(state, "blue"), "one follow-up action"


def test_a_pinned_unit_with_only_even_dice_stays_pinned_but_may_go_into_overwatch() -> None:
    """The author's ruling: "You remain pinned, but ... you would essentially go into
    overwatch which would guarantee the unit would become unpinned next move." """
    state = pinned(2, 4)
    assert set(GAME.legal_actions(state, "blue")) == {Overwatch("blue"), EndActivation("blue")}
    with pytest.raises(IllegalAction, match="unpinning takes an odd activation die"):
        GAME.apply(state, Unpin("blue"))
    state = GAME.apply(state, Overwatch("blue"))
    assert state.units[0].pinned
    assert state.units[0].overwatch
    assert GAME.to_act(state) == {"red"}, "blue had nothing left to activate"
    assert state.units[0].pinned, "still pinned during the opponent's turn"
    state = GAME.apply(state, EndTurn("red"))
    assert not state.units[0].pinned, "unpinned at the start of its next turn"
    assert not state.units[0].overwatch


def test_a_pinned_unit_that_just_ends_its_activation_stays_pinned() -> None:
    state = GAME.apply_all(pinned(2, 4), [EndActivation("blue"), EndTurn("red")])
    assert state.units[0].pinned


# -- overwatch and observation ----------------------------------------------------------------


def test_overwatch_ends_at_the_start_of_its_owners_turn() -> None:
    units = [at(0, "blue", "Battle Squad", "c2"), at(1, "red", "Swarmlings", "e5")]
    state = activating(GAME.position(units), 0, 2)
    state = GAME.apply(state, Overwatch("blue"))
    assert GAME.to_act(state) == {"red"}
    assert state.units[0].overwatch, "still in overwatch in the opponent's turn"
    state = GAME.apply(state, EndTurn("red"))
    assert not state.units[0].overwatch
    # Whatever put it there (a study, a loaded game): the start of its owner's turn ends it,
    # the start of the opponent's does not.
    watching = at(0, "blue", "Battle Squad", "c2", overwatch=True)
    for player, still in (("red", False), ("blue", True)):
        state = GAME.position([watching, units[1]], player=player)
        assert GAME.apply(state, EndTurn(player)).units[0].overwatch is still, player


HILL = """
........
........
........
........
........
..^.....
"""


def test_a_unit_on_a_hill_may_reroll_activation_dice_once_before_acting() -> None:
    game = arena(HILL)
    state = game.position([at(0, "blue", "Battle Squad", "c1"), at(1, "blue", "Sniper Team", "e1")])
    state = game.apply(rolling(state, 2, 2), Activate("blue", 0))
    assert {a for a in game.legal_actions(state, "blue") if isinstance(a, Reroll)} == {
        Reroll("blue", (2,)),
        Reroll("blue", (2, 2)),
    }
    state = game.apply(rolling(state, 5), Reroll("blue", (2,)))
    assert state.activation is not None
    assert sorted(state.activation.dice) == [2, 5]
    with pytest.raises(IllegalAction, match="re-rolls are for units on hills"):
        game.apply(state, Reroll("blue", (2,)))
    state = game.apply(state, EndActivation("blue"))
    state = game.apply(rolling(state, 2, 2), Activate("blue", 1))
    assert not any(isinstance(a, Reroll) for a in game.legal_actions(state, "blue"))


def test_a_unit_in_a_high_building_may_reroll_too() -> None:
    """ "Squares with high buildings or hills offer ... an observation advantage and they are
    able to re-roll one or more of their activation D6." """
    game = arena(HILL.replace("^", "H"))
    state = game.position([at(0, "blue", "Battle Squad", "c1")])
    state = game.apply(rolling(state, 2, 3), Activate("blue", 0))
    assert {a for a in game.legal_actions(state, "blue") if isinstance(a, Reroll)} == {
        Reroll("blue", (2,)),
        Reroll("blue", (3,)),
        Reroll("blue", (2, 3)),
    }


def test_no_reroll_after_spending_a_die() -> None:
    game = arena(HILL)
    state = game.position([at(0, "blue", "Battle Squad", "c1")])
    state = game.apply_all(rolling(state, 1, 2), [Activate("blue", 0), Step("blue", sq("c2"))])
    assert not any(isinstance(a, Reroll) for a in game.legal_actions(state, "blue"))
