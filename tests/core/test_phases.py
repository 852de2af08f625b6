"""The declarative turn structure: set-up once, then a cycle of sequential and simultaneous
phases."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.phases import Clock, Mode, Phase, TurnStructure

PLAYERS = ("ann", "bob", "cid")
SIM = Mode.SIMULTANEOUS

WARGAME = TurnStructure(
    setup=(Phase("deploy"),),
    cycle=(Phase("plot", SIM), Phase("move"), Phase("attack")),
)


def moments(turns: TurnStructure, clock: Clock, steps: int) -> list[tuple[int, str, str]]:
    """(turn, phase name, who acts) for ``steps`` successive clocks from ``clock``."""
    out = []
    for _ in range(steps):
        acting = turns.actors(clock, PLAYERS)
        out.append((clock.turn, turns.phase(clock).name, "+".join(sorted(acting))))
        clock = turns.advance(clock)
    return out


def test_start_with_setup() -> None:
    clock = WARGAME.start(3)
    assert clock == Clock(0, 0, 0, (0, 1, 2))
    assert WARGAME.in_setup(clock)
    assert WARGAME.phase(clock) == Phase("deploy")
    assert WARGAME.phases == (Phase("deploy"), Phase("plot", SIM), Phase("move"), Phase("attack"))


def test_start_without_setup_is_turn_one() -> None:
    turns = TurnStructure(cycle=(Phase("move"),))
    clock = turns.start(2)
    assert clock == Clock(1, 0, 0, (0, 1))
    assert not turns.in_setup(clock)


def test_setup_then_cycle() -> None:
    assert moments(WARGAME, WARGAME.start(3), 16) == [
        (0, "deploy", "ann"),
        (0, "deploy", "bob"),
        (0, "deploy", "cid"),
        (1, "plot", "ann+bob+cid"),
        (1, "move", "ann"),
        (1, "move", "bob"),
        (1, "move", "cid"),
        (1, "attack", "ann"),
        (1, "attack", "bob"),
        (1, "attack", "cid"),
        (2, "plot", "ann+bob+cid"),
        (2, "move", "ann"),
        (2, "move", "bob"),
        (2, "move", "cid"),
        (2, "attack", "ann"),
        (2, "attack", "bob"),
    ]


def test_simultaneous_setup() -> None:
    turns = TurnStructure(setup=(Phase("bid", SIM),), cycle=(Phase("go"),))
    assert moments(turns, turns.start(3), 5) == [
        (0, "bid", "ann+bob+cid"),
        (1, "go", "ann"),
        (1, "go", "bob"),
        (1, "go", "cid"),
        (2, "go", "ann"),
    ]


def test_the_cycle_never_returns_to_setup() -> None:
    clock = WARGAME.start(3)
    for _ in range(3):  # the three deployments
        clock = WARGAME.advance(clock)
    for _ in range(40):
        assert clock.turn >= 1
        assert not WARGAME.in_setup(clock)
        clock = WARGAME.advance(clock)


def test_actor() -> None:
    clock = WARGAME.start(3)
    assert WARGAME.actor(clock, PLAYERS) == "ann"
    assert WARGAME.actor(WARGAME.advance(clock), PLAYERS) == "bob"
    plotting = Clock(1, 1, 0, (0, 1, 2))
    with pytest.raises(ValueError, match="'plot' is simultaneous"):
        WARGAME.actor(plotting, PLAYERS)
    assert WARGAME.actors(plotting, PLAYERS) == frozenset(PLAYERS)


def test_with_order() -> None:
    clock = WARGAME.start(3).with_order([2, 0, 1])
    assert clock.order == (2, 0, 1)
    assert [turn[2] for turn in moments(WARGAME, clock, 3)] == ["cid", "ann", "bob"]
    assert WARGAME.start(3).order == (0, 1, 2)  # with_order made a copy


@pytest.mark.parametrize("order", [[0, 0, 1], [0, 1], [1, 2, 3], [0, 1, 2, 3], []])
def test_with_order_must_be_a_permutation_of_the_seats(order: list[int]) -> None:
    with pytest.raises(ValueError, match="permutation"):
        WARGAME.start(3).with_order(order)


def test_invalid_structures() -> None:
    with pytest.raises(ValueError, match="at least one phase"):
        TurnStructure(cycle=())
    with pytest.raises(ValueError, match="at least one player"):
        WARGAME.start(0)


def test_clock_is_a_value() -> None:
    assert Clock(1, 2, 0, [1, 0]) == Clock(1, 2, 0, (1, 0))
    assert hash(Clock(1, 2, 0, [1, 0])) == hash(Clock(1, 2, 0, (1, 0)))
    assert TurnStructure(cycle=[Phase("a")]) == TurnStructure(cycle=(Phase("a"),))


modes = st.sampled_from([Mode.SEQUENTIAL, Mode.SIMULTANEOUS])


@given(
    st.lists(modes, max_size=3),
    st.lists(modes, min_size=1, max_size=4),
    st.integers(min_value=1, max_value=4),
    st.integers(min_value=0, max_value=60),
)
def test_turn_numbering(
    setup_modes: list[Mode], cycle_modes: list[Mode], players: int, steps: int
) -> None:
    turns = TurnStructure(
        setup=[Phase(f"s{i}", mode) for i, mode in enumerate(setup_modes)],
        cycle=[Phase(f"c{i}", mode) for i, mode in enumerate(cycle_modes)],
    )

    def length(modes: list[Mode]) -> int:
        return sum(players if mode is Mode.SEQUENTIAL else 1 for mode in modes)

    clock = turns.start(players)
    for _ in range(steps):
        clock = turns.advance(clock)
    setup_steps, cycle_steps = length(setup_modes), length(cycle_modes)
    if steps < setup_steps:
        assert clock.turn == 0
        assert turns.in_setup(clock)
    else:
        assert clock.turn == 1 + (steps - setup_steps) // cycle_steps
        assert not turns.in_setup(clock)
    assert 0 <= clock.seat < players
    names = (*PLAYERS, "dan")
    acting = turns.actors(clock, names[:players])
    expected = players if turns.phase(clock).mode is Mode.SIMULTANEOUS else 1
    assert len(acting) == expected


def test_clock_problems_name_what_no_game_can_reach() -> None:
    turns = TurnStructure(setup=(Phase("set-up"),), cycle=(Phase("move"), Phase("fire")))
    assert list(turns.clock_problems(turns.start(2), 2)) == []
    assert list(turns.clock_problems(turns.advance(turns.start(2)), 2)) == []
    broken = {
        Clock(1, 99, 0, (0, 1)): "phase 99 is not one of the 3 phases",
        Clock(0, 1, 0, (0, 1)): "turn 0 does not fit phase 'move'",
        Clock(3, 0, 0, (0, 1)): "turn 3 does not fit phase 'set-up'",
        Clock(1, 1, 0, (0, 0)): "the turn order [0, 0] is not an order of 2 seats",
        Clock(1, 1, 5, (0, 1)): "seat 5 is not in the turn order",
    }
    for clock, problem in broken.items():
        assert list(turns.clock_problems(clock, 2)) == [problem]
