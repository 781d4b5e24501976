"""Lighthouse on the page (issue 21 §3): mobile preset, landing page and a table in play.
Prints the scores; asserts nothing (targets: performance >= 95, accessibility and best
practices 100).

Run: ``.venv/bin/python benchmarks/lighthouse.py [--out artifacts] [--runs N]``

It installs the pinned Lighthouse of ``benchmarks/lighthouse/`` (``npm ci``, into its
gitignored ``node_modules``) when missing, starts ``python -m skipbo.server.command``
on a fresh SQLite store on 127.0.0.1 (which browsers count as a secure origin, as they
do HTTPS), and runs ``benchmarks/lighthouse/run.mjs`` against it in Debian's chromium,
headless. The HTML reports go to ``--out``. Lighthouse's mobile preset simulates a
mid-range phone on a slow 4G network (4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s) from a
trace taken on this machine, so a loaded machine lowers the performance score a little:
``--runs`` repeats the measurement and prints each run.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent / "lighthouse"
ROOT = HERE.parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def install() -> None:
    """The pinned packages (package-lock.json), once."""
    if not (HERE / "node_modules" / "lighthouse").is_dir():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=HERE, check=True)


def wait_ready(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with {server.returncode}")
        try:
            with urllib.request.urlopen(base + "/api/health", timeout=5):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not answer in 60 s")


def measure(out: Path) -> dict[str, Any]:
    """One Lighthouse run of both pages against a fresh server."""
    with tempfile.TemporaryDirectory(prefix="skipbo-lighthouse-") as folder:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        where = ["--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{folder}/l.db"]
        server = subprocess.Popen(
            [sys.executable, "-m", "skipbo.server.command", *where, "--create-limit", "0"],
            stdout=subprocess.DEVNULL,
        )
        try:
            wait_ready(base, server)
            done = subprocess.run(
                ["node", str(HERE / "run.mjs"), base, str(out)],
                check=True,
                capture_output=True,
                text=True,
            )
        finally:
            server.terminate()
            server.wait(30)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "artifacts", help="HTML reports here")
    parser.add_argument("--runs", type=int, default=1, help="measurements (default 1)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    install()
    for run in range(1, args.runs + 1):
        result = measure(args.out)
        if run == 1:
            print(f"Lighthouse {result['lighthouse']}, {result['chromium']}")
        for page in result["results"]:
            scores = "  ".join(f"{name} {value}" for name, value in page["scores"].items())
            metrics = ", ".join(f"{name} {value}" for name, value in page["metrics"].items())
            print(f"run {run} {page['page']:8} {scores}  ({metrics})")
            for shortfall in page["shortfalls"]:
                print(f"    {shortfall}")
    print(f"reports: {args.out}/lighthouse-landing.html, lighthouse-table.html")


if __name__ == "__main__":
    main()
