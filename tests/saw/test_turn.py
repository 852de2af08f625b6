"""Movement (simultaneous, with this library's collision rule), Attack, Damage, and how a game
ends."""

from collections.abc import Mapping, Sequence
from typing import ClassVar

import pytest

from wargames import IllegalAction
from wargames.core.hexes import Hex
from wargames.saw import (
    Allocated,
    Attacked,
    Destroyed,
    Eliminated,
    Moved,
    Saw,
    SawState,
)
from wargames.saw.movement import CollisionRule, back_off, hold

from .helpers import BALANCED, act, audit, duel, events, first_seed, legal_texts, side_by_side

# -- movement ----------------------------------------------------------------------------------


def where(game: Saw, state: SawState, unit: str) -> str:
    cell = state.units[game.unit_index(unit)].hex
    return "destroyed" if cell is None else game.arena.board.label(cell)


def test_units_move_simultaneously_and_may_pass_through_each_other() -> None:
    game = duel()
    state = game.start(seed=1, hexes={"b1": "0505", "r1": "0705"})
    state = act(game, state, "b1 step se", "b1 step ne", "b1 done")  # 0605, 0705
    state = act(game, state, "r1 step sw", "r1 step nw", "r1 done")  # 0605, 0505
    assert (where(game, state, "b1"), where(game, state, "r1")) == ("0705", "0505")
    assert [e.blocked for e in events(state, Moved)] == [False, False]


def test_units_aiming_at_one_hex_both_stop_short() -> None:
    """Library default ("back-off"): units that would end on one hex step back along their
    paths, all at once, until no two share a hex."""
    game = duel()
    state = game.start(seed=1, hexes={"b1": "0305", "r1": "0705"})
    state = act(game, state, "b1 step se", "b1 step ne", "b1 step se", "b1 done")  # to 0605
    state = act(game, state, "r1 step sw", "r1 done")  # to 0605
    assert (where(game, state, "b1"), where(game, state, "r1")) == ("0505", "0705")
    assert [(e.unit, len(e.path), e.blocked) for e in events(state, Moved)] == [
        ("b1", 2, True),
        ("r1", 0, True),
    ]


def test_a_unit_that_stays_keeps_its_hex() -> None:
    game = duel()
    state = game.start(seed=1, hexes={"b1": "0505", "r1": "0605"})
    state = act(game, state, "b1 step se", "b1 done", "r1 done")
    assert (where(game, state, "b1"), where(game, state, "r1")) == ("0505", "0605")


def test_the_hold_rule_sends_every_colliding_unit_home() -> None:
    game = duel(collisions="hold")
    state = game.start(seed=1, hexes={"b1": "0305", "r1": "0705"})
    state = act(game, state, "b1 step se", "b1 step ne", "b1 step se", "b1 done")
    state = act(game, state, "r1 step sw", "r1 done")
    assert (where(game, state, "b1"), where(game, state, "r1")) == ("0305", "0705")


def test_collision_rules_are_symmetric_and_settle() -> None:
    a, b, c, d = Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)
    moves = [(a, (b, c)), (d, (c,)), (Hex(5, 5), ())]  # two units end on c
    assert back_off(moves) == (1, 0, 0)
    assert back_off(list(reversed(moves))) == tuple(reversed(back_off(moves)))
    assert hold(moves) == (0, 0, 0)
    behind = [(a, (b, c, d)), (d, (c,))]  # the unit ahead moves out of the way: no collision
    assert back_off(behind) == (3, 1) == hold(behind)
    chain = [(a, (b,)), (b, (c,)), (c, (d,))]  # each enters the hex the next one leaves
    assert back_off(chain) == (1, 1, 1) == hold(chain)
    ring = [(a, (b,)), (b, (a,))]  # a swap: they pass each other
    assert back_off(ring) == (1, 1)


class RammingSaw(Saw):
    """A variant whose units, when they would end together, all get where they were going
    except the one with the lowest designation, which stays home (a made-up rule)."""

    collision_rules: ClassVar[Mapping[str, CollisionRule]] = {
        **Saw.collision_rules,
        "ram": lambda moves: ram(moves),
    }


def ram(moves: Sequence[tuple[Hex, tuple[Hex, ...]]]) -> tuple[int, ...]:
    steps = [len(path) for _, path in moves]
    ends = [path[-1] if path else start for start, path in moves]
    for unit, end in enumerate(ends):
        if ends.count(end) > 1 and ends.index(end) == unit:
            steps[unit] = 0
    return back_off([(s, p[:n]) for (s, p), n in zip(moves, steps, strict=True)])


def test_a_variant_may_bring_its_own_collision_rule() -> None:
    game = RammingSaw(armies={"blue": [BALANCED], "red": [BALANCED]}, collisions="ram")
    state = game.start(seed=1, hexes={"b1": "0305", "r1": "0705"})
    state = act(game, state, "b1 step se", "b1 step ne", "b1 step se", "b1 done")
    state = act(game, state, "r1 step sw", "r1 done")
    assert (where(game, state, "b1"), where(game, state, "r1")) == ("0305", "0605")


# -- attack and damage -------------------------------------------------------------------------


def exchange(game: Saw, seed: int) -> SawState:
    """Blue's Balanced and red's Bruiser, next to each other, shoot each other."""
    return side_by_side(game, seed, "b1 attack r1", "b1 done", "r1 attack b1", "r1 done")


def test_attacks_are_resolved_after_movement_from_where_units_end() -> None:
    game = duel()
    state = game.start(seed=3, hexes={"b1": "0105", "r1": "0705"})
    state = act(game, state, *["b1 step se", "b1 step ne"] * 2, "b1 attack r1", "b1 done")
    state = act(game, state, "r1 done")
    (attack,) = events(state, Attacked)
    assert attack.penalty == 1, "b1 moved within 5 hexes of r1 (from 6) before firing"
    assert events(state, Moved)[0].unit == "b1"
    audit(game, state)


def test_the_damage_phase_lets_the_owner_allocate_every_hit_point() -> None:
    game = duel()
    state = first_seed(
        lambda seed: exchange(game, seed),
        lambda s: game.to_act(s) == {"red"} and s.units[1].sheet.hits >= 2,
    )
    red = state.units[1]
    hits = red.sheet.hits
    assert red.damaged
    assert red.alive
    assert legal_texts(game, state, "red") == [
        f"r1 lose {n} {trait}"
        for trait, value in zip(game.traits[1], (2, 0, 8, 4, 6), strict=True)
        for n in (1, 5)
        if n <= min(hits, value)
    ]
    with pytest.raises(IllegalAction, match="evasion of r1 may not go below zero"):
        act(game, state, "r1 lose 1 evasion")
    state = act(game, state, *["r1 lose 1 endurance"] * hits)
    assert game.phase(state) == "plot"
    assert state.clock.turn == 2
    (allocated,) = events(state, Allocated)
    assert allocated.amounts == (0, 0, hits, 0, 0)
    assert state.units[1].sheet.traits == (2, 0, 8 - hits, 4, 6)
    audit(game, state)


def test_no_more_hit_points_than_taken() -> None:
    game = duel()
    state = first_seed(
        lambda seed: exchange(game, seed),
        lambda s: game.to_act(s) == {"red"} and s.units[1].sheet.hits == 4,
    )
    with pytest.raises(IllegalAction, match=r"only 4 hit point"):
        act(game, state, "r1 lose 5 endurance")


def test_a_unit_reduced_to_zero_is_destroyed_and_its_player_is_out() -> None:
    """ "If all of the traits of a unit have been reduced to zero, that unit is destroyed and
    removed from the map"; the last side standing wins (library rule)."""
    game = Saw(armies={"blue": [BALANCED], "red": [["Speck", 1, 1, [0, 0, 1, 0, 0]]]})
    state = first_seed(
        lambda seed: side_by_side(game, seed, "b1 attack r1", "b1 done", "r1 done"),
        lambda s: bool(events(s, Destroyed)),
    )
    assert where(game, state, "r1") == "destroyed"
    assert [e.player for e in events(state, Eliminated)] == ["red"]
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.winners == {"blue"}
    assert outcome.reason == "last side standing"
    assert game.to_act(state) == frozenset()


def test_a_unit_taking_exactly_the_points_it_has_left_is_destroyed() -> None:
    """3 hit points on a 3-point unit reduce every trait to zero: destroyed and removed, with
    no allocation to make."""
    game = Saw(armies={"blue": [BALANCED], "red": [BALANCED, ["Speck", 3, 1, [0, 0, 3, 0, 0]]]})
    state = first_seed(
        lambda seed: act(
            game,
            game.start(seed, hexes={"b1": "0505", "r1": "0101", "r2": "0605"}),
            *("b1 attack r2", "b1 done", "r1 done", "r2 done"),
        ),
        lambda s: events(s, Attacked)[0].hit_points == 3,
    )
    assert where(game, state, "r2") == "destroyed"
    assert [e.unit for e in events(state, Destroyed)] == ["r2"]
    assert game.phase(state) == "plot", "nothing is left to allocate"
    hurt = first_seed(
        lambda seed: act(
            game,
            game.start(seed, hexes={"b1": "0505", "r1": "0101", "r2": "0605"}),
            *("b1 attack r2", "b1 done", "r1 done", "r2 done"),
        ),
        lambda s: events(s, Attacked)[0].hit_points == 2,
    )
    assert not events(hurt, Destroyed), "2 hit points leave the 3-point unit 1"
    assert hurt.units[2].sheet.hits == 2


def test_everyone_destroyed_in_one_turn_is_a_draw() -> None:
    speck = ["Speck", 1, 1, [0, 0, 0, 1, 0]]
    game = Saw(armies={"blue": [speck], "red": [speck]})
    state = first_seed(lambda seed: exchange(game, seed), lambda s: len(events(s, Destroyed)) == 2)
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.is_draw
    assert "same turn" in outcome.reason


def test_the_turn_limit_draws_the_game() -> None:
    game = duel(turn_limit=1)
    state = act(game, game.start(seed=1), "b1 done", "r1 done")
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.is_draw
    assert outcome.reason == "turn limit of 1 reached with blue, red standing"


def test_a_bruiser_shrugs_off_what_it_cannot_feel() -> None:
    """Damage 0 against endurance 30 can never get through: hits without damage are public."""
    game = Saw(
        armies={
            "blue": [["Pea", 5, 1, [0, 0, 0, 5, 0]]],
            "red": [["Wall", 30, 1, [0, 0, 30, 0, 0]]],
        }
    )
    state = first_seed(lambda seed: exchange(game, seed), lambda s: events(s, Attacked)[0].hit)
    attack = events(state, Attacked)[0]
    assert attack.hit
    assert not attack.damaged
    assert attack.hit_points == 0
    assert not state.units[1].damaged
