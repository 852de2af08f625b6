"""SAW for learning agents: the action space and the observation vector's layout."""

from __future__ import annotations

from wargames.saw import Saw
from wargames.saw.learning import unit_features
from wargames.saw.state import Attack, Step


def test_every_unit_of_the_player_has_its_steps_attacks_and_done() -> None:
    game = Saw()
    mine = list(game.every_action("blue"))
    assert {a.player for a in mine} == {"blue"}
    steps = [a for a in mine if isinstance(a, Step)]
    assert len(steps) == 6 * sum(owner == "blue" for owner in game.owners)
    attacks = {a.target for a in mine if isinstance(a, Attack)}
    assert attacks == {u for u, owner in zip(game.ids, game.owners, strict=True) if owner == "red"}


def test_the_vector_shows_own_traits_and_hides_the_enemys() -> None:
    game = Saw()
    state = game.start(1)
    width = unit_features(game)
    blue = game.observation_tensor(state, "blue")
    first = state.units[0]
    assert first.owner == "blue"
    assert blue[0] == 1
    assert blue[1] == 1
    own_traits = blue[7 : 7 + len(first.sheet.traits)]
    assert list(own_traits) == [t / first.points for t in first.sheet.traits]
    enemy = next(i for i, u in enumerate(state.units) if u.owner == "red")
    assert blue[enemy * width + 1] == 0, "not blue's unit"
    assert not blue[enemy * width + 7 : enemy * width + width].any(), "its sheet unread"
    red = game.observation_tensor(state, "red")
    assert red[enemy * width + 7 : enemy * width + width].any()
