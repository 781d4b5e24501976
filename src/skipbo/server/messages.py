"""The wire schema: every message a client may send, checked before it is read.

Anything that is not exactly one of these (too big, not JSON, an unknown type, an
extra field, a wrong type) is refused with a short reason, so the handlers only
ever see well-formed requests. The rate limit lives here too: it is part of what
a client is allowed to send.
"""

from __future__ import annotations

import time
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .config import TURN_SECONDS, Timeout
from .errors import CodedError

MAX_MESSAGE_BYTES = 4096
RATE_PER_SECOND = 20.0
TOKEN_MAX = 128
NAME_MAX = 256
"""Code points a name field may carry: enough for any name the server's own check
(counting grapheme clusters: 24 of up to 10 code points) accepts, so that check, which
says what is allowed, is the one to refuse a name; a family emoji alone is 7."""


class MessageError(CodedError):
    """A message refused before it reached a table; its code goes back to the client."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Hello(_Strict):
    """Take a seat by its token, or watch (no token)."""

    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=TOKEN_MAX)] | None = None


Position = tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]]
"""(round at the table, moves in it): the ``round_index`` and ``moves`` of a view."""


class MoveRequest(_Strict):
    """Play a move, in notation.md's move notation.

    ``at`` is the position of the view the player answers (its ``round_index`` and
    ``moves``): when the table has moved on since, the move is refused with
    ``table_moved_on`` instead of being judged against a position the player never
    saw (the same person on two devices, or a view still in flight). Without it
    one process judges the move against whatever position the table is at, and a
    cluster worker against the last position it sent the connection (docs/server.md).
    """

    type: Literal["move"]
    move: Annotated[str, Field(min_length=1, max_length=16)]
    at: Position | None = None


class NextRequest(_Strict):
    """Deal the next round, or play again once the match is over."""

    type: Literal["next"]


class ResignRequest(_Strict):
    """Give up: the game ends (two sides) or a bot takes the seat for good."""

    type: Literal["resign"]


class BackRequest(_Strict):
    """Take my seat back from the bot that plays for me."""

    type: Literal["back"]


class HintRequest(_Strict):
    """Ask the coach for the expert's move in my position (answered to me only)."""

    type: Literal["hint"]


Reaction = Literal["gg", "wp", "oops", "thanks", "hurry"]
REACTIONS: tuple[str, ...] = get_args(Reaction)
"""The preset reactions ("Good game", "Well played", "Oops", "Thanks", "Hurry up?"):
ids only, the page words them in its language; no free text, so nothing to moderate."""
REACTIONS_PER_MINUTE = 6.0
"""A seated player's reactions a minute on average (bursts of :data:`REACTION_BURST`)."""
REACTION_BURST = 3.0


class ReactRequest(_Strict):
    """Show everyone at the table one of the preset :data:`REACTIONS` beside my name."""

    type: Literal["react"]
    reaction: Reaction


Request = (
    Hello | MoveRequest | NextRequest | ResignRequest | BackRequest | HintRequest | ReactRequest
)
ClientMessage = Annotated[Request, Field(discriminator="type")]
_CLIENT = TypeAdapter[Request](ClientMessage)


def parse_client_message(raw: str | bytes | None) -> Request:
    """The message in ``raw``; raises :class:`MessageError` saying what is wrong."""
    if raw is None:
        raise MessageError("malformed_message", where="message", reason="empty message")
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > MAX_MESSAGE_BYTES:
        raise MessageError("message_too_large", size=size, max=MAX_MESSAGE_BYTES)
    try:
        return _CLIENT.validate_json(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "message"
        names = [part for part in first["loc"] if isinstance(part, str)]
        field = names[-1] if names else "message"
        raise MessageError("malformed_message", field, where=where, reason=first["msg"]) from None


class RateLimiter:
    """A token bucket: ``rate`` messages a second on average, bursts up to ``burst``
    (``rate`` when not given)."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float | None = None) -> None:
        self.rate = rate
        self.burst = rate if burst is None else burst
        self._tokens = self.burst
        self._last = time.monotonic()

    def allow(self) -> bool:
        """Spend one message; False when the client sends too fast."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


def reaction_limiter() -> RateLimiter:
    """A connection's own bucket for reactions, apart from its messages' (a game's
    moves never wait for a reaction, nor a reaction for the moves)."""
    return RateLimiter(REACTIONS_PER_MINUTE / 60, REACTION_BURST)


class CreateTableRequest(_Strict):
    """``POST /api/tables``: the table's set-up, and optionally the creator's name."""

    players: Annotated[int, Field(ge=2, le=6)] = 2
    stock: Annotated[int, Field(ge=1, le=30)] | None = None
    teams: bool = False
    target: Annotated[int, Field(ge=1, le=10_000)] | None = None
    seats: Annotated[list[Annotated[str, Field(max_length=32)]], Field(max_length=6)] | None = None
    name: Annotated[str, Field(max_length=NAME_MAX)] | None = None
    turn_seconds: Annotated[int, Field(ge=TURN_SECONDS[0], le=TURN_SECONDS[1])] | None = None
    hints: bool | None = None
    public: bool = False
    rated: bool = False
    slow_hours: int | None = None
    on_timeout: Timeout = "lose"


class JoinRequest(_Strict):
    """``POST /api/tables/{code}/join``."""

    name: Annotated[str, Field(max_length=NAME_MAX)]


class FillRequest(_Strict):
    """``POST /api/tables/{code}/fill``: bots take the open seats."""

    token: Annotated[str, Field(min_length=1, max_length=TOKEN_MAX)]
    bot: Annotated[str, Field(max_length=32)] = "hard"


class TokenRequest(_Strict):
    """A request that only needs the seat's token."""

    token: Annotated[str, Field(min_length=1, max_length=TOKEN_MAX)]
