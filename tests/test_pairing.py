"""Find a game pairs by rating when several tables of the kind wait (issue 20 §2).

The order is a pure function (:func:`skipbo.server.pairing.pairing_order`) of the
tables the store lists, the seeker's rating and the time; through the real app
(SQLite) three players of 1200, 1500 and 1900 each wait at a table of the same
kind, and seekers join the closest in rating, not the oldest; a seeker far from
everyone still joins a waiting table. The cluster runs the same route over
PostgreSQL (``test_server_cluster_online.py``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_harness import thread_server
from skipbo.server.pairing import WINDOW, level, pairing_order, window
from skipbo.server.storage.games import SeatShown, TableShown, count_game
from skipbo.server.storage.tx import Op, Store, Tx
from test_server_players import Browser

NOW = 1_000_000.0


def waiting(code: str, waited: float, *ratings: int | None) -> TableShown:
    """A listed two-player table that has waited ``waited`` seconds, its people rated so."""
    seats = [SeatShown(i, f"p{i}", "human", 100 + i, r) for i, r in enumerate(ratings)]
    seats.append(SeatShown(len(seats), "", "open"))
    return TableShown(code, NOW - waited, True, "live", 2, False, 10, "lobby", 1, None, seats=seats)


def codes(tables: list[TableShown]) -> list[str]:
    return [table.table_id for table in tables]


def test_a_tables_level_is_its_peoples_mean_rating() -> None:
    assert level(waiting("A", 0, 1400, 1600)) == 1500
    assert level(waiting("A", 0, None)) == 1500  # no rating yet: the start rating
    bots = TableShown("B", NOW, True, "live", 2, False, 10, "lobby", 1, None, seats=[])
    assert level(bots) == 1500
    assert window(0) == WINDOW and window(120) > window(60) > window(0)


def test_the_closest_table_in_reach_comes_first_then_the_oldest() -> None:
    new_mid = waiting("MID", 10, 1500)
    old_high = waiting("HIGH", 130, 1900)
    tables = [new_mid, old_high]
    assert codes(pairing_order(tables, 1520, NOW)) == ["MID", "HIGH"]
    assert codes(pairing_order(tables, 1900, NOW)) == ["HIGH", "MID"]
    # 1700 is 200 from both: MID (waited 10 s) is not in reach yet, HIGH (130 s) is
    assert codes(pairing_order(tables, 1700, NOW)) == ["HIGH", "MID"]
    # 1600 is 100 from MID, in reach at once, and 300 from HIGH (in reach, but farther)
    assert codes(pairing_order(tables, 1600, NOW)) == ["MID", "HIGH"]
    # out of every reach: the longest waiting first, so nobody waits alone beside them
    assert codes(pairing_order(tables, 900, NOW)) == ["HIGH", "MID"]


def test_the_window_widens_while_a_table_waits() -> None:
    far = waiting("FAR", 0, 1900)  # 180 from the seeker, just opened
    old = waiting("OLD", 30, 1450)  # 270 from the seeker, waiting for 30 s
    # neither in reach: the one that waited longer first
    assert codes(pairing_order([far, old], 1720, NOW)) == ["OLD", "FAR"]
    # two minutes on, both windows have grown past them: the closer first
    assert codes(pairing_order([far, old], 1720, NOW + 120)) == ["FAR", "OLD"]


def test_the_order_is_deterministic() -> None:
    tables = [waiting(code, 5, 1500) for code in ("QQQ", "AAA", "MMM")]
    assert codes(pairing_order(tables, 1500, NOW)) == ["AAA", "MMM", "QQQ"]
    assert codes(pairing_order(list(reversed(tables)), 1500, NOW)) == ["AAA", "MMM", "QQQ"]


# ------------------------------------------------------------ through the app


def rated(player_id: int, rating: int) -> Op[None]:
    """The player's rating row at ``rating`` (as after some games), by the store's operation."""

    def run(tx: Tx) -> None:
        count_game(tx, player_id, False, 0, (25.0, 8.3, rating), time.time())

    return run


def person(base: str, store: Store, rating: int | None) -> tuple[Browser, int]:
    """A guest of this rating (None: no game yet)."""
    browser = Browser(base)
    player_id = int(browser.get("/api/me").json()["id"])
    if rating is not None:
        store.run(rated(player_id, rating))
    return browser, player_id


def check_pairing_by_rating(base: str, store: Store, seekers_base: str | None = None) -> None:
    """Three tables of one kind wait (1200, 1500, 1900, oldest first), made on ``base``;
    seekers (on ``seekers_base``, another cluster worker, if given) of 1880 and 1480
    join the closest, one of 1000 the one left. The same on both servers."""
    kind = {"players": 2, "stock": 10, "public": True, "rated": True}
    codes: dict[int, str] = {}
    for rating in (1200, 1500, 1900):
        host, _ = person(base, store, rating)
        made = host.post("/api/tables", {**kind, "name": f"Host {rating}"})
        assert made.status_code == 200, made.json()
        codes[rating] = made.json()["code"]
    assert wait_listed(Browser(base), set(codes.values()))
    for seeker, table in ((1880, 1900), (1480, 1500), (1000, 1200)):
        browser, _ = person(seekers_base or base, store, seeker)
        found = browser.post("/api/find", {"players": 2, "stock": 10})
        assert found.status_code == 200, found.json()
        assert found.json()["code"] == codes[table], (seeker, found.json()["code"], codes)


def wait_listed(browser: Browser, codes: set[str]) -> bool:
    """Listings are written after the change: poll the lobby a while."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if codes <= {t["table_id"] for t in browser.get("/api/lobby").json()["tables"]}:
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    with thread_server(tmp_path / "pairing.db", create_limit=0) as (base, app):
        yield base, app


def test_find_a_game_joins_the_closest_rating_not_the_oldest(site: tuple[str, Any]) -> None:
    base, app = site
    check_pairing_by_rating(base, app.state.online.store)


def test_find_a_game_looks_past_newer_tables_of_other_kinds(
    site: tuple[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Find a game looks at a limited number of waiting tables: those of the kind asked
    for. A two-player table waits; newer three-player tables, more than that number,
    must not hide it (they did when it read the newest open tables of every kind)."""
    from skipbo.server import player_routes

    monkeypatch.setattr(player_routes, "FIND_SCAN", 3)
    base, app = site
    store = app.state.online.store
    host, _ = person(base, store, None)
    made = host.post("/api/tables", {"players": 2, "stock": 10, "public": True, "rated": True})
    assert made.status_code == 200, made.json()
    newer = set()
    for index in range(4):
        other, _ = person(base, store, None)
        kind = {"players": 3, "stock": 10, "public": True, "rated": True, "name": f"O{index}"}
        newer.add(other.post("/api/tables", kind).json()["code"])
    assert wait_listed(Browser(base), newer | {made.json()["code"]})
    seeker, _ = person(base, store, None)
    found = seeker.post("/api/find", {"players": 2, "stock": 10})
    assert found.status_code == 200, found.json()
    assert found.json()["code"] == made.json()["code"]
