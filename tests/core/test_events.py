"""The event log: a persistent list shared between states, redacted like the rest of a view."""

import itertools
import pickle
from typing import Any

import pytest
from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.events import Event, EventLog
from wargames.core.hidden import HIDDEN, redact, secret

PLAYERS = ("ann", "bob")


def _to_roller(event: "Rolled", player: str) -> bool:
    return player == event.player


@frozen
class Rolled(Event):
    """A roll only the roller sees the value of."""

    player: str
    value: int = secret(_to_roller)


@frozen
class Said(Event):
    """A public event."""

    text: str


def reference_view(log: EventLog, player: str) -> list[Any]:
    """The redaction of ``log`` computed event by event, without any memo."""
    return [redact(event, player) for event in log]


def test_append_shares_structure_and_leaves_the_old_log_alone() -> None:
    old = EventLog([Said("a"), Said("b")])
    new = old.with_event(Said("c"))
    assert list(old) == [Said("a"), Said("b")]
    assert list(new) == [Said("a"), Said("b"), Said("c")]
    assert new._tail is old  # the new node points at the old log: nothing was copied
    newer = new.with_events([Said("d"), Said("e")])
    assert list(new) == [Said("a"), Said("b"), Said("c")]
    assert len(newer) == 5
    assert newer._tail is not None
    assert newer._tail._tail is new


def test_immutable() -> None:
    log = EventLog([Said("a")])
    with pytest.raises(AttributeError, match="immutable"):
        log._len = 5


def test_len_iteration_and_newest() -> None:
    events = [Said(str(i)) for i in range(6)]
    log = EventLog(events)
    assert len(log) == 6
    assert len(EventLog()) == 0
    assert list(log) == events
    assert list(EventLog()) == []
    assert log.newest(2) == (Said("4"), Said("5"))
    assert log.newest(0) == ()
    assert log.newest(100) == tuple(events)
    assert EventLog().newest(3) == ()


def test_since_gives_what_a_step_logged() -> None:
    before = EventLog([Said("a"), Said("b")])
    after = before.with_events([Said("c"), Said("d")])
    assert after.since(len(before)) == (Said("c"), Said("d"))
    assert after.since(len(after)) == ()
    assert after.since(0) == tuple(after)


def test_up_to_shares_the_first_events() -> None:
    before = EventLog([Said("a"), Said("b")])
    after = before.with_events([Said("c"), Said("d")])
    assert after.up_to(2) is before  # the node itself: nothing relinked
    assert after.up_to(4) is after
    assert after.up_to(9) is after
    assert list(after.up_to(1)) == [Said("a")]
    assert after.up_to(0) == EventLog()
    assert len(after.up_to(0)) == 0
    assert EventLog().up_to(3) == EventLog()


def test_repr() -> None:
    assert repr(EventLog([Said("a")])) == "EventLog([Said(text='a')])"


@given(
    st.lists(st.integers(min_value=0, max_value=3), max_size=8),
    st.lists(st.integers(min_value=0, max_value=3), max_size=8),
    st.data(),
)
def test_equality_and_hash_agree_with_the_list(a: list[int], b: list[int], data: Any) -> None:
    split = data.draw(st.integers(min_value=0, max_value=len(a)))
    prefix = EventLog(a[:split])
    if data.draw(st.booleans()):
        hash(prefix)  # a log whose older part is hashed already, its newer part not yet
    built = prefix.with_events(a[split:])
    assert built == EventLog(a)
    assert hash(built) == hash(EventLog(a))
    assert (EventLog(a) == EventLog(b)) == (a == b)
    assert (EventLog(a) != EventLog(b)) == (a != b)
    if a == b:
        assert hash(EventLog(a)) == hash(EventLog(b))


def test_not_equal_to_other_types() -> None:
    assert EventLog([1]) != [1]
    assert EventLog() != ()
    assert EventLog([1]) == EventLog([1])
    assert len({EventLog([1, 2]), EventLog([1, 2]), EventLog([2, 1])}) == 2


def test_redaction_of_secret_fields() -> None:
    log = EventLog([Rolled("ann", 6), Said("hello"), Rolled("bob", 2)])
    seen_by_ann = redact(log, "ann")
    assert isinstance(seen_by_ann, EventLog)
    assert list(seen_by_ann) == [Rolled("ann", 6), Said("hello"), redact(Rolled("bob", 2), "ann")]
    assert list(seen_by_ann)[2].value is HIDDEN
    seen_by_bob = redact(log, "bob")
    assert next(iter(seen_by_bob)).value is HIDDEN
    assert list(seen_by_bob)[2].value == 2
    assert list(log) == [Rolled("ann", 6), Said("hello"), Rolled("bob", 2)]  # untouched
    # Logs that differ only in what a player may not see look the same to them.
    assert redact(EventLog([Rolled("bob", 5)]), "ann") == redact(
        EventLog([Rolled("bob", 1)]), "ann"
    )
    assert redact(EventLog([Rolled("bob", 5)]), "bob") != redact(
        EventLog([Rolled("bob", 1)]), "bob"
    )


def test_a_log_without_secrets_for_the_player_is_its_own_view() -> None:
    log = EventLog([Said("a"), Rolled("ann", 3)])
    assert redact(log, "ann") is log
    assert redact(EventLog(), "ann") == EventLog()


def test_view_of_a_view() -> None:
    log = EventLog([Rolled("ann", 6), Rolled("bob", 2)])
    view = redact(log, "ann")
    assert redact(view, "ann") == view


events_strategy = st.lists(
    st.one_of(
        st.builds(Rolled, st.sampled_from(PLAYERS), st.integers(1, 6)),
        st.builds(Said, st.sampled_from("xyz")),
    ),
    max_size=12,
)


@given(events_strategy, events_strategy, st.lists(st.sampled_from(PLAYERS), min_size=1))
def test_memoised_redaction_matches_the_plain_one(
    first: list[Event], more: list[Event], order: list[str]
) -> None:
    log = EventLog(first)
    later = log.with_events(more)
    # Redact in a drawn order of players and logs; memos must never mix players up.
    for player in order:
        assert list(redact(log, player)) == reference_view(log, player)
        assert list(redact(later, player)) == reference_view(later, player)
    for player in PLAYERS:
        assert redact(log, player) == redact(log, player)
        assert list(redact(later, player)) == reference_view(later, player)
        assert redact(later, player) == EventLog(reference_view(later, player))


def test_successive_views_share_their_history() -> None:
    log = EventLog([Rolled("bob", 4), Said("a")])
    first = redact(log, "ann")
    later = log.with_event(Rolled("bob", 1))
    second = redact(later, "ann")
    assert redact(log, "ann") is first  # remembered, not recomputed
    assert second._tail is first
    assert list(second) == [*list(first), redact(Rolled("bob", 1), "ann")]


def test_a_long_log_hashes_and_compares_without_recursion() -> None:
    count = 10_000
    log = EventLog(Rolled(PLAYERS[i % 2], i % 6 + 1) for i in range(count))
    same = EventLog()
    for i in range(count):
        same = same.with_event(Rolled(PLAYERS[i % 2], i % 6 + 1))
    assert len(log) == count
    assert hash(log) == hash(same)
    assert log == same  # a walk over every node: nothing is shared between the two
    different = EventLog([Rolled("ann", 6)]).with_events(list(log)[1:])
    assert log != different
    assert len(list(redact(log, "ann"))) == count
    assert repr(log).startswith("EventLog([Rolled(")


def test_an_event_in_words_names_nodes_and_leaves_out_what_is_hidden() -> None:
    from attrs import frozen

    from wargames.core.events import Event, event_words
    from wargames.core.hidden import HIDDEN

    @frozen
    class PieceMoved(Event):
        player: str
        target: tuple[int, int]
        kind: object
        captured: bool

    event = PieceMoved("green", (1, 2), HIDDEN, True)
    text = event_words(event, {(1, 2): "b3"})
    assert text == "piece moved: player green, target b3, captured yes"


def _built(events: list[Event], cuts: list[int], blocks: list[bool]) -> EventLog:
    """``events`` appended in the runs ``cuts`` marks, each a block or node by node."""
    log = EventLog()
    bounds = [0, *sorted(cuts), len(events)]
    for (start, stop), block in zip(itertools.pairwise(bounds), blocks, strict=False):
        run = events[start:stop]
        log = log.with_block(run) if block else log.with_events(run)
    return log


@given(
    events_strategy,
    st.lists(st.integers(0, 12), max_size=4),
    st.lists(st.booleans(), min_size=5, max_size=5),
    st.booleans(),
)
def test_a_log_with_blocks_is_the_log_of_its_events(
    events: list[Event], cuts: list[int], blocks: list[bool], hashed: bool
) -> None:
    cuts = [min(cut, len(events)) for cut in cuts]
    log, plain = _built(events, cuts, blocks), EventLog(events)
    if hashed:
        hash(log.up_to(min(cuts, default=0)))  # an older part hashed first
    assert list(log) == events
    assert len(log) == len(events)
    assert log == plain
    assert plain == log
    assert (log != plain) is False
    assert hash(log) == hash(plain)
    assert repr(log) == repr(plain)
    assert pickle.loads(pickle.dumps(log)) == plain
    for k in range(len(events) + 2):
        assert list(log.up_to(k)) == events[:k]
        assert log.up_to(k) == plain.up_to(k)
        assert log.newest(k) == plain.newest(k)
        assert log.since(k) == plain.since(k)
    for player in PLAYERS:
        assert list(redact(log, player)) == reference_view(plain, player)
        assert redact(log, player) == redact(plain, player)
    later = log.with_event(Said("z"))
    assert later == plain.with_event(Said("z"))
    assert later._tail is (log if events else None)  # appended, not copied
    if events:
        changed = [*events[:-1], Said("changed")]
        assert log != EventLog(changed)
        assert EventLog(changed) != log
        assert log != _built(changed, cuts, blocks)


def test_a_block_is_one_node_and_hides_what_its_events_hide() -> None:
    before = EventLog([Said("a")])
    log = before.with_block([Rolled("ann", 6), Said("b"), Rolled("bob", 2)])
    assert log._tail is before
    assert log._block is not None
    assert before.with_block([]) is before
    assert EventLog().with_block([Said("a")]) == EventLog([Said("a")])
    seen = redact(log, "ann")
    assert list(seen)[3].value is HIDDEN
    assert list(seen)[1].value == 6
    assert seen == redact(EventLog(list(log)), "ann")
    assert redact(log, "ann") is seen  # remembered, like a node's
    public = before.with_block([Said("b"), Said("c")])
    assert redact(public, "bob") is public  # nothing hidden: the block is its own view
