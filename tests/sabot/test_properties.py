"""Properties over random games on both default maps (hypothesis): no two units in one hex
(squads aboard aside), no unit in terrain its type cannot enter, the counters on each hex
and each side's counters as a state hands them on, views hiding every concealed counter's
identity, decoy status and shots; the checker and the generator of actions agree."""

import re

import pytest
from attrs import evolve
from hypothesis import given, settings

from wargames.core.errors import InvalidAction
from wargames.core.hidden import is_hidden
from wargames.sabot import Sabot, SabotState
from wargames.sabot.movement import stands
from wargames.sabot.state import (
    Advance,
    Done,
    Hold,
    Reveal,
    SabotAction,
    Select,
    Stop,
    TakeOff,
    Turn,
    enemies,
    enemies_on,
    occupants,
    side,
)
from wargames.testing import check_legality, playouts
from wargames.testing.strategies import Playout

GAMES = {name: Sabot(map=name, build_points=150) for name in ("crossroads", "hills")}


def check(game: Sabot, playout: Playout) -> None:
    for state in playout.states:
        assert isinstance(state, SabotState)
        on_map = [u for u in state.units if u.on_map]
        moving = state.moving.unit if state.moving else -1
        ended = [u.hex for u in on_map if u.id != moving]  # a mover may pass through friends
        assert len(set(ended)) == len(ended)  # VI-c
        standing: dict[int, tuple[int, ...]] = {}
        for unit in on_map:
            standing[unit.hex] = (*standing.get(unit.hex, ()), unit.id)
        assert occupants(state) == standing  # as handed on from state to state
        hexes = frozenset(range(0, len(game.map), 3))
        for player in game.players:  # the sides, handed on likewise
            assert side(state, player) == tuple(u for u in on_map if u.owner == player)
            assert enemies(state, player) == tuple(u for u in on_map if u.owner != player)
            there = [u for u in on_map if u.owner != player and u.hex in hexes]
            assert enemies_on(state, player, hexes) == there  # from the sides
            assert enemies_on(evolve(state), player, hexes) == there  # from the occupants
        for unit in on_map:  # III: terrain its type may enter (or stand in, swimming)
            flying = (
                state.moving is not None and state.moving.unit == unit.id and (state.moving.flying)
            )
            if not flying:
                assert stands(game.map, game.kind(unit), unit.hex), unit
    for state in playout.states[:: max(1, len(playout.states) // 4)]:
        assert isinstance(state, SabotState)
        for player in game.players:
            view = game.view(state, player)
            for seen, real in zip(view.units, state.units, strict=True):
                if real.owner != player:
                    assert is_hidden(seen.kind) != real.revealed  # identity and decoy status
                    assert is_hidden(seen.ammo)  # the shots marker stays under the counter


@pytest.mark.parametrize("name", sorted(GAMES))
def test_stacking_terrain_and_views_hold_in_random_games(name: str) -> None:
    game = GAMES[name]

    @settings(max_examples=8)
    @given(playouts(game, max_steps=150))
    def run(playout: Playout) -> None:
        check(game, playout)

    run()


def test_and_with_set_up_as_actions() -> None:
    game = GAMES["crossroads"]

    @settings(max_examples=8)
    @given(playouts(game, max_steps=150, setup={"deploy": False}))
    def run(playout: Playout) -> None:
        check(game, playout)

    run()


def near_misses(state: SabotState, player: str) -> list[SabotAction]:
    """Actions a player might try at any moment of a move or a phase: every step of a move,
    a turn of two faces, holding fire, ending the phase, selecting each counter."""
    return [
        Advance(player), Turn(player, -1), Turn(player, 1), Turn(player, 2), Stop(player),
        Hold(player), Done(player), Reveal(player), TakeOff(player),
        *(Select(player, unit.id) for unit in state.units),
    ]  # fmt: skip


def test_the_checker_refuses_exactly_what_the_generator_leaves_out() -> None:
    """Checked apply decides the one action (advance, turn, stop, select...) without
    generating them all: over random games, an action is legal (``illegal_reason`` None)
    exactly when ``legal_actions`` offers it, for the legal actions, near misses, and the
    actions that were legal one step earlier."""
    game = GAMES["crossroads"]

    @settings(max_examples=8)
    @given(playouts(game, max_steps=200))
    def run(playout: Playout) -> None:
        earlier: tuple[SabotAction, ...] = ()
        for state in playout.states:
            assert isinstance(state, SabotState)
            misses = [m for player in game.players for m in near_misses(state, player)]
            check_legality(game, state, [*earlier, *misses], action_space=False)
            earlier = tuple(a for p in game.to_act(state) for a in game.legal_actions(state, p))

    run()


def test_a_listed_action_is_legal_without_the_list() -> None:
    """``check`` takes an action that ``legal_actions`` listed in the same state as legal
    without a second look: over random games, every listed action passes the full check
    on a copy of the state that never listed anything, and the near misses are refused
    there with the same error as in the state itself."""
    game = GAMES["hills"]

    @settings(max_examples=6)
    @given(playouts(game, max_steps=150))
    def run(playout: Playout) -> None:
        for state in playout.states:
            assert isinstance(state, SabotState)
            for player in sorted(game.to_act(state)):
                listed = game.legal_actions(state, player)
                fresh = evolve(state)  # the same position, with nothing worked out yet
                for action in listed:
                    game.check(fresh, action)
                for miss in near_misses(state, player):
                    if miss not in listed:
                        with pytest.raises(InvalidAction) as there:
                            game.check(state, miss)
                        with pytest.raises(type(there.value), match=re.escape(str(there.value))):
                            game.check(fresh, miss)

    run()
