"""Creating Units: point-buy, the text's example units, designs drawn at random, army data."""

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.saw import UnitSpec, check_design, trait_names
from wargames.saw.units import count_designs, load_armies, random_design

from .helpers import BALANCED, BRUISER


def test_the_texts_two_twenty_point_units_are_valid_designs() -> None:
    for name, points, weapons, traits in (BALANCED, BRUISER):
        assert check_design(traits, points, weapons) == traits
        assert UnitSpec(name, points, weapons, traits).traits == traits


def test_trait_order_and_names() -> None:
    assert trait_names() == ("movement", "evasion", "endurance", "accuracy", "damage")
    assert trait_names(3)[-2:] == ("accuracy3", "damage3")


@pytest.mark.parametrize(
    ("traits", "message"),
    [
        ((4, 4, 4, 4, 5), "sum to 21, not the unit's 20"),
        ((4, 4, 4, 4, 3), "sum to 19, not the unit's 20"),
        ((4, 4, 4, 9, -1), "damage must be a whole number >= 0"),
        ((4, 4, 4, 4), "has 5 traits"),
        ((6, 4, 4, 8, -2), "damage must be a whole number >= 0"),
        ((4, 4, 4, 4.0, 4), "accuracy must be a whole number >= 0"),
        ((4, 4, 4, True, 7), "accuracy must be a whole number >= 0"),
    ],
)
def test_point_buy_refuses_bad_designs(traits: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_design(traits, 20)


def test_the_weapon_cap_limits_each_attack() -> None:
    check_design((2, 2, 2, 3, 3, 4, 2), 18, weapons=2, cap=6)
    with pytest.raises(ValueError, match="weapon 2 has accuracy \\+ damage 7, over the cap 6"):
        check_design((2, 2, 1, 3, 3, 4, 3), 18, weapons=2, cap=6)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("", 10), "needs a name"),
        (("Nil", 0), "points of Nil must be a whole number from 1 to 200"),
        (("Gun", 10, 0), "weapons of Gun must be a whole number from 1 to 4"),
        (("Odd", 10, 1, (1, 1, 1, 1)), "Odd: a unit with 1 weapon"),
    ],
)
def test_unit_specs_validate(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        UnitSpec(*args)  # type: ignore[arg-type]


def test_units_from_data() -> None:
    assert UnitSpec.from_data({"name": "A", "points": 10}) == UnitSpec("A", 10)
    assert UnitSpec.from_data(["A", 10], weapons=2).weapons == 2
    assert UnitSpec.from_data(["A", 11, None, (1, 1, 1, 1, 1, 3, 3)]).weapons == 2
    with pytest.raises(ValueError, match="unknown unit fields"):
        UnitSpec.from_data({"name": "A", "points": 10, "armour": 3})
    with pytest.raises(ValueError, match="a unit is a table"):
        UnitSpec.from_data("A")


def test_the_built_in_armies() -> None:
    armies = load_armies()
    assert armies["duel"] == ((*BALANCED[:2], None, BALANCED[3]), (*BRUISER[:2], None, BRUISER[3]))
    # "one thirty-point unit, two twenty-point units, and two ten-point units"
    assert sorted(points for _, points, _, _ in armies["skirmish"]) == [10, 10, 20, 20, 30]
    assert [points for _, points, _, _ in armies["monster"]] == [60]


def test_counting_designs() -> None:
    assert count_designs(20) == 10626  # C(24, 4): five traits summing to 20
    assert count_designs(0) == 1
    assert count_designs(2, weapons=2) == 28  # C(8, 6): seven traits summing to 2
    assert count_designs(4, weapons=1, cap=0) == 15  # C(6, 2): only the three free traits
    assert count_designs(3, free=1) == 1 + 2 + 3 + 4  # movement + one pair


def test_random_designs_are_uniform() -> None:
    rng = random.Random(5)
    counts = Counter(random_design(4, 1, rng.randrange) for _ in range(14000))
    assert len(counts) == count_designs(4) == 70
    expected = 14000 / 70
    assert all(abs(n - expected) < 5 * expected**0.5 for n in counts.values())


@given(
    st.integers(0, 30),
    st.integers(1, 3),
    st.none() | st.integers(0, 8),
    st.lists(st.integers(0, 4), max_size=9),
    st.lists(st.none() | st.integers(0, 12), max_size=9),
    st.randoms(use_true_random=False),
)
def test_random_designs_respect_their_bounds(
    total: int,
    weapons: int,
    cap: int | None,
    floor: list[int],
    ceiling: list[int | None],
    rng: random.Random,
) -> None:
    try:
        design = random_design(total, weapons, rng.randrange, cap=cap, floor=floor, ceiling=ceiling)
    except ValueError:
        return
    check_design(design, total, weapons, cap)
    for value, low in zip(design, floor, strict=False):
        assert value >= low
    for value, high in zip(design, ceiling, strict=False):
        assert high is None or value <= high


@given(
    st.integers(0, 5),
    st.integers(1, 2),
    st.none() | st.integers(0, 3),
    st.lists(st.integers(0, 2), max_size=7),
    st.lists(st.none() | st.integers(0, 3), max_size=7),
)
def test_bounded_designs_exist_exactly_when_brute_force_finds_one(
    total: int, weapons: int, cap: int | None, floor: list[int], ceiling: list[int | None]
) -> None:
    size = 3 + 2 * weapons
    low = [*floor, *[0] * size][:size]
    high = [*ceiling, *[None] * size][:size]
    found = [
        design
        for design in itertools.product(range(total + 1), repeat=size)
        if sum(design) == total
        and all(a <= v and (b is None or v <= b) for v, a, b in zip(design, low, high, strict=True))
        and (cap is None or all(design[i] + design[i + 1] <= cap for i in range(3, size, 2)))
    ]
    rng = random.Random(0)
    if not found:
        with pytest.raises(ValueError, match="no design"):
            random_design(total, weapons, rng.randrange, cap=cap, floor=low, ceiling=high)
        return
    drawn = Counter(
        random_design(total, weapons, rng.randrange, cap=cap, floor=low, ceiling=high)
        for _ in range(20 * len(found))
    )
    assert set(drawn) <= set(found)
    if len(found) <= 10:
        assert set(drawn) == set(found), "every design is possible"
