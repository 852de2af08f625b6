"""MCTS where a game has forced actions passed through (``Game.search_skips_forced``): a
step after which the rival has nothing to do but let it on is worth the best of what the
stepping player does next, as a move that leaves the rival no turn at all is."""

import random
from typing import Any

import pytest
from attrs import frozen
from benchmarks.search_luck import WatchedMcts

from wargames import Outcome, State
from wargames.bots import MctsBot
from wargames.bots.mcts import _Node
from wargames.core.game import Action, Game
from wargames.core.rng import Rng, Seed
from wargames.sabotage import OfferDraw

CONTINUATIONS = 20


@frozen
class _Say(Action):
    """``step`` or ``wait`` first; after a step the rival's ``watch`` (or ``fire``); then
    one of the numbered continuations."""

    name: str


@frozen(kw_only=True)
class _Walk(State):
    first: str = ""
    watched: str = ""
    last: str = ""


class _Window(Game[_Walk, _Say]):
    """``me`` steps or waits.  A step opens a window where ``you`` may only watch, then
    ``me`` goes on; a wait lets ``me`` go on at once.  Then one of 20 continuations: the
    first is worth 0.3 after a step, 0.2 after a wait, every other -0.2; nothing is worth
    anything before."""

    name = "window"
    state_type = _Walk
    action_types = (_Say,)
    search_skips_forced = True
    replies: tuple[str, ...] = ("watch",)

    @property
    def players(self) -> tuple[str, ...]:
        return ("me", "you")

    def start(self, seed: Seed | None = None, **setup: Any) -> _Walk:
        return _Walk(rng=Rng.from_seed(seed))

    def _window(self, state: _Walk) -> bool:
        return state.first == "step" and not state.watched

    def to_act(self, state: _Walk) -> frozenset[str]:
        if state.last:
            return frozenset()
        return frozenset({"you" if self._window(state) else "me"})

    def legal_actions(self, state: _Walk, player: str) -> tuple[_Say, ...]:
        if player not in self.to_act(state):
            return ()
        if self._window(state):
            return tuple(_Say(player, reply) for reply in self.replies)
        if not state.first:
            return (_Say(player, "step"), _Say(player, "wait"))
        return tuple(_Say(player, str(i)) for i in range(CONTINUATIONS))

    def outcome(self, state: _Walk) -> Outcome | None:
        return Outcome(frozenset(), "over") if state.last else None

    def apply_unchecked(self, state: _Walk, action: _Say) -> _Walk:
        if not state.first:
            return state.with_changes(first=action.name)
        if self._window(state):
            return state.with_changes(watched=action.name)
        return state.with_changes(last=action.name)

    def read_action(self, state: _Walk, text: str, player: str | None) -> _Say:
        return _Say(player or "me", text)

    def determinize(self, view: _Walk, player: str, rng: random.Random) -> _Walk:
        return view.with_changes(rng=self.fresh_rng(rng))

    def evaluate(self, state: _Walk, player: str) -> float:
        value = 0.0
        if state.last:
            value = (0.3 if state.first == "step" else 0.2) if state.last == "0" else -0.2
        return value if player == "me" else -value


class _Kept(_Window):
    """The same game with the rival's forced watch given a node of its own."""

    search_skips_forced = False


@pytest.mark.parametrize("seed", range(3))
def test_a_step_into_a_window_with_nothing_to_do_is_worth_the_best_that_follows(
    seed: int,
) -> None:
    """The step's best continuation (0.3) beats the wait's (0.2).  With the rival's forced
    watch a node of its own, the step was worth the mean of the continuations tried after
    it, and the wait, whose continuations hang under it, their best: the wait was chosen."""
    step, wait = _Say("me", "step"), _Say("me", "wait")
    passed = MctsBot(seed, iterations=200, prior=0).choose(_Window(), _Window().start(0), "me")
    kept = MctsBot(seed, iterations=200, prior=0).choose(_Kept(), _Kept().start(0), "me")
    assert (passed, kept) == (step, wait)


def test_a_window_where_the_rival_chooses_keeps_its_node() -> None:
    """A rival with two replies has a real choice: it is searched as before, and the
    search sees the replies it plays (its own node in the tree)."""

    class Choosing(_Window):
        replies = ("watch", "fire")

    game = Choosing()
    after = game.apply(game.start(0), _Say("me", "step"))
    assert game.legal_actions(after, "you") == (_Say("you", "watch"), _Say("you", "fire"))
    bot = WatchedMcts(0, iterations=100, prior=0)
    bot.choose(game, game.start(0), "me")
    assert bot.root is not None
    stepped = bot.root.children[_Say("me", "step")]
    assert set(stepped.children) == {_Say("you", "watch"), _Say("you", "fire")}
    assert not stepped.passed


def test_a_node_passed_through_in_some_worlds_mixes_the_best_and_the_replies() -> None:
    """Where the rival had nothing to do in some worlds (the chooser went on: its best
    continuation counts) and chose in others (the mean of its replies' visits counts), the
    node is worth the two weighed by their visits."""
    node = _Node("red")
    node.passed = node.open = True
    for value in (0.0, 0.5, -0.1, 0.3):
        node.add(value)
    again = node.children[OfferDraw("red")] = _Node("red")
    again.add(0.5)
    again.revalue()
    reply = node.children[OfferDraw("green")] = _Node("green")
    for value in (-0.1, 0.3):
        reply.add(value)
    reply.revalue()
    node.revalue()
    assert node.value == pytest.approx((2 * 0.5 + 0.2) / 4)
    node.passed = False
    node.revalue()
    assert node.value == 0.5, "not passed through: the best continuation, as before"
