"""Hex maths: Red Blob Games' test vectors, exact cases and properties."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.hexes import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Hex,
    cube_round,
    distance,
    facing_difference,
    from_offset,
    label,
    line,
    line_pairs,
    parse_label,
    ring,
    to_offset,
    turn,
    within,
)

coordinates = st.integers(-60, 60)
hexes = st.builds(Hex, coordinates, coordinates)
facings = st.integers(0, 5)
radii = st.integers(0, 12)


def cube_lerp(
    a: tuple[float, float, float], b: tuple[float, float, float], t: float
) -> tuple[float, float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


# --- Red Blob Games' implementation tests (cube coordinates written as Hex(q, r)) ---


def test_redblob_arithmetic() -> None:
    assert Hex(1, -3) + Hex(3, -7) == Hex(4, -10)
    assert Hex(1, -3) - Hex(3, -7) == Hex(-2, 4)
    assert Hex(1, 2) * 2 == Hex(2, 4)
    assert Hex(4, -10).s == 6


def test_redblob_directions_in_our_numbering() -> None:
    # Red Blob numbers (1,0,-1), (1,-1,0), (0,-1,1), ... counterclockwise from south-east;
    # ours run clockwise from north, so their direction i is our direction (2 - i) % 6.
    redblob = [Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)]
    assert [DIRECTIONS[(2 - i) % 6] for i in range(6)] == redblob
    assert DIRECTIONS[0] == Hex(0, -1)  # their hex_direction(2)
    assert DIRECTION_NAMES == ("N", "NE", "SE", "S", "SW", "NW")


def test_redblob_neighbour() -> None:
    assert Hex(1, -2).neighbour(0) == Hex(1, -3)  # their hex_neighbor(Hex(1, -2, 1), 2)


def test_redblob_distance() -> None:
    assert distance(Hex(3, -7), Hex(0, 0)) == 7


def test_redblob_rotate() -> None:
    assert Hex(1, -3).rotate(1) == Hex(3, -2)  # hex_rotate_right
    assert Hex(1, -3).rotate(2) == Hex(3, -2).rotate(1)
    assert Hex(1, -3).rotate(-1) == Hex(-2, -1)  # hex_rotate_left
    assert Hex(1, -3).rotate(-2) == Hex(-2, -1).rotate(-1)


def test_redblob_round() -> None:
    a, b, c = (0.0, 0.0, 0.0), (1.0, -1.0, 0.0), (0.0, -1.0, 1.0)
    assert cube_round(*cube_lerp(a, (10.0, -20.0, 10.0), 0.5)) == Hex(5, -10)
    assert cube_round(*cube_lerp(a, b, 0.499)) == Hex(0, 0)
    assert cube_round(*cube_lerp(a, b, 0.501)) == Hex(1, -1)
    mix_a = [0.4 * x + 0.3 * y + 0.3 * z for x, y, z in zip(a, b, c, strict=True)]
    mix_c = [0.3 * x + 0.3 * y + 0.4 * z for x, y, z in zip(a, b, c, strict=True)]
    assert cube_round(*mix_a) == Hex(0, 0)
    assert cube_round(*mix_c) == Hex(0, -1)


def test_redblob_linedraw() -> None:
    expected = (Hex(0, 0), Hex(0, -1), Hex(0, -2), Hex(1, -3), Hex(1, -4), Hex(1, -5))
    assert line(Hex(0, 0), Hex(1, -5)) == expected


def test_redblob_offset_odd_q() -> None:
    assert to_offset(Hex(1, 2)) == (1, 2)
    assert from_offset(1, 2) == Hex(1, 2)
    assert from_offset(*to_offset(Hex(3, 4))) == Hex(3, 4)
    assert to_offset(from_offset(1, -3)) == (1, -3)


# --- exact cases ---


def test_hex_is_a_frozen_ordered_value() -> None:
    assert Hex(1, 2) == Hex(1, 2)
    assert len({Hex(1, 2), Hex(1, 2), Hex(2, 1)}) == 2
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]
    with pytest.raises(AttributeError):
        Hex(0, 0).q = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        Hex(0.5, 0)  # type: ignore[arg-type]


def test_neighbours_are_clockwise_from_north() -> None:
    assert Hex(0, 0).neighbours() == DIRECTIONS
    assert Hex(2, 3).neighbour(-1) == Hex(1, 3)


def test_direction_to_rejects_non_adjacent() -> None:
    assert Hex(0, 0).direction_to(Hex(-1, 0)) == 5
    with pytest.raises(ValueError, match="not adjacent"):
        Hex(0, 0).direction_to(Hex(2, -1))
    with pytest.raises(ValueError, match="not adjacent"):
        Hex(0, 0).direction_to(Hex(0, 0))


def test_turn_and_facing_difference() -> None:
    assert turn(0, -1) == 5
    assert turn(4, 3) == 1
    assert facing_difference(0, 2) == 2
    assert facing_difference(0, 4) == -2
    assert facing_difference(5, 0) == 1
    assert facing_difference(1, 4) == 3


def test_ring_order_and_errors() -> None:
    assert ring(Hex(0, 0), 0) == (Hex(0, 0),)
    assert ring(Hex(0, 0), 1) == DIRECTIONS  # clockwise from the north
    with pytest.raises(ValueError, match="radius"):
        ring(Hex(0, 0), -1)
    with pytest.raises(ValueError, match="radius"):
        within(Hex(0, 0), -1)


def test_line_of_one_hex() -> None:
    assert line(Hex(3, 3), Hex(3, 3)) == (Hex(3, 3),)
    assert line_pairs(Hex(3, 3), Hex(3, 3)) == ((Hex(3, 3),),)


def test_line_pairs_along_hex_sides() -> None:
    # From 0101-like centre along the sides between two rows of hexes: every other step
    # passes exactly between two hexes.
    assert line_pairs(Hex(0, 0), Hex(4, -2)) == (
        (Hex(0, 0),),
        (Hex(1, -1), Hex(1, 0)),
        (Hex(2, -1),),
        (Hex(3, -2), Hex(3, -1)),
        (Hex(4, -2),),
    )


def test_line_pairs_crossing_a_side_at_its_midpoint() -> None:
    assert line_pairs(Hex(0, 0), Hex(3, 1)) == (
        (Hex(0, 0),),
        (Hex(1, 0),),
        (Hex(1, 1), Hex(2, 0)),
        (Hex(2, 1),),
        (Hex(3, 1),),
    )


def test_line_pairs_without_ties() -> None:
    assert line_pairs(Hex(0, 0), Hex(1, -5)) == tuple((h,) for h in line(Hex(0, 0), Hex(1, -5)))


def test_cube_round_checks_the_sum() -> None:
    assert cube_round(0.2, 0.1, -0.3) == Hex(0, 0)
    with pytest.raises(ValueError, match="sum to 0"):
        cube_round(0.5, 0.5, 0.5)


def test_labels() -> None:
    assert label(from_offset(2, 3)) == "0304"
    assert parse_label("0304") == from_offset(2, 3)
    assert label(Hex(0, 0)) == "0101"
    assert label(from_offset(99, 0), digits=3) == "100001"
    assert parse_label("100001") == from_offset(99, 0)


@pytest.mark.parametrize(
    "text", ["", "304", "03a4", "0003", "0400", "03 04", "\uff10\uff13\uff10\uff14"]
)
def test_parse_label_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="label"):
        parse_label(text)


def test_label_rejects() -> None:
    with pytest.raises(ValueError, match="outside"):
        label(Hex(-1, 0))
    with pytest.raises(ValueError, match="outside"):
        label(Hex(0, -1))
    with pytest.raises(ValueError, match="digits"):
        label(from_offset(99, 0))


# --- properties ---


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, b) == max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


@given(hexes)
def test_neighbours_are_at_distance_one(a: Hex) -> None:
    for direction, other in enumerate(a.neighbours()):
        assert distance(a, other) == 1
        assert a.direction_to(other) == direction
        assert other.direction_to(a) == turn(direction, 3)


@given(hexes, st.integers(1, 12))
def test_ring(center: Hex, radius: int) -> None:
    hexes_ = ring(center, radius)
    assert len(hexes_) == 6 * radius == len(set(hexes_))
    assert all(distance(center, h) == radius for h in hexes_)
    assert all(distance(a, b) == 1 for a, b in zip(hexes_, hexes_[1:] + hexes_[:1], strict=True))


@given(hexes, radii)
def test_within(center: Hex, radius: int) -> None:
    hexes_ = within(center, radius)
    assert len(hexes_) == 3 * radius * (radius + 1) + 1
    assert list(hexes_) == sorted(hexes_)
    assert set(hexes_) == {h for k in range(radius + 1) for h in ring(center, k)}


@given(hexes, hexes)
def test_line(a: Hex, b: Hex) -> None:
    hexes_ = line(a, b)
    assert len(hexes_) == distance(a, b) + 1
    assert hexes_[0] == a
    assert hexes_[-1] == b
    assert all(distance(x, y) == 1 for x, y in pairwise(hexes_))


@given(hexes, hexes)
def test_line_pairs(a: Hex, b: Hex) -> None:
    pairs = line_pairs(a, b)
    assert pairs[0] == (a,)
    assert pairs[-1] == (b,)
    for step, chosen in zip(pairs, line(a, b), strict=True):
        assert chosen in step
        assert len(step) in (1, 2)
        if len(step) == 2:
            assert distance(*step) == 1
            assert step[0] < step[1]
    assert line_pairs(b, a) == pairs[::-1]


@given(facings, st.integers(-20, 20))
def test_turning(facing: int, steps: int) -> None:
    assert turn(facing, 6) == facing
    assert turn(turn(facing, steps), -steps) == facing
    assert DIRECTIONS[facing].rotate(steps) == DIRECTIONS[turn(facing, steps)]


@given(facings, facings)
def test_facing_difference(start: int, end: int) -> None:
    difference = facing_difference(start, end)
    assert -2 <= difference <= 3
    assert turn(start, difference) == end


@given(hexes, st.integers(-20, 20))
def test_rotate_keeps_length(vector: Hex, steps: int) -> None:
    origin = Hex(0, 0)
    assert distance(origin, vector.rotate(steps)) == distance(origin, vector)
    assert vector.rotate(6) == vector
    assert vector.rotate(3) == vector * -1


@given(hexes)
def test_offset_round_trip(cell: Hex) -> None:
    assert from_offset(*to_offset(cell)) == cell


@given(coordinates, coordinates)
def test_axial_round_trip(column: int, row: int) -> None:
    assert to_offset(from_offset(column, row)) == (column, row)


@given(st.integers(0, 98), st.integers(0, 98))
def test_label_round_trip(column: int, row: int) -> None:
    cell = from_offset(column, row)
    assert parse_label(label(cell)) == cell
    assert parse_label(label(cell, digits=3)) == cell


@given(st.integers(0, 30), st.integers(0, 30))
def test_offset_neighbours_match_the_printed_map(column: int, row: int) -> None:
    # On an odd-q map, an even column's NE/NW neighbours are one row up; an odd column's
    # SE/SW neighbours are one row down.
    cell = from_offset(column, row)
    lift = 1 - (column & 1)
    assert to_offset(cell.neighbour(0)) == (column, row - 1)
    assert to_offset(cell.neighbour(3)) == (column, row + 1)
    assert to_offset(cell.neighbour(1)) == (column + 1, row - lift)
    assert to_offset(cell.neighbour(2)) == (column + 1, row + 1 - lift)
    assert to_offset(cell.neighbour(4)) == (column - 1, row + 1 - lift)
    assert to_offset(cell.neighbour(5)) == (column - 1, row - lift)
