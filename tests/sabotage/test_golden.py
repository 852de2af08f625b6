"""Regression guards: perft counts and seeded replays against committed golden files, and a
perft small enough to count by hand."""

import json

import pytest

from wargames.testing.golden import check_golden

from .golden import CODES, HERE, PERFT_DEPTH, PERFT_SEED, perft
from .helpers import variant


@pytest.mark.parametrize("code", CODES)
def test_perft_matches_the_golden_counts(code: str) -> None:
    expected = json.loads((HERE / "perft.json").read_text())[code]
    game = variant(code)
    start = game.start(PERFT_SEED)
    assert [perft(game, start, d) for d in range(1, PERFT_DEPTH + 1)] == expected


@pytest.mark.parametrize("code", CODES)
def test_golden_replays_reproduce_their_final_state(code: str) -> None:
    for record in json.loads((HERE / f"replays-{code}.json").read_text()):
        check_golden(record)


def test_perft_by_hand() -> None:
    # Green: a General on e2 (4 moves) and a Recon on a1 (2 moves: a2, b1) plus an offer of a
    # draw = 7 first actions. After the General's move the Recon still moves (2 each), after
    # the Recon's move the General still moves (4 each); after the offer red answers (2).
    game = variant("SG")
    state = game.position({"e2": "g3", "a1": "gR", "j10": "rH", "j9": "r1", "a10": "gH"})
    assert perft(game, state, 1) == 7
    assert perft(game, state, 2) == 4 * 2 + 2 * 4 + 2
