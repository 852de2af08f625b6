"""The advanced rules: Multiple Attacks, Coordinated attacks, Variable Traits, and designing
units with actions (point-buy in secret)."""

import pytest

from wargames import IllegalAction
from wargames.core.hidden import is_hidden
from wargames.saw import (
    Attack,
    Attacked,
    Designed,
    Reallocated,
    RecordRevealed,
    Saw,
)
from wargames.saw.odds import hit_points

from .helpers import BALANCED, BRUISER, act, audit, events, legal_texts, playout

# -- designing units --------------------------------------------------------------------------


def test_units_are_designed_in_secret_point_by_point() -> None:
    game = Saw(armies={"blue": [["Scout", 6]], "red": [["Guard", 5]]})
    state = game.start(seed=1, design="manual")
    assert game.phase(state) == "design"
    assert game.to_act(state) == {"blue", "red"}
    assert legal_texts(game, state, "red") == [
        f"r1 assign {n} {t}"
        for t in ("movement", "evasion", "endurance", "accuracy", "damage")
        for n in (1, 5)
    ]
    state = act(game, state, "b1 assign 5 movement")
    with pytest.raises(IllegalAction, match="b1 has only 1 point"):
        act(game, state, "b1 assign 5 damage")
    assert is_hidden(game.view(state, "red").units[0].sheet)
    state = act(game, state, "b1 assign 1 damage", "r1 assign 5 endurance")
    assert game.phase(state) == "plot"
    assert state.clock.turn == 1
    assert [e.traits for e in events(state, Designed)] == [(5, 0, 0, 0, 1), (0, 0, 5, 0, 0)]
    assert is_hidden(events(game.view(state, "red"), Designed)[0].traits)


def test_the_weapon_cap_holds_while_designing() -> None:
    game = Saw(armies={"blue": [["Gun", 12, 2]], "red": [["Gun", 12, 2]]}, weapon_cap=6)
    state = act(game, game.start(seed=1, design="manual"), "b1 assign 5 accuracy")
    assert "b1 assign 1 damage" in legal_texts(game, state, "blue")
    assert "b1 assign 5 damage" not in legal_texts(game, state, "blue")
    with pytest.raises(IllegalAction, match="may not exceed 6 \\(Multiple Attacks\\)"):
        act(game, state, "b1 assign 5 damage")
    assert "b1 assign 5 damage2" in legal_texts(game, state, "blue")
    state = act(game, state, "b1 assign 1 damage")  # accuracy + damage = 6: the cap itself
    with pytest.raises(IllegalAction, match="may not exceed 6"):
        act(game, state, "b1 assign 1 accuracy")


def test_ready_designs_must_respect_the_cap() -> None:
    with pytest.raises(ValueError, match="over the cap 6"):
        Saw(weapon_cap=6)  # the text's Bruiser has accuracy 4 + damage 6


# -- multiple attacks -----------------------------------------------------------------------


def test_each_weapon_attacks_on_its_own() -> None:
    """ "several independent pairs of accuracy and damage" """
    game = Saw(army="gunships", weapons=2)
    state = game.start(seed=2, hexes={"b1": "0505", "r1": "0605", "r2": "0405"})
    assert "b1 attack r2 weapon 2" in legal_texts(game, state, "blue")
    state = act(game, state, "b1 attack r1", "b1 attack r2 weapon 2", "b1 done", "b2 done")
    state = act(game, state, "r1 done", "r2 done")
    assert [(e.attackers, e.target) for e in events(state, Attacked)] == [
        ((("b1", 1),), "r1"),
        ((("b1", 2),), "r2"),
    ]
    audit(game, state)


# -- coordinated attacks -------------------------------------------------------------------


def test_coordinated_attacks_are_one_roll_with_both_range_penalties() -> None:
    game = Saw(
        armies={"blue": [BALANCED, BRUISER], "red": [BALANCED]},
        coordination=True,
    )
    state = game.start(seed=3, hexes={"b1": "0505", "b2": "0105", "r1": "0605"})
    state = act(game, state, "b1 attack r1 coordinated", "b1 done")
    coordinated = Attack("blue", "b2", "r1", coordinated=True)
    expected = hit_points([4, 4], 4, [4, 6], 4, [1, 5])  # b2 is 5 hexes away
    assert game.exact_odds(state, coordinated) == expected
    state = act(game, state, str(coordinated), "b2 done", "r1 done")
    (attack,) = events(state, Attacked)
    assert attack.attackers == (("b1", 1), ("b2", 1))
    assert attack.penalty == 1 + 1
    audit(game, state)


def test_attacking_one_target_without_coordinating_is_two_attacks() -> None:
    """ "Units do not get this bonus simply because their players plotted to attack the same
    enemy independently." """
    game = Saw(army="duel", coordination=True)
    state = game.start(seed=3)
    state = act(game, state, "b1 attack r1", "b1 done", "b2 attack r1 coordinated", "b2 done")
    state = act(game, state, "r1 done", "r2 done")
    assert [e.attackers for e in events(state, Attacked)] == [(("b1", 1),), (("b2", 1),)]


def test_a_unit_joins_one_coordinated_attack_per_target() -> None:
    game = Saw(army="gunships", coordination=True, weapons=2)
    state = act(game, game.start(seed=1), "b1 attack r1 coordinated")
    with pytest.raises(IllegalAction, match="already takes part in a coordinated attack on r1"):
        act(game, state, "b1 attack r1 weapon 2 coordinated")


# -- variable traits ------------------------------------------------------------------------


def test_variable_traits_reallocate_before_plotting() -> None:
    game = Saw(army="duel", variable_traits=True, attacks=1)
    state = game.start(seed=1)
    assert legal_texts(game, state, "blue")[0] == "b1 reallocate"
    state = act(game, state, "b1 reallocate")
    assert state.units[0].sheet.pool == 20
    with pytest.raises(IllegalAction, match="b1 must first assign its 20 released point"):
        act(game, state, "b1 step se")
    state = act(game, state, *["b1 assign 5 movement"] * 2, *["b1 assign 5 evasion"] * 2)
    assert state.units[0].sheet.traits == (10, 10, 0, 0, 0)
    assert "b1 reallocate" not in legal_texts(game, state, "blue"), "once a turn"
    state = act(game, state, *["b1 step se"] * 5, "b1 done", "b2 done", "r1 done", "r2 done")
    records = events(state, Reallocated)
    assert next(r.traits for r in records) == (10, 10, 0, 0, 0)
    assert len(records) == 4, "every unit's allocation is recorded every turn"
    assert all(is_hidden(r.traits) for r in events(game.view(state, "red"), Reallocated)[:2])


def test_reallocating_comes_before_the_units_move_and_attacks() -> None:
    """Library default for "During the plotting phase ... re-allocate": first thing in the
    unit's plot, so its move is checked against the movement it will have."""
    game = Saw(army="duel", variable_traits=True)
    state = act(game, game.start(seed=1), "b1 step se")
    assert "b1 reallocate" not in legal_texts(game, state, "blue")
    with pytest.raises(IllegalAction, match="re-allocate before plotting"):
        act(game, state, "b1 reallocate")


def test_reallocated_points_may_go_to_any_weapon() -> None:
    """The unit's own weapons (option ``weapons``) stay; its points move freely between them
    and the further attacks."""
    game = Saw(army="gunships", weapons=2, variable_traits=True, attacks=3)
    state = act(game, game.start(seed=1), "b1 reallocate", *["b1 assign 5 accuracy2"] * 2)
    state = act(game, state, *["b1 assign 5 damage3"] * 2)
    assert state.units[0].sheet.traits == (0, 0, 0, 0, 0, 10, 0, 0, 10)


def test_reallocated_points_may_make_one_two_or_ten_attacks() -> None:
    """Issue 34: "they can choose to allocate points to one, two, or ten attacks at will".
    A Balanced unit (one weapon) re-allocates its 20 points into ten attacks of accuracy 1
    and damage 1 and fires all ten; the option ``attacks`` (default 10) bounds them."""
    game = Saw(army="duel", variable_traits=True)
    assert game.options.attacks == 10
    assert game.traits[0][-2:] == ("accuracy10", "damage10")
    pairs = [
        f"b1 assign 1 {t}{w if w > 1 else ''}" for w in range(1, 11) for t in ("accuracy", "damage")
    ]
    state = act(game, game.start(seed=1), "b1 reallocate", *pairs)
    assert state.units[0].sheet.traits == (0, 0, 0) + (1,) * 20
    attacks = ["b1 attack r1"] + [f"b1 attack r1 weapon {w}" for w in range(2, 11)]
    with pytest.raises(IllegalAction, match="no weapon 11"):
        act(game, state, "b1 attack r1 weapon 11")
    state = act(game, state, *attacks, "b1 done", "b2 done", "r1 done", "r2 done")
    fired = [e.attackers for e in events(state, Attacked) if e.player == "blue"]
    assert fired == [(("b1", w),) for w in range(1, 11)]


def test_a_further_attack_fires_only_while_it_holds_points() -> None:
    """A unit's own weapon attacks even at accuracy and damage 0 (the basic game's attack); a
    further attack of Variable Traits is one only once it holds a point: with 0 it is
    refused, with 1 (in accuracy or in damage) it fires."""
    game = Saw(army="duel", variable_traits=True, attacks=3)
    state = act(game, game.start(seed=1), "b1 reallocate", *["b1 assign 5 movement"] * 4)
    with pytest.raises(IllegalAction, match="weapon 2 of b1 has no points"):
        act(game, state, "b1 attack r1 weapon 2")
    assert "b1 attack r1" in legal_texts(game, state, "blue")
    state = act(game, game.start(seed=1), "b1 reallocate", *["b1 assign 1 movement"] * 18)
    state = act(game, state, "b1 assign 1 accuracy2", "b1 assign 1 damage3")
    assert {"b1 attack r1 weapon 2", "b1 attack r1 weapon 3"} <= set(
        legal_texts(game, state, "blue")
    )
    assert Saw(army="duel", attacks=3).traits[0] == Saw().traits[0], "only with the rule"


def test_reallocating_needs_the_option() -> None:
    game = Saw()
    with pytest.raises(IllegalAction, match="option variable_traits"):
        act(game, game.start(seed=1), "b1 reallocate")


def test_the_record_is_revealed_when_the_game_ends() -> None:
    """ "Point allocations are kept secret during play, but must be recorded so that they can
    be revealed after the game is over." """
    game = Saw(army="lone", variable_traits=True)
    final = playout(game, 5)[-1]
    assert game.outcome(final) is not None
    (record,) = events(game.view(final, "red"), RecordRevealed)
    designs = events(final, Designed)
    reallocations = events(final, Reallocated)
    assert record.entries == tuple(
        [(0, d.unit, d.traits) for d in designs]
        + [(r.turn, r.unit, r.traits) for r in reallocations]
    )
    audit(game, final)
