"""Golden data for Sabotage regression tests: legal-action counts (perft) and seeded replays.

Regenerate deliberately, after a rule change, with ``python -m tests.sabotage.golden``
and review the diff; the tests compare against the committed files.
"""

import json
from pathlib import Path
from typing import Any

from wargames.bots import RandomBot, play
from wargames.sabotage import Sabotage, SabotageState
from wargames.testing.golden import golden_record

from .helpers import variant

HERE = Path(__file__).parent / "golden"
CODES = ("SG", "SM", "SR", "SO", "SN", "SC")
PERFT_SEED = 11
PERFT_DEPTH = 3
REPLAY_SEEDS = (1,)


def perft(game: Sabotage, state: SabotageState, depth: int) -> int:
    """The number of action sequences of length ``depth`` (fewer where a game ends)."""
    if depth == 0 or game.outcome(state) is not None:
        return 1
    return sum(
        perft(game, game.apply(state, action), depth - 1)
        for player in sorted(game.to_act(state))
        for action in game.legal_actions(state, player)
    )


def perft_table() -> dict[str, list[int]]:
    """Per variant, perft(1..PERFT_DEPTH) from ``start(PERFT_SEED)``."""
    table = {}
    for code in CODES:
        game = variant(code)
        start = game.start(PERFT_SEED)
        table[code] = [perft(game, start, depth) for depth in range(1, PERFT_DEPTH + 1)]
    return table


def replay_record(code: str, seed: int) -> dict[str, Any]:
    """A RandomBot game of ``code`` from ``seed``: its replay JSON and final digest."""
    game = variant(code)
    bots = {p: RandomBot(seed * 10 + i) for i, p in enumerate(game.players)}
    return golden_record(game, play(game, bots, seed=seed))


def main() -> None:
    (HERE / "perft.json").write_text(json.dumps(perft_table(), indent=1) + "\n")
    for code in CODES:
        records = [replay_record(code, seed) for seed in REPLAY_SEEDS]
        (HERE / f"replays-{code}.json").write_text(json.dumps(records) + "\n")


if __name__ == "__main__":
    main()
