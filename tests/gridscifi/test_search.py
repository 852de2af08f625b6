"""What Grid SciFi tells search bots about its turn (:meth:`GridSciFi.decision`): a player
activates their units one at a time ("Sequence of Play"), and the search weighs one unit's
activation whole before the next."""

from typing import ClassVar, cast

from wargames.bots import MctsBot
from wargames.gridscifi import Activate, EndActivation, GridSciFi, GridState, Step
from wargames.gridscifi.state import GridAction

from .helpers import arena, at, rolling, sq

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
