"""Tests of the generic reachability search (core/movement.py)."""

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.board import HexBoard
from wargames.core.hexes import Hex
from wargames.core.movement import reach, reaches


def test_budget_and_paths_on_a_line() -> None:
    tree = reach(0, lambda n, spent: [(n + 1, 2)] if spent + 2 <= 5 else [])
    assert tree.costs == {0: 0, 1: 2, 2: 4}
    assert tree.path(2) == (0, 1, 2)
    with pytest.raises(KeyError):
        tree.path(3)


def test_stopping_labels_are_reached_but_not_expanded() -> None:
    tree = reach(
        0, lambda n, spent: [(n + 1, 1), (n + 2, 3)] if n < 6 else [], stops=lambda n: n == 1
    )
    assert tree.costs[1] == 1
    assert tree.costs[2] == 3  # not 2, through the stopping label 1
    assert tree.path(3) == (0, 2, 3)


def test_facing_as_state_zero_cost_turns() -> None:
    # labels (position, facing): turning is free, stepping forward costs 1, budget 2.
    def expand(label: tuple[int, int], spent: int) -> list[tuple[tuple[int, int], int]]:
        x, f = label
        out = [((x, 1 - f), 0)]
        if spent < 2:
            out.append(((x + (1 if f == 0 else -1), f), 1))
        return out

    tree = reach((0, 0), expand)
    places = tree.best(lambda label: label[0])
    assert sorted(places) == [-2, -1, 0, 1, 2]
    assert tree.path(places[-2]) == ((0, 0), (0, 1), (-1, 1), (-2, 1))


def test_negative_costs_are_refused() -> None:
    with pytest.raises(ValueError, match="negative step cost"):
        reach(0, lambda n, spent: [(1, -1)])


@given(st.integers(1, 5), st.sets(st.integers(0, 48), max_size=15))
def test_unit_costs_match_networkx_shortest_paths(budget: int, holes: set[int]) -> None:
    board = HexBoard.rectangle(7, 7)
    blocked = {board.node(i) for i in holes} - {board.node(24)}
    start = board.node(24)

    def expand(cell: Hex, spent: int) -> list[tuple[Hex, int]]:
        if spent >= budget:
            return []
        return [(n, 1) for n in board.neighbours(cell) if n not in blocked]

    tree = reach(start, expand)
    graph = board.graph.subgraph(set(board) - blocked)
    expected = nx.single_source_shortest_path_length(graph, start, cutoff=budget)
    assert tree.costs == dict(expected)
    for cell, cost in tree.costs.items():
        assert len(tree.path(cell)) == cost + 1


@given(
    st.integers(1, 5),
    st.sets(st.integers(0, 48), max_size=15),
    st.sets(st.integers(0, 48), max_size=6),
    st.sets(st.integers(0, 48), max_size=4),
)
def test_reaches_answers_as_the_whole_search_would(
    budget: int, holes: set[int], stopping: set[int], goals: set[int]
) -> None:
    """``reaches`` stops at the first goal, and says yes exactly when :func:`reach` reaches
    one (stopping labels count as reached, and are not gone through)."""
    board = HexBoard.rectangle(7, 7)
    blocked = {board.node(i) for i in holes} - {board.node(24)}

    def expand(cell: Hex, spent: int) -> list[tuple[Hex, int]]:
        if spent >= budget:
            return []
        return [(n, 1) for n in board.neighbours(cell) if n not in blocked]

    def stops(cell: Hex) -> bool:
        return board.index(cell) in stopping

    def goal(cell: Hex) -> bool:
        return board.index(cell) in goals

    tree = reach(board.node(24), expand, stops=stops)
    expected = any(goal(cell) for cell in tree.costs)
    assert reaches(board.node(24), expand, goal, stops=stops) is expected
