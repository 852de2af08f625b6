"""SAW's events in sentences, from each side (issue 35)."""

from __future__ import annotations

import random

from wargames.saw import Saw
from wargames.saw.state import Attacked, Moved, SawState

GAME = Saw()


def _played(seed: int, steps: int) -> SawState:
    rng = random.Random(seed)
    state = GAME.start(seed)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        player = sorted(GAME.to_act(state))[0]
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, player)))
    return state


STATE = _played(1, 200)


def _told(player: str, index: int) -> str:
    """The sentence ``player`` reads for the log's event ``index`` (as their view holds it)."""
    view = GAME.view(STATE, player)
    return GAME.event_sentence(view, list(view.log)[index], player)


def test_an_attack_is_told_with_the_rolls_each_side_may_see() -> None:
    attacks = [(i, e) for i, e in enumerate(STATE.log) if isinstance(e, Attacked)]
    assert attacks
    for index, event in attacks:
        mine, theirs = _told(event.player, index), _told(event.defender, index)
        (unit, _), *_ = event.attackers
        assert mine.startswith("Your ")
        assert f" {unit} attacks {event.defender.title()}'s " in mine
        assert theirs.startswith(f"{event.player.title()}'s ")
        assert " attacks your " in theirs
        assert f"The attack roll is {event.attack_roll}." in mine
        assert "attack roll" not in theirs
        assert "evasion roll" not in mine
        assert f"The evasion roll is {event.evasion_roll}." in theirs
        assert ("It misses." in mine) is (not event.hit)
        if event.damaged:
            points = "1 hit point" if event.hit_points == 1 else f"{event.hit_points} hit points"
            assert f"It takes {points}." in theirs
            assert "hit point" not in mine


def test_a_move_names_the_hexes_by_their_map_labels() -> None:
    label = GAME.arena.board.label
    moves = [e for e in STATE.log if isinstance(e, Moved) and len(e.path) > 1]
    assert moves
    for event in moves:
        text = GAME.event_sentence(GAME.public_view(STATE), event, None)
        assert text.endswith(f" to {label(event.path[-1])}.")
        assert f"through {label(event.path[0])}" in text
