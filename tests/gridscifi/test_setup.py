"""Set-up as actions: ``start(seed, deploy=False)`` lets each player, in turn order, place
their units bound for the table on their own deployment area; ``start(seed)`` still deploys
both armies at random from the seed."""

import random

import attrs
import pytest

from wargames import IllegalAction, UnknownOption
from wargames.core.hidden import is_hidden
from wargames.gridscifi import Activate, Deploy, EndTurn, GridSciFi, GridState, Status
from wargames.gridscifi.state import Deployed, SetUp, TurnBegan
from wargames.testing import check_rules

from .helpers import sq

GAME = GridSciFi()
BRAWL = GridSciFi(scenario="brawl")


def unplaced(state: GridState, player: str) -> list[int]:
    return [u.id for u in state.units if u.owner == player and u.status is Status.UNPLACED]


def set_up(game: GridSciFi, state: GridState, rng: random.Random) -> GridState:
    """Play the whole set-up with random legal placements."""
    while game.in_setup(state):
        (player,) = game.to_act(state)
        state = game.apply(state, rng.choice(game.legal_actions(state, player)))
    return state


def test_the_default_start_is_unchanged_random_deployment() -> None:
    state = GAME.start(seed=4)
    assert state == GAME.start(seed=4, deploy=True)
    assert not GAME.in_setup(state)
    assert state.clock.turn == 1
    assert GAME.to_act(state) == {"blue"}
    assert not any(u.status is Status.UNPLACED for u in state.units)
    assert isinstance(state.log.newest(1)[0], TurnBegan)


def test_reserves_and_passengers_are_still_drawn_from_the_seed() -> None:
    state = GAME.start(seed=7, deploy=False)
    for player in GAME.players:
        mine = [u for u in state.units if u.owner == player]
        assert sum(u.status is Status.RESERVE for u in mine) == GAME.scenario.reserves
        for unit in mine:
            if unit.status is Status.EMBARKED:
                assert unit.carrier is not None
                assert state.units[unit.carrier].status is Status.UNPLACED
                assert GAME.field.profile(unit).troop
    assert state == GAME.start(seed=7, deploy=False)


def test_blue_sets_up_first_unit_by_unit_on_its_first_two_ranks() -> None:
    state = GAME.start(seed=3, deploy=False)
    assert GAME.in_setup(state)
    assert GAME.to_act(state) == {"blue"}
    blue, red = unplaced(state, "blue"), unplaced(state, "red")
    assert blue == sorted(blue)
    assert min(red) > max(blue)
    area = {s for s in GAME.field.board if s.y < 2}
    for uid in blue:
        actions = GAME.legal_actions(state, "blue")
        assert actions
        assert all(isinstance(a, Deploy) for a in actions)
        squares = {a.square for a in actions if isinstance(a, Deploy)}
        assert squares <= area
        assert unplaced(state, "blue")[0] == uid, "units are placed in id order"
        assert GAME.legal_actions(state, "red") == ()
        square = min(squares)
        state = GAME.apply(state, Deploy("blue", square))
        unit = state.units[uid]
        assert (unit.status, unit.square, unit.revealed) == (Status.TABLE, square, True)
    assert GAME.in_setup(state)
    assert GAME.to_act(state) == {"red"}
    far = {s for s in GAME.field.board if s.y >= GAME.field.board.height - 2}
    actions = GAME.legal_actions(state, "red")
    assert {a.square for a in actions if isinstance(a, Deploy)} == far


def test_brawl_deploys_on_one_rank() -> None:
    state = BRAWL.start(seed=1, deploy=False)
    squares = {a.square for a in BRAWL.legal_actions(state, "blue") if isinstance(a, Deploy)}
    assert squares == {s for s in BRAWL.field.board if s.y == 0}
    with pytest.raises(IllegalAction, match="your first rank from your base edge"):
        BRAWL.apply(state, Deploy("blue", sq("a2")))


def test_illegal_placements_name_the_rule() -> None:
    state = GAME.start(seed=3, deploy=False)
    first = unplaced(state, "blue")[0]
    with pytest.raises(IllegalAction, match="a unit sets up in your deployment area"):
        GAME.apply(state, Deploy("blue", sq("a3")))
    with pytest.raises(IllegalAction, match="set up your units first"):
        GAME.apply(state, EndTurn("blue"))
    with pytest.raises(IllegalAction, match="set up your units first"):
        GAME.apply(state, Activate("blue", first))
    with pytest.raises(IllegalAction):
        GAME.apply(state, Deploy("red", sq("a8")))  # not red's turn to set up
    state = GAME.apply(state, Deploy("blue", sq("a1")))
    second = state.units[unplaced(state, "blue")[0]]
    if not GAME.field.profile(second).flyer:
        with pytest.raises(IllegalAction, match="one unit a square, unless one is a flyer"):
            GAME.apply(state, Deploy("blue", sq("a1")))
    assert GAME.illegal_reason(state, Deploy("blue", sq("a2"))) is None


def test_a_flyer_may_set_up_over_a_ground_unit_but_not_over_a_flyer() -> None:
    state = GAME.start(seed=3, deploy=False)
    flyers = 0
    while GAME.to_act(state) == {"blue"} and GAME.in_setup(state):
        unit = state.units[unplaced(state, "blue")[0]]
        if GAME.field.profile(unit).flyer:
            flyers += 1
            assert GAME.illegal_reason(state, Deploy("blue", sq("a1"))) is None
            state = GAME.apply(state, Deploy("blue", sq("a1")))
        else:
            state = GAME.apply(state, GAME.legal_actions(state, "blue")[-1])
    assert flyers == 1, "the Legion has one gunship"


def test_the_opponent_sees_a_unit_only_once_it_is_placed() -> None:
    state = GAME.start(seed=3, deploy=False)
    first = unplaced(state, "blue")[0]
    seen = GAME.view(state, "red").units[first]
    assert is_hidden(seen.profile)
    assert GAME.view(state, "blue").units[first].profile == state.units[first].profile
    state = GAME.apply(state, Deploy("blue", sq("c2")))
    seen = GAME.view(state, "red").units[first]
    assert seen.profile == state.units[first].profile
    assert seen.square == sq("c2")
    (event,) = GAME.view(state, "red").log.newest(1)
    assert event == Deployed(first, state.units[first].profile, sq("c2"))
    assert all(is_hidden(GAME.view(state, "red").units[u].profile) for u in unplaced(state, "blue"))


def test_a_view_during_set_up_can_be_determinized() -> None:
    state = GAME.start(seed=3, deploy=False)
    state = GAME.apply(state, Deploy("blue", sq("c2")))
    sample = GAME.sample_state(state, "red", random.Random(1))
    assert not any(is_hidden(u.profile) for u in sample.units)
    assert sample.units[unplaced(state, "blue")[0]].status is Status.UNPLACED


def test_placements_round_trip_through_the_notation() -> None:
    state = GAME.start(seed=5, deploy=False)
    for action in GAME.legal_actions(state, "blue"):
        assert GAME.parse_action(state, str(action)) == action
    assert str(Deploy("blue", sq("b2"))) == "deploy b2"


def test_the_game_proceeds_normally_after_set_up() -> None:
    rng = random.Random(2)
    state = set_up(GAME, GAME.start(seed=2, deploy=False), rng)
    assert not GAME.in_setup(state)
    assert state.clock.turn == 1
    assert GAME.to_act(state) == {"blue"}
    assert isinstance(state.log.newest(1)[0], TurnBegan)
    for unit in state.units:
        assert unit.status is not Status.UNPLACED
        if unit.on_table:
            assert unit.square is not None
            assert abs(unit.square.y - GAME.field.base_rank(unit.owner)) < 2
            assert unit.revealed
    with pytest.raises(IllegalAction, match="set-up is over"):
        GAME.apply(state, Deploy("blue", sq("a1")))
    assert any(isinstance(a, Activate) for a in GAME.legal_actions(state, "blue"))
    for _ in range(400):
        if GAME.outcome(state) is not None:
            break
        (player,) = GAME.to_act(state)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, player)))
    assert state.clock.turn >= 2


def test_set_up_options_are_checked() -> None:
    with pytest.raises(UnknownOption, match="has no set-up option placement"):
        GAME.start(seed=1, placement="free")


def test_the_set_up_game_conforms() -> None:
    check_rules(GAME, max_examples=3, max_steps=60, setup={"deploy": False})


def test_a_crowded_set_up_conforms() -> None:
    check_rules(BRAWL, max_examples=3, max_steps=60, setup={"deploy": False})


@pytest.mark.parametrize("deploy", [True, False])
def test_the_opening_is_the_first_event_of_the_public_history(deploy: bool) -> None:
    """Where every unit stood at the start stays in the log (a unit destroyed or embarked
    before it moved is off the table later), with the army-list entries a player did not
    see kept secret."""
    state = GAME.start(seed=6, deploy=deploy)
    first = next(iter(state.log))
    assert first == SetUp(state.units, first.clock)
    assert GAME.in_setup(attrs.evolve(state, clock=first.clock))
    for player in GAME.players:
        shown = next(iter(GAME.view(state, player).log))
        assert shown.units == GAME.view(state, player).units
    seen = next(iter(GAME.view(state, "red").log)).units
    assert sum(is_hidden(u.profile) for u in seen if u.owner == "blue") >= 2, "reserves"


def test_a_set_up_action_names_the_unit_it_places() -> None:
    state = GAME.start(seed=3, deploy=False)
    first = GAME.legal_actions(state, "blue")[0]
    assert GAME.menu_label(state, first) == "Set up your Sniper Team A at a1"
    state = GAME.apply(state, first)
    assert GAME.menu_label(state, GAME.legal_actions(state, "blue")[0]).startswith(
        "Set up your Battle Squad B at "
    )
    state = set_up(GAME, GAME.apply(state, GAME.legal_actions(state, "blue")[0]), random.Random(1))
    view = GAME.view(state, "blue")
    assert GAME.action_label(view, Deploy("blue", sq("a1"))) == "Set up the next unit at a1"
