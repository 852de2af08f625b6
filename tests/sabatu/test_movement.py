"""Moving Around the Board: one die, one army, exact count with its exceptions, no passing."""

import pytest

from wargames.core.errors import IllegalAction
from wargames.sabatu import Move, Pass
from wargames.sabatu.armies import free_armies
from wargames.sabatu.state import Drew, Forfeited

from .helpers import TWO, names, position


def targets(state, origin: str, die: int) -> set[str]:  # type: ignore[no-untyped-def]
    return {
        a.target
        for a in TWO.legal_actions(state, "red")
        if isinstance(a, Move) and a.origin == origin and a.die == die
    }


def test_exact_count_on_plain_spaces() -> None:
    """ "The exact roll of the die/dice ... must be used": the army ends exactly 3 away, in
    one direction ("changing direction at the end of each die")."""
    state = position(armies={"red": ["nw.5"]}, dice=[3])
    assert targets(state, "nw.5", 3) == {"nw.2", "nw.8", "ne.15"}


def test_no_turning_back_within_a_die() -> None:
    state = position(armies={"red": ["nw.5"]}, dice=[2])
    assert "nw.5" not in targets(state, "nw.5", 2)
    assert targets(state, "nw.5", 2) == {"nw.3", "nw.7"}


def test_a_port_may_be_entered_short_of_the_count() -> None:
    """Exceptions to the exact roll: "entering a Capital, Home, Port"."""
    state = position(armies={"red": ["nw.16"]}, dice=[4])
    assert "nw.14" in targets(state, "nw.16", 4)
    assert "nw.15" not in targets(state, "nw.16", 4), "a plain space needs the exact count"


def test_home_may_be_entered_short_of_the_count_but_not_an_enemys() -> None:
    """ "Home is not a 'space' and, therefore, cannot be occupied by an enemy army"."""
    state = position(armies={"red": ["nw.5"], "blue": ["home"]}, dice=[6])
    assert "nw.home" in targets(state, "nw.5", 6)
    state = position(armies={"red": ["se.2"], "blue": ["home"]}, dice=[3])
    assert "se.home" not in targets(state, "se.2", 3)


def test_an_unclaimed_capital_is_claimed_its_garrison_replaced_at_home() -> None:
    """ "An exact roll is not needed to enter a capital.  The first army to occupy a capital
    becomes a garrison and is immediately replaced with a fresh army at Home."""
    state = position(armies={"red": ["nw.10"]}, dice=[5])
    assert "nw.capital" in targets(state, "nw.10", 5)
    after = TWO.apply(state, Move("red", "nw.10", 5, "nw.capital"))
    capital = after.capitals[TWO.board.capitals.index(TWO.board.index("nw.capital"))]
    assert (capital.owner, capital.armies) == (0, 1)
    assert after.realms[0].armies == (TWO.home(0),)
    assert free_armies(after, 0) == 1
    assert after.realms[0].coins == (), "no Spoils Coins for occupying an unoccupied capital"


def test_armies_never_pass_another_army() -> None:
    """ "A player may not jump over or pass another army, friend or foe"."""
    friend = position(armies={"red": ["nw.5", "nw.6"]}, dice=[3])
    assert targets(friend, "nw.5", 3) == {"nw.2"}
    foe = position(armies={"red": ["nw.5"], "blue": ["nw.6"]}, dice=[3])
    assert targets(foe, "nw.5", 3) == {"nw.2", "nw.6"}, "the foe is fought, not passed"


def test_a_battle_needs_no_exact_count() -> None:
    state = position(armies={"red": ["nw.5"], "blue": ["nw.7"]}, dice=[6])
    assert "nw.7" in targets(state, "nw.5", 6)


def test_landing_by_exact_count_on_spoils_draws_a_coin_passing_does_not() -> None:
    """ "When landing on designated spaces such as 'Spoils' ... draw one tile from the
    appropriate bag"; "by exact count"."""
    state = position(armies={"red": ["nw.5"]}, dice=[2, 4])
    landed = TWO.apply(state, Move("red", "nw.5", 2, "nw.3"))
    assert len(landed.realms[0].coins) == 1
    assert isinstance(landed.log.newest(1)[0], Drew)
    passed = TWO.apply(state, Move("red", "nw.5", 4, "nw.1"))
    assert passed.realms[0].coins == ()


def test_landing_on_armory_draws_a_face_down_tile() -> None:
    state = position(armies={"red": ["nw.7"]}, dice=[1])
    after = TWO.apply(state, Move("red", "nw.7", 1, "nw.8"))
    assert len(after.realms[0].tiles) == 1
    assert len(after.armory) == len(state.armory) - 1


def test_landing_on_destiny_draws_a_destiny_card() -> None:
    state = position(armies={"red": ["nw.8"]}, dice=[2])
    after = TWO.apply(state, Move("red", "nw.8", 2, "nw.6"))
    assert len(after.destiny.discards) == 1


def test_a_die_that_can_be_used_must_be_used() -> None:
    state = position(armies={"red": ["nw.5"]}, dice=[3])
    assert "pass" not in names(TWO.legal_actions(state, "red"))
    with pytest.raises(IllegalAction, match="must be used"):
        TWO.apply(state, Pass("red"))


def test_attacking_is_a_choice() -> None:
    """ "A player may move ... If you attempt to occupy the same space already held by
    another player's army you must do battle": a battle follows an attempt the player
    chooses.  Red's only uses of its die are attacks on blue, so red may pass instead, and
    the die is forfeited."""
    state = position(armies={"red": ["nw.5"], "blue": ["nw.4", "nw.6"]}, dice=[1])
    assert targets(state, "nw.5", 1) == {"nw.4", "nw.6"}
    assert "pass" in names(TWO.legal_actions(state, "red"))
    after = TWO.apply(state, Pass("red"))
    assert any(isinstance(e, Forfeited) and e.dice == (1,) for e in after.log)
    assert after.seat == 1
    assert after.realms[1].armies == state.realms[1].armies


def test_a_die_with_a_move_must_be_used_even_beside_an_attack() -> None:
    """A die that can move an army without a battle must be used, even if it could also
    attack (nw.3 by exact count, or the battle on nw.7)."""
    state = position(armies={"red": ["nw.5"], "blue": ["nw.7"]}, dice=[2])
    assert targets(state, "nw.5", 2) == {"nw.3", "nw.7"}
    assert "pass" not in names(TWO.legal_actions(state, "red"))


def test_a_die_that_cannot_be_used_is_forfeited() -> None:
    """ "If a player can't move the number of spaces indicated by one or more dice ... that
    die is forfeited."  Red's only army is the garrison of its capital, which never moves."""
    boxed = position(armies={}, capitals={"nw.capital": ("red", 1, 0)}, dice=[1, 4])
    assert names(TWO.legal_actions(boxed, "red")) == ["pass"]
    after = TWO.apply(boxed, Pass("red"))
    assert any(isinstance(e, Forfeited) and e.dice == (1, 4) for e in after.log)
    assert after.seat == 1


def test_dice_may_be_split_between_armies_or_used_by_one() -> None:
    """ "A player may move 1 army the number of spaces indicated by all of the dice or split
    the dice up between 2 or more armies."""
    state = position(armies={"red": ["nw.5", "nw.14"]}, dice=[1, 1])
    one = TWO.apply(state, Move("red", "nw.5", 1, "nw.6"))
    assert [d.value for d in one.dice] == [1], "the die used is spent"
    assert targets(one, "nw.6", 1) == {"nw.5", "nw.7"}, "it may turn back at the end of a die"
    assert targets(one, "nw.14", 1) == {"nw.13", "nw.15"}
    both = TWO.apply(one, Move("red", "nw.14", 1, "nw.13"))
    assert both.dice == ()
    assert "pass" in names(TWO.legal_actions(both, "red"))
    assert not [a for a in TWO.legal_actions(both, "red") if isinstance(a, Move)]


def test_armies_beyond_the_garrison_may_leave_a_capital() -> None:
    """ "A Garrison can not be forced to leave a capital"; the other armies inside may march
    out (library default), through the one space the capital opens onto."""
    state = position(armies={}, capitals={"nw.capital": ("red", 2, 0)}, dice=[1, 1, 1])
    assert targets(state, "nw.capital", 1) == {"nw.13"}
    after = TWO.apply(state, Move("red", "nw.capital", 1, "nw.13"))
    capital = after.capitals[TWO.board.capitals.index(TWO.board.index("nw.capital"))]
    assert (capital.owner, capital.armies) == (0, 1)
    after = TWO.apply(after, Move("red", "nw.13", 1, "nw.12"))
    assert not targets(after, "nw.capital", 1), "the garrison stays, its way out free"
