"""Line of sight ("Line of Sight", "Terrain") on the square grid."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.board import SquareBoard
from wargames.gridscifi.sight import screen, trace
from wargames.gridscifi.state import Status
from wargames.gridscifi.targeting import sees

from .helpers import arena, at, off, sq

BOARD = SquareBoard(8, 6, diagonal=True)


def names(indices: tuple[int, ...]) -> set[str]:
    return {str(BOARD.node(i)) for i in indices}


def test_a_straight_line_crosses_the_squares_between() -> None:
    line = trace(BOARD, sq("a1"), sq("e1"))
    assert names(line.crossed) == {"b1", "c1", "d1"}
    assert line.corners == ()


def test_a_diagonal_crosses_the_middle_squares_and_flanks_the_corners() -> None:
    line = trace(BOARD, sq("a1"), sq("c3"))
    assert names(line.crossed) == {"b2"}
    assert [names(pair) for pair in line.corners] == [{"b1", "a2"}, {"c2", "b3"}]


def test_sightlines_are_symmetric() -> None:
    for a in BOARD:
        for b in BOARD:
            forward, back = trace(BOARD, a, b), trace(BOARD, b, a)
            assert set(forward.crossed) == set(back.crossed)
            assert {frozenset(p) for p in forward.corners} == {frozenset(p) for p in back.corners}


SMALL = SquareBoard(5, 4, diagonal=True)


@given(
    st.frozensets(st.integers(0, len(SMALL) - 1), max_size=8),
    st.frozensets(st.integers(0, len(SMALL) - 1), max_size=8),
)
def test_a_screen_blocks_exactly_where_the_line_is_blocked(
    terrain: frozenset[int], units: frozenset[int]
) -> None:
    """The screen worked out once from the terrain agrees, on every line, with tracing the
    line with the units on it: a square blocks when its terrain does or a unit stands on it."""
    for a in SMALL:
        for b in SMALL:
            line = trace(SMALL, a, b)
            found = screen(line, terrain.__contains__)
            with_units = line.clear(lambda i: i in terrain or i in units)
            if found is None:
                assert not line.clear(terrain.__contains__)
                assert not with_units
            else:
                assert found.clear(units.__contains__) == with_units


# A row of buildings along rank 2 from b2 to e2; the target stands in e2, at its end.
FACE = """
........
........
........
........
.####...
........
"""


@pytest.mark.parametrize(
    ("observer", "visible"),
    [
        ("d4", True),  # two up and one across: the tightest angle
        ("c3", False),  # one up and two across: the line runs through d2, a building
        ("e5", True),  # straight up
        ("f3", True),  # from the open side
        ("a2", False),  # along the row, through the buildings
    ],
)
def test_the_tightest_angle_is_two_up_and_one_across(observer: str, visible: bool) -> None:
    """ "The tightest line of sight angle is like the chess [knight] move - two up and one
    across": a unit inside the end square of a building row is seen at that angle, not at a
    tighter one."""
    game = arena(FACE)
    units = (at(0, "blue", "Battle Squad", observer), at(1, "red", "Swarmlings", "e2"))
    assert sees(game.field, units, units[0], units[1]) is visible


def test_units_in_a_blocking_square_see_and_are_seen() -> None:
    game = arena(FACE)
    units = (at(0, "blue", "Battle Squad", "c1"), at(1, "red", "Swarmlings", "c2"))
    assert sees(game.field, units, units[0], units[1])


def test_a_diagonal_gap_between_two_blocking_squares_blocks() -> None:
    gap = """
    ........
    ........
    ........
    ........
    .#......
    #.......
    """
    game = arena(gap)
    units = (at(0, "blue", "Battle Squad", "a2"), at(1, "red", "Swarmlings", "b1"))
    assert not sees(game.field, units, units[0], units[1]), "a2-b1 passes between a1 and b2"
    one_corner = (at(0, "blue", "Battle Squad", "a3"), at(1, "red", "Swarmlings", "c1"))
    assert not sees(game.field, one_corner, one_corner[0], one_corner[1]), "crosses b2"
    one_flank = (at(0, "blue", "Battle Squad", "b3"), at(1, "red", "Swarmlings", "c2"))
    assert sees(game.field, one_flank, one_flank[0], one_flank[1]), "past b2's corner, c3 open"


def test_rough_terrain_does_not_block_sight() -> None:
    rough = """
    ........
    ........
    ........
    ........
    ........
    .::.....
    """
    game = arena(rough)
    units = (at(0, "blue", "Battle Squad", "a1"), at(1, "red", "Swarmlings", "d1"))
    assert sees(game.field, units, units[0], units[1])


def test_units_in_between_block_sight() -> None:
    game = arena()
    units = (
        at(0, "blue", "Battle Squad", "a1"),
        at(1, "red", "Swarmlings", "c1"),
        at(2, "red", "Spitter Brood", "b1"),
    )
    assert not sees(game.field, units, units[0], units[1])
    assert sees(game.field, units, units[0], units[2])


def test_units_on_a_hill_or_in_a_high_building_see_over_units() -> None:
    high = """
    ........
    ........
    ........
    ........
    ........
    ^...H...
    """
    game = arena(high)
    for square in ("a1", "e1"):
        units = (
            at(0, "blue", "Battle Squad", square),
            at(1, "red", "Swarmlings", "c1" if square == "a1" else "g1"),
            at(2, "red", "Spitter Brood", "b1" if square == "a1" else "f1"),
        )
        assert sees(game.field, units, units[0], units[1]), f"from {square}"
        assert not sees(game.field, units, units[1], units[0]), "not the other way"


def test_flyers_see_and_are_seen_over_units_but_not_through_buildings() -> None:
    game = arena(FACE)
    units = (
        at(0, "blue", "Gunship", "a1"),
        at(1, "red", "Swarmlings", "c1"),
        at(2, "red", "Spitter Brood", "b1"),
        at(3, "red", "Ambush Brood", "c3"),
    )
    assert sees(game.field, units, units[0], units[1])
    assert not sees(game.field, units, units[0], units[3]), "b2 is a building"


def test_off_table_units_are_not_seen() -> None:
    game = arena()
    units = (
        at(0, "blue", "Battle Squad", "a1"),
        off(1, "red", "Swarmlings", Status.RESERVE, revealed=False),
    )
    assert not sees(game.field, units, units[0], units[1])
