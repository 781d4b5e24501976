"""Versioned migrations: a store written before them opens, upgrades and loses nothing.

``tests/fixtures/store_v0`` was written by the code before migrations existed
(its ``make.py`` says how): a SQLite file, and for PostgreSQL the old
``CREATE TABLE`` statements (the cluster's too) with the rows. Each test runs on
both stores (``storage_backend``; PostgreSQL skips without a server).
"""

from __future__ import annotations

import json
import runpy
import shutil
import threading
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from skipbo.core import format_move
from skipbo.server import TableConfig, TableRegistry
from skipbo.server.storage import StorageUnavailable, sqlite_path
from skipbo.server.storage import migrations as migrations_module
from skipbo.server.storage.migrations import LATEST, STEPS, Step
from skipbo.server.storage.tx import Tx, one
from storage_backends import Backend, postgres_backend

FIXTURE = Path(__file__).parent / "fixtures" / "store_v0"
NEW_TABLES = {
    "schema_version",
    "players",
    "sessions",
    "devices",
    "login_failures",
    "table_players",
    "games",
    "game_players",
    "ratings",
    "rating_history",
    "listings",
}


MAKER = runpy.run_path(str(FIXTURE / "make.py"))
"""The fixture's own script, for the same picture of a table as it wrote."""
EXPECTED: dict[str, Any] = json.loads((FIXTURE / "expected.json").read_text())
PARTNERS = list(EXPECTED["tables"])[2]
"""The four-player partnership table, mid-round (the third the fixture made)."""


def write_old_store(backend: Backend) -> None:
    """Put the fixture where ``backend`` will open it (a file copy, or the SQL dump)."""
    if backend.name == "sqlite":
        shutil.copyfile(FIXTURE / "store.db", sqlite_path(backend.url))
        return
    import psycopg

    with psycopg.connect(backend.url, autocommit=True) as db:
        db.execute((FIXTURE / "postgres.sql").read_text())


def version(tx: Tx) -> int:
    row = one(tx, "SELECT version FROM schema_version")
    assert row is not None
    return int(row[0])


def table_names(backend: Backend) -> set[str]:
    storage = backend.open()
    sql = (
        "SELECT name FROM sqlite_master WHERE type = 'table'"
        if backend.name == "sqlite"
        else "SELECT table_name FROM information_schema.tables"
        " WHERE table_schema = current_schema()"
    )
    names = {str(row[0]) for row in storage.run(lambda tx: tx.rows(sql))}
    storage.close()
    return names


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_an_old_store_upgrades_with_nothing_lost(storage_backend: Backend) -> None:
    write_old_store(storage_backend)
    assert "players" not in table_names_before(storage_backend)
    storage = storage_backend.open()
    assert storage.run(version) == LATEST
    assert as_json([asdict(t) for t in storage.load_tables()]) == EXPECTED["stored"]
    registry = TableRegistry.restore_all(storage)
    assert list(registry.tables) == list(EXPECTED["tables"])
    for code, table in registry.tables.items():
        assert as_json(MAKER["table_json"](table)) == EXPECTED["tables"][code], code
        for seat, token in EXPECTED["tokens"].get(code, {}).items():
            assert table.authenticate(token) == int(seat)

    # the tables go on: a running round takes a move, a new table is stored beside them
    running = registry.get(PARTNERS)
    state = running.match.round
    move = format_move(state.legal_moves()[0])
    turn = running.bot_turn()
    if turn is None:
        token = EXPECTED["tokens"][PARTNERS][str(state.to_move)]
        running.play(state.to_move, token, move)
    else:
        running.play_bot(turn, move)
    added = registry.create(TableConfig.make(players=2))
    storage.close()

    again = storage_backend.open()  # a second opening finds the latest version: nothing to do
    assert again.run(version) == LATEST
    restored = TableRegistry.restore_all(again)
    assert restored.get(PARTNERS).log == running.log
    assert added.code in restored.tables
    again.close()
    assert table_names(storage_backend) >= NEW_TABLES


def table_names_before(backend: Backend) -> set[str]:
    """The tables of the old store, read without opening it through the new code."""
    if backend.name == "sqlite":
        import sqlite3

        with sqlite3.connect(sqlite_path(backend.url)) as db:
            rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    else:
        import psycopg

        with psycopg.connect(backend.url) as db:
            rows = db.execute(
                "SELECT table_name FROM information_schema.tables"
                " WHERE table_schema = current_schema()"
            ).fetchall()
    return {str(row[0]) for row in rows}


def test_the_cluster_tables_keep_working_after_the_upgrade(postgres_database: str) -> None:
    """``skipbo serve --workers`` creates the cluster's tables first, then each worker opens
    the store (which upgrades it); a restart does both again."""
    import psycopg

    from skipbo.server.cluster.db import create_schema

    old, fresh = postgres_backend(postgres_database), postgres_backend(postgres_database)
    write_old_store(old)
    for backend in (old, fresh, old):
        create_schema(backend.url)
        storage = backend.open()
        assert storage.run(version) == LATEST
        storage.close()
    with psycopg.connect(old.url) as db:
        rows = db.execute("SELECT table_id, version FROM cluster_tables").fetchall()
    assert rows == [(next(iter(EXPECTED["tables"])), 0)]
    assert "cluster_tables" in table_names(fresh)


def test_a_new_store_gets_every_step(storage_backend: Backend) -> None:
    storage = storage_backend.open()
    assert storage.run(version) == LATEST
    storage.close()
    assert table_names(storage_backend) >= NEW_TABLES | {"tables", "seats", "moves"}
    assert [step.version for step in STEPS] == list(range(1, LATEST + 1))


def test_a_store_of_a_newer_server_is_refused(storage_backend: Backend) -> None:
    storage = storage_backend.open()
    storage.run(lambda tx: tx.rows("UPDATE schema_version SET version = {p}", (LATEST + 1,)))
    storage.close()
    with pytest.raises(StorageUnavailable, match=f"schema version {LATEST + 1}") as caught:
        storage_backend.open()
    assert "\n" not in str(caught.value)


def test_a_failing_step_leaves_the_store_as_it_was(
    storage_backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_old_store(storage_backend)
    before = table_names_before(storage_backend)
    statements = ("CREATE TABLE x (a INTEGER)", "nonsense")
    broken = Step(LATEST + 1, "a step that fails half-way", statements)
    monkeypatch.setattr(migrations_module, "STEPS", (*STEPS, broken))
    monkeypatch.setattr(migrations_module, "LATEST", LATEST + 1)
    with pytest.raises(Exception, match=r"nonsense|syntax"):
        storage_backend.open()
    assert table_names_before(storage_backend) == before  # not even step 2 stayed
    monkeypatch.undo()
    storage = storage_backend.open()
    assert storage.run(version) == LATEST
    storage.close()


def test_workers_opening_an_old_store_together_upgrade_it_once(storage_backend: Backend) -> None:
    write_old_store(storage_backend)
    found: list[int] = []
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            storage = storage_backend.open()
            found.append(storage.run(version))
            storage.close()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and found == [LATEST] * 4
    storage = storage_backend.open()
    assert len(storage.load_tables()) == len(EXPECTED["stored"])
    storage.close()
