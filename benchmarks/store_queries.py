"""The pages' queries on a big SQLite store (issue 20 §5). Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/store_queries.py [--players 10000] [--games 100000]
[--runs 200] [--db FILE] [--plans]`` (about a minute: most of it filling the store).

Fills a fresh SQLite store (created and upgraded by :class:`SqliteStorage`,
then written in bulk) with ``--players`` players (4 in 5 accounts) and
``--games`` finished games of 2–6 players (a quarter in partnerships, a fifth
unrated, some against bots), the players drawn with a long tail so that the
busiest have thousands of games; besides them 500 tables waiting in the lobby
and 3,000 running, half of them slow, 7 in 10 of either public. Then it times each
query a page makes, through ``store.run`` as a route would (the writer thread's
queue included), on random players and on the busiest one, and prints the median
and the 95th percentile. ``--plans`` prints SQLite's plan for every statement.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skipbo.server.ratings import BOT_SKILLS, shown_rating
from skipbo.server.storage import SqliteStorage
from skipbo.server.storage import games as pages
from skipbo.server.storage.tx import Op, Row, Tx

T0 = 1_800_000_000.0
LOBBY = 500
RUNNING = 3_000
SIZES = ((2, False), (2, False), (3, False), (4, False), (4, True), (6, False), (6, True))
"""Table sizes drawn for games: (players, partnerships)."""


@dataclass
class Filled:
    """What the fill made: the store's file, and players worth asking about."""

    path: Path
    players: int
    busiest: int
    """The player with the most games."""
    turn_holders: list[int]
    """Players with a running table waiting for them."""


def fill(path: Path, players: int, games: int, seed: int = 1) -> Filled:
    """A fresh store at ``path``, upgraded by the store itself, then filled in bulk."""
    SqliteStorage(str(path)).close()  # the schema, as the server makes it
    rng = random.Random(seed)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA synchronous=OFF")
    db.execute("BEGIN")
    kinds = ["account" if rng.random() < 0.8 else "guest" for _ in range(players)]
    db.executemany(
        "INSERT INTO players (player_id, kind, name, name_key, created) VALUES (?, ?, ?, ?, ?)",
        [(i, kinds[i - 1], f"Player {i}", f"player {i}", T0) for i in range(1, players + 1)],
    )
    weights = [1 / (rank**0.75) for rank in range(1, players + 1)]
    ids = list(range(1, players + 1))
    rng.shuffle(ids)
    totals: dict[int, list[int]] = {}  # player -> games, wins, stock left, rated games
    skills: dict[int, tuple[float, float]] = {}
    tables, seats, table_players, listings = [], [], [], []
    game_rows, game_players, history = [], [], []
    bots = sorted(BOT_SKILLS)
    for game in range(1, games + 1):
        size, teams = rng.choice(SIZES)
        code = f"G{game:07d}"
        people = _draw_distinct(rng, ids, weights, size)
        with_bot = rng.random() < 0.15
        rated = rng.random() < 0.8
        sides = size // 2 if teams else size
        ranks = list(range(1, sides + 1))
        rng.shuffle(ranks)
        finished = T0 + game * 30
        tables.append((code, '{"config": {}, "seed": 0}', '{"rounds": [1]}'))
        listings.append((code, finished - 900, 0, int(rated), "live", size, int(teams), 30,
                         "finished", 0, None, None, finished, None, None))  # fmt: skip
        game_rows.append((game, code, 0, 0, 1, finished, size, int(teams), 30, int(rated), "won"))
        for seat in range(size):
            side = seat % sides
            bot = bots[game % len(bots)] if with_bot and seat == size - 1 else None
            player = None if bot else people[seat]
            name = f"Ada ({bot})" if bot else f"Player {player}"
            stock = 0 if ranks[side] == 1 else rng.randrange(1, 30)
            seats.append((code, seat, None, name, f"bot:{bot}" if bot else "human"))
            game_players.append((game, seat, side, player, bot, name, ranks[side],
                                 25 if ranks[side] == 1 else 0, stock, 0))  # fmt: skip
            if player is None:
                continue
            table_players.append((code, seat, player))
            total = totals.setdefault(player, [0, 0, 0, 0])
            total[0] += 1
            total[1] += ranks[side] == 1
            total[2] += stock
            if rated:
                total[3] += 1
                mu, sigma = skills.get(player, (25.0, 25 / 3))
                mu += rng.uniform(-1.5, 1.5)
                sigma = max(1.5, sigma * 0.97)
                skills[player] = (mu, sigma)
                history.append((player, game, finished, mu, sigma, shown_rating(mu)))
    turn_holders = _open_tables(rng, ids, weights, tables, seats, table_players, listings)
    db.executemany("INSERT INTO tables (table_id, config, status) VALUES (?, ?, ?)", tables)
    db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", seats)
    db.executemany("INSERT INTO table_players VALUES (?, ?, ?)", table_players)
    db.executemany(f"INSERT INTO listings VALUES ({', '.join('?' * 15)})", listings)
    db.executemany(f"INSERT INTO games VALUES ({', '.join('?' * 11)})", game_rows)
    db.executemany(f"INSERT INTO game_players VALUES ({', '.join('?' * 10)})", game_players)
    db.executemany("INSERT INTO rating_history VALUES (?, ?, ?, ?, ?, ?)", history)
    ratings = []
    for player, (played, wins, stock, rated_games) in totals.items():
        mu, sigma = skills.get(player, (25.0, 25 / 3))
        listed = int(kinds[player - 1] == "account" and rated_games >= pages.LISTED_GAMES)
        ratings.append((player, mu, sigma, shown_rating(mu), rated_games, played, wins, stock,
                        listed, T0))  # fmt: skip
    db.executemany(f"INSERT INTO ratings VALUES ({', '.join('?' * 10)})", ratings)
    db.execute("COMMIT")
    db.execute("ANALYZE")
    db.close()
    busiest = max(totals, key=lambda player: totals[player][0])
    return Filled(path, players, busiest, turn_holders)


def _draw_distinct(
    rng: random.Random, ids: Sequence[int], weights: Sequence[float], count: int
) -> list[int]:
    """``count`` different players, the long tail's weights deciding who plays most."""
    chosen: list[int] = []
    while len(chosen) < count:
        for player in rng.choices(ids, weights, k=count):
            if player not in chosen and len(chosen) < count:
                chosen.append(player)
    return chosen


def _open_tables(
    rng: random.Random,
    ids: Sequence[int],
    weights: Sequence[float],
    tables: list[Any],
    seats: list[Any],
    table_players: list[Any],
    listings: list[Any],
) -> list[int]:
    """Tables in the lobby and running ones (half slow, with a deadline), 7 in 10 of
    either public (the lobby lists those, open or in play); the players whose turn it is."""
    holders = []
    for index in range(LOBBY + RUNNING):
        size = rng.choice((2, 2, 3, 4))
        code = f"O{index:07d}"
        lobby = index < LOBBY
        people = _draw_distinct(rng, ids, weights, size)
        taken = rng.randrange(1, size) if lobby else size
        created = T0 - 3600 + index
        tables.append((code, '{"config": {}, "seed": 0}', "{}"))
        for seat in range(size):
            mine = seat < taken
            seats.append((code, seat, None, f"Player {people[seat]}" if mine else "open",
                          "human" if mine else "open"))  # fmt: skip
            if mine:
                table_players.append((code, seat, people[seat]))
        slow = not lobby and index % 2 == 0
        to_move = None if lobby else people[rng.randrange(size)]
        if to_move is not None:
            holders.append(to_move)
        public = int(rng.random() < 0.7)
        pace, phase = "slow" if slow else "live", "lobby" if lobby else "playing"
        deadline = created + 86_400 if slow else None
        listings.append((code, created, public, 1, pace, size, 0, 30, phase, size - taken,
                         to_move, deadline, created, 24 if slow else None,
                         "0/1" if slow else None))  # fmt: skip
    return holders


class Explaining:
    """A :class:`Tx` that keeps SQLite's plan of every SELECT it runs."""

    def __init__(self, tx: Tx, plans: list[tuple[str, list[str]]]) -> None:
        self.tx, self.plans, self.dialect = tx, plans, tx.dialect

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        if sql.lstrip().upper().startswith("SELECT"):
            steps = self.tx.rows("EXPLAIN QUERY PLAN " + sql, params)
            self.plans.append((sql, [str(step[3]) for step in steps]))
        return self.tx.rows(sql, params)

    def attempt(self, sql: str, params: Sequence[Any] = ()) -> list[Row] | None:
        return self.tx.attempt(sql, params)


def explain(store: SqliteStorage, op: Op[Any]) -> list[tuple[str, list[str]]]:
    """SQLite's plan of each SELECT of ``op`` (the op runs too)."""
    plans: list[tuple[str, list[str]]] = []
    store.run(lambda tx: op(Explaining(tx, plans)))
    return plans


def full_scans(plans: list[tuple[str, list[str]]]) -> list[str]:
    """The plan steps that read a whole table (``SCAN t`` without an index)."""
    return [
        step
        for _, steps in plans
        for step in steps
        if step.startswith("SCAN") and " USING " not in step
    ]


def queries(filled: Filled, rng: random.Random) -> dict[str, Callable[[], Op[Any]]]:
    """Each page's query, with fresh parameters at every run."""
    busiest = filled.busiest

    def someone() -> int:
        return rng.randrange(1, filled.players + 1)

    return {
        "lobby (50 newest open tables, their seats)": lambda: pages.lobby(50),
        "games being played (20 newest public, their seats)": lambda: pages.playing(20),
        "Find a game's read (200 newest open tables of a kind, their seats)": lambda: (
            pages.waiting_tables(rng.choice((2, 3, 4)), False, 30, "live", 200)
        ),
        "your turn (a player with a table waiting)": lambda: pages.your_turn(
            rng.choice(filled.turn_holders)
        ),
        "your turn (a random player)": lambda: pages.your_turn(someone()),
        "running tables (a random player)": lambda: pages.running_tables(someone()),
        "running tables (busiest)": lambda: pages.running_tables(busiest),
        "profile head (rating, totals)": lambda: pages.standing(someone()),
        "profile games, first page (random player)": lambda: pages.player_games(someone(), 20),
        "profile games, first page (busiest)": lambda: pages.player_games(busiest, 20),
        "profile games, a deep page (busiest)": lambda: pages.player_games(
            busiest, 20, before=rng.randrange(1_000, 50_000)
        ),
        "rating graph, last 1,000 games (random player)": lambda: pages.rating_graph(someone()),
        "rating graph, last 1,000 games (busiest)": lambda: pages.rating_graph(busiest),
        "leaderboard, first page": lambda: pages.leaderboard(0, 50),
        "leaderboard, a deep page": lambda: pages.leaderboard(rng.randrange(10, 40), 50),
    }


def size_of(result: Any) -> int:
    if isinstance(result, pages.Board):
        return len(result.rows)
    if isinstance(result, list):
        return len(result)
    return int(result is not None)


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    """Fill, time, print; returns each query's median in milliseconds."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--db", type=Path, help="the store's file (default: a temporary one)")
    parser.add_argument("--plans", action="store_true", help="print SQLite's plans")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        path = args.db or Path(scratch) / "store.db"
        path.unlink(missing_ok=True)
        started = time.perf_counter()
        filled = fill(path, args.players, args.games)
        took = time.perf_counter() - started
        print(f"filled {path.stat().st_size / 2**20:.0f} MiB in {took:.0f} s: "
              f"{args.players:,} players, {args.games:,} finished games, "
              f"{LOBBY + RUNNING:,} open tables; the busiest player has played "
              f"{_games_of(path, filled.busiest):,}")  # fmt: skip
        store = SqliteStorage(str(path))
        rng = random.Random(2)
        medians = {}
        print(
            "\n| query | median ms | p95 ms | rows | full scans |\n| --- | --- | --- | --- | --- |"
        )
        for name, make in queries(filled, rng).items():
            plans = explain(store, make())
            times, rows = [], 0
            for _ in range(args.runs):
                op = make()
                start = time.perf_counter()
                result = store.run(op)
                times.append((time.perf_counter() - start) * 1000)
                rows = max(rows, size_of(result))
            times.sort()
            medians[name] = statistics.median(times)
            p95 = times[int(0.95 * (len(times) - 1))]
            scans = ", ".join(full_scans(plans)) or "none"
            print(f"| {name} | {medians[name]:.2f} | {p95:.2f} | {rows} | {scans} |")
            if args.plans:
                for sql, steps in plans:
                    print(f"    {sql}\n      " + "\n      ".join(steps))
        store.close()
    return medians


def _games_of(path: Path, player: int) -> int:
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT games FROM ratings WHERE player_id = ?", (player,)).fetchone()
    return int(row[0])


if __name__ == "__main__":
    main()
