"""The bots' reading of a Grid SciFi position (:mod:`wargames.gridscifi.evaluation`): the
objectives decide at the end of the last turn, strength wins by annihilation."""

import attrs
import pytest

from wargames.gridscifi import GridSciFi, Unit
from wargames.gridscifi.evaluation import (
    attack_chance,
    exchange,
    holding,
    moves_left,
    objectives,
    strength,
)

from .helpers import arena, at, sq

GAME = GridSciFi()  # the skirmish: objectives d5 and i4


def score(*units: Unit, player: str = "blue", turn: int = 2, acting: str = "blue") -> float:
    state = GAME.position(list(units), player=acting, turn=turn)
    return GAME.evaluate(state, player)


def test_holding_both_objectives_beats_holding_neither() -> None:
    winning = score(
        at(0, "blue", "Battle Squad", "d5"),
        at(1, "blue", "Battle Squad", "i4"),
        at(2, "red", "Swarmlings", "l8"),
    )
    losing = score(
        at(0, "blue", "Battle Squad", "a1"),
        at(1, "blue", "Battle Squad", "b1"),
        at(2, "red", "Swarmlings", "d5"),
        at(3, "red", "Swarmlings", "i4"),
    )
    assert -1 < losing < 0 < winning < 1
    assert score(at(0, "blue", "Battle Squad", "d5"), at(1, "red", "Swarmlings", "i4")) < winning


def test_objectives_outweigh_strength() -> None:
    """The game is decided on the objectives: a stronger army that holds none scores below a
    weaker one that holds both."""
    strong_but_away = score(
        at(0, "blue", "Battle Squad", "a1"),
        at(1, "blue", "Battle Squad", "b1"),
        at(2, "blue", "Battle Squad", "c1"),
        at(3, "red", "Swarmlings", "d5"),
        at(4, "red", "Swarmlings", "i4"),
    )
    assert strong_but_away < 0


def test_a_contested_objective_is_even_and_nearer_is_firmer() -> None:
    units = (at(0, "blue", "Battle Squad", "d5"), at(1, "red", "Swarmlings", "e6"))
    assert holding(GAME.field, units, "blue", sq("d5")) == 1.0
    assert holding(GAME.field, units, "red", sq("d5")) == 1.0
    far = (at(0, "blue", "Battle Squad", "a1"),)
    near = (at(0, "blue", "Battle Squad", "c3"),)
    assert (
        0 < holding(GAME.field, far, "blue", sq("d5")) < holding(GAME.field, near, "blue", sq("d5"))
    )
    assert holding(GAME.field, far, "red", sq("d5")) == 0.0
    assert objectives(GAME.field, units, "blue") == pytest.approx(
        -objectives(GAME.field, units, "red")
    )


def test_strength_counts_what_is_left() -> None:
    whole = (at(0, "blue", "Battle Squad", "a1"), at(1, "red", "Swarmlings", "h8"))
    hurt = (at(0, "blue", "Battle Squad", "a1", damage=2), at(1, "red", "Swarmlings", "h8"))
    assert strength(GAME.field, whole, "blue") == 0.0
    assert strength(GAME.field, hurt, "blue") < 0 < strength(GAME.field, hurt, "red")


def test_moves_left_counts_this_turn_for_who_has_not_played_it() -> None:
    last = GAME.turns
    blue_acts = GAME.position([at(0, "blue", "Battle Squad", "a1")], player="blue", turn=last)
    red_acts = GAME.position([at(0, "blue", "Battle Squad", "a1")], player="red", turn=last)
    assert moves_left(GAME.players, blue_acts.clock, last) == {"blue": 1, "red": 1}
    assert moves_left(GAME.players, red_acts.clock, last) == {"blue": 0, "red": 1}
    assert moves_left(GAME.players, red_acts.clock, last + 2) == {"blue": 2, "red": 3}


def test_a_unit_that_cannot_get_there_before_the_end_holds_nothing() -> None:
    """Only control at the end of the last turn counts: a squad (one square a move) two
    squares off d5 once its side has no move left holds nothing, though it would earlier."""
    units = (at(0, "blue", "Battle Squad", "d3"), at(1, "red", "Swarmlings", "l8"))
    assert holding(GAME.field, units, "blue", sq("d5"), 0) == 0.0
    assert (
        holding(GAME.field, units, "blue", sq("d5"), 1)
        == holding(GAME.field, units, "blue", sq("d5"))
        > 0
    )
    assert holding(GAME.field, units, "blue", sq("d4"), 0) == 1.0  # next to it: control
    late = score(*units, turn=GAME.turns, acting="red")
    early = score(*units, turn=2, acting="red")
    assert late < early


def test_on_the_last_turn_holding_an_objective_beats_standing_near_it() -> None:
    """The last turn, red to act, red's swarmlings too far to reach an objective: blue's
    squad next to d5 wins the game; blue's squad two squares off has no move left to take
    it, so the game is even (a draw)."""
    red = at(1, "red", "Swarmlings", "l8")
    winning = score(at(0, "blue", "Battle Squad", "d4"), red, turn=GAME.turns, acting="red")
    losing = score(at(0, "blue", "Battle Squad", "d3"), red, turn=GAME.turns, acting="red")
    assert losing == 0.0 < winning


# -- the enemy's next attacks, read by the search (evaluation.exchange) ------------------------

FIELD = arena(
    """
........
..::....
........
...T....
........
........
"""
)


def lost(*units: Unit, mover: str = "blue") -> dict[str, float]:
    return exchange(FIELD.field, tuple(units), mover)


def test_a_unit_in_reach_of_an_enemy_expects_the_mean_of_its_attack() -> None:
    """Red's Swarmlings (low quality: one die, an attack on an even face) two squares from a
    Battle Squad (full armour 3, 5 models) attack with their spine-rifles, 1D6: a mean of
    (1 + 2 + 3) / 6 hits; next to it with their claws, 2D6, the highest less 3: 58/36."""
    squad = at(0, "blue", "Battle Squad", "a1")
    assert lost(squad, at(1, "red", "Swarmlings", "c1")) == {
        "blue": pytest.approx(0.5 * 1 / 5),
        "red": pytest.approx(0.75 * 2.5 / 5),  # the squad's grenades, 2D6 less light armour 2
    }
    assert lost(squad, at(1, "red", "Swarmlings", "b1"))["blue"] == pytest.approx(0.5 * 58 / 36 / 5)
    assert lost(squad, at(1, "red", "Swarmlings", "d1")) == {"blue": 0.0, "red": 0.0}


def test_cover_and_sight_spare_a_unit() -> None:
    """In rough terrain (c5) the squad takes cover (4 for its armour 3) against rifles, not
    against claws ("against shooting attacks"); behind the trees (d3) it cannot be seen."""
    in_open = lost(at(0, "blue", "Battle Squad", "a5"), at(1, "red", "Swarmlings", "a3"))
    in_cover = lost(at(0, "blue", "Battle Squad", "c5"), at(1, "red", "Swarmlings", "c3"))
    assert in_cover["blue"] == pytest.approx(0.5 * (1 + 2) / 6 / 5)
    assert in_open["blue"] == pytest.approx(0.5 * 1 / 5)
    claws = lost(at(0, "blue", "Battle Squad", "c5"), at(1, "red", "Swarmlings", "c4"))
    assert claws["blue"] == pytest.approx(0.5 * 58 / 36 / 5)
    hidden = lost(at(0, "blue", "Battle Squad", "d4"), at(1, "red", "Swarmlings", "d2"))
    assert hidden == {"blue": 0.0, "red": 0.0}


def test_only_the_movers_units_yet_to_activate_attack_next() -> None:
    """Red is to act: its activated Swarmlings have had their turn, blue's squad has all its
    own to come."""
    squad = at(0, "blue", "Battle Squad", "a1")
    spent = at(1, "red", "Swarmlings", "c1", activated=True)
    assert lost(squad, spent, mover="red") == {"blue": 0.0, "red": pytest.approx(0.375)}
    assert lost(squad, spent, mover="blue")["blue"] == pytest.approx(0.1)


def test_what_a_target_expects_to_lose_is_capped_at_what_it_has() -> None:
    """Three squads' grenades at Swarmlings with one model left: each expects to kill it
    with 0.75 x 32/36, together more than the one model (a fifth of the unit)."""
    squads = [at(i, "blue", "Battle Squad", square) for i, square in enumerate(("a3", "b3", "c3"))]
    last = at(3, "red", "Swarmlings", "b1", damage=4)
    assert lost(*squads, last, mover="blue")["red"] == pytest.approx(1 / 5)
    assert lost(squads[0], attrs.evolve(last, id=1), mover="blue")["red"] == pytest.approx(
        0.75 * 32 / 36 / 5
    )


def test_attack_chance() -> None:
    """An even die attacks; a pinned unit needs an odd one first to unpin."""
    assert [attack_chance(n, pinned=False) for n in (1, 2, 3)] == [0.5, 0.75, 0.875]
    assert [attack_chance(n, pinned=True) for n in (1, 2, 3)] == [0.0, 0.5, 0.75]


def test_the_search_weighs_a_unit_left_in_reach_of_the_enemy() -> None:
    """The search's score counts the exchange, the one-step score does not: blue's squad in
    cover scores above the same squad in the open for the search only."""
    squad, swarm = at(0, "blue", "Battle Squad", "a5"), at(1, "red", "Swarmlings", "a3")
    open_ = FIELD.position([squad, swarm], player="red")
    moved = [attrs.evolve(squad, square=sq("c5")), attrs.evolve(swarm, square=sq("c3"))]
    cover = FIELD.position(moved, player="red")
    assert FIELD.evaluate(open_, "blue") == FIELD.evaluate(cover, "blue")
    assert FIELD.search_evaluate(open_, "blue") < FIELD.search_evaluate(cover, "blue")
    assert FIELD.search_evaluate(cover, "red") == pytest.approx(
        -FIELD.search_evaluate(cover, "blue")
    )
