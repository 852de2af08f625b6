"""The legal-action generator and the rule-by-rule checker agree on every action of the
game's action space, at every state of random and aggressive games (python-chess's pattern:
``legal_actions`` is generated directly, ``illegal_reason`` checks one action)."""

from hypothesis import given, settings

from wargames import State
from wargames.gridscifi import GridSciFi
from wargames.testing import Playout, check_legality, playouts, seeds

from .helpers import aggressive

GAME = GridSciFi()
BRAWL = GridSciFi(scenario="brawl")


def _agree(game: GridSciFi, state: State) -> None:
    check_legality(game, state)  # every action of the action space


@settings(max_examples=6)
@given(playouts(GAME, max_steps=120))
def test_random_games(playout: Playout) -> None:
    for state in playout.states:
        _agree(GAME, state)


@settings(max_examples=3)
@given(playouts(GAME, max_steps=60, setup={"deploy": False}))
def test_games_set_up_by_the_players(playout: Playout) -> None:
    for state in playout.states:
        _agree(GAME, state)


@settings(max_examples=2)
@given(seeds())
def test_aggressive_games(seed: int) -> None:
    """Attacks, answers to them, psychic dice, transports wrecked and units bailing out."""
    for state, _ in aggressive(BRAWL, seed):
        _agree(BRAWL, state)
