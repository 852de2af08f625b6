"""Sampled pasts (``sample_history``): every sample's past replays to what the player saw, and
the hidden units are what the set-up proves they are."""

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.errors import NoPast
from wargames.core.events import EventLog
from wargames.core.hidden import is_hidden
from wargames.core.history import History
from wargames.gridscifi import GridSciFi, GridState
from wargames.testing import check_history, seeds

from .helpers import aggressive

GAME = GridSciFi()
BRAWL = GridSciFi(scenario="brawl")
CONVOY = '''
[scenarios.convoy]
title = "Convoy"
armies = ["convoy", "pack"]
deployment = 1
reserves = RESERVES
turns = 2
map = """
......
......
......
......
"""

[[armies.convoy.units]]
name = "Truck"
kind = "non_troop"
size = "medium"
transport = 1
weapons = [{ name = "gun", type = "support" }]

[[armies.convoy.units]]
name = "Hauler"
kind = "non_troop"
size = "heavy"
transport = 2
weapons = [{ name = "gun", type = "support" }]

[[armies.convoy.units]]
name = "Squad"
count = 2
kind = "troop"
models = 3
armour = "light"
weapons = [{ name = "rifles", type = "assault" }]

[[armies.convoy.units]]
name = "Tank"
kind = "non_troop"
size = "heavy"
weapons = [{ name = "cannon", type = "blast" }]

[[armies.convoy.units]]
name = "Bike"
kind = "non_troop"
size = "light"
move = "fast"
weapons = [{ name = "cannon", type = "blast" }]

[[armies.pack.units]]
name = "Beast"
count = 2
kind = "troop"
models = 3
armour = "light"
weapons = [{ name = "claws", type = "close_combat" }]
'''
"""Two transports of different room, two troop units, two units in reserve (``RESERVES``)."""


def convoy(reserves: int) -> GridSciFi:
    return GridSciFi(scenario=CONVOY.replace("RESERVES", str(reserves)))


def drawn(game: GridSciFi, state: GridState, units: list[int]) -> set[tuple[str, ...]]:
    """The profiles red's samples give ``units``, each sample's past checked."""
    rng = random.Random(0)
    seen = set()
    for _ in range(40):
        check_history(game, [state], "red", rng)
        sample = game.sample_state(state, "red", rng)
        seen.add(tuple(sample.units[uid].profile for uid in units))
    return seen


def test_a_transport_that_kept_room_took_every_unit_before_the_next_did() -> None:
    """Blue's Truck (room 1) and Hauler (room 2) start in reserve, carrying a Squad each.
    The set-up fills the transports in reserve first, in the order they are numbered: had #2
    been the Hauler it would have taken both Squads, so #2 is the Truck and #3 the Hauler."""
    game = convoy(2)
    state = game.start(seed=2)
    view = game.view(state, "red")
    assert [view.units[uid].carrier for uid in (4, 5)] == [2, 3], "a Squad in each"
    assert drawn(game, state, [2, 3]) == {("Truck", "Hauler")}


def test_transports_set_up_by_hand_filled_in_the_order_they_are_numbered() -> None:
    """Set-up by hand (no reserves): blue's units still to be set up are numbered in the
    set-up's random order, which is also the order its transports took the Squads.  #1 and #3
    carry one each, so the first of them is the Truck: the Hauler would have taken both."""
    game = convoy(0)
    state = game.start(seed=0, deploy=False)
    view = game.view(state, "red")
    assert [view.units[uid].carrier for uid in (4, 5)] == [1, 3]
    assert drawn(game, state, [1, 3]) == {("Truck", "Hauler")}


def test_transports_set_up_empty_may_be_anywhere() -> None:
    """Where the scenario sets transports up empty, a unit in reserve carrying nothing may
    still be one: blue's Truck and Hauler in reserve are either of red's two hidden units."""
    game = GridSciFi(scenario=CONVOY.replace("RESERVES", "2\nembarked = false"))
    state = game.start(seed=2)
    assert all(u.carrier is None for u in state.units)
    hidden = [u.id for u in game.view(state, "red").units if is_hidden(u.profile)]
    assert hidden == [4, 5]
    assert drawn(game, state, hidden) == {("Truck", "Hauler"), ("Hauler", "Truck")}


def test_a_view_no_game_leads_to_has_no_past() -> None:
    view = GAME.view(GAME.start(seed=1), "red")
    with pytest.raises(NoPast, match="set-up"):
        GAME.sample_history(attrs.evolve(view, log=EventLog()), "red", random.Random(0))
    other = GAME.view(GAME.start(seed=2), "red")
    with pytest.raises(NoPast):
        GAME.sample_history(attrs.evolve(view, log=other.log), "red", random.Random(0))


def played(game: GridSciFi, seed: int, fierce: bool) -> list[GridState]:
    """Every state of a game from ``seed``: aggressive, or of random legal actions."""
    if fierce:
        return [state for state, _ in aggressive(game, seed)]
    chooser = random.Random(seed)
    states = [game.start(seed)]
    while game.outcome(states[-1]) is None and len(states) < 200:
        (player,) = game.to_act(states[-1])
        action = chooser.choice(game.legal_actions(states[-1], player))
        states.append(game.apply(states[-1], action))
    return states


@settings(max_examples=12, deadline=None)
@given(seeds(), st.floats(0, 1), st.booleans())
def test_every_sampled_past_replays_to_what_the_player_saw(
    seed: int, moment: float, fierce: bool
) -> None:
    """At any moment of a game (random, or full of attacks, fire returned, wrecks and
    arrivals), each player's sampled past replays legally, view by view, to what they saw,
    and its last state is the sample."""
    game = BRAWL if fierce else GAME
    states = played(game, seed, fierce)
    states = states[: round(moment * (len(states) - 1)) + 1]
    rng = random.Random(seed)
    for player in game.players:
        check_history(game, states, player, rng)
        past = game.sample_history(game.view(states[-1], player), player, rng)
        last = past.final(game)
        assert last == History(past.start, past.actions).final(game), "the replay's last state"
        assert isinstance(last, GridState)
        assert game.view(last, player) == game.view(states[-1], player)
