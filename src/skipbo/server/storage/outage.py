"""Telling a store that cannot be reached from a bug.

When PostgreSQL is stopped or unreachable (or the pool waited too long for a
connection), a request must get a coded, retryable refusal (``storage_unavailable``,
HTTP 503) and a warning in the log, never a plain-text 500 or "internal error":
nothing was changed, and the same request will work once the database is back.
"""

from __future__ import annotations

import sqlite3

from .base import StorageClosedError, StorageUnavailable


def outage_types() -> tuple[type[Exception], ...]:
    """The exception classes that mean the store is away for now (not a bug of ours):
    the PostgreSQL driver's only where it is installed."""
    kinds: list[type[Exception]] = [StorageUnavailable, StorageClosedError]
    kinds.append(sqlite3.OperationalError)
    try:
        import psycopg
        import psycopg_pool

        kinds += [psycopg.OperationalError, psycopg_pool.PoolTimeout, psycopg_pool.PoolClosed]
    except ImportError:  # without the extras no PostgreSQL error can happen
        pass
    return tuple(kinds)


def is_outage(exc: BaseException) -> bool:
    """Whether ``exc`` means the store is away for now (not a bug of ours)."""
    return isinstance(exc, outage_types())
