"""The server on several processes: real PostgreSQL, real Redis, real ``kill -9``.

Each test starts ``skipbo serve --redis ...`` worker processes on one fresh
PostgreSQL schema and plays through WebSockets, with players of one table on
different workers. Every state a player receives is checked against the core:
it must equal the view of that seat at some position of the stored round, and
the positions a player sees never go back. Needs ``SKIPBO_TEST_POSTGRES`` and
``SKIPBO_TEST_REDIS`` (``.ci/run`` sets both); the Redis restart test starts its
own ``redis-server``. Without them the tests skip with the reason.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest

from server_harness import TIMEOUT, Client, ServerProcess, free_port, game_only, http
from skipbo.server.cluster.recorder import Recorder
from skipbo.server.storage import PostgresStorage, StoredTable
from skipbo.server.tables import Table
from storage_backends import postgres_backend, throwaway_database

REDIS_ENV = "SKIPBO_TEST_REDIS"
SEATS = ["human", "human", "bot:easy"]
"""Two people (one on each worker) and a bot."""


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    yield from throwaway_database()


GRACE = 1.5
"""Seconds an absent person has before the autopilot plays for them (45 in production)."""


@pytest.fixture(scope="module", autouse=True)
def short_clocks() -> Iterator[None]:
    """Every worker of this module gets a short grace period, and the message rate a
    test client needs, as thread_server gives one process (the variables are
    inherited): these players answer each state at once, far faster than 20 a
    second, and a refusal for that would fail the tests that expect no error."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SKIPBO_CLUSTER_GRACE", str(GRACE))
        patch.setenv("SKIPBO_CLUSTER_RATE", "1000")
        yield


@pytest.fixture(scope="module")
def pg_url(database: str) -> str:
    """A fresh schema for this module's workers (each test makes its own tables)."""
    pytest.importorskip("psycopg_pool", reason="the cluster needs pip install '.[cluster]'")
    return postgres_backend(database).url


@pytest.fixture(scope="module")
def redis_url() -> str:
    url = os.environ.get(REDIS_ENV)
    if not url:
        pytest.skip(f"cluster tests need {REDIS_ENV}=redis://HOST:PORT/DB (and PostgreSQL)")
    pytest.importorskip("redis", reason="the cluster needs pip install '.[cluster]'")
    return url


def workers(pg: str, redis: str, count: int = 2) -> list[ServerProcess]:
    """``count`` worker processes on one database and Redis, started side by side."""
    started = [ServerProcess(pg, ("--redis", redis), wait=False) for _ in range(count)]
    try:
        for worker in started:
            worker.wait_ready()
    except BaseException:
        for worker in started:
            worker.kill()
        raise
    return started


@pytest.fixture(scope="module")
def pair(pg_url: str, redis_url: str) -> Iterator[list[ServerProcess]]:
    """Two workers shared by the tests that kill nothing."""
    both = workers(pg_url, redis_url)
    yield both
    for worker in both:
        worker.kill()


class Player:
    """A person's WebSocket on one worker: keeps every state it received."""

    def __init__(self, base: str, code: str, token: str | None) -> None:
        self.client = Client(base, code)
        self.token = token
        self.states: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.waiting = ""
        """The game as it was when this player's last move was sent, until it changed."""
        self.take(self.client.hello(token))

    @property
    def view(self) -> dict[str, Any]:
        return self.states[-1]

    def take(self, message: dict[str, Any]) -> None:
        """Keep a message; an answer to our move (a new position, or an error) ends the wait."""
        if message["type"] == "state":
            self.states.append(message["view"])
            if canonical(message["view"]) != self.waiting:
                self.waiting = ""
        else:
            self.errors.append(message)
            self.waiting = ""

    def drain(self, wait: float = 0.05) -> None:
        """Read every message already sent (waiting at most ``wait`` for the first)."""
        while True:
            try:
                text = self.client.ws.recv(timeout=wait)
            except TimeoutError:
                return
            assert isinstance(text, str)
            self.take(json.loads(text))
            wait = 0.0

    def summary(self) -> str:
        view, waiting = self.view, bool(self.waiting)
        return f"seat {view['seat']} {view['phase']} to_move {view['to_move']} waiting {waiting}"

    def my_turn(self) -> bool:
        view = self.view
        return (
            view["phase"] == "playing" and view["to_move"] == view["seat"] and bool(view["legal"])
        )

    def move(self, move: str | None = None) -> None:
        self.client.send({"type": "move", "move": move or choose(self.view["legal"])})
        self.waiting = canonical(self.view)

    def end_turn(self) -> None:
        """Discard at once, so the turn cannot end the round (no stock card is played)."""
        self.drain()
        assert self.my_turn() and not self.waiting, self.summary()
        self.move(next(m for m in self.view["legal"] if "-D" in m))
        end = time.monotonic() + TIMEOUT
        while self.waiting:
            assert time.monotonic() < end, f"no answer to the discard: {self.summary()}"
            self.drain(0.5)


def choose(legal: list[str]) -> str:
    """A move that brings the round to its end: stock first, then builds, then a discard."""
    for prefix in ("S-", "D", "H"):
        for move in legal:
            if move.startswith(prefix) and "-B" in move:
                return move
    return legal[0]


def play(
    players: list[Player], until: Any, deadline: float = 60.0, watch: tuple[Player, ...] = ()
) -> None:
    """Each person moves on their turn (bots move by themselves) until ``until()`` holds.

    ``watch``: more connections that only read.
    """
    end = time.monotonic() + deadline
    while True:
        for player in (*players, *watch):
            player.drain()
        if until():
            return
        assert time.monotonic() < end, f"the table did not go on: {[p.summary() for p in players]}"
        for player in players:
            if player.my_turn() and not player.waiting:
                player.move()


def round_over(players: list[Player]) -> Any:
    return lambda: all(p.states and p.view["phase"] != "playing" for p in players)


def new_table(base: str, other: str, stock: int = 3) -> tuple[str, str, str]:
    """A table made on ``base`` (Ann joins there) and joined on ``other`` (Bob)."""
    body = {"players": 3, "stock": stock, "seats": SEATS, "name": "Ann"}
    status, made = http(base, "POST", "/api/tables", body)
    assert status == 200, made
    status, joined = http(other, "POST", f"/api/tables/{made['code']}/join", {"name": "Bob"})
    assert status == 200, joined
    return made["code"], made["token"], joined["token"]


def load(pg_url: str, code: str) -> StoredTable:
    storage = PostgresStorage(pg_url)
    try:
        stored = storage.load_table(code)
    finally:
        storage.close()
    assert stored is not None
    return stored


def core_views(pg_url: str, code: str, seat: int) -> list[str]:
    """The seat's view at every position of the stored round, as the core gives it."""
    stored = load(pg_url, code)
    moves = stored.moves[0]
    start = StoredTable(stored.table_id, stored.config, stored.status, stored.seats, [[]])
    table = Table.restore(start, Recorder())
    views = [canonical(table.view_for(seat))]
    for step in moves:
        table.extend_round([step])
        views.append(canonical(table.view_for(seat)))
    return views


def stored_moves(pg_url: str, code: str, seat: int | None = None) -> int:
    """How many moves of ``code`` (by ``seat``, if given) are committed."""
    import psycopg

    sql = "SELECT count(*) FROM moves WHERE table_id = %s AND (%s::int IS NULL OR seat = %s)"
    with psycopg.connect(pg_url) as db:
        row = db.execute(sql, (code, seat, seat)).fetchone()
    assert row is not None
    return int(row[0])


def canonical(view: dict[str, Any]) -> str:
    return json.dumps(game_only(view), sort_keys=True)


def assert_core_views(pg_url: str, code: str, player: Player) -> None:
    """Every state ``player`` got is the core's view at a position, never going back."""
    seat = player.view["seat"]
    views = core_views(pg_url, code, seat)
    last = 0
    for state in player.states:
        if state["phase"] == "lobby":
            continue
        text = canonical(state)
        assert text in views[last:], f"a view the core never gave (after position {last})"
        last = views.index(text, last)
    assert last == len(views) - 1, "the player did not see the end of the round"


# ------------------------------------------------------------------ tests


def test_a_round_across_two_workers(pair: list[ServerProcess], pg_url: str) -> None:
    w1, w2 = pair
    code, ann_token, bob_token = new_table(w1.base, w2.base)
    ann, bob = Player(w1.base, code, ann_token), Player(w2.base, code, bob_token)
    spectator = Player(w2.base, code, None)
    try:
        play([ann, bob, spectator], round_over([ann, bob, spectator]))
        for player in (ann, bob, spectator):
            player.drain(0.2)
            assert_core_views(pg_url, code, player)
        assert not ann.errors and not bob.errors
        assert game_only(ann.view)["view"]["build"] == game_only(bob.view)["view"]["build"]
        # the seat that moved first has decisions even when it wins in its first
        # turn (the table's seed, and so the dealer, is random; the other never moves)
        first = ann.states[0]["to_move"]
        path = f"/api/tables/{code}/analysis/0?seat={first}"
        status, analysis = http(w2.base, "GET", path)
        assert status == 200 and analysis["seat"] == first and analysis["moves"], analysis
    finally:
        for player in (ann, bob, spectator):
            player.client.close()


def test_a_race_for_one_move_is_won_once(pair: list[ServerProcess], pg_url: str) -> None:
    """The same person on two devices (one per worker) sends the same move at once."""
    w1, w2 = pair
    # stock 10: with 3 the bot could end the round before Ann's turn came
    code, ann_token, bob_token = new_table(w1.base, w2.base, stock=10)
    ann, bob = Player(w1.base, code, ann_token), Player(w2.base, code, bob_token)
    other = Player(w2.base, code, ann_token)  # Ann's second device
    try:

        def ready() -> bool:  # Ann to move, both devices showing it, no move of hers in flight
            return not ann.waiting and ann.my_turn() and other.my_turn() and same(ann, other)

        play([ann, bob], ready, watch=(other,))
        before = stored_moves(pg_url, code)
        move = choose(ann.view["legal"])
        # each worker reads its device's move before it can hear of the other's commit;
        # each names the position it showed, as the page does (without it, a worker that
        # heard of the commit first judged the copy on the next position: illegal_move)
        at = [ann.view["round_index"], ann.view["moves"]]
        other.client.send({"type": "move", "move": move, "at": at})
        ann.client.send({"type": "move", "move": move, "at": at})
        refused: list[dict[str, Any]] = []
        end = time.monotonic() + TIMEOUT
        while len(refused) + stored_moves(pg_url, code) - before < 2:
            assert time.monotonic() < end, "both answers did not come"
            for device in (ann, other):
                device.drain()
            refused = ann.errors + other.errors
        assert stored_moves(pg_url, code) - before == 1, refused
        assert [e["code"] for e in refused] == ["table_moved_on"], refused
        for device in (ann, other):  # the loser's view is refreshed too
            device.drain(0.5)
        assert canonical(ann.view) == canonical(other.view) == core_views(pg_url, code, 0)[-1]
    finally:
        for player in (ann, bob, other):
            player.client.close()


def test_the_autopilot_plays_for_an_absent_person(pair: list[ServerProcess], pg_url: str) -> None:
    """Ann leaves worker 1; after the grace period the driver's autopilot plays her seat
    while Bob plays on worker 2."""
    w1, w2 = pair
    # stock 20: with 8 the round sometimes ended (a stock emptied) before the
    # autopilot's first move, and the wait for Bob's next turn never ended
    code, ann_token, bob_token = new_table(w1.base, w2.base, stock=20)
    ann, bob = Player(w1.base, code, ann_token), Player(w2.base, code, bob_token)
    try:
        play([ann, bob], lambda: bob.my_turn())
        ann.client.close()
        left = stored_moves(pg_url, code, seat=0)
        play([bob], lambda: stored_moves(pg_url, code, seat=0) > left and bob.my_turn())
        assert any(state["seats"][0]["autopilot"] for state in bob.states)
        assert not bob.view["seats"][0]["connected"]
        assert canonical(bob.view) == core_views(pg_url, code, 1)[-1]
    finally:
        bob.client.close()


def test_a_hint_is_answered_by_any_worker(pair: list[ServerProcess]) -> None:
    """Ann plays a bot on the worker that did not create the table and asks for a hint."""
    w1, w2 = pair
    # stock 20: with 5 the bot, moving first, sometimes emptied its stock before
    # the person's first turn, and the wait for that turn never ended
    body = {"players": 2, "stock": 20, "seats": ["human", "bot:hard"], "name": "Ann"}
    status, made = http(w1.base, "POST", "/api/tables", body)
    assert status == 200 and made["table"]["config"]["hints"], made
    ann = Player(w2.base, made["code"], made["token"])
    try:
        play([ann], lambda: ann.my_turn())
        ann.client.send({"type": "hint"})
        end = time.monotonic() + 30
        while not any(m["type"] == "hint" for m in ann.errors):
            assert time.monotonic() < end, f"no hint: {ann.errors}"
            ann.drain(0.2)
        (hint,) = [m for m in ann.errors if m["type"] == "hint"]
        assert hint["move"] in ann.view["legal"]
    finally:
        ann.client.close()


def same(a: Player, b: Player) -> bool:
    return canonical(a.view) == canonical(b.view)


def test_kill_9_of_a_worker_mid_round(pg_url: str, redis_url: str) -> None:
    """Ann's worker dies; she reconnects to Bob's and nothing is lost; the bot plays on.

    The worker that made the table drives its bot; it is killed at Bob's turn (the
    bot moves next), so the bot's next move can only come from the other worker. Bob
    then ends his turn with a discard: had he played on, he might empty his stock and
    end the match before the bot ever moved again.
    """
    w1, w2 = workers(pg_url, redis_url)
    players: list[Player] = []
    try:
        code, ann_token, bob_token = new_table(w1.base, w2.base, stock=8)
        ann, bob = Player(w1.base, code, ann_token), Player(w2.base, code, bob_token)
        players += [ann, bob]
        bot_seen = lambda: any(s.get("to_move") == 2 for s in bob.states)  # noqa: E731
        play([ann, bob], lambda: bot_seen() and bob.my_turn() and not (ann.waiting or bob.waiting))
        seen = ann.view
        w1.kill()
        ann.client.close()
        bot_moves = stored_moves(pg_url, code, seat=2)
        again = Player(w2.base, code, ann_token)
        players.append(again)
        views = core_views(pg_url, code, 0)
        assert views.index(canonical(again.view)) >= views.index(canonical(seen)), "Ann lost"
        bob.end_turn()
        play([again, bob], lambda: stored_moves(pg_url, code, seat=2) > bot_moves, deadline=90.0)
        quiet = lambda: same_position(again, bob) and (again.my_turn() or bob.my_turn())  # noqa: E731
        play([again, bob], lambda: quiet() or round_over([again, bob])(), deadline=90.0)
        again.drain(0.2)
        assert canonical(again.view) == core_views(pg_url, code, 0)[-1]
        assert canonical(bob.view) == core_views(pg_url, code, 1)[-1]
    finally:
        for player in players:
            player.client.close()
        w1.kill()
        w2.kill()


def same_position(a: Player, b: Player) -> bool:
    return (a.view.get("round_index"), a.view.get("moves")) == (
        b.view.get("round_index"),
        b.view.get("moves"),
    )


class RedisServer:
    """A throwaway ``redis-server`` on loopback, no persistence; can be stopped and started."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("redis-server missing (Debian: apt-get install redis-server)")
        self.binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        args = ["--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly"]
        self.process = subprocess.Popen(
            [self.binary, *args, "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        end = time.monotonic() + TIMEOUT
        while not self._answers():
            assert time.monotonic() < end and self.process.poll() is None, "redis did not start"
            time.sleep(0.05)

    def _answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_connect_timeout=1).ping())
        except redis.RedisError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(TIMEOUT)


def test_redis_restarted_mid_round(pg_url: str, redis_url: str) -> None:
    """Play goes on while Redis is down and after it is back; every view catches up."""
    redis = RedisServer()
    players: list[Player] = []
    try:
        w1, w2 = servers = workers(pg_url, redis.url)
        # stock 10: with 3 cards the round sometimes ended before Redis was stopped
        code, ann_token, bob_token = new_table(w1.base, w2.base, stock=10)
        ann, bob = Player(w1.base, code, ann_token), Player(w2.base, code, bob_token)
        players += [ann, bob]
        play([ann, bob], lambda: len(ann.states) >= 8)
        redis.stop()
        mark = len(bob.states)
        play([ann, bob], lambda: len(bob.states) >= mark + 4 or round_over([ann, bob])())
        redis.start()
        play([ann, bob], round_over([ann, bob]), deadline=120.0)
        for player in players:
            player.drain(0.2)
            assert_core_views(pg_url, code, player)
    finally:
        for player in players:
            player.client.close()
        for server in locals().get("servers", []):
            server.kill()
        redis.stop()


OFFSETS = (0.0, 0.015, 0.04, 0.08, 0.12, 0.16, 0.2)
"""Seconds between the two devices' sends (the fault pass saw copies at 15-160 ms)."""


def test_two_devices_on_two_workers_store_one_move_at_any_offset(
    pair: list[ServerProcess], pg_url: str
) -> None:
    """Ann's two devices send the same move, each naming the position it showed,
    0-200 ms apart: one is stored, the other refused with ``table_moved_on``."""
    w1, w2 = pair
    code, ann_token, bob_token = new_table(w1.base, w2.base, stock=30)
    ann, bob = Player(w1.base, code, ann_token), Player(w2.base, code, bob_token)
    other = Player(w2.base, code, ann_token)  # Ann's second device
    try:
        for offset in OFFSETS:
            ready = lambda: ann.my_turn() and other.my_turn() and same(ann, other)  # noqa: E731
            play([ann, bob], ready, watch=(other,))
            assert not ann.waiting
            at = [ann.view["round_index"], ann.view["moves"]]
            move = next((m for m in ann.view["legal"] if "-B" in m), ann.view["legal"][0])
            before = stored_moves(pg_url, code)
            ann.client.send({"type": "move", "move": move, "at": at})
            time.sleep(offset)
            other.client.send({"type": "move", "move": move, "at": at})
            end = time.monotonic() + TIMEOUT
            while len(ann.errors + other.errors) + stored_moves(pg_url, code) - before < 2:
                assert time.monotonic() < end, f"both answers did not come (offset {offset})"
                for device in (ann, other):
                    device.drain()
            assert stored_moves(pg_url, code) - before == 1, offset
            refused = [e["code"] for e in ann.errors + other.errors]
            assert refused == ["table_moved_on"], (offset, refused)
            ann.errors.clear()
            other.errors.clear()
    finally:
        for player in (ann, bob, other):
            player.client.close()


def test_a_paused_worker_gets_its_players_back(
    pg_url: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob's worker stops (SIGSTOP) past the reaping time: Ann sees him away; once it
    runs again he is shown present again, and the autopilot never takes his seat."""
    grace = 8.0
    monkeypatch.setenv("SKIPBO_CLUSTER_GRACE", str(grace))
    w1, w2 = servers = workers(pg_url, redis_url)
    players: list[Player] = []
    try:
        code, ann_token, bob_token = new_table(w1.base, w2.base, stock=30)
        ann, bob = Player(w1.base, code, ann_token), Player(w2.base, code, bob_token)
        players += [ann, bob]
        here = lambda p: p.states and p.view["seats"][1]["connected"]  # noqa: E731
        play([ann, bob], lambda: ann.my_turn() and here(ann) and here(bob))
        moves = stored_moves(pg_url, code)
        os.kill(w2.process.pid, signal.SIGSTOP)
        try:
            wait_for(ann, lambda: not here(ann), 20.0, "Bob's rows were never reaped")
        finally:
            os.kill(w2.process.pid, signal.SIGCONT)
        away = time.monotonic()
        wait_for(ann, lambda: here(ann), 10.0, "Bob stays away while his worker runs")
        wait_for(ann, lambda: time.monotonic() > away + grace + 2, grace + 5, "")
        bob.drain(0.2)
        assert here(ann) and here(bob)
        assert not any(s["seats"][1]["autopilot"] for p in players for s in p.states)
        assert stored_moves(pg_url, code) == moves  # nobody moved for anyone
    finally:
        for player in players:
            player.client.close()
        for server in locals().get("servers", []):
            server.kill()


def wait_for(player: Player, done: Any, seconds: float, why: str) -> None:
    """Read ``player``'s messages until ``done()``; fail with ``why`` after ``seconds``."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, why
        player.drain(0.1)
