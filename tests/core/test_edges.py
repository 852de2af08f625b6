"""The kernel's edge checks (core/edges.py), the excerpt of quoted input (core/errors.py) and
whose view a view is (core/hidden.py), on their own."""

from __future__ import annotations

import enum
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wargames
from wargames import InvalidAction, InvalidState
from wargames.core.board import Square
from wargames.core.edges import EDGES, action_problem, unguarded_bound
from wargames.core.errors import EXCERPT, excerpt, shorten
from wargames.core.game import Action, Game
from wargames.core.hidden import HIDDEN, Secret, is_view_of, secret
from wargames.sabotage import MiniSabotage


def _bent(value: Any, **changes: Any) -> Any:
    """``value`` with ``changes``, ill-typed on purpose (what a careless caller builds)."""
    return attrs.evolve(value, **changes)


class Colour(enum.Enum):
    RED = "r"


@attrs.frozen
class Point:
    """An attrs value that does not validate its own fields: checked through."""

    x: int


@attrs.frozen
class Everything(Action):
    count: int
    flag: bool
    name: str
    ratio: float
    colour: Colour
    maybe: int | None
    many: tuple[int, ...]
    pair: tuple[int, str]
    square: Square
    point: Point
    word: Literal["yes", "no"]
    free: Any = None


GOOD = Everything(
    "p", 1, True, "n", 0.5, Colour.RED, None, (1, 2), (1, "a"), Square(0, 0), Point(1), "yes"
)


def test_a_well_typed_action_has_no_problem() -> None:
    assert action_problem(GOOD) is None
    assert action_problem(_bent(GOOD, ratio=2, maybe=3, free=object())) is None


@pytest.mark.parametrize(
    ("field", "wrong", "said"),
    [
        ("count", True, "Everything.count must be int, not True"),
        ("count", "1", "must be int, not '1'"),
        ("count", 1.0, "must be int, not 1.0"),
        ("flag", 1, "Everything.flag must be bool, not 1"),
        ("name", None, "Everything.name must be str, not None"),
        ("ratio", True, "must be float, not True"),
        ("colour", "r", "must be Colour, not 'r'"),
        ("maybe", False, "must be int | None, not False"),
        ("many", (1, True), "must be tuple[int, ...], not (1, True)"),
        ("many", [1, 2], "must be tuple[int, ...], not [1, 2]"),
        ("pair", (1, 2), "must be tuple[int, str], not (1, 2)"),
        ("point", Point(True), "must be Point, not Point(x=True)"),
        ("word", "maybe", "not 'maybe'"),
        ("player", 7, "Everything.player must be str, not 7"),
    ],
)
def test_each_ill_typed_field_is_named(field: str, wrong: object, said: str) -> None:
    problem = action_problem(_bent(GOOD, **{field: wrong}))
    assert problem is not None
    assert said in problem


def test_a_huge_field_is_quoted_as_an_excerpt() -> None:
    problem = action_problem(_bent(GOOD, count="9" * 100_000))
    assert problem is not None
    assert len(problem) < 200


@given(st.text(max_size=300))
def test_an_excerpt_is_short_and_says_how_much_more(text: str) -> None:
    shown = excerpt(text)
    assert len(shown) <= EXCERPT + 40
    if len(repr(text)) <= EXCERPT:
        assert shown == repr(text)
    else:
        assert shown.startswith(repr(text)[:EXCERPT])
        assert f"({len(repr(text)) - EXCERPT} more characters)" in shown
    assert shorten(text) == text or "more characters" in shorten(text)


# -- whose view a view is ----------------------------------------------------------------------


def _shown_to_owner(piece: Any, player: str) -> bool:
    return bool(piece.owner == player)


@attrs.frozen
class Piece:
    owner: str
    kind: str = secret(_shown_to_owner)


@attrs.frozen
class Hand:
    cards: tuple[Secret[str], ...]


def test_a_view_is_its_players_only() -> None:
    green, red = Piece("green", HIDDEN), Piece("red", "5")  # type: ignore[arg-type]
    reds_view = (green, red)
    assert is_view_of(reds_view, "red")
    assert not is_view_of(reds_view, "green")  # shows red's secret, hides green's own
    assert not is_view_of((Piece("green", "1"), red), "red")  # shows green's secret to red
    assert is_view_of(Hand((Secret("ace", {"red"}),)), "red")
    assert not is_view_of(Hand((Secret("ace", {"red"}),)), "green")
    assert is_view_of(Hand((HIDDEN,)), "red")  # type: ignore[arg-type]  # whose? unknowable


# -- the guards --------------------------------------------------------------------------------


class Careless(MiniSabotage):
    """A variant whose own methods read the state's fields at once, as a game's do."""

    def to_act(self, state: Any) -> frozenset[str]:
        return super().to_act(state)

    def legal_actions(self, state: Any, player: str) -> tuple[Any, ...]:
        return super().legal_actions(state, player)


def test_a_subclass_is_guarded_without_writing_a_check() -> None:
    game = Careless()
    for method in EDGES:
        assert getattr(getattr(Careless, method), "__wargames_edge__", False), method
    with pytest.raises(InvalidState, match=r"Careless\.to_act needs a state or any view"):
        game.to_act(None)
    with pytest.raises(InvalidState, match="not 5"):
        game.legal_actions(5, "green")


def test_is_legal_refuses_a_view_but_answers_for_a_bad_action() -> None:
    game = wargames.load("sabotage", "SM")
    state = game.start(1)
    action = game.legal_actions(state, "green")[0]
    with pytest.raises(InvalidState):
        game.is_legal(game.view(state, "green"), action)
    assert not game.is_legal(state, _bent(action, player=True))
    with pytest.raises(InvalidAction, match="is not an action of sabotage"):
        game.apply(state, GOOD)


def test_a_state_whose_chance_is_neither_a_stream_nor_hidden_is_refused() -> None:
    game = wargames.load("sabotage", "SM")
    state = game.start(1)
    odd = object.__new__(type(state))
    for a in attrs.fields(type(state)):
        object.__setattr__(odd, a.name, getattr(state, a.name))
    object.__setattr__(odd, "rng", 7)
    with pytest.raises(InvalidState, match="chance stream is an Rng, not 7"):
        game.legal_actions(odd, "green")


def test_every_guarded_method_is_a_method_of_game() -> None:
    assert all(callable(getattr(Game, name)) for name in EDGES)


def test_a_method_bound_unguarded_skips_only_the_check() -> None:
    """What an adapter calls at every step: the game's own method without the check at its
    edge (a state the game made passes that check at its first test), or the method set on
    the game object itself, as it is."""
    sabotage = wargames.load("sabotage", "SM")
    with pytest.raises(InvalidState):
        sabotage.to_act(None)
    with pytest.raises(AttributeError):  # the rules' own failure: no InvalidState first
        unguarded_bound(sabotage, "to_act")(None)
    state = sabotage.start(1)
    legal = unguarded_bound(sabotage, "legal_actions")
    assert legal(state, "green") == sabotage.legal_actions(state, "green")

    def told(state: Any) -> Any:
        return "set on the object"

    sabotage.outcome = told  # type: ignore[method-assign]
    assert unguarded_bound(sabotage, "outcome")(state) == "set on the object"
