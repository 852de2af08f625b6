"""The board as text."""

from wargames.gridscifi import GridSciFi, Status

from .helpers import activating, arena, at, off


def test_describe_draws_the_board_units_and_turn() -> None:
    game = GridSciFi()
    text = game.describe(game.start(seed=1))
    lines = text.splitlines()
    assert lines[0] == "Skirmish for the crossroads (legion v swarm)"
    assert lines[1].startswith("8 ")
    assert lines[9].split() == list("abcdefghijkl")
    assert "*" in text, "objectives are marked"
    assert text.endswith("Turn 1 of 6, blue's turn: blue to act")


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
    assert "B #1 blue ? in reserve" in theirs
    assert "A #0 blue Battle Squad (5/5 models) at b2 pinned" in mine
    assert "a #2 red Swarmlings (5/5 models) at c3 overwatch" in mine
    assert "Activating #0: dice 1 4" in mine
    assert "2 .  Ab" in mine, "a ground unit and a flyer share b2"
