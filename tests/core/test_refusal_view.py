"""A refusal names the action from its player's view (``Game.refusal``); refusing many of a
player's actions at one state takes that view once, and the sentences are those of a game that
takes it afresh."""

from itertools import islice
from typing import Any

from wargames.sabotage import MiniSabotage, SabotageState


class Counting(MiniSabotage):
    """Mini Sabotage that records every view it is asked for."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.asked: list[tuple[int, str]] = []

    def view(self, state: SabotageState, player: str) -> SabotageState:
        self.asked.append((id(state), player))
        return super().view(state, player)


def test_refusals_at_one_state_take_the_players_view_once() -> None:
    game = Counting()
    start = game.start(3)
    later = game.apply(start, game.legal_actions(start, "green")[0])
    game.asked.clear()
    for state in (start, later, start):  # back to the first state: its view is taken again
        for player in ("green", "red"):
            actions = list(islice(game.every_action(player), 8))
            other = Counting()  # another game: its first refusal takes the view afresh
            expected = [other.refusal(state, action, "no reason") for action in actions]
            assert [game.refusal(state, action, "no reason") for action in actions] == expected
            assert other.asked == [(id(state), player)]
    assert game.asked == [
        (id(state), player) for state in (start, later, start) for player in ("green", "red")
    ]
