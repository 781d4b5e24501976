"""No stalls from the garbage collector (issue 23 §3): a started server freezes its
start-up heap (a full collection no longer walks it) and times every collection
into ``/metrics``; ``SKIPBO_GC_TUNING=off`` leaves the heap unfrozen.

Each case runs in a fresh interpreter: freezing is once per process, and the test
process's own collector must stay as it is.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from skipbo.server.gcpauses import ENV_TUNING

SERVER = """
import asyncio, gc, json, re, sys
from skipbo.server import metrics
from skipbo.server.app import create_app
from skipbo.server.storage import open_storage

app = create_app(open_storage("sqlite:///" + sys.argv[1]))

async def started():
    async with app.router.lifespan_context(app):
        frozen, tracked = gc.get_freeze_count(), len(gc.get_objects())
        gc.collect()
        text = metrics.exposition()[0].decode()
    return {"frozen": frozen, "tracked": tracked,
            "timed": float(re.search(
                r'skipbo_gc_pause_seconds_count[{]generation="2"[}] (\\S+)', text)[1])}

print(json.dumps(asyncio.run(started())))
"""


def started_server(tmp_path: Path, tuning: str | None) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != ENV_TUNING}
    if tuning is not None:
        env[ENV_TUNING] = tuning
    done = subprocess.run(
        [sys.executable, "-c", SERVER, str(tmp_path / "gc.db")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_a_started_server_freezes_its_heap_and_times_collections(tmp_path: Path) -> None:
    result = started_server(tmp_path, None)
    assert result["frozen"] > 10_000  # the modules, routes and bots of start-up
    assert result["tracked"] < result["frozen"] / 10  # what a full collection still walks
    assert result["timed"] >= 2  # the start-up's collection before freezing, and ours


def test_the_tuning_can_be_turned_off_and_collections_are_timed_still(tmp_path: Path) -> None:
    result = started_server(tmp_path, "off")
    assert result["frozen"] == 0 and result["tracked"] > 10_000
    assert result["timed"] >= 1
