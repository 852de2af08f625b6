"""What the Game base class does for every game, checked through Sabotage."""

from typing import Any, cast

import pytest

import wargames
from wargames import (
    Action,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    Outcome,
    UnknownOption,
    UnknownPlayer,
)
from wargames.core.board import Square
from wargames.core.serialize import dumps
from wargames.sabotage import (
    AcceptDraw,
    DeclineDraw,
    MiniSabotage,
    Move,
    OfferDraw,
    Sabotage,
    SabotageState,
)

GAME = Sabotage()


def move(text: str, player: str = "green") -> Move:
    origin, target = text.split("-")
    return Move(player, Square.parse(origin), Square.parse(target))


def opening() -> SabotageState:
    """Green to move; a green 1 can take the red Headquarters at once."""
    return GAME.position({"e5": "g1", "e6": "rH", "a1": "gH", "j10": "r1"})


# -- options and variants ----------------------------------------------------------------------


def test_unknown_option() -> None:
    with pytest.raises(UnknownOption, match="has no option") as caught:
        wargames.load("sabotage", colour="blue")
    assert isinstance(caught.value, ValueError)
    assert "colour" in str(caught.value)
    assert "moves_per_turn" in str(caught.value)  # the message lists the options there are


@pytest.mark.parametrize(
    "options",
    [
        {"moves_per_turn": 0},
        {"quiet_turn_limit": -3},
        {"army": {"general_9": 1}},
        {"army": {"recon": 3}},  # no Headquarters
        {"volcanoes": ["a1"]},  # in a set-up zone
    ],
)
def test_bad_option_values(options: dict[str, Any]) -> None:
    with pytest.raises(UnknownOption) as caught:
        wargames.load("sabotage", variant="SM", **options)
    assert isinstance(caught.value, ValueError)


def test_unknown_variant() -> None:
    with pytest.raises(UnknownOption, match="no variant 'XX'") as caught:
        wargames.load("sabotage", variant="XX")
    assert isinstance(caught.value, ValueError)
    assert "SM" in str(caught.value)


def test_option_values_are_the_non_defaults() -> None:
    assert GAME.option_values() == {}
    assert Sabotage(draw_offers=True).option_values() == {}  # given, but the default
    assert Sabotage(moves_per_turn=3, draw_offers=False).option_values() == {
        "moves_per_turn": 3,
        "draw_offers": False,
    }
    game = Sabotage(moves_per_turn=3)
    assert wargames.load(game.name, game.variant, **game.option_values()) == game


# -- identity ----------------------------------------------------------------------------------


def test_equality_hash_and_repr() -> None:
    mini = wargames.load("sabotage", variant="SM")
    assert mini == MiniSabotage()
    assert hash(mini) == hash(MiniSabotage())
    assert mini != Sabotage()  # same options, another variant
    assert mini != MiniSabotage(moves_per_turn=3)
    assert MiniSabotage(moves_per_turn=3) == MiniSabotage(moves_per_turn=3)
    assert len({mini, MiniSabotage(), Sabotage(), Sabotage(draw_offers=False)}) == 3
    assert mini != "sabotage"
    assert repr(mini) == "MiniSabotage(variant='SM')"
    assert repr(Sabotage(moves_per_turn=3)) == "Sabotage(variant='SG', moves_per_turn=3)"


def test_outcome() -> None:
    won = Outcome(["red", "green"], "captured the Headquarters")
    assert won.winners == frozenset({"green", "red"})
    assert not won.is_draw
    assert str(won) == "green, red won (captured the Headquarters)"
    draw = Outcome(frozenset(), "draw agreed")
    assert draw.is_draw
    assert str(draw) == "draw (draw agreed)"
    assert Outcome(["red"], "x") == Outcome(frozenset({"red"}), "x")
    assert hash(Outcome(["red"], "x")) == hash(Outcome(frozenset({"red"}), "x"))


# -- checking actions --------------------------------------------------------------------------


def test_unknown_player() -> None:
    state = opening()
    for call in (
        lambda: GAME.legal_actions(state, "blue"),
        lambda: GAME.view(state, "blue"),
        lambda: GAME.apply(state, move("e5-e4", "blue")),
        lambda: GAME.check_player("Green"),
    ):
        with pytest.raises(UnknownPlayer, match="There is no player") as caught:
            call()
        assert isinstance(caught.value, InvalidAction)
        assert isinstance(caught.value, ValueError)
        assert not isinstance(caught.value, IllegalAction)


def test_not_your_turn_changes_nothing() -> None:
    state = opening()
    before = dumps(GAME, state)
    with pytest.raises(NotYourTurn, match=r"^It is not Red's turn: Green to act\.$") as caught:
        GAME.apply(state, move("j10-j9", "red"))
    assert isinstance(caught.value, IllegalAction)
    assert dumps(GAME, state) == before
    assert not GAME.is_legal(state, move("j10-j9", "red"))


def test_illegal_action_after_the_end() -> None:
    state = GAME.apply(opening(), move("e5-e6"))
    assert GAME.outcome(state) == Outcome(["green"], "captured the Headquarters")
    assert GAME.to_act(state) == frozenset()
    for action in (move("j10-j9", "red"), move("e6-e5"), OfferDraw("red")):
        with pytest.raises(
            IllegalAction,
            match=r"^The game is over\. (Green|You) won: captured the Headquarters\.$",
        ) as caught:
            GAME.apply(state, action)
        assert type(caught.value) is IllegalAction  # not NotYourTurn: nobody is to act
        assert caught.value.rule == "end of the game"
        assert not GAME.is_legal(state, action)


@pytest.mark.parametrize("foreign", ["e5-e4", None, Action("green"), ("green", "e5", "e4")])
def test_foreign_objects_are_invalid_actions(foreign: object) -> None:
    state = opening()
    with pytest.raises(InvalidAction, match="is not an action of sabotage") as caught:
        GAME.apply(state, cast(Any, foreign))
    assert not isinstance(caught.value, IllegalAction)
    assert not GAME.is_legal(state, cast(Any, foreign))


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    state = opening()
    before = dumps(GAME, state)
    with pytest.raises(IllegalAction, match="no diagonal"):
        GAME.apply(state, move("e5-f4"))
    with pytest.raises(IllegalAction, match="no draw offer"):
        GAME.apply(state, AcceptDraw("green"))
    assert dumps(GAME, state) == before


def test_is_legal_agrees_with_legal_actions() -> None:
    state = opening()
    legal = GAME.legal_actions(state, "green")
    assert set(legal) == {move("e5-e4"), move("e5-f5"), move("e5-e6"), OfferDraw("green")}
    assert all(GAME.is_legal(state, action) for action in legal)
    assert not GAME.is_legal(state, move("e5-d5"))  # a volcano
    assert not GAME.is_legal(state, DeclineDraw("green"))


def test_apply_all() -> None:
    game = wargames.load("sabotage", variant="SM")
    state = game.start(3)
    actions = []
    current = state
    for _ in range(6):
        player = sorted(game.to_act(current))[0]
        action = game.legal_actions(current, player)[-1]
        actions.append(action)
        current = game.apply(current, action)
    assert game.apply_all(state, actions) == current
    assert game.apply_all(state, []) == state
    before = dumps(game, state)
    with pytest.raises(IllegalAction):
        game.apply_all(state, [*actions[:2], actions[0], *actions[2:]])
    assert dumps(game, state) == before


def test_apply_returns_a_new_state() -> None:
    state = opening()
    after = GAME.apply(state, move("e5-e4"))
    assert after is not state
    assert after != state
    assert state == opening()


def test_with_changes_copies_with_validation_and_refuses_unknown_fields() -> None:
    state = wargames.load("sabotage").start(seed=1)
    changed = state.with_changes(quiet=5)
    assert changed.quiet == 5
    assert state.quiet == 0, "the original is untouched"
    assert changed.with_changes(quiet=0) == state
    with pytest.raises(TypeError, match="no field colour"):
        state.with_changes(colour="blue")


def test_opponent_is_only_for_two_player_games() -> None:
    assert wargames.load("sabotage").opponent("green") == "red"
    assert wargames.load("saw").opponent("blue") == "red"
    with pytest.raises(ValueError, match="not two"):
        wargames.load("saw", players=3).opponent("blue")
    with pytest.raises(wargames.UnknownPlayer):
        wargames.load("sabotage").opponent("blue")


def test_by_default_an_afterstate_is_the_result_and_awaits_no_chance() -> None:
    state = opening()
    for action in GAME.legal_actions(state, "green"):
        assert GAME.afterstate(state, action) == GAME.apply(state, action)
    assert not GAME.awaits_chance(state)
    offered = GAME.apply(state, OfferDraw("green"))
    over = GAME.apply(offered, AcceptDraw("red"))
    assert GAME.outcome(over) is not None
    assert not GAME.to_act(over)
    assert not GAME.awaits_chance(over), "a finished game awaits nothing"
