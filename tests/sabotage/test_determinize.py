"""``sample_state`` resamples unknown identities consistently with the army and with every
battle result the player has seen."""

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from wargames.sabotage import Kind, Sabotage, SabotageState, attacker_wins
from wargames.testing import states

from .helpers import move, piece_at, variant

GAME = Sabotage()
MINI = variant("SM")


def samples(game: Sabotage, state: SabotageState, player: str, n: int = 60) -> list[Kind]:
    """The kinds given to the enemy piece on e5 in ``n`` determinisations."""
    rng = random.Random(4)
    return [piece_at(game, game.sample_state(state, player, rng), "e5").kind for _ in range(n)]


def test_a_piece_that_beat_your_attacker_is_stronger_or_a_landmine() -> None:
    state = GAME.start(seed=11)
    position = {"e4": "g3", "e5": "r4", "a1": "gH", "j10": "rH", "j9": "r1", "a2": "g1"}
    state = GAME.position(position)
    state = GAME.apply_all(state, [move("e4-e5"), move("a2-a3")])
    kinds = set(samples(GAME, state, "green"))
    assert kinds <= {Kind.GENERAL_4, Kind.GENERAL_5, Kind.LANDMINE}
    assert len(kinds) > 1, "the real kind is one of several possibilities"


def test_a_piece_seen_moving_is_never_a_landmine_or_headquarters() -> None:
    game = Sabotage(moves_per_turn=1)
    state = game.position({"e4": "r3", "a1": "gH", "a2": "g1", "j10": "rH"}, to_move="red")
    state = game.apply(state, move("e4-e5", "red"))
    kinds = set(samples(game, state, "green", 200))
    assert Kind.LANDMINE not in kinds
    assert Kind.HEADQUARTERS not in kinds


def test_the_army_list_is_respected() -> None:
    state = GAME.start(seed=3)
    rng = random.Random(0)
    for _ in range(10):
        sample = GAME.sample_state(state, "green", rng)
        red = Counter(p.kind for p in sample.cells if p is not None and p.owner == "red")
        assert red == Counter(dict(GAME.layout.army))


@given(states(MINI, max_steps=80), st.sampled_from(["green", "red"]), st.randoms())
def test_determinisations_replay_every_seen_battle(
    state: SabotageState, player: str, rng: random.Random
) -> None:
    sample = MINI.sample_state(state, player, rng)
    kinds = {p.id: p.kind for p in (*sample.cells, *sample.captured) if p is not None}
    for event in sample.log:
        if type(event).__name__ == "Battle":
            won = attacker_wins(kinds[event.attacker], kinds[event.defender])
            assert won == event.attacker_won
    assert MINI.view(sample, player) == MINI.view(state, player)
