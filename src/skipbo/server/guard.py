"""HTTP hygiene: security headers, a bound on request bodies, per-client rate limits,
and coded error bodies.

Every response carries a strict Content-Security-Policy (the page has no inline
script or style), refuses framing and MIME sniffing. Every refusal becomes
``{"error", "code", "params", "field"?}`` (:mod:`.errors`), FastAPI's own
validation errors included, so the page can show it in the player's language.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections import deque
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import logs, metrics
from .account_errors import STATUS as ACCOUNT_STATUS
from .errors import CodedError
from .storage.outage import is_outage, outage_types

log = logging.getLogger(__name__)

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
MAX_BODY_BYTES = 64 * 1024
"""The largest request body a route that takes JSON reads (its largest real body is
well under 4 KiB); record uploads read theirs themselves, up to 2 MiB (:mod:`.replay`)."""
CREATE_PER_MINUTE = 10
"""Tables one client (IP address) may create a minute; 0 turns the limit off."""
GUESTS_PER_MINUTE = 120
"""New guests one client (IP address) may be made a minute; 0 turns the limit off. A
browser becomes a guest once (its first ``/api/me``), so this is a crowd behind one
address; without a limit a script could fill the store with guests, one a request."""
CODE_MISSES_PER_MINUTE = 30
"""Table codes one client (IP address) may ask for and miss a minute before its
requests for any code are refused (``too_many_misses``); 0 turns the limit off. A
person mistypes a code a few times; a script guessing the 10^9 codes for a private
table would find one a few hundred thousand tries in, without a limit."""
SOCKETS_PER_ADDRESS = 200
"""WebSockets one client (IP address) may hold open at once, per process; 0 turns the
limit off. A person holds one per open table (a tab each); 200 leaves room for a
school or an office behind one address, and stops one address from opening sockets
until the server's memory or file descriptors run out."""
TABLE_PATH = re.compile(r"^/(?:api/tables|ws)/[^/]+")
"""The paths that name a table by its code (``/api/tables`` itself does not)."""
STATUS = {
    "no_table": 404,
    "too_many_misses": 429,
    "too_many_sockets": 429,
    "too_many_tables": 429,
    "too_many_guests": 429,
    "too_many_analyses": 429,
    "record_too_large": 413,
    "too_large": 413,
    "not_found": 404,
    "cross_origin": 403,
}


class SecurityHeaders:
    """Pure ASGI middleware (no per-request task, unlike ``BaseHTTPMiddleware``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimit:
    """Refuses a request body larger than :data:`MAX_BODY_BYTES` (``too_large``, 413),
    by its declared length before any of it is read, else as soon as more arrived.

    Without it a route reads the whole body into memory before its schema is checked,
    so one request of a few hundred megabytes (or a few at once) would take as much of
    the server's memory. ``own``: paths that read their body themselves under a limit
    of their own (record uploads: :func:`.replay.read_upload`).
    """

    def __init__(self, app: ASGIApp, own: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.own = own

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in self.own:
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            await coded_response(too_large())(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY_BYTES:  # FastAPI passes an HTTPException on
                raise HTTPException(413)
            return message

        await self.app(scope, limited, send)


class CodeGuesses:
    """Refuses every request that names a table code (:data:`TABLE_PATH`) from a
    client that missed more than ``per_minute`` codes in the last minute: 429
    ``too_many_misses``, or a WebSocket closed with 4429. A miss is a 404 answer to
    such a request, or a table socket closed with 4404 (no table).

    ``misses`` counts them (:class:`ClientLimits`): in this process, or a cluster's in
    Redis for every worker together (:class:`~.cluster.limits.SharedMisses`)."""

    def __init__(self, app: ASGIApp, misses: RateLimiter) -> None:
        self.app = app
        self.misses = misses

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket") or not TABLE_PATH.match(scope["path"]):
            await self.app(scope, receive, send)
            return
        client = scope_client(scope)
        if self.misses.exhausted(client):
            refused = CodedError("too_many_misses", limit=self.misses.per_minute)
            if kind == "websocket":
                await refuse_socket(refused, receive, send)
                return
            await coded_response(refused)(scope, receive, send)
            return

        async def counting(message: Message) -> None:
            kind = message["type"]
            if (kind == "http.response.start" and message["status"] == 404) or (
                kind == "websocket.close" and message.get("code") == 4404
            ):
                await self.misses.allow_async(client)
            await send(message)

        await self.app(scope, receive, counting)


class SocketLimit:
    """Refuses a WebSocket from a client that holds ``per_address`` open ones already:
    accepted, told ``too_many_sockets`` and closed with 4429 (the page says it and
    tries again later, as after a lost connection). Counted in this process."""

    def __init__(self, app: ASGIApp, per_address: int = SOCKETS_PER_ADDRESS) -> None:
        self.app = app
        self.per_address = per_address
        self.open: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket" or self.per_address <= 0:
            await self.app(scope, receive, send)
            return
        client = scope_client(scope)
        if self.open.get(client, 0) >= self.per_address:
            refused = CodedError("too_many_sockets", limit=self.per_address)
            await refuse_socket(refused, receive, send)
            return
        self.open[client] = self.open.get(client, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.open[client] - 1
            if left:
                self.open[client] = left
            else:
                del self.open[client]


def scope_client(scope: Scope) -> str:
    """The client a per-client limit counts, from an ASGI scope (a request's, for
    :func:`client_address`): its IP address ("?" when unknown)."""
    client = scope.get("client")
    return str(client[0]) if client else "?"


async def refuse_socket(refused: CodedError, receive: Receive, send: Send) -> None:
    """A WebSocket refused as one to no table is (ws.py): accepted, told why, closed
    with 4429, so that the page can say it."""
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps(refused.message())})
    await send({"type": "websocket.close", "code": 4429})


def too_large() -> CodedError:
    """The refusal of a request body above :data:`MAX_BODY_BYTES`."""
    return CodedError("too_large", max=MAX_BODY_BYTES)


UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class SameOrigin:
    """Refuses a state-changing request, or a WebSocket, that a browser sent from
    another site (cross-site request forgery, cross-site WebSocket hijacking).

    A browser names the page's origin in ``Origin`` (and says ``Sec-Fetch-Site``);
    its host must be the host the request was sent to. A request with neither
    header comes from a program, not from a page of another site, and passes.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        checked = scope["type"] == "websocket" or (
            scope["type"] == "http" and scope["method"] in UNSAFE_METHODS
        )
        if checked and not _same_origin(dict(scope["headers"])):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4403})
                return
            refused = JSONResponse(CodedError("cross_origin").payload(), status_code=403)
            await refused(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _same_origin(headers: dict[bytes, bytes]) -> bool:
    site = headers.get(b"sec-fetch-site")
    if site is not None and site not in (b"same-origin", b"none"):
        return False
    origin = headers.get(b"origin")
    if origin is None:
        return True
    return urlsplit(origin.decode("latin-1")).netloc == headers.get(b"host", b"").decode("latin-1")


class RateLimiter:
    """At most ``per_minute`` actions per client in any 60 s window (0: no limit)."""

    WINDOW = 60.0

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._stamps: dict[str, deque[float]] = {}

    def allow(self, client: str) -> bool:
        """Count one action by ``client``; False when it is over the limit."""
        if self.per_minute <= 0:
            return True
        now = time.monotonic()
        self._forget_before(now - self.WINDOW)
        stamps = self._stamps.setdefault(client, deque())
        if len(stamps) >= self.per_minute:
            return False
        stamps.append(now)
        return True

    def exhausted(self, client: str) -> bool:
        """Whether ``client`` has used up its actions of the last minute (counts none)."""
        if self.per_minute <= 0:
            return False
        self._forget_before(time.monotonic() - self.WINDOW)
        return len(self._stamps.get(client, ())) >= self.per_minute

    async def allow_async(self, client: str) -> bool:
        """:meth:`allow`, as a cluster's shared limiter answers it (after asking Redis)."""
        return self.allow(client)

    def _forget_before(self, start: float) -> None:
        for client in list(self._stamps):
            stamps = self._stamps[client]
            while stamps and stamps[0] < start:
                stamps.popleft()
            if not stamps:
                del self._stamps[client]


def client_address(request: Request) -> str:
    """The client a per-client limit counts: its IP address ("?" when unknown)."""
    return scope_client(request.scope)


class CreateLimiter(RateLimiter):
    """At most ``per_minute`` tables per client in any 60 s window (0: no limit)."""

    def __init__(self, per_minute: int = CREATE_PER_MINUTE) -> None:
        super().__init__(per_minute)


@dataclass(frozen=True)
class ClientLimits:
    """What each client (IP) may do a minute, where it is counted: tables created,
    table codes missed (:class:`CodeGuesses`) and guests made. One process counts in
    memory (:meth:`local`); a cluster counts in Redis for all its workers together
    (``cluster.limits``), so that N workers do not allow N times as much."""

    create: RateLimiter
    misses: RateLimiter
    guests: RateLimiter

    @staticmethod
    def local(create: int, misses: int, guests: int) -> ClientLimits:
        """The limits counted in this process, by the numbers a minute."""
        return ClientLimits(CreateLimiter(create), RateLimiter(misses), RateLimiter(guests))


def coded_response(exc: CodedError) -> JSONResponse:
    """The HTTP answer to a refusal."""
    status = STATUS.get(exc.code) or ACCOUNT_STATUS.get(exc.code, 400)
    return JSONResponse(exc.payload(), status_code=status)


def add_error_handlers(app: FastAPI, models: list[type[BaseModel]]) -> None:
    """Coded bodies for refusals, validation errors (of ``models``) and unknown routes."""
    bounds = _bounds(models)

    @app.exception_handler(CodedError)
    async def refused(request: Request, exc: CodedError) -> JSONResponse:
        note_refusal(request, exc.code)
        return coded_response(exc)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        error = validation_error(exc.errors()[0], bounds)
        note_refusal(request, error.code)
        return coded_response(error)

    async def unavailable(request: Request, exc: Exception) -> JSONResponse:
        """The store away: a retryable 503 and one warning line. Registered for the
        outage's own classes, so that Starlette's last-resort handler, which logs an
        ERROR with a traceback after answering, never sees them."""
        note_refusal(request, "storage_unavailable", logging.WARNING, type(exc).__name__)
        return JSONResponse(CodedError("storage_unavailable").payload(), status_code=503)

    for kind in outage_types():
        app.add_exception_handler(kind, unavailable)

    @app.exception_handler(Exception)
    async def failed(request: Request, exc: Exception) -> JSONResponse:
        """A store that cannot be reached is a retryable 503; anything else a coded 500."""
        if is_outage(exc):
            return await unavailable(request, exc)
        metrics.refused("internal")
        log.error("request %s %s failed", request.method, request.url.path, exc_info=exc)
        return JSONResponse(CodedError("internal").payload(), status_code=500)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        # delivery.py's page for a browser's navigation to a missing address, if any
        missing_page = getattr(request.app.state, "missing_page", None)
        page: Response | None = None
        if missing_page is not None and exc.status_code == 404:
            page = missing_page(request)
        if page is not None:
            return page
        if exc.status_code == 413:  # a body past BodyLimit's, found while it was read
            return coded_response(too_large())
        # 400: a body FastAPI could not parse at all (JSON nested past the parser's
        # depth, an integer of more digits than Python converts): not "not found"
        codes = {400: "bad_json", 405: "method_not_allowed"}
        code = codes.get(exc.status_code, "not_found")
        return JSONResponse(CodedError(code).payload(), status_code=exc.status_code)


def note_refusal(
    request: Request, code: str, level: int = logging.INFO, error: str | None = None
) -> None:
    """Count a refused request and log it in one line: its code, route and table
    (the path's code), never its body, cookies or headers."""
    metrics.refused(code)
    fields = {"code": code, "method": request.method, "path": request.url.path}
    table = request.path_params.get("code")
    if table is not None:
        fields["table"] = str(table).upper()
    if error is not None:
        fields["error"] = error
    logs.event(log, level, "storage_unavailable" if error else "refused", **fields)


def validation_error(error: Any, bounds: dict[str, tuple[int, int]]) -> CodedError:
    """One pydantic error as a code naming the request field at fault."""
    names = [part for part in error.get("loc", ()) if isinstance(part, str) and part != "body"]
    field = names[-1] if names else "body"
    kind, ctx = error.get("type", ""), error.get("ctx") or {}
    if kind == "json_invalid":
        return CodedError("bad_json")
    if kind == "missing":
        return CodedError("missing_field", field)
    if kind == "extra_forbidden":
        return CodedError("unknown_field", field)
    if field in bounds and kind in ("greater_than_equal", "less_than_equal"):
        low, high = bounds[field]
        return CodedError("invalid_field", field, min=low, max=high)
    if kind == "string_too_long":
        return CodedError("too_long", field, max=ctx.get("max_length"))
    if kind == "too_long":
        return CodedError("too_many_items", field, max=ctx.get("max_length"))
    return CodedError("invalid_value", field, reason=str(error.get("msg", "invalid")))


def _bounds(models: list[type[BaseModel]]) -> dict[str, tuple[int, int]]:
    """Each bounded number field's (min, max), read from the models' JSON schema."""
    out: dict[str, tuple[int, int]] = {}
    for model in models:
        for name, prop in model.model_json_schema().get("properties", {}).items():
            for option in [prop, *prop.get("anyOf", [])]:
                if "minimum" in option and "maximum" in option:
                    out[name] = (option["minimum"], option["maximum"])
    return out
