"""Requests of one moment sent together: one round trip for all of them.

A worker at saturation asks PostgreSQL and Redis the same small thing for many
tables at once. Each round trip through the event loop costs the worker more CPU
than the request itself (a send, a wake-up, a read, the client library's own
bookkeeping), so requests made while a call is on its way wait for it and then
go together in the next call: the single-process store's writer thread does the
same for its group commit. Used for the cluster's group commit
(:class:`~.commit.GroupCommit`) and its shared rate limits
(:class:`~.limits.Windows`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

Request = TypeVar("Request")
Answer = TypeVar("Answer")


class Batches(Generic[Request, Answer]):
    """Requests submitted meanwhile go together: at most ``in_flight`` calls at a time.

    One call at a time (the default): while a call is on its way the next batch
    gathers, so a busy worker sends bigger batches rather than more of them. If a
    call fails, every request of that call gets the error; a cancelled call cancels
    its requests.
    """

    def __init__(
        self, run: Callable[[list[Request]], Awaitable[list[Answer]]], in_flight: int = 1
    ) -> None:
        self.run = run
        """Answers a batch: one answer per request, in their order."""
        self.in_flight = in_flight
        self._queue: list[tuple[Request, asyncio.Future[Answer]]] = []
        self._running = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self.batches = 0
        """Calls made (with :attr:`requests`, the mean batch size)."""
        self.requests = 0

    async def submit(self, request: Request) -> Answer:
        """Send ``request`` with whatever else is waiting; its answer."""
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self._queue.append((request, future))
        if self._running < self.in_flight:
            self._running += 1
            task = asyncio.create_task(self._flush())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return await future

    async def _flush(self) -> None:
        try:
            while self._queue:
                batch, self._queue = self._queue, []
                self.batches += 1
                self.requests += len(batch)
                try:
                    answers = await self.run([request for request, _ in batch])
                except asyncio.CancelledError:
                    for _, future in batch:
                        future.cancel()
                    raise
                except Exception as exc:
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                for (_, future), answer in zip(batch, answers, strict=True):
                    if not future.done():
                        future.set_result(answer)
        finally:
            self._running -= 1

    async def close(self) -> None:
        """Cancel the calls on their way (their requests are cancelled)."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
