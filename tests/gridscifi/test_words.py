"""Grid SciFi's events in sentences, from each side (issue 35)."""

from __future__ import annotations

import random

from wargames.core.words import listed
from wargames.gridscifi import GridSciFi
from wargames.gridscifi.display import letters
from wargames.gridscifi.state import AttackRolled, GridState, Moved

GAME = GridSciFi()


def _played(seed: int) -> GridState:
    rng = random.Random(seed)
    state = GAME.start(seed)
    while GAME.outcome(state) is None:
        player = sorted(GAME.to_act(state))[0]
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, player)))
    return state


STATE = _played(1)
UNITS = {unit.id: unit for unit in STATE.units}
LETTERS = letters(GAME.field, STATE.units)


def _told(player: str, index: int) -> str:
    view = GAME.view(STATE, player)
    return GAME.event_sentence(view, list(view.log)[index], player)


def test_an_attack_is_told_to_each_side_with_its_dice() -> None:
    attacks = [(i, e) for i, e in enumerate(STATE.log) if isinstance(e, AttackRolled)]
    assert attacks
    for index, event in attacks:
        shooter, target = UNITS[event.attacker], UNITS[event.target]
        mine, theirs = _told(shooter.owner, index), _told(target.owner, index)
        assert mine.startswith(
            f"Your {shooter.profile} {LETTERS[shooter.id]} fires its {event.weapon} at "
            f"{target.owner.title()}'s "
        )
        assert f" at your {target.profile} {LETTERS[target.id]}" in theirs
        assert f"rolls {listed(event.faces)} against armour {event.armour}: " in mine
        assert ("The target is pinned." in theirs) is event.pinned


def test_a_unit_whose_profile_is_hidden_is_named_by_its_letter_alone() -> None:
    state = GAME.start(1)
    hidden = [u for u in GAME.view(state, "blue").units if not isinstance(u.profile, str)]
    assert hidden, "the red reserve is hidden from blue"
    for unit in hidden:
        name = words_for(state, unit.id)
        assert name == f"Red's unit {letters(GAME.field, state.units)[unit.id]}"
        assert UNITS[unit.id].profile not in name


def words_for(state: GridState, unit_id: int) -> str:
    from wargames.gridscifi.words import _unit

    return _unit(GAME.field, GAME.view(state, "blue"), unit_id, "blue")


def test_a_move_names_its_squares() -> None:
    moved = next(e for e in STATE.log if isinstance(e, Moved))
    text = GAME.event_sentence(GAME.public_view(STATE), moved, None)
    assert text.endswith(f" moves from {moved.origin} to {moved.target}.")
