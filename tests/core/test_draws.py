"""Bags and decks: uniform draws from the state's stream, hidden contents, resampling."""

import random
from collections import Counter

import pytest

from wargames.core.draws import Bag, Deck, remaining
from wargames.core.hidden import is_hidden, redact
from wargames.core.rng import Rng


def test_remaining_takes_a_multiset_away() -> None:
    assert remaining(["a", "a", "b", "c"], ["a", "c"]) == ["a", "b"]
    with pytest.raises(ValueError, match="taken more"):
        remaining(["a"], ["a", "a"])


def test_a_bag_draws_each_item_equally_often() -> None:
    bag = Bag.of(["x", "y", "y"])
    rng = Rng.from_seed(1)
    counts: Counter[str] = Counter()
    for _ in range(3000):
        item, rest, rng = bag.draw(rng)
        assert rest.put(item) == bag
        counts[item] += 1
    assert 0.27 < counts["x"] / 3000 < 0.40


def test_a_bag_is_sorted_so_equal_contents_are_equal() -> None:
    assert Bag.of([3, 1, 2]) == Bag.of([1, 2, 3]).take(2).put(2)
    with pytest.raises(ValueError, match="empty"):
        Bag.of([]).draw(Rng.from_seed(0))


def test_hidden_and_public_bags() -> None:
    assert is_hidden(redact(Bag.of(["a"]), "p").items)
    assert redact(Bag.of([1], public=True), "p").items == (1,)


def test_a_deck_hides_its_order_and_reshuffles_its_discards() -> None:
    deck, rng = Deck.shuffled(["a", "b", "c"], Rng.from_seed(2))
    assert sorted(deck.cards) == ["a", "b", "c"]
    assert is_hidden(redact(deck, "p").cards)
    drawn = []
    for _ in range(5):
        card, deck, rng = deck.draw(rng)
        drawn.append(card)
        deck = deck.discard(card)
    assert sorted(drawn[:3]) == ["a", "b", "c"], "every card once before a reshuffle"
    assert len(deck.cards) + len(deck.discards) == 3
    with pytest.raises(ValueError, match="no cards"):
        Deck(()).draw(Rng.from_seed(0))


def test_resampling_keeps_the_discards_and_the_unseen_cards() -> None:
    deck = Deck(("c", "a"), ("b",))
    again = deck.resample(["a", "b", "c"], random.Random(0))
    assert again.discards == ("b",)
    assert sorted(again.cards) == ["a", "c"]
    assert Bag.of(["q"]).resample(["p", "q", "r"], ["p"]) == Bag.of(["q", "r"])
