"""The afterstate of the last plot: every decision in, no die rolled (for search bots)."""

import pytest

from wargames.saw import Attacked

from .helpers import duel, events, side_by_side


def test_the_last_plot_in_leaves_movement_and_attacks_unresolved() -> None:
    game = duel()
    state = side_by_side(game, 1, "b1 step n", "b1 attack r1", "b1 done", "r1 attack b1")
    last = game.parse_action(state, "r1 done")
    after = game.afterstate(state, last)
    assert game.awaits_chance(after)
    assert (after.rng, after.log, after.units, after.clock) == (
        state.rng,
        state.log,
        state.units,
        state.clock,
    )
    assert [o.done for plot in after.plots for o in plot.orders] == [True, True]
    resolved = game.apply(state, last)
    assert not game.awaits_chance(resolved)
    assert len(events(resolved, Attacked)) == 2, "applied, the same action rolls both attacks"


def test_the_afterstate_reckons_each_plotted_attack_at_its_expectation() -> None:
    """Done changes nothing that is worth anything: its afterstate scores as the plot it ends,
    both attacks reckoned at their exact expected hit points."""
    game = duel()
    state = side_by_side(game, 1, "b1 attack r1", "b1 done", "r1 attack b1")
    after = game.afterstate(state, game.parse_action(state, "r1 done"))
    for player in game.players:
        assert game.evaluate(after, player) == pytest.approx(game.evaluate(state, player))


def test_every_other_afterstate_is_the_result() -> None:
    game = duel()
    state = side_by_side(game, 1)
    for text in ("b1 step n", "b1 attack r1", "b1 done"):  # red still plots after blue's done
        action = game.parse_action(state, text)
        assert game.afterstate(state, action) == game.apply(state, action)
        state = game.apply(state, action)
