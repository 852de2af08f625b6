"""Concealment (sections IV, VI-g): counters, decoys and shots markers stay hidden."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.errors import IllegalAction
from wargames.core.hidden import is_hidden, redact
from wargames.sabot import Attack, Buy, Fire, Sabot
from wargames.sabot.firing import kind_prior

from .helpers import change, drawn, field, newest, play, seed_for

GAME = Sabot(build_points=120)


@given(st.integers(0, 2**16))
def test_views_hide_every_concealed_identity_decoy_and_ammo(seed: int) -> None:
    state = GAME.start(seed)
    assert sum(1 for u in state.units if u.kind == "DECOY") == 4  # two decoys a side
    for player in GAME.players:
        view = GAME.view(state, player)
        for unit in view.units:
            mine = unit.owner == player
            assert is_hidden(unit.kind) != mine
            assert is_hidden(unit.ammo) != mine


def test_attacking_reveals_the_attacker_and_moving_in_sight_too() -> None:
    game = field()
    state = game.position([("blue", "MBT", "0505", 0), ("yellow", "MBT", "0508", 0)])
    state = play(game, state, "move 0", "turn right")
    assert not state.units[0].revealed  # turning is no move
    state = play(game, state, "advance")
    assert state.units[0].revealed  # moved in sight of an enemy within 8 hexes
    game = field(12, 16)  # moving from 0513 to 0512: an enemy 8 hexes off sees it, 9 does not
    for enemy, revealed in (("0504", True), ("0503", False)):
        state = game.position([("blue", "MBT", "0513", 0), ("yellow", "RRV", enemy, 3)])
        state = play(game, state, "move 0", "advance")
        assert state.units[0].revealed == revealed, enemy
    state = game.position(
        [("blue", "MBT", "0505", 3), ("yellow", "MBT", "0508", 0)], phase="attack"
    )
    state = play(game, state, "move 0", "fire 0 gun 1")
    assert state.units[0].revealed
    assert not state.units[1].revealed  # just attacking a unit won't tell you what it is
    assert is_hidden(game.view(state, "blue").log.newest(2)[0].defense)


def test_scouting_a_decoy_removes_it() -> None:
    game = field()
    units = [("blue", "WSC", "0505", 0), ("yellow", "DECOY", "0502", 0)]
    for seed in range(20):
        state = play(game, game.position(units, seed=seed), "move 0", "scout 1")
        if state.units[1].status == "gone":
            break
    else:
        raise AssertionError("a +1 scout never succeeded in 20 seeds")
    odds = game.odds(
        play(game, game.position(units), "move 0"), game.parse_action(state, "scout 1", "blue")
    )
    assert odds is not None
    assert odds[True] == 7 / 10 or float(odds[True]) == 0.7


def test_a_decoy_cannot_move() -> None:
    """IV: decoys "cannot move": never selected to move, though a unit beside it is."""
    game = field()
    state = game.position([("blue", "DECOY", "0505", 0), ("blue", "INF", "0507", 0)])
    legal = game.legal_actions(state, "blue")
    assert game.parse_action(state, "move 1") in legal
    assert game.parse_action(state, "move 0") not in legal
    with pytest.raises(IllegalAction):
        game.apply(state, game.parse_action(state, "move 0"))


def test_the_attack_roll_at_a_concealed_target_is_hidden_from_the_attacker() -> None:
    """Its modifiers tell what the target is: an AT missile takes -1 at a flyer, so an
    adjusted roll of 4 (1 + Damage 4 - 1) could only be a concealed scout copter's."""
    game = field()
    units = [("blue", "HVY", "0505", 0), ("yellow", "RSC", "0503", 0)]
    state = game.position(units, seed=seed_for(1, 10), phase="attack")
    state = play(game, state, "move 0", "fire 0 at 1")
    attack = newest(state, Attack)
    assert (attack.attack, attack.known) == (4, False)
    seen = newest(game.view(state, "blue"), Attack)
    assert is_hidden(seen.attack)
    assert is_hidden(seen.defense)
    assert seen.result == attack.result  # the result is public
    assert newest(game.view(state, "yellow"), Attack) == attack  # the defender sees it all
    shown = change(state, 1, revealed=True)
    shown = play(game, shown, "fire 0 at 1")
    assert newest(game.view(shown, "blue"), Attack) == newest(shown, Attack)


def test_the_platoon_bought_is_hidden_from_the_enemy_even_in_the_actions_shown() -> None:
    game = Sabot(build_points=120, reinforcements=60)
    state = game.start(3)
    (first,) = game.to_act(state)
    enemy = game.opponent(first)
    action = Buy(first, "WSC")
    after = game.apply(state, action)
    assert str(redact(action, enemy)) == "buy ?"
    assert redact(action, first) == action
    shown = game.announce(state, after, action, enemy)
    assert shown is not None
    assert "WSC" not in shown
    assert "WSC" in (game.announce(state, after, action, first) or "")


def test_whether_a_mover_is_revealed_tells_nothing_of_concealed_counters() -> None:
    """VI-g condition 1 is judged as the mover's owner can tell: any concealed counter in
    sight within 8 hexes counts, a decoy too, and sees as a unit on the ground; a copter
    that sees over the forest reveals the mover only once it is known to be one."""
    game = field()
    for enemy in ("MBT", "DECOY"):
        state = game.position([("blue", "MBT", "0505", 3), ("yellow", enemy, "0509", 0)])
        assert play(game, state, "move 0", "advance").units[0].revealed
    woods = drawn("\n".join(["....."] * 5 + ["FFFFF"] + ["....."] * 5))
    state = woods.position([("blue", "MBT", "0302", 3), ("yellow", "RSC", "0310", 0)])
    assert not play(woods, state, "move 0", "advance").units[0].revealed
    known = change(state, 1, revealed=True)
    assert play(woods, known, "move 0", "advance").units[0].revealed


def test_the_odds_a_player_is_shown_do_not_tell_a_concealed_targets_kind() -> None:
    game = Sabot(map="open:12x12", decoys=1)
    shown, exact = [], []
    for kind in ("INF", "HVT"):
        units = [("blue", "MBT", "0505", 0), ("yellow", kind, "0507", 0)]
        state = play(game, game.position(units, phase="attack"), "move 0")
        shown.append(game.odds(state, Fire("blue", 0, "gun", 1)))
        exact.append(game.exact_odds(state, Fire("blue", 0, "gun", 1)))
    assert shown[0] == shown[1], "the shown odds are the same whatever the target is"
    assert exact[0] != exact[1], "the true odds differ"
    prior = kind_prior(game, game.view(state, "blue"), state.units[1])
    assert prior["DECOY"] == 1, "one concealed counter, one decoy not yet unmasked"


def test_without_decoys_the_shown_odds_weigh_every_unit_type_alike() -> None:
    game = Sabot(map="open:12x12", decoys=0)
    units = [("blue", "MBT", "0505", 0), ("yellow", "INF", "0507", 0)]
    state = play(game, game.position(units, phase="attack"), "move 0")
    prior = kind_prior(game, game.view(state, "blue"), state.units[1])
    assert set(prior) == set(game.table.types)
    assert len({p for _, p in prior.items()}) == 1
    shown = game.odds(state, Fire("blue", 0, "gun", 1))
    assert shown is not None
    assert shown[(1, "destroyed")] > 0


def test_the_enemy_sees_a_counter_move_but_not_its_move_units() -> None:
    """VI-g: move units spent and left, and a stop by a zone of control, would tell what a
    concealed counter is; its owner sees them, the enemy does not."""
    game = field()
    state = game.position([("blue", "HLT", "0505", 3), ("yellow", "MBT", "0510", 0)])
    state = play(game, state, "move 0", "advance", "advance")
    mine, theirs = game.view(state, "blue").moving, game.view(state, "yellow").moving
    assert mine is not None
    assert theirs is not None
    assert (mine.spent, mine.stopped) == (4, False)
    assert is_hidden(theirs.spent)
    assert is_hidden(theirs.stopped)
    state = play(game, state, "stop")
    assert game.view(state, "blue").units[0].left == 12
    assert is_hidden(game.view(state, "yellow").units[0].left)
