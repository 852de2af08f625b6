"""check_rules runs on a game that is not registered: one made in a test, before it has an
entry point, round-trips its replays through the game object in hand."""

import wargames
from wargames.core.serialize import dumps, loads
from wargames.sabotage.variants import MiniSabotage
from wargames.testing import check_rules


class Skirmish5(MiniSabotage):
    """Mini Sabotage under a name no registry knows."""

    name = "skirmish5"


def test_the_game_is_unknown_to_the_registry() -> None:
    assert "skirmish5" not in wargames.available()
    replay_text = dumps(Skirmish5(), Skirmish5().start(seed=1))
    assert loads(replay_text, Skirmish5()) == Skirmish5().start(seed=1)


def test_check_rules_passes_on_an_unregistered_game() -> None:
    check_rules(Skirmish5(), max_examples=2, max_steps=12, derandomize=True)
