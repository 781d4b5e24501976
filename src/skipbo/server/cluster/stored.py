"""Finished rounds read straight from PostgreSQL (replays and analyses on a worker)."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool

from ..config import TableError
from ..storage import StoredTable
from ..tables import Table, TableRegistry


class StoredRegistry(TableRegistry):
    """Tables read from PostgreSQL on every request (the replay of a finished round)."""

    def get(self, code: str) -> Table:
        code = code.strip().upper()
        stored: StoredTable | None = self.storage.load_table(code)
        if stored is None:
            raise TableError("no_table")
        return Table.restore(stored, self.storage)

    async def fetch(self, code: str) -> Table:
        """:meth:`get` in the threadpool: a PostgreSQL read must not hold up the
        event loop, which serves every WebSocket of this worker."""
        return await run_in_threadpool(self.get, code)
