"""Helpers for the server tests: a real uvicorn on loopback and WebSocket clients.

Two ways to run the server: in a thread of the test process (fast, and the test
can look at the server's secret state to prove nothing leaks), or as a
subprocess on a store (so that it can be killed with SIGKILL like a crash).
Every wait is a loop with a generous deadline, never a fixed sleep.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn
from websockets.sync.client import ClientConnection, connect

from skipbo.core import card_name
from skipbo.server.app import create_app
from skipbo.server.command import WS_MAX_SIZE
from skipbo.server.settings import ServerSettings
from skipbo.server.storage import SqliteStorage, open_storage
from skipbo.server.tables import Table

TIMEOUT = 20.0


def http(base: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """One JSON request; returns the status and the decoded answer."""
    data = None if body is None else json.dumps(body).encode()
    return http_raw(base, method, path, data)


def http_raw(base: str, method: str, path: str, data: bytes | None) -> tuple[int, Any]:
    """A request with ``data`` sent as it is (e.g. not JSON at all); status and answer."""
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


class Client:
    """A WebSocket client that keeps every raw message it received."""

    def __init__(self, base: str, code: str) -> None:
        url = base.replace("http://", "ws://") + f"/ws/{code}"
        # entered like a context manager, as websockets >= 17 wants; closed by close()
        self.ws: ClientConnection = connect(url, open_timeout=TIMEOUT, max_size=None).__enter__()
        self.raw: list[str] = []

    def send(self, message: Any) -> None:
        self.ws.send(json.dumps(message))

    def recv(self) -> dict[str, Any]:
        text = self.ws.recv(timeout=TIMEOUT)
        assert isinstance(text, str)
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        return message

    def ask(self, message: Any) -> dict[str, Any]:
        """Send and return the answer (the next message)."""
        if isinstance(message, str | bytes):
            self.ws.send(message)
        else:
            self.send(message)
        return self.recv()

    def hello(self, token: str | None = None) -> dict[str, Any]:
        return self.ask({"type": "hello", "token": token})

    def until(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            message = self.recv()
            if done(message):
                return message

    def close(self) -> None:
        self.ws.close()


def resign_by_socket(base: str, code: str, token: str) -> None:
    """The seat of ``token`` resigns over a WebSocket of its own, which waits until the
    match is over (at two sides, a resignation ends it) and closes."""
    client = Client(base, code)
    try:
        client.hello(token)
        client.send({"type": "resign"})
        client.until(lambda m: m["type"] == "state" and m["view"]["phase"] == "match_over")
    finally:
        client.close()


PRESENCE = ("connected", "autopilot", "ready")


def game_only(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` without who is connected, on autopilot or ready, and the turn clock.

    What is left is the game itself, which must not change when people come and go.
    """
    seats = [{k: v for k, v in seat.items() if k not in PRESENCE} for seat in view["seats"]]
    return {**view, "seats": seats, "turn_remaining": None}


def hello_all(clients: list[Client], tokens: list[str | None]) -> list[dict[str, Any]]:
    """Each client says hello (a token or none); returns each one's view once all are seated.

    A seat's first connection is shown to everyone, so a client that said hello
    early receives more states; they are read until every seat with a token shows
    connected, so that the next message each client reads answers what comes next.
    """
    views = [client.hello(token)["view"] for client, token in zip(clients, tokens, strict=True)]
    seated = {view["seat"] for view in views if view["seat"] is not None}
    for index, client in enumerate(clients):
        while not all(views[index]["seats"][seat]["connected"] for seat in seated):
            views[index] = client.recv()["view"]
    return views


@contextmanager
def thread_server(
    db: Path | str, rate: float = 1000.0, port: int = 0, reusable: bool = False, **options: Any
) -> Iterator[tuple[str, Any]]:
    """A uvicorn server in a thread on 127.0.0.1; yields its base URL and the app.

    The rate limit is raised by default: a test client sends far faster than a person.
    ``db`` is a SQLite file or a PostgreSQL URL; ``options`` go to ``create_app``.
    ``port``: a given one (a restart at the address the pages know), else a free one.
    ``reusable``: the port may be bound again while its old connections linger in
    TIME_WAIT (Linux wants SO_REUSEADDR on the first server's socket and the next's).
    """
    storage = open_storage(db) if isinstance(db, str) else SqliteStorage(str(db))
    app = create_app(storage, ServerSettings(rate=rate, **options))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if reusable:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, ws_max_size=WS_MAX_SIZE, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + TIMEOUT
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "server did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(TIMEOUT)
        sock.close()
        storage.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """``python -m skipbo.server.command`` on a store, killable like a crash.

    ``db`` is a SQLite file or any ``--db`` URL (a PostgreSQL one, say); ``extra``
    more arguments (``--redis URL`` for a cluster worker). ``wait=False`` returns at
    once: call :meth:`wait_ready` (several servers then start side by side).
    """

    def __init__(self, db: Path | str, extra: tuple[str, ...] = (), wait: bool = True) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        url = f"sqlite:///{db}" if isinstance(db, Path) else db
        args = ["--host", "127.0.0.1", "--port", str(self.port), "--db", url, *extra]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "skipbo.server.command", *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        if wait:
            self.wait_ready()

    def wait_ready(self) -> None:
        """Until the server answers (or raise with what it printed)."""
        self._wait_ready()

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + TIMEOUT * 2
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                assert self.process.stderr is not None
                raise AssertionError(f"server exited: {self.process.stderr.read().decode()}")
            try:
                if http(self.base, "GET", "/api/health")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        self.kill()
        raise AssertionError("server did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(TIMEOUT)
        if self.process.stderr is not None:
            self.process.stderr.close()


# ------------------------------------------------------------- leak checks


def card_lists(value: Any) -> Iterator[list[str]]:
    """Every non-empty list of card names anywhere in a decoded message."""
    if isinstance(value, dict):
        for item in value.values():
            yield from card_lists(item)
    elif isinstance(value, list):
        if value and all(isinstance(x, str) and _is_card(x) for x in value):
            yield value
        else:
            for item in value:
                yield from card_lists(item)


def _is_card(text: str) -> bool:
    return text == "SB" or (text.isdigit() and 1 <= int(text) <= 12 and text[0] != "0")


def names(cards: Any) -> list[str]:
    return [card_name(c) for c in cards]


def assert_no_leak(raw: str, table: Table, seat: int | None, secrets: list[str]) -> None:
    """``raw`` holds no secret string, and every card list in it is public or ``seat``'s hand.

    Compared with the server's own round: a message may show the own hand, discard
    piles, build piles and completed piles, all exactly as the server holds them,
    and nothing else made of cards (no other hand, no stock below the top, no draw).
    """
    for secret in secrets:
        assert secret not in raw
    message = json.loads(raw)
    assert message["type"] == "state"
    view = message["view"]
    assert view["seat"] == seat
    if view["phase"] == "lobby":
        assert not list(card_lists(view))
        return
    state, pv = table.match.round, view["view"]
    own = sorted(names(state.hand_cards(seat))) if seat is not None else []
    assert sorted(pv["hand"]) == own
    public = [names(pile) for pile in state.build_cards] + [names(state.completed)]
    for p, player in enumerate(pv["players"]):
        assert player["hand"] == state.hand_sizes[p]
        assert player["stock"] == len(state.stocks[p])
        top = state.stock_top(p)
        assert player["stock_top"] == (card_name(top) if top else None)
        assert player["discards"] == [names(pile) for pile in state.discards[p]]
        public += player["discards"]
    for cards in card_lists(view):
        assert cards in public or sorted(cards) == own, f"unexpected cards {cards}"
