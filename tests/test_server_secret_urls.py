"""``skipbo serve`` reads its database and Redis URLs from a file or the environment,
so that a password never shows in the process list (``ps`` shows every argument)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from server_harness import TIMEOUT, free_port, http


def serve(tmp_path: Path, args: list[str], env: dict[str, str]) -> tuple[int, str]:
    """Start the server, wait for it to answer; its command line, then stop it."""
    port = free_port()
    argv = [sys.executable, "-m", "skipbo.server.command", "--port", str(port), *args]
    process = subprocess.Popen(
        argv,
        cwd=tmp_path,
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        end = time.monotonic() + TIMEOUT * 2
        while True:
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
            assert time.monotonic() < end, "the server did not answer"
            try:
                status, health = http(f"http://127.0.0.1:{port}", "GET", "/api/health")
                break
            except OSError:
                time.sleep(0.05)
        assert status == 200 and health["ok"]
        cmdline = Path(f"/proc/{process.pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        return status, cmdline
    finally:
        process.kill()
        process.wait(TIMEOUT)
        if process.stderr is not None:
            process.stderr.close()


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc")
def test_the_database_url_comes_from_a_file(tmp_path: Path) -> None:
    secret = tmp_path / "db-url"
    secret.write_text(f"sqlite:///{tmp_path / 'hidden-name.db'}\n")
    _, cmdline = serve(tmp_path, ["--db", f"@{secret}"], {})
    assert "hidden-name" not in cmdline
    assert (tmp_path / "hidden-name.db").exists()


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc")
def test_the_database_url_comes_from_the_environment(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'from-env.db'}"
    _, cmdline = serve(tmp_path, [], {"SKIPBO_DB": url})
    assert "from-env" not in cmdline and "--db" not in cmdline
    assert (tmp_path / "from-env.db").exists()
    assert not (tmp_path / "skipbo.db").exists()  # the default was not used


def test_an_unreadable_url_file_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "skipbo", "serve", "--db", f"@{tmp_path / 'missing'}"],
        capture_output=True,
        text=True,
        timeout=20,
        stdin=subprocess.DEVNULL,
        cwd=tmp_path,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("skipbo: error: cannot read the URL from ")
    assert done.stderr.count("\n") == 1
