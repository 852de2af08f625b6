"""Sabotage's events in sentences, from each side (issue 35)."""

from __future__ import annotations

import random

from tests.sabotage.helpers import variant
from wargames.sabotage import Sabotage, SabotageState
from wargames.sabotage.state import Battle, Moved

GAME = variant("SM")


def _played(game: Sabotage, seed: int) -> SabotageState:
    rng = random.Random(seed)
    state = game.start(seed)
    while game.outcome(state) is None:
        player = sorted(game.to_act(state))[0]
        state = game.apply(state, rng.choice(game.legal_actions(state, player)))
    return state


def _kind(state: SabotageState, piece_id: int) -> tuple[str, str, bool]:
    piece = next(p for p in (*state.cells, *state.captured) if p is not None and p.id == piece_id)
    return piece.kind.title, piece.owner, piece.revealed


def test_a_battle_is_told_to_the_attacker_and_to_the_defender_from_their_side() -> None:
    state = _played(GAME, 4)
    battles = [e for e in state.log if isinstance(e, Battle)]
    assert battles
    for event in battles:
        attacker, _, _ = _kind(state, event.attacker)
        defender, enemy, exposed = _kind(state, event.defender)
        mine = GAME.event_sentence(GAME.view(state, event.player), event, event.player)
        theirs = GAME.event_sentence(GAME.view(state, enemy), event, enemy)
        assert mine.startswith(f"Your {attacker} at {event.origin} attacks ")
        assert theirs.startswith(
            f"{event.player.title()} attacks your {defender} at {event.target}"
        )
        assert (defender in mine) is exposed or defender == attacker
        lost = (
            f"Your {attacker} is lost." if not event.attacker_won else f"Your {defender} is lost."
        )
        assert lost in (mine if not event.attacker_won else theirs)


def test_a_hidden_piece_moving_is_named_only_by_its_side_and_squares() -> None:
    state = _played(GAME, 4)
    for event in (e for e in state.log if isinstance(e, Moved)):
        kind, owner, exposed = _kind(state, event.piece)
        other = GAME.opponent(owner)
        mine = GAME.event_sentence(GAME.view(state, owner), event, owner)
        theirs = GAME.event_sentence(GAME.view(state, other), event, other)
        assert mine == f"Your {kind} moves from {event.origin} to {event.target}."
        if not exposed:
            assert (
                theirs
                == f"A hidden {owner.title()} piece moves from {event.origin} to {event.target}."
            )


def test_the_piece_lost_is_told_apart_when_both_are_of_one_kind() -> None:
    """ "The 1-star General is lost." would not say which: a bystander reads which side's."""
    for seed in range(4, 12):
        state = _played(GAME, seed)
        same = [
            e
            for e in state.log
            if isinstance(e, Battle) and _kind(state, e.attacker)[0] == _kind(state, e.defender)[0]
        ]
        if same:
            break
    assert same, "some battle between two pieces of one kind"
    for event in same:
        kind = _kind(state, event.attacker)[0]
        told = GAME.event_sentence(state, event, None)
        role = "defending" if event.attacker_won else "attacking"
        assert told.endswith(f" The {role} {kind} is lost."), told


def test_a_square_left_empty_in_set_up_is_told_to_the_other_side() -> None:
    state = GAME.start(3, deploy=False)
    for _ in range(2):  # green fills a1 and b1, then leaves c1 empty
        state = GAME.apply(state, GAME.legal_actions(state, "green")[0])
    empty = GAME.parse_action(state, "c1=-", "green")
    after = GAME.apply(state, empty)
    assert GAME.announce(state, after, empty, "red") == "Green left c1 empty."
    assert GAME.announce(state, after, empty, "green") == "You chose to leave c1 empty."
    placed = GAME.legal_actions(state, "green")[0]
    assert GAME.announce(state, GAME.apply(state, placed), placed, "red") == (
        "Green set up a piece at c1."
    )
