"""Simultaneous plotting and damage allocation: the order in which players' actions arrive
never changes the game, only what each player remembers of the order (their diary)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames import IllegalAction
from wargames.core.serialize import digest
from wargames.saw import Allocate, Saw, SawAction, SawState
from wargames.testing import seeds

from .helpers import act, first_seed

GAMES = [
    Saw(players=3, army="patrol"),
    Saw(players=4, army="lone", coordination=True, weapons=2),
    Saw(army="gunships", variable_traits=True, attacks=3, coordination=True, map="ruins"),
]


def own_part(game: Saw, state: SawState, player: str, rng: random.Random) -> list[SawAction]:
    """``player``'s random, complete part of the current phase, played alone: their legal
    actions never depend on the others' (secret) part."""
    actions: list[SawAction] = []
    while player in game.to_act(state):
        action = rng.choice(game.legal_actions(state, player))
        actions.append(action)
        state = game.apply(state, action)
    return actions


def game_of(state: SawState) -> SawState:
    """``state`` without the players' diaries: the game itself."""
    return state.with_changes(diaries=())


def interleave(parts: list[list[SawAction]], rng: random.Random) -> list[SawAction]:
    """The actions of every part, each part in its own order, parts mixed at random."""
    queues = [list(part) for part in parts if part]
    merged = []
    while queues:
        queue = rng.choice(queues)
        merged.append(queue.pop(0))
        if not queue:
            queues.remove(queue)
    return merged


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(range(len(GAMES))), seeds(), st.randoms(use_true_random=False))
def test_any_order_of_submissions_gives_the_same_state(
    which: int, seed: int, rng: random.Random
) -> None:
    game = GAMES[which]
    design = "manual" if which == 0 else "preset"
    state = game.start(seed, design=design)
    for _ in range(8):  # phases: design, plots and damage allocations
        if game.outcome(state) is not None:
            break
        parts = [own_part(game, state, p, rng) for p in game.players if p in game.to_act(state)]
        orders = [interleave(parts, random.Random(k)) for k in range(3)]
        orders.append([a for part in reversed(parts) for a in part])  # one player after another
        results = [game.apply_all(state, order) for order in orders]
        assert all(game_of(result) == game_of(results[0]) for result in results)
        assert len({digest(game, game_of(result)) for result in results}) == 1
        state = results[0]


def test_two_owners_allocating_damage_in_any_order() -> None:
    game = Saw(army="duel")
    state = first_seed(
        lambda seed: act(
            game,
            game.start(seed, hexes={"b1": "0505", "r1": "0605", "b2": "0104", "r2": "1104"}),
            "b1 attack r1",
            "b1 done",
            "b2 done",
            "r1 attack b1",
            "r1 done",
            "r2 done",
        ),
        lambda s: game.phase(s) == "damage" and game.to_act(s) == {"blue", "red"},
    )
    with pytest.raises(IllegalAction, match="r1 is not one of your units"):
        game.apply(state, Allocate("blue", "r1", "endurance", 1))
    rng = random.Random(3)
    parts = [own_part(game, state, player, rng) for player in ("blue", "red")]
    blue_first = game.apply_all(state, parts[0] + parts[1])
    red_first = game.apply_all(state, parts[1] + parts[0])
    mixed = game.apply_all(state, interleave(parts, random.Random(1)))
    assert game_of(blue_first) == game_of(red_first) == game_of(mixed)
    assert game.phase(blue_first) == "plot"
    assert blue_first.diaries != red_first.diaries, "each remembers who finished first"
