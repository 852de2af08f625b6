"""``benchmarks.saw_orders``: one unit's decision made whole, and what it comes to."""

from __future__ import annotations

from collections.abc import Iterator

from benchmarks.saw_orders import comes_to, decision

from wargames.saw import Allocate, Attack, Done, Saw, SawAction, Step


def test_a_decision_is_one_unit_s_whole_order_and_comes_to_its_end_and_targets() -> None:
    game = Saw()
    state = game.start(1)
    script: Iterator[SawAction] = iter(
        [Step("blue", "b1", 1), Attack("blue", "b1", "r1"), Done("blue", "b1")]
    )
    taken, after = decision(game, state, "blue", lambda _, legal: next(script))
    assert [str(a) for a in taken] == ["b1 step ne", "b1 attack r1", "b1 done"]
    assert game.current_unit(after, "blue") == game.unit_index("b2")  # stopped at b1's end
    reordered: list[SawAction] = [Attack("blue", "b1", "r1"), Step("blue", "b1", 1)]
    assert comes_to(game, state, "blue", taken) == comes_to(game, state, "blue", reordered)
    elsewhere: list[SawAction] = [Step("blue", "b1", 0), Attack("blue", "b1", "r1")]
    other_target: list[SawAction] = [Step("blue", "b1", 1), Attack("blue", "b1", "r2")]
    assert comes_to(game, state, "blue", elsewhere) != comes_to(game, state, "blue", taken)
    assert comes_to(game, state, "blue", other_target) != comes_to(game, state, "blue", taken)


def test_an_allocation_comes_to_the_traits_its_points_come_off_in_any_order() -> None:
    game = Saw()
    state = game.start(1)
    first: list[SawAction] = [
        Allocate("blue", "b1", "movement", 1),
        Allocate("blue", "b1", "endurance", 1),
    ]
    assert comes_to(game, state, "blue", first) == comes_to(game, state, "blue", first[::-1])
    other: list[SawAction] = [Allocate("blue", "b1", "movement", 2)]
    assert comes_to(game, state, "blue", first) != comes_to(game, state, "blue", other)
