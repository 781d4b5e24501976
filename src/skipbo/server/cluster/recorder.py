"""The writes a table makes, kept instead of sent, so that they join our transaction.

A :class:`~skipbo.server.tables.Table` stores every change through its storage
before it changes memory. In the cluster the change must be one PostgreSQL
transaction together with the table's version (see :mod:`.hub`), so the table
gets a :class:`Recorder`: each write becomes a statement in :attr:`writes`, and
the hub runs them inside the transaction that holds the table's row lock.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..storage import StoredTable
from ..storage.base import Query
from ..storage.postgres import POSTGRES_SQL


class Recorder:
    """A :class:`~..storage.Storage` whose synchronous writes are queued as statements."""

    def __init__(self) -> None:
        self.writes: list[Query] = []

    def drain(self) -> list[Query]:
        """The statements recorded so far, and forget them."""
        writes, self.writes = self.writes, []
        return writes

    def _add(self, sql: str, *params: Any) -> None:
        self.writes.append((sql, params))

    def create_table(self, table_id: str, config_json: str) -> None:
        self._add(POSTGRES_SQL.create_table, table_id, config_json)

    def set_status(self, table_id: str, status_json: str) -> None:
        self._add(POSTGRES_SQL.set_status, status_json, table_id)

    def add_seat(
        self, table_id: str, seat: int, token_hash: str | None, name: str, kind: str
    ) -> None:
        self._add(POSTGRES_SQL.add_seat, table_id, seat, token_hash, name, kind)

    def update_seat(
        self, table_id: str, seat: int, token_hash: str | None, name: str, kind: str
    ) -> None:
        self._add(POSTGRES_SQL.update_seat, token_hash, name, kind, table_id, seat)

    def append_move(
        self, table_id: str, round_index: int, move_index: int, seat: int, move_text: str
    ) -> None:
        self._add(POSTGRES_SQL.insert_move, table_id, round_index, move_index, seat, move_text)

    def append_move_async(
        self, table_id: str, round_index: int, move_index: int, seat: int, move_text: str
    ) -> asyncio.Future[None]:
        raise NotImplementedError("the cluster applies changes synchronously in its transaction")

    def set_status_async(self, table_id: str, status_json: str) -> asyncio.Future[None]:
        raise NotImplementedError("the cluster applies changes synchronously in its transaction")

    def load_tables(self) -> list[StoredTable]:
        raise NotImplementedError("the cluster reads through its own connections")

    def load_table(self, table_id: str) -> StoredTable | None:
        raise NotImplementedError("the cluster reads through its own connections")

    def close(self) -> None:
        """Nothing to release."""
