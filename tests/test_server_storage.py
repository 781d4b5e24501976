"""Group commit in every store: durable before acknowledged, and in order.

The server tells players about a move only after ``append_move_async`` completes,
so these tests pin down the two promises that makes safe: the completed move is
already readable by another connection (it was committed, not merely queued), and
many tables appending at once all come back, each in its own order, after reopening.
Each test runs on SQLite and on PostgreSQL (``storage_backend``, see
``storage_backends.py``; the PostgreSQL runs skip without a server).
"""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import threading

import pytest

from skipbo.core import format_move
from skipbo.server import TableConfig, TableRegistry
from skipbo.server.storage import StorageClosedError, StorageUnavailable, open_storage
from skipbo.server.storage.tx import Tx
from storage_backends import Backend

TABLES = 40
MOVES = 60


def test_an_awaited_move_is_already_committed(storage_backend: Backend) -> None:
    storage = storage_backend.open()
    storage.create_table("T", "{}")

    async def play() -> None:
        for index in range(5):
            await storage.append_move_async("T", 0, index, index % 2, f"h{index}b1")
            # read by a second connection right away: only committed data is visible
            assert storage_backend.stored_moves("T")[-1] == (0, index, f"h{index}b1")

    asyncio.run(play())
    assert len(storage_backend.stored_moves("T")) == 5
    storage.close()


def test_concurrent_appends_come_back_in_order(storage_backend: Backend) -> None:
    storage = storage_backend.open()
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

    reopened = storage_backend.open()
    tables = reopened.load_tables()
    assert [t.table_id for t in tables] == codes
    for table in tables:
        flat = [move for round_moves in table.moves for move in round_moves]
        assert flat == [(i % 4, f"{table.table_id}/{i}") for i in range(MOVES)]
    reopened.close()


def test_an_operation_cancelled_before_it_ran_is_skipped(storage_backend: Backend) -> None:
    """A caller that gives up (its task cancelled) before the writer reached its
    operation: the operation never runs, and the writer serves on. (It used to run,
    then fail to report to the cancelled future, which ended the writer thread: every
    later write waited forever.)"""
    storage = storage_backend.open()
    ran: list[int] = []

    async def scenario() -> str:
        gate = threading.Event()
        busy = storage.run_async(lambda tx: gate.wait(5))
        given_up = storage.run_async(lambda tx: ran.append(1))
        given_up.cancel()
        await asyncio.sleep(0)  # the loop hands the cancellation on to the writer's future
        gate.set()
        await busy
        return await asyncio.wait_for(storage.run_async(lambda tx: "served"), 10)

    assert asyncio.run(scenario()) == "served"
    assert ran == []
    storage.close()


def test_operations_share_the_moves_transaction_and_fail_alone(storage_backend: Backend) -> None:
    """An operation queued among moves (a listing, a result) runs in their group commit,
    in a savepoint: one durable commit for all of them, and an operation that raises
    undoes its own statements only, not the moves or operations around it."""
    storage = storage_backend.open()
    storage.create_table("T", "{}")
    insert = "INSERT INTO tables (table_id, config) VALUES ({p}, '{}')"

    def fails(tx: Tx) -> None:
        tx.rows(insert, ("X",))
        raise ValueError("refused")

    def listed(tx: Tx) -> object:
        tx.rows(insert, ("Y",))
        return storage_backend.stored_moves("T")  # what another connection sees now

    async def scenario() -> tuple[list[object], int]:
        gate = threading.Event()
        busy = storage.run_async(lambda tx: gate.wait(5))
        await asyncio.sleep(0.2)  # the writer is inside the gate: the rest queues up
        before = storage.batches
        queued = [
            storage.append_move_async("T", 0, 0, 0, "first"),
            storage.run_async(fails),
            storage.run_async(listed),
            storage.append_move_async("T", 0, 1, 1, "second"),
        ]
        gate.set()
        await busy
        results = await asyncio.gather(*queued, return_exceptions=True)
        return results, storage.batches - before

    results, batches = asyncio.run(scenario())
    assert results[0] is None and results[3] is None
    assert results[2] == []  # "first", queued before it, commits with it: not yet visible
    assert isinstance(results[1], ValueError)
    assert batches == 2  # the gate's own transaction, then ONE for the four
    assert storage_backend.stored_moves("T") == [(0, 0, "first"), (0, 1, "second")]
    assert [table.table_id for table in storage.load_tables()] == ["T", "Y"]
    storage.close()


def test_a_taken_slot_fails_alone(storage_backend: Backend) -> None:
    storage = storage_backend.open()
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
    assert isinstance(again, storage_backend.integrity_error)
    with pytest.raises(storage_backend.integrity_error):
        storage.append_move("T", 0, 1, 0, "taken")
    assert storage_backend.stored_moves("T") == [(0, 0, "first"), (0, 1, "second")]
    storage.close()
    with pytest.raises(StorageClosedError):
        storage.append_move("T", 0, 2, 0, "after close")


def test_a_table_changes_only_after_its_move_is_stored(storage_backend: Backend) -> None:
    storage = storage_backend.open()
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
                    assert len(storage_backend.stored_moves(table.code)) > before
                await asyncio.sleep(0)
            await pending
            assert len(table.log[-1]) == before + 1
            assert storage_backend.stored_moves(table.code)[-1] == (0, before, legal[0])

    asyncio.run(play())
    storage.close()
    restored = TableRegistry.restore_all(storage_backend.open())
    assert restored.get(table.code).log == table.log
    restored.storage.close()


def test_the_sqlite_path_never_imports_psycopg() -> None:
    code = (
        "import sys\n"
        "from skipbo.server.command import main\n"
        "from skipbo.server import open_storage\n"
        "open_storage(':memory:').close()\n"
        "assert 'psycopg' not in sys.modules, 'psycopg imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_without_psycopg_the_error_says_how_to_install_it() -> None:
    code = (
        "import sys\n"
        "sys.modules['psycopg'] = None  # as if not installed\n"
        "from skipbo.cli import main\n"
        "sys.exit(main(['serve', '--db', 'postgresql://u:p@127.0.0.1:1/db']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 2
    assert (
        done.stderr
        == "skipbo: error: PostgreSQL storage needs psycopg: pip install 'skipbo[postgres]'\n"
    )


def test_an_unreachable_server_is_one_line() -> None:
    pytest.importorskip("psycopg", reason="psycopg missing: pip install '.[postgres]'")
    with pytest.raises(StorageUnavailable, match=r"^cannot reach PostgreSQL: ") as caught:
        open_storage("postgres://nobody:secret@127.0.0.1:1/none")
    assert "\n" not in str(caught.value) and "secret" not in str(caught.value)
