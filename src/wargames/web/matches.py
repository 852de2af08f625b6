"""Games being played on the server: each a :class:`Match` of humans and bots, kept in a
:class:`Lobby` that finds them by link and rebuilds them from the store after a restart.

The store is the truth and a match's states are its cache: before a request reads or plays a
match, the moves other server processes stored since are applied (:meth:`Match.catch_up`), and
a move is kept only once its numbered row is stored (a process that finds its number taken
catches up and judges the request again), so each move is stored once whichever process
takes it, and a bot's turn is played by one process.

Every move goes through ``game.apply``; a refused one raises :class:`Refused` with a message
built only from what the seat may know (the request, its legal actions, who is to act), never
from the kernel's error, which the full state may have worded.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from collections.abc import Mapping
from typing import Any, Literal

import wargames
from wargames.bots.base import Bot
from wargames.bots.specs import make_bot
from wargames.core.errors import WargamesError
from wargames.core.game import Action, Game, State
from wargames.core.replay import Replay
from wargames.core.serialize import dumps, loads
from wargames.core.words import listed, side, whom
from wargames.web.store import Clash, Store

__all__ = ["HUMAN", "RECORDED", "Lobby", "Match", "Refused", "Seating", "legal_action"]

HUMAN = "human"
RECORDED = "recorded"
"""The seat of a player in an uploaded replay: nobody plays it on."""
Seating = Literal["linked", "listed", "later"]
"""How a new game's human seats get their links: at once, by joining it in the lobby, or on
request (a rematch's, by the old game's links)."""


class Refused(Exception):
    """A request the server will not carry out: an HTTP ``status`` and a message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Match:
    """One game: its states so far, who sits where, and the bots that play their seats."""

    def __init__(
        self,
        match_id: str,
        game: Game[Any, Any],
        replay: Replay,
        seats: Mapping[str, str],
        bot_seed: int,
        store: Store,
    ) -> None:
        self.id = match_id
        self.game = game
        self.seed = replay.seed
        self.setup = dict(replay.setup)
        self.seats = dict(seats)
        self.store = store
        self.states: list[State] = list(replay.states(game))
        self.actions: list[Action] = list(replay.actions)
        self.bots: dict[str, Bot] = {
            player: make_bot(spec, bot_seed + i)
            for i, (player, spec) in enumerate(self.seats.items())
            if spec not in (HUMAN, RECORDED)
        }
        self.version = 0
        """Grows with every change (the server's own count: clients get :meth:`version_of`)."""
        self.error: str | None = None
        self._views: dict[str | None, tuple[list[int], State | None, int]] = {}
        self._lock = threading.Lock()
        self._bots_running = False
        self._waiting: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()

    @property
    def state(self) -> State:
        """The current state (the server's alone: clients get views of it)."""
        return self.states[-1]

    def snapshot(self, seat: str | None, step: int | None = None) -> tuple[State, int, int]:
        """``seat``'s step ``step`` (the current state for ``None``), its version and its
        number of steps, taken together while no move is half made.

        Steps are counted in what ``seat`` saw change (:func:`seen`), never in actions: the
        number of moves a player cannot see (another seat's secret orders) stays unknown.

        :raises IndexError: for a step the seat has not seen.
        """
        with self._lock:
            seen = self._seen(seat)
            moves = len(seen) - 1
            if step is not None and not 0 <= step <= moves:
                raise IndexError(f"steps are 0 to {moves}")
            state = self.states[-1] if step is None else self.states[seen[step]]
            return state, moves + (self.error is not None), moves

    def version_of(self, seat: str | None) -> int:
        """What ``seat`` has been shown so far, as a number that grows with each change."""
        return self.snapshot(seat)[1]

    def _seen(self, seat: str | None) -> list[int]:
        """The indices of the states whose view for ``seat`` (the public view for ``None``)
        differs from the one before, the start first; extended as the game goes on (the
        lock is held)."""
        indices, last, checked = self._views.get(seat, ([0], None, -1))
        for index in range(checked + 1, len(self.states)):
            state = self.states[index]
            view = self.game.public_view(state) if seat is None else self.game.view(state, seat)
            if index and view != last:
                indices.append(index)
            last = view
        self._views[seat] = (indices, last, len(self.states) - 1)
        return indices

    async def changed(self, version: int, seconds: float) -> None:
        """Wait until the version is past ``version`` or ``seconds`` have passed (woken by
        the change itself, from whichever thread makes it)."""
        event = asyncio.Event()
        waiter = (asyncio.get_running_loop(), event)
        with self._lock:
            self._waiting.add(waiter)
        try:
            if self.version <= version:
                await asyncio.wait_for(event.wait(), seconds)
        except TimeoutError:
            pass
        finally:
            with self._lock:
                self._waiting.discard(waiter)

    def _bump(self) -> None:
        """A new version: wake every waiter (the lock is held)."""
        self.version += 1
        for loop, event in self._waiting:
            loop.call_soon_threadsafe(event.set)

    def catch_up(self) -> None:
        """Apply the moves stored since this process's last one (by other processes)."""
        with self._lock:
            self._catch_up()

    def _catch_up(self) -> None:
        """:meth:`catch_up` with the lock held."""
        stored = self.store.actions_from(self.id, len(self.actions))
        for text in stored:
            action: Action = loads(text, self.game)
            self.states.append(self.game.apply(self.state, action))
            self.actions.append(action)
        if stored:
            self._bump()

    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.outcome(self.state) is not None

    def replay(self) -> Replay:
        """The game so far as a replay (its seed rebuilds every secret: for after the end)."""
        return Replay.record(self.game, self.seed, self.actions, self.setup)

    def play(self, seat: str, text: Any) -> Action:
        """Play the action written ``text`` for ``seat``; return it.

        Judged against the stored game: if another process stores a move first, the
        request is judged again after it.

        :raises Refused: 409 when the game is over or ``seat`` is not to act, 400 for an
            action that is not text, 422 for one that is not a legal action of ``seat`` now.
        """
        if not isinstance(text, str):
            raise Refused(400, "give the action as text in the game's notation")
        with self._lock:
            while True:
                self._catch_up()
                state = self.state
                if self.game.outcome(state) is not None:
                    raise Refused(409, "the game is over")
                acting = self.game.to_act(state)
                if seat not in acting:
                    waiting = listed(whom(p, None) for p in self.game.players if p in acting)
                    raise Refused(409, f"It is not {whom(seat, None)}'s turn: {waiting} to act.")
                action = legal_action(self.game, state, seat, text)
                if action is None:
                    raise Refused(422, f"{text[:80]!r} is not a legal action of {seat} now")
                if self._take(action):
                    return action

    def _take(self, action: Action) -> bool:
        """Apply a legal ``action``, store it, then remember it; ``False`` (nothing kept)
        if another process stored a move of that number first (the lock is held)."""
        after = self.game.apply(self.state, action)
        try:
            self.store.add_actions(self.id, len(self.actions), [dumps(self.game, action)])
        except Clash:
            return False
        self.states.append(after)
        self.actions.append(action)
        self._bump()
        return True

    def bots_to_act(self) -> list[str]:
        """The bot seats to act now."""
        if self.over():
            return []
        acting = self.game.to_act(self.state)
        return [p for p in self.game.players if p in acting and p in self.bots]

    def run_bots(self) -> None:
        """Let the bots play until a human is to act or the game ends (one runner at once
        in a process; a bot thinks outside the lock, and thinks again if a move was made
        meanwhile).  A runner whose move another process stored first stops: that process
        plays the bots on (its runner, or the one started by the human move it stored)."""
        with self._lock:
            if self._bots_running:
                return
            self._bots_running = True
        player = "a"
        try:
            self.catch_up()
            while players := self.bots_to_act():
                player = players[0]
                state, version = self.state, self.version
                action = self.bots[player].choose(self.game, state, player)
                with self._lock:
                    if self.version == version and not self._take(action):
                        return
        except Exception:  # a bot's failure is shown, not lost in a thread
            with self._lock:
                # the kind of failure is for the server's log (raised below), not the page
                self.error = f"{side(player)}'s bot failed, so the game cannot go on."
                self._bump()
            raise
        finally:
            with self._lock:
                self._bots_running = False


def legal_action(game: Game[Any, Any], state: State, seat: str, text: str) -> Action | None:
    """``seat``'s legal action written ``text`` (as listed, or in another accepted spelling
    of the game's notation), or ``None``."""
    legal: tuple[Action, ...] = game.legal_actions(state, seat)
    for action in legal:
        if str(action) == text:
            return action
    try:
        parsed: Action = game.parse_action(state, text, seat)
    except (ValueError, TypeError):  # InvalidAction and every malformed text
        return None
    return parsed if parsed in legal else None


class Lobby:
    """Every match of one server, found by the tokens of its links, loaded on first use."""

    GAMES_KEPT = 64
    """The most game configurations :meth:`game` keeps built (the oldest is dropped)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._games: dict[str, Game[Any, Any]] = {}
        self._matches: dict[str, Match] = {}
        self._lock = threading.Lock()
        self._rematching = threading.Lock()
        self._building = threading.Lock()

    def game(self, name: str, variant: str | None, options: Mapping[str, Any]) -> Game[Any, Any]:
        """The game ``name`` in ``variant`` with ``options`` (:func:`wargames.load`), built
        once per configuration and shared by its matches: a game is an immutable
        configuration, and building one (its board, its tables) cost every new match tens of
        milliseconds.

        :raises WargamesError: (or ``ValueError``, ``TypeError``) as :func:`wargames.load`.
        """
        key = json.dumps([name.lower(), (variant or "").lower(), options], sort_keys=True)
        with self._building:  # one build at a time: a burst of new games waits for the first's
            game = self._games.get(key)
            if game is None:
                game = self._games[key] = wargames.load(name, variant or None, **options)
                while len(self._games) > self.GAMES_KEPT:
                    del self._games[next(iter(self._games))]
        return game

    def create(
        self,
        game: Game[Any, Any],
        seats: Mapping[str, str],
        *,
        replay: Replay | None = None,
        setup: Mapping[str, Any] | None = None,
        seating: Seating = "linked",
    ) -> tuple[Match, dict[str, str], str]:
        """A new match of ``game`` with a secret chance key, started with the keywords
        ``setup`` (``{"deploy": False}``: the players set up their armies), or the game of an
        uploaded ``replay``; return it, a token per human seat (none unless ``seating`` is
        ``"linked"``: ``"listed"`` lists the human seats in the lobby for whoever joins,
        ``"later"`` links them on request) and the spectators' token.  The set-up is stored
        with the match (its replay's) and restored with it.

        :raises Refused: 400 for a set-up the game refuses (nothing is stored).
        """
        if replay is None:
            setup = dict(setup or {})
            try:
                start = game.start(**setup)
            except (WargamesError, ValueError, TypeError) as error:
                raise Refused(400, f"bad set-up: {error}") from None
            replay = Replay.record(game, start.rng.key, [], setup)
        match_id = secrets.token_urlsafe(9)
        bot_seed = secrets.randbits(31)
        match = Match(match_id, game, replay, seats, bot_seed, self.store)
        humans = tuple(p for p, s in seats.items() if s == HUMAN)
        linked = humans if seating == "linked" else ()
        tokens = {p: secrets.token_urlsafe(24) for p in linked}
        spectators = secrets.token_urlsafe(24)
        header = dumps(game, Replay.record(game, replay.seed, [], replay.setup))
        links: dict[str, str | None] = {token: seat for seat, token in tokens.items()}
        links[spectators] = None
        listed = humans if seating == "listed" else ()
        self.store.add_game(match_id, header, dict(seats), bot_seed, links, listed)
        self.store.add_actions(match_id, 0, [dumps(game, a) for a in replay.actions])
        with self._lock:
            self._matches[match_id] = match
        return match, tokens, spectators

    def find(self, token: str) -> tuple[Match, str | None]:
        """The match and seat (``None`` for a spectator) of ``token``.

        :raises Refused: 404 for a token that is no link.
        """
        found = self.store.find(token) if isinstance(token, str) else None
        if found is None:
            raise Refused(404, "no game has this link")
        match_id, seat = found
        return self._match(match_id), seat

    def open_games(self, most: int = 50) -> list[tuple[Match, list[str]]]:
        """The ``most`` latest games listed in the lobby that go on and have a free seat,
        each with its free seats in the game's order of players."""
        found = []
        for match_id, free in self.store.open_games(most):
            match = self._match(match_id)
            if not match.over():
                found.append((match, [p for p in match.game.players if p in free]))
        return found

    def join(self, match_id: str, seat: str) -> str:
        """Take the free seat ``seat`` of the listed game ``match_id``; its link's token.

        :raises Refused: 409 for a seat that is not free (taken, a bot's, or no seat).
        """
        token = secrets.token_urlsafe(24)
        if not self.store.take_seat(match_id, seat, token):
            raise Refused(409, "that seat is not free")
        return token

    def rematch(self, match: Match, seat: str | None) -> tuple[Match, str]:
        """The rematch of a finished match (made by the first to ask: the same game and
        seats, a new chance key) and a new link to ``seat`` in it (the spectators' for
        ``None``): every link of the old game leads to the same rematch, each to its seat.

        :raises Refused: 409 before the end, or for an uploaded replay (nobody played it).
        """
        if RECORDED in match.seats.values():
            raise Refused(409, "a recorded game has no rematch")
        if not match.over():
            raise Refused(409, "a rematch is offered once the game is over")
        with self._rematching:
            rematch_id = self.store.rematch_of(match.id)
            if rematch_id is None:
                made = self.create(match.game, match.seats, setup=match.setup, seating="later")[0]
                rematch_id = self.store.rematch(match.id, made.id)
        token = secrets.token_urlsafe(24)
        self.store.add_link(rematch_id, seat, token)
        return self._match(rematch_id), token

    def _match(self, match_id: str) -> Match:
        """The match ``match_id``, rebuilt from the store on first use, caught up with the
        moves other processes stored."""
        with self._lock:
            match = self._matches.get(match_id)
            if match is None:
                match = self._matches[match_id] = self._rebuild(match_id)
        match.catch_up()
        return match

    def behind(self, match_id: str, count: int) -> Match | None:
        """The match ``match_id`` if this process holds it with fewer than ``count``
        actions: news of moves another process stored."""
        with self._lock:
            match = self._matches.get(match_id)
        return match if match is not None and len(match.actions) < count else None

    def catch_up(self) -> None:
        """Catch every match this process holds up with the store."""
        with self._lock:
            held = list(self._matches.values())
        for match in held:
            match.catch_up()

    def _rebuild(self, match_id: str) -> Match:
        """A stored match, replayed from its seed and actions."""
        stored = self.store.load(match_id)
        header: Replay = loads(stored.header)
        game = self.game(header.game, header.variant, header.options)
        actions = [loads(text, game) for text in stored.actions]
        replay = Replay.record(game, header.seed, actions, header.setup)
        return Match(match_id, game, replay, stored.seats, stored.bot_seed, self.store)
