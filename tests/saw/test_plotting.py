"""Plotting: each unit's move hex by hex within its movement, its attacks, and "done"; every
player at once, each plot face-down until all are in."""

import pytest

from wargames import IllegalAction, NotYourTurn
from wargames.core.hidden import is_hidden
from wargames.saw import Attack, Done, PlotRevealed, Saw, SawAction, Step

from .helpers import act, duel, events, legal_texts


def test_every_player_plots_at_once() -> None:
    game = Saw(players=3)
    state = game.start(seed=1)
    assert game.to_act(state) == {"blue", "red", "green"}
    assert game.phase(state) == "plot"


def test_a_plot_is_small_steps_attacks_and_done() -> None:
    game = duel()
    state = game.start(seed=1, hexes={"b1": "0505", "r1": "0605"})
    assert legal_texts(game, state, "blue") == [
        "b1 step n", "b1 step ne", "b1 step se", "b1 step s", "b1 step sw", "b1 step nw",
        "b1 attack r1", "b1 done",
    ]  # fmt: skip


def test_movement_limits_the_path() -> None:
    """The Balanced unit has movement 4: four steps, then no more."""
    game = duel()
    state = game.start(seed=1)
    state = act(game, state, "b1 step se", "b1 step se", "b1 step ne", "b1 step se")
    assert not any(text.startswith("b1 step") for text in legal_texts(game, state, "blue"))
    with pytest.raises(
        IllegalAction, match="b1 has movement 4; entering 0604 would make its move cost 5"
    ):
        act(game, state, "b1 step se")


def test_units_plot_in_order() -> None:
    game = Saw()
    state = game.start(seed=1)
    with pytest.raises(IllegalAction, match="plot your units in order: b1 is next"):
        act(game, state, "b2 done")
    state = act(game, state, "b1 done")
    assert legal_texts(game, state, "blue")[-1] == "b2 done"


def test_attacks_need_an_enemy_target_and_a_weapon() -> None:
    game = Saw()
    state = game.start(seed=1)
    with pytest.raises(IllegalAction, match="b2 is one of your own units"):
        act(game, state, "b1 attack b2")
    with pytest.raises(IllegalAction, match="b1 has 1 weapon"):
        act(game, state, "b1 attack r1 weapon 2")
    with pytest.raises(IllegalAction, match="option coordination"):
        act(game, state, "b1 attack r1 coordinated")
    state = act(game, state, "b1 attack r1")
    with pytest.raises(IllegalAction, match="weapon 1 of b1 already attacks this turn"):
        act(game, state, "b1 attack r2")


def test_a_unit_without_a_plot_stays_and_holds_fire() -> None:
    game = duel()
    state = act(game, game.start(seed=1), "b1 done", "r1 done")
    revealed = events(state, PlotRevealed)
    assert [[(o.unit, o.path, o.shots) for o in e.orders] for e in revealed] == [
        [("b1", (), ())],
        [("r1", (), ())],
    ]


def test_a_finished_player_waits_for_the_others() -> None:
    game = duel()
    state = act(game, game.start(seed=1), "b1 step se", "b1 done")
    assert game.to_act(state) == {"red"}
    with pytest.raises(NotYourTurn):
        game.apply(state, Done("blue", "b1"))


def test_plots_stay_face_down_until_all_are_in() -> None:
    game = duel()
    state = act(game, game.start(seed=1), "b1 step se", "b1 attack r1", "b1 done")
    red_view = game.view(state, "red")
    assert is_hidden(red_view.plots[0].orders)
    assert not events(state, PlotRevealed)
    state = act(game, state, "r1 done")
    blue, _ = events(state, PlotRevealed)
    assert blue.player == "blue"
    assert blue.orders[0].shots[0].target == "r1"
    assert not is_hidden(game.view(state, "red").log.newest(len(state.log))[1])


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    game = duel()
    state = game.start(seed=1)
    before = game.view(state, "blue")
    cases: list[tuple[SawAction, str]] = [
        (Step("blue", "b1", 9), "a step goes in a direction 0-5"),
        (Step("blue", "b1", 5), "b1 would step off the map"),
        (Attack("blue", "b1", "zz"), "there is no unit 'zz'"),
        (Done("blue", "r1"), "r1 is not one of your units"),
        (Step("blue", "q7", 1), "there is no unit 'q7'"),
    ]
    for action, message in cases:
        with pytest.raises(IllegalAction, match=message):
            game.apply(state, action)
    assert game.view(state, "blue") == before


def test_terrain_costs_movement_and_impassable_hexes_block() -> None:
    """ "Some could cost two, three, or ten points of movement to cross ... others might be
    completely impassable." """
    game = Saw(
        armies={"blue": [["Walker", 9, 1, [6, 0, 1, 0, 2]]], "red": [["Target", 9]]},
        map="1:%~#.\n......\n.....2\n",
    )
    label = game.arena.board.label
    state = act(game, game.start(seed=1), "b1 step se", "b1 step ne")  # rough 2, woods 3
    assert [label(h) for h in state.plots[0].orders[0].path] == ["0201", "0301"]
    with pytest.raises(IllegalAction, match="entering 0401 would make its move cost 15"):
        act(game, state, "b1 step se")  # swamp: 10
    state = act(game, game.start(seed=1), *[f"b1 step {d}" for d in ("s", "se", "ne", "se", "ne")])
    assert label(state.plots[0].orders[0].path[-1]) == "0502"
    with pytest.raises(IllegalAction, match="0501 is impassable \\(rock"):
        act(game, state, "b1 step n")
