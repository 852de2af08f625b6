"""Golden data for Sabatu regression tests: seeded bot games as replays with their final
digests, one for the base game with 2 and 4 players and one per Variation.

Regenerate deliberately, after a rule change, with ``python -m tests.sabatu.golden`` and
review the diff; the tests compare against the committed file.
"""

import json
from pathlib import Path
from typing import Any

from wargames.bots import RandomBot, play
from wargames.sabatu import Sabatu
from wargames.testing.golden import golden_record

HERE = Path(__file__).parent / "golden"
GAMES: dict[str, tuple[str | None, int]] = {
    "base-2": (None, 2),
    "base-4": (None, 4),
    "variant-1": ("1", 3),
    "variant-2": ("2", 3),
    "variant-3": ("3", 2),
}
SEED = 5


def record(variant: str | None, players: int) -> dict[str, Any]:
    """A negotiating RandomBot game (trades and hires included) and its final digest."""
    game = (Sabatu.variants[variant] if variant else Sabatu)(players=players)
    bots = {p: RandomBot(SEED * 10 + i, negotiate=True) for i, p in enumerate(game.players)}
    return golden_record(game, play(game, bots, seed=SEED, max_actions=600))


def main() -> None:
    table = {name: record(*spec) for name, spec in GAMES.items()}
    (HERE / "replays.json").write_text(json.dumps(table) + "\n")


if __name__ == "__main__":
    main()
