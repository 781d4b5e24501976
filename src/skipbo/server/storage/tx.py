"""One transaction, written once for both stores: :class:`Tx`, :data:`Op` and conflicts.

The accounts, ratings and listings are read and changed by *operations*: a
plain function that takes a :class:`Tx` and runs its statements through it.
A store runs an operation on its writer thread in one transaction
(:meth:`~.base.GroupCommitStorage.run`, or ``run_async`` from an event loop),
after every write queued before it, so an operation sees a table created just
before and cannot interleave with another. Statements are written with ``{p}``
for a parameter; the store puts its own marker there (``?`` or ``%s``).

An operation never hashes a password or does other slow work: it runs on the
thread that commits every move, so the caller does that before or after.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Protocol, TypeVar

Row = tuple[Any, ...]
T = TypeVar("T")


class StorageConflict(ValueError):
    """A statement broke a uniqueness or key constraint; the operation was undone."""


class Tx(Protocol):
    """The open transaction an operation runs in."""

    dialect: str
    """``"sqlite"`` or ``"postgres"``: for the few statements that differ."""

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run one statement; its rows (none for a statement that returns none)."""
        ...

    def attempt(self, sql: str, params: Sequence[Any] = ()) -> list[Row] | None:
        """:meth:`rows`, or None if the statement broke a constraint (undone alone).

        The transaction goes on either way, so an operation can try a name and
        then another one.
        """
        ...


Op = Callable[[Tx], T]
"""An operation: what a store runs in one transaction."""


class Store(Protocol):
    """What runs operations: both stores (:class:`~.base.GroupCommitStorage`)."""

    def run(self, op: Op[T]) -> T:
        """Run ``op`` in one transaction; blocks until committed (not on the event loop)."""
        ...

    def run_async(self, op: Op[T]) -> asyncio.Future[T]:
        """:meth:`run` from the event loop: the future completes once committed."""
        ...


def one(tx: Tx, sql: str, params: Sequence[Any] = ()) -> Row | None:
    """The first row of a statement, or None."""
    found = tx.rows(sql, params)
    return found[0] if found else None


def for_update(tx: Tx) -> str:
    """The suffix that locks the rows read until the end of the transaction.

    PostgreSQL needs it so that two workers rating games of the same player at
    once do not both read the old rating; SQLite's transaction holds the whole
    database already (``BEGIN IMMEDIATE``), so it needs none.
    """
    return " FOR UPDATE" if tx.dialect == "postgres" else ""


@lru_cache(maxsize=512)
def with_marker(sql: str, marker: str) -> str:
    """``sql`` with each ``{p}`` replaced by the store's parameter marker."""
    return sql.replace("{p}", marker)


def placeholders(count: int) -> str:
    """``{p}, {p}, ...``: the parameters of an ``IN (...)`` list."""
    return ", ".join(["{p}"] * count)
