"""Attack dice and their resolution as pure functions ("Attacks", "Weapon Types", "Troop
Units", "Non-Troop Units", "Take Cover", "Psychic Powers"), with exact odds."""

from fractions import Fraction
from itertools import product

import pytest

from wargames.core.rng import Rng
from wargames.gridscifi import Effect, Matchup, attack_dice, effect, hits, matchup, pins
from wargames.gridscifi.tables import TABLES

# -- the text's worked examples ---------------------------------------------------------


def test_missile_launcher_rolling_5_and_2_against_troops_in_cover() -> None:
    """ "Orks roll a 5 and 2. Using the highest score 5 minus the cover value 4 - causes 1
    Space Marine casualty and a pinned unit." """
    attack = matchup(TABLES, "blast", target="full", cover=True)
    assert attack.dice == 2, "a missile launcher (blast) rolls 2D6 against troop units"
    assert effect(attack, (5, 2)) == Effect(hits=1, pinned=True)


def test_psychic_rolling_1_3_4_6_against_full_armour() -> None:
    """ "rolls 1,3,4 and 6 resulting in 3 hits for the Marines (6 highest rolled - 3 for full
    armour) and 1 hit on the psychic unit for the rolled 1." """
    attack = matchup(TABLES, "major_psychic", target="full", psychic_dice=4)
    result = effect(attack, (1, 3, 4, 6))
    assert (result.hits, result.self_hits) == (3, 1)


def test_troops_in_cover_need_a_5_or_6() -> None:
    """ "allowing them to use the terrain armour value of 4. The Space Marines must roll 5 or 6
    to cause casualties." """
    attack = matchup(TABLES, "assault", target="light", cover=True)
    assert hits(attack).probability(lambda n: n > 0) == Fraction(1, 3)
    assert hits(matchup(TABLES, "assault", target="light")).probability(lambda n: n > 0) == (
        Fraction(2, 3)
    )


# -- the tables ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon", "troop", "non_troop", "reach"),
    [
        ("close_combat", 2, 0, 1),
        ("flamer", 1, 1, 1),
        ("power", 1, 2, 2),
        ("blast", 2, 1, 2),
        ("large_blast", 2, 2, 2),
        ("assault", 1, 0, 2),
        ("support", 2, 0, 2),
        ("sniper", 1, 0, 3),
        ("minor_psychic", 4, 4, 1),
        ("major_psychic", 4, 4, 2),
    ],
)
def test_weapon_table(weapon: str, troop: int, non_troop: int, reach: int) -> None:
    kind = TABLES.weapons[weapon]
    assert (kind.troop, kind.non_troop, kind.range) == (troop, non_troop, reach)
    assert attack_dice(kind, True, TABLES) == troop
    assert attack_dice(kind, True, TABLES, intense=True) == troop + 1, "one more for intense"
    assert attack_dice(kind, False, TABLES) == non_troop


def test_armour_and_sizes_tables() -> None:
    assert TABLES.armour == {"light": 2, "full": 3, "heavy": 4}
    assert TABLES.sizes == {"light": 1, "medium": 2, "heavy": 3, "very_heavy": 3}
    assert TABLES.quality == {"low": 1, "medium": 2, "elite": 3}
    assert TABLES.movement == {"normal": 1, "swift": 2, "fast": 3, "flyer": 4}
    assert TABLES.numbers.non_troop_armour == 5


def test_only_flamers_deny_cover() -> None:
    assert [name for name, kind in TABLES.weapons.items() if kind.denies_cover] == ["flamer"]
    with pytest.raises(ValueError, match="cannot take cover"):
        matchup(TABLES, "flamer", target="light", cover=True)


@pytest.mark.parametrize("weapon", ["close_combat", "assault", "support", "sniper"])
def test_troop_only_weapons_cannot_attack_non_troops(weapon: str) -> None:
    with pytest.raises(ValueError, match="cannot attack"):
        matchup(TABLES, weapon, target="non_troop")


# -- resolution -----------------------------------------------------------------------------


@pytest.mark.parametrize(("highest", "armour", "expected"), [(6, 2, 4), (6, 4, 2), (4, 4, 0)])
def test_highest_die_minus_armour_is_the_hits(highest: int, armour: int, expected: int) -> None:
    attack = Matchup(dice=2, armour=armour)
    assert effect(attack, (1, highest)).hits == expected


def test_several_casualties_from_one_attack_pin_a_troop_unit() -> None:
    assert effect(Matchup(dice=1, armour=2), (3,)) == Effect(1, pinned=False)
    assert effect(Matchup(dice=1, armour=2), (4,)) == Effect(2, pinned=True)


def test_a_hero_or_leader_unit_ignores_morale() -> None:
    assert effect(Matchup(dice=1, armour=2, steady=True), (6,)) == Effect(4, pinned=False)


def test_taking_cover_pins_even_without_hits() -> None:
    assert effect(Matchup(dice=1, armour=4, cover=True), (2,)) == Effect(0, pinned=True)


def test_non_troop_units_are_hit_only_on_a_6_and_pinned_by_a_5() -> None:
    tank = matchup(TABLES, "power", target="non_troop")
    assert tank.armour == 5
    assert effect(tank, (4, 4)) == Effect(0, pinned=False)
    assert effect(tank, (5, 2)) == Effect(0, pinned=True), "a 5 equals the armour: shaken"
    assert effect(tank, (6, 5)) == Effect(1, pinned=False)


def test_a_non_troop_unit_pinned_a_second_time_takes_a_hit() -> None:
    pinned_tank = matchup(TABLES, "power", target="non_troop", pinned=True)
    assert effect(pinned_tank, (5, 3)) == Effect(1, pinned=True)
    assert effect(pinned_tank, (6, 1)) == Effect(1, pinned=True)


def test_psychic_ones_hit_the_psychic_only_for_psychic_attacks() -> None:
    assert effect(Matchup(dice=2, armour=3), (1, 1)).self_hits == 0
    assert effect(Matchup(dice=2, armour=3, psychic=True), (1, 1)).self_hits == 2


def test_psychic_dice_are_chosen_from_1_to_4_and_never_intense() -> None:
    with pytest.raises(ValueError, match="1 to 4"):
        matchup(TABLES, "minor_psychic", psychic_dice=5)
    with pytest.raises(ValueError, match="1 to 4"):
        matchup(TABLES, "minor_psychic", psychic_dice=2, intense=True)


# -- exact odds agree with play ------------------------------------------------------------


@pytest.mark.parametrize(
    "attack",
    [
        Matchup(dice=3, armour=3),
        Matchup(dice=2, armour=4, cover=True),
        Matchup(dice=2, armour=5, troop=False, pinned=True),
        Matchup(dice=4, armour=2, psychic=True, steady=True),
        Matchup(dice=6, armour=3, psychic=True),
        Matchup(dice=6, armour=5, troop=False),
    ],
    ids=str,
)
def test_the_distribution_counts_every_roll(attack: Matchup) -> None:
    outcomes = attack.outcomes()
    for faces in product(range(1, 7), repeat=attack.dice):
        assert outcomes[effect(attack, faces)] > 0
    assert sum(p for _, p in outcomes.items()) == 1
    counted: dict[Effect, int] = {}
    for faces in product(range(1, 7), repeat=attack.dice):
        counted[effect(attack, faces)] = counted.get(effect(attack, faces), 0) + 1
    assert {e: Fraction(n, 6**attack.dice) for e, n in counted.items()} == dict(outcomes.items())


def test_rolling_an_attack_draws_the_same_faces_as_its_dice() -> None:
    attack = Matchup(dice=3, armour=3, psychic=True)
    for seed in range(50):
        rolled, rng = attack.roll().roll(Rng.from_seed(seed))
        faces, same = attack.faces().roll(Rng.from_seed(seed))
        assert rolled == effect(attack, faces)
        assert rng == same


def test_hypothetical_odds() -> None:
    """Two dice against full armour: a hit needs a 4 or more (27/36); pinned needs 5+ (20/36)."""
    attack = matchup(TABLES, "blast", target="full")
    assert hits(attack).probability(lambda n: n > 0) == Fraction(27, 36)
    assert pins(attack)[True] == Fraction(20, 36)
    tank = matchup(TABLES, "large_blast", target="non_troop")
    assert hits(tank)[1] == Fraction(11, 36)
    assert pins(tank)[True] == Fraction(9, 36), "highest exactly 5"
