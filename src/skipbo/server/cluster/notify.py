"""Redis pub/sub: "table T changed to version V", to every worker.

Only news travels through Redis; PostgreSQL stays the authority. A message may
carry the change itself (the moves it stored and the table's shared state), so
that a worker whose copy is exactly at V-1 follows without a read; a worker
that is anywhere else reads version V from PostgreSQL. So Redis may lose
messages, restart or be briefly unreachable without any harm beyond delay: the
hub also compares its versions with PostgreSQL's every tick and after every
reconnection. One channel carries every table's news; a worker ignores tables
it does not hold. The news of one moment goes out together: while one PUBLISH is
on its way, the changes committed meanwhile wait and then go as one message (a
JSON list), so a busy worker makes one Redis round trip for many tables.

Every worker hears every message, its own included, so a message of news starts
with one line naming the worker that sent it and the tables it is about
(:func:`frame`): a worker skips its own news and news of tables it does not hold
without decoding the JSON of the changes (with N workers, each would otherwise
decode the whole cluster's moves).

The same channel carries events that are never stored (a player's preset
reaction): ``{"table", "event", "from"}``, shown by every other worker to its
connections of that table; a lost one is simply not shown.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from .. import metrics

log = logging.getLogger(__name__)

CHANNEL = "skipbo:versions"
RETRY_SECONDS = 0.5
"""Pause before subscribing again after Redis went away."""
TIMEOUT = 2.0
"""Seconds to connect to Redis, or to publish, before giving up on that message."""


def _require_redis() -> None:
    try:
        import redis.asyncio  # noqa: F401
    except ImportError:
        raise ValueError("the cluster needs redis-py: pip install 'skipbo[cluster]'") from None


def check_redis(url: str) -> None:
    """One line (ValueError) when Redis cannot be reached at start-up.

    Later outages are survived (workers poll PostgreSQL); a wrong URL at start is
    a mistake worth stopping for.
    """
    _require_redis()
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=TIMEOUT)
        client.ping()
        client.close()
    except redis.RedisError as exc:
        raise ValueError(f"cannot reach Redis: {exc}") from None


def encode(code: str, version: int, news: dict[str, Any] | None) -> bytes:
    return orjson.dumps({"table": code, "version": version, "news": news})


def encode_many(items: list[bytes]) -> bytes:
    """One message of several news made by :func:`encode` (a JSON list)."""
    return items[0] if len(items) == 1 else b"[" + b",".join(items) + b"]"


News = tuple[str, int, dict[str, Any] | None]
"""A table, its new version and the change's news (None: read it from PostgreSQL)."""


NEWS_MARK = b"N "
"""The start of a framed message of news: ``N <worker> <code>,<code>...\\n<JSON>``."""


def frame(origin: str, codes: list[str], body: bytes) -> bytes:
    """``body`` (made by :func:`encode_many`) after the line that says who sent it and
    which tables it is about."""
    return b"%s%s %s\n%s" % (NEWS_MARK, origin.encode(), ",".join(codes).encode(), body)


def unframe(data: bytes) -> tuple[str, list[str], bytes] | None:
    """(the sending worker, the tables, the body) of a framed message; None if unframed."""
    if not data.startswith(NEWS_MARK):
        return None
    header, _, body = data.partition(b"\n")
    origin, _, codes = header[len(NEWS_MARK) :].decode(errors="replace").partition(" ")
    return origin, codes.split(","), body


def decode(data: bytes | str) -> list[News] | None:
    """The news of a message (one, or a list of them; framed or not), or None for
    anything else."""
    if isinstance(data, bytes) and (framed := unframe(data)) is not None:
        data = framed[2]
    try:
        message = orjson.loads(data)
        items = message if isinstance(message, list) else [message]
        return [(str(m["table"]), int(m["version"]), m.get("news")) for m in items]
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
        return None


def encode_event(code: str, event: dict[str, Any], origin: str) -> bytes:
    return orjson.dumps({"table": code, "event": event, "from": origin})


def decode_event(data: bytes | str) -> tuple[str, dict[str, Any], str] | None:
    """The table, event and sending worker of an event message, or None for anything else."""
    try:
        message = orjson.loads(data)
        event = message["event"]
        if not isinstance(event, dict):
            return None
        return str(message["table"]), event, str(message["from"])
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
        return None


class Notifier:
    """Publishes this worker's versions and listens to everyone's (redis-py's asyncio client)."""

    def __init__(
        self,
        url: str,
        on_version: Callable[[str, int, dict[str, Any] | None], None],
        on_subscribed: Callable[[], Awaitable[None]],
        on_event: Callable[[str, dict[str, Any], str], None] | None = None,
        *,
        origin: str = "",
        holds: Callable[[str], bool] = lambda code: True,
    ) -> None:
        _require_redis()
        import redis.asyncio as aioredis

        self.url = url
        self.on_version = on_version
        self.on_subscribed = on_subscribed
        """Called after each (re)subscription: news sent meanwhile may be lost."""
        self.on_event = on_event
        """Called with each event (table, event, sending worker): see :meth:`publish_event`."""
        self.origin = origin
        """This worker: its own news are not heard again."""
        self.holds = holds
        """Whether this worker holds a copy of a table (news of others are skipped)."""
        self.redis: Any = aioredis.from_url(
            url, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT
        )
        self._task: asyncio.Task[None] | None = None
        self._outbox: list[tuple[str, bytes]] = []
        """News (table, encoded) waiting for the PUBLISH in flight (:meth:`publish`)."""
        self._sending: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._listen_forever())

    def publish(self, code: str, version: int, news: dict[str, Any] | None) -> None:
        """Tell every worker, soon, with the other news of the moment; nobody waits for it."""
        self._outbox.append((code, encode(code, version, news)))
        if self._sending is None or self._sending.done():
            self._sending = asyncio.create_task(self._send_outbox())

    async def _send_outbox(self) -> None:
        """Send the waiting news, one message at a time, until none is left.

        A failure only delays the others (they poll PostgreSQL)."""
        while self._outbox:
            items, self._outbox = self._outbox, []
            codes = sorted({code for code, _ in items})
            message = frame(self.origin, codes, encode_many([item for _, item in items]))
            try:
                await asyncio.wait_for(self.redis.publish(CHANNEL, message), TIMEOUT)
            except Exception as exc:  # Redis down or slow: the others catch up by polling
                metrics.REDIS_PUBLISH_FAILURES.inc(len(items))
                log.debug("publish of %d news failed: %s", len(items), exc)

    async def publish_event(self, code: str, event: dict[str, Any], origin: str) -> None:
        """Tell every worker of an event at ``code`` that is not stored (a reaction);
        a failure loses it, which only means it is not shown elsewhere."""
        try:
            message = encode_event(code, event, origin)
            await asyncio.wait_for(self.redis.publish(CHANNEL, message), TIMEOUT)
        except Exception as exc:  # Redis down or slow: the event is not shown elsewhere
            log.debug("publish of an event at %s failed: %s", code, exc)

    def _heard(self, data: bytes | str) -> None:
        """One message of the channel: a table's new version, or an event."""
        if isinstance(data, bytes) and (framed := unframe(data)) is not None:
            origin, codes, body = framed
            if origin == self.origin or not any(self.holds(code) for code in codes):
                return  # this worker's own news, or only of tables it does not hold
            data = body
        news = decode(data)
        if news is not None:
            for item in news:
                self.on_version(*item)
            return
        event = decode_event(data)
        if event is not None and self.on_event is not None:
            self.on_event(*event)

    async def ping(self) -> None:
        """Redis answers (raises if it is away)."""
        await self.redis.ping()

    async def _listen_forever(self) -> None:
        """Subscribe, listen, and subscribe again after a loss: one warning and one count
        per loss (not per retry while Redis stays away), a line when it is back."""
        import redis.asyncio as aioredis

        lost = False
        while True:
            listener: Any = aioredis.from_url(self.url, socket_connect_timeout=TIMEOUT)
            pubsub: Any = listener.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                if lost:
                    log.warning("redis subscription back")
                    lost = False
                await self.on_subscribed()
                async for message in pubsub.listen():
                    if message["type"] == "message":
                        self._heard(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a restart or a network error: subscribe again
                if not lost:
                    metrics.REDIS_LOSSES.inc()
                    log.warning("redis subscription lost (%s); subscribing again", exc)
                lost = True
            finally:
                await _quietly(pubsub.aclose())
                await _quietly(listener.aclose())
            await asyncio.sleep(RETRY_SECONDS)

    async def close(self) -> None:
        for task in (self._task, self._sending):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        await _quietly(self.redis.aclose())


async def _quietly(closing: Any) -> None:
    try:
        await closing
    except Exception:
        log.debug("closing a redis connection failed", exc_info=True)
