"""Sampled pasts of Sabotage: what a player's history proves about the enemy's unidentified
pieces, and a past drawn to fit it (:meth:`Sabotage.sample_history`).

:func:`read_past` reads a view once into a :class:`Past`: how the game began, the actions
since, and what they prove.  Each kind is fixed by the rules, so the proof is a set of
constraints on the enemy's hidden kinds, found by following the public board move by move:

* a piece that moved is movable ("may not be moved during the game");
* a battle's result against a known piece keeps the kinds that give it (the battle table);
* a captured piece that did not end the game is not the Headquarters, and its owner still had
  a movable piece; a game won by taking every movable piece leaves only immovable ones;
* a turn that ended before its N moves leaves every other piece with a legal move immovable
  ("You must move two pieces per turn unless ..."); a player to move could move (else they
  were immobilised and lost);
* Recons expose whatever stands around them, whoever moved: an enemy piece that arrived next
  to unexposed pieces of the player is a Recon if it exposed them and is not one otherwise;
  the player's piece arriving next to enemy pieces was exposed if and only if one of them is
  a Recon (several may be candidates); the same holds at the start of play.

Most constraints narrow one piece's kinds; "one of these is a Recon" (or "one of these can
move") is a disjunction.  :func:`sample_kinds` draws the narrowed kinds with the army's counts
(:func:`~wargames.core.hidden.sample_assignment`), and where a disjunction fails it makes one
of its pieces a witness and draws again.  These constraints are exactly what the rules make
public, so a past built from any assignment that meets them replays to what the player saw;
``wargames.testing.check_history`` proves it on every variant in the tests.

Within what the rules prove, the draw is weighted by :class:`Beliefs` (data, not a rule), read
from the same view: where the players set up, the Headquarters likelier stands where the
library's own set-up evaluation would put it; and, if ``stay`` is below 1 (the library's is
1), a piece that could have moved in many of the enemy's turns and never did is likelier one
that "can not be moved once the game begins" (a landmine or the Headquarters).  The weights
change how often a world holds each kind, never whether it may.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from attrs import field, frozen

from wargames.core.errors import NoPast
from wargames.core.events import EventLog
from wargames.core.hidden import HIDDEN, is_hidden, sample_assignment
from wargames.core.history import History
from wargames.core.phases import Clock
from wargames.sabotage.evaluation import headquarters_safety
from wargames.sabotage.layout import load_beliefs
from wargames.sabotage.pieces import IMMOVABLE, Kind, attacker_wins
from wargames.sabotage.state import (
    PLAYERS,
    TURNS,
    AcceptDraw,
    Battle,
    DeclineDraw,
    Deploy,
    Deployed,
    DrawAnswered,
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
    from wargames.sabotage.rules import Sabotage

__all__ = [
    "BELIEFS",
    "NO_BELIEFS",
    "Beliefs",
    "Past",
    "read_past",
    "sample_history",
    "sample_kinds",
]

MOVABLE: Final = frozenset(Kind) - IMMOVABLE
NOT_RECON: Final = frozenset(Kind) - {Kind.RECON}
RECON: Final = frozenset({Kind.RECON})
HQ: Final = Kind.HEADQUARTERS
NOT_HEADQUARTERS: Final = frozenset(Kind) - {HQ}
ATTEMPTS: Final = 200
"""How many draws :func:`sample_kinds` makes before giving up (a library bound)."""


def _probability(value: float) -> float:
    if not 0 < value <= 1:
        raise ValueError(f"stay must be in (0, 1], got {value}")
    return value


def _non_negative(value: float) -> float:
    if value < 0:
        raise ValueError(f"headquarters must be >= 0, got {value}")
    return value


@frozen
class Beliefs:
    """How a world weighs the enemy's unidentified pieces beyond what the rules prove (a
    heuristic for bots, not a rule; the ``[beliefs]`` table of the variants' data).

    ``stay``: the chance that a movable piece stays put through a turn in which it could move;
    a piece that could have moved in ``n`` of the enemy's turns and never did has each movable
    kind weighed ``stay ** n`` against 1 for a landmine or the Headquarters.  ``headquarters``:
    where the players set up, the Headquarters' weight on its set-up square is
    ``exp(headquarters * (safety - 1))``, ``safety`` being the set-up evaluation's
    (:func:`~wargames.sabotage.evaluation.headquarters_safety`, 1 on the squares the library's
    bots choose).  :data:`NO_BELIEFS` (1 and 0) weighs nothing: every kind the rules allow by
    its count in the army, as before the beliefs existed.  The library's :data:`BELIEFS` set
    ``stay`` to 1: a Headquarters walled in by its landmines never could move, so weighing the
    turns a piece could have moved in drew it elsewhere (docs/bots-record.md).
    """

    stay: float = field(converter=float, validator=lambda _, __, v: _probability(v))
    headquarters: float = field(converter=float, validator=lambda _, __, v: _non_negative(v))


BELIEFS: Final = Beliefs(**load_beliefs())
"""The library's beliefs (``data/variants.toml``), which :class:`~wargames.sabotage.Sabotage`
games draw their worlds with unless given others (``game.beliefs``)."""
NO_BELIEFS: Final = Beliefs(stay=1.0, headquarters=0.0)
"""Beliefs that weigh nothing: worlds as the rules alone and the army's counts draw them."""


class Past:
    """What a view proves, read once by :func:`read_past`.

    ``begun`` is how the game began: ``"dealt"`` (a random set-up, ``start(deploy=True)``),
    ``"deployed"`` (set-up as :class:`Deploy` actions) or ``"position"`` (``position(...)``).
    ``domains`` holds the kinds each unidentified enemy piece may have, ``some`` the
    disjunctions (at least one of these pieces has one of these kinds), ``pool`` the enemy
    kinds not identified.
    """

    def __init__(self, player: str, begun: str) -> None:
        self.player = player
        self.begun = begun
        self.known: dict[int, Kind] = {}
        self.domains: dict[int, frozenset[Kind]] = {}
        self.pool: Counter[Kind] = Counter()
        self.some: list[tuple[tuple[int, ...], frozenset[Kind]]] = []
        self.owners: dict[int, str] = {}
        self.squares: dict[int, int] = {}
        """Each piece's square (board index) at the start."""
        self.revealed: frozenset[int] = frozenset()
        """The pieces already exposed at the start (a position's ``revealed``)."""
        self.clock: Clock | None = None
        """The clock when play began."""
        self.setup: list[tuple[str, int, int | None]] = []
        """The set-up actions played (``"deployed"``): player, square, piece id or None."""
        self.actions: list[SabotageAction] = []
        """The actions of play, in order."""
        self.board: tuple[Piece | None, ...] = ()
        """The board when play began, the exposures made (unidentified kinds hidden)."""
        self.log = EventLog()
        """The log when play began."""
        self.opening: tuple[Any, ...] = ()
        """The events of the start of play (exposures by Recons set up next to enemies)."""
        self.contact = False
        """Whether a hidden piece stood next to an enemy when play began, so that the order
        of the opening's exposures depends on kinds (checked per sample)."""
        self.idle: Counter[int] = Counter()
        """For each enemy piece, how many of the enemy's finished turns began with it able to
        move (a legal move, were it movable): for a piece that never moved, the turns it
        could have moved in and did not."""


def read_past(game: Sabotage, view: SabotageState, player: str) -> Past:
    """Read ``player``'s ``view`` into a :class:`Past`.

    :raises NoPast: if what the view shows contradicts the rules.
    """
    events = list(view.log)
    if events and isinstance(events[0], SetUpDrawn):
        begun = "dealt"
    elif game.in_setup(view) or any(isinstance(e, Deployed) for e in events):
        begun = "deployed"
    else:
        begun = "position"
    past = Past(player, begun)
    reader = _Reader(game, view, past, events)
    reader.read()
    reader.settle()
    return past


class _Reader:
    """Follows the public board through the log, writing what it proves into a :class:`Past`."""

    def __init__(self, game: Sabotage, view: SabotageState, past: Past, events: list[Any]) -> None:
        self.game = game
        self.view = view
        self.past = past
        self.events = events
        self.player = past.player
        self.enemy = game.opponent(past.player)
        pieces = [p for p in view.cells if p is not None] + list(view.captured)
        self.pieces = {p.id: p for p in pieces}
        past.owners = {p.id: p.owner for p in pieces}
        past.known = {p.id: p.kind for p in pieces if not is_hidden(p.kind)}
        pool = Counter(dict(game.layout.army))
        pool.subtract(
            past.known[p.id] for p in pieces if p.owner == self.enemy and p.id in past.known
        )
        past.pool = +pool
        kinds = frozenset(past.pool)
        past.domains = {p.id: kinds for p in pieces if p.id not in past.known}
        self.cells: list[Piece | None] = [None] * len(game.board)

    # -- constraints ----------------------------------------------------------------------

    def narrow(self, piece: int, kinds: frozenset[Kind]) -> None:
        domains = self.past.domains
        if piece in domains:
            domains[piece] &= kinds
            if not domains[piece]:
                raise NoPast(f"no kind of piece {piece} fits what {self.player} saw")

    def one_of(self, pieces: Iterable[int], kinds: frozenset[Kind]) -> None:
        """At least one of ``pieces`` has a kind in ``kinds``."""
        known, domains = self.past.known, self.past.domains
        candidates = []
        for piece in pieces:
            if piece in known:
                if known[piece] in kinds:
                    return
            elif domains[piece] & kinds:
                candidates.append(piece)
        if len(candidates) == 1:
            self.narrow(candidates[0], kinds)
        elif not candidates:
            raise NoPast(f"none of the pieces {sorted(pieces)} can be what they must")
        else:
            self.past.some.append((tuple(candidates), kinds))

    def able(self, player: str, moved: tuple[int, ...], turn: int) -> list[int]:
        """The pieces of ``player`` not in ``moved`` with a legal move, were they movable."""
        board = self.game.board
        cells = tuple(self.cells)
        standing = self.game._standing_of(cells, player)
        moves = self.game._moves(cells, player, moved, turn, *standing)
        origins = {board.index(m.origin) for m in moves if isinstance(m, Move)}
        return [piece.id for i in sorted(origins) if (piece := cells[i]) is not None]

    def battle(self, event: Battle) -> None:
        known = self.past.known
        attacker, defender = known.get(event.attacker), known.get(event.defender)
        won = event.attacker_won
        if attacker is None and defender is not None:
            fits = frozenset(k for k in MOVABLE if attacker_wins(k, defender) == won)
            self.narrow(event.attacker, fits)
        elif defender is None and attacker is not None:
            fits = frozenset(k for k in Kind if attacker_wins(attacker, k) == won)
            self.narrow(event.defender, fits)

    def exposures(self, index: int, mover: Piece, exposed: set[int]) -> None:
        """What ``mover``, arrived on ``index``, proves by the exposures it caused (``exposed``
        the ids this move exposed): see ``Sabotage._reveal``."""
        around = [
            piece
            for k in self.game._around[index]
            if (piece := self.cells[k]) is not None and piece.owner != mover.owner
        ]
        if mover.owner == self.player:
            if not mover.revealed and around:
                if mover.id in exposed:
                    self.one_of((p.id for p in around), RECON)
                else:
                    for piece in around:
                        self.narrow(piece.id, NOT_RECON)
        else:
            hidden = [p for p in around if not p.revealed]
            if hidden:
                hit = any(p.id in exposed for p in hidden)
                self.narrow(mover.id, RECON if hit else NOT_RECON)

    # -- reading the log ------------------------------------------------------------------

    def read(self) -> None:
        past, events, game = self.past, self.events, self.game
        position = 1 if past.begun == "dealt" else 0
        squares: dict[int, int] = {}
        while position < len(events) and isinstance(events[position], Deployed):
            event = events[position]
            squares[event.piece] = game.board.index(event.square)
            position += 1
        if past.begun == "deployed":
            self.read_setup(squares)
        elif past.begun == "position":
            squares = self.first_squares()
        past.squares = squares
        if game.in_setup(self.view):
            if position != len(events):
                raise NoPast(f"cannot read {events[position]!r} during set-up")
            return
        opened = position
        while opened < len(events) and isinstance(events[opened], Revealed):
            opened += 1
        past.opening = tuple(events[position:opened])
        past.log = EventLog(events[:opened])
        self.read_play(self.actions(events[opened:]))

    def read_setup(self, squares: dict[int, int]) -> None:
        """The set-up actions played: each zone in order, as far as set-up has got."""
        game, view = self.game, self.view
        zones = game._zones
        filled = [len(zone) for zone in zones]
        if game.in_setup(view):
            seat = view.clock.order[view.clock.seat]
            filled = [len(zones[0]), view.deployed] if seat else [view.deployed, 0]
        where = {square: piece for piece, square in squares.items()}
        for seat, player in enumerate(PLAYERS):
            for index in zones[seat][: filled[seat]]:
                self.past.setup.append((player, index, where.get(index)))

    def first_squares(self) -> dict[int, int]:
        """Where each piece of a position stood at the start: where it first moved from or was
        attacked, else where it stands."""
        index = self.game.board.index
        squares: dict[int, int] = {}
        for event in self.events:
            if isinstance(event, Moved):
                squares.setdefault(event.piece, index(event.origin))
            elif isinstance(event, Battle):
                squares.setdefault(event.attacker, index(event.origin))
                squares.setdefault(event.defender, index(event.target))
        for i, piece in enumerate(self.view.cells):
            if piece is not None:
                squares.setdefault(piece.id, i)
        return squares

    def exposed_at_start(self) -> frozenset[int]:
        """The pieces of a position exposed before play (its ``revealed``): exposed now, with
        no exposure logged."""
        if self.past.begun != "position":
            return frozenset()
        logged = {e.piece for e in self.events if isinstance(e, Revealed)}
        return frozenset(p.id for p in self.pieces.values() if p.revealed and p.id not in logged)

    @staticmethod
    def actions(events: list[Any]) -> list[tuple[Any, set[int]]]:
        """The play events grouped by action: each move or draw event with the ids its move
        exposed."""
        grouped: list[tuple[Any, set[int]]] = []
        for event in events:
            if isinstance(event, Revealed):
                if not grouped or not isinstance(grouped[-1][0], Moved | Battle):
                    raise NoPast(f"an exposure {event!r} that no move made")
                grouped[-1][1].add(event.piece)
            elif isinstance(event, Moved | Battle | DrawOffered | DrawAnswered):
                grouped.append((event, set()))
            else:
                raise NoPast(f"cannot read {event!r} during play")
        return grouped

    def read_play(self, grouped: list[tuple[Any, set[int]]]) -> None:
        past, view, game = self.past, self.view, self.game
        moves = [i for i, (event, _) in enumerate(grouped) if isinstance(event, Moved | Battle)]
        self.next_mover = {}
        following: str | None = None
        for i in reversed(moves):
            self.next_mover[i] = following
            following = grouped[i][0].player
        self.first_mover = following
        enemy_moves = [i for i in moves if grouped[i][0].player == self.enemy]
        self.last_enemy_move = enemy_moves[-1] if enemy_moves else -1
        ends = self.turn_ends(grouped, moves)
        past.clock = clock = self.first_clock(sum(ends.values()))
        past.revealed = self.exposed_at_start()
        for piece_id, index in past.squares.items():
            piece = self.pieces[piece_id]
            kind: Any = past.known.get(piece_id, HIDDEN)  # HIDDEN as in a view
            self.cells[index] = Piece(piece_id, piece.owner, kind, piece_id in past.revealed)
        self.opening()
        past.board = tuple(self.cells)
        first = TURNS.actor(clock, PLAYERS)
        self.began = self.able(first, (), clock.turn) if first == self.enemy else []
        if not grouped and view.result is not None:
            self.immobilised(first, clock.turn)
        else:
            self.can_move(first, (), clock.turn, self.first_mover)
        moved: list[int] = []
        last = len(grouped) - 1
        for i, (event, exposed) in enumerate(grouped):
            if isinstance(event, DrawOffered):
                past.actions.append(OfferDraw(event.player))
                continue
            if isinstance(event, DrawAnswered):
                answer = AcceptDraw if event.accepted else DeclineDraw
                past.actions.append(answer(event.player))
                continue
            past.actions.append(Move(event.player, event.origin, event.target))
            loser = self.move(event, exposed, clock.turn)
            moved.append(event.attacker if isinstance(event, Battle) else event.piece)
            ended = ends[i]
            over = i == last and view.result is not None
            if loser is not None and loser.owner == self.enemy:
                self.narrow(loser.id, NOT_HEADQUARTERS)
                if over and not ended and past.known.get(loser.id) is not HQ:
                    self.nothing_movable()
                else:
                    self.can_move(self.enemy, None, clock.turn, self.later_enemy_move(i))
            if not ended:
                if not over:
                    self.can_move(event.player, tuple(moved), clock.turn, self.next_mover[i])
                continue
            if event.player == self.enemy:
                if len(moved) < game.layout.moves_per_turn:
                    for piece_id in self.able(self.enemy, tuple(moved), clock.turn):
                        self.narrow(piece_id, IMMOVABLE)  # the turn ended early
                past.idle.update(self.began)
            clock = TURNS.advance(clock)
            moved = []
            nxt = game.opponent(event.player)
            if nxt == self.enemy and not over:
                self.began = self.able(nxt, (), clock.turn)
            if over:
                if view.result is not None and view.result.winners:
                    self.immobilised(nxt, clock.turn)
            else:
                self.can_move(nxt, (), clock.turn, self.next_mover[i])
        if clock != view.clock:
            raise NoPast("the log's turns do not lead to the view's clock")

    def turn_ends(self, grouped: list[tuple[Any, set[int]]], moves: list[int]) -> dict[int, bool]:
        """Whether each move ended its player's turn: the next move or offer is the other
        player's (turns alternate, and every turn has a move), or, after the last, the view's
        clock names the other player."""
        ends: dict[int, bool] = {}
        after: str | None = None
        for i in range(len(grouped) - 1, -1, -1):
            event = grouped[i][0]
            if isinstance(event, Moved | Battle):
                player = event.player
                if after is None:
                    after = TURNS.actor(self.view.clock, PLAYERS)
                ends[i] = after != player
                after = player
            elif isinstance(event, DrawOffered):
                after = event.player
        return ends

    def first_clock(self, turns: int) -> Clock:
        """The clock when play began: after set-up, or for a position ``turns`` turns before
        the view's."""
        clock = TURNS.start(len(PLAYERS))
        while TURNS.in_setup(clock):
            clock = TURNS.advance(clock)
        if self.past.begun != "position":
            return clock
        clocks = [clock]
        while clocks[-1] != self.view.clock and clocks[-1].turn <= self.view.clock.turn:
            clocks.append(TURNS.advance(clocks[-1]))
        if clocks[-1] != self.view.clock or turns >= len(clocks):
            raise NoPast("the log has more turns than the view's clock")
        return clocks[-1 - turns]

    def later_enemy_move(self, index: int) -> str | None:
        """The enemy if they move after action ``index`` (so they had a movable piece)."""
        return self.enemy if self.last_enemy_move > index else None

    def opening(self) -> None:
        """What the exposures when play began prove (see ``Sabotage._opening``)."""
        opened = {event.piece for event in self.past.opening}
        around = self.game._around
        for index, piece in enumerate(self.cells):
            if piece is None or piece.owner != self.player:
                continue
            enemies = [
                other.id
                for k in around[index]
                if (other := self.cells[k]) is not None and other.owner == self.enemy
            ]
            if not enemies:
                continue
            self.past.contact = self.past.contact or any(e in self.past.domains for e in enemies)
            if not piece.revealed:
                if piece.id in opened:
                    self.one_of(enemies, RECON)
                else:
                    for enemy_id in enemies:
                        self.narrow(enemy_id, NOT_RECON)
        self.expose(range(len(self.cells)), opened)

    def expose(self, squares: Iterable[int], exposed: set[int]) -> None:
        for k in squares:
            piece = self.cells[k]
            if piece is not None and piece.id in exposed and not piece.revealed:
                self.cells[k] = Piece(
                    piece.id, piece.owner, piece.kind, True, piece.left, piece.left_turn
                )

    def move(self, event: Moved | Battle, exposed: set[int], turn: int) -> Piece | None:
        """Follow one move on the public board; what it proves; the piece it took, if any."""
        index = self.game.board.index
        origin, target = index(event.origin), index(event.target)
        piece = self.cells[origin]
        if piece is None or piece.owner != event.player:
            raise NoPast(f"no piece of {event.player} on {event.origin} to move")
        if piece.owner == self.enemy:
            self.narrow(piece.id, MOVABLE)
        mover = Piece(piece.id, piece.owner, piece.kind, piece.revealed, origin, turn)
        self.cells[origin] = None
        loser = None
        if isinstance(event, Battle):
            self.battle(event)
            defender = self.cells[target]
            loser = defender if event.attacker_won else mover
            if event.attacker_won:
                self.cells[target] = mover
        else:
            self.cells[target] = mover
        if self.cells[target] is mover:
            self.exposures(target, mover, exposed)
            self.expose((target, *self.game._around[target]), exposed)
        return loser

    def can_move(
        self, player: str, moved: tuple[int, ...] | None, turn: int, mover: str | None
    ) -> None:
        """``player`` could move here (``moved``: the pieces moved this turn; ``None`` for any
        movable piece at all), which ``mover``, the next to move, proves if it is them."""
        if player != self.enemy or mover == player:
            return
        if moved is None:
            pieces = [p.id for p in self.cells if p is not None and p.owner == player]
        else:
            pieces = self.able(player, moved, turn)
        self.one_of(pieces, MOVABLE)

    def immobilised(self, player: str, turn: int) -> None:
        """``player`` could not move at the start of their turn and lost."""
        if player == self.enemy:
            for piece_id in self.able(player, (), turn):
                self.narrow(piece_id, IMMOVABLE)

    def nothing_movable(self) -> None:
        """The enemy lost their last movable piece."""
        for piece in self.cells:
            if piece is not None and piece.owner == self.enemy:
                self.narrow(piece.id, IMMOVABLE)

    def settle(self) -> None:
        """Drop the disjunctions that the narrowed kinds already meet."""
        domains = self.past.domains
        kept = []
        for pieces, kinds in self.past.some:
            alive = tuple(p for p in pieces if domains[p] & kinds)
            if any(domains[p] <= kinds for p in alive):
                continue
            if not alive:
                raise NoPast(f"none of the pieces {sorted(pieces)} can be what they must")
            kept.append((alive, kinds))
        self.past.some = kept


def sample_kinds(game: Sabotage, past: Past, rng: random.Random) -> dict[int, Kind]:
    """Kinds for the enemy's unidentified pieces that meet every constraint of ``past``,
    weighted by ``game.beliefs`` (:class:`Beliefs`): the Headquarters' piece is drawn first,
    each candidate by its belief, and the other kinds by :func:`_weights`; after half the
    attempts fail, the Headquarters is left to the draw of the rest.

    :raises NoPast: after :data:`ATTEMPTS` draws that all failed.
    """
    unknown = list(past.domains)
    weights = _weights(game.beliefs, past, unknown)
    headquarters = _headquarters(game, past)
    forced: dict[int, frozenset[Kind]] = {}
    for attempt in range(ATTEMPTS):
        domains = [forced.get(p, past.domains[p]) for p in unknown]
        if headquarters and attempt < ATTEMPTS // 2:
            domains = _placed(domains, headquarters, rng)
        try:
            drawn = sample_assignment(domains, past.pool, rng, weights)
            kinds = dict(zip(unknown, drawn, strict=True))
        except ValueError:
            forced.clear()
            continue
        broken = _broken(past, kinds)
        if broken and not _repaired(past, kinds, rng):
            pieces, must = broken[rng.randrange(len(broken))]
            witnesses = [p for p in pieces if forced.get(p, past.domains[p]) & must]
            if not witnesses:
                forced.clear()
                continue
            witness = rng.choice(witnesses)
            forced[witness] = forced.get(witness, past.domains[witness]) & must
            continue
        if past.contact and not _opens_alike(game, past, kinds):
            forced.clear()
            continue
        return kinds
    raise NoPast(f"no kinds fit what {past.player} saw in {ATTEMPTS} draws")


def _weights(beliefs: Beliefs, past: Past, unknown: list[int]) -> list[dict[Kind, float]]:
    """Each of the ``unknown`` pieces' weights by kind: ``beliefs.stay`` to the power of the
    turns it could have moved in for each movable kind of a piece that may be immovable
    (:class:`Beliefs`); empty where nothing is weighed."""
    weights: list[dict[Kind, float]] = []
    for piece in unknown:
        domain, idle = past.domains[piece], past.idle[piece]
        if idle and beliefs.stay < 1 and domain & IMMOVABLE:
            weights.append(dict.fromkeys(domain - IMMOVABLE, beliefs.stay**idle))
        else:
            weights.append({})
    return weights


def _headquarters(game: Sabotage, past: Past) -> list[float]:
    """For each unknown piece, in order, its belief of being the Headquarters (0 where its
    kinds exclude it): the set-up prior of its square where the players set up, over the
    chance that a movable piece had stayed put as it did (:class:`Beliefs`).  Empty where
    every candidate weighs alike (the draw is then the rules' own) or the Headquarters is
    known."""
    beliefs: Beliefs = game.beliefs
    if not past.pool[HQ]:
        return []
    safety = headquarters_safety(game.layout, PLAYERS.index(game.opponent(past.player)))
    set_up = past.begun == "deployed"  # where the players set up, not a deal

    def belief(piece: int) -> float:
        prior = safety.get(past.squares[piece], 1.0) if set_up else 1.0
        return math.exp(beliefs.headquarters * (prior - 1)) / beliefs.stay ** past.idle[piece]

    weights = [belief(p) if HQ in kinds else 0.0 for p, kinds in past.domains.items()]
    return weights if len({w for w in weights if w}) > 1 else []


def _placed(
    domains: list[frozenset[Kind]], beliefs: list[float], rng: random.Random
) -> list[frozenset[Kind]]:
    """``domains`` with the Headquarters drawn first: one piece whose kinds allow it, each by
    its belief, made the Headquarters, and no other piece it."""
    candidates = [b if HQ in kinds else 0.0 for b, kinds in zip(beliefs, domains, strict=True)]
    if not any(candidates):
        return domains
    chosen = rng.choices(range(len(domains)), candidates)[0]
    return [frozenset({HQ}) if i == chosen else kinds - {HQ} for i, kinds in enumerate(domains)]


def _broken(past: Past, kinds: dict[int, Kind]) -> list[tuple[tuple[int, ...], frozenset[Kind]]]:
    """The disjunctions of ``past`` that ``kinds`` fail."""
    return [(ps, must) for ps, must in past.some if not any(kinds[p] in must for p in ps)]


def _repaired(past: Past, kinds: dict[int, Kind], rng: random.Random) -> bool:
    """Meet the failed disjunctions by giving a witness a kind they need, taken from the army's
    spare pieces or swapped with another piece whose kinds allow it (counts kept); whether
    every disjunction is met."""
    for _ in range(2 * len(past.some)):
        broken = _broken(past, kinds)
        if not broken:
            return True
        pieces, must = broken[rng.randrange(len(broken))]
        spare = past.pool - Counter(kinds.values())
        swaps: list[tuple[int, int | None, Kind]] = [
            (witness, other, kind)
            for witness in pieces
            for other, kind in kinds.items()
            if kind in must
            and kind in past.domains[witness]
            and other not in pieces
            and kinds[witness] in past.domains[other]
        ]
        swaps.extend(
            (witness, None, kind)
            for witness in pieces
            for kind in past.domains[witness] & must
            if spare[kind] > 0
        )
        if not swaps:
            return False
        witness, other, kind = swaps[rng.randrange(len(swaps))]
        if other is not None:
            kinds[other] = kinds[witness]
        kinds[witness] = kind
    return not _broken(past, kinds)


def _opens_alike(game: Sabotage, past: Past, kinds: dict[int, Kind]) -> bool:
    """Whether play begun with ``kinds`` makes the exposures ``past`` saw, in their order."""
    cells: list[Piece | None] = [None] * len(game.board)
    for piece_id, index in past.squares.items():
        kind = past.known.get(piece_id) or kinds[piece_id]
        cells[index] = Piece(piece_id, past.owners[piece_id], kind, piece_id in past.revealed)
    return tuple(game._opening(cells)) == past.opening


def sample_history(game: Sabotage, view: SabotageState, past: Past, rng: random.Random) -> History:
    """A past for ``view`` (read into ``past``) with the enemy's kinds drawn from ``rng``; its
    :attr:`~wargames.core.history.History.end` is the view with those kinds filled in."""
    kinds = sample_kinds(game, past, rng)
    chance = game.fresh_rng(rng)

    def filled(pieces: tuple[Piece | None, ...]) -> tuple[Any, ...]:
        cells = list(pieces)
        for i, piece in enumerate(pieces):
            if piece is not None and piece.id in kinds:
                kind = kinds[piece.id]
                cells[i] = Piece(
                    piece.id, piece.owner, kind, piece.revealed, piece.left, piece.left_turn
                )
        return tuple(cells)

    actions: list[SabotageAction] = []
    if past.begun == "deployed":
        start = game._new(chance)
        node, known = game.board.node, past.known
        actions = [
            Deploy(player, node(index), None if piece is None else kinds.get(piece) or known[piece])
            for player, index, piece in past.setup
        ]
    else:
        # As ``start(deploy=True)`` or ``position(...)`` make it: the pieces on their
        # squares, the exposures of the start made, the first player checked able to move.
        assert past.clock is not None  # play has begun
        board = filled(past.board)
        start = SabotageState(rng=chance, cells=board, clock=past.clock, log=past.log)
        start = game._check_can_move(start)
    actions.extend(past.actions)
    end = view.with_changes(
        rng=start.rng,
        cells=filled(view.cells),
        captured=filled(view.captured),
    )
    return History(start, actions, end=end)
