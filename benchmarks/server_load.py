"""Game server under load, measured (issue #4). Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/server_load.py [--mode human|saturation|both]
[--tables N] [--seconds S] [--think-min A --think-max B] [--profile FILE]
[--workers N [N ...] --db postgresql://... --redis redis://...] [--generators K]``

With ``--workers 1 2 4`` it runs the cluster instead (``skipbo serve --workers N``
on a fresh PostgreSQL schema and Redis), once per worker count; the clients
connect to the one port and the kernel spreads them over the workers, so the
four seats of a table usually sit on different workers.

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
One generator process saturates at about 2,000 moves/s; ``--generators K``
shares the tables out between K generator processes, which make and connect
their tables, wait for each other, then play and measure the same seconds; their
latencies and counts are merged (:func:`merge`) before the figures are taken.
Each run also prints the server's CPU time per move, the figure that bounds a
server with cores of its own and the steadier one on a shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import gc
import json
import multiprocessing
import os
import random
import re
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
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
START_SECONDS = 90
"""How long the server (N worker processes on a loaded machine) may take to answer."""
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
    """The server as a subprocess on a fresh SQLite file; optionally under cProfile.

    ``db``: another ``--db`` URL (a fresh PostgreSQL schema); ``extra``: more
    arguments (``--workers N --redis URL`` for the cluster).
    """

    def __init__(
        self,
        workdir: Path,
        profile: Path | None,
        db: str | None = None,
        extra: tuple[str, ...] = (),
    ) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        url = db or f"sqlite:///{workdir / 'load.db'}"
        prefix = [sys.executable]
        if profile is not None:
            prefix += ["-m", "cProfile", "-o", str(profile)]
        args = ["--host", "127.0.0.1", "--port", str(self.port), "--db", url, *extra]
        args += ["--create-limit", "0"]  # one client creates every table
        args += ["--socket-limit", "0"]  # and holds every table's sockets
        self.stderr = (workdir / "server.err").open("w+b")
        self.process = subprocess.Popen(
            [*prefix, "-m", "skipbo.server.command", *args],
            stdout=subprocess.DEVNULL,
            stderr=self.stderr,
        )
        deadline = time.monotonic() + START_SECONDS
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

    def pids(self) -> list[int]:
        """The server process and its descendants (uvicorn's worker processes)."""
        found, todo = [], [self.process.pid]
        while todo:
            pid = todo.pop()
            found.append(pid)
            for task in Path(f"/proc/{pid}/task").glob("*/children"):
                with contextlib.suppress(OSError):
                    todo += [int(child) for child in task.read_text().split()]
        return found

    def rss_mib(self) -> float:
        """The server's resident memory (VmRSS, all its processes) in MiB."""
        total = 0
        for pid in self.pids():
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        return total / 1024

    def cpu_seconds(self) -> float:
        """User + system CPU time the server's processes have used (all their threads)."""
        ticks, total = os.sysconf("SC_CLK_TCK"), 0
        for pid in self.pids():
            with contextlib.suppress(OSError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])
        return total / ticks

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


Position = tuple[int, int]
"""(round at the table, moves in it): the view's ``round_index`` and ``moves``."""
POSITION = re.compile(r'"round_index":(\d+),"moves":(\d+)')


def position(text: str) -> Position | None:
    """The position of a state, read from the text (most states are not parsed)."""
    found = POSITION.search(text)
    return (int(found[1]), int(found[2])) if found else None


@dataclass
class TableRun:
    """One table being played: its seats' tokens and the moves awaiting delivery."""

    code: str
    tokens: list[str]
    sent: dict[Position, float] = field(default_factory=dict)
    """The position a move will produce -> when the move was sent."""
    arrived: dict[Position, set[int]] = field(default_factory=dict)
    """Position -> the seats that received it (or a later one)."""


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
        all four seats show connected; a move is sent only on the latest state."""
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
        now = time.monotonic()
        if not text.startswith('{"type":"state"'):
            self.refused(text)
            return
        if self.states < 0 and '"connected":false' in text:
            return  # still waiting for the whole table to be connected
        self.states += 1
        n = self.states
        at = position(text)
        if at is not None:
            self.arrived(at, now)
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

    def arrived(self, at: Position, now: float) -> None:
        """This seat has every position up to ``at``: a move is timed once all four have it.

        Positions, not state counts: a cluster worker that catches up on several
        changes at once sends only the latest view, as it should.
        """
        run = self.run
        for pending in [p for p in run.sent if p <= at]:
            seats = run.arrived.setdefault(pending, set())
            seats.add(self.seat)
            if len(seats) < PLAYERS:
                continue
            del run.arrived[pending]
            sent = run.sent.pop(pending)
            if self.stats.counts(sent):
                self.stats.latencies.append(now - sent)
                if now - sent > SLOW:
                    self.stats.slow_seconds.add(int(sent))

    def refused(self, text: str) -> None:
        message = json.loads(text)
        self.stats.refused += 1
        if "rate limit" not in message.get("error", "") and len(self.stats.errors) < 5:
            self.stats.errors.append(message.get("error", text))
        if self.stopping or self.last is None:
            return
        if not self.last.get("legal"):
            if self.last["phase"] not in ("round_over", "match_over"):
                return
            self.asked = None  # a refused "next" is asked again, or the table would stop
        # try again: the turn (or the request for the next round) is still ours
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
        sent = time.monotonic()
        if legal:
            after = (self.last["round_index"], self.last["moves"] + 1)
            self.run.sent[after] = sent
            self.run.arrived.pop(after, None)
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


@dataclass
class Share:
    """What one load generator measured in the common window; :func:`merge` adds
    generators up (plain values, so that a generator process can send it as a dict)."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    nexts: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    slow_seconds: list[int] = field(default_factory=list)
    client_cpu: float = 0.0
    """CPU seconds the generator used inside the window."""
    setup_s: float = 0.0
    connect_s: float = 0.0


def merge(shares: list[Share]) -> Share:
    """The generators' measurements as one: every latency, every count, the seconds
    with a slow move, the CPU they used together; set-up and connecting took as long
    as the slowest generator (they ran side by side)."""
    return Share(
        latencies=sorted(x for share in shares for x in share.latencies),
        moves=sum(share.moves for share in shares),
        nexts=sum(share.nexts for share in shares),
        refused=sum(share.refused for share in shares),
        errors=[e for share in shares for e in share.errors][:5],
        slow_seconds=sorted({second for share in shares for second in share.slow_seconds}),
        client_cpu=sum(share.client_cpu for share in shares),
        setup_s=max((share.setup_s for share in shares), default=0.0),
        connect_s=max((share.connect_s for share in shares), default=0.0),
    )


def split(tables: int, generators: int) -> list[range]:
    """The table numbers each generator plays: as even as can be, none empty."""
    generators = max(1, min(generators, tables))
    bounds = [tables * i // generators for i in range(generators + 1)]
    return [range(bounds[i], bounds[i + 1]) for i in range(generators)]


Window = tuple[float, float, float]
"""(start playing, start measuring, stop measuring) in ``time.monotonic()``
seconds, which on Linux is one clock for every process of the machine, so every
generator measures the same seconds."""
Handshake = Callable[[float, float], Awaitable[Window]]
"""Called by a generator once its tables are made and connected (with the seconds
both took): waits until every generator is, and returns the common window."""


async def generate(
    base: str, tables: range, think: tuple[float, float], deflate: bool, handshake: Handshake
) -> Share:
    """Make ``tables``, connect their four players, play through the common window."""
    started = time.monotonic()
    http_limit = asyncio.Semaphore(HTTP_AT_ONCE)
    runs = await asyncio.gather(*(create_table(base, http_limit, i) for i in tables))
    created = time.monotonic()
    stats = Stats()
    players = [
        Player(run, seat, stats, think, seed=1000 * i + seat)
        for i, run in zip(tables, runs, strict=True)
        for seat in range(PLAYERS)
    ]
    ws_limit = asyncio.Semaphore(CONNECT_AT_ONCE)
    ws_base = base.replace("http://", "ws://")
    await asyncio.gather(
        *(p.open(f"{ws_base}/ws/{p.run.code}", ws_limit, deflate) for p in players)
    )
    connected = time.monotonic()
    # the clients' objects, made: no collection walks them again, so that a full
    # collection in this process (tens of ms with 1,000 clients) is not timed as
    # the server's pause (every client's message waits for it)
    gc.collect()
    gc.freeze()
    go, stats.window_start, stats.window_end = await handshake(
        created - started, connected - created
    )
    await _sleep_until(go)
    tasks = [asyncio.create_task(p.play()) for p in players]
    await _sleep_until(stats.window_start)
    own0 = time.process_time()
    await _sleep_until(stats.window_end)
    own1 = time.process_time()
    for player in players:
        player.stopping = True
    await asyncio.sleep(0.5)  # let the last moves of the window arrive
    await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
    await asyncio.gather(*tasks, return_exceptions=True)
    return Share(
        stats.latencies,
        stats.moves,
        stats.nexts,
        stats.refused,
        stats.errors,
        sorted(stats.slow_seconds),
        own1 - own0,
        created - started,
        connected - created,
    )


async def _sleep_until(when: float) -> None:
    await asyncio.sleep(max(0.0, when - time.monotonic()))


def generator_process(
    pipe: Connection,
    base: str,
    tables: range,
    think: tuple[float, float],
    deflate: bool,
) -> None:
    """One load generator in its own process (``--generators K``): says when it is
    ready, plays in the window its parent sends, and sends back its :class:`Share`."""
    raise_file_limit()

    async def handshake(setup_s: float, connect_s: float) -> Window:
        pipe.send((setup_s, connect_s))
        window: Window = await asyncio.to_thread(pipe.recv)
        return window

    share = asyncio.run(generate(base, tables, think, deflate, handshake))
    pipe.send(dataclasses.asdict(share))
    pipe.close()


class Generators:
    """K generator processes (spawned, so none inherits an event loop) and their pipes."""

    def __init__(
        self, base: str, tables: int, k: int, think: tuple[float, float], deflate: bool
    ) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipes: list[Connection] = []
        self.processes: list[BaseProcess] = []
        for share in split(tables, k):
            mine, theirs = context.Pipe()
            args = (theirs, base, share, think, deflate)
            process = context.Process(target=generator_process, args=args, daemon=True)
            process.start()
            self.pipes.append(mine)
            self.processes.append(process)

    async def ready(self) -> None:
        """Every generator has made and connected its tables."""
        for pipe in self.pipes:
            await asyncio.to_thread(pipe.recv)

    async def shares(self, window: Window) -> list[Share]:
        """Send the common window; each generator's :class:`Share` once it is done."""
        for pipe in self.pipes:
            pipe.send(window)
        results = [await asyncio.to_thread(pipe.recv) for pipe in self.pipes]
        for process in self.processes:
            process.join(10)
        return [Share(**result) for result in results]

    def stop(self) -> None:
        for process in self.processes:
            if process.is_alive():
                process.kill()


def window_after(warmup: float, seconds: float) -> Window:
    """Play from a moment from now (the generators hear of it first), measure after ``warmup``."""
    go = time.monotonic() + 0.2
    return go, go + warmup, go + warmup + seconds


async def run_mode(
    server: Server,
    name: str,
    tables: int,
    seconds: float,
    warmup: float,
    think: tuple[float, float],
    deflate: bool,
    generators: int = 1,
) -> dict[str, Any]:
    """Create ``tables`` tables, connect and play for ``warmup + seconds``; the figures.

    With ``generators`` above 1 the tables are shared out between that many
    generator processes, which measure the same seconds (:data:`Window`); their
    latencies and counts are merged (:func:`merge`).
    """
    measured: dict[str, Any] = {}
    meters: list[asyncio.Task[None]] = []

    async def measure(window: Window) -> Window:
        measured["rss_connected"] = server.rss_mib()
        meters.append(asyncio.create_task(measure_server(server, window, measured)))
        return window

    if generators <= 1:

        async def handshake(setup_s: float, connect_s: float) -> Window:
            return await measure(window_after(warmup, seconds))

        shares = [await generate(server.base, range(tables), think, deflate, handshake)]
    else:
        processes = Generators(server.base, tables, generators, think, deflate)
        try:
            await processes.ready()
            shares = await processes.shares(await measure(window_after(warmup, seconds)))
        finally:
            processes.stop()
    await asyncio.gather(*meters)
    return summary(name, tables, seconds, deflate, merge(shares), measured, len(shares))


async def measure_server(server: Server, window: Window, into: dict[str, Any]) -> None:
    """The server's CPU share, memory and garbage collections over ``window`` (into ``into``)."""
    _, start, end = window
    await _sleep_until(start)
    cpu0, wall0 = server.cpu_seconds(), time.monotonic()
    gc0 = await asyncio.to_thread(gc_pauses, server.base)
    await _sleep_until(end)
    cpu1, wall1 = server.cpu_seconds(), time.monotonic()
    gc1 = await asyncio.to_thread(gc_pauses, server.base)
    into["server_cpu"] = (cpu1 - cpu0) / (wall1 - wall0)
    into["rss_end"] = server.rss_mib()
    into["wall"] = wall1 - wall0
    into["gc"] = {key: value - gc0.get(key, 0.0) for key, value in gc1.items()}


GC_SAMPLE = re.compile(
    r'^skipbo_gc_pause_seconds_(bucket|count|sum)\{generation="(\d)"(?:,le="([^"]+)")?\} (\S+)$',
    re.M,
)


def gc_pauses(base: str) -> dict[tuple[str, str, str], float]:
    """The server's garbage collection histogram (``/metrics``, all its workers):
    (kind, generation, bound) -> value; empty for a server that has none."""
    try:
        with urllib.request.urlopen(base + "/metrics", timeout=30) as response:
            text = response.read().decode()
    except OSError:
        return {}
    return {(kind, gen, le): float(value) for kind, gen, le, value in GC_SAMPLE.findall(text)}


def gc_summary(pauses: dict[tuple[str, str, str], float]) -> str:
    """Per generation: collections in the window, their total time, the slowest's bucket."""
    parts = []
    for gen in sorted({gen for _, gen, _ in pauses}):
        count = int(pauses.get(("count", gen, ""), 0))
        if not count:
            continue
        total = pauses.get(("sum", gen, ""), 0.0)
        bounds = sorted(
            (float(le), n) for (kind, g, le), n in pauses.items() if kind == "bucket" and g == gen
        )
        slowest = next((le for le, n in bounds if n >= count), float("inf"))
        parts.append(
            f"gen {gen}: {count} in {1000 * total:.0f} ms, slowest <= {1000 * slowest:g} ms"
        )
    return "; ".join(parts) or "none timed"


def summary(
    name: str,
    tables: int,
    seconds: float,
    deflate: bool,
    share: Share,
    measured: dict[str, Any],
    generators: int,
) -> dict[str, Any]:
    """One run's figures from the merged :class:`Share`."""
    lat = share.latencies
    return {
        "mode": name + ("" if deflate else " (no permessage-deflate)"),
        "tables": tables,
        "clients": PLAYERS * tables,
        "generators": generators,
        "setup_s": share.setup_s,
        "connect_s": share.connect_s,
        "seconds": seconds,
        "moves": share.moves,
        "delivered": len(lat),
        "moves_per_s": len(lat) / seconds,
        "p50_ms": 1000 * _quantile(lat, 0.50),
        "p99_ms": 1000 * _quantile(lat, 0.99),
        "max_ms": 1000 * (lat[-1] if lat else float("nan")),
        "mean_ms": 1000 * (statistics.fmean(lat) if lat else float("nan")),
        "nexts": share.nexts,
        "slow": sum(1 for x in lat if x > SLOW),
        "slow_seconds": len(share.slow_seconds),
        "refused": share.refused,
        "errors": share.errors,
        "rss_connected_mib": measured.get("rss_connected", float("nan")),
        "rss_end_mib": measured.get("rss_end", float("nan")),
        "server_cpu": measured.get("server_cpu", float("nan")),
        "client_cpu": share.client_cpu / measured.get("wall", seconds),
        "gc": measured.get("gc", {}),
    }


def _quantile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def cpu_per_move_ms(result: dict[str, Any]) -> float:
    """The server's CPU time per delivered move: what bounds a server that has its
    cores to itself (its moves/s is about 1,000 / this per core), and a steadier
    figure than moves/s on a machine shared with other work."""
    moves = result["moves_per_s"]
    return 1000 * result["server_cpu"] / moves if moves else float("nan")


def _from_generators(result: dict[str, Any]) -> str:
    count = result.get("generators", 1)
    return f" from {count} generator processes" if count > 1 else ""


def report(result: dict[str, Any]) -> None:
    """Print one run's figures."""
    r = result
    print(
        f"\n== {r['mode']}: {r['tables']} four-player tables, {r['clients']} WebSocket clients"
        f"{_from_generators(r)}"
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
        f" CPU used: server {100 * r['server_cpu']:.0f}% of a core"
        f" ({cpu_per_move_ms(r):.2f} ms a move), the load generator(s)"
        f" {100 * r['client_cpu']:.0f}%"
    )
    if r.get("gc"):
        print(f"   garbage collections in the server: {gc_summary(r['gc'])}")
    if r["errors"]:
        print(f"   refusals other than the rate limit: {r['errors']}")


def fresh_schema(url: str) -> str:
    """A new, empty schema for one cluster run (so tables of earlier runs do not count)."""
    import uuid

    import psycopg

    name = f"load_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"CREATE SCHEMA {name}")
    return name


def with_schema(url: str, schema: str) -> str:
    """``url`` with its tables in ``schema`` (libpq ``options``)."""
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


def drop_schema(url: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


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
    parser.add_argument(
        "--workers",
        type=int,
        nargs="+",
        metavar="N",
        help="cluster mode: one run per N (e.g. --workers 1 2 4) with N worker processes "
        "(skipbo serve --workers N); needs --db postgresql://... and --redis redis://...",
    )
    parser.add_argument("--db", metavar="URL", help="PostgreSQL for --workers (a fresh schema)")
    parser.add_argument(
        "--generators",
        type=int,
        default=1,
        metavar="K",
        help="load generator processes sharing the tables, measuring the same seconds "
        "(one saturates at about 2,000 moves/s; default 1: this process)",
    )
    parser.add_argument("--redis", metavar="URL", help="Redis for --workers")
    args = parser.parse_args(argv)
    if args.workers and (not args.db or not args.redis or not args.db.startswith("postgres")):
        parser.error("--workers needs --db postgresql://... and --redis redis://...")
    if args.tables is not None and not 1 <= args.tables <= 1000:
        parser.error("--tables is 1..1000")
    if args.seconds is not None and not 1 <= args.seconds <= 600:
        parser.error("--seconds is 1..600")
    if not 1 <= args.generators <= 64:
        parser.error("--generators is 1..64")
    raise_file_limit()
    modes = ["human", "saturation"] if args.mode == "both" else [args.mode]
    runs: list[tuple[str, int | None]] = [(m, n) for n in args.workers or [None] for m in modes]
    one = args.generators == 1
    generators = "this one Python process" if one else f"{args.generators} Python processes"
    if args.workers:
        print(
            f"server_load: skipbo serve --workers N on 127.0.0.1 (one uvicorn process per"
            f" worker, PostgreSQL {args.db.split('@')[-1]} + Redis); the load generator is"
            f" {generators} (websockets' asyncio client), sharing the machine's"
            f" {os.cpu_count()} cores with the server and PostgreSQL.",
            flush=True,
        )
    else:
        print(
            f"server_load: one server process (one uvicorn worker, SQLite WAL +"
            f" synchronous=FULL, group commit) on 127.0.0.1; the load generator is"
            f" {generators}, sharing the machine's {os.cpu_count()} cores with the server.",
            flush=True,
        )
    with tempfile.TemporaryDirectory(prefix="skipbo-load-") as tmp:
        for index, (mode, workers) in enumerate(runs):
            workdir = Path(tmp) / f"{index}-{mode}"
            workdir.mkdir()
            schema = fresh_schema(args.db) if workers else None
            extra = ("--workers", str(workers), "--redis", args.redis) if workers else ()
            db = with_schema(args.db, schema) if schema else None
            profile = args.profile if len(runs) == 1 else None
            try:
                server = Server(workdir, profile, db, extra)
            except BaseException:
                if schema:
                    drop_schema(args.db, schema)
                raise
            try:
                if mode == "human":
                    tables, seconds = args.tables or 250, args.seconds or 60.0
                    think = (args.think_min, args.think_max)
                else:
                    tables, seconds, think = args.tables or 100, args.seconds or 20.0, (0.0, 0.0)
                deflate = not args.no_deflate
                result = asyncio.run(
                    run_mode(
                        server, mode, tables, seconds, args.warmup, think, deflate, args.generators
                    )
                )
                if workers:
                    result["mode"] += f", {workers} worker process{'es' if workers > 1 else ''}"
                report(result)
            finally:
                server.stop()
                problems = server.errors().strip()
                server.stderr.close()
                if problems:
                    print(f"   server stderr (tail): {problems[-600:]}")
                if schema:
                    drop_schema(args.db, schema)
        if args.profile is not None and len(runs) == 1:
            print(f"\nprofile written to {args.profile} (python -m pstats {args.profile})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
