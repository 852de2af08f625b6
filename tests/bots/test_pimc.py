"""PimcBot: the rest of the round searched in each world, the rivals answering from what
they could know."""

import pytest

from wargames.bots import Bot, GreedyBot, play
from wargames.bots.pimc import PimcBot
from wargames.sabotage import Move, Sabotage
from wargames.sabotage.variants import MiniSabotage

GAME = Sabotage()
# Red's 1 on b2 (exposed) stands next to two unexposed green pieces that have never moved,
# the Headquarters on a2 and a landmine on b1; green's only movable piece, its 5, is far off.
RAID = GAME.position(
    {"a2": "gH", "b1": "gM", "b2": "r1", "j1": "g5", "j10": "rH", "h10": "r2"}, revealed=("b2",)
)
STEP = Move("green", GAME.board.parse("j1"), GAME.board.parse("j2"))


def _mean_value(beliefs: bool) -> float:
    bot = PimcBot(3, samples=12, beliefs=beliefs)
    worlds = [GAME.determinize(GAME.view(RAID, "green"), "green", bot._random) for _ in range(12)]
    values = [
        bot._value(GAME, world, bot._believe(GAME, world, "green"), STEP, "green")
        for world in worlds
    ]
    return sum(values) / len(values)


def test_a_rival_answers_from_its_own_beliefs_not_from_the_searched_world() -> None:
    """In every world green searches, red's 1 could take the Headquarters it stands next to.
    Seeing the world, red would take it every time (green's step is lost in every world);
    from its own view red cannot tell the Headquarters from the landmine ("You do not know
    what any of your opponent's pieces are"), and in the worlds where it believes otherwise
    it attacks the landmine and loses its 1 ("the enemy piece is destroyed")."""
    assert _mean_value(beliefs=False) == -1.0
    assert _mean_value(beliefs=True) > -0.9


def test_pimc_is_reproducible() -> None:
    game = MiniSabotage()

    def match() -> tuple[object, ...]:
        bots: dict[str, Bot] = {
            "green": PimcBot(1, samples=2, width=3),
            "red": GreedyBot(2, samples=1),
        }
        return play(game, bots, seed=5, max_actions=4).replay.actions

    assert match() == match()


@pytest.mark.parametrize("setting", ["samples", "width", "follow", "reply"])
def test_bad_settings_are_refused(setting: str) -> None:
    with pytest.raises(ValueError, match=">= 1"):
        PimcBot(0, **{setting: 0})  # type: ignore[arg-type]
