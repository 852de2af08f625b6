"""Attacks in play ("Attacks", "Actions", "Troop Units", "Non-Troop Units", "Take Cover",
"Weapon Types", "Flyers", "Indirect Fire", "Psychic Powers"), with the text's worked
examples replayed with their dice."""

from fractions import Fraction

import pytest

from wargames import IllegalAction, Outcome
from wargames.gridscifi import (
    Activate,
    Aim,
    Channel,
    GridState,
    HoldGround,
    Overwatch,
    ReturnFire,
    Status,
    Step,
    TakeCover,
    Target,
)
from wargames.gridscifi.state import AttackRolled, Destroyed

from .helpers import activating, arena, at, off, rolling, sq

# Woods on c3 and e4, rough on d3 and c2, a building on f3.
FIELD = """
........
........
....T...
..T:.#..
..:.....
........
"""
GAME = arena(FIELD)


def aim_at(state: GridState, weapon: str, target: int, intense: bool = False) -> GridState:
    player = state.units[state.activation.unit].owner if state.activation else "blue"
    return GAME.apply_all(state, [Aim(player, weapon), Target(player, target, intense)])


def rolled(state: GridState) -> list[AttackRolled]:
    return [event for event in state.log if isinstance(event, AttackRolled)]


def targets(state: GridState, player: str = "blue") -> set[tuple[int, bool]]:
    return {(a.unit, a.intense) for a in GAME.legal_actions(state, player) if isinstance(a, Target)}


# -- the worked examples ----------------------------------------------------------------------


def test_missile_launcher_5_and_2_against_a_unit_taking_cover() -> None:
    """ "An [enemy] unit uses its missile launcher (2D6) to attack a [full armour] unit who
    wisely take advantage of being in cover. [They] roll a 5 and 2 ... causes 1 ...
    casualty and a pinned unit." """
    units = [at(0, "blue", "Heavy Weapons Squad", "c1"), at(1, "red", "Ambush Brood", "c3")]
    state = aim_at(activating(GAME.position(units), 0, 2), "missile-launcher", 1)
    assert GAME.to_act(state) == {"red"}, "the defender decides whether to take cover"
    assert GAME.legal_actions(state, "red") == (TakeCover("red"), HoldGround("red"))
    state = GAME.apply(rolling(state, 5, 2), TakeCover("red"))
    brood = state.units[1]
    assert brood.damage == 1
    assert brood.pinned
    assert rolled(state) == [
        AttackRolled(0, "missile-launcher", 1, (5, 2), armour=4, hits=1, pinned=True)
    ]


def test_psychic_rolling_1_3_4_6_against_a_full_armour_unit_that_declines_cover() -> None:
    """ "A psychic unit choses 4 x D6 to attack a [full armour] unit who declined to take
    cover. The psychic unit rolls 1,3,4 and 6 resulting in 3 hits ... and 1 hit on the
    psychic unit for the rolled 1." """
    units = [at(0, "blue", "Battle Psyker", "d1"), at(1, "red", "Ambush Brood", "d3")]
    state = aim_at(activating(GAME.position(units), 0, 2), "mind-blast", 1)
    channels = {a.dice for a in GAME.legal_actions(state, "blue") if isinstance(a, Channel)}
    assert channels == {1, 2, 3, 4}, "the attacker chooses up to 4 dice"
    state = GAME.apply(state, Channel("blue", 4))
    assert GAME.legal_actions(state, "red") == (TakeCover("red"), HoldGround("red")), (
        "in rough terrain it could have taken cover, and declines"
    )
    state = GAME.apply(rolling(state, 1, 3, 4, 6), HoldGround("red"))
    assert state.units[1].damage == 3
    assert state.units[0].damage == 1, "the 1 is a hit on the psychic unit"
    assert state.units[1].pinned, "three models from one attack: morale"


TANK_AND_TWO_UNITS = [
    at(0, "blue", "Battle Tank", "b2"),
    at(1, "red", "Swarmlings", "a4"),
    at(2, "red", "Spitter Brood", "b4"),
]


def test_a_tank_with_two_even_dice_fires_intensely_at_one_unit() -> None:
    """ "An Imperial tank has rolled 2 even activation D6. It can make an intense fire attack
    on 1 unit or 2 single attacks against both [enemy] units." (Sequence of Play), with the
    activation dice rolled: 2 and 4, then the cannon's 1, 2, 6."""
    state = rolling(GAME.position(TANK_AND_TWO_UNITS), 2, 4, 1, 2, 6)
    state = GAME.apply_all(state, [Activate("blue", 0), Aim("blue", "cannon")])
    assert state.activation is not None
    assert state.activation.dice == (2, 4)
    assert targets(state) == {(1, False), (1, True), (2, False), (2, True)}
    intense = GAME.apply(state, Target("blue", 1, intense=True))
    assert rolled(intense)[0].faces == (1, 2, 6), "blast: 2D6 plus one for intense fire"
    assert intense.units[1].damage == 4, "6 minus light armour 2"
    assert intense.activation is None, "both dice spent"


def test_a_tank_with_two_even_dice_attacks_two_units_with_separate_weapons() -> None:
    state = rolling(GAME.position(TANK_AND_TWO_UNITS), 2, 4, 1, 1, 1, 1)
    state = GAME.apply(state, Activate("blue", 0))
    state = aim_at(state, "cannon", 1)
    assert state.activation is not None, "a non-troop unit may attack again"
    with pytest.raises(IllegalAction, match="second attack uses a separate weapon"):
        GAME.apply(state, Aim("blue", "cannon"))
    for action, rule in (
        (Overwatch("blue"), "no overwatch after attacking"),
        (Step("blue", sq("b3")), "cannot move after attacking"),
    ):
        with pytest.raises(IllegalAction, match=rule):
            GAME.apply(state, action)
    state = GAME.apply(state, Aim("blue", "heavy-gun"))
    assert targets(state) == {(2, False)}, "a different unit, and no die for intense fire"
    with pytest.raises(IllegalAction, match="two attacks are on different units"):
        GAME.apply(state, Target("blue", 1))
    state = GAME.apply(state, Target("blue", 2))
    assert state.activation is None
    assert [e.target for e in rolled(state)] == [1, 2]


def test_a_unit_with_two_even_dice_attacks_intensely() -> None:
    """ "A Space Marine unit prepares to attack some marauding Orks with intense shooting
    after rolling 2 even activation D6." (Actions): the rifles roll 1D6 and one more."""
    units = [at(0, "blue", "Battle Squad", "b2"), at(1, "red", "Ambush Brood", "b4")]
    state = rolling(GAME.position(units), 6, 2, 4, 5)
    state = GAME.apply_all(state, [Activate("blue", 0), Aim("blue", "rifles")])
    assert state.activation is not None
    assert state.activation.dice == (6, 2)
    assert targets(state) == {(1, False), (1, True)}
    state = GAME.apply(state, Target("blue", 1, intense=True))
    assert rolled(state) == [AttackRolled(0, "rifles", 1, (4, 5), 3, 2, True)]
    assert state.activation is None


def test_a_psychic_attack_chooses_its_dice_instead_of_intense_fire() -> None:
    """ "The number of D6 rolled is chosen by the attacking player up to the 4 D6" (Psychic
    Powers); library default: two even dice do not add one for intense fire."""
    units = [at(0, "blue", "Battle Psyker", "d1"), at(1, "red", "Ambush Brood", "d3")]
    state = GAME.apply(activating(GAME.position(units), 0, 2, 4), Aim("blue", "mind-blast"))
    assert targets(state) == {(1, False)}
    with pytest.raises(IllegalAction, match="chooses its dice instead of intense fire"):
        GAME.apply(state, Target("blue", 1, intense=True))


def test_a_unit_chooses_among_its_weapon_types() -> None:
    """ "A Space marine Devastator unit can choose a missile blast attack, plasma power weapon
    attack, or heavy bolter support weapon attack." (Weapon Types)"""
    units = [at(0, "blue", "Heavy Weapons Squad", "b2"), at(1, "red", "Ambush Brood", "b4")]
    state = activating(GAME.position(units), 0, 2)
    aims = {a.weapon for a in GAME.legal_actions(state, "blue") if isinstance(a, Aim)}
    assert aims == {"missile-launcher", "plasma-gun", "heavy-gun"}
    dice = {}
    for weapon in sorted(aims):
        aimed = GAME.apply(state, Aim("blue", weapon))
        odds = GAME.odds(aimed, Target("blue", 1))
        assert odds is not None
        dice[weapon] = odds.probability(lambda e: e.hits > 0)
    assert dice == {
        "missile-launcher": Fraction(27, 36),  # blast: 2D6 against troops
        "plasma-gun": Fraction(1, 2),  # power: 1D6 against troops
        "heavy-gun": Fraction(27, 36),  # support: 2D6 against troops
    }


def test_units_fire_all_round() -> None:
    """ "All units have a 360 degree field of fire." (Units): no facing anywhere."""
    around = ["b1", "d1", "f1", "b3", "f3", "b5", "d5", "f5"]
    units = [at(0, "blue", "Battle Squad", "d3")]
    units += [at(i + 1, "red", "Swarmlings", square) for i, square in enumerate(around)]
    open_field = arena()
    state = open_field.apply(activating(open_field.position(units), 0, 2), Aim("blue", "rifles"))
    found = {a.unit for a in open_field.legal_actions(state, "blue") if isinstance(a, Target)}
    assert found == set(range(1, 9))


def test_a_troop_unit_with_two_even_dice_attacks_once() -> None:
    """ "A troop unit with two even scores can still only attack once, but can use both even
    scores to give them an advantage" (intense fire)."""
    units = [
        at(0, "blue", "Battle Squad", "b2"),
        at(1, "blue", "Battle Squad", "h1"),
        at(2, "red", "Swarmlings", "a4"),
        at(3, "red", "Spitter Brood", "b4"),
    ]
    state = activating(GAME.position(units), 0, 2, 4)
    state = GAME.apply(state, Aim("blue", "rifles"))
    assert (2, True) in targets(state)
    state = GAME.apply(rolling(state, 1), Target("blue", 2))
    assert state.activation is None, "the attack ended the unit's actions"
    assert state.units[0].activated


# -- range, sight, targets -------------------------------------------------------------------


def test_weapons_reach_their_range_and_flyers_one_square_less() -> None:
    units = [
        at(0, "blue", "Battle Squad", "a1"),
        at(1, "red", "Swarmlings", "a3"),
        at(2, "red", "Spitter Brood", "a4"),
        at(3, "red", "Winged Terror", "b3"),
    ]
    state = GAME.apply(activating(GAME.position(units), 0, 2), Aim("blue", "grenades"))
    assert targets(state) == {(1, False)}
    with pytest.raises(IllegalAction, match=r"out of range of the grenades \(range 2\)"):
        GAME.apply(state, Target("blue", 2))
    with pytest.raises(IllegalAction, match=r"out of range of the grenades \(range 1\)"):
        GAME.apply(state, Target("blue", 3))
    assert GAME.illegal_reason(state, Target("blue", 1)) is None, "2 squares, range 2"


def test_a_flyer_attacks_one_square_less_far() -> None:
    """ "All attacks by and against flyers reduce a weapons range by 1 square." """
    units = [
        at(0, "red", "Winged Terror", "a1"),
        at(1, "blue", "Battle Squad", "a2"),
        at(2, "blue", "Battle Squad", "a3"),
    ]
    state = activating(GAME.position(units, player="red"), 0, 2)
    state = GAME.apply(state, Aim("red", "spines"))
    assert targets(state, "red") == {(1, False)}
    with pytest.raises(IllegalAction, match=r"out of range of the spines \(range 1\)"):
        GAME.apply(state, Target("red", 2))


def test_a_sniper_reaches_one_square_further() -> None:
    units = [at(0, "blue", "Sniper Team", "a1"), at(1, "red", "Swarmlings", "a4")]
    state = GAME.apply(activating(GAME.position(units), 0, 2), Aim("blue", "long-rifles"))
    assert targets(state) == {(1, False)}


def test_no_attack_without_line_of_sight() -> None:
    units = [at(0, "blue", "Battle Squad", "e3"), at(1, "red", "Swarmlings", "g3")]
    state = activating(GAME.position(units), 0, 2)
    with pytest.raises(IllegalAction, match="no unit can be attacked with the rifles"):
        GAME.apply(state, Aim("blue", "rifles"))
    woods = [at(0, "blue", "Battle Squad", "d4"), at(1, "red", "Swarmlings", "f4")]
    state = activating(GAME.position(woods), 0, 2)
    with pytest.raises(IllegalAction, match="no unit can be attacked with the rifles"):
        GAME.apply(state, Aim("blue", "rifles"))  # the woods on e4 between them


def test_indirect_fire_needs_a_friendly_unit_that_sees_the_target() -> None:
    """ "They are not required to have a line of sight on the unit they are attacking,
    providing they can be seen by other friendly units." """
    units = [
        at(0, "red", "Spore Mortar", "e3"),
        at(1, "blue", "Battle Squad", "g3"),
    ]
    alone = GAME.position([*units, at(2, "red", "Swarmlings", "a1")], player="red")
    alone = activating(alone, 0, 2)
    with pytest.raises(IllegalAction, match="no unit can be attacked"):
        GAME.apply(alone, Aim("red", "spore-mortar"))
    spotted = GAME.position([*units[:2], at(2, "red", "Swarmlings", "g5")], player="red")
    state = GAME.apply(activating(spotted, 0, 2), Aim("red", "spore-mortar"))
    assert targets(state, "red") == {(1, False)}


def test_minor_psychics_reach_1_square_and_major_psychics_2() -> None:
    """ "Minor psychics have a range of 1 Square and major psychics a range of 2 squares."
    (Psychic Powers): enemies 1, 2 and 3 squares away, each in sight."""
    for owner, psychic, power, enemy, reach in (
        ("red", "Hive Seer", "mind-lash", "Battle Squad", 1),
        ("blue", "Battle Psyker", "mind-blast", "Swarmlings", 2),
    ):
        other = "blue" if owner == "red" else "red"
        units = [at(0, owner, psychic, "a1")]
        units += [at(i + 1, other, enemy, square) for i, square in enumerate(["b2", "a3", "d1"])]
        state = activating(GAME.position(units, player=owner), 0, 2)
        state = GAME.apply(state, Aim(owner, power))
        assert targets(state, owner) == {(uid, False) for uid in range(1, reach + 1)}


def test_troop_only_weapons_do_not_attack_non_troop_units() -> None:
    units = [at(0, "blue", "Battle Squad", "a1"), at(1, "red", "Crusher Beast", "a2")]
    state = activating(GAME.position(units), 0, 2)
    with pytest.raises(IllegalAction, match="no unit can be attacked with the rifles"):
        GAME.apply(state, Aim("blue", "rifles"))
    state = GAME.apply(state, Aim("blue", "grenades"))
    assert targets(state) == {(1, False)}, "a blast weapon rolls 1D6 against non-troop units"


def test_units_attack_only_enemy_units_on_the_table() -> None:
    units = [
        at(0, "blue", "Battle Squad", "a1"),
        at(1, "blue", "Battle Squad", "a2"),
        at(2, "red", "Swarmlings", "b2"),
    ]
    state = GAME.apply(activating(GAME.position(units), 0, 2), Aim("blue", "rifles"))
    with pytest.raises(IllegalAction, match="attacks enemy units"):
        GAME.apply(state, Target("blue", 1))


# -- cover ------------------------------------------------------------------------------------


def test_flamers_deny_cover() -> None:
    units = [at(0, "red", "Spitter Brood", "b3"), at(1, "blue", "Battle Squad", "c3")]
    state = activating(GAME.position(units, player="red"), 0, 2)
    state = GAME.apply(rolling(state, 6), Aim("red", "acid-spray"))
    state = GAME.apply(state, Target("red", 1))
    assert state.declared is None, "no choice for the defender: resolved at once"
    assert state.units[1].damage == 3


def test_troops_taking_cover_in_woods_are_hit_only_on_a_5_or_6() -> None:
    """ "The Tyranid unit chose to take cover (a smoke counter is used to show they are now
    pinned) allowing them to use the terrain armour value of 4. The Space Marines must roll 5
    or 6 to cause casualties." (Take Cover), in play: light troops in the woods on c3."""
    units = [at(0, "blue", "Battle Squad", "c1"), at(1, "red", "Swarmlings", "c3")]
    declared = aim_at(activating(GAME.position(units), 0, 2), "rifles", 1)
    assert GAME.legal_actions(declared, "red") == (TakeCover("red"), HoldGround("red"))
    odds = GAME.odds(declared, TakeCover("red"))
    assert odds is not None
    assert odds.probability(lambda e: e.hits > 0) == Fraction(1, 3), "a 5 or a 6"
    assert odds.probability(lambda e: e.pinned) == 1, "taking cover pins"
    for face, casualties in ((4, 0), (5, 1), (6, 2)):
        state = GAME.apply(rolling(declared, face), TakeCover("red"))
        assert (state.units[1].damage, state.units[1].pinned) == (casualties, True)


def test_a_unit_behind_cover_may_take_cover() -> None:
    """ "Where a unit is behind a square considered cover, then they too can take cover." """
    units = [at(0, "red", "Swarmlings", "c3"), at(1, "blue", "Battle Squad", "c1")]
    behind = activating(GAME.position(units, player="red"), 0, 2)
    state = aim_at(behind, "spine-rifles", 1)
    assert GAME.legal_actions(state, "blue") == (TakeCover("blue"), HoldGround("blue"))
    beside = [at(0, "red", "Swarmlings", "a1"), at(1, "blue", "Battle Squad", "c1")]
    state = aim_at(activating(GAME.position(beside, player="red"), 0, 2), "spine-rifles", 1)
    assert state.declared is None, "nothing covers c1 from a1: resolved at once"
    two_away = [at(0, "blue", "Sniper Team", "d4"), at(1, "red", "Swarmlings", "d1")]
    state = aim_at(activating(GAME.position(two_away), 0, 2), "long-rifles", 1)
    assert state.declared is None, "the rough on d3 is two squares from d1: not behind it"


def test_rough_terrain_and_woods_do_not_cover_against_close_combat() -> None:
    units = [at(0, "red", "Swarmlings", "b2"), at(1, "blue", "Battle Squad", "c2")]
    state = aim_at(activating(GAME.position(units, player="red"), 0, 2), "claws", 1)
    assert state.declared is None, "the rough on c2 covers only against shooting"
    shooting = aim_at(activating(GAME.position(units, player="red"), 0, 2), "spine-rifles", 1)
    assert GAME.to_act(shooting) == {"blue"}
    odds = GAME.odds(shooting, TakeCover("blue"))
    assert odds is not None
    assert odds.probability(lambda e: e.hits > 0) == Fraction(1, 3), "cover 4: a 5 or a 6"
    woods = [at(0, "red", "Swarmlings", "b3"), at(1, "blue", "Battle Squad", "c3")]
    state = aim_at(activating(GAME.position(woods, player="red"), 0, 2), "claws", 1)
    assert state.declared is None, "the woods on c3 cover only against shooting"


def test_buildings_cover_in_close_combat() -> None:
    units = [at(0, "red", "Swarmlings", "e3"), at(1, "blue", "Battle Squad", "f3")]
    state = aim_at(activating(GAME.position(units, player="red"), 0, 2), "claws", 1)
    assert GAME.legal_actions(state, "blue")[0] == TakeCover("blue")
    for faces, casualties in (((4, 1), 0), ((5, 1), 1)):  # cover 4, not full armour 3
        assert GAME.apply(rolling(state, *faces), TakeCover("blue")).units[1].damage == casualties


def test_non_troop_units_do_not_take_cover() -> None:
    units = [at(0, "red", "Crusher Beast", "b4"), at(1, "blue", "Battle Tank", "c3")]
    state = aim_at(activating(GAME.position(units, player="red"), 0, 2), "bio-cannon", 1)
    assert state.declared is None, "resolved at once"


# -- damage -----------------------------------------------------------------------------------


def test_several_casualties_pin_a_unit_without_a_hero_but_not_one_with() -> None:
    units = [
        at(0, "red", "Crusher Beast", "a1"),
        at(1, "blue", "Battle Squad", "a3"),
        at(2, "blue", "Captain's Squad", "b3"),
        at(3, "red", "Swarmlings", "h6"),
    ]
    state = rolling(activating(GAME.position(units, player="red"), 0, 2), 6, 1)
    state = aim_at(state, "bio-cannon", 1)
    assert state.units[1].damage == 3
    assert state.units[1].pinned
    hero = rolling(activating(GAME.position(units, player="red"), 0, 2), 6, 1)
    hero = aim_at(hero, "bio-cannon", 2)
    assert hero.units[2].damage == 3
    assert not hero.units[2].pinned, "a hero's unit ignores morale"


def test_a_5_pins_a_non_troop_unit_and_a_second_pin_is_a_hit() -> None:
    units = [
        at(0, "blue", "Heavy Weapons Squad", "a1"),
        at(1, "red", "Crusher Beast", "a3"),
    ]
    state = rolling(activating(GAME.position(units), 0, 2), 5, 3)
    state = aim_at(state, "plasma-gun", 1)
    assert state.units[1].pinned
    assert state.units[1].damage == 0
    again = GAME.position([units[0], at(1, "red", "Crusher Beast", "a3", pinned=True)])
    again = aim_at(rolling(activating(again, 0, 2), 5, 3), "plasma-gun", 1)
    assert again.units[1].damage == 1


def test_a_unit_losing_its_last_model_is_destroyed() -> None:
    units = [
        at(0, "blue", "Battle Squad", "a1"),
        at(1, "red", "Swarmlings", "a2", damage=4, pinned=True),
        at(2, "red", "Spitter Brood", "h6"),
    ]
    state = aim_at(rolling(activating(GAME.position(units), 0, 2), 6), "rifles", 1)
    assert state.units[1].status is Status.DESTROYED
    assert state.units[1].square is None
    assert not state.units[1].pinned, "a unit destroyed carries no tokens"
    assert Destroyed(1) in list(state.log)
    assert GAME.outcome(state) is None


def test_destroying_every_enemy_unit_wins_at_once() -> None:
    units = [at(0, "blue", "Battle Squad", "a1"), at(1, "red", "Swarmlings", "a2", damage=4)]
    state = aim_at(rolling(activating(GAME.position(units), 0, 2), 6), "rifles", 1)
    assert GAME.outcome(state) == Outcome(frozenset({"blue"}), "destroyed the enemy")
    assert GAME.to_act(state) == frozenset()
    in_reserve = GAME.position([*units, off(2, "red", "Spitter Brood", Status.RESERVE)])
    state = aim_at(rolling(activating(in_reserve, 0, 2), 6), "rifles", 1)
    assert not state.units[1].alive
    assert GAME.outcome(state) is None, "red still has a unit in reserve"


def test_a_psychic_losing_several_models_to_its_own_ones_is_pinned() -> None:
    units = [
        at(0, "blue", "Battle Psyker", "d1"),
        at(1, "red", "Ambush Brood", "d2"),
        at(2, "red", "Swarmlings", "h6"),
    ]
    state = GAME.apply(activating(GAME.position(units), 0, 2), Aim("blue", "mind-blast"))
    state = GAME.apply_all(state, [Target("blue", 1)])
    state = GAME.apply(rolling(state, 1, 1, 2), Channel("blue", 3))
    assert state.units[0].damage == 2
    assert state.units[0].pinned
    assert state.units[1].damage == 0


def test_units_destroying_each_other_last_is_a_draw() -> None:
    units = [
        at(0, "red", "Swarmlings", "c3", damage=4),
        at(1, "blue", "Battle Squad", "c1", overwatch=True, damage=4),
    ]
    state = activating(GAME.position(units, player="red"), 0, 2)
    state = GAME.apply_all(state, [Aim("red", "spine-rifles"), Target("red", 1)])
    state = GAME.apply(rolling(state, 6, 6, 6), ReturnFire("blue", "grenades"))
    assert GAME.outcome(state) == Outcome(frozenset(), "mutual destruction")
