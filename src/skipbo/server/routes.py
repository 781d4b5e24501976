"""The HTTP routes of the tables, written once for one process and the cluster.

Each route validates its body (:mod:`.messages`), applies the per-client limits
(:mod:`.guard`) and asks the server's :class:`~.service.TableService`; a refusal
is a coded error.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from .accounts import Accounts
from .config import TableConfig, TableError
from .guard import RateLimiter, client_address
from .messages import CreateTableRequest, FillRequest, JoinRequest, TokenRequest
from .online import Online
from .player_routes import open_table, session_player
from .service import TableService
from .tutorial import tutorial_config


def add_table_routes(
    app: FastAPI,
    service: TableService,
    online: Online,
    accounts: Accounts,
    limiter: RateLimiter,
) -> None:
    """Health, create, join, leave, a spectator's view and finished rounds' records.

    A table made here is listed (public ones in the lobby), and a seat taken by a
    browser with a session is linked to its player (profile, ratings).
    """

    async def link(request: Request, joined: dict[str, Any]) -> None:
        player = await session_player(accounts, request)
        if player is not None and "seat" in joined:
            await online.seated(joined["code"], joined["seat"], player.player_id, joined["table"])

    async def count_creation(request: Request) -> None:
        """Count one more table made by this client; refused past the per-client limit."""
        if not await limiter.allow_async(client_address(request)):
            raise TableError("too_many_tables", limit=limiter.per_minute)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return service.health()

    @app.get("/healthz")
    async def alive() -> dict[str, Any]:
        """The process answers (a load balancer's liveness check)."""
        return {"ok": True}

    @app.get("/readyz")
    async def ready() -> JSONResponse:
        """Every service the server needs answers: 200, else 503 naming what does not."""
        checks = await service.readiness()
        ready = all(checks.values())
        return JSONResponse({"ready": ready, **checks}, status_code=200 if ready else 503)

    @app.post("/api/tables")
    async def create(body: CreateTableRequest, request: Request) -> dict[str, Any]:
        if body.slow_hours is not None and body.turn_seconds is not None:
            # refused here, not in TableConfig.make, so that a table stored with both
            # before this check still restores
            reason = "a slow game has no turn timer (its deadline is slow_hours)"
            raise TableError("invalid_value", "turn_seconds", reason=reason)
        config = TableConfig.make(
            body.players,
            body.stock,
            body.teams,
            body.target,
            body.seats,
            body.turn_seconds,
            body.hints,
            body.public,
            body.rated,
            body.slow_hours,
            body.on_timeout,
        )
        if body.name is not None and "human" not in config.seats:
            raise TableError("bots_only_name", "name")
        await count_creation(request)
        player = await session_player(accounts, request)
        return await open_table(
            service, online, config, body.name, None if player is None else player.player_id
        )

    @app.post("/api/tutorial")
    async def tutorial(body: JoinRequest, request: Request) -> dict[str, Any]:
        """The guided first game: ``name`` against the greedy bot on the arranged deal.
        Not listed and not linked to the player: it is a lesson, not a game to rate."""
        await count_creation(request)
        return await service.create(tutorial_config(), body.name)

    @app.post("/api/tables/{code}/join")
    async def join(code: str, body: JoinRequest, request: Request) -> dict[str, Any]:
        joined = await service.join(code, body.name)
        await online.joined(joined["code"], joined["table"])
        await link(request, joined)
        return joined

    @app.post("/api/tables/{code}/leave")
    async def leave(code: str, body: TokenRequest) -> dict[str, Any]:
        left = await service.leave(code, body.token)
        await online.unseated(left["code"], left["seat"])
        return left

    @app.post("/api/tables/{code}/fill")
    async def fill(code: str, body: FillRequest) -> dict[str, Any]:
        """A person who waited long enough: bots take the open seats, the game starts."""
        return await service.fill(code, body.token, body.bot)

    @app.get("/api/tables/{code}")
    async def info(code: str) -> dict[str, Any]:
        return await service.public_view(code)

    @app.get("/api/tables/{code}/records/{round_index}")
    async def record(code: str, round_index: int) -> dict[str, Any]:
        return await service.record(code, round_index)
