"""Sabatu's events in sentences, from each side (issue 35)."""

from __future__ import annotations

import random
from typing import Any

import wargames
from wargames.core.game import Game
from wargames.sabatu.state import BattleFought, Laid, Offered
from wargames.sabatu.words import event_sentence

GAME: Game[Any, Any] = wargames.load("sabatu", variant="2")


def _played(seed: int) -> Any:
    rng = random.Random(seed)
    state = GAME.start(seed)
    for _ in range(700):
        if GAME.outcome(state) is not None:
            break
        player = next(p for p in GAME.players if p in GAME.to_act(state))
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, player)))
    return state


STATE = _played(2)


def _told(player: str | None, index: int) -> str:
    view = GAME.public_view(STATE) if player is None else GAME.view(STATE, player)
    return GAME.event_sentence(view, list(view.log)[index], player)


def test_a_battle_is_told_to_the_attacker_the_defender_and_a_bystander() -> None:
    battles = [(i, e) for i, e in enumerate(STATE.log) if isinstance(e, BattleFought)]
    assert battles
    for index, event in battles:
        attacker, defender = event.attacker.title(), event.defender.title()
        place = f"army at {event.target} from {event.origin}: a {event.attack_die}"
        assert _told(event.attacker, index).startswith(f"You attacked {defender}'s {place}")
        assert _told(event.defender, index).startswith(f"{attacker} attacked your {place}")
        assert _told(None, index).startswith(f"{attacker} attacked {defender}'s {place}")
        winner = {"attacker": attacker, "defender": defender}.get(event.winner)
        said = _told(None, index)
        assert said.endswith(f"{winner} won." if winner else "It was a tie.")


def test_a_tile_offered_in_trade_is_named_to_the_two_traders_only() -> None:
    offers = [(i, e) for i, e in enumerate(STATE.log) if isinstance(e, Offered) and e.tile]
    assert offers
    for index, event in offers:
        for player in GAME.players:
            named = f"the {event.tile} tile" in _told(player, index)
            assert named is (player in (event.player, event.partner))
        assert event.tile not in _told(None, index)


def test_tiles_laid_face_down_are_said_without_which_or_how_many() -> None:
    """A battle's tiles are laid down at once, face down: each side reads that the other has
    chosen, never which tiles or how many."""
    laid = Laid("red", "blue", opponent_laid=1)
    assert event_sentence(laid, "red") == "You laid your tiles face down for the battle with Blue."
    assert event_sentence(laid, "blue") == "Red laid their tiles face down for the battle with you."
    assert event_sentence(laid, None) == "Red laid their tiles face down for the battle with Blue."
