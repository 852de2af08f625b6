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
* **explicit chance** where the game lists it (``Game.explicit_chance``): an action whose
  result is chance leads to a chance node whose ``chance_outcomes()`` are the game's exact
  outcomes (``Game.chance_outcomes``, as floats), numbered from 0 in their order, and
  applying one resolves the action as if the stream had drawn it (``Game.apply_chance``);
  in a game whose other chance goes draw by draw (``Game.chance_by_draw``), an action it
  does not list leads to a chain of chance nodes, one per draw of the stream
  (``Game.drawing``), its ``n`` outcomes each ``1/n``;
  ``max_chance_outcomes`` is the game's bound.  With the parameter ``sampled_chance=true``,
  or for a game without explicit chance, **chance is sampled**: drawn inside the move from
  the stream in the state (``max_chance_outcomes`` 0).  The start (the deal, the set-up) is
  always sampled, from the ``seed``;
* **simultaneous** where the game is (``Game.simultaneous``: SAW's plots): every player moves
  at every node, and a player who is not to act has one legal action, ``wait`` (the last
  index); or, with the parameter ``turn_based=true``, **sequential**: the players who plot
  together plot one after the other in seating order, each plot hidden from the others' views
  and information states until the plots are revealed together, as in the rules (the form
  OpenSpiel's IS-MCTS plays, which needs a player to act at every node);
* zero-sum for two players (1 a win, -1 a loss, 0 a draw), general-sum for more; rewards at
  the end.

Parameters: ``variant`` (a number for a game whose variants are numbered, 0 for the base
game: a game string reads ``variant=1`` as a number), ``seed`` (``-1``, the default: every
game has secret chance; else every game starts from that seed), ``turn_based``
(simultaneous games), ``sampled_chance`` (games with explicit chance), every option whose
default is a number, text or boolean, and every optional number or text whose default is
``None`` (the table's value: Sabatu's ``turn_limit``, Sabotage's ``quiet_turn_limit``), given
as ``-1`` or ``""`` for that default (OpenSpiel's parameters have no null and no lists: for
other options, load the game with ``wargames.load`` and adapt it yourself).
``state.clone()`` costs nothing: wargames states are immutable, so a clone shares its state.
``resample_from_infostate`` is ``game.sample_state``, for IS-MCTS.
"""

from __future__ import annotations

import math
import random
from typing import Any, Final

import attrs

from wargames.core.chance import Chance, Drawn
from wargames.core.distribution import Distribution
from wargames.core.game import Action, Game, State
from wargames.core.registry import available, games, load, variants
from wargames.core.serialize import dumps
from wargames.envs import needs

with needs("openspiel"):
    import pyspiel

__all__ = ["register", "short_name"]

_SECRET = -1
"""The ``seed`` parameter that means: secret chance, fresh for every game."""
_SCALARS = (bool, int, float, str)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
"""OpenSpiel's chance player as a plain ``int`` (asked for at every step)."""


def short_name(name: str) -> str:
    """The OpenSpiel name of the wargames game ``name``."""
    return f"wargames_{name}"


_UNSET: dict[str, Any] = {"int | None": -1, "str | None": ""}
"""What stands for ``None`` (the option's default: the table's or scenario's value) in an
optional number or text: OpenSpiel's parameters have no null."""


def _parameters(game: Game[Any, Any]) -> dict[str, Any]:
    """The parameters OpenSpiel may set: variant, seed, and the options it can express."""
    defaults = game.Options()
    scalars = {
        a.name: getattr(defaults, a.name)
        for a in attrs.fields(game.Options)
        if isinstance(getattr(defaults, a.name), _SCALARS)
    }
    optional = {
        a.name: _UNSET[a.type]
        for a in attrs.fields(game.Options)
        if getattr(defaults, a.name) is None and a.type in _UNSET
    }
    scalars |= optional
    turns = {"turn_based": False} if game.simultaneous else {}
    chance = {"sampled_chance": False} if game.explicit_chance else {}
    codes = variants(games()[game.name])
    numbered = bool(codes) and all(code.isdigit() for code in codes)
    variant = int(game.variant or 0) if numbered else game.variant
    return {"variant": variant, "seed": _SECRET, **turns, **chance, **scalars}


def _variant_code(variant: str | int) -> str:
    """The wargames variant code of the ``variant`` parameter: a game whose variants are
    numbered (Sabatu's 1 to 3) takes a number, 0 for the base game (a game string reads
    ``variant=1`` as a number, and OpenSpiel holds a parameter to its default's type)."""
    if isinstance(variant, int):
        return str(variant) if variant else ""
    return variant


def _unset(game: Game[Any, Any], option: str, value: Any) -> bool:
    """Whether ``value`` of ``option`` stands for its default ``None``."""
    field = attrs.fields_dict(game.Options)[option]
    return getattr(game.options, option) is None and _UNSET.get(str(field.type)) == value


def _game_type(
    name: str, game: Game[Any, Any], *, turn_based: bool = False, sampled: bool = False
) -> pyspiel.GameType:
    types = pyspiel.GameType
    players = len(game.players)
    together = game.simultaneous and not turn_based
    explicit = game.explicit_chance and not sampled
    chance = (
        types.ChanceMode.EXPLICIT_STOCHASTIC if explicit else types.ChanceMode.SAMPLED_STOCHASTIC
    )
    return types(
        short_name=short_name(name),
        long_name=f"wargames {name}",
        dynamics=types.Dynamics.SIMULTANEOUS if together else types.Dynamics.SEQUENTIAL,
        chance_mode=chance,
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
        named, seed = given.pop("variant"), given.pop("seed")
        variant = _variant_code(named)
        turn_based = bool(given.pop("turn_based", False))
        sampled = bool(given.pop("sampled_chance", False))
        options = {
            k: v
            for k, v in given.items()
            if getattr(defaults.options, k) != v and not _unset(defaults, k, v)
        }
        self.game: Game[Any, Any] = load(name, variant or None, **options)
        self.seed = None if seed == _SECRET else int(seed)
        together = self.game.simultaneous and not turn_based
        self.wait = self.game.num_distinct_actions if together else None
        self.explicit = self.game.explicit_chance and not sampled
        players = len(self.game.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.game.num_distinct_actions + (self.wait is not None),
            max_chance_outcomes=self.game.max_chance_outcomes if self.explicit else 0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=self.game.max_game_length,
        )
        kind = _game_type(name, self.game, turn_based=turn_based, sampled=sampled)
        chosen = {"variant": named, "seed": seed} | {
            k: True for k, v in (("turn_based", turn_based), ("sampled_chance", sampled)) if v
        }
        self.chosen = chosen | options
        super().__init__(kind, info, self.chosen)
        self._start: State | None = None
        self._observers: dict[bool, Observer] = {}

    def new_initial_state(self) -> WargamesSpielState:
        """A state that starts its game when first read: OpenSpiel makes (and throws away) a
        new initial state for every C++ ``clone`` and tensor-shape query."""
        return WargamesSpielState(self)

    def started(self) -> State:
        """A new game: from ``seed`` if one was given (started once, immutable), else
        with secret chance."""
        if self.seed is None:
            fresh: State = self.game.start(None)
            return fresh
        if self._start is None:
            self._start = self.game.start(self.seed)
        return self._start

    def observer(self, *, perfect_recall: bool) -> Observer:
        """The game's own observer of each kind, made once (what the state's strings and
        tensors read through)."""
        kept = self._observers.get(perfect_recall)
        if kept is None:
            kept = self._observers[perfect_recall] = Observer(
                self.game, perfect_recall=perfect_recall
            )
        return kept

    def __reduce__(self) -> tuple[Any, ...]:
        """Loaded again from its parameters (OpenSpiel's serialization pickles a state and
        the game it holds)."""
        return type(self), (self.chosen,)

    def __deepcopy__(self, memo: dict[int, Any]) -> WargamesSpielGame:
        """The game itself: it never changes (OpenSpiel's clone deep-copies what a state
        holds, the game among them)."""
        return self

    def observation_tensor_shape(self) -> list[int]:
        return list(self.game.observation_shape)

    def observation_tensor_size(self) -> int:
        return math.prod(self.game.observation_shape)

    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observers take no parameters, got {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.game, perfect_recall=recall)


class WargamesSpielState(pyspiel.State):  # type: ignore[misc]
    """A position, held as an immutable wargames state (see the module docs)."""

    def __init__(
        self,
        game: WargamesSpielGame,
        position: State | None = None,
        pending: tuple[Action, ...] = (),
        drawn: Drawn[State] | None = None,
    ) -> None:
        super().__init__(game)
        # What a clone copies: all immutable.  The position is ``None`` until read (a new
        # initial state starts its game then); the player to act is kept with its position.
        # ``pending``: at a chance node, the actions decided and not yet applied, the first
        # one's chance to be drawn (several only where players act together); ``drawn``:
        # where the first stands when its chance goes draw by draw.
        self.wargame = game
        self._position = position
        self._pending = pending
        self._drawn = drawn
        self._acting: tuple[State | None, int] = (None, 0)
        self._ended: tuple[State | None, bool] = (None, False)
        self._found: tuple[tuple[State, Action] | None, Chance[Any] | None] = (None, None)

    @property
    def position(self) -> State:
        """The wargames state (a new initial state starts its game on the first read)."""
        if self._position is None:
            self._position = self.wargame.started()
        return self._position

    @position.setter
    def position(self, position: State) -> None:
        self._position = position

    def observation_tensor(self, player: int | None = None) -> Any:
        """The game's observation tensor of ``player``'s view, read from the state, flat and
        read-only (a numpy array where OpenSpiel's own games give a list)."""
        return self._observed(False, player).flat

    def information_state_tensor(self, player: int | None = None) -> Any:
        """The observation tensor (see the module docs: no perfect-recall tensor)."""
        return self._observed(True, player).flat

    def observation_string(self, player: int | None = None) -> str:
        return self._observed(False, player).text

    def information_state_string(self, player: int | None = None) -> str:
        return self._observed(True, player).text

    def _observed(self, perfect_recall: bool, player: int | None) -> Seen:
        seat = self.current_player() if player is None else player
        if not 0 <= seat < len(self._seats):
            raise ValueError(
                f"player {seat} observes nothing: players are 0 to {len(self._seats) - 1}"
            )
        observer = self.wargame.observer(perfect_recall=perfect_recall)
        return observer.seen(self.position, seat)

    @property
    def _seats(self) -> tuple[str, ...]:
        return self.wargame.game.players

    def __deepcopy__(self, memo: dict[int, Any]) -> WargamesSpielState:
        """A clone shares the immutable position: it costs one small object."""
        return WargamesSpielState(self.wargame, self._position, self._pending, self._drawn)

    def current_player(self) -> int:
        """The player to act (OpenSpiel asks several times a step: kept per position), or
        chance while an action's chance is pending."""
        if self._pending:
            return _CHANCE
        kept, player = self._acting
        if kept is not None and kept is self._position:
            return player
        position = self.position
        player = self._player_to_act(position)
        self._acting = (position, player)
        return player

    def _player_to_act(self, position: State) -> int:
        acting = self.wargame.game.to_act(position)
        if not acting:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.wargame.wait is not None:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return self._seats.index(next(p for p in self._seats if p in acting))

    def _decisions(self, player: int) -> list[int]:
        game = self.wargame.game
        seat = self._seats[player]
        if seat not in game.to_act(self.position):
            return [] if self.wargame.wait is None else [self.wargame.wait]
        return sorted(game.action_codec.indices(game.legal_actions(self.position, seat)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The pending action's outcomes, numbered in the game's order (a draw's results in
        order), with their exact probabilities as floats."""
        odds = self._chance_odds()
        return [(i, float(p)) for i, (_, p) in enumerate(odds.items())]

    def _chance_odds(self) -> Distribution[Any]:
        return self._chance().odds if self._drawn is None else self._drawn.odds

    def _chance(self) -> Chance[Any]:
        """The pending action's exact chance (kept with the node: asked for at every step,
        by ``chance_outcomes`` and again to apply one)."""
        if not self._pending:
            raise ValueError("not a chance node")
        position, action = self.position, self._pending[0]
        kept, found = self._found
        if found is None or kept is None or kept[0] is not position or kept[1] is not action:
            found = self.wargame.game.chance(position, action)
            assert found is not None  # pending only when the action has chance
            self._found = ((position, action), found)
        return found

    def _legal_actions(self, player: int) -> list[int]:
        if player == pyspiel.PlayerId.CHANCE:
            return [i for i, _ in self.chance_outcomes()]
        return [] if self._pending else self._decisions(player)

    def _apply_action(self, action: int) -> None:
        if self._pending and self._drawn is not None:
            self._draw(action, self._drawn)
            return
        if self._pending:
            found = self._chance()
            if not 0 <= action < len(found):
                raise ValueError(f"chance outcome {action} of {len(found)}")
            game = self.wargame.game
            first, *rest = self._pending  # checked legal when it was decided
            outcome = found.odds.outcomes[action]
            position = game.apply_chance_unchecked(self.position, first, outcome, found)
            self._settle(position, rest)
            return
        seat = self._seats[self.current_player()]
        self._settle(self.position, [self._decoded(self.position, seat, action)])

    def _draw(self, result: int, drawn: Drawn[State]) -> None:
        """The pending action's next draw comes out as ``result``."""
        if not 0 <= result < drawn.size:
            raise ValueError(f"chance outcome {result} of {drawn.size}")
        first, *rest = self._pending
        drawn = self.wargame.game.drawing_unchecked(self.position, first, (*drawn.draws, result))
        if drawn.state is None:
            self._drawn = drawn
        else:
            self._settle(drawn.state, rest)

    def _apply_actions(self, actions: list[int]) -> None:
        position = self.position
        acting = self.wargame.game.to_act(position)
        decided = [
            self._decoded(position, seat, action)
            for seat, action in zip(self._seats, actions, strict=True)
            if action != self.wargame.wait and seat in acting
        ]
        self._settle(position, decided)

    def _settle(self, position: State, actions: list[Action]) -> None:
        """Apply ``actions`` in order from ``position`` until one sets off explicit chance:
        it and those after it wait at a chance node (its chance listed whole, or its first
        draw)."""
        game: Game[Any, Any] = self.wargame.game
        explicit, by_draw = self.wargame.explicit, game.chance_by_draw
        self._drawn = None
        for i, action in enumerate(actions):
            game.check(position, action)
            found = game.chance(position, action) if explicit else None
            if found is not None:
                self.position, self._pending = position, tuple(actions[i:])
                self._found = ((position, action), found)
                return
            if not (explicit and by_draw):
                position = game.apply_unchecked(position, action)
                continue
            drawn = game.drawing_unchecked(position, action)
            if drawn.state is None:
                self.position, self._pending, self._drawn = position, tuple(actions[i:]), drawn
                return
            position = drawn.state
        self.position, self._pending = position, ()

    def _decoded(self, position: State, seat: str, index: int) -> Action:
        action: Action = self.wargame.game.action_from_index(position, seat, index)
        return action

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE and self._drawn is not None:
            return f"{self._pending[0]}: draw {action} of {self._drawn.size}"
        if player == pyspiel.PlayerId.CHANCE:
            return f"{self._pending[0]}: {self._chance_odds().outcomes[action]}"
        if action == self.wargame.wait:
            return "wait"
        seat = self._seats[player] if player >= 0 else self._seats[0]
        return str(self.wargame.game.action_from_index(self.position, seat, action))

    def is_terminal(self) -> bool:
        """Whether the game is over (OpenSpiel and its loops ask several times a step: kept
        per position)."""
        kept, over = self._ended
        if kept is not self._position or kept is None:
            position = self.position
            over = self.wargame.game.outcome(position) is not None
            self._ended = (position, over)
        return over

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


class Seen:
    """What one seat observes of one position: each part computed when first asked for
    (plain attributes: Python 3.11's ``cached_property`` takes a lock at every read)."""

    __slots__ = ("_flat", "_tensor", "_text", "observer", "position", "seat")

    def __init__(self, observer: Observer, position: State, seat: str) -> None:
        self.observer = observer
        self.position = position
        self.seat = seat
        self._tensor: Any = None
        self._flat: Any = None
        self._text: str | None = None

    @property
    def tensor(self) -> Any:
        """The game's observation tensor of the seat's view, read from the state itself."""
        if self._tensor is None:
            self._tensor = self.observer.game.observation_tensor(self.position, self.seat)
        return self._tensor

    @property
    def flat(self) -> Any:
        """:attr:`tensor` flat and read-only, as ``observation_tensor`` gives it."""
        if self._flat is None:
            values = self.tensor.ravel()
            values.flags.writeable = False
            self._flat = values
        return self._flat

    @property
    def text(self) -> str:
        """The view as JSON with its whole log (perfect recall), or as the seat's board."""
        if self._text is None:
            game = self.observer.game
            if self.observer.perfect_recall:
                self._text = dumps(game, game.view(self.position, self.seat))
            else:
                self._text = game.describe(self.position, self.seat)
        return self._text


class Observer:
    """OpenSpiel's observer: a seat's tensor, and its view as text (JSON with the whole log
    for an information state, the board for an observation).  It keeps each seat's last
    observation: asking again of the same (immutable) position computes nothing."""

    def __init__(self, game: Game[Any, Any], *, perfect_recall: bool) -> None:
        import numpy

        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor = numpy.zeros(int(numpy.prod(game.observation_shape)), numpy.float32)
        self.dict = {"observation": self.tensor.reshape(game.observation_shape)}
        self._last: dict[int, Seen] = {}

    def seen(self, position: State, player: int) -> Seen:
        """What ``player`` observes of ``position`` (kept until the seat's next position)."""
        kept = self._last.get(player)
        if kept is None or kept.position is not position:
            kept = self._last[player] = Seen(self, position, self.game.players[player])
        return kept

    def set_from(self, state: WargamesSpielState, player: int) -> None:
        self.dict["observation"][...] = self.seen(state.position, player).tensor

    def string_from(self, state: WargamesSpielState, player: int) -> str:
        return self.seen(state.position, player).text


_REGISTERED: dict[str, type[WargamesSpielGame]] = {}
"""The classes registered with OpenSpiel, by game name (kept for the life of the process)."""


def register(names: list[str] | None = None) -> None:
    """Register ``names`` (every registered wargames game by default) with OpenSpiel, as
    ``wargames_<name>``; registering again is harmless."""
    for name in names or available():
        if name in _REGISTERED or short_name(name) in pyspiel.registered_names():
            continue
        game_class = type(f"Wargames_{name}", (WargamesSpielGame,), {"name": name})
        globals()[game_class.__name__] = game_class  # where pickle finds it (serialization)
        _REGISTERED[name] = game_class
        pyspiel.register_game(_game_type(name, load(name)), game_class)
