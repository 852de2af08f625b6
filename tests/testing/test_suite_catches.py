"""Each check the library round added to the suites fails on a game that breaks it.

Every broken game here is Mini Sabotage with one thing wrong, so a passing check proves
nothing unless it fails on the broken one.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

import attrs
import pytest
from attrs import frozen

from wargames.core.distribution import Distribution
from wargames.core.errors import InvalidAction
from wargames.core.game import Game, Outcome
from wargames.core.hidden import is_hidden
from wargames.core.history import History
from wargames.core.rng import Rng, Seed
from wargames.sabotage import Deploy, Move, SabotageState
from wargames.sabotage.pieces import Kind
from wargames.sabotage.state import SabotageAction
from wargames.sabotage.variants import MiniSabotage
from wargames.testing import (
    CAN_ACT,
    ConformanceError,
    check_can_act,
    check_history,
    check_inputs,
    check_rules,
    check_state,
)
from wargames.testing.breaks import (
    ENDS,
    INPUT_UNCHANGED,
    LISTED_APPLY,
    RAISES,
    ROUND_TRIP,
    STREAM_CHANCE,
)

FAST: dict[str, Any] = {"max_examples": 3, "max_steps": 12, "derandomize": True}


class SeededMini(MiniSabotage):
    """Broken: a game started without a seed always has the same chance."""

    def start(self, seed: Seed | None = None, **setup: Any) -> SabotageState:
        return super().start(0 if seed is None else seed, **setup)


def test_check_rules_catches_a_game_without_secret_chance() -> None:
    with pytest.raises(ConformanceError, match="share their chance"):
        check_rules(SeededMini(), **FAST)


class SeedShowingMini(MiniSabotage):
    """Broken: its description names the seed the game was started from."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.seeds: dict[bytes, Seed | None] = {}

    def start(self, seed: Seed | None = None, **setup: Any) -> SabotageState:
        state = super().start(seed, **setup)
        self.seeds[state.rng.key] = seed
        return state

    def describe(self, state: SabotageState, player: str | None = None) -> str:
        seed = self.seeds.get(state.rng.key) if isinstance(state.rng, Rng) else None
        return f"{super().describe(state, player)}\nseed {seed!r}"


def test_check_rules_catches_a_description_that_shows_the_seed() -> None:
    with pytest.raises(ConformanceError, match="shown the game's seed"):
        check_rules(SeedShowingMini(), **FAST)


class KeyShowingMini(MiniSabotage):
    """Broken: a player's description prints the chance stream's key."""

    def describe(self, state: SabotageState, player: str | None = None) -> str:
        key = state.rng.key.hex() if isinstance(state.rng, Rng) else ""
        return f"{super().describe(state, player)}\n{key}"


def test_check_state_catches_a_description_holding_the_key() -> None:
    game = KeyShowingMini()
    with pytest.raises(ConformanceError, match="holds the chance stream's key"):
        check_state(game, game.start(1))


class BrokenInvariantMini(MiniSabotage):
    """Broken: declares an invariant its own start breaks."""

    def violations(self, state: SabotageState) -> Iterable[str]:
        yield from super().violations(state)
        if any(cell is not None for cell in state.cells):
            yield "the board must be empty"


def test_check_state_checks_the_declared_invariants() -> None:
    game = BrokenInvariantMini()
    with pytest.raises(ConformanceError, match="the board must be empty"):
        check_state(game, game.start(1))


class PeekingOddsMini(MiniSabotage):
    """Broken: the odds of an attack tell the attacker what the defender is."""

    def odds(self, state: SabotageState, action: SabotageAction) -> Distribution[Any] | None:
        if not isinstance(action, Move):
            return None
        target = state.cells[self.board.index(action.target)]
        if target is None:
            return None
        return Distribution.certain(target.kind)


def test_check_state_catches_odds_that_depend_on_hidden_pieces() -> None:
    game = PeekingOddsMini()
    state = game.position({"d4": "g3", "d5": "r1", "a1": "gH", "h8": "rH"})
    with pytest.raises(ConformanceError, match=r"odds of d4-d5 depend on what green may not"):
        check_state(game, state)


class ViewBlindMini(MiniSabotage):
    """Broken: a player holding only their view (an enemy piece hidden) has no moves."""

    def legal_actions(self, state: SabotageState, player: str) -> tuple[SabotageAction, ...]:
        if any(p is not None and is_hidden(p.kind) for p in state.cells):
            return ()
        return super().legal_actions(state, player)


def test_check_state_catches_legal_actions_a_view_cannot_list() -> None:
    game = ViewBlindMini()
    state = game.position({"d4": "g3", "d5": "r1", "a1": "gH", "h8": "rH"})
    with pytest.raises(ConformanceError, match="legal actions in their own view are not"):
        check_state(game, state)


class CrashingParserMini(MiniSabotage):
    """Broken: reading an action trusts its input."""

    def read_action(self, state: SabotageState, text: str, player: str | None) -> SabotageAction:
        origin, target = text.split("-")  # ValueError on junk, not InvalidAction
        return super().read_action(state, f"{origin}-{target}", player)


def test_check_inputs_catches_a_parser_that_crashes_on_junk() -> None:
    with pytest.raises(ConformanceError, match="not a typed wargames error"):
        check_inputs(CrashingParserMini(), max_examples=20, max_steps=4, derandomize=True)


def test_parse_action_refuses_what_is_not_text_in_every_game() -> None:
    game = MiniSabotage()
    state = game.start(1)
    for junk in (None, 12, b"a1-a2", ["a1-a2"]):
        with pytest.raises(ValueError, match="written as text"):
            game.parse_action(state, junk)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="There is no player"):
        game.parse_action(state, "a1-a2", "blue")


def test_a_loaded_state_must_keep_the_invariants() -> None:
    from wargames.core.errors import SerializationError
    from wargames.core.serialize import dumps, loads

    game = BrokenInvariantMini()
    with pytest.raises(SerializationError, match="the board must be empty"):
        loads(dumps(game, MiniSabotage().start(1)), game)


class CrowdedCodecMini(MiniSabotage):
    """Broken: its action space leaves out the draw offer and its answers."""

    def every_action(self, player: str) -> Iterator[SabotageAction]:
        return (a for a in super().every_action(player) if isinstance(a, Move | Deploy))


def test_check_state_catches_an_action_missing_from_the_action_space() -> None:
    game = CrowdedCodecMini()
    with pytest.raises(InvalidAction, match="not in the game's action space"):
        check_state(game, game.start(1))


class PeekingTensorMini(MiniSabotage):
    """Broken: its tensor marks where the enemy Headquarters stands, hidden or not."""

    def observation_tensor(self, state: SabotageState, player: str) -> Any:
        planes = super().observation_tensor(state, player).copy()
        for index, piece in enumerate(state.cells):
            if piece is not None and piece.owner != player and piece.kind is Kind.HEADQUARTERS:
                planes[0].flat[index] = 1
        return planes


def test_check_state_catches_a_tensor_made_from_more_than_the_view() -> None:
    game = PeekingTensorMini()
    with pytest.raises(ConformanceError, match="observation tensor depends on what"):
        check_state(game, game.start(1))


class ShortMemoryMini(MiniSabotage):
    """Broken: its sampled past starts where the game now stands, as if nothing had happened."""

    def sample_history(self, view: SabotageState, player: str, rng: random.Random) -> History:
        return History(MiniSabotage.sample_history(self, view, player, rng).final(self), ())


class PastlessMini(MiniSabotage):
    """Broken: its determinisations are fine, but it samples no past to prove it."""

    sample_history = Game.sample_history

    def determinize(self, view: SabotageState, player: str, rng: random.Random) -> SabotageState:
        return MiniSabotage.sample_history(self, view, player, rng).final(self)  # type: ignore[return-value]


def test_check_rules_refuses_a_game_that_hides_things_but_samples_no_past() -> None:
    with pytest.raises(ConformanceError, match="hide something, but it samples no past"):
        check_rules(PastlessMini(), **FAST, shrink=False)


def test_check_rules_catches_a_past_that_shows_a_player_less_than_they_saw() -> None:
    with pytest.raises(ConformanceError, match=r"sampled past of step \d+ shows green"):
        check_rules(ShortMemoryMini(), **FAST)


class FarEndMini(MiniSabotage):
    """Broken: its sampled past claims to end where it began, however many actions it has."""

    def sample_history(self, view: SabotageState, player: str, rng: random.Random) -> History:
        history = MiniSabotage.sample_history(self, view, player, rng)
        return History(history.start, history.actions, end=history.start)


def test_check_history_catches_a_past_whose_end_its_actions_do_not_reach() -> None:
    game = FarEndMini()
    start = game.start(1)
    states = [start, game.apply(start, game.legal_actions(start, "green")[0])]
    with pytest.raises(ConformanceError, match="gives an end its actions do not reach"):
        check_history(game, states, "red", random.Random(0))


def test_a_failure_leads_with_the_check_then_how_to_reproduce_it_then_the_board() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_rules(KeyShowingMini(), max_examples=3, max_steps=6, derandomize=True, shrink=False)
    lines = str(caught.value).splitlines()
    assert lines[0] == (
        "KeyShowingMini breaks the contract: green's description holds the chance stream's key:"
        " a leak"
    )
    assert lines[1].startswith("  reproduce: state = game.start(")
    assert "Mini Sabotage (SM)" in lines[4]
    assert len(lines) < 30
    assert "SabotageState(" not in str(caught.value), "the board, not a repr of the state"


class StuckMini(MiniSabotage):
    """Broken: red, once to move, has no legal action, and the game goes on."""

    def legal_actions(self, state: SabotageState, player: str) -> tuple[SabotageAction, ...]:
        return () if player == "red" else super().legal_actions(state, player)


class IdleMini(MiniSabotage):
    """Broken: nobody is to act once green has moved, and the game has no outcome."""

    def to_act(self, state: SabotageState) -> frozenset[str]:
        acting = super().to_act(state)
        return frozenset() if acting == {"red"} else acting


def _red_to_move(game: MiniSabotage) -> SabotageState:
    state = game.start(3)
    while "red" not in MiniSabotage.to_act(game, state):
        state = game.apply(state, game.legal_actions(state, "green")[0])
    return state


def test_check_rules_refuses_a_stuck_game_naming_the_rule_then_the_reproduction_then_who() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_rules(StuckMini(), max_examples=10, max_steps=8, derandomize=True, shrink=False)
    lines = str(caught.value).splitlines()
    assert lines[0] == f"StuckMini breaks the contract: {CAN_ACT}"
    assert lines[1].startswith("  reproduce: state = game.start(")
    assert (
        lines[3] == "  stuck: red is to act, the game has no outcome, and red has no legal action"
    )
    assert lines[4].startswith("  the state after them")
    assert "Mini Sabotage (SM)" in lines[5]


@pytest.mark.parametrize(
    ("game", "who"),
    [
        (StuckMini(), "red is to act, the game has no outcome, and red has no legal action"),
        (IdleMini(), "nobody is to act, and the game has no outcome"),
    ],
)
def test_check_state_refuses_a_stuck_state_with_its_own_message(
    game: MiniSabotage, who: str
) -> None:
    state = _red_to_move(game)
    for check in (check_can_act, check_state):
        with pytest.raises(ConformanceError) as caught:
            check(game, state)
        assert str(caught.value) == f"{CAN_ACT}: {who}"


def test_a_finished_game_is_not_stuck() -> None:
    game = StuckMini()
    over = _red_to_move(game).with_changes(result=Outcome(frozenset({"green"}), "a test's end"))
    check_can_act(game, over)  # red has no legal action, but the game is over


# -- one planted bug per class of contract break (issue 33): each is caught by check_rules
# at its defaults, with a first line that names the class.


class EndlessMini(MiniSabotage):
    """Broken: declares no bound on its length, so nothing shows that it ends."""

    @property
    def max_game_length(self) -> int:
        raise NotImplementedError("no turn limit")


class OverlongMini(MiniSabotage):
    """Broken: claims every game ends within 10 actions; random games go on longer."""

    max_game_length = 10


class MutatingMini(MiniSabotage):
    """Broken: its apply writes the number of quiet turns into the state it is given."""

    def apply_unchecked(self, state: SabotageState, action: SabotageAction) -> SabotageState:
        after = super().apply_unchecked(state, action)
        object.__setattr__(state, "quiet", state.quiet + 7)
        return after


class GlobalDiceMini(MiniSabotage):
    """Broken: draws its chance from the global ``random`` module, not the state's stream."""

    def apply_unchecked(self, state: SabotageState, action: SabotageAction) -> SabotageState:
        after = super().apply_unchecked(state, action)
        return after.with_changes(rng=Rng(random.randbytes(32)))


class ClosedCentreMini(MiniSabotage):
    """Broken: lists moves into the centre, which its apply then refuses."""

    def illegal_reason(self, state: SabotageState, action: SabotageAction) -> str | None:
        if isinstance(action, Move) and str(action.target) in {"d4", "d5", "e4", "e5"}:
            return "the centre square is closed"
        return super().illegal_reason(state, action)


@frozen(kw_only=True)
class NotedState(SabotageState):
    """A Sabotage state with notes typed loosely, so JSON gives them back as a list."""

    notes: Any = (0, 1)


class NotedMini(MiniSabotage):
    """Broken: a field of its state comes back from JSON a list, not the tuple it was."""

    state_type = NotedState

    def start(self, seed: Seed | None = None, **setup: Any) -> SabotageState:
        return self._noted(super().start(seed, **setup))

    def apply_unchecked(self, state: SabotageState, action: SabotageAction) -> SabotageState:
        return self._noted(super().apply_unchecked(state, action))

    @staticmethod
    def _noted(state: SabotageState) -> NotedState:
        """``state`` as this game's states are, notes and all (its rules make Sabotage's)."""
        fields = {f.name: getattr(state, f.name) for f in attrs.fields(SabotageState) if f.init}
        return NotedState(**fields)


class TellingMini(MiniSabotage):
    """Broken: ``describe(state, player)`` draws the whole board, the enemy's pieces too."""

    def describe(self, state: SabotageState, player: str | None = None) -> str:
        return super().describe(state)


class CrashingMini(MiniSabotage):
    """Broken: its apply raises a bare KeyError once red moves."""

    def apply_unchecked(self, state: SabotageState, action: SabotageAction) -> SabotageState:
        if action.player == "red":
            raise KeyError("red's move table")
        return super().apply_unchecked(state, action)


@pytest.mark.parametrize(
    ("game", "rule", "detail"),
    [
        (EndlessMini(), ENDS, "EndlessMini declares no max_game_length"),
        (OverlongMini(), ENDS, r"ends: the game goes on after max_game_length \(10\) actions"),
        (MutatingMini(), INPUT_UNCHANGED, r"\(green\) changed state\.quiet was 0, then 7"),
        (
            GlobalDiceMini(),
            STREAM_CHANCE,
            r"\(green\) (played again|applied twice): state\.rng\.key was b",
        ),
        (
            ClosedCentreMini(),
            LISTED_APPLY,
            "apply says IllegalAction: You cannot move your Saboteur from d6 to d5: the centre",
        ),
        (NotedMini(), ROUND_TRIP, r"state\.notes was \(0, 1\) \(tuple\), then \[0, 1\] \(list\)"),
        (TellingMini(), "green's description depends on what green may not know: a leak", "line"),
        (CrashingMini(), RAISES, 'KeyError: "red\'s move table"'),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, MiniSabotage) else "",
)
def test_check_rules_names_each_class_of_break_then_the_reproduction_then_what_differs(
    game: MiniSabotage, rule: str, detail: str
) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_rules(game)
    lines = str(caught.value).splitlines()
    assert lines[0] == f"{type(game).__name__} breaks the contract: {rule}"
    if "reproduce" in lines[1]:  # a break found in play, not in the game's declarations
        assert lines[1].startswith("  reproduce: state = game.start(")
    assert re.search(detail, "\n".join(lines[1:])), str(caught.value)
    assert not isinstance(caught.value.__cause__, ConformanceError)
