"""Visibility rules, the one redaction every view goes through, and determinisation."""

import enum
import os
import random
import subprocess
import sys
from collections import Counter
from typing import Any, NamedTuple

import attrs
import pytest
from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.game import State
from wargames.core.hidden import (
    HIDDEN,
    Hidden,
    Secret,
    _by_room,
    is_hidden,
    redact,
    sample_assignment,
    secret,
)
from wargames.core.rng import Rng, key_from_seed


def placeholder(value: object) -> bool:
    """Whether ``value`` is the one placeholder (typed ``object`` for mypy's sake)."""
    return value is HIDDEN


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


def _to_owner(card: "Card", player: str) -> bool:
    return player == card.owner


@frozen
class Card:
    """A card whose face only its owner sees."""

    owner: str
    face: int = secret(_to_owner)


@frozen
class Hand:
    """Cards in a row and in a heap, and a public label."""

    label: str
    row: tuple[Card, ...]
    heap: frozenset[Card]


@frozen
class Box:
    """Holds anything: for nesting."""

    content: Any


class Pair(NamedTuple):
    left: Any
    right: Any


@frozen(kw_only=True)
class Table(State):
    """A state with a hand in it."""

    hand: Hand


def test_secret_field_hidden_from_others_only() -> None:
    card = Card("ann", 7)
    view = redact(card, "bob")
    assert type(view) is Card
    assert view.owner == "ann"
    assert placeholder(view.face)
    assert is_hidden(view.face)
    assert not is_hidden(7)
    assert card.face == 7  # the original is untouched
    assert redact(card, "ann") is card


def test_hidden_placeholder() -> None:
    assert repr(HIDDEN) == "HIDDEN"
    assert str(HIDDEN) == "?"
    assert Hidden() == HIDDEN
    assert hash(Hidden()) == hash(HIDDEN)


def test_views_of_states_differing_only_in_secrets_are_equal() -> None:
    assert redact(Card("ann", 1), "bob") == redact(Card("ann", 2), "bob")
    assert redact(Card("ann", 1), "ann") != redact(Card("ann", 2), "ann")
    assert redact(Card("ann", 1), "bob") != redact(Card("cid", 1), "bob")


def test_secret_wrapper() -> None:
    hidden = Secret(3, ["ann"])
    assert hidden.known_to == frozenset({"ann"})
    assert redact(hidden, "ann") is hidden
    assert placeholder(redact(hidden, "bob"))
    shared = hidden.with_known_to("bob", "cid")
    assert shared.known_to == frozenset({"ann", "bob", "cid"})
    assert redact(shared, "bob") is shared
    assert placeholder(redact(shared, "dan"))
    assert hidden.known_to == frozenset({"ann"})  # with_known_to made a copy


def test_nested_tuples_frozensets_and_attrs() -> None:
    hand = Hand("north", (Card("ann", 1), Card("bob", 2)), frozenset({Card("bob", 3)}))
    view = redact(Box(Pair(hand, (Secret("x", ["bob"]), 5))), "ann")
    assert type(view.content) is Pair
    seen = view.content.left
    assert seen.label == "north"
    assert seen.row == (Card("ann", 1), redact(Card("bob", 2), "ann"))
    assert placeholder(seen.row[1].face)
    assert seen.heap == frozenset({redact(Card("bob", 3), "ann")})
    assert isinstance(seen.heap, frozenset)
    assert view.content.right == (HIDDEN, 5)
    # The card that needed no redaction is shared with the original, not copied.
    assert seen.row[0] is hand.row[0]


def test_rng_is_always_hidden() -> None:
    assert placeholder(redact(Rng.from_seed(5), "ann"))
    pair: object = redact((Rng.from_seed(5), 1), "ann")
    assert pair == (HIDDEN, 1)
    table = Table(rng=Rng(key_from_seed(5), 2), hand=Hand("x", (), frozenset()))
    view = redact(table, "ann")
    assert placeholder(view.rng)
    assert view.hand is table.hand
    assert view == redact(Table(rng=Rng.from_seed(6), hand=table.hand), "ann")


@pytest.mark.parametrize(
    "value",
    [
        (1, "a", None, 2.5, b"x", True),
        Card("ann", 4),
        Hand("h", (Card("ann", 1),), frozenset({Card("ann", 2), Card("ann", 3)})),
        frozenset({1, 2, 3}),
        frozenset({(Card("ann", 1), 2)}),
        Pair(Card("ann", 1), (2, 3)),
        Box(Box(Secret(1, ["ann", "bob"]))),
    ],
)
def test_values_without_secrets_for_the_player_are_returned_as_they_are(value: Any) -> None:
    assert redact(value, "ann") is value


def test_redaction_is_idempotent() -> None:
    hand = Hand("h", (Card("bob", 1),), frozenset({Card("bob", 2)}))
    view = redact(hand, "ann")
    assert redact(view, "ann") == view
    assert redact(view.row, "ann") is view.row


# -- sample_assignment ------------------------------------------------------------------------


def test_assignment_respects_domains_and_pool() -> None:
    # Only one assignment fits: the first item must be "b" so that the second can be "a".
    domains = [frozenset("ab"), frozenset("a"), frozenset("abc")]
    pool = {"a": 1, "b": 1, "c": 1}
    for seed in range(20):
        assert sample_assignment(domains, pool, random.Random(seed)) == ("b", "a", "c")


def test_assignment_needs_backtracking() -> None:
    # Every item has two values, so most-constrained-first cannot tell them apart: a greedy
    # choice of "y" for an early item leaves no value for a later one.
    domains = [frozenset("xy"), frozenset("xy"), frozenset("yz"), frozenset("yz")]
    pool = {"x": 2, "y": 1, "z": 1}
    for seed in range(30):
        result = sample_assignment(domains, pool, random.Random(seed))
        assert result[:2] == ("x", "x")
        assert sorted(result[2:]) == ["y", "z"]


def test_assignment_draws_in_proportion_to_the_pool() -> None:
    rng = random.Random(4)
    counts = Counter(
        sample_assignment([frozenset("ab")], {"a": 3, "b": 1}, rng)[0] for _ in range(2000)
    )
    assert 1350 < counts["a"] < 1650


@pytest.mark.parametrize(
    ("domains", "pool"),
    [
        ([frozenset("a"), frozenset("a")], {"a": 1}),
        ([frozenset("a")], {"a": 0}),
        ([frozenset("a")], {"b": 5}),
        ([frozenset()], {"a": 1}),
        ([frozenset("ab"), frozenset("ab"), frozenset("ab")], {"a": 1, "b": 1}),
    ],
)
def test_assignment_impossible(domains: list[frozenset[str]], pool: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="no assignment"):
        sample_assignment(domains, pool, random.Random(0))


def test_empty_assignment() -> None:
    assert sample_assignment([], {"a": 1}, random.Random(0)) == ()


@st.composite
def hidden_worlds(draw: st.DrawFn) -> tuple[list[frozenset[str]], dict[str, int], int]:
    """Domains built around a hidden true assignment, a pool that contains it, and a seed."""
    values = "abcdef"
    truth = draw(st.lists(st.sampled_from(values), max_size=12))
    pool = Counter(truth)
    for value in draw(st.lists(st.sampled_from(values), max_size=4)):
        pool[value] += 1
    domains = [
        frozenset({true, *draw(st.lists(st.sampled_from(values), max_size=3))}) for true in truth
    ]
    return domains, dict(pool), draw(st.integers(min_value=0, max_value=2**32))


@given(hidden_worlds())
def test_assignment_found_whenever_one_exists(
    world: tuple[list[frozenset[str]], dict[str, int], int],
) -> None:
    domains, pool, seed = world
    result = sample_assignment(domains, pool, random.Random(seed))
    assert len(result) == len(domains)
    assert all(value in domain for value, domain in zip(result, domains, strict=True))
    used = Counter(result)
    assert all(used[value] <= pool.get(value, 0) for value in used)
    assert sample_assignment(domains, pool, random.Random(seed)) == result


def test_assignment_weights_scale_each_items_counts() -> None:
    # "a" 3 to "b" 1 in the pool, "b" weighted 3 for the item: even odds.
    rng = random.Random(4)
    counts = Counter(
        sample_assignment([frozenset("ab")], {"a": 3, "b": 1}, rng, [{"b": 3.0}])[0]
        for _ in range(2000)
    )
    assert 900 < counts["a"] < 1100


@given(hidden_worlds())
def test_assignment_with_neutral_weights_is_the_unweighted_one(
    world: tuple[list[frozenset[str]], dict[str, int], int],
) -> None:
    domains, pool, seed = world
    plain = sample_assignment(domains, pool, random.Random(seed))
    neutral = [dict.fromkeys(domain, 1.0) for domain in domains]
    assert sample_assignment(domains, pool, random.Random(seed), neutral) == plain
    assert sample_assignment(domains, pool, random.Random(seed), [{} for _ in domains]) == plain


_IN_ANOTHER_PROCESS = """
import random
from wargames.core.hidden import sample_assignment
domains = [frozenset(d.split()) for d in ("apple pear fig", "pear fig", "apple fig kiwi plum",
                                          "plum kiwi", "apple pear fig kiwi plum")]
pool = {"plum": 1, "fig": 2, "kiwi": 1, "pear": 1, "apple": 2}
print(" ".join(sample_assignment(domains, pool, random.Random(17))))
"""


def test_assignment_is_the_same_in_every_process() -> None:
    # String hashing (and so set order) changes with PYTHONHASHSEED; the answer must not.
    answers = set()
    for hash_seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run(
            [sys.executable, "-c", _IN_ANOTHER_PROCESS],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        answers.add(run.stdout.strip())
    assert len(answers) == 1
    assert len(answers.pop().split()) == 5


def test_interlocking_domains_are_solved_without_search_blow_up() -> None:
    # A cycle of two-value domains with every value exactly full: random early choices
    # strand later items, which only moving earlier items (augmenting paths) can fix.
    values = ["a", "b", "c", "d", "e", "f"]
    domains = [frozenset({values[k], values[(k + 1) % 6]}) for k in range(6) for _ in range(8)]
    pool = dict.fromkeys(values, 8)
    for seed in range(50):
        assignment = sample_assignment(domains, pool, random.Random(seed))
        assert all(v in d for v, d in zip(assignment, domains, strict=True))
        assert all(assignment.count(v) == 8 for v in values)


# -- the cost of a view: handlers per class, and remembered redactions ---------------------


def test_a_redaction_is_remembered_per_value_and_player() -> None:
    card = Card("ann", 7)
    for_bob = redact(card, "bob")
    assert placeholder(for_bob.face)
    assert redact(card, "bob") is for_bob, "the same immutable card: the same redaction"
    assert redact(card, "ann") is card, "its owner sees it whole"
    assert placeholder(redact(Card("ann", 7), "bob").face), "an equal card is redacted alike"


def _open_to_all(cell: "Cell", player: str) -> bool:
    return cell.open


@attrs.define
class Cell:
    """A mutable class with a secret: its redaction must never be remembered."""

    open: bool
    note: str = secret(_open_to_all)


def test_a_mutable_value_is_redacted_anew_each_time() -> None:
    cell = Cell(False, "treasure")
    assert placeholder(redact(cell, "ann").note)
    cell.open = True
    assert redact(cell, "ann").note == "treasure"


@frozen
class Scored:
    """Plain fields (passed over without a look) beside a nested secret."""

    points: int
    colour: Colour
    card: Card


def test_plain_fields_are_kept_and_nested_secrets_still_hidden() -> None:
    scored = Scored(3, Colour.RED, Card("ann", 9))
    view = redact(scored, "bob")
    assert (view.points, view.colour) == (3, Colour.RED)
    assert placeholder(view.card.face)


@pytest.mark.parametrize(
    ("declared", "plain"),
    [
        (int, True),
        (int | None, True),
        (tuple[int, ...], True),
        (tuple[tuple[int, ...], ...], True),
        (frozenset[str], True),
        (tuple[int, str], True),
        (tuple, False),  # could hold anything
        (tuple[Secret[str], ...], False),
        (tuple[int, Secret[int]], False),
        (frozenset[Any], False),
    ],
)
def test_only_fields_declared_as_plain_values_are_passed_over(declared: Any, plain: bool) -> None:
    """A redaction walks every field that may hold a secret; it passes over text, numbers,
    enums and tuples and frozensets of them, which no redaction can change."""
    from wargames.core.hidden import _plain

    assert _plain(declared) is plain


@frozen
class Spot:
    """Only plain fields and no visibility rule: nothing in it can be hidden."""

    x: int
    y: int | None


def test_a_class_of_plain_fields_only_is_not_walked_and_a_secret_still_is() -> None:
    """Issue 38: a class whose every field is declared plain and has no rule (a hex, a
    shot) is passed as it is without a walk of its fields; a class with a rule on a field
    declared plain (a card's face) is still redacted."""
    from wargames.core.hidden import _handler_for, _same

    assert _handler_for(Spot) is _same
    spot = Spot(1, None)
    assert redact(spot, "bob") is spot
    assert _handler_for(Card) is not _same
    assert placeholder(redact(Card("ann", 9), "bob").face)


@given(st.lists(st.integers(1, 40), min_size=1, max_size=20), st.integers(0, 2**32))
def test_a_value_drawn_by_its_room_is_the_one_random_choices_draws(
    counts: list[int], seed: int
) -> None:
    """The assignment's own draw in proportion to the room left: the value ``choices``
    gives for the same stream, and the stream left as it leaves it."""
    free = [f"v{i}" for i in range(len(counts))]
    room = dict(zip(free, counts, strict=True))
    mine, theirs = random.Random(seed), random.Random(seed)
    assert _by_room(free, room, mine) == theirs.choices(free, counts)[0]
    assert mine.getstate() == theirs.getstate()
