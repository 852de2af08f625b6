"""V. The optional reinforcement phase: build points each turn, whole platoons, placed in
the player's own set-up zone, player 1 first; what was bought stays hidden."""

import random

from wargames.core.hidden import is_hidden
from wargames.sabot import Buy, Done, Place, Sabot
from wargames.sabot.state import UNPLACED, Arrived, Initiative

from .helpers import newest

GAME = Sabot(build_points=120, reinforcements=60)


def test_without_the_option_there_is_no_reinforcement_phase() -> None:
    assert [p.name for p in Sabot().turns.cycle] == ["movement", "attack", "special"]
    assert [p.name for p in GAME.turns.cycle] == ["reinforcement", "movement", "attack", "special"]


def test_player_one_buys_whole_platoons_with_the_turns_points_and_places_them() -> None:
    state = GAME.start(3)
    assert GAME.phase(state) == "reinforcement"
    first = newest(state, Initiative).first  # player 1 was rolled before reinforcing
    assert GAME.to_act(state) == {first}
    buys = {a.platoon for a in GAME.legal_actions(state, first) if isinstance(a, Buy)}
    assert buys == {n for n, p in GAME.table.platoons.items() if p.cost <= 60}
    before = len(state.units)
    state = GAME.apply(state, Buy(first, "SOLDIERS"))
    new = state.units[before:]
    assert sorted(u.kind for u in new) == ["ABN", "HVY", "INF", "INF"]
    assert all(u.status == UNPLACED and u.arrived == 1 and u.owner == first for u in new)
    assert newest(state, Arrived) == Arrived(first, tuple(u.id for u in new))
    legal = GAME.legal_actions(state, first)
    assert Done(first) not in legal
    assert not any(isinstance(a, Buy) for a in legal)
    zone = set(GAME.map.zones[GAME.players.index(first)])
    assert {GAME.map.parse(a.hex) for a in legal if isinstance(a, Place)} <= zone
    for _ in range(4):
        place = next(a for a in GAME.legal_actions(state, first) if isinstance(a, Place))
        state = GAME.apply(state, place)
    points = state.purses[GAME.players.index(first)].points
    assert points == 30
    buys = {a.platoon for a in GAME.legal_actions(state, first) if isinstance(a, Buy)}
    assert buys == {n for n, p in GAME.table.platoons.items() if p.cost <= 30}
    enemy = GAME.opponent(first)
    view = GAME.view(state, enemy)
    assert all(is_hidden(u.kind) for u in view.units[before:])
    assert is_hidden(view.purses[GAME.players.index(first)].points)
    state = GAME.apply(state, Done(first))
    assert GAME.to_act(state) == {enemy}
    state = GAME.apply(state, Done(enemy))
    assert GAME.phase(state) == "movement"
    assert all(u.on_map for u in state.units[before:])


def test_unspent_points_are_lost_at_the_end_of_the_turn() -> None:
    state = GAME.start(3)
    rng = random.Random(0)
    while state.clock.turn == 1:
        (player,) = GAME.to_act(state)
        legal = [a for a in GAME.legal_actions(state, player) if not isinstance(a, Buy)]
        state = GAME.apply(state, legal[-1] if rng.random() < 0.5 else rng.choice(legal))
    assert GAME.phase(state) == "reinforcement"
    assert [p.points for p in state.purses] == [60, 60]


def test_a_sampled_state_buys_whole_platoons_within_the_turns_points() -> None:
    state = GAME.start(3)
    (first,) = GAME.to_act(state)
    state = GAME.apply(state, Buy(first, "WSC"))
    enemy = GAME.opponent(first)
    for seed in range(10):
        other = GAME.sample_state(state, enemy, random.Random(seed))
        assert GAME.view(other, enemy) == GAME.view(state, enemy)
        kinds = sorted(u.kind for u in other.units if u.arrived == 1)
        platoons = [p for p in GAME.table.platoons.values() if sorted(p.units) == kinds]
        assert platoons
        assert platoons[0].cost <= 60
        left = other.purses[GAME.players.index(first)].points
        assert left == 60 - platoons[0].cost
