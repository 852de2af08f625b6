"""Cost- and stop-aware reachability: every place a piece can reach, with its path.

Movement rules differ by game, but their search is the same: a piece is in some *label* (a
place, plus whatever else the rules track — its facing, turns used, whether it has left a
road), each step from a label costs some move units (turning in place may cost nothing), the
rules refuse steps the budget cannot pay, and some labels end the move (entering a zone of
control).  :func:`reach` runs Dijkstra's algorithm over labels (:func:`reaches` stops at the
first label that meets a goal); the game supplies ``expand``
and ``stops`` and so keeps all its rules in one place, shared with step-by-step play.

>>> def expand(n: int, spent: int):
...     return [(n + 1, 1)] if spent < 3 else []
>>> tree = reach(0, expand, stops=lambda n: n == 2)
>>> sorted(tree.costs.items()), tree.path(2)
([(0, 0), (1, 1), (2, 2)], (0, 1, 2))

Labels reached only through a stopping label are not expanded from it; the cheapest
cost wins, ties go to the label found first, so results are deterministic.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Generic, TypeVar

__all__ = ["Reach", "reach", "reaches"]

L = TypeVar("L", bound=Hashable)
K = TypeVar("K", bound=Hashable)


class Reach(Generic[L]):
    """The result of :func:`reach`: each reached label's cheapest cost and its parent."""

    __slots__ = ("costs", "parents", "start")

    def __init__(self, start: L, costs: dict[L, int], parents: dict[L, L]) -> None:
        self.start = start
        self.costs = costs
        self.parents = parents

    def __contains__(self, label: object) -> bool:
        return label in self.costs

    def path(self, label: L) -> tuple[L, ...]:
        """The labels from the start to ``label``, both included.

        :raises KeyError: if ``label`` was not reached.
        """
        if label not in self.costs:
            raise KeyError(label)
        out = [label]
        while label in self.parents:
            label = self.parents[label]
            out.append(label)
        return tuple(reversed(out))

    def best(self, key: Callable[[L], K], keep: Callable[[L], bool] | None = None) -> dict[K, L]:
        """The cheapest reached label for each ``key(label)`` (e.g. each place), optionally
        only among labels that ``keep`` accepts (e.g. where a move may end)."""
        out: dict[K, L] = {}
        for label, cost in self.costs.items():
            if keep is not None and not keep(label):
                continue
            k = key(label)
            other = out.get(k)
            if other is None or cost < self.costs[other]:
                out[k] = label
        return out


def reach(
    start: L,
    expand: Callable[[L, int], Iterable[tuple[L, int]]],
    *,
    stops: Callable[[L], bool] | None = None,
) -> Reach[L]:
    """Every label reachable from ``start``, by Dijkstra's algorithm.

    ``expand(label, spent)`` yields ``(next_label, step_cost)`` pairs for the steps the rules
    allow from ``label`` after ``spent`` units (it enforces the budget; costs must be >= 0).
    ``stops(label)`` says that a move entering ``label`` must end there: it is reached but
    not expanded (the start is always expanded).
    """
    tree = Reach(start, {start: 0}, {})
    for _ in _settle(tree, expand, stops):
        pass
    return tree


def reaches(
    start: L,
    expand: Callable[[L, int], Iterable[tuple[L, int]]],
    goal: Callable[[L], bool],
    *,
    stops: Callable[[L], bool] | None = None,
) -> bool:
    """Whether some label :func:`reach` would reach satisfies ``goal``, searching only until
    the first one (cheapest first).

    >>> reaches(0, lambda n, spent: [(n + 1, 1)] if spent < 3 else [], lambda n: n == 3)
    True
    """
    return any(goal(label) for label in _settle(Reach(start, {start: 0}, {}), expand, stops))


def _settle(
    tree: Reach[L],
    expand: Callable[[L, int], Iterable[tuple[L, int]]],
    stops: Callable[[L], bool] | None,
) -> Iterator[L]:
    """Dijkstra's algorithm from ``tree.start``, filling ``tree`` in and yielding each label
    as its cheapest cost is settled."""
    start, costs, parents = tree.start, tree.costs, tree.parents
    done: set[L] = set()
    queue: list[tuple[int, int, L]] = [(0, 0, start)]
    order = 1
    while queue:
        spent, _, label = heapq.heappop(queue)
        if label in done:
            continue
        done.add(label)
        yield label
        if stops is not None and label is not start and stops(label):
            continue
        for nxt, step in expand(label, spent):
            if step < 0:
                raise ValueError(f"negative step cost {step} from {label!r}")
            cost = spent + step
            if nxt not in done and cost < costs.get(nxt, cost + 1):
                costs[nxt] = cost
                parents[nxt] = label
                heapq.heappush(queue, (cost, order, nxt))
                order += 1
