"""A battle decided and not yet rolled, for the bots (``wargames.sabatu.pending``): the
afterstate is never played, and it is worth the mean of what the rules' dice make of it."""

from fractions import Fraction

import pytest

from wargames.core.errors import IllegalAction
from wargames.sabatu import Arm, Move, Pass, Roll, SabatuAction, SabatuState
from wargames.testing import every_drawing

from .helpers import TWO, position

ATTACK = Move("red", "nw.5", 2, "nw.7")


def rolled_mean(state: SabatuState, action: SabatuAction, player: str) -> float:
    """The evaluation after ``action``, averaged over every way the rules draw its chance."""
    total = Fraction(0)
    for p, drawn in every_drawing(TWO, state, action):
        assert drawn.state is not None
        total += p * Fraction(TWO.evaluate(drawn.state, player))
    return float(total)


CASES = [
    (position(armies={"red": ["nw.5", "home"], "blue": ["nw.7"]}, coins={"blue": [1, 3, 3]},
              dice=[2]), [], ATTACK),
    (position(armies={"red": ["ne.1"], "blue": ["home"]},
              capitals={"ne.capital": ("blue", 1, 2)}, dice=[1]),
     [], Move("red", "ne.1", 1, "ne.capital")),
    (position(armies={"red": ["nw.5"], "blue": ["nw.7"]}, tiles={"red": ["sword"],
              "blue": ["shield", "ax"]}, coins={"red": [2]}, dice=[2]),
     [ATTACK, Arm("red", "sword")], Arm("blue", "shield")),
]  # fmt: skip


@pytest.mark.parametrize(
    ("start", "before", "action"), CASES, ids=["open ground", "walled capital", "tiles laid"]
)
def test_a_battle_is_worth_the_mean_of_the_rules_dice(
    start: SabatuState, before: list[SabatuAction], action: SabatuAction
) -> None:
    """The afterstate's evaluation is exactly the mean, over every way the dice and the
    plunder come out in play, of the evaluation after them."""
    state = TWO.apply_all(start, before)
    after = TWO.afterstate(state, action)
    assert TWO.awaits_chance(after)
    for player in TWO.players:
        assert TWO.evaluate(after, player) == pytest.approx(rolled_mean(state, action, player))


def test_the_afterstate_is_never_played() -> None:
    state = CASES[0][0]
    after = TWO.afterstate(state, ATTACK)
    assert after.rng == state.rng, "nothing drawn"
    assert after.battle is not None
    assert after.battle.attacker_ready
    assert TWO.to_act(after) == frozenset()
    with pytest.raises(IllegalAction):
        TWO.apply(after, Arm("blue", "ax"))
    assert any("afterstate" in v for v in TWO.violations(after))
    assert not list(TWO.violations(state))


def test_moves_that_roll_no_battle_are_applied() -> None:
    state = CASES[0][0]
    move = Move("red", "nw.5", 2, "nw.3")
    assert move in TWO.legal_actions(state, "red")
    assert TWO.afterstate(state, move) == TWO.apply(state, move)
    tiled = CASES[2][0]
    assert TWO.afterstate(tiled, ATTACK) == TWO.apply(tiled, ATTACK), "tiles still to lay"


def test_a_side_still_to_choose_lays_its_best_tile() -> None:
    """While the defender chooses, the battle is reckoned with its best tile (an ax, 3, over
    a shield, 2): the worse of the two for the attacker."""
    start = CASES[2][0]
    choosing = TWO.apply_all(start, [ATTACK, Arm("red", "sword")])
    assert TWO.to_act(choosing) == {"blue"}
    best = TWO.evaluate(TWO.afterstate(choosing, Arm("blue", "ax")), "red")
    shield = TWO.evaluate(TWO.afterstate(choosing, Arm("blue", "shield")), "red")
    assert TWO.evaluate(choosing, "red") == pytest.approx(min(best, shield))


def test_passing_hands_the_turn_over_and_stops_there() -> None:
    """The afterstate of "pass" is the next turn not begun: nobody to act, nothing drawn
    (no Conquest card, no dice), never played; where the start of that turn ends the game
    (blue holds three capitals), it is what play gives."""
    state = position(armies={"red": ["nw.5"], "blue": ["se.5"]})
    after = TWO.afterstate(state, Pass("red"))
    assert TWO.awaits_chance(after)
    assert (after.seat, after.rng, after.conquest) == (1, state.rng, state.conquest)
    with pytest.raises(IllegalAction):
        TWO.apply(after, Roll("blue"))
    assert any("begin" in v for v in TWO.violations(after))
    held = dict.fromkeys(("ne.capital", "sw.capital", "se.capital"), ("blue", 1, 0))
    won = position(armies={"red": ["nw.5"], "blue": ["se.5"]}, capitals=held)
    over = TWO.afterstate(won, Pass("red"))
    assert over == TWO.apply(won, Pass("red"))
    assert over.result is not None
