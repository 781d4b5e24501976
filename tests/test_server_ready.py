"""The single process's ``/healthz`` and ``/readyz`` (the cluster's: test_server_outage.py).

``/healthz`` says the process answers, whatever its store does. ``/readyz`` says
whether the embedded store answers: its writer thread (which runs every commit
and read, :mod:`skipbo.server.storage.base`) runs a statement within
``READY_SECONDS``. A writer held up (a stalled disk, a long commit) or a store
closed means moves cannot be committed now: 503 with ``database: false``, in the
same JSON shape as ready, so that a load balancer sends players elsewhere.
"""

from __future__ import annotations

import threading
from pathlib import Path

from server_harness import TIMEOUT, http, thread_server
from skipbo.server.storage.tx import Store, Tx

READY = (200, {"ready": True, "database": True})
NOT_READY = (503, {"ready": False, "database": False})
ALIVE = (200, {"ok": True})


def test_the_single_process_is_ready_while_its_writer_answers(tmp_path: Path) -> None:
    with thread_server(tmp_path / "ready.db") as (base, app):
        assert http(base, "GET", "/healthz") == ALIVE
        assert http(base, "GET", "/readyz") == READY
        store: Store = app.state.registry.storage
        stuck, running = threading.Event(), threading.Event()

        def hold(tx: Tx) -> None:  # the writer's one transaction does not end
            running.set()
            assert stuck.wait(TIMEOUT)

        holder = threading.Thread(target=store.run, args=(hold,), daemon=True)
        holder.start()
        try:
            assert running.wait(TIMEOUT)
            assert http(base, "GET", "/readyz") == NOT_READY
            assert http(base, "GET", "/healthz") == ALIVE
        finally:
            stuck.set()
            holder.join(TIMEOUT)
        assert http(base, "GET", "/readyz") == READY


def test_a_closed_store_is_not_ready(tmp_path: Path) -> None:
    """Closed, the store refuses every call at once: the readiness check answers
    with its own shape, not the storage_unavailable refusal of a request."""
    with thread_server(tmp_path / "closed.db") as (base, app):
        app.state.registry.storage.close()
        assert http(base, "GET", "/readyz") == NOT_READY
        assert http(base, "GET", "/healthz") == ALIVE
