"""The bots' reading of a SABOT position (:mod:`wargames.sabot.evaluation`): VIII, a player
who has lost all his/her units loses, so material counts most, and closing in lets it count."""

from wargames.sabot.evaluation import closing, material, standing
from wargames.sabot.state import DISABLED
from wargames.sabot.units import DECOY

from .helpers import change, field

GAME = field(20, 20)


def test_more_material_scores_above_less() -> None:
    ahead = GAME.position(
        [("blue", "MBT", "0303", 0), ("blue", "MBT", "0304", 0), ("yellow", "MBT", "1818", 0)]
    )
    behind = GAME.position(
        [("blue", "MBT", "0303", 0), ("yellow", "MBT", "1818", 0), ("yellow", "MBT", "1817", 0)]
    )
    assert -1 < GAME.evaluate(behind, "blue") < 0 < GAME.evaluate(ahead, "blue") < 1
    assert GAME.evaluate(ahead, "yellow") < 0


def test_a_disabled_unit_counts_half_and_a_decoy_nothing() -> None:
    state = GAME.position(
        [("blue", "MBT", "0303", 0), ("blue", DECOY, "0304", 0), ("yellow", "MBT", "1818", 0)]
    )
    assert material(GAME, standing(state)) == {"blue": 15.0, "yellow": 15.0}
    hurt = change(state, 2, status=DISABLED)
    assert material(GAME, standing(hurt)) == {"blue": 15.0, "yellow": 7.5}
    assert GAME.evaluate(hurt, "blue") > GAME.evaluate(state, "blue")


def test_closing_in_scores_above_standing_off() -> None:
    """With material even, a side whose guns reach the enemy scores above one far away."""
    far = GAME.position([("blue", "MBT", "0303", 0), ("yellow", "MBT", "1818", 0)])
    near = GAME.position([("blue", "MBT", "1616", 0), ("yellow", "MBT", "1818", 0)])
    assert closing(GAME, standing(near), "blue") == 1.0
    assert 0 < closing(GAME, standing(far), "blue") < 1
    assert GAME.evaluate(near, "blue") > GAME.evaluate(far, "blue")


def test_facing_the_enemy_scores_above_facing_away() -> None:
    """VI-a: a unit advances the way it faces, so turning towards the enemy is progress."""
    here, enemy = GAME.map.parse("0505"), GAME.map.parse("1515")
    ahead = GAME.map.steps[here]
    towards = min(range(6), key=lambda f: GAME.map.distance(ahead[f], enemy))
    away = max(range(6), key=lambda f: GAME.map.distance(ahead[f], enemy))
    facing = {
        f: GAME.position([("blue", "MBT", "0505", f), ("yellow", "MBT", "1515", 0)])
        for f in (towards, away)
    }
    assert GAME.evaluate(facing[towards], "blue") > GAME.evaluate(facing[away], "blue")
