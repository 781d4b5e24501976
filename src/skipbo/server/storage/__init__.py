"""Where tables live between restarts: one :class:`Storage` interface, two stores.

:class:`SqliteStorage` is the embedded default (``sqlite:///FILE``);
:class:`PostgresStorage` the production option (``postgresql://...``, extra
``postgres``). Both share the schema, the statements and the group-commit writer
(:mod:`.base`), so they keep the same promise: a move is durable before anyone
is told about it, and a restore gives back every table exactly.

Opening a store upgrades its schema (:mod:`.migrations`). Players, sessions,
ratings and listings are read and written by operations (:mod:`.tx`;
:mod:`.players`, :mod:`.games`) that a store runs in one transaction.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from .base import (
    GroupCommitStorage,
    Storage,
    StorageClosedError,
    StorageUnavailable,
    StoredSeat,
    StoredTable,
    hash_token,
)
from .postgres import PostgresStorage, is_postgres_url
from .sqlite import SqliteStorage, sqlite_path
from .tx import Op, StorageConflict, Store, Tx

__all__ = [
    "GroupCommitStorage",
    "Op",
    "PostgresStorage",
    "SqliteStorage",
    "Storage",
    "StorageClosedError",
    "StorageConflict",
    "StorageUnavailable",
    "Store",
    "StoredSeat",
    "StoredTable",
    "Tx",
    "hash_token",
    "is_postgres_url",
    "open_storage",
    "safe_url",
    "sqlite_path",
]


def open_storage(url: str) -> Storage:
    """The store a ``--db`` URL names; raises ValueError (one line) when it cannot be opened."""
    if is_postgres_url(url):
        return PostgresStorage(url)
    return SqliteStorage(url)


def safe_url(url: str) -> str:
    """``url`` with any password replaced by ``***``, fit for a log line."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))
