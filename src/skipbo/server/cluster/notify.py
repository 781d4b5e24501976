"""Redis pub/sub: "table T changed to version V", to every worker.

Only news travels through Redis; PostgreSQL stays the authority. A message may
carry the change itself (the moves it stored and the table's shared state), so
that a worker whose copy is exactly at V-1 follows without a read; a worker
that is anywhere else reads version V from PostgreSQL. So Redis may lose
messages, restart or be briefly unreachable without any harm beyond delay: the
hub also compares its versions with PostgreSQL's every tick and after every
reconnection. One channel carries every table's news; a worker ignores tables
it does not hold.

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


def decode(data: bytes | str) -> tuple[str, int, dict[str, Any] | None] | None:
    """The table, version and news of a message, or None for anything else."""
    try:
        message = orjson.loads(data)
        return str(message["table"]), int(message["version"]), message.get("news")
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
    ) -> None:
        _require_redis()
        import redis.asyncio as aioredis

        self.url = url
        self.on_version = on_version
        self.on_subscribed = on_subscribed
        """Called after each (re)subscription: news sent meanwhile may be lost."""
        self.on_event = on_event
        """Called with each event (table, event, sending worker): see :meth:`publish_event`."""
        self.redis: Any = aioredis.from_url(
            url, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT
        )
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._listen_forever())

    async def publish(self, code: str, version: int, news: dict[str, Any] | None) -> None:
        """Tell every worker; a failure only delays the others (they poll PostgreSQL)."""
        try:
            message = encode(code, version, news)
            await asyncio.wait_for(self.redis.publish(CHANNEL, message), TIMEOUT)
        except Exception as exc:  # Redis down or slow: the others catch up by polling
            metrics.REDIS_PUBLISH_FAILURES.inc()
            log.debug("publish of %s %s failed: %s", code, version, exc)

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
        news = decode(data)
        if news is not None:
            self.on_version(*news)
            return
        event = decode_event(data)
        if event is not None and self.on_event is not None:
            self.on_event(*event)

    async def ping(self) -> None:
        """Redis answers (raises if it is away)."""
        await self.redis.ping()

    async def _listen_forever(self) -> None:
        import redis.asyncio as aioredis

        while True:
            listener: Any = aioredis.from_url(self.url, socket_connect_timeout=TIMEOUT)
            pubsub: Any = listener.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                await self.on_subscribed()
                async for message in pubsub.listen():
                    if message["type"] == "message":
                        self._heard(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a restart or a network error: subscribe again
                metrics.REDIS_LOSSES.inc()
                log.warning("redis subscription lost (%s); subscribing again", exc)
            finally:
                await _quietly(pubsub.aclose())
                await _quietly(listener.aclose())
            await asyncio.sleep(RETRY_SECONDS)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        await _quietly(self.redis.aclose())


async def _quietly(closing: Any) -> None:
    try:
        await closing
    except Exception:
        log.debug("closing a redis connection failed", exc_info=True)
