"""Sampled pasts (``sample_history``, the package ``determinize``): every sample replays,
step by step, to what the player saw, and is the last state of its past."""

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

import wargames.sabot.determinize as sabot_past
from wargames.core.history import History
from wargames.sabot import Sabot
from wargames.testing import check_history

from .helpers import recorded


def test_the_sample_is_the_last_state_of_its_past() -> None:
    """The determinisation is the sampled past replayed (the sampler keeps the last state
    its own replay reached, which must be the kernel's)."""
    game = Sabot(build_points=120)
    chooser = random.Random(3)
    state = game.start(3)
    for _ in range(150):
        acting = chooser.choice(sorted(game.to_act(state)))
        state = game.apply(state, chooser.choice(game.legal_actions(state, acting)))
    for player in game.players:
        past = game.sample_history(game.view(state, player), player, random.Random(0))
        assert past.final(game) == History(past.start, past.actions).final(game)


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from([({}, {}), ({"reinforcements": 40}, {}), ({}, {"deploy": False})]),
    st.integers(0, 10_000),
    st.integers(0, 150),
    st.sampled_from(("blue", "yellow")),
)
# Found by hypothesis: yellow's artillery fired on blue's mover by overwatch, and blue's
# sampled past drew a vehicle of yellow's in its line of sight.  An overwatch shot needs a
# line of sight whatever the weapon, which the replay did not check for artillery.
@example(({"reinforcements": 40}, {}), 569, 76, "blue")
# Found by hypothesis: yellow set up by hand, dug five positions and then moved a counter,
# so the army is 8 units, 3 of them known, 4 counters that are no decoy and 2 engineers; the
# engineers were drawn as units beyond the counters' (9 of 8), and no army fit.
@example(({}, {"deploy": False}), 192, 80, "yellow")
def test_every_sampled_past_shows_the_player_what_they_saw(
    setup: tuple[dict[str, int], dict[str, bool]], seed: int, steps: int, player: str
) -> None:
    options, start = setup
    game = Sabot(build_points=120, **options)
    chooser = random.Random(seed)
    states = [game.start(seed, **start)]
    while len(states) <= steps and game.outcome(states[-1]) is None:
        state = states[-1]
        acting = chooser.choice(sorted(game.to_act(state)))
        states.append(game.apply(state, chooser.choice(game.legal_actions(state, acting))))
    check_history(game, states, player, random.Random(seed))


def test_a_carrier_boarded_again_carried_at_once_only_what_its_set_up_put_in() -> None:
    """The rare NoPast of a random conformance run (issue 31): in a random set-up on
    ``hills``, yellow's HPC 12 (capacity 2) carried squads 14 and 16; both got out, then 16
    boarded it again (``data/board-after-setup.json``, a random game from seed 5009).  The
    sampler counted the boarding as one squad more on top of the set-up's two, ruled out
    every type that carries 3 or fewer, and found no past for blue.  A boarding proves only
    that one squad is aboard: 12 may be an HPC, and blue's past is found."""
    game, states = recorded("board-after-setup")
    final = states[-1]
    assert final.units[12].kind == "HPC"
    assert game.table["HPC"].capacity == 2
    view = game.view(final, "blue")
    assert "HPC" in sabot_past.analyse(game, view, "blue").domains[12]
    rng = random.Random(9)
    for player in game.players:
        check_history(game, states, player, rng)
