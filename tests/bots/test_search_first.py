"""MCTS opens first the actions a game names (``Game.search_first``), ahead of its prior's
order: an answer the one-step prior ranks low is searched, and can be chosen."""

import random
from collections.abc import Sequence
from typing import Any

import pytest
from attrs import frozen
from benchmarks.search_luck import WatchedMcts

import wargames
from wargames import Outcome, State
from wargames.core.game import Action, Game
from wargames.core.rng import Rng, Seed


@frozen
class _Step(Action):
    name: str


@frozen(kw_only=True)
class _Path(State):
    taken: tuple[str, ...] = ()


class _Detour(Game[_Path, _Step]):
    """One player, two choices in a row.  First ``plain`` (worth 0.5), ``poor`` (0.3) or
    ``detour`` (0.45, the second best); then ``on`` or ``off``, where ``detour`` then
    ``on`` is worth 1.0 and every other second step changes nothing."""

    name = "detour"
    state_type = _Path
    action_types = (_Step,)
    FIRST = ("plain", "poor", "detour")

    @property
    def players(self) -> tuple[str, ...]:
        return ("me",)

    def start(self, seed: Seed | None = None, **setup: Any) -> _Path:
        return _Path(rng=Rng.from_seed(seed))

    def to_act(self, state: _Path) -> frozenset[str]:
        return frozenset() if len(state.taken) == 2 else frozenset({"me"})

    def legal_actions(self, state: _Path, player: str) -> tuple[_Step, ...]:
        names = () if len(state.taken) == 2 else ("on", "off") if state.taken else self.FIRST
        return tuple(_Step("me", n) for n in names)

    def outcome(self, state: _Path) -> Outcome | None:
        return Outcome(frozenset(), "over") if len(state.taken) == 2 else None

    def apply_unchecked(self, state: _Path, action: _Step) -> _Path:
        return state.with_changes(taken=(*state.taken, action.name))

    def read_action(self, state: _Path, text: str, player: str | None) -> _Step:
        return _Step("me", text)

    def determinize(self, view: _Path, player: str, rng: random.Random) -> _Path:
        return view.with_changes(rng=self.fresh_rng(rng))

    def evaluate(self, state: _Path, player: str) -> float:
        if state.taken == ("detour", "on"):
            return 1.0
        return {"plain": 0.5, "poor": 0.3, "detour": 0.45}[state.taken[0]] if state.taken else 0.0


class _Answered(_Detour):
    """The same game naming ``detour`` to search first."""

    def search_first(
        self, state: _Path, player: str, actions: Sequence[_Step]
    ) -> tuple[_Step, ...]:
        return tuple(a for a in actions if a.name == "detour")


def _search(game: _Detour, seed: int) -> tuple[set[str], str]:
    """What a narrow search (one action at first, none added) opened at the root, and what
    it chose."""
    bot = WatchedMcts(seed, iterations=60, width=1, widening=0.0)
    chosen = bot.choose(game, game.start(0), "me")
    assert bot.root is not None
    assert isinstance(chosen, _Step)
    return {a.name for a in bot.root.children if isinstance(a, _Step)}, chosen.name


def test_the_search_opens_what_the_game_names_first_and_finds_its_worth() -> None:
    """The prior ranks ``detour`` below ``plain``, so a search one action wide opens only
    ``plain``; named first, ``detour`` is opened beside the prior's best and chosen (worth 1.0 once
    ``on`` follows)."""
    for seed in range(5):
        assert _search(_Detour(), seed) == ({"plain"}, "plain")
        assert _search(_Answered(), seed) == ({"detour", "plain"}, "detour")


def test_by_default_a_game_names_nothing_to_search_first() -> None:
    game = _Detour()
    state = game.start(0)
    assert game.search_first(state, "me", game.legal_actions(state, "me")) == ()


@pytest.mark.parametrize("name", sorted(set(wargames.available()) - {"sabatu"}))
def test_only_sabatu_names_actions_to_search_first(name: str) -> None:
    """Every other game keeps the default, so its search opens actions in its prior's
    order exactly as before."""
    assert type(wargames.load(name)).search_first is Game.search_first
