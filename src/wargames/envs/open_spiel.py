"""Every registered game as an OpenSpiel game: ``register()``, then ``pyspiel.load_game``.

>>> import pyspiel
>>> from wargames.envs import open_spiel
>>> open_spiel.register()
>>> game = pyspiel.load_game("wargames_sabotage(variant=SM)")
>>> state = game.new_initial_state()
>>> state.apply_action(state.legal_actions()[0])

What the :class:`pyspiel.GameType` says, truthfully:

* **imperfect information**; the information-state string is the player's view as a JSON
  document (with its whole event log: perfect recall), the observation string the board as
  the player sees it; both tensors are the game's observation tensor of the view;
* **chance is sampled**: every game draws its chance inside its moves, from the stream in its
  state, so there are no chance nodes to list (``max_chance_outcomes`` 0);
* **simultaneous** where the game is (``Game.simultaneous``: SAW's plots): every player moves
  at every node, and a player who is not to act has one legal action, ``wait`` (the last
  index);
* zero-sum for two players (1 a win, -1 a loss, 0 a draw), general-sum for more; rewards at
  the end.

Parameters: ``variant``, ``seed`` (``-1``, the default: every game has secret chance; else
every game starts from that seed) and every option whose default is a number, text or
boolean (OpenSpiel's parameters have no null and no lists: for other options, load the game
with ``wargames.load`` and adapt it yourself).  ``state.clone()`` costs nothing: wargames
states are immutable, so a clone shares its state.  ``resample_from_infostate`` is
``game.sample_state``, for IS-MCTS.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs

from wargames.core.game import Action, Game, State
from wargames.core.registry import available, load
from wargames.core.serialize import dumps
from wargames.envs import needs

with needs("openspiel"):
    import pyspiel

__all__ = ["register", "short_name"]

_SECRET = -1
"""The ``seed`` parameter that means: secret chance, fresh for every game."""
_SCALARS = (bool, int, float, str)


def short_name(name: str) -> str:
    """The OpenSpiel name of the wargames game ``name``."""
    return f"wargames_{name}"


def _parameters(game: Game[Any, Any]) -> dict[str, Any]:
    """The parameters OpenSpiel may set: variant, seed, and the options it can express."""
    defaults = game.Options()
    scalars = {
        a.name: getattr(defaults, a.name)
        for a in attrs.fields(game.Options)
        if isinstance(getattr(defaults, a.name), _SCALARS)
    }
    return {"variant": game.variant, "seed": _SECRET, **scalars}


def _game_type(name: str, game: Game[Any, Any]) -> pyspiel.GameType:
    types = pyspiel.GameType
    players = len(game.players)
    return types(
        short_name=short_name(name),
        long_name=f"wargames {name}",
        dynamics=types.Dynamics.SIMULTANEOUS if game.simultaneous else types.Dynamics.SEQUENTIAL,
        chance_mode=types.ChanceMode.SAMPLED_STOCHASTIC,
        information=types.Information.IMPERFECT_INFORMATION,
        utility=types.Utility.ZERO_SUM if players == 2 else types.Utility.GENERAL_SUM,
        reward_model=types.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class WargamesSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A wargames game for OpenSpiel (see the module docs); :func:`register` makes one
    subclass per game, naming it in :attr:`name`."""

    name: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.name
        defaults = load(name)
        given = {**_parameters(defaults), **(params or {})}
        variant, seed = given.pop("variant"), given.pop("seed")
        options = {k: v for k, v in given.items() if getattr(defaults.options, k) != v}
        self.game: Game[Any, Any] = load(name, variant or None, **options)
        self.seed = None if seed == _SECRET else int(seed)
        self.wait = self.game.num_distinct_actions if self.game.simultaneous else None
        players = len(self.game.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.game.num_distinct_actions + (self.wait is not None),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=self.game.max_game_length,
        )
        super().__init__(_game_type(name, self.game), info, {"variant": variant, "seed": seed})

    def new_initial_state(self) -> WargamesSpielState:
        return WargamesSpielState(self, self.game.start(self.seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observers take no parameters, got {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.game, perfect_recall=recall)


class WargamesSpielState(pyspiel.State):  # type: ignore[misc]
    """A position, held as an immutable wargames state (see the module docs)."""

    def __init__(self, game: WargamesSpielGame, position: State) -> None:
        super().__init__(game)
        self.position = position  # the only attribute: a clone copies it, and it is immutable

    @property
    def wargame(self) -> WargamesSpielGame:
        return self.get_game()  # type: ignore[no-any-return]

    @property
    def _seats(self) -> tuple[str, ...]:
        return self.wargame.game.players

    def __deepcopy__(self, memo: dict[int, Any]) -> WargamesSpielState:
        """A clone shares the immutable position: it costs one small object."""
        return WargamesSpielState(self.wargame, self.position)

    def current_player(self) -> int:
        game = self.wargame.game
        acting = game.to_act(self.position)
        if not acting:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.wargame.wait is not None:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return self._seats.index(next(p for p in self._seats if p in acting))

    def _legal_actions(self, player: int) -> list[int]:
        game = self.wargame.game
        seat = self._seats[player]
        if seat not in game.to_act(self.position):
            return [] if self.wargame.wait is None else [self.wargame.wait]
        return sorted(game.action_index(a) for a in game.legal_actions(self.position, seat))

    def _apply_action(self, action: int) -> None:
        seat = self._seats[self.current_player()]
        self.position = self._applied(self.position, seat, action)

    def _apply_actions(self, actions: list[int]) -> None:
        position = self.position
        for seat, action in zip(self._seats, actions, strict=True):
            if action != self.wargame.wait and seat in self.wargame.game.to_act(position):
                position = self._applied(position, seat, action)
        self.position = position

    def _applied(self, position: State, seat: str, index: int) -> State:
        game: Game[Any, Any] = self.wargame.game
        action: Action = game.action_from_index(position, seat, index)
        after: State = game.apply(position, action)
        return after

    def _action_to_string(self, player: int, action: int) -> str:
        if action == self.wargame.wait:
            return "wait"
        seat = self._seats[player] if player >= 0 else self._seats[0]
        return str(self.wargame.game.action_from_index(self.position, seat, action))

    def is_terminal(self) -> bool:
        return self.wargame.game.outcome(self.position) is not None

    def returns(self) -> list[float]:
        rewards = self.wargame.game.returns(self.position)
        return [rewards[seat] for seat in self._seats]

    def resample_from_infostate(self, player: int, sampler: Any) -> WargamesSpielState:
        """A state ``player`` cannot tell from this one (``game.sample_state``)."""
        rng = random.Random(int(sampler() * 2**53))
        sample = self.wargame.game.sample_state(self.position, self._seats[player], rng)
        return WargamesSpielState(self.wargame, sample)

    def __str__(self) -> str:
        return self.wargame.game.describe(self.position)


class Observer:
    """OpenSpiel's observer: a seat's tensor, and its view as text (JSON with the whole log
    for an information state, the board for an observation)."""

    def __init__(self, game: Game[Any, Any], *, perfect_recall: bool) -> None:
        import numpy

        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor = numpy.zeros(int(numpy.prod(game.observation_shape)), numpy.float32)
        self.dict = {"observation": self.tensor.reshape(game.observation_shape)}

    def set_from(self, state: WargamesSpielState, player: int) -> None:
        seat = self.game.players[player]
        self.dict["observation"][...] = self.game.observation_tensor(state.position, seat)

    def string_from(self, state: WargamesSpielState, player: int) -> str:
        seat = self.game.players[player]
        if self.perfect_recall:
            return json.dumps(json.loads(dumps(self.game, self.game.view(state.position, seat))))
        return self.game.describe(state.position, seat)


_REGISTERED: dict[str, type[WargamesSpielGame]] = {}
"""The classes registered with OpenSpiel, by game name (kept for the life of the process)."""


def register(names: list[str] | None = None) -> None:
    """Register ``names`` (every registered wargames game by default) with OpenSpiel, as
    ``wargames_<name>``; registering again is harmless."""
    for name in names or available():
        if name in _REGISTERED or short_name(name) in pyspiel.registered_names():
            continue
        game_class = type(f"Wargames_{name}", (WargamesSpielGame,), {"name": name})
        _REGISTERED[name] = game_class
        pyspiel.register_game(_game_type(name, load(name)), game_class)
