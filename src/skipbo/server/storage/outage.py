"""Telling a store that cannot be reached from a bug.

When PostgreSQL is stopped or unreachable (or the pool waited too long for a
connection), a request must get a coded, retryable refusal (``storage_unavailable``,
HTTP 503) and a warning in the log, never a plain-text 500 or "internal error":
nothing was changed, and the same request will work once the database is back.
"""

from __future__ import annotations

import sqlite3

from .base import StorageClosedError, StorageUnavailable


def is_outage(exc: BaseException) -> bool:
    """Whether ``exc`` means the store is away for now (not a bug of ours)."""
    if isinstance(exc, StorageUnavailable | StorageClosedError | sqlite3.OperationalError):
        return True
    kinds: list[type[BaseException]] = []
    try:
        import psycopg
        import psycopg_pool

        kinds += [psycopg.OperationalError, psycopg_pool.PoolTimeout, psycopg_pool.PoolClosed]
    except ImportError:  # without the extras no PostgreSQL error can happen
        return False
    return isinstance(exc, tuple(kinds))
