"""Chance no player can predict: the attack of guessing a game's seed, tried on every game.

A player who could rebuild the game from its seed would know every hidden piece and every
future roll.  The attack: start the game from each small seed, play the game's actions so far,
and compare what the player sees with their own view of the real game (after a few actions,
where a game's start shows a player too little to tell seeds apart).  It finds a game
started from a small seed (the control, so the attack is real) and never a game started
without one, whose key comes from :mod:`secrets` and is no seed's key at all: 2**256 keys
make the search hopeless by design.
"""

from __future__ import annotations

from typing import Any

import pytest

import wargames
from wargames import IllegalAction
from wargames.bots import Match, RandomBot, play
from wargames.core.rng import key_from_seed

TRIES = {"sabotage": 2000}
"""Seeds tried per game (starts of the bigger games are dearer: they try fewer)."""
ACTIONS = {"saw": 40, "sabatu": 30}
"""Actions played before the attack, where the start alone shows too little."""


def recovered_seed(game: wargames.Game[Any, Any], match: Match, player: str, tries: int) -> Any:
    """The first seed below ``tries`` from which the match's actions give ``player`` the view
    they have, or ``None``."""
    seen = game.view(match.final, player)
    for seed in range(tries):
        try:
            state = game.apply_all(game.start(seed), match.replay.actions)
        except IllegalAction:
            continue
        if game.view(state, player) == seen:
            return seed
    return None


@pytest.mark.parametrize("name", wargames.available())
def test_brute_force_over_small_seeds_recovers_no_secret_game(name: str) -> None:
    game = wargames.load(name)
    player = game.players[0]
    tries = TRIES.get(name, 60)
    bots = {p: RandomBot(i) for i, p in enumerate(game.players)}
    length = ACTIONS.get(name, 0)
    control = play(game, bots, seed=tries - 1, max_actions=length)
    assert recovered_seed(game, control, player, tries) is not None, "the attack works"
    secret = play(game, bots, max_actions=length)
    assert recovered_seed(game, secret, player, tries) is None
    assert secret.final.rng.key not in {key_from_seed(seed) for seed in range(100_000)}
