"""What Grid SciFi tells search bots about its turn (:meth:`GridSciFi.decision`): a player
activates their units one at a time ("Sequence of Play"), and the search weighs one unit's
activation whole before the next; and about its dice (:meth:`GridSciFi.drawn`): the unit
chooses knowing its activation dice, so the search weighs an activation by the mean over
the dice of the best after each."""

from typing import ClassVar, cast

import pytest

from wargames.bots import MctsBot
from wargames.gridscifi import Activate, EndActivation, GridSciFi, GridState, Reroll, Step
from wargames.gridscifi.state import GridAction

from .helpers import HILL, arena, at, rolling, sq

GAME = arena()


def test_one_activation_is_one_decision_and_the_next_unit_another() -> None:
    """Choosing the unit, its dice and its moves decide one thing; once its activation ends,
    the next unit's decides another (and so does the enemy's answer, seen from the enemy)."""
    units = [
        at(0, "blue", "Battle Squad", "c2"),
        at(1, "blue", "Battle Squad", "e2"),
        at(2, "red", "Swarmlings", "e5"),
    ]
    choosing = rolling(GAME.position(units), 1, 3)
    activated = GAME.apply(choosing, Activate("blue", 0))
    moved = GAME.apply(activated, Step("blue", sq("c3")))
    assert moved.activation is not None, "a die is left"
    first = GAME.decision(choosing, "blue")
    assert GAME.decision(activated, "blue") == GAME.decision(moved, "blue") == first
    after = GAME.apply(moved, EndActivation("blue"))
    second = GAME.decision(after, "blue")
    assert second != first
    assert GAME.decision(rolling(after, 1, 3), "blue") == second
    assert GAME.decision(GAME.apply(rolling(after, 1, 3), Activate("blue", 1)), "blue") == second


class _Watched(GridSciFi):
    """The skirmish, noting which of blue's activations the search asks legal actions in."""

    asked: ClassVar[set[int | None]] = set()

    def legal_actions(self, state: GridState, player: str) -> tuple[GridAction, ...]:
        if player == "blue" and state.clock.seat == 0:
            _Watched.asked.add(None if state.activation is None else state.activation.unit)
        return super().legal_actions(state, player)


def test_the_search_stops_where_the_next_activation_begins() -> None:
    """Searched from the middle of #0's activation, no descent runs on into choosing the
    next unit (which would credit ending #0's soonest with what the next one adds)."""
    game = _Watched()
    units = [
        at(0, "blue", "Battle Squad", "f2"),
        at(1, "blue", "Battle Squad", "h2"),
        at(2, "red", "Swarmlings", "e7"),
    ]
    state = game.apply(game.position(units), Activate("blue", 0))
    _Watched.asked.clear()
    MctsBot(0, iterations=60).choose(game, state, "blue")
    assert _Watched.asked == {0}


def test_the_search_still_takes_the_objective_on_the_last_turn() -> None:
    """Red, last to move in the last turn, with one move die: stepping next to i4 wins the
    game on objectives; ending the activation where it stands draws."""
    game = GridSciFi()  # the skirmish: objectives d5 and i4
    units = [at(0, "blue", "Battle Squad", "a1"), at(1, "red", "Swarmlings", "i6")]
    state = game.position(units, player="red", turn=game.turns, seed=2)
    state = game.apply(state, Activate("red", 1))
    assert state.activation is not None
    assert state.activation.dice == (3,), "one move"
    bot = MctsBot(0, iterations=40)
    while game.outcome(state) is None:
        state = game.apply(state, cast(GridAction, bot.choose(game, state, "red")))
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.winners == {"red"}


def test_a_search_tells_activation_dice_apart_by_what_a_later_choice_reads() -> None:
    """Rolled activation dice count by how many came up odd and how many even (all a unit's
    later choices read of them), unless a re-roll, which names faces, is still to choose;
    a step draws nothing."""
    game = arena(HILL)
    units = [at(0, "blue", "Battle Squad", "e1"), at(1, "blue", "Battle Squad", "c1")]
    state = game.position(units)

    def key(before: GridState, action: GridAction) -> object:
        return game.drawn(before, game.apply(before, action), "blue")

    activate = Activate("blue", 0)
    assert key(rolling(state, 1, 4), activate) == key(rolling(state, 5, 2), activate)
    assert key(rolling(state, 1, 4), activate) != key(rolling(state, 1, 3), activate)
    on_hill = Activate("blue", 1)
    assert key(rolling(state, 2, 4), on_hill) == key(rolling(state, 4, 2), on_hill)
    assert key(rolling(state, 2, 4), on_hill) != key(rolling(state, 4, 4), on_hill)
    rolled = game.apply(rolling(state, 2, 4), on_hill)
    rerolled = key(rolling(rolled, 1), Reroll("blue", (2,)))
    assert rerolled == key(rolling(rolled, 3), Reroll("blue", (4,)))
    moving = game.apply(rolling(state, 1, 4), activate)
    assert key(moving, Step("blue", sq("e2"))) is None


@pytest.mark.parametrize("seed", range(6))
def test_a_search_rerolls_more_dice_where_more_chances_win(seed: int) -> None:
    """Red, last to move in the last turn, on a hill with activation dice 2 and 4: a step off
    it lands next to the objective c3 and wins, and a step needs an odd die.  Re-rolling both
    dice finds one three times in four, re-rolling one die once in two.  Weighed by the best
    after the luckiest roll, every re-roll would look alike (the dice pooled:
    ``search_draws`` off)."""
    game = arena(HILL, objectives=("c3",))
    units = [at(0, "blue", "Battle Squad", "h6"), at(1, "red", "Crusher Beast", "c1")]
    state = game.position(units, player="red", turn=game.turns)
    state = game.apply(rolling(state, 2, 4), Activate("red", 1))
    chosen = MctsBot(seed, iterations=400).choose(game, state, "red")
    assert chosen == Reroll("red", (2, 4))
