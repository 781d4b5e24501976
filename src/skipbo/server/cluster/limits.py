"""Rate limits that hold across the cluster: counted in Redis, not per worker.

One process counts a client's tables, table codes missed and guests made, and a
seat's messages, in memory (:class:`~..guard.ClientLimits`,
:class:`~..messages.RateLimiter`); N workers counting apart would allow N times as
much to a client that reconnects to another worker. Here the counts live in Redis,
in sliding windows (a minute for a client's counts, a second for a seat's
messages: the current window's count plus the previous one's weighted by how much
of it still overlaps), and a worker takes a small batch of a seat's messages at
once (:class:`SeatBudget`), so a busy seat costs one Redis round trip per batch,
not per message, and the grants asked at one moment, for every seat and client,
share one pipelined round trip (:class:`Windows`). Redis counts what it granted,
so the workers together never grant more than the limit in any window. The keys
name the cluster (its database), so clusters sharing a Redis count apart.

Redis away: each worker falls back to its own count (one warning per outage),
so play goes on with the one-process limits per worker until Redis is back.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from typing import Any, NamedTuple

from ..guard import ClientLimits
from ..guard import RateLimiter as ClientLimiter
from ..messages import RateLimiter
from .batches import Batches

log = logging.getLogger(__name__)

PREFIX = "skipbo:limit:"
GRANT = """
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local before = tonumber(redis.call('GET', KEYS[2]) or '0') * tonumber(ARGV[4])
local granted = math.min(tonumber(ARGV[1]), math.floor(tonumber(ARGV[2]) - used - before))
if granted <= 0 then return 0 end
redis.call('INCRBY', KEYS[1], granted)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return granted
"""
"""Grant up to ARGV[1] of the limit ARGV[2] in window KEYS[1], after KEYS[2] (the
previous window) weighted by ARGV[4]; keys live ARGV[3] seconds."""
BATCH = 4
"""Messages of one seat a worker takes from Redis at once (at most)."""


class Grant(NamedTuple):
    """Ask for up to ``want`` of ``limit`` in the sliding ``window`` (seconds) of ``key``."""

    key: str
    want: int
    limit: int
    window: float


Granted = tuple[int, int] | None
"""(granted, the fixed window's index), or None when Redis does not answer."""


class Windows:
    """Counts in Redis per key and fixed window; ``None`` when Redis cannot answer.

    The grants asked meanwhile go to Redis together (:class:`~.batches.Batches`):
    one pipelined round trip of the script for all of them, which is what keeps a
    busy worker's limits cheap (docs/deploy.md, "A lean worker").
    """

    def __init__(self, redis: Any, cluster: str) -> None:
        self.redis = redis
        self.prefix = f"{PREFIX}{cluster}:"
        self._sha = hashlib.sha1(GRANT.encode()).hexdigest()
        self._batches: Batches[Grant, Granted] = Batches(self._grant_all)
        self._away = False

    @property
    def calls(self) -> int:
        """Round trips to Redis made for grants (each with every grant then waiting)."""
        return self._batches.batches

    async def grant(self, key: str, want: int, limit: int, window: float) -> Granted:
        """Up to ``want`` of ``limit`` in the sliding ``window`` of ``key``: (granted,
        the fixed window's index), or None when Redis does not answer."""
        return await self._batches.submit(Grant(key, want, limit, window))

    async def _grant_all(self, grants: list[Grant]) -> list[Granted]:
        now = time.time()
        indexes = [int(now / grant.window) for grant in grants]
        try:
            counts = await self._run_script(grants, now, indexes)
        except Exception as exc:  # Redis away: the callers count locally meanwhile
            if not self._away:
                log.warning("rate limits counted per worker while Redis is away (%s)", exc)
            self._away = True
            return [None] * len(grants)
        self._away = False
        return [(int(count), index) for count, index in zip(counts, indexes, strict=True)]

    async def _run_script(self, grants: list[Grant], now: float, indexes: list[int]) -> list[Any]:
        """The script's answers, in one pipeline (loading the script first if Redis
        lost it, e.g. after a restart)."""
        from redis.exceptions import NoScriptError  # redis-py: only a cluster needs it

        for attempt in (1, 2):
            pipe = self.redis.pipeline(transaction=False)
            for grant, index in zip(grants, indexes, strict=True):
                weight = 1.0 - (now / grant.window - index)
                key = f"{self.prefix}{grant.key}"
                ttl = 2 * math.ceil(grant.window) + 1
                pipe.execute_command(
                    "EVALSHA", self._sha, 2, f"{key}:{index}", f"{key}:{index - 1}",
                    grant.want, grant.limit, ttl, f"{weight:.6f}",
                )  # fmt: skip
            answers: list[Any] = await pipe.execute(raise_on_error=False)
            if attempt == 1 and any(isinstance(a, NoScriptError) for a in answers):
                self._sha = await self.redis.script_load(GRANT)
                continue
            for answer in answers:
                if isinstance(answer, Exception):
                    raise answer
            return answers
        raise AssertionError("unreachable")


def shared_limits(windows: Windows, create: int, misses: int, guests: int) -> ClientLimits:
    """Every per-client limit of :class:`~..guard.ClientLimits` counted in Redis, by the
    numbers a minute."""
    return ClientLimits(
        SharedLimiter(windows, create, "create"),
        SharedMisses(windows, misses),
        SharedLimiter(windows, guests, "guest"),
    )


class SharedLimiter(ClientLimiter):
    """Actions of one ``kind`` (``create``: tables, ``guest``: guests made) per client
    (IP) and minute, counted in Redis for the whole cluster."""

    def __init__(self, windows: Windows, per_minute: int, kind: str) -> None:
        super().__init__(per_minute)
        self.windows = windows
        self.kind = kind

    async def allow_async(self, client: str) -> bool:
        if self.per_minute <= 0:
            return True
        got = await self.windows.grant(f"{self.kind}:{client}", 1, self.per_minute, self.WINDOW)
        if got is None:
            return self.allow(client)
        if got[0] != 1:
            self._spent(client)
        return got[0] == 1

    def _spent(self, client: str) -> None:
        """Redis found ``client``'s count spent (nothing to remember here)."""


class SharedMisses(SharedLimiter):
    """Table codes missed per client (IP) and minute, counted in Redis for the whole
    cluster (:class:`~..guard.CodeGuesses`), so that a guesser spreading its misses
    over N workers gets one limit in all, not N.

    Asking whether a client is refused reads no Redis (every table request asks): a
    worker refuses a client once one of its own misses here found the cluster's count
    spent, for a minute from then. So a client over the limit gets at most one more
    miss on each other worker before that worker refuses it too.
    """

    def __init__(self, windows: Windows, per_minute: int) -> None:
        super().__init__(windows, per_minute, "miss")
        self._refused_until: dict[str, float] = {}
        """Clients this worker refuses, and until when (monotonic seconds)."""

    def exhausted(self, client: str) -> bool:
        until = self._refused_until.get(client)
        if until is not None:
            if until > time.monotonic():
                return True
            del self._refused_until[client]
        return super().exhausted(client)  # counted here while Redis was away

    def _spent(self, client: str) -> None:
        """Refused here for a minute from now (the ones whose minute passed forgotten)."""
        now = time.monotonic()
        for other in [c for c, until in self._refused_until.items() if until <= now]:
            del self._refused_until[other]
        self._refused_until[client] = now + self.WINDOW


class SeatBudget:
    """A seat's messages a second across the cluster (all its connections, every worker)."""

    def __init__(self, windows: Windows, rate: float) -> None:
        self.windows = windows
        self.limit = max(1, int(rate))
        self._held: dict[tuple[str, int], tuple[int, int]] = {}
        """(table, seat) -> (window, messages granted to this worker and not yet spent)."""
        self._local: dict[tuple[str, int], RateLimiter] = {}
        """The fallback while Redis is away."""

    async def allow(self, code: str, seat: int) -> bool:
        key = (code, seat)
        window, left = self._held.get(key, (-1, 0))
        if left > 0 and window == int(time.time()):
            self._held[key] = (window, left - 1)
            return True
        got = await self.windows.grant(f"msg:{code}:{seat}", BATCH, self.limit, 1.0)
        if got is None:
            return self._local.setdefault(key, RateLimiter(self.limit)).allow()
        granted, window = got
        self._held[key] = (window, max(granted - 1, 0))
        return granted > 0

    def forget(self, code: str) -> None:
        """The table left this worker: drop what it held for its seats."""
        for key in [key for key in self._held if key[0] == code]:
            del self._held[key]
        for key in [key for key in self._local if key[0] == code]:
            del self._local[key]
