"""Game server under load, measured (issue #4). Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/server_load.py [--mode human|saturation|both]
[--tables N] [--seconds S] [--think-min A --think-max B] [--profile FILE]``

It starts ``python -m skipbo.server.command`` (one worker, SQLite with group
commit, ``synchronous=FULL``) on a fresh database in a temporary directory on
127.0.0.1, creates four-player tables of people over HTTP, connects one
WebSocket per seat and plays: the client whose view has a non-empty ``legal``
list picks one of those moves at random (after a think time), seat 0 deals the
next round. For every move it measures the time from sending it to the moment
ALL FOUR clients of the table have received the resulting state, so the figure
includes validation, the durable commit, building four views and delivering
them. Modes:

* ``human``: 250 tables / 1,000 clients, 1-3 s of thought per move (target
  p99 < 50 ms);
* ``saturation``: no thought at all, moves/s accepted (target >= 3,000).

Everything is bounded (tables, seconds) and loopback only; the server is
stopped at the end (SIGINT, then SIGKILL). The load generator runs in this
one process and shares the machine's cores with the server: at saturation it
competes with the server for CPU, so the figures understate a server alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

PLAYERS = 4
CONNECT_AT_ONCE = 64
"""WebSocket handshakes in flight at once while the clients connect."""
HTTP_AT_ONCE = 8
SLOW = 0.050
"""The p99 target; moves slower than this are counted, with the seconds they fell in."""
RETRY_PAUSE = 0.06
"""After a refused message (the per-connection rate limit at saturation): wait, try again."""


# --------------------------------------------------------------- the server


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def raise_file_limit() -> None:
    """Allow enough sockets for every client (inherited by the server subprocess)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 65536
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


class Server:
    """The server as a subprocess on a fresh SQLite file; optionally under cProfile."""

    def __init__(self, workdir: Path, profile: Path | None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        db = workdir / "load.db"
        prefix = [sys.executable]
        if profile is not None:
            prefix += ["-m", "cProfile", "-o", str(profile)]
        args = ["--host", "127.0.0.1", "--port", str(self.port), "--db", f"sqlite:///{db}"]
        args += ["--create-limit", "0"]  # one client creates every table
        self.stderr = (workdir / "server.err").open("w+b")
        self.process = subprocess.Popen(
            [*prefix, "-m", "skipbo.server.command", *args],
            stdout=subprocess.DEVNULL,
            stderr=self.stderr,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.errors()}")
            try:
                if http(self.base, "GET", "/api/health")["ok"]:
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("server did not answer in time")

    def errors(self) -> str:
        """What the server wrote to stderr (warnings, tracebacks)."""
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace")[-2000:]

    def rss_mib(self) -> float:
        """The server's resident memory (VmRSS) in MiB."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def cpu_seconds(self) -> float:
        """User + system CPU time the server process has used (all its threads)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks

    def stop(self) -> None:
        """SIGINT (uvicorn shuts down, cProfile writes its file), then SIGKILL if it lingers."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def http(base: str, method: str, path: str, body: Any = None) -> Any:
    """One JSON request (blocking; run it in a thread from the event loop)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


# -------------------------------------------------------------- the players


@dataclass
class Stats:
    """What the clients measured; only moves sent inside the window count."""

    window_start: float = 0.0
    window_end: float = float("inf")
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    nexts: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    slow_seconds: set[int] = field(default_factory=set)
    """Whole seconds (of the clock) in which a move took longer than :data:`SLOW`."""

    def counts(self, sent_at: float) -> bool:
        return self.window_start <= sent_at < self.window_end


@dataclass
class TableRun:
    """One table being played: its seats' tokens and the moves awaiting delivery."""

    code: str
    tokens: list[str]
    sent: dict[int, float] = field(default_factory=dict)
    """State number a move will produce -> when the move was sent."""
    arrived: dict[int, int] = field(default_factory=dict)
    """State number -> how many of the four clients received it."""


async def create_table(base: str, limit: asyncio.Semaphore, index: int) -> TableRun:
    """A four-seat table of people, all seats taken (the game starts)."""
    async with limit:
        created = await asyncio.to_thread(
            http, base, "POST", "/api/tables", {"players": PLAYERS, "name": f"p{index}s0"}
        )
        tokens = [created["token"]]
        for seat in range(1, PLAYERS):
            joined = await asyncio.to_thread(
                http,
                base,
                "POST",
                f"/api/tables/{created['code']}/join",
                {"name": f"p{index}s{seat}"},
            )
            tokens.append(joined["token"])
    return TableRun(created["code"], tokens)


class Player:
    """One seat's WebSocket: counts states, and moves when its view offers moves."""

    def __init__(
        self, run: TableRun, seat: int, stats: Stats, think: tuple[float, float], seed: int
    ) -> None:
        self.run = run
        self.seat = seat
        self.stats = stats
        self.think = think
        self.rng = random.Random(seed)
        self.states = -1
        """Number of the last state received, counted from the first state in which
        all four seats show connected (every seat connecting is shown to the table, so
        the four clients count alike only from there)."""
        self.stopping = False
        self.ws: ClientConnection | None = None
        self.acting: asyncio.Task[None] | None = None
        self.last: dict[str, Any] | None = None
        self.asked: tuple[int, int] | None = None
        """(game, round) this seat asked the next round after (once is enough)."""

    async def open(self, url: str, limit: asyncio.Semaphore, deflate: bool) -> None:
        """Connect; like a browser, offer permessage-deflate unless ``deflate`` is off."""
        compression = "deflate" if deflate else None
        async with limit:
            self.ws = await connect(
                url, max_size=None, open_timeout=60, ping_interval=None, compression=compression
            )

    async def play(self) -> None:
        """Say hello, then read states until the run stops or the server hangs up."""
        assert self.ws is not None
        await self.ws.send(json.dumps({"type": "hello", "token": self.run.tokens[self.seat]}))
        try:
            async for text in self.ws:
                assert isinstance(text, str)
                self.received(text)
        except ConnectionClosed:
            pass

    def received(self, text: str) -> None:
        now = time.perf_counter()
        if not text.startswith('{"type":"state"'):
            self.refused(text)
            return
        if self.states < 0 and '"connected":false' in text:
            return  # still waiting for the whole table to be connected
        self.states += 1
        n, run = self.states, self.run
        if n in run.sent:
            got = run.arrived.get(n, 0) + 1
            if got < PLAYERS:
                run.arrived[n] = got
            else:
                del run.arrived[n]
                sent = run.sent.pop(n)
                if self.stats.counts(sent):
                    self.stats.latencies.append(now - sent)
                    if now - sent > SLOW:
                        self.stats.slow_seconds.add(int(sent))
        if self.stopping:
            return
        # parse only when this seat may act: most states are just counted
        to_move = '"legal":["' in text
        over = '"phase":"round_over"' in text or '"phase":"match_over"' in text
        if to_move or over:
            self.last = json.loads(text)["view"]
            deal = (self.last["game"], self.last["round_index"])
            if over and (self.last["seats"][self.seat]["ready"] or deal == self.asked):
                return  # asked for the next round already; it comes when all four did
            self.acting = asyncio.create_task(self.act(n, thinking=to_move))

    def refused(self, text: str) -> None:
        message = json.loads(text)
        self.stats.refused += 1
        if "rate limit" not in message.get("error", "") and len(self.stats.errors) < 5:
            self.stats.errors.append(message.get("error", text))
        if not self.stopping and self.last is not None and self.last.get("legal"):
            # try again: the turn is still ours
            self.acting = asyncio.create_task(self.act(self.states, thinking=False, retry=True))

    async def act(self, n: int, thinking: bool, retry: bool = False) -> None:
        """Move (or deal the next round) from state ``n``, after thinking."""
        assert self.ws is not None and self.last is not None
        if retry:
            await asyncio.sleep(RETRY_PAUSE)
        elif thinking and self.think[1] > 0:
            await asyncio.sleep(self.rng.uniform(*self.think))
        if self.stopping or n != self.states:
            return
        legal = self.last.get("legal") or []
        message = {"type": "move", "move": self.rng.choice(legal)} if legal else {"type": "next"}
        sent = time.perf_counter()
        if legal:
            self.run.sent[n + 1] = sent
            self.run.arrived.pop(n + 1, None)
            if self.stats.counts(sent):
                self.stats.moves += 1
        else:
            self.asked = (self.last["game"], self.last["round_index"])
            self.stats.nexts += 1
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(json.dumps(message))

    async def close(self) -> None:
        self.stopping = True
        if self.ws is not None:
            await self.ws.close()


# ------------------------------------------------------------------ a run


async def run_mode(
    server: Server,
    name: str,
    tables: int,
    seconds: float,
    warmup: float,
    think: tuple[float, float],
    deflate: bool,
) -> dict[str, Any]:
    """Create ``tables`` tables, connect and play for ``warmup + seconds``; the figures."""
    base = server.base
    started = time.perf_counter()
    http_limit = asyncio.Semaphore(HTTP_AT_ONCE)
    runs = await asyncio.gather(*(create_table(base, http_limit, i) for i in range(tables)))
    created = time.perf_counter()
    stats = Stats()
    players = [
        Player(run, seat, stats, think, seed=1000 * i + seat)
        for i, run in enumerate(runs)
        for seat in range(PLAYERS)
    ]
    ws_limit = asyncio.Semaphore(CONNECT_AT_ONCE)
    ws_base = base.replace("http://", "ws://")
    await asyncio.gather(
        *(p.open(f"{ws_base}/ws/{p.run.code}", ws_limit, deflate) for p in players)
    )
    connected = time.perf_counter()
    rss_connected = server.rss_mib()
    loop_now = time.perf_counter()
    stats.window_start = loop_now + warmup
    stats.window_end = stats.window_start + seconds
    tasks = [asyncio.create_task(p.play()) for p in players]
    await asyncio.sleep(warmup)
    cpu0, wall0, own0 = server.cpu_seconds(), time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    cpu1, wall1, own1 = server.cpu_seconds(), time.perf_counter(), time.process_time()
    rss_end = server.rss_mib()
    for player in players:
        player.stopping = True
    await asyncio.sleep(0.5)  # let the last moves of the window arrive
    await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(stats.latencies)
    return {
        "mode": name + ("" if deflate else " (no permessage-deflate)"),
        "tables": tables,
        "clients": len(players),
        "setup_s": created - started,
        "connect_s": connected - created,
        "seconds": seconds,
        "moves": stats.moves,
        "delivered": len(lat),
        "moves_per_s": len(lat) / seconds,
        "p50_ms": 1000 * _quantile(lat, 0.50),
        "p99_ms": 1000 * _quantile(lat, 0.99),
        "max_ms": 1000 * (lat[-1] if lat else float("nan")),
        "mean_ms": 1000 * (statistics.fmean(lat) if lat else float("nan")),
        "nexts": stats.nexts,
        "slow": sum(1 for x in lat if x > SLOW),
        "slow_seconds": len(stats.slow_seconds),
        "refused": stats.refused,
        "errors": stats.errors,
        "rss_connected_mib": rss_connected,
        "rss_end_mib": rss_end,
        "server_cpu": (cpu1 - cpu0) / (wall1 - wall0),
        "client_cpu": (own1 - own0) / (wall1 - wall0),
    }


def _quantile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def report(result: dict[str, Any]) -> None:
    """Print one run's figures."""
    r = result
    print(
        f"\n== {r['mode']}: {r['tables']} four-player tables, {r['clients']} WebSocket clients"
        f" (set-up {r['setup_s']:.1f} s over HTTP, connect {r['connect_s']:.1f} s)"
    )
    print(
        f"   moves: {r['moves']} sent, {r['delivered']} delivered to all four"
        f" in {r['seconds']:.0f} s"
        f" = {r['moves_per_s']:.0f} moves/s ({r['nexts']} next-round requests,"
        f" {r['refused']} refused and retried)"
    )
    print(
        f"   move -> all four views delivered: p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms,"
        f" mean {r['mean_ms']:.1f} ms, max {r['max_ms']:.1f} ms;"
        f" {r['slow']} moves over {1000 * SLOW:.0f} ms, within {r['slow_seconds']} distinct seconds"
    )
    print(
        f"   server RSS {r['rss_connected_mib']:.0f} MiB connected,"
        f" {r['rss_end_mib']:.0f} MiB at the end;"
        f" CPU used: server {100 * r['server_cpu']:.0f}% of a core,"
        f" this load generator {100 * r['client_cpu']:.0f}%"
    )
    if r["errors"]:
        print(f"   refusals other than the rate limit: {r['errors']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=["human", "saturation", "both"], default="both")
    parser.add_argument("--tables", type=int, help="tables (default 250 human, 100 saturation)")
    parser.add_argument("--seconds", type=float, help="measured time (default 60 human, 20 sat.)")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured start (s)")
    parser.add_argument("--think-min", type=float, default=1.0)
    parser.add_argument("--think-max", type=float, default=3.0)
    parser.add_argument(
        "--no-deflate",
        action="store_true",
        help="clients do not offer permessage-deflate (browsers do; shows its cost)",
    )
    parser.add_argument("--profile", type=Path, help="run the server under cProfile, write here")
    args = parser.parse_args(argv)
    if args.tables is not None and not 1 <= args.tables <= 1000:
        parser.error("--tables is 1..1000")
    if args.seconds is not None and not 1 <= args.seconds <= 600:
        parser.error("--seconds is 1..600")
    raise_file_limit()
    modes = ["human", "saturation"] if args.mode == "both" else [args.mode]
    print(
        f"server_load: one server process (one uvicorn worker, SQLite WAL + synchronous=FULL,"
        f" group commit) on 127.0.0.1; the load generator is this one Python process and"
        f" shares the machine's {os.cpu_count()} cores with the server.",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="skipbo-load-") as tmp:
        for mode in modes:
            workdir = Path(tmp) / mode
            workdir.mkdir()
            server = Server(workdir, args.profile if len(modes) == 1 else None)
            try:
                if mode == "human":
                    tables, seconds = args.tables or 250, args.seconds or 60.0
                    think = (args.think_min, args.think_max)
                else:
                    tables, seconds, think = args.tables or 100, args.seconds or 20.0, (0.0, 0.0)
                result = asyncio.run(
                    run_mode(server, mode, tables, seconds, args.warmup, think, not args.no_deflate)
                )
                report(result)
            finally:
                server.stop()
                problems = server.errors().strip()
                server.stderr.close()
                if problems:
                    print(f"   server stderr (tail): {problems[-600:]}")
        if args.profile is not None and len(modes) == 1:
            print(f"\nprofile written to {args.profile} (python -m pstats {args.profile})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
