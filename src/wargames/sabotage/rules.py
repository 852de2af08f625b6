"""The rules of Sabotage (rule text: seeds/003), section by section.

* Object of the Game — :meth:`Sabotage._move` (Headquarters captured),
  :meth:`Sabotage._all_captured` (every movable piece captured) and :meth:`Sabotage._end_turn`
  (no legal move: :meth:`Sabotage._immobilised`; the no-capture draw, "Draw Situation in
  Sabotage").
* Moving — :meth:`Sabotage._moves` and :meth:`Sabotage._move_problem`: one square
  vertically or horizontally onto an empty or enemy square, N pieces a turn, no moving back to
  the square left in the previous turn, Headquarters and Atomic Landmines never move,
  volcanoes are barriers.
* Battles — :func:`wargames.sabotage.pieces.attacker_wins`.
* Hidden Identity — Recons expose the eight squares around them (:meth:`Sabotage._reveal`);
  the rule itself is declared on :class:`~wargames.sabotage.state.Piece`.
* Set-up — :class:`~wargames.sabotage.state.Deploy` actions fill the zone in a fixed order;
  ``start(deploy=True)`` deploys both armies at random from the seed.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
import re
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import attrs
from attrs import frozen

from wargames.core.board import Square
from wargames.core.changes import builder
from wargames.core.errors import InvalidAction, excerpt
from wargames.core.game import ArmySetup, Game, Outcome
from wargames.core.hidden import HIDDEN, is_hidden, redact
from wargames.core.history import History
from wargames.core.options import custom, flag, number
from wargames.core.phases import Clock
from wargames.core.rng import Rng, Seed
from wargames.core.words import listed, side
from wargames.render.svg import Token, player_colours
from wargames.render.text import render_squares
from wargames.sabotage import evaluation, invariants, learning, words
from wargames.sabotage.history import BELIEFS, Beliefs, Past, read_past, sample_history
from wargames.sabotage.layout import Layout, load_layouts
from wargames.sabotage.pieces import IMMOVABLE, Kind, attacker_wins, battle
from wargames.sabotage.state import (
    ALL_TAKEN,
    HEADQUARTERS_TAKEN,
    NO_SQUARE,
    PLAYERS,
    TURNS,
    AcceptDraw,
    Battle,
    DeclineDraw,
    Deploy,
    Deployed,
    DrawAnswered,
    DrawOffer,
    DrawOffered,
    Move,
    Moved,
    OfferDraw,
    Piece,
    Revealed,
    SabotageAction,
    SabotageState,
    SetUpDrawn,
)

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

__all__ = ["PLAYERS", "TURNS", "Sabotage", "SabotageOptions"]

LAYOUTS = load_layouts()
RECON = Kind.RECON
DRAW_ANSWERS = (AcceptDraw, DeclineDraw)
SEATS = {player: seat for seat, player in enumerate(PLAYERS)}
_build_state = builder(SabotageState)
_build_piece = builder(Piece)
_build_moved = builder(Moved)

Steps = tuple[tuple[int, Move], ...]
"""A cell's steps: each cell a step away (no volcano) with its prebuilt move."""

Standing = tuple[tuple[tuple[int, ...], int], ...]
"""By seat, where the player's pieces stand: the cells of those that may move, in board
order, and the cells of all of them as bits (:meth:`Sabotage._standing`)."""


_PASTS_KEPT = 16
"""How many views' readings :meth:`Sabotage.sample_history` keeps (a library bound)."""

_MOST_ENTRIES = 64
"""The most kinds in ``army`` or squares in ``volcanoes`` (a library bound)."""


def _army_option(value: Any) -> tuple[tuple[str, int], ...] | None:
    if value is None:
        return None
    items = list(value.items() if isinstance(value, Mapping) else value)
    if len(items) > _MOST_ENTRIES:
        raise ValueError(f"army: at most {_MOST_ENTRIES} kinds, got {len(items)}")
    army = []
    for item in items:
        name, count = item if isinstance(item, list | tuple) and len(item) == 2 else (None, None)
        if not isinstance(name, str) or isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"army: a kind's name and a whole count, got {item!r}")
        if not 0 <= count <= _MOST_ENTRIES:
            raise ValueError(f"army: {count} {name} is not from 0 to {_MOST_ENTRIES}")
        army.append((name, count))
    return tuple(sorted(army))


def _squares_option(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    squares = list(value)
    if len(squares) > _MOST_ENTRIES or not all(isinstance(s, str) for s in squares):
        raise ValueError(
            f"volcanoes: at most {_MOST_ENTRIES} squares as text, got {excerpt(value)}"
        )
    return tuple(squares)


def _beliefs_option(value: Any) -> tuple[tuple[str, float], ...] | None:
    if value is None:
        return None
    items = list(value.items() if isinstance(value, Mapping) else value)
    names = {f.name for f in attrs.fields(Beliefs)}
    beliefs = []
    for item in items:
        name, number = item if isinstance(item, list | tuple) and len(item) == 2 else (None, None)
        if (
            not isinstance(name, str)
            or name not in names
            or isinstance(number, bool)
            or not isinstance(number, int | float)
        ):
            raise ValueError(
                f"beliefs: a number for one of {', '.join(sorted(names))}, got {excerpt(item)}"
            )
        beliefs.append((str(name), float(number)))
    return tuple(sorted(beliefs))


@frozen
class SabotageOptions:
    """Options of every Sabotage variant; ``None`` keeps the variant's own value.

    ``army`` maps kind names (``"general_5"``) or symbols (``"5"``) to counts; ``volcanoes``
    lists squares (``["c5", "d5"]``); ``draw_offers=False`` removes the draw-offer actions;
    ``beliefs`` replaces some of the weights the bots' worlds draw with
    (:class:`~wargames.sabotage.history.Beliefs`: ``{"stay": 1, "headquarters": 0}`` draws by
    the rules alone).
    """

    moves_per_turn: int | None = number(None, low=1, high=10, optional=True)
    quiet_turn_limit: int | None = number(None, low=1, high=10_000, optional=True)
    army: tuple[tuple[str, int], ...] | None = custom(
        None,
        converter=_army_option,
        what="counts by kind name or symbol (None: the variant's)",
        examples=(
            None,
            {"headquarters": 1, "saboteur": 1},
            {"headquarters": 1, "landmine": 3},
            {"H": 1, "M": 1, "5": 1, "4": 1, "3": 1, "2": 1, "1": 1, "R": 1, "S": 1},
        ),
    )
    volcanoes: tuple[str, ...] | None = custom(
        None,
        converter=_squares_option,
        what="squares by name, such as c5 (None: the variant's)",
        examples=(None, (), ("c5", "d5")),
    )
    draw_offers: bool = flag(True)
    beliefs: tuple[tuple[str, float], ...] | None = custom(
        None,
        converter=_beliefs_option,
        what="weights by name, stay and headquarters (None: the library's)",
        examples=(None, {"stay": 1.0, "headquarters": 0.0}, {"stay": 0.5}, {"headquarters": 20}),
    )


class Sabotage(Game[SabotageState, SabotageAction]):
    """Regular Sabotage (SG); the variants are subclasses that change only their data."""

    name = "sabotage"
    variant: ClassVar[str] = "SG"
    Options = SabotageOptions
    Setup = ArmySetup
    state_type = SabotageState
    action_types = (Deploy, Move, OfferDraw, AcceptDraw, DeclineDraw)
    event_types = (SetUpDrawn, Deployed, Moved, Battle, Revealed, DrawOffered, DrawAnswered)
    reported_events = (Battle, Revealed, DrawOffered, DrawAnswered)
    negotiation_types = (OfferDraw, AcceptDraw, DeclineDraw)
    matchups: ClassVar[Mapping[str, Callable[..., Any]]] = {"battle": battle}
    search_means = True
    """A turn's first move is worth the mean of what the search found after it: the second
    moves are weighed in worlds that differ in the enemy's hidden pieces (a bot setting,
    docs/bots-record.md, fourteenth session)."""
    no_return_turns: ClassVar[int] = 1
    """For how many of its owner's turns a piece may not move back to the square it left:
    1, "A piece may not move back to the space it moved from in the previous turn"."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts: SabotageOptions = self.options
        try:
            self.layout: Layout = LAYOUTS[self.variant].with_overrides(
                moves_per_turn=opts.moves_per_turn,
                quiet_turn_limit=opts.quiet_turn_limit,
                army=opts.army,
                volcanoes=opts.volcanoes,
            )
            self.beliefs: Beliefs = attrs.evolve(BELIEFS, **dict(opts.beliefs or ()))
            """How worlds weigh what the rules do not prove (:class:`~wargames.sabotage.
            history.Beliefs`), the library's unless the ``beliefs`` option replaces some."""
        except ValueError as error:
            from wargames.core.errors import UnknownOption

            raise UnknownOption(f"{type(self).__name__}: {error}") from error
        board = self.layout.board()
        self.board = board
        self.title = self.layout.title
        self.army: dict[Kind, int] = dict(self.layout.army)
        size = len(board)
        self._volcano = frozenset(board.index(s) for s in board if board.terrain(s) == "volcano")
        self._around = tuple(
            tuple(board.index(t) for t in board.surrounding(board.node(i))) for i in range(size)
        )
        # Prebuilt Move values: legal-move generation only looks them up.
        self._steps = tuple(
            {
                player: tuple(
                    (board.index(t), Move(player, board.node(i), t))
                    for t in board.orthogonal(board.node(i))
                    if board.index(t) not in self._volcano
                )
                for player in PLAYERS
            }
            for i in range(size)
        )
        self._steps_of = {
            player: tuple(self._steps[i][player] for i in range(size)) for player in PLAYERS
        }
        # Each cell's steps as bits, and the moves its steps leave open by which of them the
        # mover's own pieces hold: a piece's moves are looked up, not tested step by step.
        self._near = tuple(sum(1 << j for j, _ in self._steps[i][PLAYERS[0]]) for i in range(size))
        self._open = {
            player: tuple(_open_steps(steps) for steps in self._steps_of[player])
            for player in PLAYERS
        }
        # Every step onto a square that is no volcano, by its prebuilt Move: the cells it
        # joins (the checker and ``_move`` look a move up here instead of by its squares).
        self._step_cells: dict[Move, tuple[int, int]] = {
            move: (i, j)
            for i in range(size)
            for player in PLAYERS
            for j, move in self._steps[i][player]
        }
        self._orthogonal = tuple(
            frozenset(board.index(t) for t in board.orthogonal(board.node(i))) for i in range(size)
        )
        self._offers = {player: OfferDraw(player) for player in PLAYERS}
        self._answers = {player: (AcceptDraw(player), DeclineDraw(player)) for player in PLAYERS}
        self._pasts: dict[tuple[str, SabotageState], Past] = {}
        self._zones = tuple(
            tuple(board.index(s) for s in self.layout.zone(p, board)) for p in range(2)
        )

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    # -- starting ---------------------------------------------------------------------------

    def start(self, seed: Seed | None = None, **setup: Any) -> SabotageState:
        """A new game.  ``deploy=True`` (the default) sets up both armies at random from the
        seed; ``deploy=False`` starts in the set-up phase, where players place their pieces
        with :class:`~wargames.sabotage.state.Deploy` actions.

        :raises UnknownOption: for an unknown set-up keyword or a bad value.
        """
        deploy = self.read_setup(setup).deploy
        state = self._new(Rng.from_seed(seed))
        if not deploy:
            return state
        # The Deploy actions of both zones, applied at once (a test keeps it so).
        rng = state.rng
        orders = []
        for zone in self._zones:
            kinds: list[Kind | None] = [k for k, n in self.layout.army for _ in range(n)]
            kinds += [None] * (len(zone) - len(kinds))
            order, rng = rng.shuffled(kinds)
            orders.append(order)
        return self._dealt(state.with_changes(rng=rng), orders)

    def _new(self, rng: Rng) -> SabotageState:
        """A game in set-up, nothing placed yet, with chance from ``rng``."""
        return SabotageState(
            rng=rng, cells=(None,) * len(self.board), clock=TURNS.start(len(PLAYERS))
        )

    def _dealt(
        self, state: SabotageState, orders: Sequence[Sequence[Kind | None]]
    ) -> SabotageState:
        """``state``, a game in set-up, with each player's zone filled in its order from
        ``orders`` (one sequence per player, ``None`` an empty square) and play begun: the
        random set-up of :meth:`start`, logged as :class:`SetUpDrawn` then one
        :class:`Deployed` a piece, as the same :class:`Deploy` actions would log them."""
        cells = list(state.cells)
        events: list[Any] = [SetUpDrawn()]
        for p, order in enumerate(orders):
            for n, (index, kind) in enumerate(zip(self._zones[p], order, strict=True)):
                if kind is not None:
                    self._place(cells, events, p, n, index, kind)
        clock = state.clock
        while TURNS.in_setup(clock):
            clock = TURNS.advance(clock)
        state = state.with_changes(
            cells=tuple(cells), log=state.log.with_events(events), clock=clock, deployed=0
        )
        return self._begin_play(state)

    def position(
        self,
        pieces: Mapping[str, str],
        *,
        to_move: str = "green",
        turn: int = 1,
        revealed: tuple[str, ...] = (),
        seed: Seed = 0,
    ) -> SabotageState:
        """A position in play, for studies and tests: ``{"b2": "g5", "c3": "rM"}`` puts a green
        5-star General on b2 and a red landmine on c3 (owner initial, then symbol as drawn by
        :meth:`describe`).  Squares in ``revealed`` hold pieces the opponent has identified;
        Recons next to enemy pieces expose them as in play.

        :raises ValueError: for an unknown square, owner or symbol, or a piece on a volcano.
        """
        self.check_player(to_move)
        owners = {player[0]: player for player in PLAYERS}
        cells: list[Piece | None] = [None] * len(self.board)
        for name, code in sorted(pieces.items(), key=lambda item: self._square(item[0])):
            square = self._square(name)
            index = self.board.index(square)
            if index in self._volcano or code[:1] not in owners:
                raise ValueError(f"cannot put {code!r} on {name}")
            owner = owners[code[0]]
            cells[index] = Piece(
                index + 1000 * PLAYERS.index(owner),
                owner,
                Kind.from_symbol(code[1:]),
                revealed=name in revealed,
            )
        clock = TURNS.start(len(PLAYERS))
        while TURNS.in_setup(clock) or clock.turn < turn or TURNS.actor(clock, PLAYERS) != to_move:
            clock = TURNS.advance(clock)
        state = SabotageState(rng=Rng.from_seed(seed), cells=tuple(cells), clock=clock)
        return self._begin_play(state)

    # -- whose turn ---------------------------------------------------------------------------

    def to_act(self, state: SabotageState) -> frozenset[str]:
        if state.result is not None:
            return frozenset()
        if state.offer is not None and state.offer.pending:
            return frozenset((self.opponent(state.offer.player),))
        return TURNS.actors(state.clock, PLAYERS)

    def outcome(self, state: SabotageState) -> Outcome | None:
        return state.result

    def violations(self, state: SabotageState) -> Iterable[str]:
        yield from super().violations(state)
        if isinstance(state, SabotageState):
            yield from TURNS.clock_problems(state.clock, len(PLAYERS))
            yield from invariants.violations(self, state)

    def in_setup(self, state: SabotageState) -> bool:
        """Whether the players are still setting up."""
        return TURNS.in_setup(state.clock)

    # -- legal actions ------------------------------------------------------------------------

    def legal_actions(self, state: SabotageState, player: str) -> tuple[SabotageAction, ...]:
        self.check_player(player)
        if player not in self.to_act(state):
            return ()
        offer = state.offer
        if offer is not None and offer.pending:
            return self._answers[player]
        if TURNS.in_setup(state.clock):
            return self._deployments(state, player)
        moves = self._moves_at(state, player)
        if self._may_offer_draw(state, player):
            return (*moves, self._offers[player])
        return moves

    def _moves_at(self, state: SabotageState, player: str) -> tuple[SabotageAction, ...]:
        """The moves of ``player``, the player to move: the state's cache when the step that
        made it worked them out (:meth:`_move`), else worked out now."""
        moves = state._next_moves
        if moves is None:
            standing = self._standing(state)[SEATS[player]]
            moves = self._moves(state.cells, player, state.moved, state.clock.turn, *standing)
            object.__setattr__(state, "_next_moves", moves)
        return moves

    def _moves(
        self,
        cells: Sequence[Piece | None],
        player: str,
        moved: tuple[int, ...],
        turn: int,
        movers: Iterable[int],
        occupied: int,
    ) -> tuple[SabotageAction, ...]:
        """Every legal move of ``player``'s pieces not yet moved this turn, in board order.
        ``movers`` are the cells of the player's pieces that may move, in board order, and
        ``occupied`` the cells of all their pieces as bits (:meth:`_standing`).

        The same rules as :meth:`_move_problem`, written for speed: a piece has the steps its
        own pieces leave open, looked up by which of its neighbours they hold, and one that
        moved in the previous turn finds the square it left closed too.  A property test
        keeps the two in agreement.
        """
        open_steps = self._open[player]
        near = self._near
        since = turn - self.no_return_turns
        found: list[SabotageAction] = []
        for i in movers:
            piece: Piece = cells[i]  # type: ignore[assignment]  # one of the player's
            if piece.left_turn < since or piece.left == NO_SQUARE:
                found += open_steps[i][occupied & near[i]]
            elif piece.id not in moved:
                found += open_steps[i][(occupied | 1 << piece.left) & near[i]]
        return tuple(found)

    def _standing(self, state: SabotageState) -> Standing:
        """The state's cache of who stands where (:class:`SabotageState`), worked out here
        if it has none (:meth:`_move` hands it on)."""
        standing = state._standing
        if standing is None:
            standing = tuple(self._standing_of(state.cells, player) for player in PLAYERS)
            object.__setattr__(state, "_standing", standing)
        return standing

    @staticmethod
    def _standing_of(cells: Sequence[Piece | None], player: str) -> tuple[tuple[int, ...], int]:
        """The cells of ``player``'s pieces that may move, in board order (an unexposed piece
        in a view may), and the cells of all their pieces as bits."""
        mine = [(i, p) for i, p in enumerate(cells) if p is not None and p.owner == player]
        movers = tuple(i for i, p in mine if p.kind not in IMMOVABLE)
        return movers, sum(1 << i for i, _ in mine)

    def _may_offer_draw(self, state: SabotageState, player: str) -> bool:
        offer = state.offer
        return (
            self.options.draw_offers
            and not state.moved
            and not (
                offer is not None and offer.player == player and offer.turn == state.clock.turn
            )
        )

    def _deployments(self, state: SabotageState, player: str) -> tuple[SabotageAction, ...]:
        zone = self._zones[PLAYERS.index(player)]
        square = self.board.node(zone[state.deployed])
        left = self._unplaced(state, player)
        actions: list[SabotageAction] = [Deploy(player, square, kind) for kind in left]
        if len(zone) - state.deployed > sum(left.values()):
            actions.append(Deploy(player, square, None))
        return tuple(actions)

    def _unplaced(self, state: SabotageState, player: str) -> Counter[Kind]:
        placed = Counter(p.kind for p in state.cells if p is not None and p.owner == player)
        return Counter({k: n - placed[k] for k, n in self.layout.army if n > placed[k]})

    # -- why an action is illegal ---------------------------------------------------------

    def illegal_reason(self, state: SabotageState, action: SabotageAction) -> str | None:
        offer = state.offer
        pending = offer is not None and offer.pending
        if isinstance(action, DRAW_ANSWERS):
            return None if pending else "there is no draw offer to answer"
        if pending:
            return "answer the draw offer first (accept draw or decline draw)"
        if isinstance(action, Move):
            if TURNS.in_setup(state.clock):
                return "set up your pieces first (set-up)"
            return self._move_problem(state, action)
        if isinstance(action, OfferDraw):
            if self.in_setup(state):
                return "a draw can be offered once play has begun"
            if not self.options.draw_offers:
                return "draw offers are turned off in this game (option draw_offers)"
            if not self._may_offer_draw(state, action.player):
                return "a draw may be offered once a turn, before moving a piece"
            return None
        if not self.in_setup(state):
            return "set-up is over"
        if action not in self._deployments(state, action.player):
            return self._deploy_problem(state, action)
        return None

    def _deploy_problem(self, state: SabotageState, action: Deploy) -> str:
        zone = self._zones[PLAYERS.index(action.player)]
        expected = self.board.node(zone[state.deployed])
        if action.square != expected:
            return f"set-up fills your zone in order: the next square is {expected}"
        if action.kind is None:
            return "every square left is needed for the pieces still to place"
        return f"no {action.kind.title} is left to place"

    def _move_problem(self, state: SabotageState, move: Move) -> str | None:
        """The rule a move breaks, or ``None`` for a legal move (the checker of :meth:`_moves`)."""
        step = self._step_cells.get(move)  # a step onto a square that is no volcano
        if step is None:
            board = self.board
            for square in (move.origin, move.target):
                if square not in board:
                    return f"{square} is not on the {self.layout.width}x{self.layout.height} board"
            i, j = board.index(move.origin), board.index(move.target)
        else:
            i, j = step
        piece = state.cells[i]
        if piece is None or piece.owner != move.player:
            return f"you have no piece on {move.origin}"
        if piece.kind in IMMOVABLE:
            return f"the {piece.kind.title} on {move.origin} may not be moved during the game"
        if piece.id in state.moved:
            return f"the piece on {move.origin} has already moved this turn"
        if step is None and j not in self._orthogonal[i]:
            return "a piece moves one square vertically or horizontally (no diagonal movement)"
        if step is None and j in self._volcano:
            return f"{move.target} is a volcano, a barrier"
        target = state.cells[j]
        if target is not None and target.owner == move.player:
            return f"{move.target} holds one of your own pieces"
        if piece.left == j and piece.left_turn >= state.clock.turn - self.no_return_turns:
            return f"a piece may not move back to {move.target}, the space it left last turn"
        return None

    # -- applying -------------------------------------------------------------------------------

    def apply_unchecked(self, state: SabotageState, action: SabotageAction) -> SabotageState:
        if isinstance(action, Move):
            return self._move(state, action)
        if isinstance(action, Deploy):
            return self._deploy(state, action)
        after = self._draw(state, action)
        # The squares are the same: an encoded position's codes carried over (learning agents).
        object.__setattr__(after, "_codes", state._codes)
        return after

    def _draw(self, state: SabotageState, action: SabotageAction) -> SabotageState:
        """Make a draw offer or its answer."""
        if isinstance(action, OfferDraw):
            return state.with_changes(
                offer=DrawOffer(action.player, state.clock.turn, pending=True),
                log=state.log.with_event(DrawOffered(action.player)),
            )
        accepted = isinstance(action, AcceptDraw)
        log = state.log.with_event(DrawAnswered(action.player, accepted))
        if accepted:
            return state.with_changes(result=Outcome(frozenset(), "draw agreed"), log=log)
        assert state.offer is not None  # DeclineDraw is only legal with an offer pending
        return state.with_changes(
            offer=DrawOffer(state.offer.player, state.offer.turn, pending=False), log=log
        )

    def _deploy(self, state: SabotageState, action: Deploy) -> SabotageState:
        p = PLAYERS.index(action.player)
        zone = self._zones[p]
        cells = state.cells
        log = state.log
        if action.kind is not None:
            placed = list(cells)
            events: list[Any] = []
            index = self.board.index(action.square)
            self._place(placed, events, p, state.deployed, index, action.kind)
            cells, log = tuple(placed), log.with_events(events)
        deployed = state.deployed + 1
        clock = state.clock
        if deployed == len(zone):
            deployed = 0
            clock = TURNS.advance(clock)
        codes = state._codes
        state = state.with_changes(cells=cells, log=log, deployed=deployed, clock=clock)
        if not TURNS.in_setup(clock):
            return self._begin_play(state)
        if codes is not None:  # an encoded position's codes, patched (learning agents)
            if action.kind is not None:
                index = self.board.index(action.square)
                codes = learning.codes_after_deploy(codes, index, cells[index])  # type: ignore[arg-type]
            object.__setattr__(state, "_codes", codes)
        return state

    def _place(
        self,
        cells: list[Piece | None],
        events: list[Any],
        p: int,
        deployed: int,
        index: int,
        kind: Kind,
    ) -> None:
        """Set up the ``deployed``-th piece of player number ``p``, a ``kind``, on ``index``
        (the ``deployed``-th square of the player's zone)."""
        pieces, event = self._setups[p][deployed]
        cells[index] = pieces[kind]
        events.append(event)

    @functools.cached_property
    def _setups(self) -> tuple[tuple[tuple[dict[Kind, Piece], Deployed], ...], ...]:
        """For each player number and each square of their zone, in order: the piece of
        every kind that set-up would put there, and its event.  A piece's id tells the two
        armies apart and follows the zone's order.  Pieces and events are immutable, so every
        game shares them (built once, when first dealt)."""
        return tuple(
            tuple(
                (
                    {kind: Piece(_piece_id(p, deployed), player, kind) for kind in Kind},
                    Deployed(player, _piece_id(p, deployed), self.board.node(index)),
                )
                for deployed, index in enumerate(self._zones[p])
            )
            for p, player in enumerate(PLAYERS)
        )

    def _begin_play(self, state: SabotageState) -> SabotageState:
        """After set-up: expose whatever already stands next to an enemy Recon, then check that
        the first player can move at all."""
        cells = list(state.cells)
        events = self._opening(cells)
        state = state.with_changes(cells=tuple(cells), log=state.log.with_events(events))
        return self._check_can_move(state)

    def _opening(self, cells: list[Piece | None]) -> list[Revealed]:
        """Expose, in ``cells``, whatever stands next to an enemy Recon as play begins, square
        by square in board order; the exposures made, in order."""
        events: list[Any] = []
        for index in range(len(cells)):
            if cells[index] is not None:
                self._reveal(cells, index, events)
        return events

    def _move(self, state: SabotageState, move: Move) -> SabotageState:
        """Make ``move`` (a legal one), and end the turn if it was the turn's last."""
        i, j = self._step_cells.get(move) or (
            self.board.index(move.origin),
            self.board.index(move.target),
        )
        cells = list(state.cells)
        piece = cells[i]
        assert piece is not None  # checked by _move_problem
        player = move.player
        seat = SEATS[player]
        turn = state.clock.turn
        mover = _build_piece(
            id=piece.id,
            owner=piece.owner,
            kind=piece.kind,
            revealed=piece.revealed,
            left=i,
            left_turn=turn,
        )
        defender = cells[j]
        cells[i] = None
        events: list[Any] = []
        captured = state.captured
        result = None
        if defender is None:
            cells[j] = mover
            events.append(
                _build_moved(player=player, piece=piece.id, origin=move.origin, target=move.target)
            )
        else:
            won = attacker_wins(piece.kind, defender.kind)
            events.append(Battle(player, piece.id, defender.id, move.origin, move.target, won))
            if won:
                cells[j] = mover
            loser = defender if won else mover
            if loser.kind is Kind.HEADQUARTERS:
                # The capture ends the game; both players know what was taken, and the log
                # says when they learnt it (a position may have it exposed from the start).
                if not loser.revealed:
                    loser = _revealed(loser)
                    events.append(Revealed(loser.id, move.target, loser.kind))
                result = Outcome(frozenset([player]), HEADQUARTERS_TAKEN)
            captured += (loser,)
        standing = self._standing_after(
            self._standing(state), i, j, seat, defender, won=cells[j] is mover
        )
        if defender is not None and result is None:
            result = self._all_captured(standing, loser.owner)
        if cells[j] is mover:
            self._reveal(cells, j, events)
        moved = (*state.moved, piece.id)
        quiet = state.quiet if defender is None else -1
        clock = state.clock
        moves: tuple[SabotageAction, ...] = ()  # the next moves, to end the turn if none
        if result is None and len(moved) < self.layout.moves_per_turn:
            moves = self._moves(cells, player, moved, turn, *standing[seat])
        if result is None and not moves:
            clock, quiet, result, moves = self._end_turn(cells, clock, quiet, standing)
            moved = ()
        after = _build_state(
            rng=state.rng,
            log=state.log.with_events(events),
            cells=tuple(cells),
            clock=clock,
            deployed=state.deployed,
            moved=moved,
            quiet=quiet,
            offer=state.offer,
            captured=captured,
            result=result,
        )
        object.__setattr__(after, "_standing", standing)
        object.__setattr__(after, "_next_moves", moves)
        if state._codes is not None:  # an encoded position's codes, patched (learning agents)
            codes = learning.codes_after_move(
                self, state._codes, cells, i, j, turn, exposed=len(events) > 1
            )
            object.__setattr__(after, "_codes", codes)
        return after

    @staticmethod
    def _standing_after(
        standing: Standing,
        i: int,
        j: int,
        seat: int,
        defender: Piece | None,
        *,
        won: bool,
    ) -> Standing:
        """:meth:`_standing` after the piece of the player in ``seat`` left cell ``i`` for
        ``j``, where ``defender`` stood, and ``won`` (held ``j``) or lost."""
        after = list(standing)
        movers, occupied = standing[seat]
        own = list(movers)
        del own[bisect.bisect_left(own, i)]
        if not won:
            after[seat] = (tuple(own), occupied ^ 1 << i)
            return tuple(after)
        bisect.insort(own, j)
        after[seat] = (tuple(own), occupied ^ (1 << i | 1 << j))
        if defender is not None:
            other = SEATS[defender.owner]
            theirs, bits = standing[other]
            if defender.kind not in IMMOVABLE:
                theirs = tuple(k for k in theirs if k != j)
            after[other] = (theirs, bits ^ 1 << j)
        return tuple(after)

    def _end_turn(
        self,
        cells: Sequence[Piece | None],
        clock: Clock,
        quiet: int,
        standing: Standing,
    ) -> tuple[Clock, int, Outcome | None, tuple[SabotageAction, ...]]:
        """Pass the turn: the next clock, the turns without a capture, the end of the game
        if that is the no-capture draw or the next player cannot move, and that player's
        moves.

        ``quiet`` is -1 during a turn with a capture, so it is 0 after that turn ends.
        """
        quiet += 1
        clock = TURNS.advance(clock)
        limit = self.layout.quiet_turn_limit
        if quiet >= limit * len(PLAYERS):
            return clock, quiet, Outcome(frozenset(), f"no capture for {limit} moves each"), ()
        player = TURNS.actor(clock, PLAYERS)
        moves = self._moves(cells, player, (), clock.turn, *standing[SEATS[player]])
        return clock, quiet, None if moves else self._immobilised(player), moves

    def _check_can_move(self, state: SabotageState) -> SabotageState:
        """The state, ended if the player to move cannot move."""
        player = TURNS.actor(state.clock, PLAYERS)
        if self._moves_at(state, player):
            return state
        return state.with_changes(result=self._immobilised(player))

    def _immobilised(self, player: str) -> Outcome:
        """ "Immobilize your opponent (they have no legal moves left)": how the game ends
        when ``player``, to move, cannot."""
        return Outcome(frozenset([self.opponent(player)]), f"{player} cannot move")

    def _all_captured(self, standing: Standing, player: str) -> Outcome | None:
        """ "Capture all of your opponent's movable pieces": the end of the game if
        ``player`` has no movable piece left (``standing``: :meth:`_standing`)."""
        if standing[SEATS[player]][0]:
            return None
        return Outcome(frozenset([self.opponent(player)]), ALL_TAKEN)

    def _reveal(self, cells: list[Piece | None], index: int, events: list[Any]) -> None:
        """Recons expose the enemy pieces in the eight squares around them: the piece on
        ``index`` exposes its neighbours if it is a Recon, and is exposed by enemy Recons."""
        piece = cells[index]
        assert piece is not None
        owner = piece.owner
        if piece.kind is not RECON:  # it exposes nothing: is it exposed?
            if not piece.revealed:
                for k in self._around[index]:
                    other = cells[k]
                    if other is not None and other.kind is RECON and other.owner != owner:
                        self._expose(cells, index, events)
                        break
            return
        for k in self._around[index]:
            other = cells[k]
            if other is None or other.owner == owner:
                continue
            if not other.revealed:
                self._expose(cells, k, events)
            if other.kind is RECON and not piece.revealed:
                piece = self._expose(cells, index, events)

    def _expose(self, cells: list[Piece | None], index: int, events: list[Any]) -> Piece:
        """Expose the piece on ``index`` in ``cells``, logging it; the piece exposed."""
        piece = _revealed(cells[index])  # type: ignore[arg-type]
        cells[index] = piece
        events.append(Revealed(piece.id, self.board.node(index), piece.kind))
        return piece

    # -- views ------------------------------------------------------------------------------

    def view(self, state: SabotageState, player: str) -> SabotageState:
        """What ``player`` may know ("Hidden Identity"): :func:`~wargames.core.hidden.redact`
        of the state, built directly.  The secrets are the kinds of the enemy pieces no Recon
        has exposed, on the board and among the captured, the chance stream and the log's
        own; the clock, the counts, the offer and the result hold none.  A property test keeps
        this equal to the kernel's redaction."""
        self.check_player(player)
        return SabotageState(
            rng=HIDDEN,  # type: ignore[arg-type]  # nobody may know future chance
            log=redact(state.log, player),
            cells=_as_seen(state.cells, player),
            clock=state.clock,
            deployed=state.deployed,
            moved=state.moved,
            quiet=state.quiet,
            offer=state.offer,
            captured=_as_seen(state.captured, player),
            result=state.result,
        )

    # -- notation -------------------------------------------------------------------------------

    _MOVE = re.compile(r"^([a-z]+[0-9]+)\s*[-x]\s*([a-z]+[0-9]+)$")
    _DEPLOY = re.compile(r"^([a-z]+[0-9]+)\s*=\s*(\S+)$")
    _WORDS: ClassVar[dict[str, type[OfferDraw | AcceptDraw | DeclineDraw]]] = {
        "offer draw": OfferDraw,
        "accept draw": AcceptDraw,
        "decline draw": DeclineDraw,
    }

    def read_action(self, state: SabotageState, text: str, player: str | None) -> SabotageAction:
        """Read ``b2-b3`` (or ``b2xb3``), ``a1=H`` / ``a1=5`` / ``a1=-``, ``offer draw``,
        ``accept draw`` or ``decline draw``.

        :raises InvalidAction: for text that is none of these or names no square of the board.
        """
        player = self._acting_player(state, player)
        words = " ".join(text.strip().lower().split())
        if words in self._WORDS:
            return self._WORDS[words](player)
        if match := self._MOVE.match(words):
            return Move(player, self._square(match[1]), self._square(match[2]))
        if match := self._DEPLOY.match(words):
            symbol = match[2]
            try:
                kind = None if symbol == "-" else Kind.from_symbol(symbol)
            except ValueError as error:
                raise InvalidAction(str(error)) from None
            return Deploy(player, self._square(match[1]), kind)
        raise InvalidAction(
            f"cannot read {excerpt(text)} as a Sabotage action; "
            "write e.g. b2-b3, a1=H, a2=- or offer draw"
        )

    def _acting_player(self, state: SabotageState, player: str | None) -> str:
        if player is not None:
            self.check_player(player)
            return player
        acting = self.to_act(state)
        if len(acting) != 1:
            raise InvalidAction("nobody is to act; name the player")
        return next(iter(acting))

    def _square(self, name: str) -> Square:
        try:
            return self.board.parse(name)
        except ValueError as error:
            raise InvalidAction(str(error)) from None

    # -- sampled pasts ----------------------------------------------------------------------

    def sample_history(self, view: SabotageState, player: str, rng: random.Random) -> History:
        """A past that shows ``player`` exactly what they saw: the enemy's unidentified pieces
        given kinds that fit everything the log proves (moves, battles, exposures, turns
        ended early, the game going on), see :mod:`wargames.sabotage.history`.  What a view
        proves is read once and kept for the next samples of the same view.

        :raises NoPast: if no kinds fit (a view the rules cannot reach).
        """
        key = (player, view)
        past = self._pasts.get(key)
        if past is None:
            if len(self._pasts) >= _PASTS_KEPT:
                self._pasts.clear()
            past = self._pasts[key] = read_past(self, view, player)
        return sample_history(self, view, past, rng)

    # -- evaluation (for bots) ---------------------------------------------------------------

    def decision(self, state: SabotageState, player: str) -> Hashable:
        """For search bots: in set-up each square filled is one decision ("you must set up
        your army of pieces", square by square in the zone's order), so the search weighs
        one placement by :meth:`evaluate` and not the squares after it; a turn's moves are
        one decision (the default, ``None``)."""
        if TURNS.in_setup(state.clock):
            return "set-up", state.deployed
        return None

    def evaluate(self, state: SabotageState, player: str) -> float:
        """The outcome if over, else a heuristic for bots (not a rule): material, pressure on
        the enemy Headquarters and an immediate threat to one
        (:func:`wargames.sabotage.evaluation.evaluate`)."""
        if state.result is not None:
            return super().evaluate(state, player)
        return evaluation.evaluate(self, state, player)

    # -- for learning agents (see wargames.sabotage.learning) ------------------------------

    def every_action(self, player: str) -> Iterator[SabotageAction]:
        return learning.every_action(self, player)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return learning.observation_shape(self)

    def encode_view(self, view: SabotageState, player: str) -> NDArray[numpy.float32]:
        return learning.encode_view(self, view, player)

    def observation_tensor(self, state: SabotageState, player: str) -> NDArray[numpy.float32]:
        """:meth:`encode_view` of the state itself: it reads only what ``player`` may see."""
        self.check_player(player)
        return learning.encode_view(self, state, player)

    @property
    def max_game_length(self) -> int:
        return learning.max_game_length(self)

    # -- text -------------------------------------------------------------------------------------

    def event_sentence(self, view: SabotageState, event: Any, viewer: str | None) -> str:
        """``event`` from ``viewer``'s side (:mod:`wargames.sabotage.words`)."""
        return words.event_sentence(view, event, viewer) or super().event_sentence(
            view, event, viewer
        )

    def action_sentence(
        self, view: SabotageState, action: SabotageAction, viewer: str | None
    ) -> str:
        """``action`` taken, for ``viewer`` (:func:`wargames.sabotage.words.action_sentence`)."""
        said = words.action_sentence(action, viewer)
        return said or super().action_sentence(view, action, viewer)

    def action_label(self, view: SabotageState, action: SabotageAction) -> str:
        """``action`` in words (:mod:`wargames.sabotage.words`)."""
        return words.action_label(view, action, self.board.index)

    def describe(self, state: SabotageState, player: str | None = None) -> str:
        """The board as text: ``g5`` a green 5-star General, ``r?`` an unidentified red piece,
        ``^^`` a volcano; then whose turn it is, or the outcome."""
        shown = state if player is None else self.view(state, player)
        board = self.board

        def glyph(square: Square) -> str:
            index = board.index(square)
            if index in self._volcano:
                return "^^"
            piece = shown.cells[index]
            if piece is None:
                return "."
            return piece.owner[0] + (
                str(piece.kind) if is_hidden(piece.kind) else piece.kind.symbol
            )

        lines = [f"{self.title} ({self.variant})", render_squares(board, glyph)]
        if state.result is not None:
            lines.append(f"Game over. {state.result.sentence(player)}")
        else:
            phase = TURNS.phase(state.clock).name
            moves = self.layout.moves_per_turn
            if phase == "move" and moves > 1:  # which of the turn's moves is to be made
                phase = f"move {min(len(state.moved) + 1, moves)} of {moves}"
            acting = listed(side(p) for p in sorted(self.to_act(state)))
            lines.append(f"Turn {state.clock.turn}, {phase}: {acting} to act")
        return "\n".join(lines)

    def legend(self) -> str:
        """The board's letters: owner, then piece (I) or ``?``; ``^^`` a volcano."""
        pieces = ", ".join(f"{kind.symbol} {kind.title}" for kind in Kind)
        return (
            "each piece is its owner's initial (g green, r red) and its kind: "
            f"{pieces}, ? not identified; ^^ a volcano, . an empty square"
        )

    def tokens(self, state: SabotageState, player: str | None = None) -> dict[Square, Token]:
        """The pieces as SVG tokens (:mod:`wargames.render.svg`), as ``player`` sees them:
        each piece's symbol, or ``?`` for a piece ``player`` has not identified (everything
        for ``None``)."""
        shown = state if player is None else self.view(state, player)
        colours = player_colours(PLAYERS)
        tokens: dict[Square, Token] = {}
        for index, piece in enumerate(shown.cells):
            if piece is None:
                continue
            hidden = is_hidden(piece.kind)
            what = "unidentified piece" if hidden else piece.kind.title
            tokens[self.board.node(index)] = Token(
                "?" if hidden else piece.kind.symbol,
                colours[piece.owner],
                owner=piece.owner,
                hidden=hidden,
                detail=f"{piece.owner} {what}" + (" (revealed)" if piece.revealed else ""),
            )
        return tokens


def _piece_id(seat: int, deployed: int) -> int:
    """The id of the piece set up on square ``deployed`` (in set-up order) of player ``seat``'s
    zone: both players see the order, so the id reveals nothing."""
    return seat * 1000 + deployed


_Seen = TypeVar("_Seen", Piece, Piece | None)


def _as_seen(pieces: tuple[_Seen, ...], player: str) -> tuple[_Seen, ...]:
    """``pieces`` as ``player`` sees them: the enemy's unexposed pieces masked (the rule is
    :func:`~wargames.sabotage.state.visible`, written out here for speed)."""
    return tuple(
        [p if p is None or p.owner == player or p.revealed else _masked(p) for p in pieces]
    )


def _masked(piece: Piece) -> Piece:
    """The unexposed ``piece`` as its owner's opponent sees it, made once per piece."""
    masked = piece._masked
    if masked is None:
        masked = redact(piece, _OPPONENTS[piece.owner])
        if masked is not piece:  # a piece of a view, masked already
            object.__setattr__(piece, "_masked", masked)
    return masked


_OPPONENTS = dict(zip(PLAYERS, reversed(PLAYERS), strict=True))


def _revealed(piece: Piece) -> Piece:
    return Piece(piece.id, piece.owner, piece.kind, True, piece.left, piece.left_turn)


def _open_steps(steps: Steps) -> dict[int, tuple[Move, ...]]:
    """For a cell's ``steps``: by each set of them the mover's own pieces hold (as bits), the
    moves they leave open, in the steps' order."""
    table = {}
    for held in itertools.product((False, True), repeat=len(steps)):
        blocked = {j for (j, _), hold in zip(steps, held, strict=True) if hold}
        moves = tuple(move for j, move in steps if j not in blocked)
        table[sum(1 << j for j in blocked)] = moves
    return table
