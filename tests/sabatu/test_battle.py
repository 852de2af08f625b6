"""Fighting Battles, Armory Tiles and Capital Walls: hidden tiles, the dice, the victor's
Spoils, ties, retreats and assaults on capitals; exact odds."""

import random
from fractions import Fraction

import attrs
import networkx as nx
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wargames.core.dice import d6
from wargames.core.errors import IllegalAction
from wargames.core.hidden import is_hidden
from wargames.core.serialize import dumps
from wargames.sabatu import (
    Arm,
    Buy,
    Move,
    Offer,
    Press,
    Ready,
    Sabatu,
    SabatuAction,
    SabatuArmories,
    SabatuState,
    SpendCoin,
    Withdraw,
    assault,
    battle,
)
from wargames.sabatu.state import BattleFought, Captured, Retreated
from wargames.testing import rng_rolling

from .helpers import TWO, names, position, random_game

ATTACK = Move("red", "nw.5", 2, "nw.7")


def test_odds_of_a_battle() -> None:
    """One die each, higher wins; equal totals tie."""
    assert battle() == battle(0, 0, 0)
    assert battle()["attacker"] == Fraction(5, 12)
    assert battle()["tie"] == Fraction(1, 6)
    assert battle(attack=3)["attacker"] == Fraction(30, 36)
    assert battle(walls=1) == battle(defence=1), "a wall is a point for the defender"
    assert battle(walls=4) == battle(walls=1), "however many walls, the advantage is 1 point"


def test_odds_of_an_assault_through_every_defender() -> None:
    assert assault(1) == Fraction(1, 2)
    assert assault(2) == Fraction(1, 4)
    assert assault(1, attack=2) == Fraction(13, 16)


def test_game_odds_of_an_attack_on_a_walled_capital() -> None:
    state = position(armies={"red": ["ne.1"]}, capitals={"ne.capital": ("blue", 1, 2)}, dice=[1])
    move = Move("red", "ne.1", 1, "ne.capital")
    assert TWO.odds(state, move) == battle(walls=1)
    assert TWO.odds(state, Move("red", "ne.1", 1, "ne.2")) is None


def test_tiles_are_laid_down_at_the_same_time_unseen() -> None:
    """ "After each player decides which armor or weapon to use ... they lay them down ...
    at the same time": both choose at once; while one has chosen and the other not, the
    other's view is the same whatever the choice was (only that it is made), either way
    round; the battle is fought once both are done, the same whoever chose first."""
    state = position(
        armies={"red": ["nw.5"], "blue": ["nw.7"]},
        tiles={"red": ["sword", "spear"], "blue": ["shield", "helmet"]},
        dice=[2],
        rng=rng_rolling(d6, 3, 4),
    )
    state = TWO.apply(state, ATTACK)
    assert TWO.to_act(state) == {"red", "blue"}
    assert names(TWO.legal_actions(state, "red")) == ["arm spear", "arm sword", "ready"]
    assert names(TWO.legal_actions(state, "blue")) == ["arm helmet", "arm shield", "ready"]
    for side, other, tiles in (
        ("red", "blue", ("sword", "spear")),
        ("blue", "red", ("shield", "helmet")),
    ):
        choices: list[SabatuAction] = [*(Arm(side, tile) for tile in tiles), Ready(side)]
        after = [TWO.apply(state, choice) for choice in choices]
        assert all(TWO.to_act(a) == {other} for a in after)
        seen = [TWO.view(a, other) for a in after]
        assert seen[0] == seen[1] == seen[2], f"{other} sees {side}'s choice"
        shown = seen[0].battle
        assert shown is not None
        assert is_hidden(shown.attack if side == "red" else shown.defence)
    red_first = TWO.apply_all(state, [Arm("red", "sword"), Arm("blue", "shield")])
    blue_first = TWO.apply_all(state, [Arm("blue", "shield"), Arm("red", "sword")])
    fights = [[e for e in s.log if isinstance(e, BattleFought)] for s in (red_first, blue_first)]
    assert fights[0] == fights[1]
    assert (fights[0][0].attack_tiles, fights[0][0].defence_tiles) == (("sword",), ("shield",))
    assert red_first.realms == blue_first.realms


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_battles_are_chosen_at_once_in_random_games(seed: int) -> None:
    """In random games: in every battle both unready sides are to act; any two choices of
    one side look the same to the other; the two choices in either order fight the same
    battle (tiles, dice, totals, winner)."""
    chooser = random.Random(seed)
    battles = 0
    for state in random_game(TWO, seed, 400):
        fight = state.battle
        if state.step != "battle" or fight is None:
            continue
        unready = {s for s, r in ((fight.attacker, fight.attacker_ready),
                                  (fight.defender, fight.defender_ready)) if not r}  # fmt: skip
        assert TWO.to_act(state) == unready
        if len(unready) < 2:
            continue
        battles += 1
        red, blue = (
            chooser.choice(TWO.legal_actions(state, p)) for p in (fight.attacker, fight.defender)
        )
        for side, other in ((fight.attacker, fight.defender), (fight.defender, fight.attacker)):
            views = {
                dumps(TWO, TWO.view(TWO.apply(state, a), other))
                for a in TWO.legal_actions(state, side)
            }
            assert len(views) == 1, f"{other} sees which tile {side} laid"
        one = TWO.apply_all(state, [red, blue])
        two = TWO.apply_all(state, [blue, red])
        assert _fought(one) == _fought(two), "the order of choosing changes the battle"
    assume(battles > 0)


def _fought(state: SabatuState) -> tuple[object, ...]:
    """The last battle's tiles, dice and winner."""
    f = next(e for e in reversed(list(state.log)) if isinstance(e, BattleFought))
    return (f.attack_tiles, f.defence_tiles, f.attack_die, f.defence_die, f.winner)


def test_the_higher_total_wins_and_takes_a_spoils_coin() -> None:
    """Die plus tile: red 3 + sword 2 = 5 against blue 4 + shield 2 = 6.  Blue wins, red's
    army is removed, blue draws one of red's coins, both tiles go back to the bag."""
    state = position(
        armies={"red": ["nw.5"], "blue": ["nw.7"]},
        tiles={"red": ["sword"], "blue": ["shield"]},
        coins={"red": [2]},
        dice=[2],
        rng=rng_rolling(d6, 3, 4),
    )
    bag = len(state.armory)
    state = TWO.apply_all(state, [ATTACK, Arm("red", "sword"), Arm("blue", "shield")])
    fought = next(e for e in state.log if isinstance(e, BattleFought))
    assert (fought.attack_total, fought.defence_total, fought.winner) == (5, 6, "defender")
    assert fought.attack_tiles == ("sword",)
    assert fought.defence_tiles == ("shield",)
    assert state.realms[0].armies == ()
    assert state.realms[1].armies == (TWO.board.index("nw.7"),)
    assert (state.realms[0].coins, state.realms[1].coins) == ((), (2,))
    assert len(state.armory) == bag + 2
    assert state.realms[0].tiles == ()
    assert state.realms[1].tiles == ()


def test_the_victorious_attacker_occupies_the_space() -> None:
    """Red wins 6 to 1: blue's army is removed, red's takes its space and draws blue's one
    Spoils coin ("One Spoils coin is drawn from the defeated player by the victor")."""
    state = position(
        armies={"red": ["nw.5"], "blue": ["nw.7"]},
        coins={"red": [1], "blue": [3]},
        dice=[2],
        rng=rng_rolling(d6, 6, 1),
    )
    state = TWO.apply(state, ATTACK)
    assert state.realms[0].armies == (TWO.board.index("nw.7"),)
    assert state.realms[1].armies == ()
    assert (state.realms[0].coins, state.realms[1].coins) == ((1, 3), ())
    assert state.step == "move"


def test_from_a_player_without_coins_the_victor_takes_a_tile() -> None:
    state = position(
        armies={"red": ["nw.5"], "blue": ["nw.7"]},
        tiles={"blue": ["ax"]},
        dice=[2],
        rng=rng_rolling(d6, 6, 1),
    )
    state = TWO.apply_all(state, [ATTACK, Ready("blue")])
    (taken,) = state.realms[0].tiles
    assert taken.value == "ax"
    assert taken.known_to == {"red", "blue"}
    assert state.realms[1].tiles == ()


def test_on_a_tie_the_attacker_continues() -> None:
    state = position(
        armies={"red": ["nw.5"], "blue": ["nw.7"]}, dice=[2], rng=rng_rolling(d6, 3, 3, 5, 2)
    )
    state = TWO.apply(state, ATTACK)
    assert state.step == "tie"
    assert names(TWO.legal_actions(state, "red")) == ["continue", "withdraw"]
    state = TWO.apply(state, Press("red"))
    assert state.realms[0].armies == (TWO.board.index("nw.7"),), "5 beats 2 in the second round"


def test_on_a_tie_the_attacker_may_retreat_a_die_away_from_the_defender() -> None:
    """ "The attacker rolls 1 die and moves away from the defender the number of spaces
    indicated by the die": 2 spaces, not through blue on nw.7."""
    state = position(
        armies={"red": ["nw.5"], "blue": ["nw.7"]}, dice=[2], rng=rng_rolling(d6, 3, 3, 2)
    )
    state = TWO.apply_all(state, [ATTACK, Withdraw("red")])
    retreat = state.log.newest(1)[0]
    assert isinstance(retreat, Retreated)
    assert (retreat.die, retreat.target) == (2, "nw.3")
    assert state.realms[0].armies == (TWO.board.index("nw.3"),)
    assert state.realms[1].armies == (TWO.board.index("nw.7"),)


def test_an_assault_goes_on_army_after_army_until_the_capital_falls() -> None:
    """ "Once an attack has begun on a capital the aggressor may continue the attack,
    defeating as many occupying armies as possible, until the capital is taken"; "one wall
    (if any exist) is removed before the victor takes possession"."""
    state = position(
        armies={"red": ["ne.1"]},
        capitals={"ne.capital": ("blue", 2, 2)},
        dice=[1],
        rng=rng_rolling(d6, 6, 1, 6, 2),
    )
    state = TWO.apply(state, Move("red", "ne.1", 1, "ne.capital"))
    assert state.step == "press"
    assert names(TWO.legal_actions(state, "red")) == ["continue", "withdraw"]
    walled = next(e for e in state.log if isinstance(e, BattleFought))
    assert walled.defence_total == walled.defence_die + 1, "the walls' point"
    state = TWO.apply(state, Press("red"))
    number = TWO.board.capitals.index(TWO.board.index("ne.capital"))
    assert state.capitals[number].owner == 0
    assert state.capitals[number].armies == 1, "the victor becomes the garrison"
    assert state.capitals[number].walls == 1
    assert state.realms[0].armies == ()
    assert isinstance(state.log.newest(1)[0], Captured)


def test_one_or_more_walls_give_the_defenders_one_point() -> None:
    """ "As long as a Capital has one or more walls any army within the walls has a 1 point
    advantage": none without walls, 1 with one wall, still 1 with two or four."""
    for walls, point in ((0, 0), (1, 1), (2, 1), (4, 1)):
        state = position(
            armies={"red": ["ne.1"]},
            capitals={"ne.capital": ("blue", 1, walls)},
            dice=[1],
            rng=rng_rolling(d6, 6, 1),
        )
        state = TWO.apply(state, Move("red", "ne.1", 1, "ne.capital"))
        fought = next(e for e in state.log if isinstance(e, BattleFought))
        assert fought.defence_total == fought.defence_die + point, walls


def test_the_assault_may_stop_between_defenders() -> None:
    state = position(
        armies={"red": ["ne.1"]},
        capitals={"ne.capital": ("blue", 2, 0)},
        dice=[1],
        rng=rng_rolling(d6, 6, 1),
    )
    state = TWO.apply_all(state, [Move("red", "ne.1", 1, "ne.capital"), Withdraw("red")])
    number = TWO.board.capitals.index(TWO.board.index("ne.capital"))
    assert (state.capitals[number].owner, state.capitals[number].armies) == (1, 1)
    assert state.realms[0].armies == (TWO.board.index("ne.1"),)
    assert state.step == "move"


def test_variant_1_one_defensive_and_one_offensive_tile() -> None:
    """Variant #1: "up to two tiles ... (One defensive and one offensive per player)"."""
    game = SabatuArmories(players=2)
    state = position(
        game,
        armies={"red": ["nw.5"], "blue": ["nw.7"]},
        tiles={"red": ["sword", "ax", "shield"], "blue": ["helmet"]},
        dice=[2],
        rng=rng_rolling(d6, 1, 6),
    )
    state = game.apply_all(state, [ATTACK, Arm("red", "sword")])
    assert names(game.legal_actions(state, "red")) == ["arm shield", "ready"]
    state = game.apply_all(state, [Arm("red", "shield"), Arm("blue", "helmet")])
    fought = next(e for e in state.log if isinstance(e, BattleFought))
    assert fought.attack_tiles == ("sword", "shield")
    assert fought.attack_total == 1 + 2 + 2


def test_the_base_game_allows_one_tile_a_battle() -> None:
    state = position(
        armies={"red": ["nw.5"], "blue": ["nw.7"]},
        tiles={"red": ["sword", "shield"], "blue": ["helmet"]},
        dice=[2],
    )
    state = TWO.apply_all(state, [ATTACK, Arm("red", "sword")])
    assert TWO.to_act(state) == {"blue"}, "red is ready after one tile"


def test_variant_1_readiness_tells_nothing_about_the_other_tiles() -> None:
    """Tiles are "face down": under Variant #1 a player who has laid one tile and holds more
    says "ready" themselves, even when none of the rest may be added.  Becoming ready by
    itself would tell blue that red's other tile is of the kind already laid (an ax beside
    the sword, not a shield)."""
    game = SabatuArmories(players=2)
    seen = []
    for other, choices in (("ax", ["ready"]), ("shield", ["arm shield", "ready"])):
        state = position(
            game,
            armies={"red": ["nw.5"], "blue": ["nw.7"]},
            tiles={"red": ["sword", other], "blue": ["helmet"]},
            dice=[2],
        )
        state = game.apply_all(state, [ATTACK, Arm("red", "sword")])
        assert game.to_act(state) == {"red", "blue"}, "red may lay another; blue chooses"
        assert names(game.legal_actions(state, "red")) == choices
        seen.append(game.view(state, "blue"))
    assert seen[0].battle == seen[1].battle
    assert seen[0].realms == seen[1].realms


def test_variant_1_is_ready_once_every_tile_or_one_of_each_kind_is_laid() -> None:
    game = SabatuArmories(players=2)
    state = position(
        game,
        armies={"red": ["nw.5"], "blue": ["nw.7"]},
        tiles={"red": ["sword"], "blue": ["helmet", "bow", "spear"]},
        dice=[2],
    )
    state = game.apply_all(state, [ATTACK, Arm("red", "sword")])
    assert game.to_act(state) == {"blue"}, "red laid the only tile it holds"
    state = game.apply_all(state, [Arm("blue", "helmet"), Arm("blue", "bow")])
    fought = next(e for e in state.log if isinstance(e, BattleFought))
    assert fought.defence_tiles == ("helmet", "bow"), "one of each kind: blue is ready"


def test_game_odds_take_the_wall_bonus_from_the_tables() -> None:
    """The walls' point is data ("a 1 point advantage"); odds and play read the same one."""
    game = Sabatu(players=2)
    game.tables = attrs.evolve(game.tables, numbers=attrs.evolve(game.tables.numbers, wall_bonus=2))
    state = position(
        game, armies={"red": ["ne.1"]}, capitals={"ne.capital": ("blue", 1, 1)}, dice=[1]
    )
    assert game.odds(state, Move("red", "ne.1", 1, "ne.capital")) == battle(defence=2)


def test_a_retreat_only_moves_away_from_the_defender() -> None:
    """ "The attacker rolls 1 die and moves away from the defender the number of spaces
    indicated by the die": every space of the retreat is one step farther from the defender
    (by steps on the board) than the one before.  From nw.2, after a tie against blue on
    nw.7, nw.3 to nw.6 are nearer blue and never offered, whatever the die."""
    steps = nx.single_source_shortest_path_length(TWO.board.graph, "nw.7")
    for die in range(1, 7):
        state = position(
            armies={"red": ["nw.2"], "blue": ["nw.7"]}, dice=[5], rng=rng_rolling(d6, 3, 3, die)
        )
        state = TWO.apply_all(state, [Move("red", "nw.2", 5, "nw.7"), Withdraw("red")])
        if state.step == "retreat":
            places = [TWO.board.node(p) for p in state.retreats]
            assert names(TWO.legal_actions(state, "red")) == [f"retreat {p}" for p in places]
        else:
            places = [TWO.board.node(p) for p in state.realms[0].armies]
        assert places
        for place in places:
            assert place == "nw.2" or steps[place] > steps["nw.2"], (die, place)
            short = TWO.board.terrain(place) in ("port", "home", "capital")
            assert place == "nw.2" or short or steps[place] == steps["nw.2"] + die


def test_spoils_coins_may_not_be_used_during_battle() -> None:
    """ "Spoils Coins may not be used during battle with another player": while tiles are
    laid down, after a tie and between the defenders of a capital, neither player may spend
    a coin, buy with coins or trade one, and each try is refused with the state untouched;
    the coins count for nothing in the totals."""
    coins = {"red": [5, 3], "blue": [5, 1]}
    laying = TWO.apply(
        position(
            armies={"red": ["nw.5"], "blue": ["nw.7"]},
            coins=coins,
            tiles={"red": ["sword"], "blue": ["shield"]},
            dice=[2],
        ),
        ATTACK,
    )
    tied = TWO.apply(
        position(
            armies={"red": ["nw.5"], "blue": ["nw.7"]},
            coins=coins,
            dice=[2],
            rng=rng_rolling(d6, 3, 3),
        ),
        ATTACK,
    )
    pressing = TWO.apply(
        position(
            armies={"red": ["ne.1"]},
            capitals={"ne.capital": ("blue", 2, 0)},
            coins=coins,
            dice=[1],
            rng=rng_rolling(d6, 6, 1),
        ),
        Move("red", "ne.1", 1, "ne.capital"),
    )
    fought = [e for e in tied.log if isinstance(e, BattleFought)]
    assert [(f.attack_total, f.defence_total) for f in fought] == [(3, 3)], "coins add nothing"
    for state, step in ((laying, "battle"), (tied, "tie"), (pressing, "press")):
        assert state.step == step
        for player in ("red", "blue"):
            listed = TWO.legal_actions(state, player)
            assert not [a for a in listed if isinstance(a, SpendCoin | Buy | Offer)], step
            tries: list[SabatuAction] = [SpendCoin(player, 5), Offer(player, "red", coin=5)]
            tries += [Buy(player, item) for item in ("tile", "army")]
            tries.append(Buy(player, "wall", "ne.capital"))
            for action in tries:
                with pytest.raises(IllegalAction):
                    TWO.apply(state, action)
                assert TWO.illegal_reason(state, action) is not None, (step, str(action))
