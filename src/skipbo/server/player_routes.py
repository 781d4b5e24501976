"""The HTTP routes of people: who you are, your account, the lobby, profiles, pairing.

Written once for both servers, over the store's operations and the server's
:class:`~.service.TableService`. Identity is a session cookie (httpOnly,
SameSite=Lax, Secure over https): the first visit that asks ``/api/me`` gets a
guest at once; no page asks for an account before a game. The methods that
hash a password run in the threadpool, never on the event loop.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict
from typing import Annotated, Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from .account_errors import AccountError
from .accounts import GUEST_SESSION, Accounts, SignedIn, session_seconds
from .config import TableConfig, TableError, Timeout
from .errors import CodedError
from .guard import GUESTS_PER_MINUTE, RateLimiter, client_address
from .messages import NAME_MAX, _Strict
from .online import Online
from .pairing import pairing_order
from .ratings import START
from .service import TableService
from .storage import games as pages
from .storage.games import TableShown
from .storage.players import PlayerRow
from .storage.tx import Op, Tx

SESSION_COOKIE = "skipbo_session"
DEVICE_COOKIE = "skipbo_device"
FIND_PLAYERS = 4
"""Find a game pairs 2, 3 or 4 players (4: alone or as 2x2 partners)."""
FIND_STOCKS = (10, 30)
"""Find a game offers short (10) and normal (30) rounds."""
FIND_SCAN = 200
"""Find a game looks at this many of the newest open tables of the kind asked for."""
MAX_ID = 2**63 - 1
"""The largest id the store holds (SQLite's INTEGER, PostgreSQL's BIGINT): a larger one in a
path or query is refused as invalid, not handed to the driver, which cannot bind it."""
StoredId = Annotated[int, Field(ge=0, le=MAX_ID)]


class NameRequest(_Strict):
    name: Annotated[str, Field(max_length=NAME_MAX)]


class Credentials(_Strict):
    user_name: Annotated[str, Field(max_length=NAME_MAX)]
    password: Annotated[str, Field(max_length=512)]


class PasswordChange(_Strict):
    old: Annotated[str, Field(max_length=512)]
    new: Annotated[str, Field(max_length=512)]


class DeleteRequest(_Strict):
    password: Annotated[str, Field(max_length=512)] | None = None


class FindRequest(_Strict):
    """``POST /api/find``: the kind of game to be paired for."""

    players: int = 2
    teams: bool = False
    stock: int = 30
    slow_hours: int | None = None
    """A slow game (hours a turn, see :data:`..config.SLOW_HOURS`); None: live."""
    on_timeout: Timeout = "lose"
    """A slow game's player past the deadline: gives up (``lose``) or a bot takes the
    seat (``bot``); only tables of the same hours and choice are joined."""
    """Bounds checked by the route: a model's bounds would be read for every ``players``
    and ``stock`` field (the table form's too), see :func:`..guard.validation_error`."""


PLAYER_MODELS: list[type[BaseModel]] = [
    NameRequest,
    Credentials,
    PasswordChange,
    DeleteRequest,
    FindRequest,
]


def player_json(player: PlayerRow, standing: pages.PlayerStanding | None) -> dict[str, Any]:
    """What a page may show of a player (never a secret)."""
    out: dict[str, Any] = {"id": player.player_id, "name": player.name, "kind": player.kind}
    if standing is not None:
        out.update(
            rating=standing.rating,
            provisional=standing.provisional,
            games=standing.games,
            wins=standing.wins,
        )
    return out


def set_session(request: Request, response: Response, signed: SignedIn) -> None:
    """The session (and trusted-device) cookies: httpOnly, SameSite=Lax, Secure on https."""
    secure = request.url.scheme == "https"

    def cookie(name: str, value: str, seconds: float) -> None:
        response.set_cookie(
            name, value, max_age=int(seconds), httponly=True, samesite="lax", secure=secure
        )

    cookie(SESSION_COOKIE, signed.session_id, session_seconds(signed.player.kind))
    if signed.device_token:
        cookie(DEVICE_COOKIE, signed.device_token, GUEST_SESSION)


async def session_player(accounts: Accounts, request: Request) -> PlayerRow | None:
    """The player of the request's session cookie, or None (no session, or an ended one)."""
    return await accounts.player_async(request.cookies.get(SESSION_COOKIE))


def add_player_routes(
    app: FastAPI,
    service: TableService,
    online: Online,
    accounts: Accounts,
    guests: RateLimiter | None = None,
) -> None:
    """``/api/me``, ``/api/account/*``, ``/api/lobby``, ``/api/players/{id}``,
    ``/api/leaderboard`` and ``/api/find``; ``guests`` limits the guests made per client
    (default: :data:`.guard.GUESTS_PER_MINUTE`, counted in this process)."""
    guests = guests or RateLimiter(GUESTS_PER_MINUTE)
    store = online.store

    async def me(request: Request) -> PlayerRow:
        player = await session_player(accounts, request)
        if player is None:
            raise AccountError("not_logged_in")
        return player

    async def described(player: PlayerRow) -> dict[str, Any]:
        return player_json(player, await store.run_async(pages.standing(player.player_id)))

    @app.get("/api/me")
    async def who(request: Request, response: Response) -> dict[str, Any]:
        """The player of this browser; a first visit becomes a guest at once."""
        player = await session_player(accounts, request)
        if player is None:
            if not await guests.allow_async(client_address(request)):
                raise CodedError("too_many_guests", limit=guests.per_minute)
            signed = await run_in_threadpool(accounts.new_guest)
            set_session(request, response, signed)
            player = signed.player
        return await described(player)

    @app.post("/api/me/name")
    async def rename(body: NameRequest, request: Request) -> dict[str, Any]:
        session = request.cookies.get(SESSION_COOKIE) or ""
        player = await run_in_threadpool(accounts.rename, session, body.name)
        return await described(player)

    @app.post("/api/account/claim")
    async def claim(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        session = request.cookies.get(SESSION_COOKIE) or ""
        signed = await run_in_threadpool(accounts.claim, session, body.user_name, body.password)
        set_session(request, response, signed)
        return await described(signed.player)

    @app.post("/api/account/login")
    async def log_in(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        signed = await run_in_threadpool(
            lambda: accounts.log_in(
                body.user_name,
                body.password,
                client_address(request),
                device=request.cookies.get(DEVICE_COOKIE),
                session_id=request.cookies.get(SESSION_COOKIE),
            )
        )
        set_session(request, response, signed)
        return await described(signed.player)

    @app.post("/api/account/logout")
    async def log_out(request: Request, response: Response) -> dict[str, Any]:
        await run_in_threadpool(accounts.log_out, request.cookies.get(SESSION_COOKIE))
        response.delete_cookie(SESSION_COOKIE)
        return {"ok": True}

    @app.post("/api/account/password")
    async def password(body: PasswordChange, request: Request, response: Response) -> Any:
        session = request.cookies.get(SESSION_COOKIE) or ""
        signed = await run_in_threadpool(
            accounts.change_password, session, body.old, body.new, client_address(request)
        )
        set_session(request, response, signed)
        return await described(signed.player)

    @app.post("/api/account/delete")
    async def delete(body: DeleteRequest, request: Request, response: Response) -> Any:
        session = request.cookies.get(SESSION_COOKIE) or ""
        player = await me(request)
        await run_in_threadpool(
            accounts.delete_account, session, body.password, client_address(request)
        )
        await online.deleted(player.player_id, service.rename_seat)
        response.delete_cookie(SESSION_COOKIE)
        return {"ok": True}

    @app.get("/api/account/games")
    async def my_games(request: Request) -> StreamingResponse:
        """All my finished games, one JSON object a line (every page of the profile)."""
        player = await me(request)
        games: list[pages.GameShown] = []
        before: int | None = None
        while True:
            page = await store.run_async(pages.player_games(player.player_id, 200, before))
            games += page
            if len(page) < 200:
                break
            before = page[-1].game_id

        def lines() -> Iterator[str]:
            for game in games:
                yield json.dumps(shown_game(game), ensure_ascii=False) + "\n"

        headers = {"Content-Disposition": 'attachment; filename="skipbo-games.jsonl"'}
        return StreamingResponse(lines(), media_type="application/x-ndjson", headers=headers)

    @app.post("/api/tables/{code}/reseat")
    async def reseat(code: str, request: Request) -> dict[str, Any]:
        """Sit back down at my seat from another device: a new seat token (the browser
        that had the old one asks this again the same way)."""
        player = await me(request)
        code = code.strip().upper()
        seats = await store.run_async(seats_of(code, player.player_id))
        if not seats:
            raise TableError("not_your_seat", seat=-1)
        return await service.reseat(code, seats[0])

    @app.get("/api/lobby")
    async def lobby() -> dict[str, Any]:
        """Open public tables, newest first, with the players already seated, and the
        public games in play (``playing``), which anyone may watch."""
        tables = await store.run_async(pages.lobby())
        playing = await store.run_async(pages.playing())
        return {
            "tables": [asdict(table) for table in tables],
            "playing": [asdict(table) for table in playing],
        }

    @app.get("/api/me/tables")
    async def my_tables(request: Request) -> dict[str, Any]:
        """The tables this player sits at that are not over, and those waiting for them."""
        player = await me(request)
        running = await store.run_async(pages.running_tables(player.player_id))
        turn = await store.run_async(pages.your_turn(player.player_id))
        return {"running": [asdict(t) for t in running], "your_turn": [asdict(t) for t in turn]}

    @app.get("/api/players/{player_id}")
    async def profile(player_id: StoredId, before: StoredId | None = None) -> dict[str, Any]:
        standing = await store.run_async(pages.standing(player_id))
        if standing is None:
            raise TableError("not_found")
        games = await store.run_async(pages.player_games(player_id, 20, before))
        graph = await store.run_async(pages.rating_graph(player_id))
        return {
            "player": asdict(standing) | {"provisional": standing.provisional},
            "games": [shown_game(game) for game in games],
            "graph": [asdict(point) for point in graph],
        }

    @app.get("/api/leaderboard")
    async def leaderboard(page: Annotated[int, Field(ge=0, le=100_000)] = 0) -> dict[str, Any]:
        return asdict(await store.run_async(pages.leaderboard(page)))

    @app.post("/api/find")
    async def find(body: FindRequest, request: Request) -> dict[str, Any]:
        """Pair the player with people waiting for the same kind of game: an open public
        table of that kind, the closest in rating first when several wait
        (:mod:`.pairing`), else a new one to wait at (cancel = leave)."""
        player = await me(request)
        if not 2 <= body.players <= FIND_PLAYERS:
            raise TableError("invalid_field", "players", min=2, max=FIND_PLAYERS)
        if body.stock not in FIND_STOCKS:
            raise TableError("invalid_field", "stock", min=FIND_STOCKS[0], max=FIND_STOCKS[-1])
        if body.teams and body.players != 4:
            raise TableError("teams_players", "teams", players=body.players)
        pace = "slow" if body.slow_hours else "live"
        waiting = await store.run_async(
            pages.waiting_tables(body.players, body.teams, body.stock, pace, FIND_SCAN)
        )
        kind = [
            table
            for table in waiting
            if not any(s.player_id == player.player_id for s in table.seats)
        ]
        standing = await store.run_async(pages.standing(player.player_id))
        rating = START.shown if standing is None or standing.rating is None else standing.rating
        for table in pairing_order(kind, rating, online.clock()):
            if table.pace == "slow" and not await _same_slow_rules(service, table, body):
                continue
            try:
                joined = await service.join(table.table_id, player.name)
            except TableError:
                continue  # taken meanwhile: the next one
            await online.joined(joined["code"], joined["table"])
            await online.seated(joined["code"], joined["seat"], player.player_id, joined["table"])
            return joined
        config = TableConfig.make(
            body.players,
            body.stock,
            body.teams,
            hints=False,
            public=True,
            rated=True,
            slow_hours=body.slow_hours,
            on_timeout=body.on_timeout,
        )
        return await open_table(service, online, config, player.name, player.player_id)


async def open_table(
    service: TableService,
    online: Online,
    config: TableConfig,
    name: str | None,
    player_id: int | None,
) -> dict[str, Any]:
    """A table made on the site (its form, or Find a game): listed (public ones in the
    lobby), and the maker's seat, if they sat down, linked to their player."""
    made = await service.create(config, name)
    open_seats = sum(1 for seat in made["table"]["seats"] if seat["kind"] == "open")
    await online.listed(made["code"], config, open_seats)
    if player_id is not None and "seat" in made:
        await online.seated(made["code"], made["seat"], player_id, made["table"])
    return made


def seats_of(code: str, player_id: int) -> Op[list[int]]:
    """The seats ``player_id`` holds at table ``code``."""

    def run(tx: Tx) -> list[int]:
        rows = tx.rows(
            "SELECT seat FROM table_players WHERE table_id = {p} AND player_id = {p} ORDER BY seat",
            (code, player_id),
        )
        return [int(row[0]) for row in rows]

    return run


async def _same_slow_rules(service: TableService, table: TableShown, wanted: FindRequest) -> bool:
    """Whether a waiting slow table gives a turn the hours ``wanted`` and does past its
    deadline what ``wanted`` chose (the listing says only "slow": its configuration
    says the rest); False for a table gone meanwhile."""
    try:
        config = (await service.public_view(table.table_id))["config"]
    except TableError:
        return False
    return bool(
        config.get("slow_hours") == wanted.slow_hours
        and config.get("on_timeout") == wanted.on_timeout
    )


def shown_game(game: pages.GameShown) -> dict[str, Any]:
    """A game of a player's list as sent: the rating before it only for a rated game,
    a new player's rating before their first (so its change shows like any other)."""
    shown = asdict(game)
    if game.rating_after is None:
        shown["rating_before"] = None
    elif game.rating_before is None:
        shown["rating_before"] = START.shown
    return shown
