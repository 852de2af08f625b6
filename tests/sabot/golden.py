"""Golden data for SABOT regression tests: seeded random-bot games on both default maps,
stored as JSON replays with the digest of their final state.

Regenerate deliberately, after a rule change, with ``python -m tests.sabot.golden`` and
review the diff; the tests compare against the committed files.
"""

import json
from pathlib import Path
from typing import Any

from wargames.bots import RandomBot, play
from wargames.sabot import Sabot
from wargames.testing.golden import golden_record

HERE = Path(__file__).parent / "golden"
GAMES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "crossroads": ({"map": "crossroads", "build_points": 120, "max_turns": 8}, {}),
    "hills": ({"map": "hills", "build_points": 120, "max_turns": 8}, {}),
    "crossroads-set-up-reinforced": (
        {"map": "crossroads", "build_points": 90, "reinforcements": 40, "max_turns": 5},
        {"deploy": False},
    ),
}
SEED = 1


def record(name: str) -> dict[str, Any]:
    """A RandomBot game of ``GAMES[name]`` from ``SEED``: replay JSON, final digest, outcome."""
    options, setup = GAMES[name]
    game = Sabot(**options)
    bots = {p: RandomBot(SEED * 10 + i) for i, p in enumerate(game.players)}
    return golden_record(game, play(game, bots, seed=SEED, setup=setup))


def main() -> None:
    for name in GAMES:
        (HERE / f"replay-{name}.json").write_text(json.dumps(record(name)) + "\n")


if __name__ == "__main__":
    main()
