"""The game server: tables, storage and the ASGI app (``skipbo serve``).

The server is the only authority over a table; rules come from :mod:`skipbo.core`
and every client only ever receives the player view of its own seat.
"""

from .config import TableConfig, TableError
from .storage import (
    PostgresStorage,
    SqliteStorage,
    Storage,
    StoredSeat,
    StoredTable,
    hash_token,
    open_storage,
)
from .tables import Table, TableRegistry

__all__ = [
    "PostgresStorage",
    "SqliteStorage",
    "Storage",
    "StoredSeat",
    "StoredTable",
    "Table",
    "TableConfig",
    "TableError",
    "TableRegistry",
    "hash_token",
    "open_storage",
]
