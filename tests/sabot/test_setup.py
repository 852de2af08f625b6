"""IV. Setting up: zones one hex row per map tile of depth, decoys, prepared positions per
Engineering Tank, soldiers inside carriers; ``start(seed, deploy=False)`` as actions."""

import random

import pytest

from wargames.core.errors import IllegalAction, UnknownOption
from wargames.core.hidden import is_hidden
from wargames.sabot import Done, Embark, Entrench, Face, Place, Sabot, SabotMap, SabotState
from wargames.sabot.state import UNPLACED

GAME = Sabot(build_points=120)
ARMIES = {"blue": ["SPECIAL", "HPC", "SOLDIERS"], "yellow": ["MBT"]}


def rows(game: Sabot, player: str, state: SabotState) -> set[int]:
    """The map rows (from 0 at the top) of ``player``'s counters on the map."""
    return {game.map.rows[u.hex] for u in state.units if u.owner == player and u.on_map}


def test_zones_are_one_hex_row_per_map_tile_of_depth() -> None:
    deep = SabotMap.open_field(10, 20, depth=5)
    assert {deep.rows[i] for i in deep.zones[0]} == {0, 1, 2, 3, 4}
    assert {deep.rows[i] for i in deep.zones[1]} == {15, 16, 17, 18, 19}
    for name in ("crossroads", "hills"):  # each three tiles deep (IV)
        game = Sabot(map=name)
        top = min(game.map.rows)
        assert {game.map.rows[i] for i in game.map.zones[0]} == {top, top + 1, top + 2}


@pytest.mark.parametrize(("rows", "depth"), [(1, 0), (2, 1), (3, 1), (5, 2), (6, 3), (9, 3)])
def test_the_zones_never_meet_on_a_small_map(rows: int, depth: int) -> None:
    """IV: each player sets up on an opposing side of the map, so a map with fewer rows than
    two zones' depth gets shallower zones (issue 31: they overlapped on "open:2x2")."""
    small = SabotMap.open_field(4, rows)
    assert small.depth == depth
    assert {small.rows[i] for i in small.zones[0]} == set(range(depth))
    assert {small.rows[i] for i in small.zones[1]} == set(range(rows - depth, rows))
    assert not set(small.zones[0]) & set(small.zones[1])


@pytest.mark.parametrize("columns", [1, 3, 200])
def test_an_open_map_of_one_row_is_refused_saying_why(columns: int) -> None:
    with pytest.raises(UnknownOption, match="needs at least 2 rows, one for each side's set-up"):
        Sabot(map=f"open:{columns}x1")


@pytest.mark.parametrize("name", ["open:2x2", "open:1x5", "open:4x4", "open:20x3", "open:1x2"])
@pytest.mark.parametrize("deploy", [True, False])
def test_a_tiny_map_sets_each_counter_up_alone_and_plays_on(name: str, deploy: bool) -> None:
    """Issue 31: on tiny open maps both armies were set up on the same hexes, and a unit
    that could not end its move where it stood had no legal action."""
    game = Sabot(map=name, build_points=60)
    rng = random.Random(name)
    for seed in range(3):
        state = game.start(seed, deploy=deploy)
        for _ in range(300):
            assert not list(game.violations(state))
            if game.outcome(state) is not None:
                break
            player = rng.choice(sorted(game.to_act(state)))
            legal = game.legal_actions(state, player)
            assert legal, f"{player} is to act with no legal action"
            state = game.apply(state, rng.choice(legal))


@pytest.mark.parametrize("seed", range(4))
def test_the_random_set_up_keeps_to_the_zones_with_two_decoys_and_positions(seed: int) -> None:
    game = Sabot(build_points=200)
    state = game.start(seed)
    assert state == game.start(seed, deploy=True)
    assert game.phase(state) == "movement"
    assert state.clock.turn == 1
    top, bottom = min(game.map.rows), max(game.map.rows)
    assert rows(game, "blue", state) <= {top, top + 1, top + 2}
    assert rows(game, "yellow", state) <= {bottom, bottom - 1, bottom - 2}
    for side, player in enumerate(game.players):
        mine = [u for u in state.units if u.owner == player]
        assert sum(u.kind == "DECOY" for u in mine) == 2
        assert {u.facing for u in mine} == {3 if side == 0 else 0}, "facing the enemy"
        engineers = sum(u.kind == "ENV" for u in mine)
        dug = {h for owner, h in state.prepared if owner == player}
        assert len(dug) == min(4 * engineers, len(dug | set(game.map.zones[side])))
        assert dug <= set(game.map.zones[side])
        for unit in mine:
            if unit.hex < 0:  # soldiers may start inside carriers, never beyond their room
                carrier = state.units[unit.carrier]
                assert game.table[unit.kind].soldier
                assert carrier.on_map
                assert game.table[carrier.kind].capacity >= sum(
                    u.carrier == carrier.id for u in state.units
                )


def test_set_up_as_actions_blue_then_yellow_in_their_own_zones() -> None:
    state = GAME.start(5, deploy=False, armies=ARMIES)
    assert GAME.phase(state) == "set-up"
    assert GAME.to_act(state) == {"blue"}
    assert all(u.status == UNPLACED for u in state.units)
    legal = GAME.legal_actions(state, "blue")
    places = {GAME.map.parse(a.hex) for a in legal if isinstance(a, Place)}
    first = state.units[0]
    kind = GAME.kind(first)
    standing = {
        h for h in GAME.map.zones[0] if kind is None or kind.type in GAME.map.terrain[h].enter
    }
    assert places == standing  # every empty hex of the zone it can stand on, nothing else
    with pytest.raises(IllegalAction):
        GAME.apply(state, Place("blue", GAME.map.label(GAME.map.zones[1][0])))
    state = GAME.apply(state, Place("blue", "0503"))
    assert (GAME.map.label(state.units[0].hex), state.units[0].facing) == ("0503", 3)
    state = GAME.apply(state, Face("blue", 2))
    assert state.units[0].facing == 2
    assert Done("blue") not in GAME.legal_actions(state, "blue")  # counters are left to place


def set_up(game: Sabot, state: SabotState, player: str, rng: random.Random) -> SabotState:
    """Place every counter of ``player`` with random legal choices (no `done`)."""
    while game.to_act(state) == {player}:
        legal = [a for a in game.legal_actions(state, player) if not isinstance(a, Done)]
        if not legal or all(isinstance(a, Entrench | Face) for a in legal):
            return state
        state = game.apply(state, rng.choice([a for a in legal if not isinstance(a, Face)]))
    return state


def test_squads_embark_decoys_are_counters_and_positions_come_four_per_engineer() -> None:
    rng = random.Random(2)
    state = GAME.start(5, deploy=False, armies=ARMIES)
    blue = [u for u in state.units if u.owner == "blue"]
    assert len(blue) == 4 + 4 + 4 + 2  # three platoons and two decoys
    squads = ("INF", "HVY", "ABN")
    while (unit := next(u for u in state.units if u.status == UNPLACED)).kind not in squads:
        legal = GAME.legal_actions(state, "blue")
        state = GAME.apply(state, next(a for a in legal if isinstance(a, Place)))
    embark = [a for a in GAME.legal_actions(state, "blue") if isinstance(a, Embark)]
    assert {state.units[a.carrier].kind for a in embark} == {"HPC"}  # the carriers, placed or not
    state = GAME.apply(state, embark[0])
    assert (state.units[unit.id].hex, state.units[unit.id].carrier) == (-1, embark[0].carrier)
    state = set_up(GAME, state, "blue", rng)
    assert not any(u.status == UNPLACED for u in state.units if u.owner == "blue")
    for _ in range(4):  # one Engineering Tank: four prepared positions, then no more
        spots = [a for a in GAME.legal_actions(state, "blue") if isinstance(a, Entrench)]
        assert all(GAME.map.parse(a.hex) in GAME.map.zones[0] for a in spots)
        state = GAME.apply(state, spots[0])
    assert not any(isinstance(a, Entrench) for a in GAME.legal_actions(state, "blue"))
    assert len(state.prepared) == 4
    state = GAME.apply(state, Done("blue"))
    assert GAME.to_act(state) == {"yellow"}
    yellow = [a for a in GAME.legal_actions(state, "yellow") if isinstance(a, Entrench)]
    assert not yellow  # no engineers, no prepared positions
    state = set_up(GAME, state, "yellow", rng)
    state = GAME.apply(state, Done("yellow"))
    assert (GAME.phase(state), state.clock.turn) == ("movement", 1)
    assert sum(u.kind == "DECOY" and u.on_map for u in state.units) == 4


def test_a_carrier_takes_in_no_more_squads_than_its_room_at_set_up() -> None:
    """IV: "Soldiers can start the game inside personnel-carrier vehicles": an ICV has room
    for one squad, so a carrier with a squad aboard is not offered again."""
    state = GAME.start(5, deploy=False, armies={"blue": ["ICV", "SOLDIERS"], "yellow": ["MBT"]})
    full: set[int] = set()
    while any(u.owner == "blue" and u.status == UNPLACED for u in state.units):
        legal = GAME.legal_actions(state, "blue")
        embark = [a for a in legal if isinstance(a, Embark)]
        assert not {a.carrier for a in embark} & full
        if embark:
            full.add(embark[0].carrier)
            state = GAME.apply(state, embark[0])
        else:
            state = GAME.apply(state, next(a for a in legal if isinstance(a, Place)))
    assert len(full) == 4, "each of the four squads rides in its own ICV"


def test_the_enemy_never_sees_what_is_set_up_where() -> None:
    state = GAME.start(5, deploy=False, armies=ARMIES)
    for _ in range(3):
        legal = GAME.legal_actions(state, "blue")
        state = GAME.apply(state, next(a for a in legal if isinstance(a, Place)))
    view = GAME.view(state, "yellow")
    assert all(is_hidden(u.kind) and is_hidden(u.ammo) for u in view.units if u.owner == "blue")
    other = GAME.sample_state(state, "yellow", random.Random(1))
    assert GAME.view(other, "yellow") == view


def test_a_counter_that_fits_nowhere_is_left_out() -> None:
    game = Sabot(map="open:3x6", build_points=120)
    state = game.start(1, deploy=False, armies={"blue": ["MBT", "MBT"], "yellow": ["MBT"]})
    rng = random.Random(0)
    state = set_up(game, state, "blue", rng)  # nine hexes for ten counters
    legal = game.legal_actions(state, "blue")
    assert [a for a in legal if not isinstance(a, Face)] == [Done("blue")]
    state = game.apply(state, Done("blue"))
    assert sum(u.status == "gone" for u in state.units if u.owner == "blue") == 1


def test_a_random_set_up_leaves_out_what_fits_nowhere_as_a_set_up_by_hand_does() -> None:
    game = Sabot(map="open:3x6", build_points=120)
    state = game.start(1, armies={"blue": ["MBT", "MBT"], "yellow": ["MBT"]})
    blue = [u for u in state.units if u.owner == "blue"]
    assert len(blue) == 10, "eight tanks and two decoys"
    assert sum(u.status == "gone" for u in blue) == 1, "nine hexes for ten counters"
    assert len({u.hex for u in blue if u.status != "gone"}) == 9
