"""Trade (one-for-one swaps offered and accepted between players) and Variant #2's hire."""

import pytest

from wargames.bots import RandomBot
from wargames.core.dice import d6
from wargames.core.errors import IllegalAction
from wargames.core.hidden import is_hidden
from wargames.sabatu import (
    Accept,
    Ask,
    Counter,
    Decline,
    Hire,
    Move,
    Offer,
    Pass,
    Sabatu,
    SabatuMercenaries,
)
from wargames.testing import rng_rolling

from .helpers import TWO, names, position

THREE = Sabatu(players=3)


def trading(game: Sabatu = TWO):  # type: ignore[no-untyped-def]
    return position(
        game,
        armies={"red": ["nw.5"], "blue": ["se.5"]},
        coins={"red": [2], "blue": [1]},
        tiles={"blue": ["sword"]},
        dice=[3],
    )


def test_a_coin_for_a_tile() -> None:
    """ "one Spoils coin for one Armory tile, the value of each to be determined by the
    players involved"."""
    state = trading()
    assert "offer blue coin 2" in names(TWO.legal_actions(state, "red"))
    state = TWO.apply(state, Offer("red", "blue", coin=2))
    assert TWO.to_act(state) == {"blue"}
    assert names(TWO.legal_actions(state, "blue")) == [
        "counter red coin 1",
        "counter red tile sword",
        "decline",
    ]
    state = TWO.apply(state, Counter("blue", "red", tile="sword"))
    assert TWO.to_act(state) == {"red"}
    state = TWO.apply(state, Accept("red"))
    (sword,) = state.realms[0].tiles
    assert sword.value == "sword"
    assert sword.known_to == {"red", "blue"}
    assert state.realms[1].coins == (1, 2)
    assert state.realms[0].coins == ()
    assert state.step == "move"


def test_either_side_may_decline() -> None:
    state = TWO.apply(trading(), Offer("red", "blue", coin=2))
    refused = TWO.apply(state, Decline("blue"))
    assert (refused.deal, refused.step) == (None, "move"), "the turn goes on"
    assert refused.realms == state.realms
    countered = TWO.apply(state, Counter("blue", "red", coin=1))
    declined = TWO.apply(countered, Decline("red"))
    assert declined.realms == state.realms


def test_a_traded_tile_is_seen_by_the_traders_only() -> None:
    state = position(
        THREE,
        armies={"red": ["nw.5"]},
        tiles={"red": ["ax"]},
        coins={"green": [1]},
        dice=[3],
    )
    state = THREE.apply(state, Offer("red", "green", tile="ax"))
    assert THREE.view(state, "green").deal == state.deal
    hidden = THREE.view(state, "blue").deal
    assert hidden is not None
    assert is_hidden(hidden.give_tile)


def test_offers_are_limited_each_turn() -> None:
    state = trading()
    for _ in range(TWO.tables.numbers.offers_per_turn):
        state = TWO.apply_all(state, [Offer("red", "blue", coin=2), Decline("blue")])
    assert not [a for a in TWO.legal_actions(state, "red") if isinstance(a, Offer)]
    with pytest.raises(IllegalAction, match="Trade"):
        TWO.apply(state, Offer("red", "blue", coin=2))


def test_random_bots_leave_negotiation_alone() -> None:
    state = trading()
    assert set(TWO.negotiation_types) >= {Offer, Counter, Accept, Decline, Hire, Ask}
    bot = RandomBot(1)
    assert not any(isinstance(bot.choose(TWO, state, "red"), Offer) for _ in range(50))


def test_variant_2_hire_an_army_for_a_turn() -> None:
    """Variant #2: "hire another player's army for one turn to fight for them, price to be
    negotiated between the two players"."""
    game = SabatuMercenaries(players=2)
    state = position(game, armies={"red": ["nw.5"], "blue": ["ne.5"]}, coins={"red": [2]}, dice=[1])
    assert "hire ne.5" in names(game.legal_actions(state, "red"))
    assert "hire ne.5" not in names(TWO.legal_actions(state, "red")), "not in the base game"
    state = game.apply_all(state, [Hire("red", "ne.5"), Ask("blue", 2), Accept("red")])
    assert state.realms[1].coins == (2,)
    assert state.realms[0].coins == ()
    assert "move ne.5 1 ne.6" in names(game.legal_actions(state, "red"))
    state = game.apply(state, Move("red", "ne.5", 1, "ne.6"))
    assert state.realms[1].armies == (game.board.index("ne.6"),), "still blue's army"
    assert state.hired == (game.board.index("ne.6"),)
    state = game.apply(state, Pass("red"))
    assert state.hired == (), "for one turn"


def test_a_hired_army_enters_no_capital() -> None:
    game = SabatuMercenaries(players=2)
    state = position(game, armies={"red": ["nw.5"], "blue": ["ne.3"]}, coins={"red": [2]}, dice=[5])
    state = game.apply_all(state, [Hire("red", "ne.3"), Ask("blue", 2), Accept("red")])
    targets = [a.target for a in game.legal_actions(state, "red") if isinstance(a, Move)]
    assert "ne.capital" not in targets
    own = position(game, armies={"red": ["ne.3"]}, dice=[5])
    targets = [a.target for a in game.legal_actions(own, "red") if isinstance(a, Move)]
    assert "ne.capital" in targets, "red's own army would claim it"


def test_a_price_the_hirer_cannot_pay_can_only_be_declined() -> None:
    game = SabatuMercenaries(players=2)
    state = position(game, armies={"red": ["nw.5"], "blue": ["ne.5"]}, coins={"red": [1]}, dice=[1])
    state = game.apply_all(state, [Hire("red", "ne.5"), Ask("blue", 5)])
    assert names(game.legal_actions(state, "red")) == ["decline"]


def test_a_beaten_hired_army_is_its_owners_loss_and_its_hirer_pays_the_spoils() -> None:
    """Variant #2 (library default): red hires blue's army on ne.5 and attacks green on
    ne.7; green wins 6 to 1, blue loses the army and green takes red's coin."""
    game = SabatuMercenaries(players=3)
    state = position(
        game,
        armies={"red": ["nw.5"], "blue": ["ne.5"], "green": ["ne.7"]},
        coins={"red": [1, 2]},
        dice=[2],
        rng=rng_rolling(d6, 1, 6),
    )
    state = game.apply_all(
        state, [Hire("red", "ne.5"), Ask("blue", 2), Accept("red"), Move("red", "ne.5", 2, "ne.7")]
    )
    assert state.realms[1].armies == ()
    assert state.realms[1].coins == (2,), "the hire's price, kept"
    assert state.realms[2].coins == (1,)
    assert state.realms[0].coins == ()
    assert state.hired == ()
