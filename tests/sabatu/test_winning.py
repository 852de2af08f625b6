"""Object of the Game: any 3 capitals, or 4 walls round one capital, held until the start
of your next turn; and this library's turn limit."""

from wargames.core.draws import Deck
from wargames.sabatu import Pass, Sabatu

from .helpers import TWO, position

THREE = {
    "nw.capital": ("red", 1, 0),
    "ne.capital": ("red", 1, 0),
    "sw.capital": ("red", 1, 0),
}


def red_turn_starts(capitals: dict[str, tuple[str, int, int]], game: Sabatu = TWO):  # type: ignore[no-untyped-def]
    """Blue passes; red's turn begins."""
    state = position(game, armies={"blue": ["se.5"]}, capitals=capitals, turn="blue")
    state = state.with_changes(conquest=Deck(("Quiet Season",)), dice=())
    return game.apply(state, Pass("blue"))


def test_three_capitals_held_to_the_start_of_the_turn_win() -> None:
    state = red_turn_starts(THREE)
    assert state.result is not None
    assert state.result.winners == {"red"}
    assert "3 capitals" in state.result.reason
    assert TWO.to_act(state) == frozenset()


def test_two_capitals_do_not_win() -> None:
    two = dict(list(THREE.items())[:2])
    assert red_turn_starts(two).result is None


def test_four_walls_round_one_capital_win() -> None:
    state = red_turn_starts({"nw.capital": ("red", 1, 4)})
    assert state.result is not None
    assert state.result.winners == {"red"}
    assert "4 walls" in state.result.reason
    assert red_turn_starts({"nw.capital": ("red", 1, 3)}).result is None


def test_the_other_players_achievement_is_not_checked_on_your_turn() -> None:
    """Blue's turn starts with red holding three capitals: red has not yet held them until
    the start of red's own turn."""
    state = position(armies={"blue": ["se.5"]}, capitals=THREE, turn="red")
    state = state.with_changes(conquest=Deck(("Quiet Season",)))
    after = TWO.apply(state, Pass("red"))
    assert after.result is None


def test_an_undecided_game_is_drawn_at_the_turn_limit() -> None:
    game = Sabatu(players=2, turn_limit=1)
    state = position(game, armies={"blue": ["se.5"]}, turn="blue")
    state = state.with_changes(first=0, conquest=Deck(("Quiet Season",)))
    after = game.apply(state, Pass("blue"))
    assert after.result is not None
    assert after.result.is_draw
