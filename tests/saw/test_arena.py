"""Range penalties, the map and "Obstacles and Terrain"."""

import pytest

from wargames.core.hexes import Hex
from wargames.saw import Attacked, RangeTable, Saw, Terrain
from wargames.saw.arena import Arena, load_maps
from wargames.saw.odds import DEFAULT_RANGE

from .helpers import BALANCED, BRUISER, act, events

TERRAINS, MAPS = load_maps()


@pytest.mark.parametrize(
    ("distance", "penalty"),
    [(1, 1), (5, 1), (6, 2), (10, 2), (11, 3), (15, 3), (16, 4), (20, 4), (21, 5), (26, 6)],
)
def test_the_default_range_penalty_is_one_per_five_hexes(distance: int, penalty: int) -> None:
    """ "1 point of penalty per 5 hexes of distance" — the plain statement, not the table's
    repeated "10 to 15" and "15 to 20"."""
    assert DEFAULT_RANGE.penalty(distance) == penalty == -(-distance // 5)


def test_players_may_use_their_own_table() -> None:
    table = RangeTable([[2, 0], [4, 1], [8, 3]])
    assert [table.penalty(d) for d in range(1, 15)] == [0, 0, 1, 1, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5]
    assert RangeTable([[3, 1]]).penalty(7) == 3  # one band: 1 more per 3 hexes beyond


def test_agreed_range_penalties_apply_in_play() -> None:
    """ "Players may agree to alter the range penalties": option ``range_table``."""
    game = Saw(armies={"blue": [BALANCED], "red": [BRUISER]}, range_table=[[1, 0], [3, 4]])
    state = game.start(seed=1, hexes={"b1": "0505", "r1": "0605"})
    state = act(game, state, "b1 attack r1", "b1 done", "r1 done")
    assert [e.penalty for e in events(state, Attacked)] == [0]
    assert game.range_table.penalty(6) == 4 + 2, "beyond the table, 1 more per band of 2 hexes"


@pytest.mark.parametrize(
    ("bands", "message"),
    [
        ([], "at least one band"),
        ([[5, 1], [5, 2]], "ascend"),
        ([[0, 1]], "ascend"),
        ([[5, -1]], ">= 0"),
    ],
)
def test_bad_range_tables(bands: list[list[int]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RangeTable(bands)


def test_terrain_costs_from_the_text() -> None:
    """ "Some could cost two, three, or ten points of movement to cross rather than the normal
    one point, while others might be completely impassable." """
    costs = {t.name: t.cost for t in TERRAINS}
    assert costs == {"open": 1, "rough": 2, "woods": 3, "swamp": 10, "rock": None, "smoke": 1}
    assert not next(t for t in TERRAINS if t.name == "rock").passable


def test_terrain_validation() -> None:
    with pytest.raises(ValueError, match="one non-digit character"):
        Terrain("3", "hill")
    with pytest.raises(ValueError, match="at least 1 movement"):
        Terrain("^", "hill", cost=0)


def test_a_text_map() -> None:
    arena = Arena("1.%\n#~2\n", TERRAINS, "tiny")
    board = arena.board
    assert len(board) == 6
    assert arena.zones == ((Hex(0, 0),), (board.parse("0302"),))
    assert arena.entry_cost(board.parse("0301")) == 3
    assert arena.entry_cost(board.parse("0102")) is None
    assert arena.path_cost([board.parse("0201"), board.parse("0301")]) == 4
    with pytest.raises(ValueError, match="impassable"):
        arena.path_cost([board.parse("0102")])
    assert arena.step(Hex(0, 0), 5) is None  # off the map to the north-west
    assert arena.has_terrain
    assert not Arena(MAPS["arena"], TERRAINS).has_terrain


def test_cover_adds_to_the_range_penalty_along_the_line_of_fire() -> None:
    """ "certain areas of the map ... carry greater range penalties": every woods (1) or
    smoke (2) hex the line enters after leaving the attacker's hex, the target's included."""
    arena = Arena("1%*..%2", TERRAINS)
    board = arena.board
    shooter, target = board.parse("0101"), board.parse("0701")
    # The line along a row of a flat-top map zig-zags; count what it actually enters.
    from wargames.core.hexes import line

    entered = line(shooter, target)[1:]
    cover = sum(arena.cover[board.index(h)] for h in entered if h in board)
    assert arena.extra_penalty(shooter, target) == cover
    assert arena.penalty(shooter, target, DEFAULT_RANGE) == 2 + cover  # 6 hexes: 2
    assert arena.extra_penalty(board.parse("0401"), board.parse("0501")) == 0
    assert arena.extra_penalty(board.parse("0101"), board.parse("0201")) == 1  # into the woods
    assert arena.extra_penalty(board.parse("0201"), board.parse("0301")) == 2  # into the smoke
    assert {t.name: t.cover for t in TERRAINS if t.cover} == {"woods": 1, "smoke": 2}
