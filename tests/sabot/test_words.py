"""SABOT's events and actions in words, from each side (issue 35)."""

from __future__ import annotations

import random

from wargames.sabot import Sabot
from wargames.sabot.setup import next_counter
from wargames.sabot.state import UNPLACED, Attack, Embark, Place, Played, SabotState, Select, Unit
from wargames.sabot.units import DECOY

GAME = Sabot()


def _played(seed: int) -> SabotState:
    rng = random.Random(seed)
    state = GAME.start(seed)
    while GAME.outcome(state) is None:
        player = next(p for p in GAME.players if p in GAME.to_act(state))
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, player)))
    return state


STATE = _played(2)
UNITS = {unit.id: unit for unit in STATE.units}


def _told(player: str, index: int) -> str:
    view = GAME.view(STATE, player)
    return GAME.event_sentence(view, list(view.log)[index], player)


def _name(unit_id: int, units: dict[int, Unit] = UNITS) -> str:
    kind = units[unit_id].kind
    return "decoy" if kind == DECOY else GAME.table.types[kind].unit


def test_a_shot_names_the_target_to_its_side_and_hides_it_from_the_firer_while_concealed() -> None:
    shots = [(i, e) for i, e in enumerate(STATE.log) if isinstance(e, Attack) and e.hit >= 0]
    assert shots
    concealed = 0
    for index, event in shots:
        firer = UNITS[event.unit].owner
        mine, theirs = _told(firer, index), _told(event.defender, index)
        assert mine.startswith(f"Your {_name(event.unit)} fires its ")
        assert f" at your {_name(event.target)}." in theirs
        if not event.known:
            assert "attack roll" not in mine
            assert f"against a defense of {event.defense}." in theirs
        seen = {u.id: u for u in GAME.view(STATE, firer).units}
        if not seen[event.target].revealed:
            concealed += 1
            assert f"at {event.defender.title()}'s hidden counter." in mine
    assert concealed, "some shot hit a counter that stayed concealed"


def test_a_played_action_is_said_with_the_unit_by_kind_not_by_id() -> None:
    played = [(i, e.action) for i, e in enumerate(STATE.log) if isinstance(e, Played)]
    selected = [(i, a) for i, a in played if isinstance(a, Select)]
    assert selected
    for index, action in selected[:20]:
        assert isinstance(action, Select)
        said = _told(action.player, index)
        assert said.startswith(f"You chose to move your {_name(action.unit)}")
        other = _told(GAME.opponent(action.player), index)
        assert other.startswith(f"{action.player.title()} chose to move its "), other


def test_an_action_is_labelled_in_words_beside_its_notation() -> None:
    state = GAME.start(1)
    for _ in range(40):  # into the first movement phase
        player = next(p for p in GAME.players if p in GAME.to_act(state))
        legal = GAME.legal_actions(state, player)
        if any(isinstance(a, Select) for a in legal):
            break
        state = GAME.apply(state, legal[0])
    view = GAME.view(state, player)
    moves = [a for a in legal if isinstance(a, Select)]
    assert moves
    units = {u.id: u for u in state.units}
    for action in moves:
        where = GAME.map.label(units[action.unit].hex)
        said = GAME.action_label(view, action)
        assert said == f"Move your {_name(action.unit, units)} at {where}"
        assert GAME.parse_action(state, str(action), player) == action


def test_a_move_is_announced_once_by_what_it_did() -> None:
    """``Game.announce``: the ``Played`` record of an action, logged after what the action
    did, is said first: the decision, then what came of it."""
    rng = random.Random(2)
    state = GAME.start(2)
    told: dict[str, list[str]] = {"Select": [], "Advance": []}
    while not all(told.values()):
        player = next(p for p in GAME.players if p in GAME.to_act(state))
        action = rng.choice(GAME.legal_actions(state, player))
        after = GAME.apply(state, action)
        said = GAME.announce(state, after, action, GAME.opponent(player))
        if type(action).__name__ in told and said is not None:
            told[type(action).__name__].append(said)
        state = after
    assert all(" chose to move its " in said for said in told["Select"]), told["Select"]
    for said in told["Advance"]:
        decided, *done = said.splitlines()
        assert decided.endswith(" chose to advance one hex."), said
        assert done, said
        assert " moves to " in done[0], said


def test_a_set_up_action_names_the_counter_it_puts_down_and_tells_the_enemy_nothing_of_it() -> None:
    """Set-up (IV): each player puts down their next counter; its label names it ("Place
    your Scout Car at 0501"), and the enemy is told only that a counter was placed."""
    state = GAME.start(3, deploy=False)
    rng = random.Random(3)
    labelled = {"Place": 0, "Embark": 0}
    while (player := next((p for p in GAME.players if p in GAME.to_act(state)), None)) and any(
        u.status == UNPLACED for u in state.units
    ):
        legal = GAME.legal_actions(state, player)
        view = GAME.view(state, player)
        unit = next_counter(state, player)
        name = "" if unit is None else _name(unit.id, {unit.id: unit})
        for action in legal:
            if isinstance(action, Place | Embark):
                assert unit is not None
                said = GAME.action_label(view, action)
                verb = "Place" if isinstance(action, Place) else "Put"
                assert said.startswith(f"{verb} your {name} "), said
                labelled[type(action).__name__] += 1
        embarks = [a for a in legal if isinstance(a, Embark)]
        action = embarks[0] if embarks else rng.choice(legal)
        after = GAME.apply(state, action)
        if isinstance(action, Place) and unit is not None:
            enemy = GAME.announce(state, after, action, GAME.opponent(player))
            assert enemy is not None
            assert enemy.startswith(f"{player.title()} chose to place a counter at "), enemy
            hidden = GAME.view(after, GAME.opponent(player)).units
            if not next(u for u in hidden if u.id == unit.id).revealed:
                assert name not in enemy, enemy
        state = after
    assert all(labelled.values()), labelled
