"""The fast observation encoders (issue 36 item 2) give the very arrays the plain ones did.

Each game's ``observation_tensor`` (from the state, where the game encodes the state itself)
and ``encode_view`` (from the view) must equal, bit for bit, the reference encoders kept in
``reference_encoders.py``, at every state of random playouts: the encoders remember rows
and parts between calls, so the playouts run one after another through the same caches,
for both players at each state.
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy
import pytest
from hypothesis import HealthCheck, given, settings

import wargames
from tests.envs.reference_encoders import ENCODERS
from wargames.core.encoding import PieceRows, seen
from wargames.core.hidden import HIDDEN, Secret, redact, secret
from wargames.testing.strategies import playouts

OPTIONS: dict[str, dict[str, Any]] = {
    "sabot": {"build_points": 60, "max_turns": 3},
    "sabatu": {"players": 2},
    "sabotage": {"variant": "SM"},
    "saw": {},
    "gridscifi": {},
}
"""Small armies and two seats: cheap playouts that still reach every phase often."""


@pytest.mark.parametrize("name", sorted(ENCODERS))
def test_fast_encoding_equals_the_reference(name: str) -> None:
    game = wargames.load(name, **OPTIONS[name])
    reference = ENCODERS[name]

    @settings(max_examples=4, suppress_health_check=[HealthCheck.too_slow])
    @given(playouts(game, max_steps=60))
    def check(playout: Any) -> None:
        for state in playout.states:
            for player in game.players:
                expected = reference(game, game.view(state, player), player)
                for found in (
                    game.observation_tensor(state, player),
                    game.encode_view(game.view(state, player), player),
                ):
                    assert found.dtype == expected.dtype == numpy.float32
                    assert found.shape == expected.shape
                    assert numpy.array_equal(found, expected)

    check()


def test_sabotage_counts_captured_enemies_by_what_the_player_knows() -> None:
    """An identified captured enemy counts as a share of its kind, an unidentified one as a
    share of the army (random playouts rarely capture an identified piece)."""
    from wargames.sabotage import learning
    from wargames.sabotage.rules import Sabotage

    game = wargames.load("sabotage", **OPTIONS["sabotage"])
    assert isinstance(game, Sabotage)
    start = game.start(1)
    green, red = game.players
    reds = [piece for piece in start.cells if piece is not None and piece.owner == red]
    known, unknown = attrs.evolve(reds[0], revealed=True), reds[1]
    state = attrs.evolve(start, captured=(known, unknown))
    for player in game.players:
        expected = ENCODERS["sabotage"](game, game.view(state, player), player)
        assert numpy.array_equal(game.observation_tensor(state, player), expected)
        assert numpy.array_equal(game.encode_view(game.view(state, player), player), expected)
    planes = game.observation_tensor(state, green)
    kind = learning.KIND_INDEX[known.kind]
    assert planes[..., learning.KNOWN_LOST + kind].min() == 1 / game.army[known.kind]
    assert planes[..., learning.UNKNOWN_LOST].min() == 1 / game.layout.pieces
    own_lost = planes[..., learning.OWN_LOST + kind]
    assert not own_lost.any()  # red's pieces are not green's losses


@pytest.mark.parametrize("setup", [{}, {"deploy": False}], ids=["deployed", "set-up"])
def test_sabotage_square_codes_are_patched_by_each_move(setup: dict[str, Any]) -> None:
    """A move or a set-up placement made from an encoded Sabotage position patches its
    square codes: along a game encoded at every step they equal the codes worked out from
    every square, the planes equal the reference's, and no view carries the codes."""
    from wargames.sabotage import learning
    from wargames.sabotage.rules import Sabotage

    game = wargames.load("sabotage", **OPTIONS["sabotage"])
    assert isinstance(game, Sabotage)
    reference = ENCODERS["sabotage"]

    @settings(max_examples=3, suppress_health_check=[HealthCheck.too_slow])
    @given(playouts(game, max_steps=80, setup=setup))
    def check(playout: Any) -> None:
        state = playout.states[0]
        for action in (*playout.actions, None):
            for player in game.players:
                view = game.view(state, player)
                assert view._codes is None
                expected = reference(game, view, player)
                assert numpy.array_equal(game.observation_tensor(state, player), expected)
            assert state._codes[0] == learning.square_codes(game, state)[0]
            if action is not None:
                state = game.apply(state, action)

    check()


def test_sabotage_draw_offers_carry_the_square_codes_over() -> None:
    """A draw offer and its answer move no piece: the position after them keeps the codes of
    an encoded position (the very object, not worked out again) and encodes as the reference
    does; a position never encoded hands on none."""
    from wargames.sabotage.rules import Sabotage
    from wargames.sabotage.state import DeclineDraw, OfferDraw

    game = wargames.load("sabotage", **OPTIONS["sabotage"])
    assert isinstance(game, Sabotage)
    state = game.start(1)
    (player,) = game.to_act(state)
    (offer,) = (a for a in game.legal_actions(state, player) if isinstance(a, OfferDraw))
    assert game.apply(state, offer)._codes is None  # no encoding, nothing to carry
    game.observation_tensor(state, player)
    offered = game.apply(state, offer)
    (other,) = game.to_act(offered)
    (decline,) = (a for a in game.legal_actions(offered, other) if isinstance(a, DeclineDraw))
    declined = game.apply(offered, decline)
    for after in (offered, declined):
        assert after._codes is state._codes is not None
        for seat in game.players:
            expected = ENCODERS["sabotage"](game, game.view(after, seat), seat)
            assert numpy.array_equal(game.observation_tensor(after, seat), expected)


def test_sabotage_codes_worked_out_mid_game_keep_their_moves_oldest_first() -> None:
    """Square codes worked out from a position reached without encoding (the moves that may
    mark a square left found in board order) list those moves oldest first, as the patch's
    bisection of the too old needs; encoded at every step from there on, the planes equal
    the reference's."""
    import random

    from wargames.sabotage import learning
    from wargames.sabotage.rules import Sabotage

    game = wargames.load("sabotage", **OPTIONS["sabotage"])
    assert isinstance(game, Sabotage)
    reference = ENCODERS["sabotage"]
    rng = random.Random(3)
    checked = 0
    for seed in range(4):
        state = game.start(seed)
        for step in range(60):
            if game.outcome(state) is not None:
                break
            if step == 11:  # the first encoding: codes from every square
                assert state._codes is None
            if step >= 11:
                for player in game.players:
                    expected = reference(game, game.view(state, player), player)
                    assert numpy.array_equal(game.observation_tensor(state, player), expected)
                codes = state._codes
                assert codes is not None
                turns = [turn for _, _, turn in codes[1]]
                assert turns == sorted(turns)
                checked += len(set(turns)) > 1
            (player,) = game.to_act(state)
            state = game.apply(state, rng.choice(game.legal_actions(state, player)))
        worked_out = [turn for _, _, turn in learning.square_codes(game, state)[1]]
        assert worked_out == sorted(worked_out)
    assert checked  # some codes held moves of more than one turn


def test_masks_short_and_long_mark_the_same_places() -> None:
    """A short legal list (marked one by one) and a long one (by numpy's ``put``) give the
    same 0/1 vector as the indices say, each an array of its own an agent may write in."""
    from wargames.core import codec as codec_module

    game = wargames.load("sabot", **OPTIONS["sabot"])
    codec = game.action_codec
    everything = [action for player in game.players for action in game.every_action(player)]
    for size in (3, codec_module._MARKED_ONE_BY_ONE, codec_module._MARKED_ONE_BY_ONE + 1):
        legal = everything[:: len(everything) // size][:size]
        mask = codec.mask(legal)
        assert mask.dtype == numpy.int8
        assert mask.shape == (len(codec),)
        assert mask.nonzero()[0].tolist() == sorted(set(codec.indices(legal)))
        assert set(mask.tolist()) == {0, 1}
        again = codec.mask(legal)
        mask[:] = 7  # the agent's own array: another mask is not touched
        assert again.nonzero()[0].tolist() == sorted(set(codec.indices(legal)))


def test_piece_rows_patch_only_the_changed_pieces() -> None:
    calls: list[str] = []

    def encode(piece: str, player: str) -> Any:
        calls.append(piece)
        return numpy.array([len(piece), player == "red"], dtype=numpy.float32)

    rows = PieceRows(encode)
    block = numpy.zeros((4, 2), dtype=numpy.float32)
    first = ("a", "bb", "ccc")
    rows.fill(block, first, "red")
    assert block.tolist() == [[1, 1], [2, 1], [3, 1], [0, 0]]
    changed = (first[0], "dddd", first[2])
    again = numpy.zeros((4, 2), dtype=numpy.float32)
    rows.fill(again, changed, "red")
    assert again.tolist() == [[1, 1], [4, 1], [3, 1], [0, 0]]
    assert calls == ["a", "bb", "ccc", "dddd"]  # the unchanged pieces were not encoded again
    blue = numpy.zeros((4, 2), dtype=numpy.float32)
    rows.fill(blue, changed, "blue")  # another player: rows of its own
    assert blue[:, 1].tolist() == [0, 0, 0, 0]
    assert not rows("a", "red").flags.writeable  # shared rows cannot be changed by a caller


def test_a_mask_of_fresh_actions_finds_each_by_its_key() -> None:
    from wargames.core.errors import InvalidAction
    from wargames.sabot.state import Advance, Done, Select
    from wargames.sabotage.state import OfferDraw

    game = wargames.load("sabot", **OPTIONS["sabot"])
    codec = game.action_codec
    # Fresh objects (not the listed ones), in runs of one class and alone, with no field
    # but the player's (Done) among them.
    fresh = [Select("blue", 5), Select("blue", 3), Done("blue"), Advance("blue"), Select("red", 7)]
    mask = codec.mask(fresh)
    expected = sorted(codec.encode(action) for action in fresh)
    assert mask.nonzero()[0].tolist() == expected
    assert len(set(expected)) == len(fresh)
    assert codec.encode(Select("red", 7)) == codec.encode(Select("blue", 7))  # whoever acts
    with pytest.raises(InvalidAction):
        codec.mask([Select("blue", 1), Select("blue", 10**6)])
    with pytest.raises(InvalidAction):  # a class the action space does not have
        codec.mask([Select("blue", 1), OfferDraw("blue")])


@pytest.mark.parametrize("name", ["sabot", "gridscifi"])
def test_seen_reads_a_field_as_the_redaction_shows_it(name: str) -> None:
    game = wargames.load(name, **OPTIONS[name])

    @settings(max_examples=2, suppress_health_check=[HealthCheck.too_slow])
    @given(playouts(game, max_steps=40))
    def check(playout: Any) -> None:
        for state in playout.states[::4]:
            for player in game.players:
                for piece in (*state.units, *getattr(state, "purses", ())):
                    redacted = redact(piece, player)
                    for field in attrs.fields(type(piece)):
                        expected = getattr(redacted, field.name)
                        found = seen(piece, field.name, player)
                        assert found is expected or found == expected

    check()


def test_seen_redacts_what_a_visible_field_holds() -> None:
    @attrs.frozen
    class Hand:
        owner: str
        cards: Secret[int] = secret(lambda hand, player: player != "nobody")

    hand = Hand("red", Secret(7, {"red"}))
    assert seen(hand, "cards", "red") == Secret(7, {"red"})
    assert seen(hand, "cards", "blue") is HIDDEN  # visible field, its secret value hidden
    assert seen(hand, "cards", "nobody") is HIDDEN  # the field's own rule
    assert seen(hand, "owner", "blue") == "red"
