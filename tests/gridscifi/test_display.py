"""The board as text, and the units as SVG tokens."""

import random

from wargames.gridscifi import PLAYERS, GridSciFi, GridState, Status
from wargames.gridscifi.display import tokens
from wargames.render.svg import Drawable, player_colours, render_game

from .helpers import activating, arena, at, off


def test_describe_draws_the_board_units_and_turn() -> None:
    game = GridSciFi()
    text = game.describe(game.start(seed=1))
    lines = text.splitlines()
    assert lines[0] == "Skirmish for the crossroads (legion v swarm)"
    assert lines[1].startswith("8 ")
    assert lines[9].split() == list("abcdefghijkl")
    assert "*" in text, "objectives are marked"
    assert text.endswith("Turn 1 of 6, Blue's turn: Blue to act")


def test_describe_shows_what_a_player_knows() -> None:
    game = arena()
    units = [
        at(0, "blue", "Battle Squad", "b2", pinned=True),
        off(1, "blue", "Gunship", Status.RESERVE, revealed=False),
        at(2, "red", "Swarmlings", "c3", overwatch=True),
        at(3, "red", "Winged Terror", "b2"),
    ]
    state = activating(game.position(units), 0, 1, 4)
    mine = game.describe(state, "blue")
    theirs = game.describe(state, "red")
    assert "B #1 blue Gunship (2/2 hits left) in reserve" in mine
    assert "B #1 blue unit of unknown type in reserve" in theirs
    assert "A #0 blue Battle Squad (5/5 models) at b2 pinned" in mine
    assert "a #2 red Swarmlings (5/5 models) at c3 overwatch" in mine
    assert "Activating A (#0): dice 1 and 4" in mine
    assert "2 .  Ab" in mine, "a ground unit and a flyer share b2"


# -- SVG tokens ------------------------------------------------------------------------------


def picture_state(game: GridSciFi) -> GridState:
    """A ground unit under an enemy flyer, a carrier with a secret passenger, a unit stranded
    unseen, and units that are not on the table."""
    units = [
        at(0, "blue", "Battle Squad", "b2", pinned=True),
        off(1, "blue", "Gunship", Status.RESERVE, revealed=False),
        at(2, "blue", "Carrier", "d1"),
        off(3, "blue", "Jump Squad", Status.EMBARKED, carrier=2, revealed=False),
        at(4, "red", "Swarmlings", "c3", overwatch=True),
        at(5, "red", "Winged Terror", "b2"),
        at(6, "red", "Swarmlings", "f5", status=Status.STRANDED, pinned=True, revealed=False),
        off(7, "red", "Brood Leader", Status.DESTROYED),
    ]
    return game.position(units)


def test_tokens_are_the_units_on_the_table_with_their_records() -> None:
    game = arena()
    drawn = {str(square): token for square, token in game.tokens(picture_state(game)).items()}
    assert sorted(drawn) == ["b2", "c3", "d1", "f5"], "reserve, passenger, dead: not drawn"
    stack = drawn["b2"]
    assert (stack.label, stack.owner, stack.colour) == (
        "Ab",
        "red",
        player_colours(PLAYERS)["red"],
    ), "the text board's letters; the flyer's colour: it is on top"
    assert stack.note == "Battle Squad / Winged Terror"
    assert stack.detail.splitlines() == [
        "A #0 blue Battle Squad (5/5 models) at b2 pinned",
        "b #5 red Winged Terror (1/1 hits left) at b2",
    ]
    assert drawn["d1"].detail == "C #2 blue Carrier (3/3 hits left) at d1, carrying #3 Jump Squad"
    assert drawn["c3"].owner == "red"
    assert drawn["c3"].detail.endswith("overwatch")
    assert not any(token.hidden for token in drawn.values()), "everything shown"


def test_tokens_show_only_what_the_viewer_knows() -> None:
    game = arena()
    state = picture_state(game)
    as_red = {str(s): t for s, t in game.tokens(state, "red").items()}
    assert as_red["d1"].detail == "C #2 blue Carrier (3/3 hits left) at d1, carrying #3"
    as_blue = {str(s): t for s, t in game.tokens(state, "blue").items()}
    assert as_blue["f5"].hidden
    hidden = "c #6 red unit of unknown type stranded at f5"
    assert (as_blue["f5"].label, as_blue["f5"].detail) == ("c", hidden)
    assert as_blue["f5"].note == "?", "no hidden profile in the picture"
    assert as_red["f5"].note == "Swarmlings"
    assert not as_red["f5"].hidden
    for player in PLAYERS:
        assert game.tokens(state, player) == tokens(game.field, game.view(state, player))
        for seed in range(4):
            other = game.sample_state(state, player, random.Random(seed))
            assert game.tokens(other, player) == game.tokens(state, player)


def test_a_game_draws_as_svg() -> None:
    game = GridSciFi()
    assert isinstance(game, Drawable)
    picture = render_game(game, game.start(seed=1), "red")
    assert picture.count('class="cell"') == len(game.board) == 96
    assert picture.count('class="token"') == 15


def test_the_picture_letters_units_as_the_text_board_does() -> None:
    game = arena()
    state = picture_state(game)
    for player in (None, *PLAYERS):
        board = game.describe(state, player)
        for square, token in game.tokens(state, player).items():
            if "stranded" in token.detail:  # listed under the board, not on it
                assert f"  {token.detail}" in board
                continue
            row = next(line for line in board.splitlines() if line.startswith(f"{square.y + 1} "))
            assert token.label in row, (square, token.label, row)
            for line in token.detail.splitlines():
                assert f"  {line}" in board or line.split(",")[0] in board
