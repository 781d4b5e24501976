"""A PostgreSQL server of a test's own, which the test may stop and start.

The shared server of ``SKIPBO_TEST_POSTGRES`` serves every other test (in
parallel, under xdist), so an outage test makes its own: Debian's ``initdb`` and
``pg_ctl`` on a free loopback port, its files in a temporary directory. Root
runs them as the ``postgres`` user (the server refuses to run as root).
Without the binaries the test skips with the reason.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from server_harness import free_port


def _binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if not found:
        pytest.skip("PostgreSQL's binaries are missing (Debian: apt-get install postgresql)")
    return Path(found[-1]).parent


class PrivatePostgres:
    """``initdb`` once, then :meth:`start` and :meth:`stop` as often as a test likes."""

    def __init__(self) -> None:
        self.bin = _binaries()
        self.root = Path(tempfile.mkdtemp(prefix="skipbo-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.url = f"postgresql://skipbo@127.0.0.1:{self.port}/postgres"
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "skipbo", "--no-sync")
        self.start()

    def _run(self, tool: str, *args: str) -> None:
        argv = [str(self.bin / tool), *args]
        if os.geteuid() == 0:
            argv = ["su", "postgres", "-c", " ".join(f"'{a}'" for a in argv)]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"{tool} failed: {done.stderr or done.stdout}"

    def _ctl(self, *args: str) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-w", *args)

    def start(self) -> None:
        self._ctl("-l", str(self.root / "log"), "start")

    def stop(self) -> None:
        """A fast shutdown: every session is cut, as when the database host goes."""
        self._ctl("-m", "fast", "stop")

    def close(self) -> None:
        with contextlib.suppress(AssertionError):  # already stopped
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
