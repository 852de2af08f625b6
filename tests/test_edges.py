"""Issue 31, item 4: what every public method of every game and variant does at its edges.

The property (wargames.testing.check_edges) runs over every game and variant; the examples
below are the cases that each failed before the kernel's edge checks (an AttributeError,
KeyError, TypeError or IndexError from inside the rules, a wrong state, a 100 kB message).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import wargames
from wargames import Action, Game, InvalidAction, InvalidState, NoPast, State, WargamesError
from wargames.core.board import Square
from wargames.core.errors import SerializationError
from wargames.core.registry import games, variants
from wargames.core.serialize import dumps, loads
from wargames.testing import check_edges

SMALL: dict[str, dict[str, Any]] = {"sabot": {"build_points": 60, "max_turns": 3}}


def _bent(value: Any, **changes: Any) -> Any:
    """``value`` with ``changes``, ill-typed on purpose (what a careless caller builds)."""
    return attrs.evolve(value, **changes)


def _every_game() -> list[tuple[str, str]]:
    """Every registered game with each of its variants ("" for the base class)."""
    found = []
    for name, cls in sorted(games().items()):
        found += [(name, "")] + [(name, code) for code, v in variants(cls).items() if v is not cls]
    return found


def _load(name: str, variant: str = "") -> Game[Any, Any]:
    return wargames.load(name, variant or None, **SMALL.get(name, {}))


@pytest.mark.parametrize(("name", "variant"), _every_game())
def test_every_public_method_refuses_what_it_cannot_use(name: str, variant: str) -> None:
    check_edges(_load(name, variant), max_examples=6, max_steps=20)


def _find(
    game: Game[Any, Any], wanted: Callable[[Action], bool], seed: int = 0
) -> tuple[State, Action]:
    """A state of a random game from ``seed`` with a legal action that ``wanted`` picks."""
    rng = random.Random(seed)
    for attempt in range(30):
        state = game.start(seed + attempt)
        for _ in range(200):
            if game.outcome(state) is not None:
                break
            legal = [a for p in sorted(game.to_act(state)) for a in game.legal_actions(state, p)]
            picked = [a for a in legal if wanted(a)]
            if picked:
                return state, picked[0]
            state = game.apply(state, rng.choice(legal))
    raise AssertionError(f"no {game.name} game offered the action wanted")


def _differing_views(game: Game[Any, Any], seed: int) -> tuple[State, str, str]:
    """A state of a random game, one player's view of it and another player whose view differs."""
    rng = random.Random(seed)
    state = game.start(seed)
    for _ in range(12):
        if game.outcome(state) is not None:
            break
        player = rng.choice(sorted(game.to_act(state)))
        state = game.apply(state, rng.choice(game.legal_actions(state, player)))
    first, second = game.players[:2]
    assert game.view(state, first) != game.view(state, second)
    return game.view(state, first), first, second


# -- another player's view ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["saw", "sabot", "sabatu", "sabotage", "gridscifi"])
@pytest.mark.parametrize("seed", [0, 1])
def test_another_players_view_is_refused(name: str, seed: int) -> None:
    """Before: SAW raised TypeError, SABOT KeyError, and Sabatu gave a state whose view for the
    player was not the one passed (the holder's Armory tiles drawn afresh)."""
    game = _load(name)
    view, owner, other = _differing_views(game, seed)
    for refused in (
        lambda: game.sample_state(view, other, random.Random(0)),
        lambda: game.legal_actions(view, other),
        lambda: game.describe(view, other),
        lambda: game.determinize(view, other, random.Random(0)),
    ):
        with pytest.raises(InvalidState, match=f"not {other}'s"):
            refused()
    game.legal_actions(view, owner)  # the owner's own view is theirs
    assert game.view(game.sample_state(view, owner, random.Random(0)), owner) == view


def test_sabatu_tells_whose_view_hides_a_tile() -> None:
    """At the start of seed 1 red holds a tile and blue none: blue's view hides red's tile
    whole (a Secret), so only the seat says it is not red's view."""
    game = _load("sabatu")
    state = game.start(1)
    blues = game.view(state, "blue")
    assert not game.is_view_of(blues, "red")
    assert game.is_view_of(game.view(state, "red"), "red")
    with pytest.raises(InvalidState):
        game.sample_state(blues, "red", random.Random(0))


@pytest.mark.parametrize("name", sorted(wargames.available()))
def test_a_view_is_refused_where_the_full_state_is_needed(name: str) -> None:
    """Before: apply raised AttributeError or TypeError on HIDDEN, or (Grid SciFi, SABOT)
    applied the action to the view and returned a 'state' with no chance stream."""
    game = _load(name)
    state, action = _find(game, lambda a: True)
    view = game.view(state, action.player)
    for call in (
        lambda: game.apply(view, action),
        lambda: game.is_legal(view, action),
        lambda: game.odds(view, action),
        lambda: game.evaluate(view, action.player),
    ):
        with pytest.raises(InvalidState, match="not a view"):
            call()
    assert game.to_act(view) == game.to_act(state)  # public: any view will do
    assert game.outcome(view) == game.outcome(state)


# -- things that are not states ----------------------------------------------------------------


def _foreign(name: str) -> list[Any]:
    other = "saw" if name != "saw" else "sabotage"
    return [None, 5, "x", _load(other).start(0)]


@pytest.mark.parametrize("name", sorted(wargames.available()))
def test_non_states_are_refused_by_every_method(name: str) -> None:
    """Before: AttributeError from inside each game's rules."""
    game = _load(name)
    player = game.players[0]
    _, action = _find(game, lambda a: True)
    for value in _foreign(name):
        calls: dict[str, Callable[[], object]] = {
            "legal_actions": lambda: game.legal_actions(value, player),  # noqa: B023
            "apply": lambda: game.apply(value, action),  # noqa: B023
            "view": lambda: game.view(value, player),  # noqa: B023
            "outcome": lambda: game.outcome(value),  # noqa: B023
            "to_act": lambda: game.to_act(value),  # noqa: B023
            "odds": lambda: game.odds(value, action),  # noqa: B023
            "describe": lambda: game.describe(value, player),  # noqa: B023
            "sample_state": lambda: game.sample_state(value, player, random.Random(0)),  # noqa: B023
        }
        for call in calls.values():
            with pytest.raises(InvalidState, match=f"needs .* of {name}, not") as caught:
                call()
            assert isinstance(caught.value, ValueError)


# -- actions with fields of the wrong type -----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kind", "field"),
    [("saw", "Step", "direction"), ("sabot", "Turn", "steps"), ("gridscifi", "Activate", "unit")],
)
def test_true_for_a_whole_number_is_refused(name: str, kind: str, field: str) -> None:
    """Before: ``True == 1``, so the action was legal and applied, and the state it gave
    could not be loaded back (``loads(dumps(...))`` refused ``true`` for a number)."""
    game = _load(name)
    state, action = _find(game, lambda a: type(a).__name__ == kind and getattr(a, field) in (0, 1))
    bent = _bent(action, **{field: bool(getattr(action, field))})
    assert bent == action  # why it slipped through
    with pytest.raises(SerializationError):
        loads(dumps(game, bent), game)
    snapshot = dumps(game, state)
    with pytest.raises(InvalidAction, match=rf"{kind}\.{field} must be int, not"):
        game.apply(state, bent)
    with pytest.raises(InvalidAction):
        game.odds(state, bent)
    assert dumps(game, state) == snapshot
    assert not game.is_legal(state, bent)


def test_a_square_with_a_true_coordinate_is_refused() -> None:
    """``Square(True, 0)`` equalled ``Square(1, 0)``, so a move from it was applied before;
    the kernel's Square now refuses it, and an action may trust a value that validates
    itself."""
    with pytest.raises(TypeError, match="must be an int"):
        Square(True, 0)
    game = _load("sabotage", "SM")
    state, move = _find(game, lambda a: type(a).__name__ == "Move")
    with pytest.raises(InvalidAction, match=r"Move\.origin must be Square, not 'b2'"):
        game.apply(state, _bent(move, origin="b2"))


@pytest.mark.parametrize("wrong", ["1", 1.0, None, b"1"])
def test_other_wrong_types_are_refused(wrong: object) -> None:
    game = _load("saw")
    state, step = _find(game, lambda a: type(a).__name__ == "Step")
    with pytest.raises(InvalidAction, match=r"Step\.direction must be int"):
        game.apply(state, _bent(step, direction=wrong))
    with pytest.raises(InvalidAction, match=r"Step\.player must be str"):
        game.apply(state, _bent(step, player=None))


# -- huge inputs -------------------------------------------------------------------------------

HUGE = "x" * 100_000


@pytest.mark.parametrize("name", sorted(wargames.available()))
def test_a_huge_input_gives_a_short_message(name: str) -> None:
    """Before: the message quoted the whole 100 kB text, for every game."""
    game = _load(name)
    state = game.start(1)
    errors: list[WargamesError] = []
    for call in (
        lambda: game.parse_action(state, HUGE),
        lambda: game.parse_action(state, f"a1-{HUGE}"),
        lambda: game.parse_action(state, "x", HUGE),
        lambda: game.view(state, HUGE),
        lambda: wargames.load(name, None, **{HUGE: 1}),
        lambda: wargames.load(name, variant=HUGE),
    ):
        with pytest.raises(WargamesError) as caught:
            call()
        errors.append(caught.value)
    assert all(len(str(error)) < 400 for error in errors), [len(str(e)) for e in errors]
    assert all("more characters" in str(error) for error in errors)


def test_an_illegal_action_with_a_huge_field_gives_a_short_message() -> None:
    """Before: Sabatu's reason quoted the whole action, a 100 kB message."""
    game = _load("sabatu")
    state, move = _find(game, lambda a: type(a).__name__ == "Move")
    with pytest.raises(InvalidAction) as caught:
        game.apply(state, _bent(move, origin=HUGE))
    assert len(str(caught.value)) < 400


def test_a_document_with_a_huge_value_gives_a_short_message() -> None:
    """Before: the broken invariant quoted the whole value (Sabatu's turn step)."""
    game = _load("sabatu")
    document = json.loads(dumps(game, game.start(1)))
    document["data"]["step"] = HUGE
    with pytest.raises(SerializationError) as caught:
        loads(json.dumps(document), game)
    assert len(str(caught.value)) < 400


# -- views edited by hand ----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "key"), [("sabotage", "piece"), ("sabot", "unit")])
@pytest.mark.parametrize("junk", [-1, 10**6])
def test_a_hand_edited_view_has_no_past(name: str, key: str, junk: int) -> None:
    """A view whose log names a piece that is not there: before, Sabotage's sampler raised
    KeyError and SABOT's IndexError; now loads refuses it or sample_state says NoPast."""
    game = _load(name)
    state = game.start(2)
    rng = random.Random(2)
    for _ in range(30):
        if game.outcome(state) is not None:
            break
        player = rng.choice(sorted(game.to_act(state)))
        state = game.apply(state, rng.choice(game.legal_actions(state, player)))
    player = game.players[0]
    document = json.loads(dumps(game, game.view(state, player)))
    events = [event for event in document["data"]["log"] if key in event]
    assert events, f"no {name} event names a {key}"
    for event in events:
        event[key] = junk
    try:
        view = loads(json.dumps(document), game)
    except SerializationError:
        return
    with pytest.raises(NoPast):
        game.sample_state(view, player, random.Random(0))
