"""The kernel's counting behind the conservation laws: one place per component, totals."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from wargames.core.conservation import places, tally

LIST = {"tank": 2, "squad": 3}


def test_components_each_in_one_place_and_all_present_break_no_law() -> None:
    held = {"on the board": [1, 2], "captured": [3]}
    assert list(places("piece", held, [1, 2, 3])) == []


def test_a_component_in_two_places_is_named_with_both() -> None:
    held = {"on the board": [1, 2], "captured": [2]}
    assert list(places("piece", held)) == ["piece 2 is in 2 places: on the board, captured"]


def test_a_missing_component_and_a_stranger_are_named() -> None:
    held = {"on the board": [1, 9], "captured": []}
    assert list(places("piece", held, [1, 2, 3])) == [
        "piece 2, 3 are nowhere (on the board nor captured)",
        "piece 9 is not among the game's",
    ]


def test_a_whole_list_breaks_no_law() -> None:
    assert list(tally("army", {"tank": 2, "squad": 3}, LIST)) == []


def test_a_kind_over_its_count_and_a_short_total_are_named() -> None:
    assert list(tally("army", {"tank": 3}, LIST)) == [
        "army: 3 tank, the list has 2",
        "army: 3 in all, the list has 5",
    ]


def test_unknown_components_count_towards_the_total() -> None:
    assert list(tally("army", {"tank": 1}, LIST, unknown=4)) == []
    assert list(tally("army", {"tank": 1}, LIST, unknown=5)) == ["army: 6 in all, the list has 5"]


def test_a_partial_view_may_show_fewer_never_more() -> None:
    assert list(tally("army", {"tank": 1}, LIST, whole=False)) == []
    assert list(tally("army", {}, LIST, unknown=6, whole=False)) == [
        "army: 6 in all, the list has 5"
    ]


@given(st.lists(st.sampled_from(["tank", "squad"]), max_size=8), st.integers(0, 3))
def test_tally_is_silent_exactly_when_the_counts_fit(kinds: list[str], unknown: int) -> None:
    found = Counter(kinds)
    fits = all(found[k] <= LIST[k] for k in found) and len(kinds) + unknown == 5
    assert (not list(tally("army", found, LIST, unknown=unknown))) == fits


@given(st.lists(st.lists(st.integers(0, 5), max_size=4), min_size=1, max_size=3))
def test_places_finds_every_repeat(lists: list[list[int]]) -> None:
    held = {f"place {i}": items for i, items in enumerate(lists)}
    counts = Counter(item for items in lists for item in items)
    repeated = {item for item, n in counts.items() if n > 1}
    named = {int(p.split()[1]) for p in places("piece", held)}
    assert named == repeated
