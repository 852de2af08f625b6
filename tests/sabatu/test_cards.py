"""Destiny Cards and the Conquest cards that are not about armies: each effect once."""

from wargames.core.draws import Deck
from wargames.sabatu import Move, Pass
from wargames.sabatu.state import Die

from .helpers import TWO, names, position


def land_on_destiny(card: str, capitals=None, **extra):  # type: ignore[no-untyped-def]
    """Red's army on nw.8 lands on the Destiny space nw.6 with a 2; ``card`` is on top."""
    state = position(armies={"red": ["nw.8", "nw.1"], **extra}, capitals=capitals, dice=[2, 1])
    state = state.with_changes(destiny=Deck((card,)))
    return TWO.apply(state, Move("red", "nw.8", 2, "nw.6"))


def test_a_destiny_move_belongs_to_the_army_that_drew_it() -> None:
    state = land_on_destiny("Fair Road")
    assert Die(3, TWO.board.index("nw.6")) in state.dice
    moves = names(a for a in TWO.legal_actions(state, "red") if isinstance(a, Move))
    assert "move nw.6 3 nw.3" in moves
    assert not [m for m in moves if m.startswith("move nw.1 3")], "not another army's die"


def test_destiny_can_destroy_an_army() -> None:
    state = land_on_destiny("Ambush")
    assert state.realms[0].armies == (TWO.board.index("nw.1"),)


def test_destiny_can_send_an_army_home() -> None:
    state = land_on_destiny("Homesick")
    assert TWO.home(0) in state.realms[0].armies


def test_destiny_puts_an_army_at_the_doorstep_of_a_capital() -> None:
    """ "Destiny cards can put you at the doorstep of an enemy's capital": the free space
    before the nearest capital that is not the army's own (ne's, 4 steps from nw.6)."""
    state = land_on_destiny("Envoy")
    assert TWO.board.index("ne.1") in state.realms[0].armies
    held = land_on_destiny("Envoy", blue=["ne.1"])
    assert TWO.board.index("ne.1") not in held.realms[0].armies
    assert TWO.board.index("nw.13") in held.realms[0].armies, "the next nearest, 7 steps"
    own = land_on_destiny("Envoy", capitals={"ne.capital": ("red", 1, 0)})
    assert TWO.board.index("nw.13") in own.realms[0].armies, "not the doorstep of its own"


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
