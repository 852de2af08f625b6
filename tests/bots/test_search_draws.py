"""MCTS where a game records draws in its tree (``Game.search_draws``): a move is weighed by
the mean over what it drew of the best that follows each draw, not by the luckiest line."""

import random
from collections.abc import Hashable
from typing import Any

import pytest
from attrs import frozen
from benchmarks.search_luck import WatchedMcts

import wargames
from wargames import Outcome, State
from wargames.bots import GreedyBot, MctsBot, play
from wargames.bots.base import first_to_act
from wargames.bots.mcts import _Node
from wargames.core.game import Action, Game
from wargames.core.rng import Rng, Seed
from wargames.sabatu.state import CardDrawn
from wargames.sabotage import OfferDraw

CONTINUATIONS = 20


@frozen
class _Pick(Action):
    """``gamble`` or ``steady`` first, then one of the numbered continuations."""

    name: str


@frozen(kw_only=True)
class _Luck(State):
    first: str = ""
    coin: int = -1
    last: str = ""


class _Gamble(Game[_Luck, _Pick]):
    """One player, two choices.  ``steady`` is worth 0.15 whatever follows; ``gamble``
    draws a coin of ten and is worth 0.9 if it is 0, else 0, whatever follows: 0.09 on
    average.  After either, one of 20 continuations that change nothing."""

    name = "gamble"
    state_type = _Luck
    action_types = (_Pick,)
    search_draws = True

    @property
    def players(self) -> tuple[str, ...]:
        return ("me",)

    def start(self, seed: Seed | None = None, **setup: Any) -> _Luck:
        return _Luck(rng=Rng.from_seed(seed))

    def to_act(self, state: _Luck) -> frozenset[str]:
        return frozenset() if state.last else frozenset({"me"})

    def legal_actions(self, state: _Luck, player: str) -> tuple[_Pick, ...]:
        if state.last:
            return ()
        if not state.first:
            return (_Pick("me", "gamble"), _Pick("me", "steady"))
        return tuple(_Pick("me", str(i)) for i in range(CONTINUATIONS))

    def outcome(self, state: _Luck) -> Outcome | None:
        return Outcome(frozenset(), "over") if state.last else None

    def apply_unchecked(self, state: _Luck, action: _Pick) -> _Luck:
        if state.first:
            return state.with_changes(last=action.name)
        if action.name == "steady":
            return state.with_changes(first="steady")
        coin, rng = state.rng.below(10)
        return state.with_changes(first="gamble", coin=coin, rng=rng)

    def read_action(self, state: _Luck, text: str, player: str | None) -> _Pick:
        return _Pick("me", text)

    def determinize(self, view: _Luck, player: str, rng: random.Random) -> _Luck:
        return view.with_changes(rng=self.fresh_rng(rng))

    def evaluate(self, state: _Luck, player: str) -> float:
        if state.first == "steady":
            return 0.15
        return 0.9 if state.coin == 0 else 0.0 if state.first else 0.05


class _Pooled(_Gamble):
    """The same game with draws not recorded: the continuations after every coin share
    their nodes."""

    search_draws = False


def test_mcts_weighs_a_move_by_the_mean_over_its_draws_of_the_best_after_each() -> None:
    """The gamble is worth 0.09 and steady 0.15.  With every coin's continuations in one
    node each, the gamble was worth its luckiest continuation, and chosen from 4 of these
    10 bot seeds; recorded by what was drawn, it is worth the mean over the coins."""
    gamble, steady = _Pick("me", "gamble"), _Pick("me", "steady")
    chosen = [MctsBot(seed).choose(_Gamble(), _Gamble().start(0), "me") for seed in range(10)]
    assert chosen == [steady] * 10
    pooled = [MctsBot(seed).choose(_Pooled(), _Pooled().start(0), "me") for seed in range(10)]
    assert gamble in pooled, "not recorded, the luckiest line"


def test_a_node_that_drew_is_worth_the_mean_of_its_draws_by_their_visits() -> None:
    """Each draw's node is worth the best its chooser can take after it; the node of the
    action that drew, their mean weighed by how often each was drawn."""
    node = _Node("red")
    lucky, plain = node.outcomes["lucky"], node.outcomes["plain"] = _Node("red"), _Node("red")
    lucky.add(0.0)
    lucky.children[OfferDraw("red")] = then = _Node("red")
    then.add(0.8)
    then.revalue()
    lucky.add(0.8)
    lucky.revalue()
    for value in (0.2, 0.1, 0.0):
        plain.add(value)
    plain.revalue()
    node.revalue()
    assert lucky.value == 0.8
    assert plain.value == pytest.approx(0.1)
    assert node.value == pytest.approx((2 * 0.8 + 3 * 0.1) / 5)


def test_the_search_shares_a_sabatu_draw_between_the_worlds_that_show_it_alike() -> None:
    """Sabatu records draws: a move's draws are keyed by what the searching player sees, so
    the worlds (which differ in the rival's tiles and the decks' order) share a draw's node
    wherever it came out the same: a search has fewer draws' nodes than visits to the
    actions that drew (0.51 as many here)."""
    game = wargames.load("sabatu", None, players=2)
    assert game.search_draws
    greedy = {p: GreedyBot(i) for i, p in enumerate(game.players)}
    state = play(game, greedy, seed=3, max_actions=22).final

    bot = WatchedMcts(0, iterations=120)
    bot.choose(game, state, "red")
    assert bot.root is not None
    drew = [c for c in _nodes(bot.root) if c.outcomes and None not in c.outcomes]
    assert drew
    draws, visits = sum(len(c.outcomes) for c in drew), sum(c.visits for c in drew)
    assert draws < 0.7 * visits, "keyed by the whole world, each descent would have its own"


def _nodes(node: _Node) -> list[_Node]:
    """``node`` and every node under it."""
    below = [*node.children.values(), *node.outcomes.values()]
    return [node, *(n for child in below for n in _nodes(child))]


def test_a_sabatu_card_is_a_draw_though_the_stream_does_not_move() -> None:
    """A card comes off a deck whose order was drawn at the start, so the stream does not
    move, but the worlds differ in the card: Sabatu's ``drawn`` keys it.  An action that
    draws nothing is keyed ``None``."""
    game = wargames.load("sabatu", None, players=2)
    greedy = {p: GreedyBot(i) for i, p in enumerate(game.players)}
    state = play(game, greedy, seed=3, max_actions=4).final
    player = first_to_act(game, state)
    after = {str(a): game.apply(state, a) for a in game.legal_actions(state, player)}
    card = after["pass"]
    assert card.rng.counter == state.rng.counter
    assert any(isinstance(event, CardDrawn) for event in card.log.since(len(state.log)))
    assert game.drawn(state, card, player) is not None
    start = play(game, greedy, seed=3, max_actions=2).final  # a move that claims a capital
    claim = game.parse_action(start, "move se.home 6 se.capital")
    assert game.drawn(start, game.apply(start, claim), first_to_act(game, start)) is None


@pytest.mark.parametrize(("seed", "actions"), [(3, 4), (3, 22), (4, 30)])
def test_a_sabatu_draw_is_keyed_by_what_the_player_sees_and_nothing_hidden(
    seed: int, actions: int
) -> None:
    """``Sabatu.drawn`` reads nothing the player may not know: over the afterstates of every
    action in 20 worlds drawn from one view, two afterstates get the same key exactly where
    the player's views of them agree (a key with the rival's tiles or the decks' order in it
    would split a view; one with less would join two)."""
    game = wargames.load("sabatu", None, players=2)
    greedy = {p: GreedyBot(i) for i, p in enumerate(game.players)}
    state = play(game, greedy, seed=seed, max_actions=actions).final
    player = first_to_act(game, state)
    assert player is not None
    view, rng = game.view(state, player), random.Random(seed)
    keys: dict[tuple[str, State], set[Hashable]] = {}
    seen: dict[tuple[str, Hashable], set[State]] = {}
    for _ in range(20):
        world = game.determinize(view, player, rng)
        for action in game.legal_actions(world, player):
            after = game.apply(world, action)
            key, told = game.drawn(world, after, player), game.view(after, player)
            keys.setdefault((str(action), told), set()).add(key)
            seen.setdefault((str(action), key), set()).add(told)
    assert all(len(found) == 1 for found in keys.values())
    assert all(len(found) == 1 for found in seen.values())
    worlds_shared = len(keys) < 20 * len(game.legal_actions(state, player))
    assert worlds_shared, "the worlds differ in what the player cannot see, and share keys"
