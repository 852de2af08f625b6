"""Spoils Coins, Capital Walls, Ports and Ships: prices, change from the bag, ships."""

import pytest

from wargames.core.dice import d6
from wargames.core.errors import IllegalAction
from wargames.sabatu import Buy, Capital, Move, Sabatu, Sail
from wargames.sabatu.armies import army_count
from wargames.sabatu.purchases import walls_built
from wargames.sabatu.spoils import change, pay, payment
from wargames.sabatu.state import BattleFought
from wargames.testing import rng_rolling

from .helpers import TWO, names, position


def test_prices_from_the_text() -> None:
    """ "1 Spoils point - draw random Armory from bag; 2 Spoils points - new army to place at
    home; 3 Spoils points - hire a ship; 5 Spoils points - capital wall"."""
    assert TWO.prices == {"tile": 1, "army": 2, "ship": 3, "wall": 5}
    assert Sabatu(players=2, ship_fee=5).ship_fee == 5, "the 'Ports and Ships' reading"


def test_payment_least_over_the_price_then_fewest_coins() -> None:
    assert payment((1, 1, 2, 5), 2) == (2,)
    assert payment((1, 3), 2) == (3,)
    assert payment((1, 1, 1), 3) == (1, 1, 1)
    with pytest.raises(ValueError, match="cannot pay"):
        payment((1,), 2)


def test_change_comes_from_the_bag_largest_first() -> None:
    assert change(4, (1, 1, 3, 5)) == (3, 1)
    assert change(4, (2,)) == (2,), "as far as the bag allows"
    assert pay((5,), 1, (1, 3)) == ((5,), (3, 1))


def test_buying_an_army_puts_it_at_home() -> None:
    state = position(armies={"red": ["nw.5"]}, coins={"red": [2]}, dice=[3])
    after = TWO.apply(state, Buy("red", "army"))
    assert after.realms[0].armies == tuple(sorted((TWO.home(0), TWO.board.index("nw.5"))))
    assert after.realms[0].coins == ()
    assert after.spoils.count(2) == state.spoils.count(2) + 1


def test_armies_are_bought_up_to_the_eighth_and_no_ninth() -> None:
    """ "Pawns - 8 per player": with 7 armies a player buys an eighth, with 8 none (a
    garrison counts)."""
    seven = ["nw.1", "nw.2", "nw.3", "nw.4", "nw.5", "home", "home"]
    state = position(armies={"red": seven}, coins={"red": [2, 2]}, dice=[3])
    assert army_count(state, 0) == 7
    assert "buy army" in names(TWO.legal_actions(state, "red"))
    eight = TWO.apply(state, Buy("red", "army"))
    assert army_count(eight, 0) == 8
    assert "buy army" not in names(TWO.legal_actions(eight, "red"))
    with pytest.raises(IllegalAction):
        TWO.apply(eight, Buy("red", "army"))
    garrisoned = position(
        armies={"red": seven[1:]},
        capitals={"nw.capital": ("red", 2, 0)},
        coins={"red": [2]},
        dice=[3],
    )
    assert army_count(garrisoned, 0) == 8
    assert "buy army" not in names(TWO.legal_actions(garrisoned, "red"))


def test_buying_a_tile_with_a_five_gives_change() -> None:
    """ "a Spoils coin with a value of one to purchase one Armory tile ... (Change may be
    obtained from the Spoils bag.)"."""
    state = position(armies={"red": ["nw.5"]}, coins={"red": [5]}, dice=[3])
    after = TWO.apply(state, Buy("red", "tile"))
    assert sum(after.realms[0].coins) == 4
    assert len(after.realms[0].tiles) == 1


def test_walls_only_for_your_occupied_capital_and_at_most_four() -> None:
    """ "Walls for your occupied capital can be purchased by Spoils coin(s) with a total
    value of five"."""
    state = position(
        armies={"red": ["nw.5"]},
        capitals={"nw.capital": ("red", 1, 3), "ne.capital": ("blue", 1, 0)},
        coins={"red": [5, 5]},
        dice=[3],
    )
    assert "buy wall nw.capital" in names(TWO.legal_actions(state, "red"))
    assert "buy wall ne.capital" not in names(TWO.legal_actions(state, "red"))
    state = TWO.apply(state, Buy("red", "wall", "nw.capital"))
    assert state.capitals[0].walls == 4
    assert "buy wall nw.capital" not in names(TWO.legal_actions(state, "red"))
    with pytest.raises(IllegalAction, match="walls only for your occupied capital"):
        TWO.apply(state, Buy("red", "wall", "nw.capital"))
    theirs = position(armies={"red": ["nw.5"]}, coins={"red": [5]}, dice=[3])
    capitals = list(theirs.capitals)
    capitals[0] = Capital(0, 1, (1, 1, 1, 1))
    theirs = theirs.with_changes(capitals=tuple(capitals))
    assert walls_built(theirs, 0) == 0
    assert "buy wall nw.capital" not in names(TWO.legal_actions(theirs, "red")), "blue's four"


def test_no_purchase_without_the_points() -> None:
    state = position(armies={"red": ["nw.5"]}, coins={"red": [1]}, dice=[3])
    assert "buy army" not in names(TWO.legal_actions(state, "red"))
    assert "buy tile" in names(TWO.legal_actions(state, "red"))


def test_a_ship_costs_the_fee_and_a_die_of_any_value() -> None:
    """ "To hire a ship a player must enter a port ... and pay the fee ... One die (any
    value) must then be expended to sail to the new port of choice."""
    state = position(armies={"red": ["nw.14"]}, coins={"red": [3]}, dice=[1])
    sails = [a for a in TWO.legal_actions(state, "red") if isinstance(a, Sail)]
    assert names(sails) == ["sail nw.14 ne.2 1", "sail nw.14 sw.10 1", "sail nw.14 se.6 1"]
    after = TWO.apply(state, Sail("red", "nw.14", "se.6", 1))
    assert after.realms[0].armies == (TWO.board.index("se.6"),)
    assert after.realms[0].coins == ()
    assert after.dice == ()


def test_the_ports_and_ships_fee_of_five_is_an_option() -> None:
    game = Sabatu(players=2, ship_fee=5)
    state = position(game, armies={"red": ["nw.14"]}, coins={"red": [1, 3]}, dice=[1])
    assert not [a for a in game.legal_actions(state, "red") if isinstance(a, Sail)], "4 < 5"
    state = position(game, armies={"red": ["nw.14"]}, coins={"red": [5]}, dice=[1])
    assert [a for a in game.legal_actions(state, "red") if isinstance(a, Sail)]


def test_an_enemy_on_the_far_port_must_be_fought() -> None:
    """ "if the destination port is occupied by an enemy, the player must fight their way to
    solid ground"."""
    state = position(armies={"red": ["nw.14"], "blue": ["se.6"]}, coins={"red": [3]}, dice=[4])
    after = TWO.apply(state, Sail("red", "nw.14", "se.6", 4))
    assert any(isinstance(e, BattleFought) for e in after.log) or after.step == "battle"


def test_four_walls_a_player_and_a_captured_wall_stays_its_builders() -> None:
    """ "Capital Walls - 4 per player": a wall is one of its builder's four wherever it
    stands, round their own capital or a captor's.  Red built three walls round ne.capital,
    which blue has taken, and one round nw.capital: with all four standing red cannot build
    a fifth; with one fewer standing red can build exactly one more."""
    for standing, more in ((3, False), (2, True)):
        state = position(
            armies={"red": ["nw.5"]},
            capitals={"nw.capital": ("red", 1, 1), "ne.capital": ("blue", 1, 0)},
            coins={"red": [5, 5]},
            dice=[3],
        )
        number = TWO.board.capitals.index(TWO.board.index("ne.capital"))
        capitals = list(state.capitals)
        capitals[number] = Capital(1, 1, (0,) * standing)
        state = state.with_changes(capitals=tuple(capitals))
        wall = Buy("red", "wall", "nw.capital")
        assert (wall in TWO.legal_actions(state, "red")) is more, standing
        if not more:
            with pytest.raises(IllegalAction, match="walls only for your occupied capital"):
                TWO.apply(state, wall)
            continue
        state = TWO.apply(state, wall)
        assert state.capitals[0].builders == (0, 0)
        assert wall not in TWO.legal_actions(state, "red"), "four of red's walls stand"
        with pytest.raises(IllegalAction):
            TWO.apply(state, wall)


def test_a_captured_capital_loses_its_newest_wall_to_its_builder() -> None:
    """ "If a capital is captured, one wall (if any exist) is removed before the victor takes
    possession": the newest (library default), which goes back to its builder's supply; the
    rest stand round the victor's capital, still their builders'."""
    state = position(
        armies={"red": ["ne.1"]},
        capitals={"ne.capital": ("blue", 1, 0)},
        dice=[1],
        rng=rng_rolling(d6, 6, 1),
    )
    number = TWO.board.capitals.index(TWO.board.index("ne.capital"))
    capitals = list(state.capitals)
    capitals[number] = Capital(1, 1, (0, 1, 1))
    state = TWO.apply(
        state.with_changes(capitals=tuple(capitals)), Move("red", "ne.1", 1, "ne.capital")
    )
    assert state.capitals[number] == Capital(0, 1, (0, 1))
    assert walls_built(state, 0) == walls_built(state, 1) == 1
