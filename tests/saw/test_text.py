"""The SAW board drawn as text (the doctests run in tests/test_doctests.py)."""

from wargames.saw import Saw

from .helpers import act


def test_describe_shows_what_the_player_may_see() -> None:
    game = Saw()
    state = act(game, game.start(seed=1), "b1 step se", "b1 attack r2")
    blue = game.describe(state, "blue")
    red = game.describe(state, "red")
    assert "b1    blue    Balanced (20 points) 0103: mov 4 eva 4 end 4 acc 4 dmg 4" in blue
    assert "r1    red     Balanced (20 points) 1103: traits secret" in blue
    assert "b1's plot so far: moves to 0203; attacks r2" in blue
    assert "b1's plot" not in red
    assert "traits secret" in red
    assert blue.splitlines()[-1] == "Turn 1, plot phase: Blue and Red to act"
    assert "mov 2 eva 0 end 8" in game.describe(state)  # omniscient


def test_describe_shows_terrain_and_the_outcome() -> None:
    game = Saw(map="ruins", turn_limit=1)
    state = act(game, game.start(seed=1), "b1 done", "b2 done", "r1 done", "r2 done")
    text = game.describe(state, "red")
    assert "  #  " in text
    assert "  %  " in text
    assert text.splitlines()[-1].startswith("Game over. The game is drawn: turn limit of 1 reached")
