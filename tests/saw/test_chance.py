"""SAW's chance nodes, draw by draw (``Game.drawing``): one attack resolved every way its
dice can come out gives the hit points the game's odds give."""

from fractions import Fraction

from wargames.core.distribution import Distribution
from wargames.saw import Attacked, Saw, SawState
from wargames.testing import every_drawing

from .helpers import act, duel, side_by_side

GAME = duel(open_designs=True)
"""Published designs: the attacker's odds are exact."""


def taken(state: SawState | None) -> int:
    """The hit points of the one attack resolved in ``state``."""
    assert state is not None
    (attack,) = [e for e in state.log if isinstance(e, Attacked)]
    return attack.hit_points


def test_one_attack_drawn_every_way_comes_to_the_games_odds() -> None:
    """b1 attacks r1 next to it; red's "done" resolves the turn: four d6 to hit, and after a
    hit four more to wound.  Every way of the hit dice is listed, and every way of the
    wound dice after the first hit (a spread of them after the last hit give the same)."""
    before = side_by_side(GAME, 1)
    attack = GAME.parse_action(before, "b1 attack r1")
    state = act(GAME, before, "b1 attack r1", "b1 done")
    done = GAME.parse_action(state, "r1 done")
    hit_dice = list(every_drawing(GAME, state, done, depth=4))
    assert len(hit_dice) == 6**4
    missed = sum((p for p, way in hit_dice if not way.size), Fraction(0))
    assert {taken(way.state) for _, way in hit_dice if not way.size} == {0}
    hits = [way for _, way in hit_dice if way.size]
    assert {way.size for way in hits} == {6}
    first, last = hits[0].draws, hits[-1].draws
    after = list(every_drawing(GAME, state, done, draws=first))
    wound = Distribution([(taken(way.state), p) for p, way in after])
    for _, way in after[::37]:
        alike = GAME.drawing(state, done, (*last, *way.draws[len(first) :]))
        assert taken(alike.state) == taken(way.state)
    points: dict[int, Fraction] = {0: missed}
    for value, p in wound.items():
        points[value] = points.get(value, Fraction(0)) + (1 - missed) * p
    assert Distribution(points) == GAME.odds(before, attack)


def test_the_bound_is_a_die() -> None:
    assert Saw().max_chance_outcomes == 6
