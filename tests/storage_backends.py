"""Both stores behind one test fixture, so every storage promise is checked on each.

SQLite needs nothing but a temporary file. PostgreSQL needs a running server,
named by ``SKIPBO_TEST_POSTGRES`` (``postgresql://USER:PASS@HOST:PORT/DB``, a role
allowed to create databases; ``.ci/run`` starts one and sets it). Each test
session (each xdist worker) creates a throwaway database there and drops it at
the end; each test gets a fresh schema in it, picked through the URL's
``search_path``, so tests never see each other's tables. Without the variable,
or without a reachable server, the PostgreSQL variants skip with the reason.
"""

from __future__ import annotations

import os
import sqlite3
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

import pytest

from skipbo.server.storage import GroupCommitStorage, PostgresStorage, SqliteStorage

POSTGRES_ENV = "SKIPBO_TEST_POSTGRES"
BACKENDS = ("sqlite", "postgres")
SELECT_MOVES = (
    "SELECT round_index, move_index, move FROM moves WHERE table_id = {p}"
    " ORDER BY round_index, move_index"
)

StoredMoves = list[tuple[int, int, str]]


@dataclass(frozen=True)
class Backend:
    """One store under test: its ``--db`` URL, how to open it and how to peek at it."""

    name: str
    url: str
    integrity_error: type[BaseException]
    """What a write into a taken move slot raises."""
    peek: Callable[[str], StoredMoves]
    """The moves of a table as a second connection sees them (committed only)."""

    def open(self) -> GroupCommitStorage[Any]:
        if self.name == "postgres":
            return PostgresStorage(self.url)
        return SqliteStorage(self.url)

    def stored_moves(self, table_id: str) -> StoredMoves:
        return self.peek(table_id)

    def opened(self) -> Iterator[GroupCommitStorage[Any]]:
        """The store, open for one test and closed after it (``yield from`` it in a fixture)."""
        storage = self.open()
        try:
            yield storage
        finally:
            storage.close()


def sqlite_backend(db: Path) -> Backend:
    def peek(table_id: str) -> StoredMoves:
        with sqlite3.connect(db) as other:
            rows = other.execute(SELECT_MOVES.format(p="?"), (table_id,)).fetchall()
        return [(int(r), int(m), str(text)) for r, m, text in rows]

    return Backend("sqlite", f"sqlite:///{db}", sqlite3.IntegrityError, peek)


def postgres_backend(database_url: str) -> Backend:
    """A fresh schema in the session's throwaway database."""
    import psycopg

    schema = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    url = _with_query(database_url, "options=" + quote(f"-csearch_path={schema}", safe=""))

    def peek(table_id: str) -> StoredMoves:
        with psycopg.connect(url) as other:
            rows = other.execute(SELECT_MOVES.format(p="%s"), (table_id,)).fetchall()
        return [(int(r), int(m), str(text)) for r, m, text in rows]

    return Backend("postgres", url, psycopg.IntegrityError, peek)


def throwaway_database() -> Iterator[str]:
    """Create a database for this session on the server of ``SKIPBO_TEST_POSTGRES``; yield its URL.

    Skips (with the reason) when the variable is unset, psycopg is missing or the
    server cannot be reached; drops the database afterwards.
    """
    admin_url = os.environ.get(POSTGRES_ENV)
    if not admin_url:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV}=postgresql://USER:PASS@HOST:PORT/DB")
    psycopg = pytest.importorskip("psycopg", reason="psycopg missing: pip install '.[postgres]'")
    # one database per call: a module's fixture and the session's must never share one
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    name = f"skipbo_test_{worker}_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    try:
        with psycopg.connect(admin_url, autocommit=True, connect_timeout=5) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name}")
            admin.execute(f"CREATE DATABASE {name}")
    except psycopg.Error as exc:
        pytest.skip(f"PostgreSQL at {POSTGRES_ENV} unusable: {' '.join(str(exc).split())}")
    try:
        yield _with_path(admin_url, name)
    finally:
        _drop(psycopg, admin_url, name)


def _drop(psycopg: Any, admin_url: str, name: str) -> None:
    """Drop the database, ending the sessions still on it. An autovacuum worker busy
    there belongs to no role of ours, so FORCE may not end it (InsufficientPrivilege,
    seen once in CI): it finishes soon, so the drop is tried again for a while."""
    for attempt in range(50):
        try:
            with psycopg.connect(admin_url, autocommit=True) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            return
        except psycopg.errors.InsufficientPrivilege:
            if attempt == 49:
                raise
            time.sleep(0.2)


def _with_path(url: str, dbname: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/" + dbname))


def _with_query(url: str, extra: str) -> str:
    parts = urlsplit(url)
    query = f"{parts.query}&{extra}" if parts.query else extra
    return urlunsplit(parts._replace(query=query))
