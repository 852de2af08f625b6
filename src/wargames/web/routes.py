"""The web app's routes: pages, the JSON API and live updates (server-sent events).

API (every error is JSON ``{"error": message}`` with a 4xx status, and changes nothing):

* ``GET /api/catalog`` — the games, variants, players, option defaults, set-up keywords
  (each with its default, a line about it and the values offered, in words) and bots;
* ``POST /api/games`` — ``{"game", "variant", "options", "setup", "seats": {player:
  "human"|bot}}``: a new game (``"setup": {"deploy": false}``: the players set up their own
  armies); answers one link per human seat and one for spectators;
* ``GET /api/play/{token}`` — the link's view (``?after=N`` waits up to 20 s for a version
  after ``N``); ``GET /api/play/{token}/steps/{n}`` the view after ``n`` actions;
* ``POST /api/play/{token}/actions`` — ``{"action": text}`` plays it for the link's seat;
* ``POST /api/play/{token}/odds`` — ``{"action": text}``: the odds of a legal action, each
  result in words;
* ``GET /api/play/{token}/events`` — server-sent events, one per change of the link's own
  view (``data: version``), and keep-alive comments on a timer of their own;
* ``GET /api/play/{token}/replay`` — the replay file, once the game is over;
* ``GET /api/play/{token}/replay/{n}`` — once the game is over, its full state after ``n``
  actions (every secret shown, as in the replay file);
* ``POST /api/play/{token}/rematch`` — once the game is over, a link to the same seat in its
  rematch (made by the first link to ask);
* ``POST /api/replays`` — a replay file: stored to be stepped through (a spectator link);
* ``GET /api/lobby`` — the listed games (``"listed": true`` when made) with free seats;
  ``POST /api/games/{id}/seats/{seat}`` takes a free seat: its link.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import (
    FileResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import wargames
from wargames.bots.specs import BOT_NAMES, LEVELS, make_bot
from wargames.core.errors import SerializationError, WargamesError
from wargames.core.options import about, offered, said
from wargames.core.registry import games as registered_games
from wargames.core.replay import Replay
from wargames.core.serialize import dumps, loads
from wargames.web.matches import (
    HUMAN,
    RECORDED,
    Lobby,
    Match,
    Refused,
    Seating,
    legal_action,
)
from wargames.web.present import odds_answer, payload, replay_step
from wargames.web.store import Store

__all__ = ["DB_VARIABLE", "app_from_environment", "create_app"]

STATIC = Path(__file__).parent / "static"
WAIT_SECONDS = 20.0
"""How long ``?after=N`` waits for a change before answering the view as it is."""
QUIET_SECONDS = 15.0
"""How long an event stream waits for a change before it sends a comment (keeping it open)."""
BODY_LIMIT = 1 << 22
"""The largest request body read (a long replay file fits)."""
RECONNECT_SECONDS = 1.0
"""How long a worker waits to listen again after losing its connection to the server."""
DB_VARIABLE = "WARGAMES_WEB_DB"
"""The variable naming the database of :func:`app_from_environment`."""
_DECIMAL = re.compile(r"[0-9]+")
_log = logging.getLogger(__name__)


def app_from_environment() -> Starlette:
    """The app on the database named by ``$WARGAMES_WEB_DB``: the factory each process of
    ``wargames serve --workers N`` builds its app with (uvicorn takes it by name)."""
    return create_app(os.environ[DB_VARIABLE])


async def follow(lobby: Lobby) -> None:
    """Catch up every match this process holds as moves for it are stored by any process
    (PostgreSQL's ``NOTIFY``), waking its event streams and waiting views; all of them each
    time the listening (re)starts, since a move may have been announced unheard."""
    while True:
        try:
            async for news in lobby.store.changes():
                if news is None:
                    await run_in_threadpool(lobby.catch_up)
                elif match := lobby.behind(*news):
                    await run_in_threadpool(match.catch_up)
        except Exception as error:  # the server went away: listen again when it is back
            _log.warning("listening for moves failed (%s); again in a second", error)
            await asyncio.sleep(RECONNECT_SECONDS)


def create_app(db: str | Path = ":memory:", *, quiet: float = QUIET_SECONDS) -> Starlette:
    """The web app, keeping its games in ``db`` (a SQLite file or a PostgreSQL URL:
    :class:`~wargames.web.store.Store`); an event stream with nothing to tell sends a
    keep-alive comment every ``quiet`` seconds."""
    registered_games()  # every game's plugin imported now, not on a request: seconds when busy
    lobby = Lobby(Store(db))

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        """Follow the moves other processes store, on a shared database; close the store
        at the end."""
        listener = asyncio.create_task(follow(lobby)) if lobby.store.shared else None
        yield
        if listener is not None:
            listener.cancel()
            with suppress(asyncio.CancelledError):
                await listener
        lobby.store.close()

    def refusal(error: Refused) -> JSONResponse:
        return JSONResponse({"error": error.message}, status_code=error.status)

    async def read(request: Request) -> bytes:
        try:
            return await request.body()
        except ClientDisconnect:  # nobody is left to answer: refused, changing nothing
            raise Refused(400, "the request ended before its body") from None

    async def body(request: Request) -> dict[str, Any]:
        raw = await read(request)
        if len(raw) > BODY_LIMIT:
            raise Refused(413, "the request is too large")
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise Refused(400, "the request body is not JSON") from None
        if not isinstance(data, dict):
            raise Refused(400, "the request body must be a JSON object")
        return data

    def find(request: Request) -> tuple[Match, str | None]:
        return lobby.find(request.path_params["token"])

    def with_bots(match: Match) -> BackgroundTask | None:
        return BackgroundTask(match.run_bots) if match.bots_to_act() else None

    async def catalog(_: Request) -> JSONResponse:
        table = []
        for name, cls in sorted(registered_games().items()):
            defaults = cls.Options()
            table.append(
                {
                    "name": name,
                    "variants": list(cls.variants) or [cls.variant],
                    "players": list(cls().players),
                    "options": {
                        a.name: _jsonable(getattr(defaults, a.name))
                        for a in attrs.fields(cls.Options)
                    },
                    "demo_options": dict(cls.demo_options),
                    "setup": [_setup_keyword(a) for a in attrs.fields(cls.Setup)],
                }
            )
        bots = [HUMAN, *LEVELS, *BOT_NAMES]
        return JSONResponse({"games": table, "bots": bots, "levels": LEVELS})

    async def create(request: Request) -> JSONResponse:
        data = await body(request)
        name, variant = data.get("game"), data.get("variant") or None
        options, seats = data.get("options", {}), data.get("seats")
        setup = data.get("setup", {})
        listed = data.get("listed", False)
        if not isinstance(listed, bool):
            raise Refused(400, "listed is true or false")
        if not isinstance(name, str) or name.lower() not in wargames.available():
            raise Refused(404, f"no game named {str(name)[:40]!r}")
        if variant is not None and not isinstance(variant, str):
            raise Refused(400, "a variant is named by text")
        if not isinstance(options, dict):
            raise Refused(400, "options must be a JSON object")
        if not isinstance(setup, dict):
            raise Refused(400, "setup must be a JSON object")
        try:
            game = await run_in_threadpool(lobby.game, name, variant, options)
        except (WargamesError, ValueError, TypeError) as error:
            raise Refused(400, str(error)) from None
        if not isinstance(seats, dict) or sorted(seats) != sorted(game.players):
            raise Refused(400, f"give seats for exactly the players {', '.join(game.players)}")
        for spec in seats.values():
            if not isinstance(spec, str):
                raise Refused(400, "a seat is 'human' or a bot's name")
            if spec.strip().lower() == HUMAN:
                continue
            try:
                make_bot(spec, 0)
            except ValueError as error:
                raise Refused(400, str(error)) from None
        ordered = {p: seats[p].strip().lower() for p in game.players}
        seating: Seating = "listed" if listed else "linked"
        match, tokens, spectators = await run_in_threadpool(
            lambda: lobby.create(game, ordered, setup=setup, seating=seating)
        )
        answer = {
            "id": match.id,
            "seats": {p: {"token": t, "url": f"/play/{t}"} for p, t in tokens.items()},
            "spectators": {"token": spectators, "url": f"/play/{spectators}"},
        }
        return JSONResponse(answer, status_code=201, background=with_bots(match))

    async def upload(request: Request) -> JSONResponse:
        raw = await read(request)
        if len(raw) > BODY_LIMIT:
            raise Refused(413, "the replay is too large")
        try:
            replay = loads(raw)
        except SerializationError as error:
            raise Refused(400, f"not a wargames replay: {error}") from None
        if not isinstance(replay, Replay):
            raise Refused(400, f"a single {type(replay).__name__}, not a replay")
        game = await run_in_threadpool(lobby.game, replay.game, replay.variant, replay.options)
        try:
            await run_in_threadpool(replay.final_state, game)
        except WargamesError as error:
            raise Refused(400, f"the replay does not replay: {error}") from None
        seats = dict.fromkeys(game.players, RECORDED)
        match, _, spectators = await run_in_threadpool(lobby.create, game, seats, replay=replay)
        return JSONResponse(
            {"id": match.id, "spectators": {"token": spectators, "url": f"/play/{spectators}"}},
            status_code=201,
        )

    async def until_shown(match: Match, seat: str | None, after: int, seconds: float) -> None:
        """Wait until ``seat`` has something new to see past version ``after`` (a change it
        cannot see, as another seat's secret order, does not end the wait), or ``seconds``."""
        deadline = asyncio.get_running_loop().time() + seconds
        while True:
            server = match.version
            left = deadline - asyncio.get_running_loop().time()
            if match.version_of(seat) > after or left <= 0:
                return
            await match.changed(server, left)

    async def view(request: Request) -> JSONResponse:
        match, seat = find(request)
        after = request.query_params.get("after")
        if after is not None:
            latest = match.version_of(seat)
            version = number(after, "after=", latest, beyond=400)
            await until_shown(match, seat, version, WAIT_SECONDS)
        data = await run_in_threadpool(payload, match, seat)
        return JSONResponse(data, background=with_bots(match))

    async def step(request: Request) -> JSONResponse:
        match, seat = find(request)
        n = number(request.path_params["n"], "a step", match.snapshot(seat)[2], beyond=404)
        return JSONResponse(await run_in_threadpool(payload, match, seat, n))

    async def act(request: Request) -> JSONResponse:
        match, seat = find(request)
        if seat is None:
            raise Refused(403, "spectators watch; only a seat's link plays")
        data = await body(request)
        await run_in_threadpool(match.play, seat, data.get("action"))
        data = await run_in_threadpool(payload, match, seat)
        return JSONResponse(data, background=with_bots(match))

    async def odds(request: Request) -> JSONResponse:
        match, seat = find(request)
        if seat is None:
            raise Refused(403, "spectators watch; only a seat's link has odds to ask")
        text = (await body(request)).get("action")
        if not isinstance(text, str):
            raise Refused(400, "give the action as text in the game's notation")
        state = match.state
        action = await run_in_threadpool(legal_action, match.game, state, seat, text)
        if action is None or seat not in match.game.to_act(state):
            raise Refused(422, f"{text[:80]!r} is not a legal action of {seat} now")
        # The game computes the odds a player is shown from their own view, and words them.
        told = await run_in_threadpool(odds_answer, match.game, state, action)
        return JSONResponse({"action": text, **told})

    async def events(request: Request) -> StreamingResponse:
        match, seat = find(request)

        async def stream() -> AsyncIterator[str]:
            # Only ``seat``'s own view ends a wait (another seat's secret order wakes it and
            # is waited past), and the keep-alive runs on its own timer: the stream is the
            # same whatever other seats do in secret.
            shown = match.version_of(seat)
            yield f"data: {shown}\n\n"
            while True:
                await until_shown(match, seat, shown, quiet)
                now = match.version_of(seat)
                if now == shown:
                    yield ": still here\n\n"
                else:
                    shown = now
                    yield f"data: {shown}\n\n"

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def open_games(_: Request) -> JSONResponse:
        found = await run_in_threadpool(lobby.open_games)
        table = [
            {
                "id": match.id,
                "game": match.game.name,
                "variant": match.game.variant,
                "seats": match.seats,
                "free": free,
            }
            for match, free in found
        ]
        return JSONResponse({"games": table})

    async def join(request: Request) -> JSONResponse:
        match_id, seat = request.path_params["id"], request.path_params["seat"]
        token = await run_in_threadpool(lobby.join, match_id, seat)
        return JSONResponse({"seat": seat, "token": token, "url": f"/play/{token}"}, 201)

    async def rematch(request: Request) -> JSONResponse:
        match, seat = find(request)
        made, token = await run_in_threadpool(lobby.rematch, match, seat)
        answer = {"id": made.id, "seat": seat, "token": token, "url": f"/play/{token}"}
        return JSONResponse(answer, status_code=201, background=with_bots(made))

    async def replay_view(request: Request) -> JSONResponse:
        match, _ = find(request)
        if not match.over():
            raise Refused(409, "the replay (it holds every secret) is shown once the game is over")
        n = number(request.path_params["n"], "a step", len(match.actions), beyond=404)
        return JSONResponse(await run_in_threadpool(replay_step, match, n))

    async def download(request: Request) -> Response:
        match, _ = find(request)
        if not match.over():
            raise Refused(409, "the replay (it holds every secret) is given once the game is over")
        text = dumps(match.game, match.replay(), indent=1)
        name = f"{match.game.name}-{match.id}.json"
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    def page(name: str) -> Any:
        async def serve(_: Request) -> FileResponse:
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-store"})

        return serve

    def guarded(handler: Any) -> Any:
        async def run(request: Request) -> Response:
            try:
                response: Response = await handler(request)
            except Refused as error:
                return refusal(error)
            return response

        return run

    api = [
        Route("/api/catalog", guarded(catalog)),
        Route("/api/games", guarded(create), methods=["POST"]),
        Route("/api/replays", guarded(upload), methods=["POST"]),
        Route("/api/play/{token}", guarded(view)),
        Route("/api/play/{token}/steps/{n}", guarded(step)),
        Route("/api/play/{token}/actions", guarded(act), methods=["POST"]),
        Route("/api/play/{token}/odds", guarded(odds), methods=["POST"]),
        Route("/api/play/{token}/events", guarded(events)),
        Route("/api/play/{token}/replay", guarded(download)),
        Route("/api/play/{token}/replay/{n}", guarded(replay_view)),
        Route("/api/play/{token}/rematch", guarded(rematch), methods=["POST"]),
        Route("/api/lobby", guarded(open_games)),
        Route("/api/games/{id}/seats/{seat}", guarded(join), methods=["POST"]),
    ]
    pages = [
        Route("/", page("index.html")),
        Route("/play/{token}", page("play.html")),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def no_route(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": error.detail}, status_code=error.status_code)
        return PlainTextResponse(error.detail, status_code=error.status_code)

    app = Starlette(
        routes=api + pages,
        exception_handlers={404: no_route, 405: no_route},
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    return app


def number(text: str, what: str, most: int, *, beyond: int) -> int:
    """The number written ``text`` in a path or query, from 0 to ``most``: every such value
    is read here.

    :raises Refused: 400 for anything but a plain decimal (ASCII digits, no sign, space or
        other digit), ``beyond`` for one past ``most``.
    """
    if _DECIMAL.fullmatch(text) is None:
        raise Refused(400, f"{what} takes a plain decimal number")
    digits = text.lstrip("0") or "0"  # int() of a long text is slow, or refused
    if len(digits) > len(str(most)) or int(digits) > most:
        raise Refused(beyond, f"{what} goes from 0 to {most}")
    return int(digits)


def _setup_keyword(attribute: attrs.Attribute[Any]) -> dict[str, Any]:
    """A set-up keyword for the lobby: its name, default, line of description and the values
    it offers, each in words (none for a keyword given as JSON)."""
    words = said(attribute)
    return {
        "name": attribute.name,
        "default": _jsonable(attribute.default),
        "about": about(attribute),
        "values": [
            {"value": _jsonable(v), "words": words.get(v) or json.dumps(_jsonable(v))}
            for v in offered(attribute)
        ],
    }


def _jsonable(value: Any) -> Any:
    """An option's default as JSON (tuples as lists; anything else JSON lacks as text)."""
    return json.loads(json.dumps(value, default=str))
