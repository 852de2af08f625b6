"""Watched values (``wargames.core.watched``): every look at one is recorded, copying is not."""

from typing import TypeVar

import attrs
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.changes import replace
from wargames.core.watched import Watch, plain, watched


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
