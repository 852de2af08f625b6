"""The bots' reading of a SABOT position (:mod:`wargames.sabot.evaluation`): VIII, a player
who has lost all his/her units loses, so material counts most, and closing in lets it count."""

import pytest
from hypothesis import given, settings

from wargames.sabot import Sabot, SabotState
from wargames.sabot.combat import DESTROYED, shot
from wargames.sabot.combat import DISABLED as DISABLED_RESULT
from wargames.sabot.evaluation import approach, closing, exchange, material, moves_left, standing
from wargames.sabot.state import DISABLED
from wargames.sabot.units import DECOY
from wargames.testing import playouts
from wargames.testing.strategies import Playout

from .helpers import change, drawn, field, play

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


def _harm(damage: int, tough: int, worth: float) -> float:
    """What one shot is expected to take (VII-a: Destroyed all, Disabled half), from the
    rule's own resolution."""
    odds = shot(damage, tough).distribution()
    return worth * float(odds[DESTROYED] + odds[DISABLED_RESULT] / 2)


def test_a_shot_still_to_come_counts_at_its_odds_and_ending_the_phase_gives_it_up() -> None:
    """VII: each side's unfired units fire at their best target; a player who ends the
    attack phase (its shot unfired) loses what the shot was worth, and the enemy's shot
    still to come counts against it."""
    state = GAME.position(
        [("blue", "MBT", "0505", 3), ("yellow", "WSC", "0510", 0)], phase="attack"
    )
    mbt, wsc = GAME._worth["MBT"], GAME._worth["WSC"]
    # The MBT (range 6) reaches the scout car five hexes off; the scout car (range 4) does not.
    assert exchange(GAME, state, standing(state)) == {
        "blue": 0.0,
        "yellow": pytest.approx(_harm(4, 3, wsc)),
    }
    closer = GAME.position(
        [("blue", "MBT", "0505", 3), ("yellow", "WSC", "0509", 0)], phase="attack"
    )
    assert exchange(GAME, closer, standing(closer))["blue"] == pytest.approx(_harm(2, 5, mbt))
    given_up = play(GAME, state, "done")
    assert exchange(GAME, given_up, standing(given_up)) == {"blue": 0.0, "yellow": 0.0}
    assert GAME.evaluate(state, "blue") > GAME.evaluate(given_up, "blue") > 0


def test_out_of_reach_scores_above_outranged() -> None:
    """A clearly losing stand: the scout car within the tank's range but the tank beyond
    its own scores below standing off, where no one can fire."""
    outranged = GAME.position(
        [("blue", "WSC", "0505", 3), ("yellow", "MBT", "0510", 0)], phase="attack"
    )
    off = GAME.position([("blue", "WSC", "0505", 3), ("yellow", "MBT", "0513", 0)], phase="attack")
    assert GAME.evaluate(outranged, "blue") < GAME.evaluate(off, "blue") < 0
    assert GAME.evaluate(outranged, "yellow") > GAME.evaluate(off, "yellow")


def test_ending_the_movement_phase_gives_up_the_ground_a_move_would_gain() -> None:
    """VI-a: unused move units are lost; a unit still to move counts as nearer by its
    allowance, so ending the phase (or a move) early scores below going on."""
    state = GAME.position([("blue", "MBT", "0303", 3), ("yellow", "MBT", "0318", 0)])
    assert moves_left(GAME, state, "blue") == {0: 4.0}
    assert GAME.evaluate(state, "blue") > GAME.evaluate(play(GAME, state, "done"), "blue")
    moving = play(GAME, state, "move 0", "advance")
    assert moves_left(GAME, moving, "blue") == {0: 3.0}
    stopped = play(GAME, moving, "stop")
    assert moves_left(GAME, stopped, "blue") == {}
    assert GAME.evaluate(moving, "blue") > GAME.evaluate(stopped, "blue")


def test_closing_counts_the_walk_round_a_river() -> None:
    """III: a tank crosses a river only by a bridge, so the tank nearer the bridge is the
    nearer one, though further as the crow flies; a hovercraft ignores the river."""
    game = drawn(
        "\n".join(["......."] * 10), "\n".join(["......."] * 2 + ["~~~~~~="] + ["......."] * 7)
    )
    enemy = game.map.parse("0110")
    by_bank, by_bridge = game.map.parse("0101"), game.map.parse("0601")
    assert game.map.distance(by_bank, enemy) < game.map.distance(by_bridge, enemy)
    walk = {h: approach(game, game.table["MBT"], h, enemy) for h in (by_bank, by_bridge)}
    assert walk[by_bank] > walk[by_bridge] > game.map.distance(by_bridge, enemy)
    assert approach(game, game.table["HLT"], by_bank, enemy) == game.map.distance(by_bank, enemy)
    near, far = (
        game.position([("blue", "MBT", game.map.label(h), 3), ("yellow", "INF", "0110", 0)])
        for h in (by_bridge, by_bank)
    )
    assert closing(game, standing(near), "blue") > closing(game, standing(far), "blue")


def test_the_unit_moving_now_scores_each_step_towards_the_enemy() -> None:
    """A step of the moving unit along its way scores above standing where it is (a
    one-action look-ahead must see progress in each step, not only in the move units it
    could still spend), and above ending the move."""
    state = play(
        GAME, GAME.position([("blue", "MBT", "0303", 3), ("yellow", "MBT", "0318", 0)]), "move 0"
    )
    advanced = GAME.evaluate(play(GAME, state, "advance"), "blue")
    assert advanced > GAME.evaluate(state, "blue")
    assert advanced > GAME.evaluate(play(GAME, state, "stop"), "blue")


PLAYED = Sabot(build_points=60)


@settings(max_examples=5)
@given(playouts(PLAYED, max_steps=80))
def test_the_exchange_never_takes_more_than_a_side_has(playout: Playout) -> None:
    """In random games: what the shots to come are expected to take lies between nothing and
    the side's build points, the score stays strictly inside (-1, 1), and no walk is shorter
    than the hex distance."""
    for state in playout.states[::8]:
        assert isinstance(state, SabotState)
        units = standing(state)
        worth, lost = material(PLAYED, units), exchange(PLAYED, state, units)
        for player in PLAYED.players:
            assert 0 <= lost[player] <= worth[player]
            assert -1 < PLAYED.evaluate(state, player) < 1
        for unit in units:
            for enemy in units:
                if unit.on_map and enemy.on_map and enemy.owner != unit.owner:
                    walk = approach(PLAYED, PLAYED.table[unit.kind], unit.hex, enemy.hex)
                    assert walk >= PLAYED.map.distance(unit.hex, enemy.hex)


def test_closing_counts_only_enemies_the_unit_may_hurt() -> None:
    """II, VII-a: a gun of Damage 4+ never hurts a flyer, so a tank beside a scout copter,
    far from the tank it could shoot, has not closed in (it had, counting any enemy);
    beside that tank it has."""
    copter = GAME.position(
        [("blue", "MBT", "0909", 0), ("yellow", "RSC", "0910", 0), ("yellow", "MBT", "1919", 0)]
    )
    tank = GAME.position(
        [("blue", "MBT", "1817", 0), ("yellow", "RSC", "0910", 0), ("yellow", "MBT", "1919", 0)]
    )
    assert closing(GAME, standing(copter), "blue") < 1.0 == closing(GAME, standing(tank), "blue")
    # With nothing it may hurt left, the tank closes on what there is.
    alone = GAME.position([("blue", "MBT", "0909", 0), ("yellow", "RSC", "0910", 0)])
    assert closing(GAME, standing(alone), "blue") == 1.0
