"""Destiny Cards and the Conquest cards that are not about armies: each effect once."""

from wargames.core.draws import Deck
from wargames.sabatu import Move, Pass
from wargames.sabatu.state import Die

from .helpers import TWO, names, position


def land_on_destiny(card: str, **extra):  # type: ignore[no-untyped-def]
    """Red's army on nw.6 lands on the Destiny space nw.4 with a 2; ``card`` is on top."""
    state = position(armies={"red": ["nw.6", "nw.14"], **extra}, dice=[2, 1])
    state = state.with_changes(destiny=Deck((card,)))
    return TWO.apply(state, Move("red", "nw.6", 2, "nw.4"))


def test_a_destiny_move_belongs_to_the_army_that_drew_it() -> None:
    state = land_on_destiny("Fair Road")
    assert Die(3, TWO.board.index("nw.4")) in state.dice
    moves = names(a for a in TWO.legal_actions(state, "red") if isinstance(a, Move))
    assert "move nw.4 3 nw.1" in moves
    assert not [m for m in moves if m.startswith("move nw.14 3")], "not another army's die"


def test_destiny_can_destroy_an_army() -> None:
    state = land_on_destiny("Ambush")
    assert state.realms[0].armies == (TWO.board.index("nw.14"),)


def test_destiny_can_send_an_army_home() -> None:
    state = land_on_destiny("Homesick")
    assert TWO.home(0) in state.realms[0].armies


def test_destiny_puts_an_army_at_the_doorstep_of_a_capital() -> None:
    """ "Destiny cards can put you at the doorstep of an enemy's capital": the free space
    before the nearest capital that is not the army's own."""
    state = land_on_destiny("Envoy")
    assert TWO.board.index("nw.9") in state.realms[0].armies
    held = land_on_destiny("Envoy", blue=["nw.9"])
    assert TWO.board.index("nw.9") not in held.realms[0].armies


def test_destiny_draws_and_returns_to_the_discards() -> None:
    state = land_on_destiny("Treasure")
    assert len(state.realms[0].coins) == 1
    assert state.destiny.discards == ("Treasure",)


def test_an_earthquake_brings_down_a_wall_of_each_capital() -> None:
    """ "Walls ... remain unless destroyed by Conquest card"."""
    state = position(
        armies={"blue": ["se.5"]},
        capitals={"se.capital": ("blue", 1, 2), "ne.capital": ("blue", 1, 0)},
    )
    state = TWO.apply(state.with_changes(conquest=Deck(("Earthquake",))), Pass("red"))
    assert [c.walls for c in state.capitals] == [0, 0, 0, 1]
