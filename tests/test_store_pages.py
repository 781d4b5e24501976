"""The pages' queries (lobby, your turn, profile, graph, leaderboard) and their indexes.

The functional tests run on SQLite and PostgreSQL; the index test fills a small
SQLite store with ``benchmarks/store_queries.py`` and checks that no query of a
page reads a whole table (SQLite's plan has no bare ``SCAN``).
"""

from __future__ import annotations

import random
import runpy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skipbo.server.ratings import START, record_game, side_ranks
from skipbo.server.storage import GroupCommitStorage, SqliteStorage
from skipbo.server.storage import games as pages
from skipbo.server.storage import players as people
from skipbo.server.storage.games import GameResult, Listing, SeatResult
from storage_backends import Backend

BENCHMARK = runpy.run_path(str(Path(__file__).parents[1] / "benchmarks" / "store_queries.py"))
T0 = 1_800_000_000.0


@pytest.fixture
def store(storage_backend: Backend) -> Iterator[GroupCommitStorage[Any]]:
    yield from storage_backend.opened()


def player(store: GroupCommitStorage[Any], name: str, kind: str = "account") -> int:
    row = store.run(people.insert_player(kind, name, name.casefold(), None, T0))
    assert row is not None
    return row.player_id


def table(store: GroupCommitStorage[Any], code: str, seats: list[str], **listing: Any) -> None:
    """A stored table with ``seats`` ("open", "bot:LEVEL", or a person's name) and its listing."""
    store.create_table(code, "{}")
    for index, seat in enumerate(seats):
        kind = seat if seat == "open" or seat.startswith("bot:") else "human"
        store.add_seat(code, index, None, seat, kind)
    opened = sum(seat == "open" for seat in seats)
    defaults: dict[str, Any] = {"created": T0, "players": len(seats), "teams": False, "stock": 30}
    store.run(pages.list_table(Listing(code, open_seats=opened, **(defaults | listing))))


def test_the_lobby_lists_open_public_tables_with_their_seats(
    store: GroupCommitStorage[Any],
) -> None:
    ann = player(store, "Ann")
    table(store, "OLD", ["Ann", "open"], public=True, created=T0 - 10)
    table(store, "NEW", ["Ann", "bot:expert", "open"], public=True, rated=True, created=T0)
    table(store, "HIDE", ["Ann", "open"])  # private: link only
    table(store, "FULL", ["Ann", "bot:easy"], public=True)  # playing at once
    for code in ("OLD", "NEW", "HIDE", "FULL"):
        store.run(people.seat_player(code, 0, ann))
    store.run(people.rename(ann, "Ann Lee", "ann lee"))
    lobby = store.run(pages.lobby())
    assert [t.table_id for t in lobby] == ["NEW", "OLD"]
    new = lobby[0]
    assert (new.rated, new.players, new.open_seats, new.phase) == (True, 3, 1, "lobby")
    assert [(s.name, s.kind, s.player_id) for s in new.seats] == [
        ("Ann Lee", "human", ann),  # the player's name now, not the one typed at the seat
        ("bot:expert", "bot:expert", None),
        ("open", "open", None),
    ]
    assert new.seats[0].provisional and new.seats[0].rating is None  # no game yet
    assert store.run(pages.update_listing("OLD", T0 + 1, open_seats=0, phase="playing"))
    assert [t.table_id for t in store.run(pages.lobby())] == ["NEW"]
    assert store.run(pages.update_listing("NEW", T0 + 2, public=False))
    assert store.run(pages.lobby()) == []
    assert not store.run(pages.update_listing("NONE", T0, phase="finished"))
    with pytest.raises(ValueError, match="phase"):
        pages.update_listing("NEW", T0, phase="over")


def test_a_slow_tables_listing_keeps_its_hours_a_turn(store: GroupCommitStorage[Any]) -> None:
    """The lobby says "slow: 8 hours a turn", not only "slow game" (schema step 5); a
    listing written before the step has none and says "slow game" as it did."""
    table(store, "DAY", ["Ann", "open"], public=True, pace="slow", slow_hours=24, created=T0)
    table(store, "LIVE", ["Ann", "open"], public=True, created=T0 - 1)
    table(store, "OLD", ["Ann", "open"], public=True, pace="slow", created=T0 - 2)
    shown = {t.table_id: (t.pace, t.slow_hours) for t in store.run(pages.lobby())}
    assert shown == {"DAY": ("slow", 24), "LIVE": ("live", None), "OLD": ("slow", None)}


def test_your_turn_lists_the_tables_waiting_for_a_player(store: GroupCommitStorage[Any]) -> None:
    ann, bob = player(store, "Ann"), player(store, "Bob", kind="guest")
    for code in ("SLOW", "LIVE", "SOON"):
        table(store, code, ["Ann", "Bob"], pace="slow" if code != "LIVE" else "live")
        store.run(people.seat_player(code, 0, ann))
        store.run(people.seat_player(code, 1, bob))
    store.run(pages.set_turn("SLOW", 0, T0 + 86_400, T0))
    store.run(pages.set_turn("LIVE", 0, None, T0))
    store.run(pages.set_turn("SOON", 0, T0 + 3_600, T0))
    assert [t.table_id for t in store.run(pages.your_turn(ann))] == ["SOON", "SLOW", "LIVE"]
    assert store.run(pages.your_turn(bob)) == []
    store.run(pages.set_turn("SOON", 1, T0 + 7_200, T0))
    assert [t.table_id for t in store.run(pages.your_turn(bob))] == ["SOON"]
    assert store.run(pages.your_turn(bob))[0].deadline == T0 + 7_200
    store.run(pages.update_listing("SLOW", T0 + 5, phase="finished"))
    assert [t.table_id for t in store.run(pages.your_turn(ann))] == ["LIVE"]
    running = {t.table_id for t in store.run(pages.running_tables(ann))}
    assert running == {"LIVE", "SOON"}
    store.run(people.unseat_player("LIVE", 0))
    assert {t.table_id for t in store.run(pages.running_tables(ann))} == {"SOON"}


def finished(store: GroupCommitStorage[Any], code: str, who: list[int], winner: int) -> Any:
    store.create_table(code, "{}")
    seats = tuple(
        SeatResult(seat=i, side=i, name=f"seat {i}", score=0, stock_left=2 * i, player_id=p)
        for i, p in enumerate(who)
    )
    ranks = tuple(side_ranks([0] * len(who), winner=winner))
    result = GameResult(
        code, 0, 0, 1, T0 + len(code), len(who), False, 10, True, "won", seats, ranks
    )
    return store.run(record_game(result))


def test_a_profile_pages_through_finished_games(store: GroupCommitStorage[Any]) -> None:
    ann, bob, cy = player(store, "Ann"), player(store, "Bob"), player(store, "Cy")
    ids = [finished(store, f"G{i}", [ann, bob, cy][: 2 + i % 2], i % 2).game_id for i in range(5)]
    standing = store.run(pages.standing(ann))
    assert standing is not None
    assert (standing.games, standing.wins, standing.rated_games, standing.stock_left) == (
        5,
        3,
        5,
        0,
    )
    assert standing.provisional and standing.rating is not None and standing.rating > START.shown
    first = store.run(pages.player_games(ann, limit=3))
    assert [g.game_id for g in first] == ids[::-1][:3]
    rest = store.run(pages.player_games(ann, limit=3, before=first[-1].game_id))
    assert [g.game_id for g in rest] == ids[1::-1]
    assert [s.name for s in first[0].seats] == ["Ann", "Bob"]
    assert first[0].rating_after == store.run(pages.rating_graph(ann))[-1].rating
    # each game's rating before it is the one after the game before; none before the first
    graph = [p.rating for p in store.run(pages.rating_graph(ann))]
    both = [*first, *rest]
    assert [g.rating_before for g in both] == [*graph[-2::-1], None]
    assert [p.game_id for p in store.run(pages.rating_graph(ann))] == ids
    assert [p.game_id for p in store.run(pages.rating_graph(ann, points=2))] == ids[-2:]
    # Bob deletes his account: his games stay, under "deleted player"
    store.run(people.delete_player(bob, T0 + 100))
    seats = store.run(pages.player_games(ann, limit=1))[0].seats
    assert [s.name for s in seats] == ["Ann", "deleted player"]
    assert store.run(pages.standing(bob)) is not None
    assert store.run(pages.standing(10_000)) is None


def test_the_leaderboard_pages_through_listed_accounts(store: GroupCommitStorage[Any]) -> None:
    everyone = [player(store, f"P{i}") for i in range(5)]
    (guest,) = [player(store, "G", kind="guest")]
    rng = random.Random(4)
    pairs = [(a, b) for a in [*everyone, guest] for b in everyone if a < b or a == guest]
    for game in range(50):
        finished(store, f"L{game:02d}", list(pairs[game % len(pairs)]), rng.randrange(2))
    board = store.run(pages.leaderboard(0, 2))
    assert board.total == len(everyone)  # every account has 10 rated games or more; no guest
    rows = [row for page in range(3) for row in store.run(pages.leaderboard(page, 2)).rows]
    assert [row.place for row in rows] == [1, 2, 3, 4, 5]
    assert sorted(row.player_id for row in rows) == everyone
    ratings = [row.rating for row in rows]
    assert ratings == sorted(ratings, reverse=True)
    assert rows[:2] == board.rows


def test_no_page_query_reads_a_whole_table(tmp_path: Path) -> None:
    filled = BENCHMARK["fill"](tmp_path / "store.db", players=300, games=2_000)
    store = SqliteStorage(str(tmp_path / "store.db"))
    try:
        for name, make in BENCHMARK["queries"](filled, random.Random(1)).items():
            plans = BENCHMARK["explain"](store, make())
            assert plans, name
            assert BENCHMARK["full_scans"](plans) == [], (name, plans)
    finally:
        store.close()
