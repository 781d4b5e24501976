"""Group commit in :class:`SqliteStorage`: durable before acknowledged, and in order.

The server tells players about a move only after ``append_move_async`` completes,
so these tests pin down the two promises that makes safe: the completed move is
already readable by another connection (it was committed, not merely queued), and
many tables appending at once all come back, each in its own order, after reopening.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from skipbo.core import format_move
from skipbo.server import TableConfig, TableRegistry
from skipbo.server.storage import SqliteStorage, StorageClosedError

TABLES = 40
MOVES = 60


def _stored_moves(db: Path, table_id: str) -> list[tuple[int, int, str]]:
    """The moves of ``table_id`` as a separate connection sees them (committed only)."""
    with sqlite3.connect(db) as other:
        rows = other.execute(
            "SELECT round_index, move_index, move FROM moves WHERE table_id = ?"
            " ORDER BY round_index, move_index",
            (table_id,),
        ).fetchall()
    return [(int(r), int(m), str(text)) for r, m, text in rows]


def test_an_awaited_move_is_already_committed(tmp_path: Path) -> None:
    db = tmp_path / "durable.db"
    storage = SqliteStorage(str(db))
    storage.create_table("T", "{}")

    async def play() -> None:
        for index in range(5):
            await storage.append_move_async("T", 0, index, index % 2, f"h{index}b1")
            # read by a second connection right away: only committed data is visible
            assert _stored_moves(db, "T")[-1] == (0, index, f"h{index}b1")

    asyncio.run(play())
    assert len(_stored_moves(db, "T")) == 5
    storage.close()


def test_concurrent_appends_come_back_in_order(tmp_path: Path) -> None:
    db = tmp_path / "many.db"
    storage = SqliteStorage(str(db))
    codes = [f"T{i:03d}" for i in range(TABLES)]
    for code in codes:
        storage.create_table(code, '{"config": {}, "seed": 1}')

    async def table_plays(code: str, rng: random.Random) -> None:
        for index in range(MOVES):
            round_index, move_index = divmod(index, 25)
            await storage.append_move_async(
                code, round_index, move_index, index % 4, f"{code}/{index}"
            )
            if rng.random() < 0.3:
                await asyncio.sleep(0)

    async def everyone() -> None:
        rng = random.Random(7)
        await asyncio.gather(*(table_plays(code, random.Random(rng.random())) for code in codes))

    asyncio.run(everyone())
    batches = storage.batches
    storage.close()
    # far fewer commits than moves: the writes were grouped
    assert batches < TABLES * MOVES / 2

    reopened = SqliteStorage(f"sqlite:///{db}")
    tables = reopened.load_tables()
    assert [t.table_id for t in tables] == codes
    for table in tables:
        flat = [move for round_moves in table.moves for move in round_moves]
        assert flat == [(i % 4, f"{table.table_id}/{i}") for i in range(MOVES)]
    reopened.close()


def test_a_taken_slot_fails_alone(tmp_path: Path) -> None:
    db = tmp_path / "dup.db"
    storage = SqliteStorage(str(db))
    storage.create_table("T", "{}")

    async def play() -> list[BaseException | None]:
        results = await asyncio.gather(
            storage.append_move_async("T", 0, 0, 0, "first"),
            storage.append_move_async("T", 0, 0, 1, "again"),
            storage.append_move_async("T", 0, 1, 1, "second"),
            return_exceptions=True,
        )
        return list(results)

    first, again, second = asyncio.run(play())
    assert first is None and second is None
    assert isinstance(again, sqlite3.IntegrityError)
    with pytest.raises(sqlite3.IntegrityError):
        storage.append_move("T", 0, 1, 0, "taken")
    assert _stored_moves(db, "T") == [(0, 0, "first"), (0, 1, "second")]
    storage.close()
    with pytest.raises(StorageClosedError):
        storage.append_move("T", 0, 2, 0, "after close")


def test_a_table_changes_only_after_its_move_is_stored(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    storage = SqliteStorage(str(db))
    table = TableRegistry(storage).create(TableConfig.make(players=2))
    tokens = [table.join("ann")[1], table.join("bob")[1]]

    async def play() -> None:
        for _ in range(6):
            state = table.match.round
            seat, legal = state.to_move, [format_move(m) for m in state.legal_moves()]
            before = len(table.log[-1])
            pending = asyncio.ensure_future(table.play_async(seat, tokens[seat], legal[0]))
            while not pending.done():  # memory may move on only once the move is committed
                if len(table.log[-1]) > before:
                    assert len(_stored_moves(db, table.code)) > before
                await asyncio.sleep(0)
            await pending
            assert len(table.log[-1]) == before + 1
            assert _stored_moves(db, table.code)[-1] == (0, before, legal[0])

    asyncio.run(play())
    storage.close()
    restored = TableRegistry.restore_all(SqliteStorage(str(db)))
    assert restored.get(table.code).log == table.log
    restored.storage.close()
