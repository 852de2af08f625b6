"""Ambush: a hidden-strength skirmish on a 5x5 board, the example game of docs/new-game.md.

Each side has five units on its home rank, strengths 1 to 5 dealt at random and known only
to their owner. A turn moves one unit one square, forward, back or sideways. A unit moving
onto an enemy attacks it: both strengths are shown, the stronger unit survives (an attacker
that wins takes the square) and stays known, the weaker is removed, and equal units remove
each other. A side whose units are all gone loses; after ``turn_limit`` moves the game is a
draw.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

import numpy
from attrs import field, frozen
from numpy.typing import NDArray

from wargames.core.board import Square, SquareBoard
from wargames.core.errors import InvalidAction
from wargames.core.events import Event
from wargames.core.game import Action, Game, Outcome, State
from wargames.core.hidden import is_hidden, secret
from wargames.core.history import History
from wargames.core.rng import Rng, Seed

__all__ = ["Ambush", "AmbushState", "Clash", "Move", "Moved", "Unit"]

PLAYERS = ("south", "north")
"""South moves first."""
STRENGTHS = (1, 2, 3, 4, 5)
SIZE = 5


def _owner_or_shown(unit: Unit, player: str) -> bool:
    return player == unit.owner or unit.shown


@frozen
class Unit:
    """A unit: ``id`` (``s1``...``n5``, after its owner and starting file), where it stands,
    and its ``strength``, a secret of its owner's until a clash shows it (``shown``)."""

    id: str
    owner: str
    square: Square
    strength: int = secret(_owner_or_shown)
    shown: bool = False


@frozen
class Move(Action):
    """Move the unit on ``origin`` to the square next to it, ``target``; written ``b1-b2``."""

    origin: Square
    target: Square

    def __str__(self) -> str:
        return f"{self.origin}-{self.target}"


@frozen
class Moved(Event):
    """``player`` moved from ``origin`` to ``target`` (everybody sees every move)."""

    player: str
    origin: Square
    target: Square


@frozen
class Clash(Event):
    """Unit ``attacker`` attacked unit ``defender``: both strengths are shown to both sides."""

    attacker: str
    defender: str
    attack: int
    defence: int


@frozen(kw_only=True)
class AmbushState(State):
    """The units still on the board, whose move it is, how many moves were made, the end."""

    units: tuple[Unit, ...]
    to_move: str = PLAYERS[0]
    moves: int = 0
    result: Outcome | None = None


def _turn_limit(_: object, __: object, value: int) -> None:
    if not isinstance(value, int) or value < 1:
        raise ValueError(f"turn_limit must be a whole number >= 1, got {value!r}")


@frozen
class AmbushOptions:
    """``turn_limit``: the moves (both sides' together) after which the game is drawn."""

    turn_limit: int = field(default=40, validator=_turn_limit)


class Ambush(Game[AmbushState, Move]):
    """The rules of Ambush (this module's docstring)."""

    name = "ambush"
    Options = AmbushOptions
    state_type = AmbushState
    action_types = (Move,)
    event_types = (Moved, Clash)
    board = SquareBoard(SIZE, SIZE)

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    @property
    def turn_limit(self) -> int:
        """The option of that name."""
        limit: int = self.options.turn_limit
        return limit

    def start(self, seed: Seed | None = None, **setup: Any) -> AmbushState:
        """Both sides on their home rank (south on rank 1, north on rank 5), strengths
        dealt from the state's own chance stream."""
        self.read_setup(setup)  # Ambush declares no set-up keywords: any is refused
        rng = Rng.from_seed(seed)
        units: list[Unit] = []
        for player, rank in zip(PLAYERS, (0, SIZE - 1), strict=True):
            strengths, rng = rng.shuffled(STRENGTHS)
            units += _home_rank(player, rank, strengths)
        return AmbushState(rng=rng, units=tuple(units))

    def to_act(self, state: AmbushState) -> frozenset[str]:
        return frozenset() if state.result else frozenset({state.to_move})

    def legal_actions(self, state: AmbushState, player: str) -> tuple[Move, ...]:
        if state.result or player != state.to_move:
            return ()
        own = {u.square for u in state.units if u.owner == player}
        return tuple(
            Move(player, unit.square, target)
            for unit in state.units
            if unit.owner == player
            for target in self.board.orthogonal(unit.square)
            if target not in own
        )

    def outcome(self, state: AmbushState) -> Outcome | None:
        return state.result

    def apply_unchecked(self, state: AmbushState, action: Move) -> AmbushState:
        mover = next(u for u in state.units if u.square == action.origin)
        enemy = next((u for u in state.units if u.square == action.target), None)
        log = state.log.with_event(Moved(action.player, action.origin, action.target))
        units = [u for u in state.units if u not in (mover, enemy)]
        if enemy is None:
            units.append(Unit(mover.id, mover.owner, action.target, mover.strength, mover.shown))
        else:
            log = log.with_event(Clash(mover.id, enemy.id, mover.strength, enemy.strength))
            if mover.strength > enemy.strength:
                units.append(Unit(mover.id, mover.owner, action.target, mover.strength, True))
            elif enemy.strength > mover.strength:
                units.append(Unit(enemy.id, enemy.owner, enemy.square, enemy.strength, True))
        moves = state.moves + 1
        return state.with_changes(
            units=tuple(sorted(units, key=lambda u: u.id)),
            to_move=self.opponent(action.player),
            moves=moves,
            log=log,
            result=self._result(units, moves),
        )

    def _result(self, units: list[Unit], moves: int) -> Outcome | None:
        standing = {u.owner for u in units}
        if not standing:
            return Outcome(frozenset(), "both sides destroyed")
        if len(standing) == 1:
            return Outcome(standing, "the enemy destroyed")
        if moves >= self.turn_limit:
            return Outcome(frozenset(), f"the turn limit of {self.turn_limit} moves")
        return None

    def read_action(self, state: AmbushState, text: str, player: str | None) -> Move:
        origin, _, target = text.strip().partition("-")
        try:
            squares = self.board.parse(origin), self.board.parse(target)
        except ValueError as error:
            raise InvalidAction(f"not a move (like b1-b2): {text!r}: {error}") from None
        if player is None:
            if len(self.to_act(state)) != 1:
                raise InvalidAction("nobody is to move: name the player")
            (player,) = self.to_act(state)
        return Move(player, *squares)

    def sample_history(self, view: AmbushState, player: str, rng: random.Random) -> History:
        """A start whose unknown enemy strengths are dealt at random from those no clash
        has shown, and every move as played: clashes involve only shown strengths, so the
        replay shows ``player`` what they saw."""
        known = {u.id: u.strength for u in view.units if not is_hidden(u.strength)}
        moves: list[Move] = []
        for event in view.log:
            if isinstance(event, Clash):
                known.update({event.attacker: event.attack, event.defender: event.defence})
            elif isinstance(event, Moved):
                moves.append(Move(event.player, event.origin, event.target))
        units: list[Unit] = []
        for side, rank in zip(PLAYERS, (0, SIZE - 1), strict=True):
            ids = [f"{side[0]}{file + 1}" for file in range(SIZE)]
            left = [s for s in STRENGTHS if s not in {known[i] for i in ids if i in known}]
            rng.shuffle(left)
            dealt = iter(left)
            strengths = [known[i] if i in known else next(dealt) for i in ids]
            units += _home_rank(side, rank, strengths)
        start = AmbushState(rng=self.fresh_rng(rng), units=tuple(units))
        return History(start, moves)

    def violations(self, state: AmbushState) -> Iterable[str]:
        yield from super().violations(state)
        squares = [u.square for u in state.units]
        if len(set(squares)) != len(squares):
            yield "two units share a square"
        if any(s not in self.board for s in squares):
            yield "a unit is off the board"
        if any(not is_hidden(u.strength) and u.strength not in STRENGTHS for u in state.units):
            yield "a strength is not 1 to 5"

    def describe(self, state: AmbushState, player: str | None = None) -> str:
        """The board, rank 5 at the top: ``S3`` a south unit of strength 3, ``n?`` a north
        unit whose strength ``player`` does not know."""
        shown = state if player is None else self.view(state, player)
        cells = {u.square: _cell(u) for u in shown.units}
        rows = [
            f"{y + 1} " + " ".join(cells.get(Square(x, y), " .") for x in range(SIZE))
            for y in reversed(range(SIZE))
        ]
        over = shown.result or f"{shown.to_move} to move"
        files = "   " + "  ".join("abcde"[:SIZE])
        return "\n".join([f"Ambush, move {shown.moves} of {self.turn_limit}: {over}", *rows, files])

    @property
    def max_game_length(self) -> int:
        return self.turn_limit

    def every_action(self, player: str) -> Iterator[Move]:
        for square in self.board.nodes:
            for target in self.board.orthogonal(square):
                yield Move(player, square, target)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (3, SIZE, SIZE)

    def encode_view(self, view: AmbushState, player: str) -> NDArray[numpy.float32]:
        """Planes: own units' strength / 5, enemy units, enemy strengths shown / 5."""
        planes = numpy.zeros(self.observation_shape, dtype=numpy.float32)
        for unit in view.units:
            x, y = unit.square.x, unit.square.y
            if unit.owner == player:
                planes[0, y, x] = unit.strength / 5
            else:
                planes[1, y, x] = 1
                if not is_hidden(unit.strength):
                    planes[2, y, x] = unit.strength / 5
        return planes


def _home_rank(player: str, rank: int, strengths: Iterable[int]) -> list[Unit]:
    return [
        Unit(f"{player[0]}{x + 1}", player, Square(x, rank), strength)
        for x, strength in enumerate(strengths)
    ]


def _cell(unit: Unit) -> str:
    return f"{unit.owner[0].upper()}{'?' if is_hidden(unit.strength) else unit.strength}"
