"""JSON for views: every place a secret can hide, written with a marker and read back."""

from __future__ import annotations

import enum
import json

import pytest
from attrs import field, frozen
from cattrs.preconf.json import make_converter

from wargames.core.errors import SerializationError
from wargames.core.events import Event, EventLog
from wargames.core.hidden import Secret, is_hidden, redact, secret
from wargames.core.redacted import MARK, RedactedJson
from wargames.core.rng import Rng
from wargames.core.serialize import register_tagged


class Kind(enum.Enum):
    SCOUT = "S"
    TANK = "T"


def _owner(piece: Piece, player: str) -> bool:
    return player == piece.owner


@frozen
class Piece:
    owner: str
    kind: Kind = secret(_owner)


@frozen
class Spotted(Event):
    piece: Piece


@frozen
class Table:
    rng: Rng
    pieces: tuple[Piece | None, ...]
    hands: frozenset[Piece]
    tiles: tuple[Secret[str], ...]
    purse: dict[str, Secret[int]]
    guard: Piece | None
    log: EventLog = field(factory=EventLog)


def table() -> Table:
    ann = Piece("ann", Kind.SCOUT)
    bob = Piece("bob", Kind.TANK)
    return Table(
        rng=Rng.from_seed(1),
        pieces=(ann, None, bob),
        hands=frozenset({ann, Piece("bob", Kind.SCOUT)}),
        tiles=(Secret("gold", {"ann"}), Secret("iron", {"bob"})),
        purse={"ann": Secret(3, {"ann"}), "bob": Secret(4, {"bob"})},
        guard=bob,
        log=EventLog([Spotted(bob), Spotted(ann)]),
    )


def codec() -> RedactedJson:
    converter = make_converter()
    return RedactedJson(converter, {Event: register_tagged(converter, Event, (Spotted,))})


@pytest.mark.parametrize("player", ["ann", "bob"])
def test_a_view_with_every_kind_of_secret_round_trips(player: str) -> None:
    view = redact(table(), player)
    data = codec().unstructure(view, Table)
    assert data["rng"] == MARK
    back = codec().structure(json.loads(json.dumps(data)), Table)
    assert back == view
    assert is_hidden(back.rng)
    other = "bob" if player == "ann" else "ann"
    hidden = [p for p in back.pieces if p is not None and p.owner == other]
    assert hidden
    assert all(is_hidden(p.kind) for p in hidden)
    assert [is_hidden(t) for t in back.tiles] == [player != "ann", player != "bob"]
    assert is_hidden(back.purse[other])
    assert not is_hidden(back.purse[player])
    events = list(back.log)
    assert all(isinstance(e, Spotted) for e in events)
    assert [is_hidden(e.piece.kind) for e in events] == [player != "bob", player != "ann"]


def test_parts_without_secrets_are_written_as_the_converter_writes_them() -> None:
    view = redact(table(), "ann")
    data = codec().unstructure(view, Table)
    converter = make_converter()
    assert data["tiles"][0] == converter.unstructure(Secret("gold", {"ann"}), Secret[str])
    assert data["pieces"][1] is None


def test_a_marker_stands_only_where_a_secret_can() -> None:
    data = codec().unstructure(redact(table(), "ann"), Table)
    for place in ("pieces", "guard"):
        broken = json.loads(json.dumps(data))
        broken[place] = dict(MARK)
        with pytest.raises(SerializationError, match="holds no secret"):
            codec().structure(broken, Table)
    owner_hidden = json.loads(json.dumps(data))
    owner_hidden["guard"]["owner"] = dict(MARK)
    with pytest.raises(SerializationError, match="field owner"):
        codec().structure(owner_hidden, Table)


@frozen
class Cached:
    """A class with a cache: a field outside ``__init__`` and comparisons."""

    guard: Piece
    _seen: int | None = field(default=None, init=False, eq=False)


def test_a_cache_is_left_empty_in_a_view_and_out_of_its_document() -> None:
    value = Cached(Piece("bob", Kind.TANK))
    object.__setattr__(value, "_seen", 3)
    view = redact(value, "ann")
    assert view._seen is None, "a redacted copy leaves its cache empty"
    data = codec().unstructure(view, Cached)
    assert set(data) == {"guard"}
    back = codec().structure(json.loads(json.dumps(data)), Cached)
    assert back == view
    assert back._seen is None
