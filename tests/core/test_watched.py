"""Watched values (``wargames.core.watched``): every look at one is recorded, copying is not."""

from typing import TypeVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.changes import replace
from wargames.core.watched import VALUE, Watch, answer, plain, read, watched


@attrs.frozen
class Piece:
    kind: str
    shots: int


def test_a_look_records_the_key_and_a_copy_does_not() -> None:
    watch: Watch[int] = Watch()
    piece = Piece(watched("TNK", 3, watch), watched(2, 4, watch))
    moved = replace(piece, shots=piece.shots)  # copying a value is no look at it
    assert moved.kind is piece.kind
    assert moved.shots is piece.shots
    assert watch.seen == set()
    assert {"TNK": 1}[moved.kind] == 1
    assert watch.seen == {3}
    watch.seen.clear()
    assert moved.shots - 1 == 1
    assert watch.seen == {4}
    watch.on = False
    assert moved.kind.lower() == "tnk"
    assert watch.seen == {4}


V = TypeVar("V", str, int)


def behaves(value: V, other: object) -> None:
    """``value`` watched compares and hashes as itself, records each look, and unwraps."""
    watch: Watch[str] = Watch()
    seen = watched(value, "k", watch)
    assert (seen == other) == (value == other)
    assert hash(seen) == hash(value)
    assert watch.seen == {"k"}
    watch.seen.clear()
    unwrapped = plain(seen)
    assert type(unwrapped) is type(value)
    assert unwrapped == value
    assert not watch.seen


@given(st.text(max_size=5), st.integers(), st.text(max_size=5) | st.integers())
def test_a_watched_value_behaves_as_its_plain_value(text: str, number: int, other: object) -> None:
    behaves(text, other)
    behaves(number, other)


@attrs.frozen
class Row:
    move: int
    kind: str

    def faster(self, than: int) -> bool:
        return self.move > than


TABLE = {"TNK": Row(4, "tracked"), "APC": Row(4, "tracked"), "CAR": Row(6, "wheeled")}


def test_a_comparison_asks_only_its_result_and_a_record_only_its_fields() -> None:
    watch: Watch[str] = Watch()
    kind, shots = watched("TNK", "kind", watch), watched(2, "shots", watch)
    assert kind != "DECOY"
    assert shots > 0
    row = read(kind, TABLE.__getitem__)
    assert row.move == 4
    assert not row.faster(than=5)
    assert watch.seen == {"kind", "shots"}
    assert watch.facts == [
        ("kind", ("__ne__", "DECOY"), True),
        ("shots", ("__gt__", 0), True),
        ("kind", (".", "move"), 4),
        ("kind", ("()", "faster", (), (("than", 5),)), False),
    ]
    # APC answers every question about "kind" as TNK did, CAR does not
    asked = [(q, got) for key, q, got in watch.facts if key == "kind"]
    assert all(answer(q, "APC", TABLE["APC"]) == got for q, got in asked)
    assert answer((".", "move"), "CAR", TABLE["CAR"]) != 4
    assert answer(("__gt__", 0), 0) is False
    # hashing, arithmetic, a record's identity: the value itself
    assert {"TNK": 1}[kind] == 1
    assert shots - 1 == 1
    assert row == TABLE["TNK"]
    assert ("kind", VALUE, "TNK") in watch.facts
    assert ("shots", VALUE, 2) in watch.facts
    assert answer(VALUE, "APC") != "TNK"


def test_a_question_is_kept_once_and_only_while_the_watch_is_on() -> None:
    watch: Watch[str] = Watch()
    kind = watched("TNK", "kind", watch)
    assert kind == "TNK"
    assert kind == "TNK"
    assert len(watch.facts) == 1
    watch.on = False
    assert read(kind, TABLE.__getitem__) is TABLE["TNK"]  # a plain record when not watching
    assert kind < "UFO"
    assert len(watch.facts) == 1


def test_two_watched_values_compared_are_both_looked_at() -> None:
    watch: Watch[str] = Watch()
    a, b = watched("TNK", "a", watch), watched("APC", "b", watch)
    assert a != b
    assert watch.seen == {"a", "b"}
    assert ("b", VALUE, "APC") in watch.facts


def test_a_failed_look_up_asks_the_value() -> None:
    watch: Watch[str] = Watch()
    kind = watched("UFO", "kind", watch)
    with pytest.raises(KeyError):
        read(kind, TABLE.__getitem__)
    assert watch.facts == [("kind", VALUE, "UFO")]
